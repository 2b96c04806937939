/* ai_ismcts.h — the arena's yardstick: textbook single-observer information-set MCTS
 * (Cowling, Powley, Whitehouse 2012) with uniform random playouts. Not a level players see. */
#ifndef DURAK_AI_ISMCTS_H
#define DURAK_AI_ISMCTS_H

#include <stdint.h>

#include "ai_solve.h"
#include "durak.h"

/* SO-ISMCTS's action for v->seat (the actor of v->pub), searching until `lim` (a clock
 * deadline and/or an iteration count) stops it; deterministic for a seed when the count,
 * not the clock, stops it. `iterations` (may be NULL) receives how many were run. */
durak_action ai_ismcts_choose(const durak_view *v, uint64_t seed, const ai_limits *lim,
                              long *iterations);

#endif
