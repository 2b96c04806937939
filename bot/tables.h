/* tables.h — the per-channel games and their seats: lobby, play, timers, presence.
 * Driven by events that carry the time; writes what to say into an outbox; no I/O, no clock. */
#ifndef DURAK_TABLES_H
#define DURAK_TABLES_H

#include <stddef.h>
#include <stdint.h>

#include "casemap.h"
#include "config.h"
#include "outbox.h"

typedef struct tables tables;

/* Who sent an event (user and host may be "" when unknown). */
typedef struct {
    const char *nick, *user, *host;
} tables_who;

/* `cfg` is copied; `seed` drives the shuffles (main passes getrandom() bytes). */
tables *tables_new(const bot_config *cfg, uint64_t seed);
void tables_free(tables *t);
/* New settings (SIGHUP): prefix, timeouts, defaults, ui, admins. Running games go on. */
void tables_reconfigure(tables *t, const bot_config *cfg);
/* From ISUPPORT CASEMAPPING (default rfc1459). */
void tables_set_casemapping(tables *t, casemap m);
/* The bot's own nick: its own lines and joins are ignored. */
void tables_set_own_nick(tables *t, const char *nick);

void tables_on_channel(tables *t, double now, const tables_who *w, const char *channel,
                       const char *text, outbox *o);
void tables_on_private(tables *t, double now, const tables_who *w, const char *text, outbox *o);
void tables_on_nick(tables *t, double now, const char *old_nick, const char *new_nick, outbox *o);
void tables_on_join(tables *t, double now, const tables_who *w, const char *channel, outbox *o);
/* A part or a kick of `nick` from `channel`. */
void tables_on_part(tables *t, double now, const char *nick, const char *channel, outbox *o);
void tables_on_quit(tables *t, double now, const char *nick, outbox *o);
/* Timers: call at (or after) tables_next_deadline(). */
void tables_on_tick(tables *t, double now, outbox *o);
/* The earliest timer as an absolute time, or -1 when none runs (all paused or no games). */
double tables_next_deadline(const tables *t);
/* The connection dropped: every timer stops where it is. */
void tables_on_disconnect(tables *t, double now);
/* Connected again and channels rejoined: timers resume; each game repeats its table. */
void tables_on_reconnect(tables *t, double now, outbox *o);
/* Games (lobbies included) now open, for status lines. */
size_t tables_count(const tables *t);

#endif
