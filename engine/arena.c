/* arena.c — durak-arena: computer players (random, the levels, ismcts, external programs) play
 * N games with seats rotated over JOBS worker processes; prints each agent's share not lost. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, fork, pipe, waitpid */

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ai.h"
#include "arena_ext.h"
#include "durak.h"
#include "rng.h"

enum {
    MAX_AGENTS = DURAK_MAX_PLAYERS,
    MAX_JOBS = 64,
    MAX_GAME_ACTIONS = 20000,
    AGENT_RANDOM = -1,
    AGENT_EXTERNAL = -2, /* external agent k is AGENT_EXTERNAL - k */
    PROGRESS_EVERY = 50,
    DEFAULT_EXT_TIMEOUT_MS = 10000
};

typedef struct {
    long games;
    int players, jobs, budget_ms, iterations, nagents;
    int expert_ms;      /* expert's budget per decision */
    int ext_timeout_ms; /* an external agent's time to answer, on the wall clock */
    int wall_clock;     /* the searches' budgets on the wall clock, else CPU time */
    int next;           /* external agents */
    int progress;       /* a progress line on stderr every this many games */
    const char *ext_cmd[MAX_AGENTS];
    uint64_t seed;
    durak_options opt;
    int agent[MAX_AGENTS]; /* ai_level, AGENT_RANDOM, or an external agent */
} arena_config;

/* One game's outcome, written by a worker to the shared pipe (< PIPE_BUF: atomic). */
typedef struct {
    long game;
    int failed; /* an agent's move was refused, or no end */
    int draw;
    int ext_errors; /* an external agent's bad or late answer ended the game: its loss */
    uint8_t agent_of_seat[DURAK_MAX_PLAYERS];
    uint8_t not_lost[DURAK_MAX_PLAYERS];
    long hard_searched, hard_forced;   /* hard decisions with >1 / 1 legal move */
    double hard_ms_sum, hard_ms_max;   /* wall time, over the searched ones */
    double hard_cpu_sum, hard_cpu_max; /* CPU time of the worker process, same */
} game_record;

typedef struct {
    long seat_games[MAX_AGENTS], not_lost[MAX_AGENTS];
    long games, draws, failed, ext_errors, hard_searched, hard_forced;
    double hard_ms_sum, hard_ms_max, hard_cpu_sum, hard_cpu_max;
} arena_totals;

static double now_ms(void) { return arena_clock_ms(CLOCK_MONOTONIC); }
/* Each worker is one single-threaded process: its CPU time is time on one core. */
static double cpu_ms(void) { return arena_clock_ms(CLOCK_PROCESS_CPUTIME_ID); }

/* One splitmix64 step from z: seeds and deals derived from the run's seed. */
static uint64_t mix64(uint64_t z) { return rng_mix64(z + RNG_GOLDEN_GAMMA); }

/* The running external agents of this worker process. */
static ext_agent ext_agents[MAX_AGENTS];

static const char *agent_name(int agent)
{
    static const char *const ext_names[MAX_AGENTS] = { "x1", "x2", "x3", "x4", "x5", "x6" };
    if (agent <= AGENT_EXTERNAL)
        return ext_names[AGENT_EXTERNAL - agent];
    return agent == AGENT_RANDOM ? "random" : ai_level_name((ai_level)agent);
}

/* ---- one game --------------------------------------------------------------------- */

static void time_hard(game_record *rec, double ms, double cpu, int nlegal)
{
    if (nlegal <= 1) {
        rec->hard_forced++;
        return;
    }
    rec->hard_searched++;
    rec->hard_ms_sum += ms;
    rec->hard_cpu_sum += cpu;
    if (ms > rec->hard_ms_max)
        rec->hard_ms_max = ms;
    if (cpu > rec->hard_cpu_max)
        rec->hard_cpu_max = cpu;
}

/* An external agent's move; false after a bad or late answer (said on stderr). */
static bool external_move(const arena_config *c, const durak_game *g, int agent, long game,
                          durak_action *out)
{
    durak_action acts[DURAK_MAX_ACTIONS];
    int n = durak_legal(g, acts), k = AGENT_EXTERNAL - agent;
    durak_view v;
    char why[EXT_ERROR_MAX];
    durak_view_of(g, durak_actor(g), &v);
    if (ext_agent_decide(&ext_agents[k], &v, acts, n, c->ext_timeout_ms, out, why, sizeof why))
        return true;
    fprintf(stderr, "durak-arena: game %ld, seat %d: %s (%s): %s; the game counts as its loss\n",
            game, durak_actor(g), agent_name(agent), c->ext_cmd[k], why);
    return false;
}

