/* store_players.c — per-player stats and ratings in the state database: one player, the
 * leaderboard, nick changes followed, a finished game recorded (rating.h does the arithmetic). */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include "rating.h"
#include "utf8.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- players ---- */

/* Copies a nick, cut at a UTF-8 character boundary if it is too long. */
static void store_copy_nick(char *dst, const unsigned char *src)
{
    size_t n = src ? strlen((const char *)src) : 0;
    if (n >= STORE_NICK_MAX) {
        n = utf8_char_start((const char *)src, STORE_NICK_MAX - 1);
    }
    if (n)
        memcpy(dst, src, n);
    dst[n] = '\0';
}

double store_read_rating(sqlite3_stmt *st, int col)
{
    const double bound = 1e6;
    double r = sqlite3_column_double(st, col);
    return isnan(r) ? RATING_INITIAL : r > bound ? bound : r < -bound ? -bound : r;
}

void store_read_player(sqlite3_stmt *st, store_player *out)
{
    store_copy_nick(out->key, sqlite3_column_text(st, 0));
    store_copy_nick(out->display, sqlite3_column_text(st, 1));
    out->games = sqlite3_column_int(st, 2);
    out->firsts = sqlite3_column_int(st, 3);
    out->duraks = sqlite3_column_int(st, 4);
    out->draws = sqlite3_column_int(st, 5);
    out->forfeits = sqlite3_column_int(st, 6);
    out->rating = store_read_rating(st, 7);
    out->team_wins = sqlite3_column_int(st, 8);
    out->team_losses = sqlite3_column_int(st, 9);
}

bool store_get_player(store *s, const char *key, store_player *out)
{
    sqlite3_stmt *st = s->st[ST_GET_PLAYER];
    store_clear_error(s);
    if (!store_online(s, "could not read a player's stats", "they are shown again once it opens"))
        return false;
    store_bind_text(s, ST_GET_PLAYER, 1, key);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        store_read_player(st, out);
    else if (rc != SQLITE_DONE)
        store_fail(s, "could not read a player's stats", "check the database file");
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc == SQLITE_ROW;
}

int store_top(store *s, int n, store_board which, store_player *out)
{
    sqlite3_stmt *st = s->st[ST_TOP];
    int count = 0, rc = SQLITE_DONE;
    store_clear_error(s);
    if (n <= 0)
        return 0;
    if (!store_online(s, "could not read the leaderboard", "it is shown again once it opens"))
        return -1;
    sqlite3_bind_int(st, 1, n);
    sqlite3_bind_int(st, 2, (int)which);
    while (count < n && (rc = sqlite3_step(st)) == SQLITE_ROW)
        store_read_player(st, &out[count++]);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        store_fail(s, "could not read the leaderboard", "check the database file");
        count = -1;
    }
    sqlite3_reset(st);
    return count;
}

static bool store_put_player(store *s, const store_player *p)
{
    sqlite3_stmt *st = s->st[ST_PUT_PLAYER];
    store_bind_text(s, ST_PUT_PLAYER, 1, p->key);
    store_bind_text(s, ST_PUT_PLAYER, 2, p->display);
    sqlite3_bind_int(st, 3, p->games);
    sqlite3_bind_int(st, 4, p->firsts);
    sqlite3_bind_int(st, 5, p->duraks);
    sqlite3_bind_int(st, 6, p->draws);
    sqlite3_bind_int(st, 7, p->forfeits);
    sqlite3_bind_double(st, 8, p->rating);
    sqlite3_bind_int(st, 9, p->team_wins);
    sqlite3_bind_int(st, 10, p->team_losses);
    return store_run(s, ST_PUT_PLAYER, "could not write a player's stats",
                     "nothing was recorded: "
                     "check free space and permissions of state.database");
}

static bool store_key_ok(store *s, const char *key, const char *what)
{
    if (key && *key && strlen(key) < STORE_NICK_MAX)
        return true;
    s->refused = true;
    store_format(s->error, sizeof s->error,
                 "%s is empty or longer than %d bytes: pass the "
                 "casefolded nick",
                 what, STORE_NICK_MAX - 1);
    return false;
}

