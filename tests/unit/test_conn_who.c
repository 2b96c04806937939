/* test_conn_who: the channels' member lists (bot/conn_who.h) asked one at a time: after joining
 * 30 channels one WHO is queued, the next once the server ends it (315) or WHO_WAIT after it went;
 * the WHOX form; a channel joined twice is asked once; a new connection forgets them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "conn_members.h"
#include "conn_who.h"

/* A numeric from the server: 315 ends a WHO; others (a 352 reply) do not. */
static irc_event numeric(unsigned code, const char *channel)
{
    static const char *p[3];
    p[0] = "durakbot";
    p[1] = channel;
    p[2] = "End of WHO list";
    return (irc_event){ .kind = IRC_EV_NUMERIC,
                        .nick = "",
                        .user = "",
                        .host = "",
                        .account = "",
                        .target = "",
                        .arg = "",
                        .text = p[2],
                        .params = p,
                        .count = 3,
                        .code = code };
}

/* Sends every line the queue lets go at now, telling w; returns the last, or "" for none. */
static const char *send_all(who_lists *w, outq *q, double now)
{
    static char last[600];
    const char *line;
    last[0] = '\0';
    while ((line = outq_peek(q, now)) != NULL) {
        snprintf(last, sizeof last, "%s", line);
        conn_who_sent(w, line, now);
        outq_commit(q, now);
    }
    return last;
}

/* 30 WHOs at once held a game's first line 30 s at ngIRCd (a second each): one at a time now,
 * each after the last one's end, and game lines go before a queued WHO. */
static void test_one_at_a_time(void **state)
{
    (void)state;
    outq *q = outq_new(50, 50);
    who_lists w;
    char chan[16];
    conn_who_clear(&w);
    for (int i = 1; i <= 30; i++) {
        snprintf(chan, sizeof chan, "#c%02d", i);
        conn_who_joined(&w, q, CASEMAP_RFC1459, chan);
    }
    assert_int_equal(outq_len(q), 1);
    assert_string_equal(send_all(&w, q, 0), "WHO #c01");
    irc_event reply = numeric(352, "#c01"), end;
    conn_who_heard(&w, q, &reply, 0.5);
    assert_int_equal(outq_len(q), 0); /* not ended yet */
    for (int i = 2; i <= 30; i++) {
        snprintf(chan, sizeof chan, "#c%02d", i - 1);
        end = numeric(315, chan);
        conn_who_heard(&w, q, &end, i);
        assert_true(outq_push(q, "PRIVMSG", "#c30", "anna opens a game"));
        assert_string_equal(outq_peek(q, i), "PRIVMSG #c30 :anna opens a game");
        outq_commit(q, i);
        snprintf(chan, sizeof chan, "WHO #c%02d", i);
        assert_string_equal(send_all(&w, q, i), chan);
    }
    end = numeric(315, "#c30");
    conn_who_heard(&w, q, &end, 31);
    assert_int_equal(outq_len(q), 0);
    outq_free(q);
}

/* WHOX asks for accounts; a channel joined again before its WHO is asked once; a WHO with no end
 * lets the next go WHO_WAIT after it went (not after it was queued); a new connection forgets. */
static void test_whox_twice_wait_clear(void **state)
{
    (void)state;
    outq *q = outq_new(50, 50);
    who_lists w;
    conn_who_clear(&w);
    w.whox = true;
    conn_who_joined(&w, q, CASEMAP_RFC1459, "#a");
    conn_who_joined(&w, q, CASEMAP_RFC1459, "#b");
    conn_who_joined(&w, q, CASEMAP_RFC1459, "#B");
    irc_event other = numeric(352, "#a");
    conn_who_heard(&w, q, &other, 100); /* still queued: no wait counted yet */
    assert_int_equal(outq_len(q), 1);
    assert_string_equal(send_all(&w, q, 100), "WHO #a %tcuhnfa," MEMBERS_WHOX_TOKEN);
    conn_who_heard(&w, q, &other, 100 + WHO_WAIT - 1);
    assert_int_equal(outq_len(q), 0);
    conn_who_heard(&w, q, &other, 100 + WHO_WAIT);
    assert_string_equal(send_all(&w, q, 200), "WHO #b %tcuhnfa," MEMBERS_WHOX_TOKEN);
    irc_event end = numeric(315, "#b");
    conn_who_heard(&w, q, &end, 201);
    assert_int_equal(outq_len(q), 0); /* #B was #b */
    conn_who_joined(&w, q, CASEMAP_RFC1459, "#c");
    conn_who_joined(&w, q, CASEMAP_RFC1459, "#d");
    outq_drop_raw(q);
    conn_who_clear(&w); /* the connection dropped */
    assert_false(w.whox);
    conn_who_joined(&w, q, CASEMAP_RFC1459, "#e");
    assert_string_equal(send_all(&w, q, 300), "WHO #e");
    outq_free(q);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_at_a_time),
        cmocka_unit_test(test_whox_twice_wait_clear),
    };
    return cmocka_run_group_tests_name("conn_who", tests, NULL, NULL);
}
