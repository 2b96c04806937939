/* conn_lag.c — fake lag: PINGs probe while the bot sends, and the PONG delay halves or doubles the
 * send queue's rate, down to a floor: the server's measured pace when known (see conn_lag.h). */
#include "conn_lag.h"

#include <stdio.h>
#include <string.h>

#include "log.h"

#define LAG_FLOOR (1.0 / (double)(1u << LAG_MAX_SHIFT))

void conn_lag_init(lag *g, int burst, double rate)
{
    memset(g, 0, sizeof *g);
    g->burst = burst;
    g->rate = rate;
    g->cut = 1.0;
    g->pong_at = -1;
    g->every = LAG_PROBE_EVERY;
}

void conn_lag_penalty(lag *g, bool on) { g->every = on ? LAG_PROBE_PENALTY : LAG_PROBE_EVERY; }

double conn_lag_rate(const lag *g) { return g->rate * g->cut; }
double conn_lag_pace(const lag *g) { return g->pace; }

void conn_lag_configure(lag *g, outq *q, int burst, double rate)
{
    g->burst = burst;
    g->rate = rate;
    if (g->pace >= rate)
        g->pace = 0;
    outq_set_rate(q, burst, conn_lag_rate(g));
}

void conn_lag_reset(lag *g)
{
    g->queued = g->out = false;
    g->lines = 0;
    g->early = 0;
    g->total = g->probe_total = g->pong_total = 0;
    g->pong_at = -1;
}

/* The lowest cut: LAG_DRAIN of the server's pace when known, else flood.rate / 2^LAG_MAX_SHIFT. */
static double lag_floor(const lag *g)
{
    return g->pace > 0 ? g->pace * LAG_DRAIN / g->rate : LAG_FLOOR;
}

/* Late: half the rate, not below the floor; false when that changes nothing. */
static bool lag_slower(lag *g)
{
    double c = g->cut / 2, f = lag_floor(g);
    if (c < f)
        c = f;
    if (c >= g->cut)
        return false;
    g->cut = c;
    return true;
}

/* Quick: double the rate, up to flood.rate (servers such as ircd 2.11 take a burst well above
 * their pace; only their backlog, seen in the next PONG, tells it was too much). */
static bool lag_faster(lag *g)
{
    double c = g->cut * 2;
    if (c >= 1.0)
        c = 1.0;
    if (c <= g->cut)
        return false;
    g->cut = c;
    return true;
}

/* When the probe out will have waited another LAG_HIGH: the next slow-down; -1 if none is left. */
static double lag_late_at(const lag *g)
{
    return g->out && g->cut > lag_floor(g) * 1.0001 ? g->sent_at + LAG_HIGH * (g->early + 1) : -1;
}

static void lag_set(lag *g, outq *q, double was, double delay, const char *heard)
{
    outq_set_rate(q, g->burst, conn_lag_rate(g));
    char pace[64] = "";
    if (g->pace > 0)
        snprintf(pace, sizeof pace, " (it reads about %.2f lines/s)", g->pace);
    if (g->cut < was)
        log_msg(LOG_NOTICE,
                "the server %s after %.1f s (fake lag)%s: sending %.2f lines/s instead of %.2f",
                heard, delay, pace, conn_lag_rate(g), g->rate);
    else if (g->cut >= 1.0)
        log_msg(LOG_NOTICE, "the server %s after %.1f s: sending %.2f lines/s again (flood.rate)",
                heard, delay, conn_lag_rate(g));
    else
        log_msg(LOG_NOTICE, "the server %s after %.1f s: sending %.2f lines/s", heard, delay,
                conn_lag_rate(g));
}

/* LAG_PROBE_LINES lines since the last PONG call for a probe at once (not on a penalty server,
 * where the send queue keeps to the server's clock). */
static bool lines_call_probe(const lag *g)
{
    return g->lines >= LAG_PROBE_LINES && g->every == LAG_PROBE_EVERY;
}

bool conn_lag_probe_due(lag *g, double now)
{
    if (g->queued || g->out || (!g->lines && g->cut >= 1.0)
        || (now < g->next && !lines_call_probe(g)))
        return false;
    g->queued = true;
    g->next = now + g->every;
    return true;
}

void conn_lag_tick(lag *g, outq *q, double now)
{
    double late = lag_late_at(g);
    if (late >= 0 && now >= late) { /* no need to wait for the PONG to know it is late */
        g->early++;
        double was = g->cut;
        if (lag_slower(g))
            lag_set(g, q, was, now - g->sent_at, "has not answered PING");
    }
    if (conn_lag_probe_due(g, now) && !outq_push_raw(q, LAG_PING_LINE))
        g->queued = false; /* 4096 raw lines waiting: try again later */
}

double conn_lag_next(const lag *g)
{
    if (g->out)
        return lag_late_at(g);
    if (g->queued || (!g->lines && g->cut >= 1.0))
        return -1;
    return lines_call_probe(g) ? 0 : g->next;
}

void conn_lag_sent(lag *g, const char *line, double now)
{
    if (g->queued && !strcmp(line, LAG_PING_LINE)) {
        g->queued = false;
        g->out = true;
        g->sent_at = now;
        g->probe_total = g->total;
    } else {
        if (g->pong_at < 0 && g->total == 0) { /* the server idle until now: the first reference */
            g->pong_at = now;
            g->pong_cut = g->cut;
        }
        g->lines++;
        g->total++;
    }
}

/* The server read every line sent before this probe by now: with the last PONG, how many lines a
 * second it read meanwhile — if it lagged (so it was reading all along) and the bot kept sending
 * at no less than half its rate then (so the server, not the bot, set the pace). */
static void lag_measure(lag *g, double delay, double now)
{
    double dt = now - g->pong_at;
    unsigned long n = g->probe_total - g->pong_total;
    if (g->pong_at < 0 || delay <= LAG_LOW || dt <= 0 || n < LAG_MIN_LINES)
        return;
    double read = (double)n / dt;
    if (read < 0.5 * g->rate * (g->pong_cut < g->cut ? g->pong_cut : g->cut) || read >= g->rate)
        return;
    g->pace = read;
}

void conn_lag_heard(lag *g, outq *q, const irc_event *ev, double now)
{
    if (!g->out || ev->kind != IRC_EV_OTHER || strcmp(ev->arg, "PONG") || ev->count < 1
        || strcmp(ev->params[ev->count - 1], LAG_TOKEN))
        return;
    double delay = now - g->sent_at, was = g->cut;
    int early = g->early;
    g->out = false;
    g->lines = 0;
    g->early = 0;
    lag_measure(g, delay, now);
    if (delay < LAG_LOW && g->pong_at >= 0
        && (double)(g->probe_total - g->pong_total) < 0.5 * conn_lag_rate(g) * (now - g->pong_at))
        g->pace = 0; /* mostly idle and answered at once: the pace is no limit now */
    g->pong_at = now;
    g->pong_total = g->probe_total;
    bool changed = false;
    if (delay > LAG_HIGH && !early)
        changed = lag_slower(g);
    else if (delay > LAG_HIGH && g->pace > 0)
        changed = lag_slower(g); /* measured only now: down to the server's pace */
    else if (delay < LAG_LOW)
        changed = lag_faster(g);
    g->pong_cut = g->cut;
    if (changed)
        lag_set(g, q, was, delay, "answered PING");
}
