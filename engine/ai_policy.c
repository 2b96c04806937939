/* ai_policy.c — the easy and normal players: one action from the actor's hand and the
 * public fields (table, counts, known cards, seen discards, stock size) — never others' hands. */
#include "ai_policy.h"

#include <stdbool.h>

typedef struct {
    const durak_game *g;
    cards_t hand;
    cards_t outside; /* cards that may be in another hand (0 while the stock lasts) */
    cards_t trumps;  /* every card of the trump suit */
    int trump;
    int low;  /* the deck's lowest rank */
    int span; /* ranks in the deck */
    int stock;
} pol_ctx;

/* Weights of normal's choices, in units of one rank step (tuned with durak-arena
 * against easy: 2 players, 6,000 games a setting). */
enum {
    LEAD_RANK = 2,
    LEAD_PAIR = 5,
    LEAD_UNBEATABLE = 30, /* leading */
    TAKE_BASE = 2,
    TAKE_PER_CARD = 1,
    SPEND_TRUMP = 6,  /* taking instead of a trump */
    LATE_STOCK = 9,   /* stock size from which trumps are no longer saved by taking */
    EARLY_ADD_TOP = 2 /* early, add plain cards up to this many ranks below the ace */
};

static durak_action act_make(int kind, card_t c, card_t t)
{
    durak_action a = { (uint8_t)kind, c, t };
    return a;
}

static durak_action act_pass(void) { return act_make(DURAK_ACT_PASS, CARD_NONE, CARD_NONE); }
static durak_action act_take(void) { return act_make(DURAK_ACT_TAKE, CARD_NONE, CARD_NONE); }
static durak_action act_play(card_t c) { return act_make(DURAK_ACT_PLAY, c, CARD_NONE); }

int ai_policy_cost(card_t c, int trump) { return (card_suit(c) == trump) * 16 + card_rank(c); }

/* The cards the actor may add to the table now (R8, R9, R12). */
static cards_t addable(const durak_game *g)
{
    if (g->nattack >= g->limit)
        return 0;
    return g->hand[g->actor] & cards_with_ranks(g->table_ranks);
}

/* The cards the defender may transfer with (R17); 0 when no transfer is legal. */
static cards_t transferable(const durak_game *g)
{
    if (g->opt.variant != DURAK_VARIANT_TRANSFER || g->ncovered || !g->nattack)
        return 0;
    cards_t same = g->hand[g->actor] & cards_of_rank(card_rank(g->attack[0]));
    if (!same)
        return 0;
    durak_action a = act_make(DURAK_ACT_TRANSFER, cards_first(same), CARD_NONE);
    return durak_check(g, a) == DURAK_OK ? same : 0;
}

/* The most expensive uncovered card that `c` beats. */
static card_t best_target(const durak_game *g, card_t c)
{
    card_t best = CARD_NONE;
    for (cards_t u = durak_uncovered(g); u; u &= u - 1) {
        card_t t = cards_first(u);
        if (card_beats(c, t, g->trump)
            && (best == CARD_NONE || ai_policy_cost(t, g->trump) > ai_policy_cost(best, g->trump)))
            best = t;
    }
    return best;
}

/* ---- easy ---------------------------------------------------------------- */

static durak_action easy_defend(const durak_game *g)
{
    cards_t hand = g->hand[g->actor], beaters = 0;
    for (cards_t u = durak_uncovered(g); u; u &= u - 1)
        beaters |= cards_beating(hand, cards_first(u), g->trump);
    cards_t moves = transferable(g);
    card_t c = cards_lowest(beaters | moves, g->trump);
    if (c == CARD_NONE)
        return act_take();
    if (cards_has(beaters, c))
        return act_make(DURAK_ACT_BEAT, c, best_target(g, c));
    return act_make(DURAK_ACT_TRANSFER, c, CARD_NONE);
}

durak_action ai_policy_easy(const durak_game *g)
{
    card_t c;
    switch (g->phase) {
    case DURAK_PHASE_ATTACK: return act_play(cards_lowest(g->hand[g->actor], g->trump));
    case DURAK_PHASE_THROWIN:
    case DURAK_PHASE_TAKING:
        c = cards_lowest(addable(g), g->trump);
        return c == CARD_NONE ? act_pass() : act_play(c);
    case DURAK_PHASE_DEFEND: return easy_defend(g);
    default: return act_pass();
    }
}

/* ---- normal: card values and counting ---------------------------------------- */

static pol_ctx ctx_of(const durak_game *g)
{
    pol_ctx x;
    x.g = g;
    x.hand = g->hand[g->actor];
    x.trump = g->trump;
    x.trumps = cards_of_suit(g->trump);
    x.low = deck_lowest_rank(g->opt.deck);
    x.span = RANK_A - x.low + 1;
    x.stock = g->stock_len;
    /* Only read once the stock is empty (beatable's callers test that first). */
    x.outside =
        x.stock ? 0 : deck_cards(g->opt.deck) & ~(x.hand | g->seen_discard | durak_table_cards(g));
    return x;
}

static bool is_trump(const pol_ctx *x, card_t c) { return card_suit(c) == x->trump; }
static int rel_rank(const pol_ctx *x, card_t c) { return card_rank(c) - x->low; }

/* How much a card is worth keeping: rank, every trump above every plain card. */
static int value(const pol_ctx *x, card_t c)
{
    return rel_rank(x, c) + (is_trump(x, c) ? x->span : 0);
}

