/* tables_internal.h — the tables module's own types (seats, a channel's table, the tables)
 * shared by its files (tables.c, tables_snapshot.c); no other module includes it. */
#ifndef DURAK_TABLES_INTERNAL_H
#define DURAK_TABLES_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "durak.h"
#include "ratelimit.h"
#include "rng.h"
#include "tables.h"

enum { TABLES_MAX = 2 * CONFIG_MAX_CHANNELS, NICK_MAX = 64, TABLES_LINE_MAX = 1024 };

typedef struct {
    char nick[NICK_MAX], user[64], host[128];
    bool absent; /* parted or quit: held for rejoin_grace */
    double grace_deadline;
    int timeouts; /* in a row */
    int ai;       /* -1: a person; else the ai_level of a computer player */
} seat_t;

typedef struct {
    bool used, playing;
    char channel[64];
    durak_options opt;
    seat_t seat[DURAK_MAX_PLAYERS];
    int nseats;
    int creator; /* seat index */
    double lobby_deadline;
    durak_game g;
    double turn_deadline;
    bool warned;
    bool dirty;       /* changed since tables_take_changes() */
    bool restored;    /* from a snapshot: announce when connected */
    uint32_t version; /* bumped at every move: stale computer decisions are dropped */
    bool ai_pending;  /* a computer player's decision is being computed */
    double ai_due;    /* when a computer player to act may move (game.bot_delay) */
} table_t;

struct tables {
    bot_config cfg;
    casemap cm;
    char own_nick[NICK_MAX];
    rng_t rng;
    ratelimit rl;
    store *db;   /* stats; NULL when none is kept */
    bool paused; /* not connected: timers stand still */
    double paused_at;
    table_t tab[TABLES_MAX];
    char closed[TABLES_MAX][64]; /* channels whose table closed since tables_take_changes() */
    int nclosed;
};

/* The table of a channel, or NULL. */
table_t *tables_find(tables *t, const char *channel);
/* A new, empty table for channel (marked changed), or NULL when all are in use. */
table_t *tables_open(tables *t, const char *channel);
/* printf onto buf at *len, clamped: a long line is cut, never overrun. */
void tables_appendf(char *buf, size_t cap, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
