/* ai_solve.h — exact endgame search for the hard player: with the stock empty and two
 * players left, nothing is hidden, and a depth-first search proves whether a seat can avoid losing. */
#ifndef DURAK_AI_SOLVE_H
#define DURAK_AI_SOLVE_H

#include <stdbool.h>

#include "durak.h"

/* When a search must stop: a clock deadline (absolute, in the clock's ms) and/or a count. */
typedef struct {
    double (*now_ms)(void); /* NULL: no clock */
    double deadline_ms;
    long max_count; /* iterations (MCTS) or nodes (solver); <= 0: none */
} ai_limits;

bool ai_limits_clock_expired(const ai_limits *l);

/* The searches read the clock once in this many iterations: a read of a CPU-time clock is a
 * system call of about a microsecond, a quarter of one iteration of the hard player's search. */
enum { AI_CLOCK_EVERY = 8 };

/* How the searches score an end for `seat`: 0 lost (the durak; with teams, the losing team, R19,
 * a partner's loss or forfeit included), 1 won, and a draw ½, as the results count it (durak(7)):
 * a search that scored a draw as a win took a forced draw where a forced win was there. A playout
 * cut short is not lost. */
static inline float ai_reward(const durak_game *g, int seat)
{
    return durak_seat_lost(g, seat) ? 0.f : g->result == DURAK_RESULT_DRAW ? 0.5f : 1.f;
}

typedef enum { SOLVE_UNKNOWN = -1, SOLVE_LOSS = 0, SOLVE_SAFE = 1 } solve_outcome;

/* Searches the whole game from `g` (full information, any number of seats, but meant
 * for two) for the seat `me`, which must be the actor. SOLVE_SAFE: `*best` guarantees
 * `me` is not the durak (with teams: `me`'s team does not lose) against any play, and a win
 * rather than a draw when one can be forced (searched first, in half the limits); SOLVE_LOSS:
 * every move loses against best play; SOLVE_UNKNOWN: the limits stopped it. */
solve_outcome ai_solve(const durak_game *g, int me, const ai_limits *lim, durak_action *best);

#endif
