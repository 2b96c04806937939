/* test_conn_owner: the nick is the bot's own (bot/conn_owner.c): registration's nick tries, IDENTIFY for
 * irc.nick and what counts as its answer, REGAIN/RECOVER/GHOST after a taken nick or a services
 * rename, holding the games' lines meanwhile, NickServ absent; refused channels tried again
 * (bot/conn_rejoin.c); the 005 tokens (bot/conn_isupport.c); the server's refusals logged
 * (bot/conn_numeric.c). No sockets: lines are read from the send queue. */
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

#include "conn_isupport.h"
#include "conn_numeric.h"
#include "log.h"
#include "log_capture.h"
#include "conn_owner.h"
#include "conn_rejoin.h"
#include "owner_fixture.h"

static irc_event notice(const char *from, const char *text)
{
    return (irc_event){ .kind = IRC_EV_NOTICE,
                        .nick = from,
                        .user = "NickServ",
                        .host = "services.test",
                        .account = "",
                        .target = "durakbot",
                        .arg = "",
                        .text = text,
                        .params = NULL,
                        .count = 0 };
}

static irc_event nick_change(const char *from, const char *to)
{
    return (irc_event){ .kind = IRC_EV_NICK,
                        .nick = from,
                        .user = "durak",
                        .host = "h",
                        .account = "",
                        .target = "",
                        .arg = to,
                        .text = "",
                        .params = NULL,
                        .count = 0 };
}

static int setup(void **state) { return owner_setup(state, NULL); }

static void test_next_nick(void **state)
{
    fixture *f = *state;
    char n[64];
    assert_true(conn_owner_next_nick(f->o, 7, n, sizeof n));
    assert_string_equal(n, "durakbot_");
    assert_true(conn_owner_next_nick(f->o, 7, n, sizeof n));
    assert_string_equal(n, "durakbot__");
    conn_owner_reset(f->o);
    strcpy(f->cfg.irc.alt_nicks[0], "Durak");
    strcpy(f->cfg.irc.alt_nicks[1], "Durak2");
    f->cfg.irc.nalt_nicks = 2;
    conn_owner_reconfigure(f->o, &f->cfg);
    assert_true(conn_owner_next_nick(f->o, 7, n, sizeof n));
    assert_string_equal(n, "Durak");
    assert_true(conn_owner_next_nick(f->o, 7, n, sizeof n));
    assert_string_equal(n, "Durak2");
    assert_true(conn_owner_next_nick(f->o, 7, n, sizeof n));
    assert_string_equal(n, "durakbot_");
    int more = 0;
    while (conn_owner_next_nick(f->o, 42, n, sizeof n))
        more++;
    assert_int_equal(more, 7);
    assert_string_equal(n, "durakb042");
}

/* The nag NickServ sends at connection is no confirmation; its success reply is. */
static void test_identify_success_text(void **state)
{
    fixture *f = *state;
    conn_owner_welcome(f->o, "durakbot", 0);
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :IDENTIFY durakbot sekrit");
    assert_false(conn_owner_settled(f->o));
    assert_false(conn_owner_holding(f->o));
    feed(f->o,
         notice("NickServ", "This nickname is registered. Please choose a different nickname, "
                            "or identify via \x02/msg NickServ identify <password>\x02."),
         1);
    assert_false(conn_owner_settled(f->o));
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_SENT);
    feed(f->o,
         notice("SomeUser", "You are now identified for \x02"
                            "durakbot\x02."),
         1);
    assert_false(conn_owner_settled(f->o));
    feed(f->o,
         notice("NickServ", "You are now identified for \x02"
                            "durakbot\x02."),
         2);
    assert_true(conn_owner_settled(f->o));
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_OK);
    assert_null(conn_owner_hopeless(f->o));
    assert_string_equal(drain(f->q), "");
}

static void test_identify_900_and_anope(void **state)
{
    fixture *f = *state;
    const char *p900[] = { "durakbot", "durakbot!durak@h", "durakbot", "You are now logged in" };
    conn_owner_welcome(f->o, "durakbot", 0);
    drain(f->q);
    feed(f->o, numeric(900, p900, 4), 1);
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_OK);
    assert_true(conn_owner_logged_in(f->o));
    conn_owner_reset(f->o);
    conn_owner_welcome(f->o, "durakbot", 0);
    drain(f->q);
    feed(f->o, notice("NickServ", "Password accepted - you are now recognized."), 1);
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_OK);
}

static void test_wrong_password(void **state)
{
    fixture *f = *state;
    conn_owner_welcome(f->o, "durakbot", 0);
    drain(f->q);
    feed(f->o,
         notice("NickServ", "Invalid password for \x02"
                            "durakbot\x02."),
         1);
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_REFUSED);
    assert_true(conn_owner_settled(f->o));
    assert_non_null(conn_owner_hopeless(f->o));
    assert_true(conn_owner_deadline(f->o) < 0); /* none: a double, not an int */
    conn_owner_reset(f->o);
    conn_owner_welcome(f->o, "durakbot", 0);
    drain(f->q);
    feed(f->o, notice("NickServ", "Password incorrect."), 1);
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_REFUSED);
}

/* Taken at registration: IDENTIFY for irc.nick, then REGAIN; Anope does not know REGAIN, so
 * RECOVER; the NICK back ends the hold. */
static void test_taken_nick_regained(void **state)
{
    fixture *f = *state;
    conn_owner_welcome(f->o, "durakbot_", 0);
    assert_true(conn_owner_holding(f->o));
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :IDENTIFY durakbot sekrit");
    feed(f->o, notice("NickServ", "Password accepted - you are now recognized."), 1);
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :REGAIN durakbot");
    feed(f->o,
         notice("NickServ", "Unknown command \x02REGAIN\x02. \"/msg NickServ HELP\" for help."), 2);
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :RECOVER durakbot");
    assert_true(conn_owner_holding(f->o));
    feed(f->o, nick_change("durakbot_", "durakbot"), 3);
    assert_false(conn_owner_holding(f->o));
    assert_true(conn_owner_deadline(f->o) < 0); /* none: a double, not an int */
    assert_string_equal(drain(f->q), "");
}