/* The action of the agent at the actor's seat, chosen from that seat's view. */
static durak_action agent_move(const arena_config *c, const durak_game *g, int agent, uint64_t seed,
                               rng_t *rng, game_record *rec)
{
    durak_action acts[DURAK_MAX_ACTIONS];
    int n = durak_legal(g, acts);
    if (agent == AGENT_RANDOM)
        return acts[rng_below(rng, (uint64_t)n)];
    durak_view v;
    durak_view_of(g, durak_actor(g), &v);
    ai_params p = ai_default_params((ai_level)agent);
    p.seed = seed;
    p.budget_ms = agent == AI_EXPERT ? c->expert_ms : c->budget_ms;
    p.max_iterations = c->iterations;
    double (*clock)(void) = c->wall_clock ? now_ms : cpu_ms;
    double t0 = now_ms(), c0 = cpu_ms();
    durak_action a = ai_choose(&v, &p, p.budget_ms > 0 ? clock : NULL);
    if (agent == AI_HARD)
        time_hard(rec, now_ms() - t0, cpu_ms() - c0, n);
    return a;
}

/* An external agent's bad answer at `seat` of g: the game ends as that seat's loss, with teams
 * (R19) its team's. */
static game_record external_loss(const durak_game *g, game_record *rec, int seat)
{
    rec->ext_errors = 1;
    for (int s = 0; s < g->opt.players; s++)
        rec->not_lost[s] = durak_team_of(g, s) != durak_team_of(g, seat);
    return *rec;
}

/* Game i: deal i / players (each deal is played with the agents rotated round the seats). */
static game_record play_game(const arena_config *c, long i)
{
    game_record rec;
    memset(&rec, 0, sizeof rec);
    rec.game = i;
    uint64_t deal = mix64(c->seed ^ mix64((uint64_t)(i / c->players)));
    for (int s = 0; s < c->players; s++)
        rec.agent_of_seat[s] = (uint8_t)((s + i) % c->nagents);
    durak_game g;
    rng_t rng;
    rng_seed(&rng, mix64(deal + (uint64_t)i));
    if (!durak_new(&g, &c->opt, deal)) {
        rec.failed = 1;
        return rec;
    }
    for (long step = 0; !durak_over(&g); step++) {
        int agent = c->agent[rec.agent_of_seat[durak_actor(&g)]];
        durak_action a;
        if (agent <= AGENT_EXTERNAL && !external_move(c, &g, agent, i, &a))
            return external_loss(&g, &rec, durak_actor(&g));
        if (agent > AGENT_EXTERNAL)
            a = agent_move(c, &g, agent, mix64(deal + (uint64_t)step * 7919 + (uint64_t)i), &rng,
                           &rec);
        if (step >= MAX_GAME_ACTIONS || durak_apply(&g, a) != DURAK_OK) {
            rec.failed = 1;
            return rec;
        }
    }
    rec.draw = g.result == DURAK_RESULT_DRAW;
    for (int s = 0; s < c->players; s++)
        rec.not_lost[s] = !durak_seat_lost(&g, s); /* R19: with teams, the team's result */
    return rec;
}

/* ---- workers and totals -------------------------------------------------------------- */

static void run_worker(const arena_config *c, int w, int fd)
{
    for (int k = 0; k < c->next; k++)
        ext_agents[k].cmd = c->ext_cmd[k];
    int status = 0;
    for (long i = w; i < c->games && !status; i += c->jobs) {
        game_record rec = play_game(c, i);
        if (write(fd, &rec, sizeof rec) != (ssize_t)sizeof rec)
            status = 1;
    }
    for (int k = 0; k < c->next; k++)
        ext_agent_stop(&ext_agents[k]);
    _exit(status);
}

static void add_record(arena_totals *t, const game_record *r, int players)
{
    t->games++;
    t->failed += r->failed;
    t->ext_errors += r->ext_errors;
    t->draws += r->draw;
    for (int s = 0; s < players && !r->failed; s++) {
        t->seat_games[r->agent_of_seat[s]]++;
        t->not_lost[r->agent_of_seat[s]] += r->not_lost[s];
    }
    t->hard_searched += r->hard_searched;
    t->hard_forced += r->hard_forced;
    t->hard_ms_sum += r->hard_ms_sum;
    t->hard_cpu_sum += r->hard_cpu_sum;
    if (r->hard_ms_max > t->hard_ms_max)
        t->hard_ms_max = r->hard_ms_max;
    if (r->hard_cpu_max > t->hard_cpu_max)
        t->hard_cpu_max = r->hard_cpu_max;
}

