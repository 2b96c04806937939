/* test_conn_lag: fake lag (bot/conn_lag.c) with a fake clock: probes only while lines go out, the PONG
 * delay halving the send queue's rate above LAG_HIGH down to the floor, doubling it again below
 * LAG_LOW, SIGHUP keeping the slow-down, and one log line per change. */
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

#include "conn_lag.h"
#include "log.h"
#include "log_capture.h"

static irc_event line(const char *cmd, const char *token)
{
    static const char *p[2];
    p[0] = "irc.durak.test";
    p[1] = token;
    return (irc_event){ .kind = IRC_EV_OTHER,
                        .nick = "",
                        .user = "",
                        .host = "",
                        .account = "",
                        .target = "",
                        .arg = cmd,
                        .text = p[0],
                        .params = p,
                        .count = 2 };
}

/* The seconds the queue (burst 1) makes the second of two lines wait: 1 / its rate. */
static double gap(outq *q)
{
    assert_true(outq_push_raw(q, "A"));
    assert_true(outq_push_raw(q, "B"));
    static double t = 1000.0;
    t += 1000.0; /* long after: the bucket is full */
    assert_non_null(outq_peek(q, t));
    outq_commit(q, t);
    double w = outq_wait(q, t);
    outq_drop_raw(q);
    return w;
}

/* One probe at t: some lines go out, the probe is queued, sent at t and answered at t + delay. */
static void probe(lag *g, outq *q, double t, double delay)
{
    conn_lag_sent(g, "PRIVMSG #d :x", t);
    assert_true(conn_lag_probe_due(g, t));
    conn_lag_sent(g, LAG_PING_LINE, t);
    irc_event pong = line("PONG", LAG_TOKEN);
    conn_lag_heard(g, q, &pong, t + delay);
}

static int count(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, what)); p += strlen(what))
        n++;
    return n;
}

/* Idle: no probe; after a line, one probe, then none until its PONG and LAG_PROBE_EVERY. */
static void test_probes_only_while_sending(void **state)
{
    (void)state;
    lag g;
    outq *q = outq_new(1, 4.0);
    conn_lag_init(&g, 1, 4.0);
    assert_false(conn_lag_probe_due(&g, 0));
    assert_true(conn_lag_next(&g) < 0); /* the write stage sets no timer for it */
    conn_lag_sent(&g, "PRIVMSG #d :x", 1);
    assert_true(conn_lag_probe_due(&g, 1));
    assert_false(conn_lag_probe_due(&g, 100)); /* queued, not sent yet */
    conn_lag_sent(&g, LAG_PING_LINE, 2);
    assert_false(conn_lag_probe_due(&g, 100)); /* out, no PONG yet */
    irc_event other = line("PONG", "durakbot");
    conn_lag_heard(&g, q, &other, 3); /* the keep-alive PING's PONG is not the probe's */
    irc_event pong = line("PONG", LAG_TOKEN);
    conn_lag_heard(&g, q, &pong, 3);
    conn_lag_sent(&g, "PRIVMSG #d :y", 4);
    assert_float_equal(conn_lag_next(&g), 11, 1e-9); /* LAG_PROBE_EVERY after the last probe */
    conn_lag_tick(&g, q, 10.9);
    assert_int_equal(outq_len(q), 0);
    conn_lag_tick(&g, q, 11);
    assert_string_equal(outq_peek(q, 11), LAG_PING_LINE);
    outq_drop_raw(q);
    conn_lag_reset(&g);
    conn_lag_sent(&g, "PRIVMSG #d :y", 11);
    assert_true(conn_lag_probe_due(&g, 21));
    conn_lag_reset(&g); /* the connection went: the queued probe went with it */
    conn_lag_sent(&g, "PRIVMSG #d :z", 22);
    assert_true(conn_lag_probe_due(&g, 31));
    outq_free(q);
}

/* A penalty server: a probe costs the bot 2 s of the server's clock, and the send queue keeps to
 * that clock already, so probes come LAG_PROBE_PENALTY apart, not sooner for many lines. */
