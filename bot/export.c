/* export.c — recorded games out of the state database: one game as a durak-cli session that
 * replays it, and games since a date as JSON Lines (one object a game, fields in durakbot(8)). */
#define _POSIX_C_SOURCE 200809L
#include "export.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "utf8.h"

/* "2026-12-01T13:40:12Z" */
static void iso_time(long long t, char *buf, size_t cap)
{
    time_t tt = (time_t)t;
    struct tm tm;
    if (!gmtime_r(&tt, &tm) || !strftime(buf, cap, "%Y-%m-%dT%H:%M:%SZ", &tm))
        snprintf(buf, cap, "%lld", t);
}

static long long duration_ms(const game_record *r)
{
    return r->nmoves ? (long long)r->move[r->nmoves - 1].ms : 0;
}

static bool parse_id(const char *text, long long *id)
{
    char *end;
    errno = 0;
    long long v = text && *text >= '0' && *text <= '9' ? strtoll(text, &end, 10) : 0;
    if (!v || errno || *end)
        return false;
    *id = v;
    return true;
}

/* ---- one game as a durak-cli session ---- */

static void session_head(const store_game *g, FILE *out)
{
    char when[32], digest[RECORD_DIGEST_HEX], commit[RECORD_COMMIT_MAX];
    iso_time(g->ended_at, when, sizeof when);
    record_commit_string(&g->rec, commit);
    record_fingerprint(&g->rec, digest);
    fprintf(out, "# durakbot game #%lld in %s%s%s%s, ended %s, %lld s, %d moves\n", g->id,
            g->rec.channel, g->rec.language[0] ? " (language " : "", g->rec.language,
            g->rec.language[0] ? ")" : "", when, duration_ms(&g->rec) / 1000, g->rec.nmoves);
    for (int s = 0; s < g->nseats; s++)
        fprintf(out, "# seat %d: %s (%s)%s%s\n", s, g->seat[s].display, g->seat[s].key,
                g->seat[s].durak ? ", the durak" : "", g->seat[s].forfeited ? ", forfeited" : "");
    fprintf(out, "# deal: seed=%" PRIu64 " salt=%s fingerprint=%s (sha256 of %s)\n", g->rec.seed,
            g->rec.salt, digest, commit);
    int seat;
    if (sscanf(g->rec.result, "won %d", &seat) == 1 && seat >= g->nseats) /* durakbot(8) */
        fprintf(out,
                "# recorded result: %s (the computer players still in share the win: the state "
                "below ends with the person's forfeit, the game going on between them)\n",
                g->rec.result);
    else
        fprintf(out, "# recorded result: %s (the state below ends with result: %s)\n",
                g->rec.result, g->rec.result);
}

int export_game(store *db, const char *id_text, FILE *out, FILE *err)
{
    long long id;
    if (!parse_id(id_text, &id)) {
        fprintf(err,
                "durakbot: --export-game: \"%s\" is not a game id: give the number that !last "
                "shows, like --export-game 42\n",
                id_text ? id_text : "");
        return 1;
    }
    store_game *g = malloc(sizeof *g);
    int status = 1;
    char line[160];
    durak_game replayed;
    if (!g)
        fprintf(err, "durakbot: out of memory\n");
    else if (!store_get_game(db, id, g))
        fprintf(err, "durakbot: --export-game %lld: %s\n", id,
                store_error(db)[0] ? store_error(db) : "no game has that id (!last shows one)");
    else if (g->damaged)
        fprintf(err,
                "durakbot: game #%lld's moves are malformed in the database: it cannot be "
                "replayed\n",
                id);
    else if (g->rec.truncated)
        fprintf(err,
                "durakbot: game #%lld had more than %d moves: its record is cut short and "
                "cannot be replayed\n",
                id, RECORD_MOVES_MAX);
    else if (!record_replay(&g->rec, &replayed))
        fprintf(err, "durakbot: game #%lld's record does not replay (a damaged database?)\n", id);
    else
        status = 0;
    if (status == 0)
        g->rec.opt.r10_old = replayed.opt.r10_old; /* durak-cli replays it as it was played */
    if (status == 0) {
        session_head(g, out);
        record_cli_new(&g->rec, line, sizeof line);
        fprintf(out, "%s\n", line);
        for (int i = 0; i < g->rec.nmoves; i++) {
            const record_move *m = &g->rec.move[i];
            const char *late = !record_timed_out(m)       ? ""
                               : m->kind == RECORD_RESIGN ? ", timed out too often: a forfeit"
                                                          : ", time was up: the bot's move";
            record_cli_move(m, line, sizeof line);
            fprintf(out, "# %u.%03u s, seat %d (%s)%s\n%s\n", m->ms / 1000, m->ms % 1000, m->seat,
                    g->seat[m->seat < g->nseats ? m->seat : 0].display, late, line);
        }
        fprintf(out, "state\n");
    }
    free(g);
    return status;
}

