/* test_conn_members: channel members' accounts from extended-join, account-notify, the account
 * tag and WHOX replies, followed through NICK, PART, KICK and QUIT (bot/conn_members.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "conn_members.h"
#include "irc_event_fixture.h"

/* The linker sends conn_members.c's comparisons here (--wrap), so a test can count them. */
static long compared;
bool __real_casemap_equal(casemap m, const char *a, const char *b);
bool __wrap_casemap_equal(casemap m, const char *a, const char *b)
{
    compared++;
    return __real_casemap_equal(m, a, b);
}

static const char *on(members *m, irc_event e)
{
    return conn_members_on_event(m, CASEMAP_RFC1459, &e, "bot");
}

static void test_extended_join_and_notify(void **state)
{
    (void)state;
    members *m = conn_members_new();
    const char *join[] = { "#d", "annacct", "Ann" };
    assert_string_equal(on(m, ev(IRC_EV_JOIN, "Ann", "#d", "", join, 3)), "annacct");
    assert_string_equal(on(m, ev(IRC_EV_PRIVMSG, "ann", "#d", "", NULL, 0)), "annacct");
    const char *nojoin[] = { "#d", "*", "Bob" };
    assert_string_equal(on(m, ev(IRC_EV_JOIN, "Bob", "#d", "", nojoin, 3)), "");
    assert_string_equal(on(m, ev(IRC_EV_ACCOUNT, "Bob", "", "bobacct", NULL, 0)), "bobacct");
    assert_string_equal(on(m, ev(IRC_EV_PRIVMSG, "Bob", "bot", "", NULL, 0)), "bobacct");
    assert_string_equal(on(m, ev(IRC_EV_ACCOUNT, "Bob", "", "*", NULL, 0)), "");
    /* NICK: the account follows; the new nick is who it answers for */
    assert_string_equal(on(m, ev(IRC_EV_NICK, "ANN", "", "ann{y}", NULL, 0)), "annacct");
    assert_string_equal(on(m, ev(IRC_EV_PRIVMSG, "ANN[Y]", "#d", "", NULL, 0)), "annacct");
    on(m, ev(IRC_EV_PART, "ann{y}", "#d", "", NULL, 0));
    assert_string_equal(on(m, ev(IRC_EV_PRIVMSG, "ann{y}", "bot", "", NULL, 0)), "");
    conn_members_free(m);
}

static void test_tag_whox_quit_kick(void **state)
{
    (void)state;
    members *m = conn_members_new();
    irc_event e = ev(IRC_EV_PRIVMSG, "zoe", "#d", "", NULL, 0);
    e.account = "zoeacct"; /* the account tag wins */
    assert_string_equal(on(m, e), "zoeacct");
    const char *who[] = { "bot", MEMBERS_WHOX_TOKEN, "#d", "z", "zoe.host", "zoe", "H", "zacct" };
    irc_event r = ev(IRC_EV_NUMERIC, "srv", "", "", who, 8), join;
    r.code = 354;
    assert_true(conn_members_who_reply(m, CASEMAP_RFC1459, &r, "bot", &join));
    assert_string_equal(join.nick, "zoe");
    assert_string_equal(join.target, "#d");
    assert_string_equal(join.account, "zacct");
    assert_string_equal(on(m, ev(IRC_EV_PRIVMSG, "zoe", "bot", "", NULL, 0)), "zacct");
    const char *who352[] = { "bot", "#d", "b", "b.host", "srv", "bob", "H", "0 Bob" };
    r = ev(IRC_EV_NUMERIC, "srv", "", "", who352, 8);
    r.code = 352;
    assert_true(conn_members_who_reply(m, CASEMAP_RFC1459, &r, "bot", &join));
    assert_string_equal(join.account, "");
    const char *me[] = { "bot", "#d", "d", "bot.host", "srv", "bot", "H", "0 Bot" };
    r.params = me;
    assert_false(conn_members_who_reply(m, CASEMAP_RFC1459, &r, "bot", &join));
    on(m, ev(IRC_EV_KICK, "op", "#d", "bot", NULL, 0)); /* the bot kicked: #d forgotten */
    assert_string_equal(on(m, ev(IRC_EV_PRIVMSG, "zoe", "bot", "", NULL, 0)), "");
    assert_true(conn_members_who_reply(
        m, CASEMAP_RFC1459,
        &(irc_event){ .kind = IRC_EV_NUMERIC, .code = 354, .params = who, .count = 8 }, "bot",
        &join));
    assert_string_equal(on(m, ev(IRC_EV_QUIT, "zoe", "", "", NULL, 0)), "zacct");
    assert_string_equal(on(m, ev(IRC_EV_PRIVMSG, "zoe", "bot", "", NULL, 0)), "");
    conn_members_free(m);
}

/* A netsplit's return: thousands of JOINs, then every line asks for its sender. Each must cost
 * a few comparisons, not one per member (20,000 JOINs took seconds when it did). */
static void test_many_members_cost_little(void **state)
{
    (void)state;
    members *m = conn_members_new();
    char nick[32];
    for (int i = 0; i < 16000; i++) {
        snprintf(nick, sizeof nick, "Guest%d", i);
        const char *join[] = { i % 2 ? "#a" : "#b", "acct", "Guest" };
        on(m, ev(IRC_EV_JOIN, nick, join[0], "", join, 3));
    }
    compared = 0;
    assert_string_equal(on(m, ev(IRC_EV_PRIVMSG, "guest7777", "bot", "", NULL, 0)), "acct");
    const char *join[] = { "#b", "other", "Late" };
    assert_string_equal(on(m, ev(IRC_EV_JOIN, "late", "#b", "", join, 3)), "other");
    assert_string_equal(on(m, ev(IRC_EV_NICK, "GUEST42", "", "guest42x", NULL, 0)), "acct");
    on(m, ev(IRC_EV_QUIT, "Guest43", "", "", NULL, 0));
    assert_true(compared < 100);
    assert_string_equal(on(m, ev(IRC_EV_PRIVMSG, "Guest43", "bot", "", NULL, 0)), "");
    assert_string_equal(on(m, ev(IRC_EV_PRIVMSG, "guest42x", "bot", "", NULL, 0)), "acct");
    on(m, ev(IRC_EV_PART, "bot", "#a", "", NULL, 0)); /* the bot leaves #a: its 8,000 go */
    assert_string_equal(on(m, ev(IRC_EV_PRIVMSG, "Guest7777", "bot", "", NULL, 0)), "");
    assert_string_equal(on(m, ev(IRC_EV_PRIVMSG, "Guest7776", "bot", "", NULL, 0)), "acct");
    conn_members_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_extended_join_and_notify),
        cmocka_unit_test(test_tag_whox_quit_kick),
        cmocka_unit_test(test_many_members_cost_little),
    };
    return cmocka_run_group_tests_name("members", tests, NULL, NULL);
}
