/* conn_lag.h — fake lag: the delay from the bot's PING to the server's PONG paces the send queue,
 * halving its rate when late and doubling it when quick. Pure: time comes in as arguments. */

/* Servers (InspIRCd's fakelag, ircd-hybrid's flood control, ircd 2.11's penalties) delay a client's
 * lines when it sends faster than they like; the delay shows as the time from the bot's PING to the
 * server's PONG, since the server reads lines in order. While the bot is sending, it probes with
 * LAG_PING_LINE (a raw line, so it goes out ahead of the game's lines) every LAG_PROBE_EVERY
 * seconds, sooner once LAG_PROBE_LINES lines went out since the last PONG (so a fast flood.rate
 * cannot fill the server's receive queue between two probes).
 *
 * A PONG later than LAG_HIGH halves the send queue's rate — at once when LAG_HIGH passes without
 * it, and again each further LAG_HIGH it keeps waiting — one sooner than LAG_LOW doubles it again
 * (up to flood.rate). The floor is flood.rate / 2^LAG_MAX_SHIFT, unless the server's own pace is
 * known: a PONG later than LAG_LOW after the bot kept sending at no less than half its rate since
 * the last PONG tells how many lines a second the server read meanwhile (it read everything sent
 * before the probe). That pace is the floor: lateness halves the rate down to it, never below
 * (the old floor took ircd 2.11 to 0.12 lines/s and back again and again); quick PONGs double it
 * as before (a penalty server takes a burst well above its pace). A quick PONG after the bot sent
 * less than half of what its rate allowed since the last PONG forgets the pace (it may take a
 * burst again after a pause). Each change is logged once. */
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
#define LAG_MAX_SHIFT 3      /* the floor: flood.rate / 8, unless the server's pace is known */
#define LAG_DRAIN 1.0        /* the floor: this share of the server's measured pace */
#define LAG_MIN_LINES 3      /* lines between two PONGs needed to measure the server's pace */
/* seconds between probes on a penalty server: the send queue keeps to its clock already, and a
 * PING costs 2 s of it (a probe every 10 s would take a fifth of the bot's lines) */
#define LAG_PROBE_PENALTY 60.0

typedef struct {
    int burst;           /* flood.burst, unchanged */
    double rate;         /* flood.rate: the rate with no lag */
    double cut;          /* the rate now is rate * cut (1: flood.rate) */
    double pace;         /* lines/s the server was measured to read while lagging; 0: not known */
    bool queued;         /* a probe waits in the send queue */
    bool out;            /* a probe was sent, its PONG not heard yet */
    double sent_at;      /* when it was sent */
    int early;           /* slow-downs made while its PONG was awaited */
    double next;         /* no probe before this */
    unsigned lines;      /* lines sent since the last PONG */
    unsigned long total; /* lines sent on this connection */
    unsigned long probe_total; /* total when the probe out was sent */
    unsigned long pong_total;  /* probe_total of the last PONG's probe */
    double pong_at;  /* when the last PONG came (the first line sent, before); < 0: neither yet */
    double pong_cut; /* cut when the last PONG came */
    double every;    /* LAG_PROBE_EVERY, or LAG_PROBE_PENALTY */
} lag;

void conn_lag_init(lag *g, int burst, double rate);
/* The server charges each line seconds (ISUPPORT PENALTY): probes every LAG_PROBE_PENALTY s and
 * not after LAG_PROBE_LINES lines; off: as before. */
void conn_lag_penalty(lag *g, bool on);
/* New flood settings (SIGHUP): set on q with the slow-down in force kept. */
void conn_lag_configure(lag *g, outq *q, int burst, double rate);
/* The connection is gone: no probe is waiting or out any more (the slow-down and the server's
 * pace stay: the next connection is most likely to the same server). */
void conn_lag_reset(lag *g);
/* Whether to queue LAG_PING_LINE now: lines went out since the last measure (or the rate is
 * still lowered), no probe is pending, LAG_PROBE_EVERY has passed or LAG_PROBE_LINES lines went
 * out. */
bool conn_lag_probe_due(lag *g, double now);
/* The write stage, while registered: queues LAG_PING_LINE in q (a raw line) when conn_lag_probe_due;
 * slows q down when the probe out has waited another LAG_HIGH for its PONG. */
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
/* The server's measured pace (lines per second), 0 when not known (the tests read it). */
double conn_lag_pace(const lag *g);

#endif
