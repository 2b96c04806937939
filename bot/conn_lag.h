/* conn_lag: fake lag. Servers (InspIRCd's fakelag, ircd-hybrid's flood control) delay a client's lines
 * when it sends faster than they like; the delay shows as the time from the bot's PING to the
 * server's PONG, since the server reads lines in order. While the bot is sending, it probes with
 * LAG_PING_LINE (a raw line, so it goes out ahead of the game's lines) every LAG_PROBE_EVERY
 * seconds, sooner once LAG_PROBE_LINES lines went out since the last PONG (so a fast flood.rate
 * cannot fill the server's receive queue between two probes); a PONG later than LAG_HIGH halves
 * the send queue's rate (down to 1/2^LAG_MAX_SHIFT of flood.rate) — at once when LAG_HIGH passes
 * without it, and again each further LAG_HIGH it keeps waiting — one sooner than LAG_LOW doubles
 * it again (up to flood.rate). Each change is logged once. Pure: time comes in as arguments. */
#ifndef DURAK_CONN_LAG_H
#define DURAK_CONN_LAG_H

#include <stdbool.h>

#include "irc.h"
#include "outq.h"

#define LAG_TOKEN "durakbot-lag"
#define LAG_PING_LINE "PING :" LAG_TOKEN
#define LAG_HIGH 2.0         /* seconds: a PONG this late halves the rate */
#define LAG_LOW 1.0          /* seconds: a PONG this soon doubles it (up to flood.rate) */
#define LAG_PROBE_EVERY 10.0 /* seconds between probes while lines go out */
#define LAG_PROBE_LINES 20   /* or lines sent since the last PONG, if sooner */
#define LAG_MAX_SHIFT 3      /* the floor: flood.rate / 8 */

typedef struct {
    int burst;      /* flood.burst, unchanged */
    double rate;    /* flood.rate: the rate with no lag */
    int shift;      /* the rate now is rate / 2^shift */
    bool queued;    /* a probe waits in the send queue */
    bool out;       /* a probe was sent, its PONG not heard yet */
    double sent_at; /* when it was sent */
    int early;      /* halvings made while its PONG was awaited */
    double next;    /* no probe before this */
    unsigned lines; /* lines sent since the last PONG */
} lag;

void conn_lag_init(lag *g, int burst, double rate);
/* New flood settings (SIGHUP): set on q with the slow-down in force kept. */
void conn_lag_configure(lag *g, outq *q, int burst, double rate);
/* The connection is gone: no probe is waiting or out any more (the slow-down stays). */
void conn_lag_reset(lag *g);
/* Whether to queue LAG_PING_LINE now: lines went out since the last measure (or the rate is
 * still lowered), no probe is pending, LAG_PROBE_EVERY has passed or LAG_PROBE_LINES lines went
 * out. */
bool conn_lag_probe_due(lag *g, double now);
/* The write stage, while registered: queues LAG_PING_LINE in q (a raw line) when conn_lag_probe_due;
 * halves q's rate when the probe out has waited another LAG_HIGH for its PONG. */
void conn_lag_tick(lag *g, outq *q, double now);
/* When the next probe may be due or the probe out is late, for the write stage's timer (-1: not
 * before a line is sent or a PONG heard). */
double conn_lag_next(const lag *g);
/* Each line as it is written to the server. */
void conn_lag_sent(lag *g, const char *line, double now);
/* Each line heard: the PONG to the probe measures the lag and may change q's rate. */
void conn_lag_heard(lag *g, outq *q, const irc_event *ev, double now);
/* The rate set on the queue now (lines per second). */
double conn_lag_rate(const lag *g);

#endif