/* ---- JSON Lines ---- */

/* A JSON string: quotes, backslashes and controls escaped, invalid UTF-8 as U+FFFD. */
static void json_string(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    fputc('"', out);
    while (n) {
        uint32_t cp;
        size_t len = utf8_decode(p, n, &cp);
        if (!len) {
            fputs("\\ufffd", out);
            len = 1;
        } else if (cp == '"' || cp == '\\') {
            fprintf(out, "\\%c", (char)cp);
        } else if (cp < 0x20 || cp == 0x7f) {
            fprintf(out, "\\u%04x", (unsigned)cp);
        } else {
            fwrite(p, 1, len, out);
        }
        p += len;
        n -= len;
    }
    fputc('"', out);
}

/* Seat s's order: the recorded place of one who played to the end; a forfeiter's after them all,
 * as the record's place orders forfeiters only among themselves (every forfeiter records 1 unless
 * a computer played their seat out). */
static int order_of(const store_game *g, int s)
{
    return g->seat[s].place + (g->seat[s].forfeited ? STORE_MAX_SEATS + 1 : 0);
}

/* The seat's place in the whole game, 1-based and shared by a tie, numbered on as the pages and
 * IRC number places (R14: 1, 2, 2, 4): one more than the seats ahead of it. */
static int standing(const store_game *g, int s)
{
    int ahead = 0;
    for (int j = 0; j < g->nseats; j++)
        ahead += order_of(g, j) < order_of(g, s);
    return 1 + ahead;
}

static void json_seats(FILE *out, const store_game *g)
{
    fputs("\"seats\":[", out);
    for (int s = 0; s < g->nseats; s++) {
        const store_game_seat *st = &g->seat[s];
        fprintf(out, "%s{\"seat\":%d,\"nick\":", s ? "," : "", s);
        json_string(out, st->display);
        fputs(",\"key\":", out);
        json_string(out, st->key);
        fprintf(out, ",\"bot\":%s,\"place\":%d,\"durak\":%s,\"forfeited\":%s}",
                record_key_is_bot(st->key) ? "true" : "false", standing(g, s),
                st->durak ? "true" : "false", st->forfeited ? "true" : "false");
    }
    fputs("]", out);
}

static void json_moves(FILE *out, const game_record *r)
{
    char line[64];
    fputs("\"moves\":[", out);
    for (int i = 0; i < r->nmoves; i++) {
        record_cli_move(&r->move[i], line, sizeof line);
        fprintf(out, "%s{\"seat\":%d,\"ms\":%" PRIu32 ",\"move\":\"%s\",\"timed_out\":%s}",
                i ? "," : "", r->move[i].seat, r->move[i].ms, line,
                record_timed_out(&r->move[i]) ? "true" : "false");
    }
    fputs("]", out);
}

struct json_run {
    FILE *out, *err;
    long long left_out;
};

