/* irc_event_fixture.h — for unit tests: an irc_event (bot/irc.h) as irc.c would hand it on, from
 * its parts, from a user u@h with no account and no text. */
#ifndef DURAK_TEST_IRC_EVENT_FIXTURE_H
#define DURAK_TEST_IRC_EVENT_FIXTURE_H

#include "irc.h"

static inline irc_event ev(irc_event_kind kind, const char *nick, const char *target,
                           const char *arg, const char **params, unsigned count)
{
    return (irc_event){ .kind = kind,
                        .nick = nick,
                        .user = "u",
                        .host = "h",
                        .account = "",
                        .target = target,
                        .arg = arg,
                        .text = "",
                        .params = params,
                        .count = count };
}

#endif