/* Without an answer each way waits STEP_WAIT, then the next: REGAIN, RECOVER, GHOST, NICK. */
static void test_regain_steps_by_time(void **state)
{
    fixture *f = *state;
    const char *p900[] = { "durakbot_", "x", "durakbot", "logged in" };
    feed(f->o, numeric(900, p900, 4), 0); /* SASL, before 001 */
    conn_owner_welcome(f->o, "durakbot_", 0);
    assert_true(conn_owner_settled(f->o));
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :REGAIN durakbot");
    conn_owner_tick(f->o, conn_owner_deadline(f->o));
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :RECOVER durakbot");
    conn_owner_tick(f->o, conn_owner_deadline(f->o));
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :GHOST durakbot");
    double t = conn_owner_deadline(f->o);
    conn_owner_tick(f->o, t);
    assert_string_equal(drain(f->q), "NICK durakbot");
    conn_owner_tick(f->o, conn_owner_deadline(f->o)); /* a pause, then the round again */
    assert_string_equal(drain(f->q), "");
    assert_true(conn_owner_deadline(f->o) >= t + 30);
    assert_true(conn_owner_holding(f->o));
    /* the next round starts by identifying anew (services may have forgotten the login), then
     * REGAIN once NickServ says so */
    t = conn_owner_deadline(f->o);
    conn_owner_tick(f->o, t);
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :IDENTIFY durakbot sekrit");
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_SENT);
    assert_false(conn_owner_logged_in(f->o));
    assert_true(conn_owner_holding(f->o));
    feed(f->o, notice("NickServ", "Password accepted - you are now recognized."), t + 1);
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :REGAIN durakbot");
}

/* Services that know neither REGAIN nor RECOVER: each unknown command moves on at once, to GHOST;
 * NickServ's "ghosted" reply sends the NICK at once rather than after GHOST_WAIT. The next round
 * (services renamed the bot) goes straight to GHOST. */
static void test_ghost_only_services(void **state)
{
    fixture *f = *state;
    conn_owner_welcome(f->o, "durakbot_", 0);
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :IDENTIFY durakbot sekrit");
    feed(f->o, notice("NickServ", "Password accepted - you are now recognized."), 1);
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :REGAIN durakbot");
    feed(f->o, notice("NickServ", "Unknown command \x02REGAIN\x02."), 2);
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :RECOVER durakbot");
    feed(f->o, notice("NickServ", "Invalid command. Use \x02/msg NickServ help\x02."), 3);
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :GHOST durakbot");
    assert_true(conn_owner_deadline(f->o) == 3 + 2); /* GHOST_WAIT, then NICK anyway */
    feed(f->o, notice("NickServ", "\x02durakbot\x02 has been ghosted."), 3.5);
    assert_string_equal(drain(f->q), "NICK durakbot");
    assert_true(conn_owner_holding(f->o));
    feed(f->o, nick_change("durakbot_", "durakbot"), 4);
    assert_false(conn_owner_holding(f->o));
    assert_true(conn_owner_deadline(f->o) < 0);
    feed(f->o, nick_change("durakbot", "Guest123"), 100);
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :IDENTIFY durakbot sekrit");
    feed(f->o, notice("NickServ", "Password accepted - you are now recognized."), 101);
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :GHOST durakbot");
    conn_owner_tick(f->o, conn_owner_deadline(f->o)); /* no reply: NICK after GHOST_WAIT */
    assert_string_equal(drain(f->q), "NICK durakbot");
}

/* NickServ says irc.nick is not registered while the bot waits for its IDENTIFY: refused, told
 * at error level, nothing held (no services' way can get the nick back), and NICK at once.
 * Said during REGAIN instead (identified, so no refusal): not logged, no longer held, and NICK at
 * once rather than RECOVER and GHOST, which cannot give back a nick nobody registered. */
static void test_nick_not_registered(void **state)
{
    fixture *f = *state;
    conn_owner_welcome(f->o, "durakbot_", 0);
    assert_true(conn_owner_holding(f->o));
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :IDENTIFY durakbot sekrit");
    log_capture();
    feed(f->o, notice("NickServ", "\x02durakbot\x02 is not a registered nickname."), 1);
    const char *log = log_captured();
    assert_string_equal(log, "<3>NickServ: the nick is not registered for durakbot; the bot is not "
                             "identified, channels that need it are not joined (check irc.nick "
                             "and irc.nickserv_password, then SIGHUP)\n");
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_REFUSED);
    assert_false(conn_owner_holding(f->o));
    assert_string_equal(conn_owner_hopeless(f->o), "NickServ refused the bot's identification");
    assert_string_equal(drain(f->q), "NICK durakbot");

    conn_owner_reset(f->o);
    conn_owner_welcome(f->o, "durakbot_", 200);
    feed(f->o, notice("NickServ", "Password accepted - you are now recognized."), 201);
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :IDENTIFY durakbot sekrit\n"
                                     "PRIVMSG NickServ :REGAIN durakbot");
    log_capture();
    feed(f->o, notice("NickServ", "Nick \x02durakbot\x02 isn't registered."), 202);
    log = log_captured();
    assert_string_equal(log, "");
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_OK);
    assert_false(conn_owner_holding(f->o));
    assert_string_equal(drain(f->q), "NICK durakbot"); /* at once: RECOVER, GHOST cannot help */
    conn_owner_tick(f->o, conn_owner_deadline(f->o));
    assert_string_equal(drain(f->q), ""); /* the round ends: no services' way after it */
}

/* 901 RPL_LOGGEDOUT: a SASL login was the bot's only way to take its nick back; once logged out
 * it no longer holds its lines, and a channel needing identification is hopeless. */
static void test_logged_out(void **state)
{
    fixture *f = *state;
    f->cfg.irc.nickserv_password[0] = '\0';
    conn_owner_reconfigure(f->o, &f->cfg);
    const char *p900[] = { "durakbot_", "durakbot_!durak@h", "durakbot", "You are now logged in" };
    const char *p901[] = { "durakbot_", "durakbot_!durak@h", "You are now logged out" };
    feed(f->o, numeric(900, p900, 4), 0); /* SASL, before 001 */
    conn_owner_welcome(f->o, "durakbot_", 0);
    assert_true(conn_owner_holding(f->o));
    assert_null(conn_owner_hopeless(f->o));
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :REGAIN durakbot");
    feed(f->o, numeric(901, p901, 3), 1);
    assert_false(conn_owner_logged_in(f->o));
    assert_false(conn_owner_holding(f->o));
    assert_string_equal(conn_owner_hopeless(f->o),
                        "the bot has no NickServ password and no SASL login");
}

