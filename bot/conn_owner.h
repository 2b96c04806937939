/* conn_owner.h — the nick is the bot's own: which nick registration tries next, identifying to
 * NickServ, taking the nick back, and holding the bot's lines while it is under another. */

/* Which nick registration tries next (irc.nick, then irc.alt_nicks, then irc.nick with more '_',
 * then random digits); identifying to NickServ for irc.nick ("IDENTIFY <nick> <password>", so it
 * works under any nick) and telling what came of it: identified is 900 RPL_LOGGEDIN or the
 * services' own success reply (Atheme "You are now identified for", Anope "Password accepted"),
 * refused is their wrong-password reply, never "any notice from NickServ"; NickServ absent (401,
 * 402, 440, or no answer) is retried with back-off and at once when NickServ speaks again. Who
 * NickServ is — where these lines go (irc.nickserv_target), which notices are its (its nick, and
 * irc.nickserv_host) — is conn_nickserv.h's. Under another
 * nick (taken at registration, or services renamed the bot to Guest…) it takes its nick back:
 * REGAIN (Atheme), RECOVER (Anope), GHOST then NICK, the next when one is an unknown command or
 * does nothing, the round again with back-off. While it has a way to get its nick back (a NickServ
 * password or a SASL login) and is not under it, it holds: the bot says nothing but its
 * connection's own lines (see conn_owner_holding).
 *
 * Pure: lines go into the send queue as raw lines, time comes in as arguments, and conn arms one
 * timer at conn_owner_deadline that calls conn_owner_tick. */
#ifndef DURAK_CONN_OWNER_H
#define DURAK_CONN_OWNER_H

#include <stdbool.h>
#include <stddef.h>

#include "casemap.h"
#include "config.h"
#include "irc.h"
#include "outq.h"

typedef enum {
    OWNER_ID_NONE,    /* no NickServ password (a SASL login still counts: conn_owner_logged_in) */
    OWNER_ID_SENT,    /* IDENTIFY sent, no answer yet */
    OWNER_ID_OK,      /* identified: 900 or the services' success reply */
    OWNER_ID_REFUSED, /* the password was refused, or the nick is not registered */
    OWNER_ID_ABSENT   /* NickServ is not there: IDENTIFY is tried again */
} owner_id;

typedef struct owner owner;

/* Lines go into q. cfg gives irc.nick, irc.alt_nicks, irc.nickserv_password, irc.nickserv_target
 * and irc.nickserv_host. */
owner *conn_owner_new(outq *q, const bot_config *cfg);
void conn_owner_free(owner *o);
/* New settings (SIGHUP): a new password is used at the next IDENTIFY; a new nick is wanted from
 * now on. */
void conn_owner_reconfigure(owner *o, const bot_config *cfg);
/* A new connection: everything about the last one is forgotten. */
void conn_owner_reset(owner *o);

/* Registration refused the nick it tried (432, 433, 436, 437 before 001): the next nick to try
 * into out (rnd: any random number, for the last tries); false when every try is used up. */
bool conn_owner_next_nick(owner *o, unsigned rnd, char *out, size_t cap);

/* 001: registered as `me`. Identifies, and starts taking irc.nick back if `me` is another. */
void conn_owner_welcome(owner *o, const char *me, double now);
/* Every line from the server (cm: the server's CASEMAPPING), before conn acts on it: 900/901,
 * 401/440 for NickServ, 433/437 after registration, NickServ's notices, the bot's NICK. */
void conn_owner_on_event(owner *o, casemap cm, const irc_event *ev, double now);

/* 005 NICKLEN: an irc.nick longer is cut by this server; the cut nick is the bot's own (the cut
 * is logged once a run, with the lengths; 001 under irc.nick cut short tells it even before). */
void conn_owner_nicklen(owner *o, unsigned nicklen);
/* The nick the bot wants here: irc.nick, cut to the server's NICKLEN. */
const char *conn_owner_nick(const owner *o);

/* When conn_owner_tick wants to run (absolute, like now), or -1. */
double conn_owner_deadline(const owner *o);
void conn_owner_tick(owner *o, double now);

/* Identification has an answer (or needs none): the channels may be joined. */
bool conn_owner_settled(const owner *o);
owner_id conn_owner_identity(const owner *o);
/* 900 seen (SASL, or IDENTIFY): logged in to a services account (the tests read it). */
bool conn_owner_logged_in(const owner *o);
/* Why a channel that wants identification (477) would refuse the bot again, or NULL when it may
 * not: the password was refused, or there is neither a password nor a SASL login. */
const char *conn_owner_hopeless(const owner *o);
/* Whether it is held under another nick because NickServ refused the password (services renamed
 * the bot, Guest…): each call while so (a line to the bot it does not answer) logs why, at most
 * once a minute (now: seconds). */
bool conn_owner_refused(owner *o, double now);
/* While so, an admin wrote to the bot privately: they get one line saying why (in language lang),
 * at most once a minute, ahead of the held lines. */
void conn_owner_tell_admin(owner *o, const char *to, int lang, double now);

/* Registered under a nick other than irc.nick while it can get irc.nick back: say nothing in
 * channels or to players (their lines wait in the send queue) until it has. */
bool conn_owner_holding(const owner *o);

#endif