static void test_penalty_server_probes_seldom(void **state)
{
    (void)state;
    lag g;
    outq *q = outq_new(5, 1.0);
    conn_lag_init(&g, 5, 1.0);
    conn_lag_penalty(&g, true);
    probe(&g, q, 0, 0.1);
    double t = 0.1;
    for (int i = 0; i < 3 * LAG_PROBE_LINES; i++)
        conn_lag_sent(&g, "PRIVMSG #d :x", t += 0.5);
    assert_false(conn_lag_probe_due(&g, t));
    assert_float_equal(conn_lag_next(&g), LAG_PROBE_PENALTY, 1e-9);
    assert_true(conn_lag_probe_due(&g, LAG_PROBE_PENALTY));
    conn_lag_penalty(&g, false); /* another server: as before */
    conn_lag_reset(&g);
    for (int i = 0; i < LAG_PROBE_LINES; i++)
        conn_lag_sent(&g, "PRIVMSG #d :x", t += 0.05);
    assert_true(conn_lag_probe_due(&g, t));
    outq_free(q);
}

/* A fast sender does not wait LAG_PROBE_EVERY: LAG_PROBE_LINES lines since the last PONG call
 * for a probe at once (at 20 lines/s, 10 s of lines would overflow InspIRCd's 8 KB receive queue
 * before the server was asked). */
static void test_many_lines_probe_sooner(void **state)
{
    (void)state;
    lag g;
    outq *q = outq_new(1, 20.0);
    conn_lag_init(&g, 1, 20.0);
    probe(&g, q, 0, 0.1); /* answered at 0.1: the next probe is due at 10 or after 20 lines */
    double t = 0.1;
    for (int i = 1; i < LAG_PROBE_LINES; i++)
        conn_lag_sent(&g, "PRIVMSG #d :x", t += 0.05);
    assert_false(conn_lag_probe_due(&g, t));
    assert_float_equal(conn_lag_next(&g), LAG_PROBE_EVERY, 1e-9);
    conn_lag_sent(&g, "PRIVMSG #d :x", t += 0.05);
    assert_true(conn_lag_next(&g) <= t); /* the write stage wakes at once */
    conn_lag_tick(&g, q, t);
    assert_string_equal(outq_peek(q, t), LAG_PING_LINE);
    outq_free(q);
}

/* 3 s PONGs halve the rate (4, 2, 1, 0.5 lines/s) and stop at the floor; quick ones restore it
 * step by step; between LAG_LOW and LAG_HIGH nothing changes. One log line per change. */
static void test_rate_follows_lag(void **state)
{
    (void)state;
    lag g;
    outq *q = outq_new(1, 4.0);
    conn_lag_init(&g, 1, 4.0);
    assert_float_equal(gap(q), 0.25, 1e-9);
    log_capture();
    double t = 0;
    probe(&g, q, t += 20, 3.0);
    assert_float_equal(conn_lag_rate(&g), 2.0, 1e-9);
    assert_float_equal(gap(q), 0.5, 1e-9);
    probe(&g, q, t += 20, 3.0);
    probe(&g, q, t += 20, 3.0);
    assert_float_equal(conn_lag_rate(&g), 0.5, 1e-9);
    probe(&g, q, t += 20, 9.0); /* the floor: flood.rate / 8 */
    assert_float_equal(conn_lag_rate(&g), 0.5, 1e-9);
    assert_float_equal(gap(q), 2.0, 1e-9);
    probe(&g, q, t += 20, 1.5); /* between the thresholds: kept */
    assert_float_equal(conn_lag_rate(&g), 0.5, 1e-9);
    probe(&g, q, t += 20, 0.2);
    assert_float_equal(conn_lag_rate(&g), 1.0, 1e-9);
    assert_float_equal(gap(q), 1.0, 1e-9);
    /* slowed, the bot probes even with nothing sent, so the rate comes back when idle */
    assert_true(conn_lag_probe_due(&g, t += 20));
    conn_lag_sent(&g, LAG_PING_LINE, t);
    irc_event pong = line("PONG", LAG_TOKEN);
    conn_lag_heard(&g, q, &pong, t + 0.1);
    probe(&g, q, t += 20, 0.1);
    assert_float_equal(conn_lag_rate(&g), 4.0, 1e-9);
    assert_float_equal(gap(q), 0.25, 1e-9);
    assert_false(conn_lag_probe_due(&g, t += 20)); /* at full rate and idle: no probe */
    const char *log = log_captured();
    assert_int_equal(count(log, "(fake lag): sending"), 3);
    assert_non_null(strstr(log, "after 3.0 s (fake lag): sending 2.00 lines/s instead of 4.00"));
    assert_int_equal(count(log, "<5>"), 6);
    assert_non_null(strstr(log, "sending 4.00 lines/s again (flood.rate)"));
    outq_free(q);
}