/* Services rename the bot: it holds, identifies again and regains. */
static void test_services_rename(void **state)
{
    fixture *f = *state;
    conn_owner_welcome(f->o, "durakbot", 0);
    feed(f->o,
         notice("NickServ", "You are now identified for \x02"
                            "durakbot\x02."),
         1);
    drain(f->q);
    assert_false(conn_owner_holding(f->o));
    feed(f->o, nick_change("durakbot", "Guest44976"), 50);
    assert_true(conn_owner_holding(f->o));
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :IDENTIFY durakbot sekrit");
    feed(f->o,
         notice("NickServ", "You are already logged in as \x02"
                            "durakbot\x02."),
         51);
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :REGAIN durakbot");
    feed(f->o, nick_change("Guest44976", "durakbot"), 52);
    assert_false(conn_owner_holding(f->o));
}

/* Without a password or a login, registered under an alt nick: no hold, and since the server
 * has just said irc.nick is taken, no NICK at once: it waits a round (30 s, said in the log),
 * then NICK, then a longer wait (60 s), NICK again. */
static void test_no_credentials(void **state)
{
    fixture *f = *state;
    f->cfg.irc.nickserv_password[0] = '\0';
    strcpy(f->cfg.irc.alt_nicks[0], "KartenBot");
    f->cfg.irc.nalt_nicks = 1;
    conn_owner_reconfigure(f->o, &f->cfg);
    char n[64];
    assert_true(conn_owner_next_nick(f->o, 7, n, sizeof n)); /* durakbot taken: 433 */
    log_capture();
    conn_owner_welcome(f->o, n, 0);
    const char *log = log_captured();
    assert_non_null(
        strstr(log, "<4>registered as KartenBot, not durakbot: taking the nick back\n"));
    assert_non_null(
        strstr(log, "<4>still KartenBot, not durakbot; trying to take the nick back in 30 s\n"));
    assert_false(conn_owner_holding(f->o));
    assert_true(conn_owner_settled(f->o));
    assert_non_null(conn_owner_hopeless(f->o));
    assert_string_equal(drain(f->q), "");
    assert_true(conn_owner_deadline(f->o) == 30);
    conn_owner_tick(f->o, 29);
    assert_string_equal(drain(f->q), "");
    conn_owner_tick(f->o, 30);
    assert_string_equal(drain(f->q), "NICK durakbot");
    log_capture();
    conn_owner_tick(f->o, conn_owner_deadline(f->o)); /* still KartenBot: the pause doubled */
    log = log_captured();
    assert_non_null(
        strstr(log, "<4>still KartenBot, not durakbot; trying to take the nick back in 60 s\n"));
    assert_string_equal(drain(f->q), "");
    assert_true(conn_owner_deadline(f->o) == 40 + 60);
    conn_owner_tick(f->o, 100);
    assert_string_equal(drain(f->q), "NICK durakbot");
}

/* 005's BOT=<mode>: only a letter after "BOT=" is a mode; shorter tokens starting with B are
 * read within their bytes (each its own allocation here, so a read past one faults under ASan). */
static void test_isupport_bot_mode(void **state)
{
    (void)state;
    static const struct {
        const char *token;
        char mode;
    } cases[] = { { "B", 0 },     { "BO", 0 },     { "BOT", 0 },     { "BOT=", 0 },
                  { "BOT=1", 0 }, { "BOTS=B", 0 }, { "BOT=B", 'B' }, { "BOT=b", 'b' } };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        size_t n = strlen(cases[k].token) + 1;
        char *token = memcpy(malloc(n), cases[k].token, n);
        const char *p005[] = { "durakbot", token, "are supported" };
        irc_event e = numeric(5, p005, 3);
        isupport is;
        conn_isupport_read(&e, &is);
        if (is.bot_mode != cases[k].mode)
            fail_msg("%s: mode %d, wanted %d", cases[k].token, is.bot_mode, cases[k].mode);
        free(token);
    }
}

/* A nick longer than the server's NICKLEN (ircd 2.11: 15): registered under it cut short, the
 * cut nick is the bot's own: no hold, nothing sent to take it back, told once with the lengths
 * (also on the next connection's 001 and 005: not again). */
static void test_nick_cut(void **state)
{
    fixture *f = *state;
    f->cfg.irc.nickserv_password[0] = '\0';
    strcpy(f->cfg.irc.nick, "durakbot_longnick");
    conn_owner_reconfigure(f->o, &f->cfg);
    conn_owner_reset(f->o);
    log_capture();
    conn_owner_welcome(f->o, "durakbot_longni", 0);
    const char *p005[] = { "durakbot_longni", "NICKLEN=15", "are supported" };
    irc_event e = numeric(5, p005, 3);
    isupport is;
    conn_isupport_read(&e, &is);
    assert_int_equal(is.nicklen, 15);
    conn_owner_nicklen(f->o, is.nicklen);
    conn_owner_reset(f->o); /* the next connection */
    conn_owner_welcome(f->o, "durakbot_longni", 100);
    conn_owner_nicklen(f->o, 15);
    const char *log = log_captured();
    assert_false(conn_owner_holding(f->o));
    assert_string_equal(conn_owner_nick(f->o), "durakbot_longni");
    assert_true(conn_owner_deadline(f->o) < 0);
    assert_string_equal(drain(f->q), "");
    const char *told = "irc.nick durakbot_longnick is 17 characters, the server allows 15 "
                       "(NICKLEN): the bot goes by durakbot_longni there";
    assert_non_null(strstr(log, told));
    assert_null(strstr(strstr(log, told) + 1, told));
    assert_null(strstr(log, "taking the nick back"));
    /* renamed by services later: it takes back the cut nick */
    feed(f->o, nick_change("durakbot_longni", "Guest123"), 200);
    conn_owner_tick(f->o, conn_owner_deadline(f->o));
    assert_string_equal(drain(f->q), "NICK durakbot_longni");
    strcpy(f->cfg.irc.nick, "durakbot");
    conn_owner_reconfigure(f->o, &f->cfg);
}

