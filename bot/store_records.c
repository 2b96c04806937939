/* store_records.c — every finished game's record in the state database: the tables games (options,
 * seed, salt, result, language, moves as record.h's text) and game_seats, written and read back. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GAME_COLUMNS                                                                               \
    "id, channel, channel_key, ended_at, players, variant, throwin, first5, deck, seed, salt,"     \
    " draw, result, truncated, moves, teams, language"

static const char *const sql_insert_game =
    "INSERT INTO games (channel, channel_key, ended_at, players, variant, throwin, first5, deck,"
    " seed, salt, draw, result, truncated, moves, teams, language)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)";
static const char *const sql_insert_seat =
    "INSERT INTO game_seats (game, seat, key, display, place, durak, forfeited, rating_before,"
    " rating_after) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)";
static const char *const sql_seats =
    "SELECT key, display, place, durak, forfeited, rating_before, rating_after FROM game_seats"
    " WHERE game = ?1 ORDER BY seat";

static sqlite3_stmt *prepare(store *s, const char *sql, const char *what)
{
    sqlite3_stmt *st = NULL;
    if (!store_online(s, what, "check state.database"))
        return NULL;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
        store_fail(s, what, "check the database file");
        sqlite3_finalize(st);
        return NULL;
    }
    return st;
}

/* Steps a statement that returns no rows and finalizes it. */
static bool run(store *s, sqlite3_stmt *st, const char *what)
{
    bool ok = sqlite3_step(st) == SQLITE_DONE;
    if (!ok)
        store_fail(s, what, "check free space and permissions of state.database");
    sqlite3_finalize(st);
    return ok;
}

static bool refuse(store *s, const char *why)
{
    store_format(s->error, sizeof s->error, "a game record is refused: %s", why);
    s->refused = true;
    return false;
}

static const char *check_game(const store_result *r, const game_record *g)
{
    if (!g || !g->known)
        return "it has no record";
    if (r->n < 2 || r->n > STORE_MAX_SEATS || g->opt.players != r->n)
        return "its seats and its options differ";
    if (!g->result[0] || !g->channel[0])
        return "it has no result or no channel";
    for (int i = 0; i < r->n; i++)
        if (!r->seat[i].key || !r->seat[i].key[0])
            return "a seat has no key";
    return NULL;
}

static bool insert_seats(store *s, const store_result *r, long long id, const double *before,
                         const double *after)
{
    bool ok = true;
    for (int i = 0; ok && i < r->n; i++) {
        const store_seat *seat = &r->seat[i];
        sqlite3_stmt *st = prepare(s, sql_insert_seat, "could not record a game's seat");
        if (!st)
            return false;
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_int(st, 2, i);
        sqlite3_bind_text(st, 3, seat->key, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 4, seat->display ? seat->display : seat->key, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(st, 5, seat->place);
        sqlite3_bind_int(st, 6, seat->durak);
        sqlite3_bind_int(st, 7, seat->forfeited);
        if (before && after) {
            sqlite3_bind_double(st, 8, before[i]);
            sqlite3_bind_double(st, 9, after[i]);
        }
        ok = run(s, st, "could not record a game's seat");
    }
    return ok;
}

static bool insert_game(store *s, const store_result *r, const game_record *g, long long ended_at,
                        const char *moves)
{
    char seed[24];
    snprintf(seed, sizeof seed, "%" PRIu64, g->seed);
    sqlite3_stmt *st = prepare(s, sql_insert_game, "could not record a game");
    if (!st)
        return false;
    sqlite3_bind_text(st, 1, g->channel, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, g->channel_key[0] ? g->channel_key : g->channel, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 3, ended_at);
    sqlite3_bind_int(st, 4, g->opt.players);
    sqlite3_bind_int(st, 5, g->opt.variant);
    sqlite3_bind_int(st, 6, g->opt.throwin);
    sqlite3_bind_int(st, 7, g->opt.first5);
    sqlite3_bind_int(st, 8, g->opt.deck);
    sqlite3_bind_text(st, 9, seed, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 10, g->salt, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 11, r->draw);
    sqlite3_bind_text(st, 12, g->result, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 13, g->truncated);
    sqlite3_bind_text(st, 14, moves, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 15, g->opt.teams);
    sqlite3_bind_text(st, 16, g->language, -1, SQLITE_TRANSIENT);
    return run(s, st, "could not record a game");
}

bool store_save_game(store *s, const store_result *r, const game_record *rec, long long ended_at)
{
    return store_save_game_rated(s, r, rec, ended_at, NULL, NULL);
}

bool store_save_game_rated(store *s, const store_result *r, const game_record *rec,
                           long long ended_at, const double *before, const double *after)
{
    store_clear_error(s);
    const char *why = check_game(r, rec);
    if (why)
        return refuse(s, why);
    char *moves = malloc(RECORD_TEXT_MAX);
    if (!moves) { /* not the record's fault: a later try may have the memory */
        s->code = SQLITE_NOMEM;
        store_format(s->error, sizeof s->error, "out of memory writing a game's record");
        return false;
    }
    if (!record_format_moves(rec, moves, RECORD_TEXT_MAX)) {
        free(moves);
        return refuse(s, "its moves do not fit");
    }
    bool ok = store_online(s, "could not record a game", "check state.database") && store_begin(s);
    long long id = 0;
    ok = ok && insert_game(s, r, rec, ended_at, moves)
         && insert_seats(s, r, id = sqlite3_last_insert_rowid(s->db), before, after)
         && store_commit(s);
    if (ok)
        s->saved_game = id;
    if (!ok && s->db && s->depth)
        store_rollback(s);
    free(moves);
    return ok;
}

/* ---- reading ---- */

static void column_text(sqlite3_stmt *st, int col, char *out, size_t cap)
{
    const char *v = (const char *)sqlite3_column_text(st, col);
    snprintf(out, cap, "%s", v ? v : "");
}

static bool read_seats(store *s, store_game *g)
{
    sqlite3_stmt *st = prepare(s, sql_seats, "could not read a game's seats");
    if (!st)
        return false;
    sqlite3_bind_int64(st, 1, g->id);
    int rc;
    g->nseats = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && g->nseats < STORE_MAX_SEATS) {
        store_game_seat *seat = &g->seat[g->nseats++];
        column_text(st, 0, seat->key, sizeof seat->key);
        column_text(st, 1, seat->display, sizeof seat->display);
        seat->place = sqlite3_column_int(st, 2);
        seat->durak = sqlite3_column_int(st, 3) != 0;
        seat->forfeited = sqlite3_column_int(st, 4) != 0;
        seat->rated = sqlite3_column_type(st, 5) != SQLITE_NULL;
        seat->rating_before = store_read_rating(st, 5);
        seat->rating_after = store_read_rating(st, 6);
    }
    bool ok = rc == SQLITE_DONE || rc == SQLITE_ROW;
    if (!ok)
        store_fail(s, "could not read a game's seats", "check the database file");
    sqlite3_finalize(st);
    return ok;
}