static void json_game(void *ctx, const store_game *g)
{
    struct json_run *run = ctx;
    FILE *out = run->out;
    if (g->damaged) { /* a line without its moves would read as a game of none */
        fprintf(run->err,
                "durakbot: --export-games: game #%lld's moves are malformed in the database: it "
                "is left out\n",
                g->id);
        run->left_out++;
        return;
    }
    const durak_options *o = &g->rec.opt;
    char when[32], digest[RECORD_DIGEST_HEX];
    iso_time(g->ended_at, when, sizeof when);
    record_fingerprint(&g->rec, digest);
    fprintf(out, "{\"id\":%lld,\"channel\":", g->id);
    json_string(out, g->rec.channel);
    fprintf(
        out,
        ",\"ended_at\":\"%s\",\"ended_unix\":%lld,\"duration_ms\":%lld,"
        "\"options\":{\"players\":%d,\"variant\":\"%s\",\"throwin\":\"%s\",\"first5\":%s,"
        "\"deck\":%d,\"teams\":%s},\"seed\":\"%" PRIu64 "\",\"salt\":\"%s\",\"fingerprint\":\"%s\","
        "\"result\":\"%s\",\"draw\":%s,\"truncated\":%s,\"language\":",
        when, g->ended_at, duration_ms(&g->rec), o->players,
        o->variant == DURAK_VARIANT_TRANSFER ? "transfer" : "classic",
        o->throwin == DURAK_THROWIN_NEIGHBOURS ? "neighbours" : "all", o->first5 ? "true" : "false",
        o->deck, o->teams ? "true" : "false", g->rec.seed, g->rec.salt, digest, g->rec.result,
        g->draw ? "true" : "false", g->rec.truncated ? "true" : "false");
    json_string(out, g->rec.language); /* "" for a game recorded before languages were */
    fputc(',', out);
    json_seats(out, g);
    fputc(',', out);
    json_moves(out, &g->rec);
    fputs("}\n", out);
}

int export_games(store *db, const char *since, FILE *out, FILE *err)
{
    long long from = 0;
    if (since && !export_parse_date(since, &from)) {
        fprintf(err,
                "durakbot: --since: \"%s\" is not a date: write it as YYYY-MM-DD, "
                "YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS (UTC), like --since 2026-12-01\n",
                since);
        return 1;
    }
    struct json_run run = { out, err, 0 };
    if (store_games_since(db, from, json_game, &run) < 0) {
        fprintf(err, "durakbot: --export-games: %s\n", store_error(db));
        return 1;
    }
    return run.left_out ? 1 : 0;
}

/* Days from 1970-01-01 to y-m-d (proleptic Gregorian; Howard Hinnant's days_from_civil). */
static long long days_from_civil(long long y, int m, int d)
{
    y -= m <= 2;
    long long era = (y >= 0 ? y : y - 399) / 400;
    long long yoe = y - era * 400;
    long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static int month_days(int y, int m)
{
    static const int days[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return m == 2 && leap ? 29 : days[m - 1];
}

/* The number of the digits at text[at..at+n), or -1 if one is not a digit. */
static int digits(const char *text, int at, int n)
{
    int v = 0;
    for (int i = at; i < at + n; i++) {
        if (text[i] < '0' || text[i] > '9')
            return -1;
        v = 10 * v + (text[i] - '0');
    }
    return v;
}

bool export_parse_date(const char *text, long long *unix_time)
{
    size_t len = strlen(text);
    if (len > 10 && text[len - 1] == 'Z')
        len--;
    if ((len != 10 && len != 16 && len != 19) || text[4] != '-' || text[7] != '-')
        return false;
    if (len > 10 && ((text[10] != 'T' && text[10] != ' ') || text[13] != ':'))
        return false;
    if (len == 19 && text[16] != ':')
        return false;
    int y = digits(text, 0, 4), mo = digits(text, 5, 2), d = digits(text, 8, 2);
    int h = len > 10 ? digits(text, 11, 2) : 0, mi = len > 10 ? digits(text, 14, 2) : 0;
    int s = len == 19 ? digits(text, 17, 2) : 0;
    if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > month_days(y, mo) || h < 0 || h > 23 || mi < 0
        || mi > 59 || s < 0 || s > 59)
        return false;
    *unix_time = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s;
    return true;
}
