/* conn_who.h — the member list (WHO) of each channel the bot joins, asked one channel at a time
 * and as low lines of the send queue, so that game lines never wait behind many. Pure. */

/* The games need each channel's members after a (re)join: who is back for a held seat, and with
 * WHOX their accounts. A server may charge a client for each WHO and read its next line only once
 * that time passed: ngIRCd a second (irc-info.c), ircd 2.11 one too. A WHO sent on each JOIN put
 * 30 of them at the server after joining 30 channels, and a game's first line there waited 30 s
 * behind them. Now the next WHO is queued only once the server ended the last (315), or WHO_WAIT
 * seconds after it went without an end (checked as lines come in: the bot's PING brings one); and
 * a low line goes only while no game line waits (outq_push_low). */
#ifndef DURAK_CONN_WHO_H
#define DURAK_CONN_WHO_H

#include <stdbool.h>

#include "casemap.h"
#include "config.h"
#include "irc.h"
#include "outq.h"

#define WHO_WAIT 30.0 /* seconds a WHO may go without its end before the next is asked */

typedef struct {
    /* channels joined, their WHO not queued yet, in order (only irc.channels are: no more) */
    char waiting[CONFIG_MAX_CHANNELS][64];
    int nwaiting;
    bool asked;     /* a WHO is queued or at the server, its end (315) not heard yet */
    double sent_at; /* when it went out; < 0: still queued */
    bool whox;      /* ISUPPORT WHOX: "WHO #chan %tcuhnfa,152" tells accounts too */
} who_lists;

/* Forgets every channel (a new connection); whox off. */
void conn_who_clear(who_lists *w);
/* The bot joined channel: its WHO is queued now if no other is asked, else after the others. */
void conn_who_joined(who_lists *w, outq *q, casemap cm, const char *channel);
/* A line went to the server: a WHO's wait for its end starts. */
void conn_who_sent(who_lists *w, const char *line, double now);
/* A line came from the server: an end of WHO (315), or WHO_WAIT passed since the WHO went, lets
 * the next channel's WHO be queued. */
void conn_who_heard(who_lists *w, outq *q, const irc_event *ev, double now);

#endif