/* An alt nick that happens to begin irc.nick (durakbot taken, registered as "Durak") is no cut by
 * the server's NICKLEN: irc.nick is still the nick wanted, nothing is logged about a cut, and the
 * round takes it back. */
static void test_alt_nick_not_a_cut(void **state)
{
    fixture *f = *state;
    f->cfg.irc.nickserv_password[0] = '\0';
    strcpy(f->cfg.irc.alt_nicks[0], "Durak");
    f->cfg.irc.nalt_nicks = 1;
    conn_owner_reconfigure(f->o, &f->cfg);
    char n[64];
    assert_true(conn_owner_next_nick(f->o, 7, n, sizeof n));
    assert_string_equal(n, "Durak");
    log_capture();
    conn_owner_welcome(f->o, n, 0);
    const char *log = log_captured();
    assert_null(strstr(log, "NICKLEN"));
    assert_non_null(strstr(log, "<4>registered as Durak, not durakbot: taking the nick back\n"));
    assert_string_equal(conn_owner_nick(f->o), "durakbot");
    conn_owner_tick(f->o, conn_owner_deadline(f->o));
    assert_string_equal(drain(f->q), "NICK durakbot");
}

/* The server renamed the bot to irc.nick cut short (ircd 2.11 cuts a NICK to NICKLEN) before
 * its NICKLEN was known: once 005 tells it, the cut nick is the bot's own and the round to take
 * the nick back ends (no timer left, nothing sent). */
static void test_nicklen_after_cut_nick(void **state)
{
    fixture *f = *state;
    f->cfg.irc.nickserv_password[0] = '\0';
    strcpy(f->cfg.irc.nick, "durakbot_longnick");
    conn_owner_reconfigure(f->o, &f->cfg);
    conn_owner_reset(f->o);
    conn_owner_welcome(f->o, "durak_alt", 0);
    conn_owner_tick(f->o, conn_owner_deadline(f->o));
    assert_string_equal(drain(f->q), "NICK durakbot_longnick");
    double nick_due = conn_owner_deadline(f->o);
    feed(f->o, nick_change("durak_alt", "durakbot_longni"), 31);
    assert_true(conn_owner_deadline(f->o) == nick_due); /* not yet its own: the round goes on */
    log_capture();
    conn_owner_nicklen(f->o, 15);
    const char *log = log_captured();
    assert_non_null(strstr(log, "irc.nick durakbot_longnick is 17 characters, the server allows "
                                "15 (NICKLEN): the bot goes by durakbot_longni there"));
    assert_string_equal(conn_owner_nick(f->o), "durakbot_longni");
    assert_true(conn_owner_deadline(f->o) < 0);
    conn_owner_tick(f->o, nick_due);
    assert_string_equal(drain(f->q), "");
}

/* The password refused, then services rename the bot (Guest…): held, and each line to it says
 * why in the log at most once a minute, and to an admin who writes to it; not before the rename,
 * not once the nick is back. */
static void test_refused_renamed_told(void **state)
{
    fixture *f = *state;
    conn_owner_welcome(f->o, "durakbot", 0);
    feed(f->o, notice("NickServ", "Password incorrect."), 1);
    assert_false(conn_owner_refused(f->o, 2)); /* still durakbot: nothing held */
    feed(f->o, nick_change("durakbot", "Guest4711"), 60);
    assert_true(conn_owner_holding(f->o));
    log_capture();
    assert_true(conn_owner_refused(f->o, 61));
    assert_true(conn_owner_refused(f->o, 100));
    assert_true(conn_owner_refused(f->o, 121));
    const char *log = log_captured();
    const char *told = "still Guest4711, not durakbot: NickServ refused the password and services "
                       "renamed the bot";
    assert_non_null(strstr(log, told));
    assert_non_null(strstr(strstr(log, told) + 1, told)); /* at 61 and 121, not at 100 */
    assert_null(strstr(strstr(strstr(log, told) + 1, told) + 1, told));
    drain(f->q);
    conn_owner_tell_admin(f->o, "root", 0, 61); /* an admin wrote: told why, once a minute */
    conn_owner_tell_admin(f->o, "root", 0, 100);
    assert_string_equal(drain(f->q), "NOTICE root :I am Guest4711, not durakbot: NickServ refused "
                                     "my password, so services renamed me and I stay silent. Fix "
                                     "irc.nickserv_password (or SASL) in my config, then send me "
                                     "SIGHUP.");
    conn_owner_tell_admin(f->o, "root", 1, 121);
    assert_non_null(strstr(drain(f->q), "NOTICE root :"));
    feed(f->o, nick_change("Guest4711", "durakbot"), 130);
    assert_false(conn_owner_refused(f->o, 200));
    drain(f->q);
}

/* The password refused and the bot renamed Guest…, then the operator fixes the password and
 * reloads, as the log said: the new one goes to NickServ at once on this connection, and once
 * accepted the nick is taken back. The same password reloaded is not sent again. */
static void test_refused_then_reloaded(void **state)
{
    fixture *f = *state;
    conn_owner_welcome(f->o, "durakbot", 0);
    feed(f->o, notice("NickServ", "Password incorrect."), 1);
    feed(f->o, nick_change("durakbot", "Guest4711"), 60);
    drain(f->q);
    conn_owner_reconfigure(f->o, &f->cfg); /* nothing changed */
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_REFUSED);
    strcpy(f->cfg.irc.nickserv_password, "fixed");
    conn_owner_reconfigure(f->o, &f->cfg);
    assert_true(conn_owner_deadline(f->o) <= 70);
    conn_owner_tick(f->o, 70);
    assert_non_null(strstr(drain(f->q), "IDENTIFY durakbot fixed"));
    feed(f->o, notice("NickServ", "Password accepted - you are now recognized."), 71);
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_OK);
    assert_non_null(strstr(drain(f->q), "REGAIN durakbot"));
}

/* The password refused, then services rename the bot: they hold the nick now, so the bot does
 * not race that hold with a NICK at once; it tries after the round's back-off. */
