/* conn_members.h — the services account of each channel member, as the server tells it; every
 * event's irc_event.account is filled from here, and all is forgotten when the connection drops. */

/* Where accounts come from: extended-join (JOIN #chan account :realname), account-notify (ACCOUNT
 * name, "*" for a logout), the `account` tag of any line (passed on by bot/link.h), and WHOX
 * replies (354 to WHO #chan %tcuhnfa). */
#ifndef DURAK_CONN_MEMBERS_H
#define DURAK_CONN_MEMBERS_H

#include <stdbool.h>

#include "casemap.h"
#include "irc.h"

#define MEMBERS_WHOX_TOKEN "152" /* the token of our WHOX requests */

typedef struct members members;

members *conn_members_new(void);
void conn_members_free(members *m);
/* Forgets everyone (a new connection). */
void conn_members_clear(members *m);

/* Notes what ev tells (JOIN, ACCOUNT, NICK, PART, KICK, QUIT, the account tag) and returns the
 * sender's account for it ("" when none or unknown), valid until the next call. `me` is the
 * bot's nick: when the bot leaves a channel, its members there are forgotten. */
const char *conn_members_on_event(members *m, casemap cm, const irc_event *ev, const char *me);

/* Whether nick is known as a member of chan. */
bool conn_members_in(const members *m, casemap cm, const char *chan, const char *nick);

/* 352 RPL_WHOREPLY or 354 (WHOX, our token): notes the member and fills *join with a JOIN event
 * for the games (strings from ev and m, valid until the next call); false for the bot itself
 * or a reply that does not fit. */
bool conn_members_who_reply(members *m, casemap cm, const irc_event *ev, const char *me,
                            irc_event *join);

#endif
