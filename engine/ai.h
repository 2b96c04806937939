/* ai.h — computer players: easy (cheapest card), normal (the rule texts' strategy), hard (MCTS
 * + endgame solver). A decision reads one seat's view only; with teams (R19) the team's result counts. */
#ifndef DURAK_AI_H
#define DURAK_AI_H

#include <stdbool.h>
#include <stdint.h>

#include "durak.h"

typedef enum { AI_EASY, AI_NORMAL, AI_HARD } ai_level;

enum {
    AI_DEFAULT_BUDGET_MS = 200,
    AI_DEFAULT_ITERATIONS = 4000,
    AI_NO_ACTION = 0xFF /* the kind of the answer when the seat has nothing to do */
};

typedef struct {
    ai_level level;
    uint64_t seed;      /* same seed, same view, no clock: same decision */
    int budget_ms;      /* hard: time per decision; <= 0 means AI_DEFAULT_BUDGET_MS */
    int max_iterations; /* hard: search iterations cap; <= 0 means no cap when a
                               clock is given, AI_DEFAULT_ITERATIONS without one */
} ai_params;

/* Defaults for a level: budget 200 ms, no iteration cap, seed 0. */
ai_params ai_default_params(ai_level level);

/* Chooses a legal action for the seat to act (v->seat must be the actor of v->pub),
 * from that seat's view only. `now_ms` is a clock callback in milliseconds (the
 * engine has no clock of its own); NULL = no time limit, only max_iterations.
 * With the game over or another seat to act, returns an action of kind
 * AI_NO_ACTION, which durak_apply refuses. Thread-safe: no shared state, a few KB of stack; `hard`
 * allocates its fixed pools (about 4 MB) once per call, none per simulated action.
 * `hard` answers within budget_ms of the given clock (it stops at 97% of it). */
durak_action ai_choose(const durak_view *v, const ai_params *p, double (*now_ms)(void));

/* "easy", "normal", "hard"; NULL for an unknown level. */
const char *ai_level_name(ai_level l);
/* The inverse of ai_level_name; returns false for an unknown name. */
bool ai_level_parse(const char *name, ai_level *out);

#endif