/* A probe unanswered after LAG_HIGH halves the rate at once, and again each further LAG_HIGH
 * (4, 2, 1 lines/s by 4 s), so a server parsing one line a second is met before its receive
 * queue overflows; its late PONG then changes nothing more, a quick one doubles it again. */
static void test_unanswered_probe(void **state)
{
    (void)state;
    lag g;
    outq *q = outq_new(1, 4.0);
    conn_lag_init(&g, 1, 4.0);
    log_capture();
    conn_lag_sent(&g, "PRIVMSG #d :x", 10);
    assert_true(conn_lag_probe_due(&g, 10));
    conn_lag_sent(&g, LAG_PING_LINE, 10);
    assert_float_equal(conn_lag_next(&g), 12, 1e-9);
    conn_lag_tick(&g, q, 11.9);
    assert_float_equal(conn_lag_rate(&g), 4.0, 1e-9);
    conn_lag_tick(&g, q, 12);
    assert_float_equal(conn_lag_rate(&g), 2.0, 1e-9);
    assert_float_equal(gap(q), 0.5, 1e-9);
    assert_float_equal(conn_lag_next(&g), 14, 1e-9);
    conn_lag_tick(&g, q, 14.5);
    assert_float_equal(conn_lag_rate(&g), 1.0, 1e-9);
    irc_event pong = line("PONG", LAG_TOKEN);
    conn_lag_heard(&g, q, &pong, 15); /* 5 s late: already counted */
    assert_float_equal(conn_lag_rate(&g), 1.0, 1e-9);
    probe(&g, q, 30, 0.2);
    assert_float_equal(conn_lag_rate(&g), 2.0, 1e-9);
    const char *log = log_captured();
    assert_non_null(strstr(log, "has not answered PING after 2.0 s (fake lag): sending 2.00"));
    assert_non_null(strstr(log, "has not answered PING after 4.5 s (fake lag): sending 1.00"));
    assert_int_equal(count(log, "<5>"), 3);
    outq_free(q);
}

/* A new flood.rate by SIGHUP keeps the slow-down in force: halved once, 10 becomes 5. */
static void test_reconfigure_keeps_slowdown(void **state)
{
    (void)state;
    lag g;
    outq *q = outq_new(1, 4.0);
    conn_lag_init(&g, 1, 4.0);
    log_set_level(-1);
    probe(&g, q, 20, 5.0);
    conn_lag_configure(&g, q, 1, 10.0);
    assert_float_equal(conn_lag_rate(&g), 5.0, 1e-9);
    assert_float_equal(gap(q), 0.2, 1e-9);
    outq_free(q);
}

/* A server that reads a client's lines at a fixed pace after an allowance (ircd 2.11's penalty:
 * each line adds `cost` seconds to the client's clock, which may run `allow` seconds ahead of
 * real time before the server stops reading): the bot, with game lines always waiting, finds the
 * server's pace and holds it instead of halving towards the floor and back. Returns the lines a
 * second the server read over the last 300 of 400 s; *low is the lowest rate set meanwhile, *lag
 * the longest PONG delay. A PING costs 1 s. */
