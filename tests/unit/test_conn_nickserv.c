/* test_conn_nickserv: who NickServ is (bot/conn_nickserv.c) — irc.nickserv_target and irc.nickserv_host
 * parsed, the lines to it, which notices and numerics are its — and the bot's identification
 * (bot/conn_owner.c) with a target on services' server while an impostor holds the nick NickServ:
 * the password never goes to a bare "NickServ", the impostor's notices change nothing, services'
 * own notices still count. No sockets: lines are read from the send queue. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "conn_nickserv.h"
#include "conn_owner.h"
#include "log.h"
#include "log_capture.h"
#include "owner_fixture.h"

#define SERVICES "services.example.net"
#define TARGET "NickServ@" SERVICES
#define IDENTIFIED                                                                                 \
    "You are now identified for \x02"                                                              \
    "durakbot\x02."

static irc_event notice_from(const char *nick, const char *host, const char *text)
{
    return (irc_event){ .kind = IRC_EV_NOTICE,
                        .nick = nick,
                        .user = "NickServ",
                        .host = host,
                        .account = "",
                        .target = "durakbot",
                        .arg = "",
                        .text = text,
                        .params = NULL,
                        .count = 0 };
}

/* ---- the module ---- */

static void test_parse(void **state)
{
    (void)state;
    nickserv ns;
    char line[256];
    conn_nickserv_set(&ns, "NickServ", "");
    assert_string_equal(ns.nick, "NickServ");
    assert_string_equal(ns.server, "");
    assert_string_equal(ns.host, ""); /* any host: as before */
    conn_nickserv_line(&ns, "IDENTIFY durakbot pw", line, sizeof line);
    assert_string_equal(line, "PRIVMSG NickServ :IDENTIFY durakbot pw");
    conn_nickserv_set(&ns, "", NULL);
    assert_string_equal(ns.target, "NickServ");

    conn_nickserv_set(&ns, TARGET, "");
    assert_string_equal(ns.nick, "NickServ");
    assert_string_equal(ns.server, SERVICES);
    assert_string_equal(ns.host, SERVICES); /* their host is their server's name by default */
    conn_nickserv_line(&ns, "REGAIN durakbot", line, sizeof line);
    assert_string_equal(line, "PRIVMSG " TARGET " :REGAIN durakbot");

    conn_nickserv_set(&ns, "NickServ@services.rizon.net", "rizon.net");
    assert_string_equal(ns.server, "services.rizon.net");
    assert_string_equal(ns.host, "rizon.net");
    conn_nickserv_set(&ns, "NickServ", "services.example.net");
    assert_string_equal(ns.server, "");
    assert_string_equal(ns.host, "services.example.net");
}

static void test_from(void **state)
{
    (void)state;
    nickserv ns;
    conn_nickserv_set(&ns, "NickServ", "");
    irc_event ev = notice_from("nickserv", "127.0.0.1", "hi");
    assert_true(conn_nickserv_from(&ns, CASEMAP_RFC1459, &ev)); /* the nick alone, as before */
    ev = notice_from("NickServ2", SERVICES, "hi");
    assert_false(conn_nickserv_from(&ns, CASEMAP_RFC1459, &ev));

    conn_nickserv_set(&ns, TARGET, "");
    ev = notice_from("NICKSERV", "Services.Example.NET", "hi");
    assert_true(conn_nickserv_from(&ns, CASEMAP_RFC1459, &ev));
    log_capture();
    ev = notice_from("NickServ", "127.0.0.1", IDENTIFIED);
    assert_false(conn_nickserv_from(&ns, CASEMAP_RFC1459, &ev));
    ev = notice_from("NickServ", "evil.example.org", IDENTIFIED);
    assert_false(conn_nickserv_from(&ns, CASEMAP_RFC1459, &ev));
    const char *log = log_captured();
    assert_non_null(strstr(log, "NickServ: ignoring a notice from NickServ!NickServ@127.0.0.1: "
                                "services speak from " SERVICES
                                " (if theirs is another host, set irc.nickserv_host)"));
    assert_null(strstr(log, "evil")); /* once a connection */
    conn_nickserv_reset(&ns);
    log_capture();
    assert_false(conn_nickserv_from(&ns, CASEMAP_RFC1459, &ev));
    assert_non_null(strstr(log_captured(), "evil.example.org"));
}

