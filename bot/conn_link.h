/* conn_link.h — what conn.c needs of the configuration to connect and quit: its relay (link.h)
 * with the irc.* settings, libircclient's printf formats kept harmless, QUIT in game.language. */
#ifndef DURAK_CONN_LINK_H
#define DURAK_CONN_LINK_H

#include <stdbool.h>
#include <stddef.h>

#include "config.h"
#include "irc.h"
#include "link.h"
#include "link_enc.h"

/* Whether irc.nick, username, realname or password holds '%' (libircclient uses them as printf
 * formats; the config refuses '%' too). */
bool conn_has_percent(const bot_config *c);

/* The relay's options from the irc.* settings (the strings stay cf's). */
link_opts conn_link_opts(const bot_config *cf);

/* Every connection goes through the relay: TLS or plain, the wire guard, CAP, SASL; libircclient
 * talks to its end of a socket pair, *fd. people: who writes UTF-8 ("auto"), kept by the caller
 * from one connection to the next. NULL with err when it cannot start. */
link_relay *conn_start_relay(const bot_config *cf, link_enc_people *people, int *fd, char *err,
                             size_t errlen);

/* The relay's descriptors and libircclient's, for the loop's wait. */
void conn_link_fds(link_relay *r, irc_client *irc, fd_set *in, fd_set *out, int *maxfd);
/* After a wait: the relay first (what it gives libircclient is read in the same turn), then
 * libircclient, then the relay again for what libircclient wrote. False with err when
 * libircclient's connection broke (the relay's failure, if any, is link_failed's). */
bool conn_link_process(link_relay *r, irc_client *irc, fd_set *in, fd_set *out, char *err,
                       size_t errlen);

/* Says goodbye: QUIT, its reason in game.language, so that a Russian network reads Russian in
 * every channel; link_send's answer. */
link_send_result conn_link_quit(link_relay *r, const bot_config *cf);

#endif
