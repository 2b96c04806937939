/* conn_chanop.h — CPRIVMSG and CNOTICE: whether the bot is an operator, per channel, and private
 * lines to a member of such a channel rewritten to escape target-change limits. Pure. */

/* Servers that advertise them in 005 ISUPPORT (tokens CPRIVMSG, CNOTICE; ircd-hybrid, ratbox,
 * charybdis lineage) let a channel operator send private lines to a member of that channel as
 * `CPRIVMSG nick #chan :text`, exempt from the target-change limits that otherwise throttle a bot
 * talking to many players. So chanop knows, per channel, whether the bot is an operator there: from
 * 353 RPL_NAMREPLY (its nick with '@', or a rank above it in PREFIX) and MODE +o/-o on itself
 * (parameters counted by PREFIX and CHANMODES), forgotten when it joins, parts or is kicked. A
 * private PRIVMSG/NOTICE to a nick who shares such a channel with the bot (bot/conn_members.h) is
 * rewritten on its way out. Pure; zeroed means "nothing known". */
#ifndef DURAK_CONN_CHANOP_H
#define DURAK_CONN_CHANOP_H

#include <stdbool.h>

#include "casemap.h"
#include "irc.h"
#include "conn_isupport.h"
#include "conn_members.h"

#define CHANOP_MAX 64 /* channels where the bot is an operator, noted; more are not */

typedef struct {
    bool cprivmsg, cnotice;      /* 005 tokens */
    char pmodes[16], pchars[16]; /* PREFIX=(ov)@+ ; "" before: (qaohv)~&@%+ */
    char chanmodes[64];          /* CHANMODES=A,B,C,D ; "" before: beI,k,l, */
    char ops[CHANOP_MAX][64];    /* the channels */
    int nops;
    char line[512]; /* what conn_chanop_line returns when it rewrites */
} chanop;

/* A new connection: nothing known. */
void conn_chanop_clear(chanop *o);
/* Notes what one 005 line says (conn_isupport_read): CPRIVMSG, CNOTICE, PREFIX, CHANMODES; what
 * it does not name stays as an earlier line said it. */
void conn_chanop_isupport(chanop *o, const isupport *is);
/* Notes what ev tells: 353, MODE (IRC_EV_OTHER, arg "MODE"), the bot's JOIN, PART, KICK.
 * `me` is the bot's nick. */
void conn_chanop_on_event(chanop *o, casemap cm, const irc_event *ev, const char *me);
/* Whether the bot is a channel operator in chan, as noted (the tests read it). */
bool conn_chanop_is_op(const chanop *o, casemap cm, const char *chan);
/* The line to send for `line` (an outgoing line without CR LF; NULL gives NULL): "CPRIVMSG nick
 * #chan :text" for "PRIVMSG nick :text" when the server offers CPRIVMSG and nick is in a channel
 * of m where the bot is an operator (CNOTICE likewise); else line itself. Valid until the next
 * call. */
const char *conn_chanop_line(chanop *o, const members *m, casemap cm, const char *line);

#endif
