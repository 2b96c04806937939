/* ai_mcts.h — the hard player: information-set Monte Carlo tree search over hidden cards
 * sampled from the seat's view, normal-policy playouts, exact endgame search when nothing is hidden. */
#ifndef DURAK_AI_MCTS_H
#define DURAK_AI_MCTS_H

#include <stdint.h>

#include "ai_solve.h"
#include "durak.h"

/* Statistics of the last search, for tools (durak-bench) and tests. */
typedef struct {
    long iterations;
    long tree_nodes;
    int solved; /* 1: the endgame search decided */
} mcts_stats;

/* The hard player's action for v->seat (the actor of v->pub). `lim->max_count` caps the
 * iterations; deterministic for a seed when the count, not the clock, stops it.
 * `stats` may be NULL. */
durak_action ai_mcts_choose(const durak_view *v, uint64_t seed, const ai_limits *lim,
                            mcts_stats *stats);

#endif
