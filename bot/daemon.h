/* daemon.h — durakbot's wiring: the loop with its timers, sources and stages for the tables,
 * the computer players, saving, the send queue and the connection; SIGHUP, watchdog, status. */
#ifndef DURAK_DAEMON_H
#define DURAK_DAEMON_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "aiworker.h"
#include "config.h"
#include "loop.h"
#include "outq.h"
#include "store.h"
#include "tables.h"

typedef struct daemon_ctx daemon_ctx;

/* `cfg` is copied; `t`, `q`, `db` (may be NULL: nothing saved) and `ai` (may be NULL:
 * decisions inline) stay the caller's. `seed` drives the reconnect jitter. NULL if out of
 * memory. */
daemon_ctx *daemon_new(const bot_config *cfg, tables *t, outq *q, store *db, aiworker *ai,
                       uint64_t seed);
/* SIGHUP calls reload(ctx, &new_config): true with a valid new config, false (having logged
 * why) to keep the old one. Without it SIGHUP keeps the old config. */
void daemon_set_reload(daemon_ctx *d, bool (*reload)(void *ctx, bot_config *out), void *ctx);
void daemon_free(daemon_ctx *d);
/* A finished game found saved at start (PERSIST_ENDED_KEY) whose end lines may never have gone
 * out: its result is said at where on the first connection, and its row goes once that is sent. */
void daemon_ended(daemon_ctx *d, long long game_id, const char *where);

/* Connects and runs until LOOP_SIG_STOP is set in *signals, reconnecting as needed; then saves
 * every table, sends what it can and QUIT within about a second, and returns 0. The signals
 * stay blocked except while the loop waits with `waitmask`. */
int daemon_run(daemon_ctx *d, volatile sig_atomic_t *signals, const sigset_t *waitmask);

#endif
