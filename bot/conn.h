/* conn.h — the IRC connection's life, from connecting to reconnecting, and the writer that
 * drains the send queue; it hands the games' events on through hooks. */

/* What that life holds: connect (plain, or TLS through the relay), register, nick collisions,
 * NickServ, ISUPPORT, joins, CTCP, its own PING timer, reconnect back-off and the writer that
 * drains the send queue. */
#ifndef DURAK_CONN_H
#define DURAK_CONN_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "casemap.h"
#include "config.h"
#include "irc.h"
#include "loop.h"
#include "outq.h"

typedef struct {
    /* A line for the games: PRIVMSG, JOIN (members found by WHO too), PART, KICK, QUIT, NICK. */
    void (*event)(void *ctx, const irc_event *ev, double now);
    /* Registered and the channels joined (again): the games go on. */
    void (*ready)(void *ctx, double now);
    /* The link went down (or a connection attempt failed): the games pause. */
    void (*lost)(void *ctx, double now, const char *why);
    /* The bot's own nick now, and the server's CASEMAPPING. */
    void (*own_nick)(void *ctx, const char *nick);
    void (*casemapping)(void *ctx, casemap m);
    /* The server charges each line seconds (005 PENALTY; false again when the link is gone). */
    void (*penalty)(void *ctx, bool on);
    void *ctx;
} conn_hooks;

typedef struct conn conn;

#define CONN_QUIET 5.0

/* Its timers and its descriptors go into `l`; it writes `q` to the server as the loop's stage
 * "write" (conn_write). `cfg` is copied; `seed` drives the reconnect jitter. The first
 * connection starts at once. */
conn *conn_new(loop *l, outq *q, const bot_config *cfg, const conn_hooks *h, uint64_t seed);
void conn_free(conn *c);

/* The stage that sends what the send queue lets out now. */
void conn_write(void *conn, double now);

/* New settings (SIGHUP); the server, nick and password take effect at the next connection, a
 * channel key at the channel's next JOIN (at once for a channel that refused the old one). */
void conn_reconfigure(conn *c, const bot_config *cfg);
/* JOIN a channel now, with its key of the settings conn_reconfigure gave, if the channels are
 * joined (else it is joined with the others). */
void conn_join(conn *c, const char *channel);
bool conn_joined(const conn *c);
bool conn_ready(const conn *c);
/* Has the server been heard in the last CONN_QUIET seconds? If not, a PING goes out (unless one
 * is out already) and this stays false until a line comes: a time-out asks first, since a frozen
 * server holds the moves it would punish. conn_heard_at: when the last line came. */
bool conn_answering(conn *c, double now);
double conn_heard_at(const conn *c);
const char *conn_nick(const conn *c);
casemap conn_casemap(const conn *c);

/* Shutting down: events are no longer handed on; conn_flushing tells whether lines are still
 * waiting to go out; conn_quit sends QUIT; conn_open tells whether the server has closed yet. */
void conn_stop(conn *c);
bool conn_flushing(const conn *c);
void conn_quit(conn *c);
bool conn_open(const conn *c);
void conn_close(conn *c);

#endif
