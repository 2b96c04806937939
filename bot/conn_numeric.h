/* conn_numeric.h — what the server's refusal numerics mean, logged for whoever runs the bot
 * (cannot join, cannot send, password refused, banned); other numerics are not logged. */
#ifndef DURAK_CONN_NUMERIC_H
#define DURAK_CONN_NUMERIC_H

#include "irc.h"
#include "conn_isupport.h"

/* Logs ev (an IRC_EV_NUMERIC) when it is a refusal worth telling, with what to check; a 501 or
 * 472 once the bot mode was asked for (*bm, may be NULL) is its refusal, logged once. */
void conn_numeric_log_refusal(const irc_event *ev, isupport_botmode *bm);

/* The 404s logged, a channel each (the bot's channels first; the oldest gives way): a moderated
 * channel refuses every line, so one is logged a channel every CONN_CANNOT_SEND_QUIET seconds.
 * Zeroed to start. */
enum { CONN_CANNOT_SEND_QUIET = 600, CONN_CANNOT_SEND_KEPT = 8 };
typedef struct {
    struct {
        char channel[64];
        double at;
    } seen[CONN_CANNOT_SEND_KEPT];
} conn_cannot_send;
/* 404 (a line to a channel refused: the bot kicked or banned, +m without voice, +n): its lines
 * there are lost; logged with what to check, at most once a channel in CONN_CANNOT_SEND_QUIET. */
void conn_numeric_log_cannot_send(conn_cannot_send *last, const irc_event *ev, double now);

#endif