static void test_refused_rename_waits(void **state)
{
    fixture *f = *state;
    conn_owner_welcome(f->o, "durakbot", 0);
    feed(f->o, notice("NickServ", "Password incorrect."), 1);
    drain(f->q);
    feed(f->o, nick_change("durakbot", "Guest4711"), 60);
    assert_string_equal(drain(f->q), "");
    assert_true(conn_owner_deadline(f->o) >= 60 + 30 - 1e-9);
    conn_owner_tick(f->o, conn_owner_deadline(f->o));
    assert_string_equal(drain(f->q), "NICK durakbot");
}

/* 401 NickServ: absent, IDENTIFY again later, and at once when NickServ speaks. */
static void test_nickserv_absent(void **state)
{
    fixture *f = *state;
    const char *p401[] = { "durakbot", "NickServ", "No such nick/channel" };
    conn_owner_welcome(f->o, "durakbot", 0);
    drain(f->q);
    feed(f->o, numeric(401, p401, 3), 1);
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_ABSENT);
    assert_true(conn_owner_settled(f->o));
    double d = conn_owner_deadline(f->o);
    assert_true(d >= 15 && d <= 17);
    conn_owner_tick(f->o, d);
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :IDENTIFY durakbot sekrit");
    feed(f->o, numeric(401, p401, 3), d + 1);
    assert_true(conn_owner_deadline(f->o) >= d + 30); /* doubled */
    feed(f->o,
         notice("NickServ", "This nickname is registered. Please choose a different nickname"),
         d + 5);
    assert_string_equal(drain(f->q), "PRIVMSG NickServ :IDENTIFY durakbot sekrit");
    feed(f->o,
         notice("NickServ", "You are now identified for \x02"
                            "durakbot\x02."),
         d + 6);
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_OK);
    assert_true(conn_owner_deadline(f->o) < 0); /* none: a double, not an int */
}

/* No answer within irc.nickserv_wait: settled (the channels are joined), tried again later. */
static void test_no_answer(void **state)
{
    fixture *f = *state;
    conn_owner_welcome(f->o, "durakbot", 100);
    drain(f->q);
    assert_false(conn_owner_settled(f->o));
    conn_owner_tick(f->o, 100 + f->cfg.irc.nickserv_wait);
    assert_true(conn_owner_settled(f->o));
    assert_int_equal(conn_owner_identity(f->o), OWNER_ID_ABSENT);
}

static void test_rejoin(void **state)
{
    fixture *f = *state;
    rejoin *r = conn_rejoin_new(f->q);
    const char *p477[] = { "durakbot", "#reg", "Cannot join channel (+R)" };
    const char *p474[] = { "durakbot", "#ban", "Cannot join channel (+b)" };
    const char *pnot[] = { "durakbot", "someone", "You need a registered nick" };
    irc_event e = numeric(477, p477, 3);
    conn_rejoin_on_numeric(r, CASEMAP_RFC1459, &f->cfg, &e, NULL, 10);
    e = numeric(474, p474, 3);
    conn_rejoin_on_numeric(r, CASEMAP_RFC1459, &f->cfg, &e, NULL, 12);
    e = numeric(477, pnot, 3);
    conn_rejoin_on_numeric(r, CASEMAP_RFC1459, &f->cfg, &e, NULL, 12);
    assert_true(conn_rejoin_deadline(r) == 40);
    conn_rejoin_tick(r, &f->cfg, 40);
    assert_string_equal(drain(f->q), "JOIN #reg");
    conn_rejoin_tick(r, &f->cfg, 42);
    assert_string_equal(drain(f->q), "JOIN #ban");
    e = numeric(474, p474, 3);
    conn_rejoin_on_numeric(r, CASEMAP_RFC1459, &f->cfg, &e, NULL, 43);
    assert_true(conn_rejoin_deadline(r) == 43 + 60);         /* doubled */
    conn_rejoin_invited(r, CASEMAP_RFC1459, "#other", 43.5); /* not one refused: nothing */
    assert_true(conn_rejoin_deadline(r) == 43 + 60);
    conn_rejoin_invited(r, CASEMAP_RFC1459, "#Ban", 43.5); /* the ban lifted, the bot invited */
    conn_rejoin_tick(r, &f->cfg, 43.5);
    assert_string_equal(drain(f->q), "JOIN #ban");
    e = numeric(474, p474, 3); /* still banned, and someone invites it again and again: */
    conn_rejoin_on_numeric(r, CASEMAP_RFC1459, &f->cfg, &e, NULL, 43.6);
    conn_rejoin_invited(r, CASEMAP_RFC1459, "#ban", 44);
    assert_true(conn_rejoin_deadline(r) == 43.6 + 120); /* the back-off stands */
    conn_rejoin_invited(r, CASEMAP_RFC1459, "#ban", 48.4);
    assert_true(conn_rejoin_deadline(r) == 43.6 + 120);
    /* one invitation in 5 s is heard: an operator inviting it again once they lift a key */
    conn_rejoin_invited(r, CASEMAP_RFC1459, "#ban", 48.5);
    conn_rejoin_tick(r, &f->cfg, 48.5);
    assert_string_equal(drain(f->q), "JOIN #ban");
    /* still refused and invited on and on: heard after 10 s, then 20 s (to 60 s at most) */
    e = numeric(474, p474, 3);
    double heard = 48.5;
    for (double gap = 10; gap <= 20; gap *= 2) {
        conn_rejoin_on_numeric(r, CASEMAP_RFC1459, &f->cfg, &e, NULL, heard + 0.1);
        conn_rejoin_invited(r, CASEMAP_RFC1459, "#ban", heard + gap - 0.1);
        conn_rejoin_tick(r, &f->cfg, heard + gap - 0.1);
        assert_string_equal(drain(f->q), "");
        heard += gap;
        conn_rejoin_invited(r, CASEMAP_RFC1459, "#ban", heard);
        conn_rejoin_tick(r, &f->cfg, heard);
        assert_string_equal(drain(f->q), "JOIN #ban");
    }
    e = numeric(477, p477, 3);
    conn_rejoin_on_numeric(r, CASEMAP_RFC1459, &f->cfg, &e, "not identified", 44);
    conn_rejoin_now(r, 477, 50);
    conn_rejoin_tick(r, &f->cfg, 50);
    assert_string_equal(drain(f->q), "JOIN #reg");
    conn_rejoin_forget(r, CASEMAP_RFC1459, "#BAN");
    assert_true(conn_rejoin_deadline(r) == -1);
    conn_rejoin_free(r);
}

