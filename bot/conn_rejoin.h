/* conn_rejoin.h — joining the configured channels (with their keys) in few JOIN lines, and those
 * the server refused or the bot was kicked from joined again, each with its own back-off. Pure. */

/* Joining the configured channels in as few JOIN lines as the server's TARGMAX and LINELEN allow,
 * and channels the server refused (471 full, 473 invite only, 474 banned, 475 wrong key, 477 needs
 * a registered nick): each is logged and tried again with its own back-off (30 s, doubling up to 10
 * minutes) until it is joined; at once when what it needed may have come (477 after the bot
 * identified, 475 after a reload gave the channel another key). A kick is answered by a JOIN at once, unless kicks come one after another: then with
 * a back-off of its own. Pure: JOIN lines go into the send queue's raw lines, time comes in as arguments, and
 * conn arms one timer at conn_rejoin_deadline. */
#ifndef DURAK_CONN_REJOIN_H
#define DURAK_CONN_REJOIN_H

#include <stdbool.h>

#include "casemap.h"
#include "config.h"
#include "irc.h"
#include "conn_isupport.h"
#include "outq.h"

typedef struct rejoin rejoin;

rejoin *conn_rejoin_new(outq *q);
void conn_rejoin_free(rejoin *r);
/* Forgets every channel and the server's limits (a new connection joins them all anew). */
void conn_rejoin_clear(rejoin *r);

/* What one 005 line says of TARGMAX's JOIN (a line without it keeps the last). LINELEN is not
 * kept here: conn_rejoin_join_all asks the send queue (outq_raw_max). */
void conn_rejoin_isupport(rejoin *r, const isupport *is);
/* JOIN lines for every channel of cfg, as few as the limits allow, each with its key
 * (channel_settings): the channels with one first, as JOIN pairs keys with channels in order. */
void conn_rejoin_join_all(rejoin *r, const bot_config *cfg);
/* One JOIN of channel, with its key in cfg if it has one. */
void conn_rejoin_join(rejoin *r, const bot_config *cfg, const char *channel);

/* The server refused channel with code (why: its text). no_retry: NULL to try again later, or
 * why not (logged, and the channel waits for conn_rejoin_now). A wrong or missing key (475) is
 * logged with the key of cfg's channel_settings to fix or give, not the key. */
void conn_rejoin_refused(rejoin *r, casemap cm, const bot_config *cfg, const char *channel,
                         unsigned code, const char *why, const char *no_retry, double now);
/* Whether numeric ev refuses the bot a channel: 471/473/474/475/477, a join throttle (437 about a
 * channel, charybdis' 480) or a forward elsewhere (470, +L). */
bool conn_rejoin_is_refusal(const irc_event *ev);
/* Such a numeric (others are ignored): conn_rejoin_refused with its channel, code and text. */
void conn_rejoin_on_numeric(rejoin *r, casemap cm, const bot_config *cfg, const irc_event *ev,
                            const char *no_retry, double now);
/* Whether channel is one of cfg's irc.channels: the server may join the bot to others (an
 * autojoin, a forward), where it hosts no game and is not joined again after a kick. */
bool conn_rejoin_wanted(casemap cm, const bot_config *cfg, const char *channel);
/* The bot was kicked from channel: JOIN at once, unless it was kicked there shortly before (within
 * ten minutes of coming back): then it waits 30 s, doubling with each such kick up to 10 minutes.
 * Its JOINs carry its key in cfg. */
void conn_rejoin_kicked(rejoin *r, casemap cm, const bot_config *cfg, const char *channel,
                        double now);
/* The bot is in channel now, or it is no longer wanted: forgotten. */
void conn_rejoin_forget(rejoin *r, casemap cm, const char *channel);
/* Only the channels of cfg stay wanted (SIGHUP, was the config before it). A channel that refused
 * its key (475) and has another in cfg is tried again at now: true then (arm the timer). */
bool conn_rejoin_keep(rejoin *r, casemap cm, const bot_config *was, const bot_config *cfg,
                      double now);
/* The channels refused with code are tried again at once (477 once identified). */
void conn_rejoin_now(rejoin *r, unsigned code, double now);
/* An INVITE to channel: if its join was refused, it is tried again at once (an operator who lifts
 * a ban or +i and invites the bot wants it back now, not at the back-off's end). */
void conn_rejoin_invited(rejoin *r, casemap cm, const char *channel, double now);

/* When conn_rejoin_tick wants to run, or -1. */
double conn_rejoin_deadline(const rejoin *r);
/* The channels due are joined again, each with its key in cfg. */
void conn_rejoin_tick(rejoin *r, const bot_config *cfg, double now);

#endif
