/* conn_lag: the PONG delay slows the send queue (see conn_lag.h). */
#include "conn_lag.h"

#include <string.h>

#include "log.h"

void conn_lag_init(lag *g, int burst, double rate)
{
    memset(g, 0, sizeof *g);
    g->burst = burst;
    g->rate = rate;
}

double conn_lag_rate(const lag *g) { return g->rate / (double)(1u << g->shift); }

void conn_lag_configure(lag *g, outq *q, int burst, double rate)
{
    g->burst = burst;
    g->rate = rate;
    outq_set_rate(q, burst, conn_lag_rate(g));
}

void conn_lag_reset(lag *g)
{
    g->queued = g->out = false;
    g->lines = 0;
    g->early = 0;
}

/* When the probe out will have waited another LAG_HIGH: the next halving; -1 if none is left. */
static double lag_late_at(const lag *g)
{
    return g->out && g->shift < LAG_MAX_SHIFT ? g->sent_at + LAG_HIGH * (g->early + 1) : -1;
}

static void lag_set(lag *g, outq *q, int was, double delay, const char *heard)
{
    outq_set_rate(q, g->burst, conn_lag_rate(g));
    if (g->shift > was)
        log_msg(LOG_NOTICE,
                "the server %s after %.1f s (fake lag): sending %.2f lines/s instead of %.2f",
                heard, delay, conn_lag_rate(g), g->rate);
    else
        log_msg(LOG_NOTICE, "the server %s after %.1f s: sending %.2f lines/s%s", heard, delay,
                conn_lag_rate(g), g->shift ? "" : " again (flood.rate)");
}

bool conn_lag_probe_due(lag *g, double now)
{
    if (g->queued || g->out || (!g->lines && !g->shift)
        || (now < g->next && g->lines < LAG_PROBE_LINES))
        return false;
    g->queued = true;
    g->next = now + LAG_PROBE_EVERY;
    return true;
}

void conn_lag_tick(lag *g, outq *q, double now)
{
    double late = lag_late_at(g);
    if (late >= 0 && now >= late) { /* no need to wait for the PONG to know it is late */
        g->early++;
        lag_set(g, q, g->shift++, now - g->sent_at, "has not answered PING");
    }
    if (conn_lag_probe_due(g, now) && !outq_push_raw(q, LAG_PING_LINE))
        g->queued = false; /* 4096 raw lines waiting: try again later */
}

double conn_lag_next(const lag *g)
{
    if (g->out)
        return lag_late_at(g);
    if (g->queued || (!g->lines && !g->shift))
        return -1;
    return g->lines >= LAG_PROBE_LINES ? 0 : g->next;
}

void conn_lag_sent(lag *g, const char *line, double now)
{
    if (g->queued && !strcmp(line, LAG_PING_LINE)) {
        g->queued = false;
        g->out = true;
        g->sent_at = now;
    } else {
        g->lines++;
    }
}

void conn_lag_heard(lag *g, outq *q, const irc_event *ev, double now)
{
    if (!g->out || ev->kind != IRC_EV_OTHER || strcmp(ev->arg, "PONG") || ev->count < 1
        || strcmp(ev->params[ev->count - 1], LAG_TOKEN))
        return;
    double delay = now - g->sent_at;
    int was = g->shift, early = g->early;
    g->out = false;
    g->lines = 0;
    g->early = 0;
    if (delay > LAG_HIGH && g->shift < LAG_MAX_SHIFT && !early)
        g->shift++;
    else if (delay < LAG_LOW && g->shift > 0)
        g->shift--;
    if (g->shift != was)
        lag_set(g, q, was, delay, "answered PING");
}