static void print_progress(const arena_config *c, const arena_totals *t)
{
    fprintf(stderr, "progress: %ld/%ld games", t->games, c->games);
    for (int a = 0; a < c->nagents; a++)
        fprintf(stderr, "  %s %ld/%ld %.1f%%", agent_name(c->agent[a]), t->not_lost[a],
                t->seat_games[a],
                t->seat_games[a] ? 100.0 * (double)t->not_lost[a] / (double)t->seat_games[a] : 0.0);
    fputc('\n', stderr);
}

/* Reads every record until all workers have closed the pipe. */
static int collect(const arena_config *c, int fd, arena_totals *t)
{
    game_record rec;
    ssize_t got;
    while ((got = read(fd, &rec, sizeof rec)) != 0) {
        if (got < 0 && errno == EINTR)
            continue;
        if (got != (ssize_t)sizeof rec)
            return -1;
        add_record(t, &rec, c->players);
        if (t->games % c->progress == 0)
            print_progress(c, t);
    }
    return 0;
}

static int run_arena(const arena_config *c, arena_totals *t)
{
    int fds[2];
    if (pipe(fds) != 0) {
        perror("durak-arena: pipe");
        return -1;
    }
    for (int w = 0; w < c->jobs; w++) {
        pid_t pid = fork();
        if (pid < 0) {
            perror("durak-arena: fork");
            return -1;
        }
        if (pid == 0) {
            close(fds[0]);
            run_worker(c, w, fds[1]);
        }
    }
    close(fds[1]);
    int rc = collect(c, fds[0], t);
    close(fds[0]);
    int status;
    while (wait(&status) > 0)
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
            rc = -1;
    return rc;
}

/* ---- report ------------------------------------------------------------------------ */

/* Wilson score interval, 95% (z = 1.96). */
static void wilson(long k, long n, double *lo, double *hi)
{
    const double z = 1.96;
    if (n == 0) {
        *lo = *hi = 0;
        return;
    }
    double p = (double)k / (double)n, z2n = z * z / (double)n;
    double centre = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / (double)n + z2n / (4 * (double)n)) / (1 + z2n);
    *lo = centre - half;
    *hi = centre + half;
}

static void print_report(const arena_config *c, const arena_totals *t)
{
    printf("durak-arena: %ld games, %d players, %s, throwin %s, seed %" PRIu64 ", jobs %d, ",
           t->games, c->players, c->opt.variant == DURAK_VARIANT_TRANSFER ? "transfer" : "classic",
           c->opt.throwin == DURAK_THROWIN_NEIGHBOURS ? "neighbours" : "all", c->seed, c->jobs);
    printf("hard, ismcts: budget %d ms, expert %d ms (%s clock), iterations %d\n", c->budget_ms,
           c->expert_ms, c->wall_clock ? "wall" : "CPU", c->iterations);
    for (int k = 0; k < c->next; k++)
        printf("%s: %s (answer within %d ms)\n", agent_name(AGENT_EXTERNAL - k), c->ext_cmd[k],
               c->ext_timeout_ms);
    printf("%-3s %-8s %10s %10s %8s   %s\n", "#", "agent", "seat-games", "not lost", "share",
           "95% CI (Wilson)");
    for (int a = 0; a < c->nagents; a++) {
        double lo, hi;
        long n = t->seat_games[a], k = t->not_lost[a];
        wilson(k, n, &lo, &hi);
        printf("%-3d %-8s %10ld %10ld %7.1f%%   [%.1f%%, %.1f%%]\n", a + 1, agent_name(c->agent[a]),
               n, k, n ? 100.0 * (double)k / (double)n : 0.0, 100 * lo, 100 * hi);
    }
    printf("draws: %ld (%.1f%%), failed games: %ld\n", t->draws,
           t->games ? 100.0 * (double)t->draws / (double)t->games : 0.0, t->failed);
    if (c->next)
        printf("external agents' bad or late answers: %ld (each game counted as that agent's "
               "loss)\n",
               t->ext_errors);
    if (t->hard_searched + t->hard_forced) {
        double n = t->hard_searched ? (double)t->hard_searched : 1.0;
        printf("hard decisions: %ld searched (%ld forced, 1 legal move, not timed)\n",
               t->hard_searched, t->hard_forced);
        printf("  CPU time per decision:  mean %.1f ms, max %.1f ms\n", t->hard_cpu_sum / n,
               t->hard_cpu_max);
        printf("  wall time per decision: mean %.1f ms, max %.1f ms\n", t->hard_ms_sum / n,
               t->hard_ms_max);
    }
}

