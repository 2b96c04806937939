/* ai_hint.h — why a move is good, in plain facts of the position as one seat sees it: the
 * reason a hint gives. Reads the view only, so a hint cannot reveal hidden cards. */
#ifndef DURAK_AI_HINT_H
#define DURAK_AI_HINT_H

#include "durak.h"

typedef enum {
    HINT_ONLY_MOVE,   /* the only legal move */
    HINT_TAKE_CANNOT, /* card: an uncovered card nothing in the hand covers */
    HINT_TAKE_TRUMPS, /* n1 need a trump, n2 trumps held, n3 uncovered; all could be covered */
    HINT_TAKE_MANY,   /* n1 cards uncovered, n2 more may still be added (R9) */
    HINT_BEAT_TRUMP,  /* a trump covers: no higher card of the suit `n1` in the hand */
    HINT_BEAT_LOWEST, /* the lowest card in the hand that covers it */
    HINT_BEAT_KEEPS,  /* card: a cheaper card that covers it too stays in the hand */
    HINT_LEAD_PAIR,   /* n1 of the led rank held (this one too); the bout takes more (R9) */
    HINT_LEAD_LOWEST, /* the cheapest card in the hand */
    HINT_LEAD_KEEPS,  /* card: the cheapest card, kept */
    HINT_ADD,         /* seat: the defender, n1 cards in their hand */
    HINT_ADD_TAKING,  /* seat: the defender, who takes: the card goes to them */
    HINT_PASS,        /* n1 cards could be added, n2 of them trumps */
    HINT_TRANSFER,    /* n1 cards go on to seat, who holds n2 */
    HINT_REASON_COUNT
} ai_hint_reason;

typedef struct {
    ai_hint_reason reason;
    int n1, n2, n3;
    card_t card;
    int seat;
} ai_hint_facts;

/* The facts behind action `a` (legal for v->seat, the actor of v->pub). */
ai_hint_facts ai_hint_explain(const durak_view *v, durak_action a);

#endif
