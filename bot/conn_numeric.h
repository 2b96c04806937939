/* conn_numeric.h — what the server's refusal numerics mean, logged for whoever runs the bot
 * (cannot join, password refused, banned); other numerics are not logged. */
#ifndef DURAK_CONN_NUMERIC_H
#define DURAK_CONN_NUMERIC_H

#include "irc.h"
#include "conn_isupport.h"

/* Logs ev (an IRC_EV_NUMERIC) when it is a refusal worth telling, with what to check; a 501 or
 * 472 once the bot mode was asked for (*bm, may be NULL) is its refusal, logged once. */
void conn_numeric_log_refusal(const irc_event *ev, isupport_botmode *bm);

#endif
