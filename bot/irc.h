/* irc.h — the IRC adapter, the only user of libircclient: connection, registration, reconnection
 * with back-off, its own PING timer, and the one select() loop that feeds tables and drains outq. */
#ifndef DURAK_IRC_H
#define DURAK_IRC_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "aiworker.h"
#include "config.h"
#include "outq.h"
#include "store.h"
#include "tables.h"

/* Bits the signal handler ORs into the flag that ircad_run watches. */
enum { IRCAD_SIG_STOP = 1, IRCAD_SIG_HUP = 2 };

/* The loop context: config, session, timers; it borrows tables and the send queue. */
typedef struct ircad ircad;

/* `cfg` is copied; `t`, `q`, `db` (tables saved after every change; may be NULL) and `ai`
 * (computer players' threads; may be NULL) stay the caller's. `seed` drives the reconnect
 * jitter. Returns NULL if out of memory. */
ircad *ircad_new(const bot_config *cfg, tables *t, outq *q, store *db, aiworker *ai, uint64_t seed);
/* SIGHUP calls reload(ctx, &new_config): true with a valid new config, false (having logged
 * why) to keep the old one. Without it SIGHUP keeps the old config. */
void ircad_set_reload(ircad *a, bool (*reload)(void *ctx, bot_config *out), void *ctx);
void ircad_free(ircad *a);

/* Connects and runs until IRCAD_SIG_STOP is set in *signals, reconnecting as needed; then sends
 * QUIT, flushes for about a second and returns 0. The caller keeps the signals blocked: they are
 * delivered only while the loop waits in pselect() with `waitmask`. */
int ircad_run(ircad *a, volatile sig_atomic_t *signals, const sigset_t *waitmask);

#endif
