/* ai.h — computer players: easy (cheapest card), normal (the rule texts' strategy), hard and
 * expert (determinized MCTS + endgame solver), ismcts (the arena's textbook yardstick). */

/* A decision reads one seat's view only; with teams (R19) the team's result counts. */
#ifndef DURAK_AI_H
#define DURAK_AI_H

#include <stdbool.h>
#include <stdint.h>

#include "durak.h"

/* AI_EXPERT: hard's search with a longer budget. AI_ISMCTS: a reference agent for durak-arena
 * (textbook SO-ISMCTS, random playouts), not a level players see (AI_PLAYER_LEVELS). */
typedef enum { AI_EASY, AI_NORMAL, AI_HARD, AI_EXPERT, AI_ISMCTS } ai_level;

enum {
    AI_PLAYER_LEVELS = AI_EXPERT + 1, /* the levels a game may seat: easy .. expert */
    AI_DEFAULT_BUDGET_MS = 200,
    AI_EXPERT_BUDGET_MS = 1000, /* expert's default time per decision */
    AI_DEFAULT_ITERATIONS = 4000,
    AI_EXPERT_ITERATIONS = 20000, /* expert's cap without a clock: the budgets' ratio */
    AI_NO_ACTION = 0xFF           /* the kind of the answer when the seat has nothing to do */
};

typedef struct {
    ai_level level;
    uint64_t seed;      /* same seed, same view, no clock: same decision */
    int budget_ms;      /* hard, expert, ismcts: time per decision; <= 0 means the level's
                           default (AI_EXPERT_BUDGET_MS for expert, else AI_DEFAULT_BUDGET_MS) */
    int max_iterations; /* the same: search iterations cap; <= 0 means no cap when a clock
                           is given, AI_DEFAULT_ITERATIONS (expert: AI_EXPERT_ITERATIONS)
                           without one */
} ai_params;

/* Defaults for a level: budget 200 ms (expert 1000 ms), no iteration cap, seed 0. */
ai_params ai_default_params(ai_level level);

/* Chooses a legal action for the seat to act (v->seat must be the actor of v->pub),
 * from that seat's view only. `now_ms` is a clock callback in milliseconds (the
 * engine has no clock of its own); NULL = no time limit, only max_iterations.
 * With the game over or another seat to act, returns an action of kind
 * AI_NO_ACTION, which durak_apply refuses. Thread-safe: no shared state, a few KB of stack; the
 * searches allocate their pools per call, none per simulated action (hard's tree starts at
 * 1.5 MB and doubles as it fills: expert's second takes about 6 MB, 24 MB at most; ismcts
 * 6 MB), and answer within budget_ms of the given clock (they stop at 97% of it). */
durak_action ai_choose(const durak_view *v, const ai_params *p, double (*now_ms)(void));

/* "easy", "normal", "hard", "expert", "ismcts"; NULL for an unknown level. */
const char *ai_level_name(ai_level l);
/* The inverse of ai_level_name; returns false for an unknown name. */
bool ai_level_parse(const char *name, ai_level *out);

#endif