static double simulate(double flood_rate, double cost, double allow, double *low, double *lag_max)
{
    lag g;
    outq *q = outq_new(5, flood_rate);
    conn_lag_init(&g, 5, flood_rate);
    double since = 0, pong_due = -1, read_from = 100;
    unsigned long read = 0;
    *low = flood_rate, *lag_max = 0;
    for (double t = 0; t < 400; t += 0.01) {
        while (outq_len(q) < 20)
            outq_push(q, "PRIVMSG", "#durak", "a game line");
        if (pong_due >= 0 && t >= pong_due) {
            irc_event pong = line("PONG", LAG_TOKEN);
            conn_lag_heard(&g, q, &pong, t);
            if (t - g.sent_at > *lag_max)
                *lag_max = t - g.sent_at;
            pong_due = -1;
        }
        conn_lag_tick(&g, q, t);
        const char *l = outq_peek(q, t);
        if (!l)
            continue;
        bool ping = !strcmp(l, LAG_PING_LINE);
        conn_lag_sent(&g, l, t);
        outq_commit(q, t);
        double at = since - allow > t ? since - allow : t; /* when the server reads it */
        since = (since > at ? since : at) + (ping ? 1.0 : cost);
        if (ping)
            pong_due = at;
        else if (at >= read_from)
            read++;
        if (conn_lag_rate(&g) < *low && t > 100)
            *low = conn_lag_rate(&g);
    }
    outq_free(q);
    return (double)read / 300.0;
}

static void test_holds_server_pace(void **state)
{
    (void)state;
    double low, lag_max;
    log_set_level(getenv("LAG_SIM_LOG") ? LOG_DEBUG : -1);
    double got = simulate(1.0, 2.5, 10.0, &low, &lag_max); /* ircd 2.11: 0.4 lines/s */
    print_message("server reads 0.40 lines/s: %.2f read, rate down to %.2f, PONG late by %.1f s\n",
                  got, low, lag_max);
    assert_true(got >= 0.32); /* at least 80% of what the server can take */
    assert_true(low >= 0.25); /* held near its pace (PINGs take some), not halved to 0.125 */
    assert_true(lag_max < 16.0);
    got = simulate(4.0, 0.5, 10.0, &low, &lag_max); /* 2 lines/s, the bot set to 4 */
    print_message("server reads 2.00 lines/s: %.2f read, rate down to %.2f, PONG late by %.1f s\n",
                  got, low, lag_max);
    assert_true(got >= 1.6);
    assert_true(low >= 1.2);
}

/* A measured pace is forgotten once the bot is nearly idle and the PONG comes at once: the rate
 * doubles back to flood.rate (InspIRCd's fake lag gives a burst again after a pause). */
static void test_pace_forgotten_when_idle(void **state)
{
    (void)state;
    log_set_level(-1);
    lag g;
    outq *q = outq_new(5, 1.0);
    conn_lag_init(&g, 5, 1.0);
    double t = 0;
    for (int i = 0; i < 8; i++) /* 8 lines in 10 s, the PONG 3 s late: twice */
        conn_lag_sent(&g, "PRIVMSG #d :x", t += 1);
    assert_true(conn_lag_probe_due(&g, t));
    conn_lag_sent(&g, LAG_PING_LINE, t);
    irc_event pong = line("PONG", LAG_TOKEN);
    conn_lag_heard(&g, q, &pong, t + 3);
    for (int i = 0; i < 8; i++)
        conn_lag_sent(&g, "PRIVMSG #d :x", t += 1.25);
    assert_true(conn_lag_probe_due(&g, t += 10));
    conn_lag_sent(&g, LAG_PING_LINE, t);
    conn_lag_heard(&g, q, &pong, t + 3);
    assert_true(conn_lag_pace(&g) > 0); /* measured */
    probe(&g, q, t += 20, 0.1);         /* one line, answered at once: forgotten */
    assert_true(conn_lag_pace(&g) == 0);
    probe(&g, q, t += 20, 0.1);
    probe(&g, q, t += 20, 0.1);
    assert_float_equal(conn_lag_rate(&g), 1.0, 1e-9);
    outq_free(q);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_probes_only_while_sending),
        cmocka_unit_test(test_many_lines_probe_sooner),
        cmocka_unit_test(test_penalty_server_probes_seldom),
        cmocka_unit_test(test_rate_follows_lag),
        cmocka_unit_test(test_unanswered_probe),
        cmocka_unit_test(test_reconfigure_keeps_slowdown),
        cmocka_unit_test(test_holds_server_pace),
        cmocka_unit_test(test_pace_forgotten_when_idle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
