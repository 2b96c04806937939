/* isupport: what the bot reads of 005 RPL_ISUPPORT, in every 005 line as it comes (the relay
 * splits them so that libircclient's 10 parameters lose nothing): CASEMAPPING, BOT (the letter
 * of the bot user mode) and WHOX. Pure. */
#ifndef DURAK_ISUPPORT_H
#define DURAK_ISUPPORT_H

#include <stdbool.h>

#include "casemap.h"
#include "irc.h"

typedef struct {
    bool has_casemapping; /* CASEMAPPING= was in the line: cm is its value */
    casemap cm;
    char bot_mode; /* BOT=<letter>: the letter; '\0' when absent or not a letter */
    bool whox;     /* WHOX: WHO #chan %tcuhnfa tells accounts */
} isupport;

/* Reads one 005 line (params[0] is the bot's nick): *out is filled from scratch. */
void isupport_read(const irc_event *ev, isupport *out);

#endif
