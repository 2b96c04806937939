/* store_site.c — what the web pages read from the state database: people with their page numbers
 * and `set site`, a person's games with rating changes, channels, latest games, channel boards. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sqlite3_stmt *prepare(store *s, const char *sql)
{
    sqlite3_stmt *st = NULL;
    store_clear_error(s);
    if (!store_online(s, "could not read the site's data", "check state.database"))
        return NULL;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
        store_fail(s, "could not read the site's data", "check the database file");
        sqlite3_finalize(st);
        return NULL;
    }
    return st;
}

/* Steps st to its end, calling row for each; the count, or -1 on error. */
static long long each_row(store *s, sqlite3_stmt *st, void (*row)(sqlite3_stmt *st, void *arg),
                          void *arg)
{
    long long n = 0;
    int rc;
    if (!st)
        return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        row(st, arg);
        n++;
    }
    if (rc != SQLITE_DONE) {
        store_fail(s, "could not read the site's data", "check the database file");
        n = -1;
    }
    sqlite3_finalize(st);
    return n;
}

static void text(sqlite3_stmt *st, int col, char *out, size_t cap)
{
    const char *v = (const char *)sqlite3_column_text(st, col);
    snprintf(out, cap, "%s", v ? v : "");
}

struct cb_ctx {
    void (*fn)(void *ctx, const void *item);
    void *ctx;
    store *s;
};

static void person_row(sqlite3_stmt *st, void *arg)
{
    struct cb_ctx *c = arg;
    store_site_person p;
    memset(&p, 0, sizeof p);
    store_read_player(st, &p.p);
    p.id = sqlite3_column_int64(st, 10);
    p.hidden = sqlite3_column_int(st, 11) == 2;
    text(st, 12, p.language, sizeof p.language);
    c->fn(c->ctx, &p);
}

long long store_site_people(store *s, void (*cb)(void *ctx, const store_site_person *p), void *ctx)
{
    struct cb_ctx c = { (void (*)(void *, const void *))cb, ctx, s };
    return each_row(
        s,
        prepare(s, "SELECT pl.key, pl.display, pl.games, pl.firsts, pl.duraks,"
                   " pl.draws, pl.forfeits, pl.rating, pl.team_wins, pl.team_losses, pl.rowid,"
                   " pr.site, pr.language"
                   " FROM players pl LEFT JOIN prefs pr ON pr.key = CASE"
                   " WHEN substr(pl.key, 1, 1) = '+' THEN substr(pl.key, 2)"
                   " ELSE pl.key END ORDER BY pl.key"),
        person_row, &c);
}

long long store_site_person_id(store *s, const char *key)
{
    if (record_key_is_bot(key)) /* computer players have no page (site_has_page) */
        return 0;
    /* the person's channel row; else, for one who played only private games, their "+" row */
    sqlite3_stmt *st = prepare(s, "SELECT pl.rowid, pr.site FROM players pl LEFT JOIN prefs pr"
                                  " ON pr.key = ?1 WHERE pl.key IN (?1, '+' || ?1)"
                                  " ORDER BY substr(pl.key, 1, 1) = '+' LIMIT 1");
    long long id = 0;
    if (!st)
        return 0;
    const char *person = key[0] == '+' ? key + 1 : key;
    sqlite3_bind_text(st, 1, person, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 1) != 2)
        id = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return id;
}

