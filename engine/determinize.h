/* determinize.h — the hidden cards of a seat's view, and full games sampled consistently
 * with everything that seat has seen (hands' known cards, counts, stock size, discards). */
#ifndef DURAK_DETERMINIZE_H
#define DURAK_DETERMINIZE_H

#include <stdbool.h>

#include "durak.h"
#include "rng.h"

/* True when the view leaves nothing to guess (every hidden card has one possible place):
 * e.g. 2 players and an empty stock. */
bool determinize_is_exact(const durak_view *v);

/* Fills `out` with a full game that looks exactly like `v` from v->seat: the hidden
 * cards dealt uniformly at random into the free slots, the stock in random order.
 * The lowest trump announced at the start (R5) stays with its seat while unplayed.
 * Returns false if the view is inconsistent (the counts do not add up). */
bool determinize_sample(const durak_view *v, rng_t *r, durak_game *out);
/* A game to list the seat's legal moves in: a sample (seeded by seed), whose hand counts the
 * transfer rule reads, or the view itself if it is inconsistent (false then). */
bool determinize_for_moves(const durak_view *v, uint64_t seed, durak_game *out);

#endif