/* Counting: could any card still out (other hands, stock) beat `c`? */
static bool beatable(const pol_ctx *x, card_t c)
{
    return cards_beating(x->outside, c, x->trump) != 0;
}

/* ---- normal: attack ------------------------------------------------------------ */

/* Lower is better: low cards, ranks held twice (to throw in the second), and once the
 * stock is empty, plain cards nobody can beat. */
static int lead_score(const pol_ctx *x, card_t c)
{
    int s = LEAD_RANK * value(x, c);
    if (!is_trump(x, c)) { /* same: bits 16 apart; the multiply adds them in the top 16 */
        cards_t same = (x->hand & cards_of_rank(card_rank(c)) & ~x->trumps) >> card_rank(c);
        s -= LEAD_PAIR * ((int)((same * RANK_BITS) >> 48) - 1);
    }
    if (x->stock == 0 && !beatable(x, c) && (!is_trump(x, c) || cards_count(x->hand) <= 2))
        s -= LEAD_UNBEATABLE;
    return s;
}

static durak_action normal_lead(const pol_ctx *x)
{
    card_t best = CARD_NONE;
    int best_score = 0;
    for (cards_t h = x->hand; h; h &= h - 1) {
        card_t c = cards_first(h);
        int s = lead_score(x, c);
        if (best == CARD_NONE || s < best_score) {
            best = c;
            best_score = s;
        }
    }
    return act_play(best);
}

/* Highest rank (relative) still worth adding: every plain card but the top ones
 * (aces) early, every plain card once the stock runs low. */
static int add_threshold(const pol_ctx *x)
{
    if (x->stock <= LATE_STOCK)
        return x->span;
    return x->span - EARLY_ADD_TOP;
}

/* Whether to add `c` (throw in, or give to a taking defender). Trumps only when the
 * stock is empty and it is the last card, or nobody can beat it. */
static bool add_worth(const pol_ctx *x, card_t c)
{
    if (is_trump(x, c))
        return x->stock == 0
               && (cards_count(x->hand) == 1
                   || (x->g->phase == DURAK_PHASE_THROWIN && !beatable(x, c)));
    return rel_rank(x, c) <= add_threshold(x);
}

static durak_action normal_add(const pol_ctx *x)
{
    card_t c = cards_lowest(addable(x->g), x->trump);
    if (c != CARD_NONE && add_worth(x, c))
        return act_play(c);
    return act_pass();
}

/* ---- normal: defence ------------------------------------------------------------ */

typedef struct {
    bool ok;              /* every uncovered card can be covered */
    card_t cover, target; /* the first move of the plan */
    int trump_spend;      /* cost of the trumps the plan uses */
    int max_trump;        /* value of the highest trump used, -1 for none */
} cover_plan;

/* Covers the uncovered cards, most valuable first, each with the cheapest card that
 * beats it. */
static cover_plan plan_cover(const pol_ctx *x)
{
    cover_plan p = { true, CARD_NONE, CARD_NONE, 0, -1 };
    cards_t left = durak_uncovered(x->g), avail = x->hand;
    while (left) {
        card_t t = CARD_NONE;
        for (cards_t u = left; u; u &= u - 1)
            if (t == CARD_NONE || value(x, cards_first(u)) > value(x, t))
                t = cards_first(u);
        left &= ~card_bit(t);
        card_t b = cards_lowest(cards_beating(avail, t, x->trump), x->trump);
        if (b == CARD_NONE) {
            p.ok = false;
            return p;
        }
        avail &= ~card_bit(b);
        if (p.cover == CARD_NONE) {
            p.cover = b;
            p.target = t;
        }
        if (is_trump(x, b)) {
            p.trump_spend += SPEND_TRUMP + rel_rank(x, b);
            if (value(x, b) > p.max_trump)
                p.max_trump = value(x, b);
        }
    }
    return p;
}

/* Early on, taking a few low cards beats spending a high trump. */
static bool rather_take(const pol_ctx *x, const cover_plan *p)
{
    if (x->stock <= LATE_STOCK || p->trump_spend == 0)
        return false;
    int take_cost = TAKE_BASE + TAKE_PER_CARD * cards_count(durak_table_cards(x->g));
    return p->trump_spend > take_cost;
}

static durak_action normal_defend(const pol_ctx *x)
{
    card_t tc = cards_lowest(transferable(x->g), x->trump);
    if (tc != CARD_NONE && !is_trump(x, tc))
        return act_make(DURAK_ACT_TRANSFER, tc, CARD_NONE);
    cover_plan p = plan_cover(x);
    bool trump_transfer = tc != CARD_NONE && (!p.ok || p.max_trump > value(x, tc));
    if (trump_transfer && (x->stock <= LATE_STOCK || !p.ok))
        return act_make(DURAK_ACT_TRANSFER, tc, CARD_NONE);
    if (!p.ok || rather_take(x, &p))
        return act_take();
    return act_make(DURAK_ACT_BEAT, p.cover, p.target);
}

durak_action ai_policy_normal(const durak_game *g)
{
    pol_ctx x = ctx_of(g);
    switch (g->phase) {
    case DURAK_PHASE_ATTACK: return normal_lead(&x);
    case DURAK_PHASE_THROWIN:
    case DURAK_PHASE_TAKING: return normal_add(&x);
    case DURAK_PHASE_DEFEND: return normal_defend(&x);
    default: return act_pass();
    }
}