static void entry_row(sqlite3_stmt *st, void *arg)
{
    struct cb_ctx *c = arg;
    store_site_entry e;
    memset(&e, 0, sizeof e);
    e.game = sqlite3_column_int64(st, 0);
    e.ended_at = sqlite3_column_int64(st, 1);
    text(st, 2, e.channel, sizeof e.channel);
    text(st, 3, e.channel_key, sizeof e.channel_key);
    e.nseats = sqlite3_column_int(st, 4);
    e.place = sqlite3_column_int(st, 5);
    e.durak = sqlite3_column_int(st, 6) != 0;
    e.forfeited = sqlite3_column_int(st, 7) != 0;
    e.draw = sqlite3_column_int(st, 8) != 0;
    e.rated = sqlite3_column_type(st, 9) != SQLITE_NULL;
    e.rating_before = store_read_rating(st, 9);
    e.rating_after = store_read_rating(st, 10);
    e.worst = sqlite3_column_int(st, 11);
    e.teams = sqlite3_column_int(st, 12) != 0;
    text(st, 13, e.result, sizeof e.result);
    e.seat = sqlite3_column_int(st, 14);
    e.durak_seat = sqlite3_column_int(st, 15);
    e.forfeit_seat = sqlite3_column_int(st, 16);
    text(st, 17, e.language, sizeof e.language);
    c->fn(c->ctx, &e);
}

long long store_site_games_of(store *s, const char *key, int limit,
                              void (*cb)(void *ctx, const store_site_entry *e), void *ctx)
{
    struct cb_ctx c = { (void (*)(void *, const void *))cb, ctx, s };
    sqlite3_stmt *st =
        prepare(s, "SELECT g.id, g.ended_at, g.channel, g.channel_key, g.players, gs.place,"
                   " gs.durak, gs.forfeited, g.draw, gs.rating_before, gs.rating_after,"
                   " (SELECT max(place) FROM game_seats w WHERE w.game = g.id AND NOT w.forfeited),"
                   " g.teams, g.result, gs.seat,"
                   " coalesce((SELECT min(seat) FROM game_seats d WHERE d.game = g.id AND d.durak),"
                   " -1), coalesce((SELECT min(seat) FROM game_seats f WHERE f.game = g.id"
                   " AND f.forfeited), -1), g.language"
                   " FROM game_seats gs JOIN games g ON g.id = gs.game WHERE gs.key = ?1"
                   " ORDER BY gs.game DESC LIMIT ?2");
    if (st) {
        sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(st, 2, limit);
    }
    return each_row(s, st, entry_row, &c);
}

static void channel_row(sqlite3_stmt *st, void *arg)
{
    struct cb_ctx *c = arg;
    store_site_channel ch;
    text(st, 0, ch.channel, sizeof ch.channel);
    text(st, 1, ch.key, sizeof ch.key);
    ch.games = sqlite3_column_int64(st, 2);
    ch.first = sqlite3_column_int64(st, 3);
    ch.latest = sqlite3_column_int64(st, 4);
    c->fn(c->ctx, &ch);
}

long long store_site_channels(store *s, void (*cb)(void *ctx, const store_site_channel *ch),
                              void *ctx)
{
    struct cb_ctx c = { (void (*)(void *, const void *))cb, ctx, s };
    return each_row(s,
                    prepare(s, "SELECT max(channel), channel_key, count(*), min(id), max(id)"
                               " FROM games GROUP BY channel_key ORDER BY channel_key"),
                    channel_row, &c);
}

struct id_ctx {
    void (*fn)(void *ctx, long long id);
    void *ctx;
};

static void id_row(sqlite3_stmt *st, void *arg)
{
    struct id_ctx *c = arg;
    c->fn(c->ctx, sqlite3_column_int64(st, 0));
}

long long store_site_game_ids(store *s, void (*cb)(void *ctx, long long id), void *ctx)
{
    struct id_ctx c = { cb, ctx };
    return each_row(s, prepare(s, "SELECT id FROM games ORDER BY id"), id_row, &c);
}

static void stamp_row(sqlite3_stmt *st, void *arg)
{
    char seed[80];
    text(st, 1, seed, sizeof seed);
    snprintf(arg, 96, "%lld:%s", (long long)sqlite3_column_int64(st, 0), seed);
}

bool store_site_stamp(store *s, char buf[96])
{
    buf[0] = '\0';
    return each_row(s, prepare(s, "SELECT id, seed FROM games ORDER BY id LIMIT 1"), stamp_row, buf)
           >= 0;
}