/* ---- game results ---- */

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static bool
store_reject(store *s, const char *fmt, ...)
{
    char what[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    s->refused = true;
    store_format(s->error, sizeof s->error,
                 "game result rejected, stats unchanged: %s (a bug in "
                 "the caller: report it)",
                 what);
    return false;
}

static bool store_result_ok(store *s, const store_result *r)
{
    int duraks = 0;
    if (r->n < 2 || r->n > STORE_MAX_SEATS)
        return store_reject(s, "%d players, not 2..%d", r->n, STORE_MAX_SEATS);
    for (int i = 0; i < r->n; i++) {
        const store_seat *p = &r->seat[i];
        if (!store_key_ok(s, p->key, "a player's key"))
            return store_reject(s, "seat %d: %s", i, s->error);
        for (int j = 0; j < i; j++)
            if (strcmp(r->seat[j].key, p->key) == 0)
                return store_reject(s, "%s holds seats %d and %d", p->key, j, i);
        if (p->place < 1 || p->place > r->n)
            return store_reject(s, "%s has place %d, not 1..%d", p->key, p->place, r->n);
        if (p->durak && (p->forfeited || r->draw))
            return store_reject(s, "%s is the durak in a %s", p->key,
                                p->forfeited ? "game they forfeited" : "draw");
        duraks += p->durak;
    }
    if (duraks > 1)
        return store_reject(s, "%d duraks", duraks);
    return true;
}

/* Ranks for rating_update: places as given, the durak below them all, forfeiters lower still.
 * R19: in a team game only the team's result counts: a losing team below the others, and a
 * forfeiter (R18) below every player still in, whatever their team did after them. */
static void store_ranks(const store_result *r, int *rank)
{
    for (int i = 0; i < r->n; i++) {
        const store_seat *p = &r->seat[i];
        if (p->team)
            rank[i] = p->forfeited ? 2 : p->team_lost;
        else
            rank[i] = p->forfeited ? 2 * r->n + 1 + p->place : p->durak ? r->n + 1 : p->place;
    }
}

void store_rate(const store_result *r, const double *before, double *after)
{
    int rank[STORE_MAX_SEATS], team[STORE_MAX_SEATS];
    store_ranks(r, rank);
    for (int i = 0; i < r->n; i++)
        team[i] = r->seat[i].team;
    if (r->seat[0].team)
        rating_update_teams(r->n, before, rank, team, after);
    else
        rating_update(r->n, before, rank, after);
}

/* Adds one game to player i's counters. */
static void store_count(const store_result *r, int i, store_player *p)
{
    int worst = 0;
    for (int j = 0; j < r->n; j++)
        if (!r->seat[j].forfeited && r->seat[j].place > worst)
            worst = r->seat[j].place;
    const store_seat *seat = &r->seat[i];
    p->games++;
    if (seat->forfeited)
        p->forfeits++;
    else if (seat->durak)
        p->duraks++;
    else if (r->draw && seat->place == worst)
        p->draws++;
    else if (seat->place == 1)
        p->firsts++;
    if (seat->team && !r->draw) /* R19: the whole team wins or loses, whoever went out */
        *(seat->team_lost ? &p->team_losses : &p->team_wins) += 1;
}

/* Player i's stats as they are before the game (a new player: none, RATING_INITIAL). */
static bool store_before(store *s, const store_seat *seat, store_player *p)
{
    if (store_get_player(s, seat->key, p))
        return true;
    if (s->error[0])
        return false;
    memset(p, 0, sizeof *p);
    store_copy_nick(p->key, (const unsigned char *)seat->key);
    p->rating = RATING_INITIAL;
    return true;
}

bool store_preview_game(store *s, const store_result *r, double *before, double *after)
{
    store_player p;
    store_clear_error(s);
    if (!store_result_ok(s, r))
        return false;
    for (int i = 0; i < r->n; i++) {
        if (!store_before(s, &r->seat[i], &p))
            return false;
        before[i] = p.rating;
    }
    store_rate(r, before, after);
    return true;
}

bool store_record_game(store *s, const store_result *r)
{
    store_player p[STORE_MAX_SEATS];
    double before[STORE_MAX_SEATS], after[STORE_MAX_SEATS];
    store_clear_error(s);
    if (!store_result_ok(s, r) || !store_begin(s))
        return false;
    bool ok = true;
    for (int i = 0; ok && i < r->n; i++) {
        ok = store_before(s, &r->seat[i], &p[i]);
        before[i] = p[i].rating;
    }
    if (ok)
        store_rate(r, before, after);
    for (int i = 0; ok && i < r->n; i++) {
        store_count(r, i, &p[i]);
        p[i].rating = after[i];
        const char *display = r->seat[i].display;
        store_copy_nick(p[i].display,
                        (const unsigned char *)(display && *display ? display : p[i].key));
        ok = store_put_player(s, &p[i]);
    }
    if (ok && store_commit(s))
        return true;
    store_rollback(s);
    return false;
}
