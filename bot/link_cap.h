/* link_cap.h — CAP negotiation and SASL, as the relay does them before libircclient's registration
 * reaches the server: lines from the server in, lines to it out, a state; no I/O but the log. */

/* Lines from the server come in parsed by link_guard, lines to the server go out in link_cap.out;
 * the state: negotiating, released (libircclient's lines may go), failed.
 *
 * CAP LS 302; CAP REQ for what the server offers of sasl (only when SASL is configured),
 * account-notify, extended-join, away-notify, chghost, multi-prefix, message-tags, account-tag;
 * then AUTHENTICATE (PLAIN: base64 of "user\0user\0password" in 400-byte pieces; EXTERNAL: "+"),
 * 903 or 907 = success, 902/904/905/906 = failure (fatal when required), then CAP END.
 * A server without CAP (421/451 to CAP, 001 without a word to CAP, or silence until
 * link_cap_timeout) is released at once, unless SASL is required; after 001 no CAP END is sent
 * (the relay sends libircclient's NICK/USER right after CAP LS, so such a server registers the bot
 * without waiting). */
#ifndef DURAK_LINK_CAP_H
#define DURAK_LINK_CAP_H

#include <stdbool.h>
#include <stddef.h>

#include "link.h"
#include "link_guard.h"

typedef enum {
    LINK_CAP_LS,
    LINK_CAP_REQ,
    LINK_CAP_SASL,
    LINK_CAP_DONE,
    LINK_CAP_FAILED
} link_cap_state;

typedef struct {
    link_sasl mech;
    char user[256], pass[256];
    bool required;
    link_cap_state state;
    char offered[2048]; /* CAP LS so far (it may come in several lines) */
    char acked[512];    /* what the server ACKed */
    char out[2048];     /* lines to send to the server, CR LF each */
    size_t out_len;
    char error[1000]; /* LINK_CAP_FAILED: the log line (the caller logs it) */
} link_cap;

/* Starts: queues CAP LS 302. user/pass may be NULL. */
void link_cap_start(link_cap *c, link_sasl mech, const char *user, const char *pass, bool required);

/* A server line while negotiating (state < LINK_CAP_DONE): true when the relay keeps it (CAP,
 * AUTHENTICATE, SASL numerics 902-908 except 900, PING answered here, 001 when SASL is required),
 * false to pass it on. */
bool link_cap_on_line(link_cap *c, const link_msg *m);

/* No answer to CAP in time: released, or failed when SASL is required. */
void link_cap_timeout(link_cap *c);

static inline bool link_cap_released(const link_cap *c) { return c->state == LINK_CAP_DONE; }

#endif