static void channel_key_row(sqlite3_stmt *st, void *arg)
{
    struct cb_ctx *c = arg;
    char key[64];
    text(st, 0, key, sizeof key);
    c->fn(c->ctx, key);
}

long long store_site_channels_of(store *s, const char *key,
                                 void (*cb)(void *ctx, const char *channel_key), void *ctx)
{
    struct cb_ctx c = { (void (*)(void *, const void *))cb, ctx, s };
    sqlite3_stmt *st = prepare(s, "SELECT DISTINCT g.channel_key FROM game_seats gs JOIN games g"
                                  " ON g.id = gs.game WHERE gs.key = ?1");
    if (st)
        sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
    return each_row(s, st, channel_key_row, &c);
}

/* Each game of st's ids (at most 128 of them), in their order, to cb; how many, or -1. */
static long long each_game(store *s, sqlite3_stmt *st, void (*cb)(void *ctx, const store_game *g),
                           void *ctx)
{
    long long ids[128], n = 0;
    int rc;
    if (!st)
        return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && n < 128)
        ids[n++] = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW)
        return store_fail(s, "could not read the games", "check the database file") - 1;
    store_game *g = malloc(sizeof *g);
    if (!g)
        return -1;
    for (long long i = 0; i < n; i++)
        if (store_get_game(s, ids[i], g))
            cb(ctx, g);
    free(g);
    return n;
}

long long store_site_latest(store *s, const char *channel_key, int limit,
                            void (*cb)(void *ctx, const store_game *g), void *ctx)
{
    sqlite3_stmt *st =
        prepare(s, "SELECT id FROM games WHERE channel_key = ?1 ORDER BY id DESC LIMIT ?2");
    if (st) {
        sqlite3_bind_text(st, 1, channel_key, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(st, 2, limit < 64 ? limit : 64);
    }
    return each_game(s, st, cb, ctx);
}

long long store_site_range(store *s, long long first, long long last,
                           void (*cb)(void *ctx, const store_game *g), void *ctx)
{
    sqlite3_stmt *st = prepare(s, "SELECT id FROM games WHERE id BETWEEN ?1 AND ?2 ORDER BY id "
                                  "DESC LIMIT 128");
    if (st) {
        sqlite3_bind_int64(st, 1, first);
        sqlite3_bind_int64(st, 2, last);
    }
    return each_game(s, st, cb, ctx);
}

struct board_ctx {
    store_site_board_row *out;
    int n;
};

static void board_row(sqlite3_stmt *st, void *arg)
{
    struct board_ctx *b = arg;
    store_site_board_row *r = &b->out[b->n++];
    text(st, 0, r->key, sizeof r->key);
    r->games = sqlite3_column_int(st, 1);
    r->firsts = sqlite3_column_int(st, 2);
    r->duraks = sqlite3_column_int(st, 3);
}

int store_site_board(store *s, const char *channel_key, int n, store_site_board_row *out)
{
    struct board_ctx b = { out, 0 };
    sqlite3_stmt *st =
        /* out first as store_count counts it: in a draw too, unless the last place was shared
         * by all */
        prepare(s, "SELECT gs.key, count(*), sum(gs.place = 1 AND NOT gs.forfeited AND NOT gs.durak"
                   " AND NOT (g.draw AND gs.place = (SELECT max(w.place) FROM game_seats w"
                   " WHERE w.game = g.id AND NOT w.forfeited))),"
                   " sum(gs.durak) FROM game_seats gs JOIN games g ON g.id = gs.game"
                   " LEFT JOIN players p ON p.key = gs.key"
                   " WHERE g.channel_key = ?1 AND substr(gs.key, 1, 1) NOT IN ('*', '+')"
                   " GROUP BY gs.key ORDER BY max(p.rating) DESC, count(*) DESC, gs.key LIMIT ?2");
    if (st) {
        sqlite3_bind_text(st, 1, channel_key, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(st, 2, n);
    }
    return each_row(s, st, board_row, &b) < 0 ? -1 : b.n;
}
