/* bench.c — durak-bench: engine speed on one core. Plays random games (each step uniform
 * among durak_legal(), engine rng) for games/s; with -d, hard's search iterations per decision. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, CLOCK_PROCESS_CPUTIME_ID */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai_mcts.h"
#include "ai_policy.h"
#include "durak.h"
#include "rng.h"

enum {
    DEFAULT_GAMES = 200000,
    DEFAULT_SEED = 1,
    MAX_GAME_ACTIONS = 100000,
    SEARCH_POSITIONS = 10,   /* hard's decisions timed per configuration */
    SEARCH_DEAL_SEED = 1000, /* the positions' deals: seeds 1000, 1001, ... */
    SEARCH_MAX_MS = 60000
};

typedef struct {
    const char *name;
    durak_options opt;
} bench_config;

typedef struct {
    uint64_t games;
    uint64_t actions;
    uint64_t draws;
    double seconds;
} bench_result;

static const bench_config configs[] = {
    { "2 players classic", { .players = 2, .variant = DURAK_VARIANT_CLASSIC, .deck = 36 } },
    { "4 players transfer", { .players = 4, .variant = DURAK_VARIANT_TRANSFER, .deck = 36 } },
};

/* CPU time of this (single-threaded) process: one core, whatever else runs. */
static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Plays one random game to its end; returns the number of actions, or -1 if the
 * engine refused one of its own legal actions or the game did not end. */
static long play_random_game(durak_game *g, rng_t *rng)
{
    durak_action acts[DURAK_MAX_ACTIONS];
    long steps = 0;
    while (!durak_over(g)) {
        int n = durak_legal(g, acts);
        if (n <= 0 || steps == MAX_GAME_ACTIONS)
            return -1;
        if (durak_apply(g, acts[rng_below(rng, (uint64_t)n)]) != DURAK_OK)
            return -1;
        steps++;
    }
    return steps;
}

static int run_config(const bench_config *c, uint64_t games, uint64_t seed, bench_result *r)
{
    durak_game g;
    rng_t rng;
    rng_seed(&rng, seed);
    memset(r, 0, sizeof *r);
    double start = cpu_seconds();
    for (uint64_t i = 0; i < games; i++) {
        if (!durak_new(&g, &c->opt, seed + i))
            return -1;
        long steps = play_random_game(&g, &rng);
        if (steps < 0) {
            fprintf(stderr, "durak-bench: %s: game with seed %" PRIu64 " failed\n", c->name,
                    seed + i);
            return -1;
        }
        r->actions += (uint64_t)steps;
        r->draws += g.result == DURAK_RESULT_DRAW;
    }
    r->seconds = cpu_seconds() - start;
    r->games = games;
    return 0;
}

/* CPU milliseconds: the searches' clock here, so another process's load does not count. */
static double cpu_ms(void) { return cpu_seconds() * 1e3; }

/* The k-th position for hard: deal p, then 0, 3, ... 24 moves of normal against itself; one
 * the stock has run out in (or the game ended) is skipped, as hard then solves exactly. */
static bool search_position(const durak_options *o, uint64_t p, durak_game *g)
{
    durak_new(g, o, SEARCH_DEAL_SEED + p);
    for (uint64_t i = 0; i < p % 9 * 3 && !durak_over(g); i++)
        durak_apply_legal(g, ai_policy_normal(g));
    return !durak_over(g) && g->stock_len > 0;
}

/* hard (ai_mcts) on SEARCH_POSITIONS positions, each search stopped by the CPU clock at
 * `budget_ms` (at 97% of it, as in a game): the mean iterations per decision. */
static void run_search(const bench_config *c, int budget_ms, uint64_t seed)
{
    long iterations = 0;
    double ms = 0;
    int done = 0;
    for (uint64_t p = 0; done < SEARCH_POSITIONS; p++) {
        durak_game g;
        if (!search_position(&c->opt, p, &g))
            continue;
        durak_view v;
        durak_view_of(&g, g.actor, &v);
        mcts_stats st;
        double t0 = cpu_ms();
        ai_limits lim = { .now_ms = cpu_ms, .deadline_ms = t0 + budget_ms * 0.97 };
        ai_mcts_choose(&v, seed + p, &lim, &st);
        ms += cpu_ms() - t0;
        iterations += st.iterations;
        done++;
    }
    printf("%-20s %9d %11d %12.0f %14.0f\n", c->name, done, budget_ms, (double)iterations / done,
           (double)iterations / ms * 1e3);
}

static void print_row(const char *name, const bench_result *r)
{
    double secs = r->seconds > 0 ? r->seconds : 1e-9;
    printf("%-20s %9" PRIu64 " %11" PRIu64 " %9.1f %12.0f %10.1f %7.2f%%\n", name, r->games,
           r->actions, (double)r->actions / (double)r->games, (double)r->games / secs,
           secs * 1e9 / (double)r->actions, 100.0 * (double)r->draws / (double)r->games);
}

static int usage(const char *prog, int status)
{
    fprintf(status ? stderr : stdout,
            "Usage: %s [-n GAMES] [-s SEED] [-d MS]\n"
            "Plays GAMES random games (default %d) per configuration on one core,\n"
            "each step uniform among the legal actions, seeds SEED, SEED+1, ...\n"
            "(default %d); prints games per second and nanoseconds per action\n"
            "(dealing and listing the legal actions included), measured in CPU time\n"
            "of this process. With -d, also hard's searches: %d positions per\n"
            "configuration, each decided in MS ms of CPU; prints iterations per\n"
            "decision and per second (the computer players' strength at a budget).\n",
            prog, DEFAULT_GAMES, DEFAULT_SEED, SEARCH_POSITIONS);
    return status;
}

static int parse_u64_arg(const char *s, uint64_t *out)
{
    char *end;
    if (!s || *s < '0' || *s > '9')
        return -1;
    *out = strtoull(s, &end, 10);
    return *end ? -1 : 0;
}

int main(int argc, char **argv)
{
    uint64_t games = DEFAULT_GAMES, seed = DEFAULT_SEED, budget = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
            return usage(argv[0], 0);
        if (strcmp(argv[i], "-n") == 0 && parse_u64_arg(argv[i + 1], &games) == 0 && games)
            i++;
        else if (strcmp(argv[i], "-s") == 0 && parse_u64_arg(argv[i + 1], &seed) == 0)
            i++;
        else if (strcmp(argv[i], "-d") == 0 && parse_u64_arg(argv[i + 1], &budget) == 0 && budget
                 && budget <= SEARCH_MAX_MS)
            i++;
        else {
            fprintf(stderr, "%s: %s%s%s: -n wants games (1 or more), -s a seed, -d 1 to %d ms\n",
                    argv[0], argv[i], i + 1 < argc ? " " : "", i + 1 < argc ? argv[i + 1] : "",
                    SEARCH_MAX_MS);
            return usage(argv[0], 2);
        }
    }
    printf("%-20s %9s %11s %9s %12s %10s %8s\n", "configuration", "games", "actions", "act/game",
           "games/s", "ns/action", "draws");
    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
        bench_result r;
        if (run_config(&configs[c], games, seed, &r) != 0)
            return 1;
        print_row(configs[c].name, &r);
    }
    if (budget) {
        printf("\n%-20s %9s %11s %12s %14s\n", "hard's search", "decisions", "ms/decision",
               "iter/decision", "iterations/s");
        for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++)
            run_search(&configs[c], (int)budget, seed);
    }
    return 0;
}