/* A kick is answered by a JOIN at once; kicks one after another by a growing wait (30 s, 60 s,
 * ... 10 minutes), which ten quiet minutes after a rejoin start afresh. */
static void test_kicked(void **state)
{
    fixture *f = *state;
    rejoin *r = conn_rejoin_new(f->q);
    conn_rejoin_kicked(r, CASEMAP_RFC1459, &f->cfg, "#durak", 100);
    assert_string_equal(drain(f->q), "JOIN #durak");
    assert_true(conn_rejoin_deadline(r) == -1);
    conn_rejoin_forget(r, CASEMAP_RFC1459, "#durak"); /* back in */
    double now = 101, want = 30;
    for (int i = 0; i < 7; i++) { /* kicked again as soon as it is back: 30, 60, ..., 600 s */
        conn_rejoin_kicked(r, CASEMAP_RFC1459, &f->cfg, "#Durak", now);
        assert_string_equal(drain(f->q), "");
        assert_true(conn_rejoin_deadline(r) == now + want);
        conn_rejoin_tick(r, &f->cfg, now + want - 0.5);
        assert_string_equal(drain(f->q), "");
        now += want;
        conn_rejoin_tick(r, &f->cfg, now);
        assert_string_equal(drain(f->q), "JOIN #Durak");
        conn_rejoin_forget(r, CASEMAP_RFC1459, "#durak");
        want = want * 2 > 600 ? 600 : want * 2;
        now += 1;
    }
    conn_rejoin_kicked(r, CASEMAP_RFC1459, &f->cfg, "#other",
                       now); /* another channel: its own count */
    assert_string_equal(drain(f->q), "JOIN #other");
    conn_rejoin_kicked(r, CASEMAP_RFC1459, &f->cfg, "#durak", now + 1);
    conn_rejoin_invited(r, CASEMAP_RFC1459, "#durak", now + 2); /* an operator wants it back */
    conn_rejoin_tick(r, &f->cfg, now + 2);
    assert_string_equal(drain(f->q), "JOIN #durak");
    conn_rejoin_forget(r, CASEMAP_RFC1459, "#durak");
    /* ten quiet minutes after it came back: at once again */
    conn_rejoin_kicked(r, CASEMAP_RFC1459, &f->cfg, "#durak", now + 2 + 600.5);
    assert_string_equal(drain(f->q), "JOIN #durak");
    conn_rejoin_free(r);
}

/* Every JOIN line of 32 channels keeps to the line length LINELEN gives the send queue, uses it
 * (LINELEN=300: lines past the 254 bytes the shortest server allows), and TARGMAX's JOIN count;
 * each channel is named once, in order. */
static void test_join_lines(void **state)
{
    fixture *f = *state;
    rejoin *r = conn_rejoin_new(f->q);
    f->cfg.irc.nchannels = CONFIG_MAX_CHANNELS;
    for (int i = 0; i < CONFIG_MAX_CHANNELS; i++)
        snprintf(f->cfg.irc.channels[i], sizeof f->cfg.irc.channels[i], "#durak-channel-%02d", i);
    const struct {
        size_t linelen, longest, first_over;
        unsigned join_max;
    } c[] = { { 0, 400, 300, 0 }, { 300, 298, 254, 0 }, { 256, 254, 200, 0 }, { 0, 400, 20, 2 } };
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
        outq_set_line_len(f->q, c[k].linelen);
        isupport is = { .has_targmax = true, .join_max = c[k].join_max };
        conn_rejoin_isupport(r, &is);
        conn_rejoin_join_all(r, &f->cfg);
        char all[4096];
        strcpy(all, drain(f->q));
        int seen = 0;
        for (char *save = NULL, *l = strtok_r(all, "\n", &save); l;
             l = strtok_r(NULL, "\n", &save)) {
            assert_true(strlen(l) <= c[k].longest);
            if (seen == 0)
                assert_true(strlen(l) > c[k].first_over);
            assert_memory_equal(l, "JOIN #", 6);
            unsigned n = 0;
            for (char *save2 = NULL, *ch = strtok_r(l + 5, ",", &save2); ch;
                 ch = strtok_r(NULL, ",", &save2), n++)
                assert_string_equal(ch, f->cfg.irc.channels[seen++]);
            assert_true(c[k].join_max == 0 || n <= c[k].join_max);
        }
        assert_int_equal(seen, CONFIG_MAX_CHANNELS);
    }
    outq_set_line_len(f->q, 0);
    f->cfg.irc.nchannels = 0;
    conn_rejoin_free(r);
}

/* Channel keys (channel_settings): every JOIN of a keyed channel carries its key, the keyed
 * channels first in a JOIN of several (JOIN pairs keys with channels in order); a refused key
 * is logged with the key of the config to fix, never the key; a new key on SIGHUP is tried at
 * once. */
