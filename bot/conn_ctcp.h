/* conn_ctcp.h — the bot's answers to CTCP requests (VERSION, PING): a request in, a reply out, or
 * queued as a reply to its sender, at most one a second. No I/O, no clock. */
#ifndef DURAK_CONN_CTCP_H
#define DURAK_CONN_CTCP_H

#include <stdbool.h>
#include <stddef.h>

#include "outq.h"

/* Queues the reply to request from nick in q (outq_push_reply), unless a reply went out less than
 * a second before now (*next: when the next may go; 0 at first). */
void conn_ctcp_answer(outq *q, const char *nick, const char *request, const char *version,
                      double now, double *next);

#endif
