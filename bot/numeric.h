/* numeric.h — what the server's refusal numerics mean, logged for whoever runs the bot
 * (cannot join, password refused, banned); other numerics are not logged. */
#ifndef DURAK_NUMERIC_H
#define DURAK_NUMERIC_H

#include "irc.h"

/* Logs ev (an IRC_EV_NUMERIC) when it is a refusal worth telling, with what to check. */
void numeric_log_refusal(const irc_event *ev);

#endif