/* ---- options -------------------------------------------------------------------------- */

static int usage(const char *prog, int status)
{
    fprintf(status ? stderr : stdout,
            "Usage: %s [-n GAMES] [-p PLAYERS] [-v classic|transfer] [-t all|neighbours]\n"
            "          [-s SEED] [-b BUDGET_MS] [-e EXPERT_MS] [-i ITERATIONS] [-c cpu|wall]\n"
            "          [-j JOBS] [-P EVERY] [-w ANSWER_MS] [-T on|off] [-x CMD]... AGENT...\n"
            "Plays GAMES games (default 100) between the AGENTs (random, easy, normal,\n"
            "hard, expert, ismcts, and each -x CMD in its place; default: normal random).\n"
            "With PLAYERS seats (default: the number of agents) the agents are rotated\n"
            "round the seats: game i deals deck i/PLAYERS and seat s is played by agent\n"
            "(s+i) mod AGENTS. Prints each agent's share of games not lost (not the durak;\n"
            "a draw is not lost) with a 95%% Wilson interval and the time per hard decision.\n"
            "BUDGET_MS (default %d) is the clock budget per decision of hard and ismcts\n"
            "(the textbook information-set MCTS of Cowling, Powley and Whitehouse 2012,\n"
            "random playouts: a yardstick), EXPERT_MS (default %d) expert's (0: no\n"
            "clock), measured on the worker's CPU time (time on one core, whatever else\n"
            "runs) or with -c wall on the wall clock; ITERATIONS caps their searches\n"
            "(default none; with no clock and no -i, %d, expert %d). JOBS worker\n"
            "processes (default 1) share the games. Every EVERY games (default %d) a\n"
            "progress line on stderr gives each agent's games not lost so far. -T on: teams\n"
            "of two (R19, 4 or 6 PLAYERS); with two agents partners are played by the same\n"
            "agent, and a seat has not lost when its team has not.\n"
            "-x CMD: an external agent (x1, x2, ... in order), run as sh -c CMD, one\n"
            "process per worker for all its games. Per decision it reads one line,\n"
            "TAB-separated fields after the word \"decide\":\n"
            "  seat=S players=N variant=classic|transfer phase=attack|defend|throwin|taking\n"
            "  attacker=S defender=S trump=KH stock=N discard=N table=7S/8S 9H/- (or -)\n"
            "  hand=6S 7H ... counts=6,5 (cards per seat) known=0:-;1:QS (cards known to be\n"
            "  in other hands) view=D1 ... (the game as the seat sees it, durak_serialize)\n"
            "  legal=play 7S;take;... (the legal moves, as durak-cli writes them)\n"
            "and writes one line: one of the legal moves exactly as listed. An answer that\n"
            "is not one of them, or none within ANSWER_MS (default %d, wall clock), ends\n"
            "the game as that agent's loss, is reported on stderr and restarts the agent;\n"
            "the exit status is then 1. At the end its input is closed.\n",
            prog, AI_DEFAULT_BUDGET_MS, AI_EXPERT_BUDGET_MS, AI_DEFAULT_ITERATIONS,
            AI_EXPERT_ITERATIONS, PROGRESS_EVERY, DEFAULT_EXT_TIMEOUT_MS);
    return status;
}