/* The current row of a SELECT GAME_COLUMNS into *g (damaged, with no moves, if they do not read);
 * false if its seats cannot be read. */
static bool read_game_row(store *s, sqlite3_stmt *st, store_game *g)
{
    char seed[32];
    memset(g, 0, offsetof(store_game, rec) + offsetof(game_record, move));
    g->id = sqlite3_column_int64(st, 0);
    column_text(st, 1, g->rec.channel, sizeof g->rec.channel);
    column_text(st, 2, g->rec.channel_key, sizeof g->rec.channel_key);
    g->ended_at = sqlite3_column_int64(st, 3);
    g->rec.opt = (durak_options){ .players = (uint8_t)sqlite3_column_int(st, 4),
                                  .variant = (uint8_t)sqlite3_column_int(st, 5),
                                  .throwin = (uint8_t)sqlite3_column_int(st, 6),
                                  .first5 = (uint8_t)sqlite3_column_int(st, 7),
                                  .deck = (uint8_t)sqlite3_column_int(st, 8),
                                  .teams = (uint8_t)(sqlite3_column_int(st, 15) != 0) };
    column_text(st, 9, seed, sizeof seed);
    g->rec.seed = strtoull(seed, NULL, 10);
    column_text(st, 10, g->rec.salt, sizeof g->rec.salt);
    g->draw = sqlite3_column_int(st, 11) != 0;
    column_text(st, 12, g->rec.result, sizeof g->rec.result);
    g->rec.truncated = sqlite3_column_int(st, 13) != 0;
    column_text(st, 16, g->rec.language, sizeof g->rec.language);
    const char *moves = (const char *)sqlite3_column_text(st, 14);
    /* the rest of the game (its seats, result, deal) still counts and is still shown */
    g->damaged = !moves || !record_parse_moves(&g->rec, moves);
    g->rec.known = true;
    return read_seats(s, g);
}

/* Runs a SELECT of one game (bound by bind), into *out. */
static bool select_one(store *s, const char *sql, long long id, const char *key, store_game *out)
{
    store_clear_error(s);
    sqlite3_stmt *st = prepare(s, sql, "could not read a game record");
    if (!st)
        return false;
    if (key)
        sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st);
    bool ok = rc == SQLITE_ROW && read_game_row(s, st, out);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        store_fail(s, "could not read a game record", "check the database file");
    sqlite3_finalize(st);
    return ok;
}

long long store_saved_game_id(const store *s) { return s->saved_game; }

bool store_get_game(store *s, long long id, store_game *out)
{
    return select_one(s, "SELECT " GAME_COLUMNS " FROM games WHERE id = ?1", id, NULL, out);
}

bool store_last_game(store *s, const char *channel_key, store_game *out)
{
    return select_one(s,
                      "SELECT " GAME_COLUMNS " FROM games WHERE channel_key = ?1"
                      " ORDER BY id DESC LIMIT 1",
                      0, channel_key, out);
}

long long store_games_since(store *s, long long since, void (*cb)(void *ctx, const store_game *g),
                            void *ctx)
{
    store_clear_error(s);
    store_game *g = malloc(sizeof *g);
    sqlite3_stmt *st =
        g ? prepare(s,
                    "SELECT " GAME_COLUMNS " FROM games WHERE ended_at >= ?1 ORDER BY ended_at, id",
                    "could not read the game records")
          : NULL;
    long long n = 0;
    int rc = SQLITE_ERROR;
    if (!g) { /* else the caller would print an empty reason */
        s->code = SQLITE_NOMEM;
        store_format(s->error, sizeof s->error, "out of memory reading the game records");
    }
    if (st) {
        sqlite3_bind_int64(st, 1, since);
        while ((rc = sqlite3_step(st)) == SQLITE_ROW && n >= 0) {
            if (!read_game_row(s, st, g))
                n = -1;
            else if (++n)
                cb(ctx, g);
        }
        if (rc != SQLITE_DONE && n >= 0) {
            store_fail(s, "could not read the game records", "check the database file");
            n = -1;
        }
    }
    sqlite3_finalize(st);
    free(g);
    return st ? n : -1;
}
