/* conn_isupport.h — what the bot reads of 005 RPL_ISUPPORT: CASEMAPPING, BOT, WHOX, LINELEN,
 * NICKLEN, PENALTY, TARGMAX's JOIN, CPRIVMSG, CNOTICE, PREFIX and CHANMODES. Pure. */

/* They are read in every 005 line as it comes (the relay splits them so that libircclient's 10
 * parameters lose nothing). */
#ifndef DURAK_CONN_ISUPPORT_H
#define DURAK_CONN_ISUPPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "casemap.h"
#include "irc.h"

typedef struct {
    bool has_casemapping; /* CASEMAPPING= was in the line: cm is its value */
    casemap cm;
    char bot_mode;          /* BOT=<letter>: the letter; '\0' when absent or not a letter */
    bool whox;              /* WHOX: WHO #chan %tcuhnfa tells accounts */
    unsigned linelen;       /* LINELEN=n (bytes with CR LF); 0 when absent or not a number */
    unsigned nicklen;       /* NICKLEN=n; 0 when absent or not a number */
    bool penalty;           /* PENALTY: the server charges each line seconds (IRCnet's ircd 2.11) */
    bool has_targmax;       /* TARGMAX= was in the line: join_max is what it says of JOIN */
    unsigned join_max;      /* channels one JOIN may name; 0: no limit (JOIN: empty or absent) */
    bool cprivmsg, cnotice; /* CPRIVMSG, CNOTICE: a private line may go through a shared channel */
    /* PREFIX=(ov)@+: the status modes and their prefixes, as many of each; "" when absent or
     * not of that form */
    char prefix_modes[16], prefix_chars[16];
    char chanmodes[64]; /* CHANMODES=A,B,C,D as it stands; "" when absent */
} isupport;

/* Reads one 005 line (params[0] is the bot's nick): *out is filled from scratch. */
void conn_isupport_read(const irc_event *ev, isupport *out);

/* The bot user mode asked for after a 005 with BOT=, and whether its refusal was logged
 * (conn_numeric_log_refusal: 501 or 472 then, once per run). Zeroed to start. */
typedef struct {
    char asked; /* the letter asked for last; '\0' before */
    bool told;  /* a refusal was logged */
} isupport_botmode;

/* "MODE nick +B" into line when is names a bot mode (noted in *b); false when it names none, or
 * the one asked for already on this connection (b->asked, cleared at each new connection). */
bool conn_isupport_botmode_line(isupport_botmode *b, const isupport *is, const char *nick,
                                char *line, size_t cap);

#endif
