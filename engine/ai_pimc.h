/* ai_pimc.h — the hard player's last bouts before the stock runs out, two players left: the few
 * hidden cards placed at random again and again, each placement solved exactly for every move. */
#ifndef DURAK_AI_PIMC_H
#define DURAK_AI_PIMC_H

#include <stdbool.h>
#include <stdint.h>

#include "ai_solve.h"
#include "durak.h"

enum {
    PIMC_MAX_STOCK = 2,  /* hidden stock cards (the trump card not counted) at most */
    PIMC_MIN_WORLDS = 8, /* placements solved for every move, or no answer */
    PIMC_MAX_WORLDS = 64
};

/* Whether the view is one for it: two players in the game, at most PIMC_MAX_STOCK hidden
 * cards in the stock, and something hidden (else ai_solve alone decides). */
bool ai_pimc_applies(const durak_view *v);

/* For v->seat, the actor: samples placements of the hidden cards (determinize_sample) until the
 * limits or PIMC_MAX_WORLDS, solves each move's result exactly in each, and picks the move that is
 * safe in the most (ties: the normal player's move if among them, else the first). False —
 * leave it to the search — when fewer than PIMC_MIN_WORLDS were solved or no move is safe in
 * any; the first placement may use 1/PIMC_MIN_WORLDS of the limits, so a position too big to
 * solve costs little. `*worlds` (may be NULL) gets the placements solved. */
bool ai_pimc_choose(const durak_view *v, uint64_t seed, const ai_limits *lim, durak_action *a,
                    int *worlds);

#endif