static void test_absent(void **state)
{
    (void)state;
    nickserv ns;
    char why[200];
    const char *plain[] = { "durakbot", "NickServ", "No such nick/channel" };
    const char *at[] = { "durakbot", "nickserv@SERVICES.example.net", "No such nick/channel" };
    const char *other_server[] = { "durakbot", "NickServ@irc.example.net", "No such nick" };
    const char *server[] = { "durakbot", SERVICES, "No such server" };
    const char *down[] = { "durakbot", TARGET, "Services are currently down" };
    irc_event ev;

    conn_nickserv_set(&ns, "NickServ", "");
    ev = numeric(401, plain, 3);
    assert_true(conn_nickserv_absent(&ns, CASEMAP_RFC1459, &ev, why, sizeof why));
    assert_string_equal(why, "no such nick NickServ (401)");
    ev = numeric(401, at, 3);
    assert_false(conn_nickserv_absent(&ns, CASEMAP_RFC1459, &ev, why, sizeof why));
    ev = numeric(402, server, 3);
    assert_false(conn_nickserv_absent(&ns, CASEMAP_RFC1459, &ev, why, sizeof why));

    conn_nickserv_set(&ns, TARGET, "");
    ev = numeric(401, at, 3); /* InspIRCd, UnrealIRCd: NickServ is not on that server */
    assert_true(conn_nickserv_absent(&ns, CASEMAP_RFC1459, &ev, why, sizeof why));
    assert_string_equal(why, "no such nick " TARGET " (401)");
    ev = numeric(401, plain, 3); /* not the answer to a line to the target */
    assert_false(conn_nickserv_absent(&ns, CASEMAP_RFC1459, &ev, why, sizeof why));
    ev = numeric(401, other_server, 3);
    assert_false(conn_nickserv_absent(&ns, CASEMAP_RFC1459, &ev, why, sizeof why));
    ev = numeric(402, server, 3); /* hybrid, solanum, ircd 2.x: services' server is not linked */
    assert_true(conn_nickserv_absent(&ns, CASEMAP_RFC1459, &ev, why, sizeof why));
    assert_string_equal(why, "no such server " SERVICES " (402)");
    ev = numeric(440, down, 3); /* UnrealIRCd */
    assert_true(conn_nickserv_absent(&ns, CASEMAP_RFC1459, &ev, why, sizeof why));
    assert_string_equal(why, "services are down (440)");
    ev = numeric(401, at, 1);
    assert_false(conn_nickserv_absent(&ns, CASEMAP_RFC1459, &ev, why, sizeof why));
}

static void test_says(void **state)
{
    (void)state;
    assert_int_equal(conn_nickserv_says(IDENTIFIED), NS_SAYS_SUCCESS);
    assert_int_equal(conn_nickserv_says("Password accepted - you are now recognized."),
                     NS_SAYS_SUCCESS);
    assert_int_equal(conn_nickserv_says("Password incorrect."), NS_SAYS_WRONG_PW);
    assert_int_equal(conn_nickserv_says("Nick \x02x\x02 isn't registered."), NS_SAYS_NOT_REG);
    assert_int_equal(conn_nickserv_says("Unknown command \x02REGAIN\x02."), NS_SAYS_UNKNOWN_CMD);
    assert_int_equal(conn_nickserv_says("\x02x\x02 has been ghosted."), NS_SAYS_GHOSTED);
    assert_int_equal(conn_nickserv_says("This nickname is registered."), NS_SAYS_OTHER);
    assert_int_equal(conn_nickserv_says(NULL), NS_SAYS_OTHER);
}