static int parse_int(const char *s, long lo, long hi, long *out)
{
    char *end;
    if (!s)
        return -1;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || end == s || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

static int parse_word(arena_config *c, const char *flag, const char *arg)
{
    long v;
    if (strcmp(flag, "-v") == 0 && arg
        && (strcmp(arg, "classic") == 0 || strcmp(arg, "transfer") == 0))
        c->opt.variant =
            strcmp(arg, "transfer") == 0 ? DURAK_VARIANT_TRANSFER : DURAK_VARIANT_CLASSIC;
    else if (strcmp(flag, "-t") == 0 && arg
             && (strcmp(arg, "all") == 0 || strcmp(arg, "neighbours") == 0))
        c->opt.throwin = strcmp(arg, "all") == 0 ? DURAK_THROWIN_ALL : DURAK_THROWIN_NEIGHBOURS;
    else if (strcmp(flag, "-c") == 0 && arg
             && (strcmp(arg, "cpu") == 0 || strcmp(arg, "wall") == 0))
        c->wall_clock = strcmp(arg, "wall") == 0;
    else if (strcmp(flag, "-s") == 0 && arg && *arg >= '0' && *arg <= '9')
        c->seed = strtoull(arg, NULL, 10);
    else if (strcmp(flag, "-n") == 0 && parse_int(arg, 1, 100000000, &v) == 0)
        c->games = v;
    else if (strcmp(flag, "-p") == 0 && parse_int(arg, 2, DURAK_MAX_PLAYERS, &v) == 0)
        c->players = (int)v;
    else if (strcmp(flag, "-b") == 0 && parse_int(arg, 0, 1000000, &v) == 0)
        c->budget_ms = (int)v;
    else if (strcmp(flag, "-e") == 0 && parse_int(arg, 0, 1000000, &v) == 0)
        c->expert_ms = (int)v;
    else if (strcmp(flag, "-P") == 0 && parse_int(arg, 1, 100000000, &v) == 0)
        c->progress = (int)v;
    else if (strcmp(flag, "-w") == 0 && parse_int(arg, 1, 10000000, &v) == 0)
        c->ext_timeout_ms = (int)v;
    else if (strcmp(flag, "-i") == 0 && parse_int(arg, 0, 100000000, &v) == 0)
        c->iterations = (int)v;
    else if (strcmp(flag, "-T") == 0 && arg && (strcmp(arg, "on") == 0 || strcmp(arg, "off") == 0))
        c->opt.teams = strcmp(arg, "on") == 0;
    else if (strcmp(flag, "-j") == 0 && parse_int(arg, 1, MAX_JOBS, &v) == 0)
        c->jobs = (int)v;
    else
        return -1;
    return 0;
}

static int parse_agent(arena_config *c, const char *name)
{
    ai_level l;
    if (c->nagents == MAX_AGENTS)
        return -1;
    if (strcmp(name, "random") == 0)
        c->agent[c->nagents++] = AGENT_RANDOM;
    else if (ai_level_parse(name, &l))
        c->agent[c->nagents++] = (int)l;
    else
        return -1;
    return 0;
}

static int parse_args(arena_config *c, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-x") == 0) {
            if (!argv[i + 1] || !*argv[i + 1] || c->nagents == MAX_AGENTS)
                return -1;
            c->ext_cmd[c->next] = argv[++i];
            c->agent[c->nagents++] = AGENT_EXTERNAL - c->next++;
        } else if (argv[i][0] == '-') {
            if (parse_word(c, argv[i], argv[i + 1]) != 0)
                return -1;
            i++;
        } else if (parse_agent(c, argv[i]) != 0) {
            return -1;
        }
    }
    if (c->nagents == 0) {
        c->agent[c->nagents++] = AI_NORMAL;
        c->agent[c->nagents++] = AGENT_RANDOM;
    }
    if (c->players == 0)
        c->players = c->nagents < 2 ? 2 : c->nagents;
    c->opt.players = (uint8_t)c->players;
    return c->nagents <= c->players && !durak_check_options(&c->opt) ? 0 : -1;
}

int main(int argc, char **argv)
{
    arena_config c;
    memset(&c, 0, sizeof c);
    c.games = 100;
    c.jobs = 1;
    c.seed = 1;
    c.budget_ms = AI_DEFAULT_BUDGET_MS;
    c.expert_ms = AI_EXPERT_BUDGET_MS;
    c.ext_timeout_ms = DEFAULT_EXT_TIMEOUT_MS;
    c.progress = PROGRESS_EVERY;
    c.opt = durak_default_options();
    if (argc > 1 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0))
        return usage(argv[0], 0);
    if (parse_args(&c, argc, argv) != 0)
        return usage(argv[0], 2);
    signal(SIGPIPE, SIG_IGN); /* an external agent that exits is a bad answer, not our end */
    arena_totals t;
    memset(&t, 0, sizeof t);
    double start = now_ms();
    int rc = run_arena(&c, &t);
    print_report(&c, &t);
    printf("wall time: %.1f s\n", (now_ms() - start) / 1e3);
    return rc == 0 && t.failed == 0 && t.ext_errors == 0 ? 0 : 1;
}
