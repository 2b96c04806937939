/* test_conn_chanop: the bot's operator status per channel from 353 and MODE, and private lines as
 * CPRIVMSG/CNOTICE where ISUPPORT offers them and the target shares such a channel
 * (bot/conn_chanop.c, with bot/conn_members.c and bot/conn_isupport.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "conn_chanop.h"
#include "irc_event_fixture.h"

#define CM CASEMAP_RFC1459

static irc_event numeric(unsigned code, const char **params, unsigned count)
{
    irc_event e = ev(IRC_EV_NUMERIC, "", "", "", params, count);
    e.code = code;
    return e;
}

static void feed(chanop *o, irc_event e) { conn_chanop_on_event(o, CM, &e, "durakbot"); }

static void names(chanop *o, const char *chan, const char *list)
{
    const char *p[] = { "durakbot", "=", chan, list };
    feed(o, numeric(353, p, 4));
}

static void mode(chanop *o, const char **p, unsigned n)
{
    feed(o, ev(IRC_EV_OTHER, "op", "", "MODE", p, n));
}

/* A 005 line, as conn.c passes it on: read by conn_isupport_read. */
static void isupport_line(chanop *o, const char **p, unsigned n)
{
    irc_event e = numeric(5, p, n);
    isupport is;
    conn_isupport_read(&e, &is);
    conn_chanop_isupport(o, &is);
}

static void supports(chanop *o, const char *a, const char *b)
{
    const char *p[] = { "durakbot", a, b, "are supported by this server" };
    isupport_line(o, p, 4);
}

/* 353: '@' or a rank above it in PREFIX; voice alone is not; multi-prefix "@+" is. */
static void test_names(void **state)
{
    (void)state;
    chanop o;
    conn_chanop_clear(&o);
    names(&o, "#a", "@ann +durakbot bob");
    assert_false(conn_chanop_is_op(&o, CM, "#a"));
    names(&o, "#b", "ann @+DurakBot");
    assert_true(conn_chanop_is_op(&o, CM, "#b"));
    names(&o, "#c", "~durakbot");
    assert_true(conn_chanop_is_op(&o, CM, "#c"));
    names(&o, "#d", "%durakbot");
    assert_false(conn_chanop_is_op(&o, CM, "#d"));
    supports(&o, "PREFIX=(Yov)!@+", "CHANTYPES=#"); /* ranks from PREFIX */
    names(&o, "#e", "!durakbot");
    assert_true(conn_chanop_is_op(&o, CM, "#e"));
    names(&o, "#b", "+durakbot"); /* a later NAMES says otherwise */
    assert_false(conn_chanop_is_op(&o, CM, "#b"));
}

/* MODE +o/-o on the bot; other modes' parameters counted by PREFIX and CHANMODES. */
static void test_mode(void **state)
{
    (void)state;
    chanop o;
    conn_chanop_clear(&o);
    const char *m1[] = { "#a", "+lo", "10", "durakbot" };
    mode(&o, m1, 4);
    assert_true(conn_chanop_is_op(&o, CM, "#a"));
    const char *m2[] = { "#a", "-lo+v", "durakbot", "ann" }; /* -l takes none */
    mode(&o, m2, 4);
    assert_false(conn_chanop_is_op(&o, CM, "#a"));
    const char *m3[] = { "#a", "+vo", "durakbot", "ann" }; /* the o is ann's */
    mode(&o, m3, 4);
    assert_false(conn_chanop_is_op(&o, CM, "#a"));
    supports(&o, "CHANMODES=beI,kfL,lj,imnpst", "PREFIX=(qaohv)~&@%+");
    const char *m4[] = { "#a", "+jbo", "3:5", "*!*@x", "durakbot" };
    mode(&o, m4, 5);
    assert_true(conn_chanop_is_op(&o, CM, "#a"));
    const char *m5[] = { "durakbot", "+i" }; /* a user mode */
    mode(&o, m5, 2);
    assert_true(conn_chanop_is_op(&o, CM, "#a"));
    feed(&o, ev(IRC_EV_KICK, "op", "#a", "durakbot", NULL, 0));
    assert_false(conn_chanop_is_op(&o, CM, "#a"));
    mode(&o, m4, 5);
    feed(&o, ev(IRC_EV_PART, "durakbot", "#a", "", NULL, 0));
    assert_false(conn_chanop_is_op(&o, CM, "#a"));
    mode(&o, m4, 5);
    feed(&o, ev(IRC_EV_PART, "ann", "#a", "", NULL, 0)); /* someone else */
    assert_true(conn_chanop_is_op(&o, CM, "#a"));
    conn_chanop_clear(&o);
    assert_false(conn_chanop_is_op(&o, CM, "#a"));
}

static void join(members *m, const char *nick, const char *chan)
{
    irc_event e = ev(IRC_EV_JOIN, nick, chan, "", NULL, 0);
    conn_members_on_event(m, CM, &e, "durakbot");
}

/* Private lines to a nick sharing a channel where the bot is op; not without the token, not to
 * a channel, not to a nick elsewhere, not when it would not fit. */
static void test_rewrite(void **state)
{
    (void)state;
    chanop o;
    members *m = conn_members_new();
    conn_chanop_clear(&o);
    join(m, "ann", "#a");
    join(m, "bob", "#b");
    names(&o, "#a", "@durakbot ann");
    names(&o, "#b", "durakbot bob");
    const char *pm = "PRIVMSG Ann :your hand: 7\xe2\x99\xa5";
    assert_ptr_equal(conn_chanop_line(&o, m, CM, pm), pm); /* no CPRIVMSG in 005 yet */
    supports(&o, "CPRIVMSG", "CNOTICE");
    assert_string_equal(conn_chanop_line(&o, m, CM, pm),
                        "CPRIVMSG Ann #a :your hand: 7\xe2\x99\xa5");
    assert_string_equal(conn_chanop_line(&o, m, CM, "NOTICE ann :hi"), "CNOTICE ann #a :hi");
    const char *keep[] = { "PRIVMSG bob :not op in #b",
                           "PRIVMSG zoe :no channel",
                           "PRIVMSG #a :public",
                           "NOTICE @#a :ops",
                           "PRIVMSG ann@srv :x",
                           "JOIN #a",
                           "PING :durakbot" };
    for (size_t i = 0; i < sizeof keep / sizeof *keep; i++)
        assert_ptr_equal(conn_chanop_line(&o, m, CM, keep[i]), keep[i]);
    assert_null(conn_chanop_line(&o, m, CM, NULL));
    char longline[520] = "PRIVMSG ann :";
    memset(longline + 13, 'x', 497); /* 510 bytes: "CPRIVMSG ann #a" would not fit */
    longline[510] = '\0';
    assert_ptr_equal(conn_chanop_line(&o, m, CM, longline), longline);
    const char *only_cprivmsg[] = { "durakbot", "CPRIVMSG", "are supported" };
    conn_chanop_clear(&o);
    isupport_line(&o, only_cprivmsg, 3);
    names(&o, "#a", "@durakbot");
    const char *notice = "NOTICE ann :hi";
    assert_ptr_equal(conn_chanop_line(&o, m, CM, notice), notice); /* no CNOTICE */
    assert_string_equal(conn_chanop_line(&o, m, CM, "PRIVMSG ann :x"), "CPRIVMSG ann #a :x");
    conn_members_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_mode),
        cmocka_unit_test(test_rewrite),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
