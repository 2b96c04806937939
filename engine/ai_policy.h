/* ai_policy.h — the easy and normal players' rules, also the hard player's playouts.
 * They read only what the seat to act may see: its own hand and the game's public fields. */
#ifndef DURAK_AI_POLICY_H
#define DURAK_AI_POLICY_H

#include "durak.h"

/* Cost order of "cheapest": non-trumps before trumps, then the lower rank. */
int ai_policy_cost(card_t c, int trump);

/* easy: plays (leads, throws in, covers, transfers) the cheapest card it may;
 * passes when it has none to add; takes when it cannot beat. */
durak_action ai_policy_easy(const durak_game *g);

/* normal: the strategy of the rule texts (attack low and with pairs, keep trumps and
 * aces, cover with the smallest card, count cards, take cheap tables rather than spend
 * a high trump, transfer when cheap, play to go out once the stock is empty). */
durak_action ai_policy_normal(const durak_game *g);

#endif
