/* bench_site — the web pages' speed (a tool, not a test): makes a state database of N games
 * (default 10,000) played at random among 40 people, computer players and private games, then
 * times a full export of the site.  usage: bench_site DIR [GAMES] */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "rng.h"
#include "site.h"

enum { PEOPLE = 40 };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* One game played at random (mostly playing a card when one may be played). */
static void play(game_record *rec, durak_game *g, rng_t *r)
{
    durak_action acts[DURAK_MAX_ACTIONS];
    double t = 0;
    while (!durak_over(g)) {
        int n = durak_legal(g, acts), pick = (int)(rng_next(r) % (uint64_t)n);
        for (int tries = 0;
             tries < 3 && n > 1
             && (acts[pick].kind == DURAK_ACT_TAKE || acts[pick].kind == DURAK_ACT_PASS);
             tries++)
            pick = (int)(rng_next(r) % (uint64_t)n);
        int seat = g->actor;
        durak_apply(g, acts[pick]);
        t += 1.0 + (double)(rng_next(r) % 4000) / 1000;
        record_add(rec, acts[pick].kind, acts[pick].card, acts[pick].target, seat, t);
    }
}

static bool make_game(store *db, long long i, rng_t *r, game_record *rec)
{
    static const char *const channels[] = { "#durak", "#Durak.ru", "#cards" };
    char keys[STORE_MAX_SEATS][STORE_NICK_MAX], nicks[STORE_MAX_SEATS][STORE_NICK_MAX];
    durak_options o = durak_default_options();
    o.players = (uint8_t)(2 + rng_next(r) % 3);
    o.variant = (uint8_t)(rng_next(r) % 2);
    bool solo = i % 10 == 9;
    uint8_t salt[RECORD_SALT_BYTES];
    for (int k = 0; k < RECORD_SALT_BYTES; k++)
        salt[k] = (uint8_t)rng_next(r);
    record_start(rec, &o, rng_next(r), salt);
    durak_game g;
    durak_new(&g, &o, rec->seed);
    play(rec, &g, r);
    const char *ch = channels[i % 3];
    store_result res = { .n = o.players, .draw = g.result == DURAK_RESULT_DRAW };
    int last = g.nout ? g.out_place[g.nout - 1] + 1 : 1;
    int first = (int)(rng_next(r) % PEOPLE);
    for (int s = 0; s < o.players; s++) {
        bool bot = s > 0 && rng_next(r) % 4 == 0;
        if (bot) {
            snprintf(nicks[s], sizeof nicks[s], "normal%d[bot]", s);
            snprintf(keys[s], sizeof keys[s], "%s*normal%d[bot]", solo ? "+" : "", s);
        } else {
            snprintf(nicks[s], sizeof nicks[s], "player%02d", (first + 7 * s) % PEOPLE);
            snprintf(keys[s], sizeof keys[s], "%s%s", solo ? "+" : "", nicks[s]);
        }
        if (solo && s > 0) { /* a private game: one person against computer players */
            snprintf(nicks[s], sizeof nicks[s], "normal%d[bot]", s);
            snprintf(keys[s], sizeof keys[s], "+*normal%d[bot]", s);
        }
        res.seat[s] = (store_seat){ keys[s], nicks[s], last, false, false, 0, false };
        res.seat[s].durak = g.result == DURAK_RESULT_DURAK && g.result_seat == s;
        for (int k = 0; k < g.nout; k++)
            if (g.out[k] == s)
                res.seat[s].place = g.out_place[k];
    }
    if (solo)
        snprintf(rec->channel, sizeof rec->channel, "%.60s", keys[0]);
    else
        snprintf(rec->channel, sizeof rec->channel, "%s", ch);
    memcpy(rec->channel_key, rec->channel, sizeof rec->channel_key);
    for (char *c = rec->channel_key; *c; c++)
        *c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
    snprintf(rec->result, sizeof rec->result, "%s",
             g.result == DURAK_RESULT_DRAW ? "draw" : "durak");
    double before[STORE_MAX_SEATS], after[STORE_MAX_SEATS];
    bool rated = store_preview_game(db, &res, before, after);
    return store_record_game(db, &res)
           && store_save_game_rated(db, &res, rec, 1767225600 + i * 600, rated ? before : NULL,
                                    rated ? after : NULL);
}

/* Files and bytes under dir, and the largest file. */
static void sizes(const char *dir, long *files, long long *bytes, long long *largest)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[4096];
    struct stat st;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            sizes(path, files, bytes, largest);
        } else {
            ++*files;
            *bytes += st.st_size;
            *largest = st.st_size > *largest ? st.st_size : *largest;
        }
    }
    if (d)
        closedir(d);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_site DIR [GAMES]\n");
        return 2;
    }
    long long games = argc > 2 ? atoll(argv[2]) : 10000;
    char path[4096], err[1024];
    mkdir(argv[1], 0755);
    snprintf(path, sizeof path, "%s/state.db", argv[1]);
    remove(path);
    store *db = store_open(path, err, sizeof err);
    game_record *rec = malloc(sizeof *rec);
    if (!db || !rec) {
        fprintf(stderr, "bench_site: %s\n", err);
        return 1;
    }
    rng_t r;
    rng_seed(&r, 2026);
    double t0 = now();
    for (long long i = 0; i < games; i++) {
        if (i % 500 == 0)
            store_batch_begin(db);
        if (!make_game(db, i, &r, rec)) {
            fprintf(stderr, "bench_site: game %lld: %s\n", i, store_error(db));
            return 1;
        }
        if (i % 500 == 499 || i == games - 1)
            store_batch_commit(db);
    }
    double t1 = now();
    printf("made %lld games in %.2f s\n", games, t1 - t0);
    bot_config cfg;
    config_defaults(&cfg);
    site_options o = site_options_of(&cfg);
    snprintf(o.dir, sizeof o.dir, "%s/site", argv[1]);
    int status = site_export(db, &o, stderr);
    double t2 = now();
    long files = 0;
    long long bytes = 0, largest = 0;
    sizes(o.dir, &files, &bytes, &largest);
    printf("full export: %.2f s (%ld files, %.1f MB, largest page %lld bytes)\n", t2 - t1, files,
           bytes / 1e6, largest);
    double t3 = now();
    bool ok = site_refresh_game(db, &o, games);
    printf("refresh after one game: %.3f s (%s)\n", now() - t3, ok ? "ok" : "failed");
    store_close(db);
    free(rec);
    return status || !ok;
}