static void test_channel_keys(void **state)
{
    fixture *f = *state;
    rejoin *r = conn_rejoin_new(f->q);
    bot_config *c = &f->cfg;
    c->irc.nchannels = 4;
    const char *chans[] = { "#a", "#k1", "#b", "#k2" };
    for (int i = 0; i < 4; i++)
        strcpy(c->irc.channels[i], chans[i]);
    c->nchannel_settings = 3;
    c->channel_settings[0] = (config_channel){ .name = "#A", .language = -1 }; /* no key */
    c->channel_settings[1] = (config_channel){ .name = "#K1", .language = -1, .key = "one" };
    c->channel_settings[2] = (config_channel){ .name = "#k2", .language = -1, .key = "two" };
    conn_rejoin_join_all(r, c);
    assert_string_equal(drain(f->q), "JOIN #k1,#k2,#a,#b one,two");
    isupport is = { .has_targmax = true, .join_max = 3 };
    conn_rejoin_isupport(r, &is);
    conn_rejoin_join_all(r, c);
    assert_string_equal(drain(f->q), "JOIN #k1,#k2,#a one,two\nJOIN #b");
    is.join_max = 1;
    conn_rejoin_isupport(r, &is);
    conn_rejoin_join_all(r, c);
    assert_string_equal(drain(f->q), "JOIN #k1 one\nJOIN #k2 two\nJOIN #a\nJOIN #b");
    conn_rejoin_join(r, c, "#b");
    conn_rejoin_kicked(r, CASEMAP_RFC1459, c, "#K1", 10);
    assert_string_equal(drain(f->q), "JOIN #b\nJOIN #K1 one");

    const char *p475[] = { "durakbot", "#k2", "Cannot join channel (+k)" };
    const char *pa[] = { "durakbot", "#a", "Cannot join channel (+k)" };
    irc_event e = numeric(475, p475, 3), ea = numeric(475, pa, 3);
    log_capture();
    conn_rejoin_on_numeric(r, CASEMAP_RFC1459, c, &e, NULL, 20);
    conn_rejoin_on_numeric(r, CASEMAP_RFC1459, c, &ea, NULL, 20);
    const char *logged = log_captured();
    assert_non_null(strstr(logged, "cannot join #k2: it refused the key channel_settings[2].key "
                                   "gives (+k): fix that key (475: Cannot join channel (+k)); "
                                   "trying again in 30 s"));
    assert_non_null(strstr(logged, "cannot join #a: it needs a key (+k): give it as key in the "
                                   "channel's channel_settings entry (475"));
    assert_null(strstr(logged, "two"));
    conn_rejoin_tick(r, c, 50);
    assert_string_equal(drain(f->q), "JOIN #k2 two\nJOIN #a");

    /* SIGHUP: the same keys change nothing; a new one for #k2, refused again, goes at once */
    conn_rejoin_on_numeric(r, CASEMAP_RFC1459, c, &e, NULL, 51);
    bot_config nc = *c;
    assert_false(conn_rejoin_keep(r, CASEMAP_RFC1459, c, &nc, 52));
    assert_true(conn_rejoin_deadline(r) == 51 + 60);
    strcpy(nc.channel_settings[2].key, "three");
    assert_true(conn_rejoin_keep(r, CASEMAP_RFC1459, c, &nc, 52));
    assert_true(conn_rejoin_deadline(r) == 52);
    conn_rejoin_tick(r, &nc, 52);
    assert_string_equal(drain(f->q), "JOIN #k2 three");
    c->irc.nchannels = c->nchannel_settings = 0;
    conn_rejoin_free(r);
}

static void test_isupport(void **state)
{
    (void)state;
    const char *p[] = { "durakbot", "CASEMAPPING=ascii", "BOT=B", "WHOX", "are supported" };
    irc_event e = numeric(5, p, 5);
    isupport is;
    conn_isupport_read(&e, &is);
    assert_true(is.has_casemapping);
    assert_int_equal(is.cm, CASEMAP_ASCII);
    assert_int_equal(is.bot_mode, 'B');
    assert_true(is.whox);
    assert_false(is.penalty);
    const char *pen[] = { "durakbot", "PENALTY", "FNC", "EXCEPTS=e" }; /* ircd 2.11's */
    e = numeric(5, pen, 4);
    conn_isupport_read(&e, &is);
    assert_true(is.penalty);
    const char *q[] = { "durakbot", "BOT=", "NETWORK=x" };
    e = numeric(5, q, 3);
    conn_isupport_read(&e, &is);
    assert_false(is.has_casemapping);
    assert_int_equal(is.bot_mode, 0);
    assert_false(is.whox);
    assert_int_equal(is.linelen, 0);
    assert_false(is.has_targmax);
    /* the server's line length and how many channels one JOIN may name */
    const char *r[] = { "durakbot", "LINELEN=300", "TARGMAX=PRIVMSG:4,JOIN:2,NOTICE:4" };
    e = numeric(5, r, 3);
    conn_isupport_read(&e, &is);
    assert_int_equal(is.linelen, 300);
    assert_true(is.has_targmax);
    assert_int_equal(is.join_max, 2);
    const char *t[] = { "durakbot", "LINELEN=x", "TARGMAX=JOIN:,KICK:1" };
    e = numeric(5, t, 3);
    conn_isupport_read(&e, &is);
    assert_int_equal(is.linelen, 0);
    assert_true(is.has_targmax);
    assert_int_equal(is.join_max, 0); /* JOIN: without a number: no limit */
}

/* What the numerics in `codes` (each with reason "Unknown MODE flag") make the bot log, with
 * the bot mode state *bm. */
static const char *logged(isupport_botmode *bm, const unsigned *codes, int n)
{
    const char *p[] = { "durakbot", "Unknown MODE flag" };
    log_capture();
    for (int i = 0; i < n; i++) {
        irc_event e = numeric(codes[i], p, 2);
        conn_numeric_log_refusal(&e, bm);
    }
    return log_captured();
}

/* ircd-hybrid says BOT=B but makes +B operator-only: the 501 after the bot's MODE is logged
 * once (also after a 472, and after the next connection's MODE); before any MODE, nothing. */
static void test_bot_mode_refused(void **state)
{
    (void)state;
    const char *p[] = { "durakbot", "BOT=B", "are supported" };
    irc_event e = numeric(5, p, 3);
    isupport is;
    isupport_botmode bm = { 0 };
    char line[64];
    const unsigned refusals[] = { 501, 472, 501 };
    assert_string_equal(logged(&bm, refusals, 1), ""); /* no MODE sent yet */
    conn_isupport_read(&e, &is);
    assert_true(conn_isupport_botmode_line(&bm, &is, "durakbot", line, sizeof line));
    assert_string_equal(line, "MODE durakbot +B");
    const char *text = logged(&bm, refusals, 3);
    assert_non_null(strstr(text, "refused the bot user mode +B (501: Unknown MODE flag)"));
    assert_null(strstr(strchr(text, '\n') + 1, "refused")); /* one line */
    /* the same 005 again on this connection (a module loaded): no second MODE */
    assert_false(conn_isupport_botmode_line(&bm, &is, "durakbot", line, sizeof line));
    bm.asked = '\0'; /* reconnected (conn_close) */
    assert_true(conn_isupport_botmode_line(&bm, &is, "durakbot", line, sizeof line));
    assert_string_equal(logged(&bm, refusals, 3), "");
    isupport_botmode fresh = { 0 };
    assert_true(conn_isupport_botmode_line(&fresh, &is, "durakbot", line, sizeof line));
    assert_non_null(strstr(logged(&fresh, refusals + 1, 1), "+B (472: "));
    const char *none[] = { "durakbot", "NETWORK=x" };
    e = numeric(5, none, 2);
    conn_isupport_read(&e, &is);
    assert_false(conn_isupport_botmode_line(&fresh, &is, "durakbot", line, sizeof line));
}

