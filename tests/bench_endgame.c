/* bench_endgame.c — the late two-player game, decision by decision: hard as it plays (endgame
 * solver over placements, ai_pimc) against its tree search alone, each with the same CPU time,
 * judged by the real deal: how often a move loses a game the seat could still have saved.
 * usage: bench_endgame [POSITIONS] [BUDGET_MS] [SEED]   (defaults 200, 200, 1) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ai_mcts.h"
#include "ai_pimc.h"
#include "ai_policy.h"
#include "ai_solve.h"
#include "durak.h"

enum { TRUTH_NODES = 20000000 }; /* the judge's nodes for a position's three verdicts */

static double cpu_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Whether `me` is safe in `g` with every card where it really is (-1: not settled). */
static int truth(ai_solver *s, const durak_game *g)
{
    ai_limits l = { NULL, 0, TRUTH_NODES };
    solve_outcome o = ai_solver_value(s, g, &l);
    return o == SOLVE_UNKNOWN ? -1 : o == SOLVE_SAFE;
}

/* Whether `a` keeps `me` safe in the real game `g`. */
static int keeps(ai_solver *s, const durak_game *g, durak_action a)
{
    durak_game next = *g;
    return durak_apply(&next, a) == DURAK_OK ? truth(s, &next) : 0;
}

int main(int argc, char **argv)
{
    int want = argc > 1 ? atoi(argv[1]) : 200, budget = argc > 2 ? atoi(argv[2]) : 200;
    uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    if (want <= 0 || budget <= 0) {
        fprintf(stderr, "usage: %s [POSITIONS] [BUDGET_MS] [SEED]\n", argv[0]);
        return 2;
    }
    int positions = 0, lost_hard = 0, lost_search = 0, by_pimc = 0, skipped = 0;
    int pimc_lost_hard = 0, pimc_lost_search = 0; /* of those ai_pimc decided */
    double ms_hard = 0, ms_search = 0;
    for (uint64_t game = seed; positions < want; game++) {
        durak_options o = durak_default_options();
        o.variant = (uint8_t)(game & 1);
        durak_game g;
        if (!durak_new(&g, &o, game))
            return 1;
        /* normal against normal; every decision with the stock at 2 or 3 that ai_pimc takes */
        while (!durak_over(&g) && positions < want) {
            durak_view v;
            int me = durak_actor(&g);
            durak_view_of(&g, me, &v);
            if (g.stock_len <= 1)
                break;
            if (ai_pimc_applies(&v)) {
                ai_solver *s = ai_solver_new(me);
                if (!s)
                    return 1;
                if (truth(s, &g) == 1) { /* a seat that can still be saved */
                    mcts_stats st;
                    double t0 = cpu_ms();
                    ai_limits l = { cpu_ms, t0 + budget * 0.97, 0 };
                    durak_action h = ai_mcts_choose(&v, game * 977 + g.bouts, &l, &st);
                    double t1 = cpu_ms();
                    l.deadline_ms = t1 + budget * 0.97;
                    durak_action m = ai_mcts_search(&v, game * 977 + g.bouts, &l);
                    double t2 = cpu_ms();
                    int kh = keeps(s, &g, h), km = keeps(s, &g, m);
                    if (kh < 0 || km < 0) {
                        skipped++;
                    } else {
                        positions++;
                        lost_hard += !kh;
                        lost_search += !km;
                        by_pimc += st.solved == 2;
                        pimc_lost_hard += st.solved == 2 && !kh;
                        pimc_lost_search += st.solved == 2 && !km;
                        ms_hard += t1 - t0;
                        ms_search += t2 - t1;
                    }
                } /* else lost already, or not settled: no move can be judged */
                ai_solver_free(s);
            }
            durak_apply(&g, ai_policy_normal(&g));
        }
    }
    printf("%d late positions (2 players, stock at 2 or 3, the seat to act can still be saved "
           "with every card known; %d left out: the judge could not settle a move)\n",
           positions, skipped);
    printf("hard:          %3d moves lose the saved game (%.1f%%), %.0f ms CPU a decision, "
           "%d decided over placements (ai_pimc)\n",
           lost_hard, 100.0 * lost_hard / positions, ms_hard / positions, by_pimc);
    printf("search alone:  %3d moves lose the saved game (%.1f%%), %.0f ms CPU a decision\n",
           lost_search, 100.0 * lost_search / positions, ms_search / positions);
    printf("where ai_pimc decided: hard lost %d, the search alone %d\n", pimc_lost_hard,
           pimc_lost_search);
    return 0;
}
