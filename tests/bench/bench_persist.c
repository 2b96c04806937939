/* bench_persist.c — CPU time (user + sys, getrusage) per 1000 moves saved to the state database
 * with 10 busy channels: each move's snapshot in its own transaction with synchronous=FULL (the
 * bot before), against one transaction per loop iteration with synchronous=NORMAL (now).
 * usage: bench_persist [DIR] [MOVES]   (DIR on the disk the bot would use; not /dev/shm) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "durak.h"
#include "rng.h"
#include "store.h"

enum { CHANNELS = 10 };

typedef struct {
    const char *name;
    bool full;      /* synchronous=FULL */
    int per_commit; /* moves (one per channel) in one transaction: 1 = a transaction per table */
} bench_mode;

static double cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec)
           + (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A finished game's result into the stats, and its table gone. */
static void finish(store *db, const durak_game *g, int channel, uint64_t n)
{
    char keys[2][32], ch[16];
    snprintf(keys[0], sizeof keys[0], "p%d_a%llu", channel, (unsigned long long)(n % 50));
    snprintf(keys[1], sizeof keys[1], "p%d_b%llu", channel, (unsigned long long)(n % 50));
    snprintf(ch, sizeof ch, "#c%d", channel);
    bool durak = g->result == DURAK_RESULT_DURAK;
    store_result r = { 2,
                       !durak,
                       { { keys[0], keys[0], 1, false, false, 0, false },
                         { keys[1], keys[1], 1, false, false, 0, false } } };
    if (durak) {
        r.seat[g->result_seat].durak = true;
        r.seat[g->result_seat].place = 2;
    }
    if (!store_record_game(db, &r) || !store_delete_table(db, ch))
        fprintf(stderr, "bench_persist: %s\n", store_error(db));
}

/* One move in channel c (a new game when its last ended), saved. */
static void move(store *db, durak_game *g, rng_t *rng, int c, uint64_t *games)
{
    durak_action acts[DURAK_MAX_ACTIONS];
    char line[DURAK_SERIAL_MAX + 128], game[DURAK_SERIAL_MAX], ch[16];
    durak_options opt = durak_default_options();
    if (durak_over(g)) {
        finish(db, g, c, (*games)++);
        durak_new(g, &opt, rng_next(rng));
    }
    int n = durak_legal(g, acts);
    durak_apply(g, acts[rng_below(rng, (uint64_t)n)]);
    durak_serialize(g, game, sizeof game);
    snprintf(ch, sizeof ch, "#c%d", c);
    /* the size of a real snapshot: the head and two seats, then the engine's line */
    snprintf(line, sizeof line,
             "T1 1 2,0,0,0,36 0 2 0.000 59.000 0 =alice =al =example.org 0 0.000 0 -1 =bob =bo "
             "=example.org 0 0.000 0 -1 G %s",
             game);
    if (!store_save_table(db, ch, line))
        fprintf(stderr, "bench_persist: %s\n", store_error(db));
}

static void run(const char *dir, const bench_mode *m, long moves)
{
    char path[512], err[1024];
    snprintf(path, sizeof path, "%s/bench-%d.db", dir, getpid());
    store *db = store_open(path, err, sizeof err);
    if (!db || store_mode_of(db) != STORE_WRITABLE) {
        fprintf(stderr, "bench_persist: %s\n", err);
        exit(1);
    }
    store_set_synchronous(db, m->full);
    durak_game g[CHANNELS];
    rng_t rng;
    rng_seed(&rng, 42);
    durak_options opt = durak_default_options();
    for (int c = 0; c < CHANNELS; c++)
        durak_new(&g[c], &opt, rng_next(&rng));
    uint64_t games = 0;
    double cpu0 = cpu_seconds(), wall0 = wall_seconds();
    for (long done = 0; done < moves;) {
        bool batch = m->per_commit > 1;
        if (batch)
            store_batch_begin(db);
        for (int k = 0; k < (batch ? m->per_commit : 1) && done < moves; k++, done++)
            move(db, &g[done % CHANNELS], &rng, (int)(done % CHANNELS), &games);
        if (batch && !store_batch_commit(db))
            fprintf(stderr, "bench_persist: %s\n", store_error(db));
    }
    double cpu = cpu_seconds() - cpu0, wall = wall_seconds() - wall0;
    printf("%-52s %8.1f ms CPU  %8.1f ms wall  per 1000 moves (%ld moves, %llu games)\n", m->name,
           cpu * 1000 / ((double)moves / 1000), wall * 1000 / ((double)moves / 1000), moves,
           (unsigned long long)games);
    store_close(db);
    char side[600];
    unlink(path);
    snprintf(side, sizeof side, "%s-wal", path);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", path);
    unlink(side);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    long moves = argc > 2 ? atol(argv[2]) : 5000;
    static const bench_mode modes[] = {
        { "before: synchronous=FULL, a transaction per move", true, 1 },
        { "synchronous=NORMAL, a transaction per move", false, 1 },
        { "after: synchronous=NORMAL, one per iteration (10)", false, CHANNELS },
        { "synchronous=FULL, one per iteration (10)", true, CHANNELS },
    };
    printf("%d busy channels, state database in %s\n", CHANNELS, dir);
    for (size_t i = 0; i < sizeof modes / sizeof *modes; i++)
        run(dir, &modes[i], moves);
    return 0;
}