/* 404 (the bot's line to a channel refused: +m, a ban, kicked) is logged with what to check, once a
 * channel in CONN_CANNOT_SEND_QUIET seconds: a moderated channel refuses every line. */
static void test_cannot_send_logged_once(void **state)
{
    (void)state;
    const char *p[] = { "durakbot", "#durak", "Cannot send to channel" };
    const char *q[] = { "durakbot", "#other", "Cannot send to channel" };
    irc_event e = numeric(404, p, 3), f = numeric(404, q, 3);
    conn_cannot_send last = { 0 };
    log_capture();
    conn_numeric_log_cannot_send(&last, &e, 100);
    const char *text = log_captured();
    assert_non_null(strstr(text, "cannot send to #durak (404: Cannot send to channel): its game "
                                 "waits until the channel's modes change; check"));
    log_capture();
    conn_numeric_log_cannot_send(&last, &e, 101);
    conn_numeric_log_cannot_send(&last, &e, 100 + CONN_CANNOT_SEND_QUIET - 1);
    assert_string_equal(log_captured(), "");
    log_capture();
    conn_numeric_log_cannot_send(&last, &f, 102); /* another channel: its own line */
    conn_numeric_log_cannot_send(&last, &e, 103); /* and back: still quiet */
    conn_numeric_log_cannot_send(&last, &f, 104);
    conn_numeric_log_cannot_send(&last, &e, 100 + CONN_CANNOT_SEND_QUIET); /* time is up */
    text = log_captured();
    assert_non_null(strstr(text, "cannot send to #other"));
    assert_null(strstr(strstr(text, "#other") + 1, "#other"));
    assert_non_null(strstr(strstr(text, "#other"), "cannot send to #durak"));
}

/* What one numeric with the parameters p makes conn_numeric log. */
static const char *refusal_logged(unsigned code, const char **p, unsigned count)
{
    irc_event e = numeric(code, p, count);
    log_capture();
    conn_numeric_log_refusal(&e, NULL);
    return log_captured();
}

/* The server's refusals the operator must act on, each as one line saying what to check: a
 * channel that cannot be joined (403 no such channel, 405 too many channels: irc.channels), the
 * server password refused (464: irc.password), the bot banned (465, with the server's reason);
 * any other numeric, and a 501 before the bot asked for a mode, logs nothing. */
static void test_refusals_logged(void **state)
{
    (void)state;
    const char *p403[] = { "durakbot", "#gone", "No such channel" };
    assert_string_equal(refusal_logged(403, p403, 3),
                        "<4>cannot join #gone: No such channel (403); check the channel's modes "
                        "and bans or irc.channels\n");
    const char *p405[] = { "durakbot", "#many", "You have joined too many channels" };
    assert_string_equal(refusal_logged(405, p405, 3),
                        "<4>cannot join #many: You have joined too many channels (405); check the "
                        "channel's modes and bans or irc.channels\n");
    const char *p464[] = { "*", "Password incorrect" };
    assert_string_equal(refusal_logged(464, p464, 2),
                        "<3>the server refused the password (464); check irc.password\n");
    const char *p465[] = { "durakbot", "You are banned from this server: spam" };
    assert_string_equal(refusal_logged(465, p465, 2),
                        "<3>the server says the bot is banned (465): You are banned from this "
                        "server: spam; ask its operators\n");
    const char *p372[] = { "durakbot", "- the MOTD" };
    assert_string_equal(refusal_logged(372, p372, 2), "");
    assert_string_equal(refusal_logged(501, p372, 2), "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_isupport_bot_mode),
        cmocka_unit_test_setup_teardown(test_next_nick, setup, teardown),
        cmocka_unit_test_setup_teardown(test_identify_success_text, setup, teardown),
        cmocka_unit_test_setup_teardown(test_identify_900_and_anope, setup, teardown),
        cmocka_unit_test_setup_teardown(test_wrong_password, setup, teardown),
        cmocka_unit_test_setup_teardown(test_taken_nick_regained, setup, teardown),
        cmocka_unit_test_setup_teardown(test_regain_steps_by_time, setup, teardown),
        cmocka_unit_test_setup_teardown(test_services_rename, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ghost_only_services, setup, teardown),
        cmocka_unit_test_setup_teardown(test_nick_not_registered, setup, teardown),
        cmocka_unit_test_setup_teardown(test_logged_out, setup, teardown),
        cmocka_unit_test_setup_teardown(test_no_credentials, setup, teardown),
        cmocka_unit_test_setup_teardown(test_nick_cut, setup, teardown),
        cmocka_unit_test_setup_teardown(test_nicklen_after_cut_nick, setup, teardown),
        cmocka_unit_test_setup_teardown(test_alt_nick_not_a_cut, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refused_renamed_told, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refused_then_reloaded, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refused_rename_waits, setup, teardown),
        cmocka_unit_test_setup_teardown(test_nickserv_absent, setup, teardown),
        cmocka_unit_test_setup_teardown(test_no_answer, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rejoin, setup, teardown),
        cmocka_unit_test_setup_teardown(test_kicked, setup, teardown),
        cmocka_unit_test_setup_teardown(test_join_lines, setup, teardown),
        cmocka_unit_test_setup_teardown(test_channel_keys, setup, teardown),
        cmocka_unit_test(test_isupport),
        cmocka_unit_test(test_bot_mode_refused),
        cmocka_unit_test(test_cannot_send_logged_once),
        cmocka_unit_test(test_refusals_logged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
