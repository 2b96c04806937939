/* ai_pimc.c — perfect-information Monte Carlo for the late two-player game: placements of the
 * hidden cards sampled from the seat's view, every move's result solved exactly in each. */
#include "ai_pimc.h"

#include <string.h>

#include "ai_policy.h"
#include "determinize.h"
#include "rng.h"

bool ai_pimc_applies(const durak_view *v)
{
    const durak_game *g = &v->pub;
    return bits_count(g->in_game) == 2 && g->stock_len >= 1 && g->stock_len - 1 <= PIMC_MAX_STOCK
           && !determinize_is_exact(v);
}

/* The move safe in the most placements; ties go to `pref` if among them, else the first. */
static int best_move(const int *safe, int n, const durak_action *acts, durak_action pref)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (safe[i] > safe[best])
            best = i;
    for (int i = 0; i < n; i++)
        if (safe[i] == safe[best] && memcmp(&acts[i], &pref, sizeof pref) == 0)
            return i;
    return best;
}

/* The first placement's share of the limits: if it takes more, PIMC_MIN_WORLDS will not fit. */
static ai_limits first_share(const ai_limits *lim)
{
    ai_limits f = *lim;
    if (f.now_ms) {
        double now = f.now_ms();
        f.deadline_ms = now + (f.deadline_ms - now) / PIMC_MIN_WORLDS;
    }
    if (f.max_count > 0)
        f.max_count /= PIMC_MIN_WORLDS;
    return f;
}

bool ai_pimc_choose(const durak_view *v, uint64_t seed, const ai_limits *lim, durak_action *a,
                    int *worlds)
{
    durak_action acts[DURAK_MAX_ACTIONS], pref = { 0, CARD_NONE, CARD_NONE };
    int safe[DURAK_MAX_ACTIONS] = { 0 }, got[DURAK_MAX_ACTIONS], n = 0, done = 0;
    durak_game w, next;
    rng_t r;
    ai_solver *s = ai_solver_new(v->seat);
    ai_limits first = first_share(lim);
    rng_seed(&r, seed);
    for (bool stop = !s; !stop && done < PIMC_MAX_WORLDS && determinize_sample(v, &r, &w);) {
        if (!n) { /* the actor's moves: the same in every placement */
            n = durak_legal(&w, acts);
            pref = ai_policy_normal(&w);
        }
        for (int i = 0; i < n && !stop; i++) {
            next = w;
            solve_outcome o = durak_apply(&next, acts[i]) == DURAK_OK
                                  ? ai_solver_value(s, &next, done ? lim : &first)
                                  : SOLVE_UNKNOWN;
            stop = o == SOLVE_UNKNOWN;
            got[i] = o == SOLVE_SAFE;
        }
        if (!stop) { /* a placement counts only with every move solved in it */
            for (int i = 0; i < n; i++)
                safe[i] += got[i];
            done++;
        }
    }
    ai_solver_free(s);
    if (worlds)
        *worlds = done;
    int b = n ? best_move(safe, n, acts, pref) : 0;
    if (done < PIMC_MIN_WORLDS || !n || !safe[b])
        return false;
    *a = acts[b];
    return true;
}