/* ---- the bot's identification with a target on services' server ---- */

static int setup(void **state) { return owner_setup(state, TARGET); }

/* The impostor holds "NickServ" (services down): the server answers 401 to the target, the
 * impostor's notices are ignored — neither identified nor refused, no IDENTIFY "because NickServ
 * spoke" — and the next IDENTIFY still goes to the target only. */
static void test_impostor(void **state)
{
    fixture *f = *state;
    const char *p401[] = { "durakbot", TARGET, "No such nick/channel" };
    conn_owner_welcome(f->o, "durakbot", 0);
    assert_string_equal(drain(f->q), "PRIVMSG " TARGET " :IDENTIFY durakbot sekrit");
    feed(f->o, numeric(401, p401, 3), 1);
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_ABSENT);
    feed(f->o, notice_from("NickServ", "127.0.0.1", "This nickname is registered."), 2);
    assert_string_equal(drain(f->q), ""); /* old: IDENTIFY at once, to the impostor */
    feed(f->o, notice_from("NickServ", "127.0.0.1", IDENTIFIED), 3);
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_ABSENT);
    feed(f->o, notice_from("NickServ", "127.0.0.1", "Invalid password for durakbot."), 4);
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_ABSENT);
    assert_null(conn_owner_hopeless(f->o));
    conn_owner_tick(f->o, conn_owner_deadline(f->o));
    assert_string_equal(drain(f->q), "PRIVMSG " TARGET " :IDENTIFY durakbot sekrit");
    /* services are back: their notice from their host counts */
    feed(f->o, notice_from("NickServ", SERVICES, IDENTIFIED), 20);
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_OK);
}

/* Services refuse the password from their host: refused, as with a plain "NickServ". */
static void test_services_refuse(void **state)
{
    fixture *f = *state;
    conn_owner_welcome(f->o, "durakbot", 0);
    drain(f->q);
    feed(f->o, notice_from("NickServ", SERVICES, "Invalid password for durakbot."), 1);
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_REFUSED);
}

/* Under another nick: REGAIN goes to the target, and an impostor's "Invalid command" does not
 * skip it. */
static void test_regain_to_target(void **state)
{
    fixture *f = *state;
    const char *p900[] = { "durakbot_", "durakbot_!durak@h", "durakbot", "You are now logged in" };
    conn_owner_welcome(f->o, "durakbot_", 0);
    drain(f->q);
    feed(f->o, numeric(900, p900, 4), 1);
    assert_string_equal(drain(f->q), "PRIVMSG " TARGET " :REGAIN durakbot");
    feed(f->o, notice_from("NickServ", "127.0.0.1", "Unknown command REGAIN."), 2);
    assert_string_equal(drain(f->q), "");
    feed(f->o, notice_from("NickServ", SERVICES, "Unknown command REGAIN."), 3);
    assert_string_equal(drain(f->q), "PRIVMSG " TARGET " :RECOVER durakbot");
}

/* irc.nickserv_host set: that host, whatever the target. */
static void test_host_set(void **state)
{
    fixture *f = *state;
    strcpy(f->cfg.irc.nickserv_target, "NickServ");
    strcpy(f->cfg.irc.nickserv_host, "services.");
    conn_owner_reconfigure(f->o, &f->cfg);
    conn_owner_welcome(f->o, "durakbot", 0);
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :IDENTIFY durakbot sekrit");
    feed(f->o, notice_from("NickServ", SERVICES, IDENTIFIED), 1);
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_SENT);
    feed(f->o, notice_from("NickServ", "services.", IDENTIFIED), 2);
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_from),
        cmocka_unit_test(test_absent),
        cmocka_unit_test(test_says),
        cmocka_unit_test_setup_teardown(test_impostor, setup, teardown),
        cmocka_unit_test_setup_teardown(test_services_refuse, setup, teardown),
        cmocka_unit_test_setup_teardown(test_regain_to_target, setup, teardown),
        cmocka_unit_test_setup_teardown(test_host_set, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
