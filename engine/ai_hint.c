/* ai_hint.c — a hint's reason: counts and cards read from the seat's view (its hand, the table,
 * hand sizes, the rules' limits), never a guess about hidden cards. */
#include "ai_hint.h"

#include <string.h>

#include "ai_policy.h"
#include "determinize.h"

/* The cheapest card of `set` by the players' cost order (non-trumps first, then rank). */
static card_t cheapest(cards_t set, int trump)
{
    card_t best = CARD_NONE;
    for (cards_t s = set; s; s &= s - 1) {
        card_t c = cards_first(s);
        if (best == CARD_NONE || ai_policy_cost(c, trump) < ai_policy_cost(best, trump))
            best = c;
    }
    return best;
}

static cards_t covers_of(cards_t hand, card_t attack, int trump)
{
    cards_t out = 0;
    for (cards_t s = hand; s; s &= s - 1)
        if (card_beats(cards_first(s), attack, trump))
            out |= card_bit(cards_first(s));
    return out;
}

/* Finds attack card open[i] a cover of its own in `hand`, moving covers already given to others
 * where they have another (an augmenting path); owner[c] is the attack card cover c is given to. */
static bool give_cover(const card_t *open, int i, cards_t hand, int trump, cards_t *tried,
                       int *owner)
{
    for (cards_t s = covers_of(hand, open[i], trump); s; s &= s - 1) {
        card_t c = cards_first(s);
        if (*tried & card_bit(c))
            continue;
        *tried |= card_bit(c);
        if (owner[c] < 0 || give_cover(open, owner[c], hand, trump, tried, owner)) {
            owner[c] = i;
            return true;
        }
    }
    return false;
}

/* Whether `hand` covers every card of `open` at once, each with a card of its own. */
static bool covers_all(cards_t open, cards_t hand, int trump)
{
    card_t cards[DURAK_MAX_TABLE];
    int owner[64], n = 0;
    for (int c = 0; c < 64; c++)
        owner[c] = -1;
    for (cards_t s = open; s; s &= s - 1)
        cards[n++] = cards_first(s);
    for (int i = 0; i < n; i++) {
        cards_t tried = 0;
        if (!give_cover(cards, i, hand, trump, &tried, owner))
            return false;
    }
    return true;
}

static ai_hint_facts explain_take(const durak_game *g, cards_t hand, ai_hint_facts f)
{
    cards_t trumps = hand & cards_of_suit(g->trump), open = durak_uncovered(g);
    int need_trump = 0;
    for (cards_t s = open; s; s &= s - 1) {
        card_t u = cards_first(s);
        cards_t by = covers_of(hand, u, g->trump);
        if (!by) {
            f.reason = HINT_TAKE_CANNOT;
            f.card = u;
            return f;
        }
        need_trump += (by & ~trumps) == 0;
    }
    f.n3 = cards_count(open);
    /* A trump kept is a reason to take only where the hand could cover them all. */
    if (need_trump && covers_all(open, hand, g->trump)) {
        f.reason = HINT_TAKE_TRUMPS;
        f.n1 = need_trump;
        f.n2 = cards_count(trumps);
    } else {
        f.reason = HINT_TAKE_MANY;
        f.n1 = f.n3;
        f.n2 = g->limit > g->nattack ? g->limit - g->nattack : 0;
    }
    return f;
}

static ai_hint_facts explain_beat(const durak_game *g, cards_t hand, durak_action a,
                                  ai_hint_facts f)
{
    cards_t by = covers_of(hand, a.target, g->trump);
    card_t low = cheapest(by, g->trump);
    /* a higher trump than needed is explained by the lower one kept, not by the suit */
    if (low == a.card && card_suit(a.card) == g->trump && card_suit(a.target) != g->trump
        && !(by & cards_of_suit(card_suit(a.target)))) {
        f.reason = HINT_BEAT_TRUMP;
        f.n1 = card_suit(a.target);
    } else if (low == a.card) {
        f.reason = HINT_BEAT_LOWEST;
    } else {
        f.reason = HINT_BEAT_KEEPS;
        f.card = low;
    }
    return f;
}

static ai_hint_facts explain_play(const durak_view *v, cards_t hand, durak_action a,
                                  ai_hint_facts f)
{
    const durak_game *g = &v->pub;
    if (g->phase == DURAK_PHASE_ATTACK) {
        int same = cards_count(hand & cards_of_rank(card_rank(a.card)));
        card_t low = cheapest(hand, g->trump);
        /* R9: with a limit of 1 (the defender holds 1 card) nothing can be added to it */
        bool pair = same > 1 && g->limit > 1;
        f.reason = pair ? HINT_LEAD_PAIR : low == a.card ? HINT_LEAD_LOWEST : HINT_LEAD_KEEPS;
        f.n1 = same;
        f.card = low;
    } else {
        f.reason = g->phase == DURAK_PHASE_TAKING ? HINT_ADD_TAKING : HINT_ADD;
        f.seat = g->defender;
        f.n1 = v->hand_count[g->defender];
    }
    return f;
}

ai_hint_facts ai_hint_explain(const durak_view *v, durak_action a)
{
    const durak_game *g = &v->pub;
    durak_action acts[DURAK_MAX_ACTIONS];
    ai_hint_facts f;
    memset(&f, 0, sizeof f);
    f.card = CARD_NONE;
    f.seat = -1;
    cards_t hand = g->hand[v->seat];
    if (a.kind == DURAK_ACT_TRANSFER) {
        /* R17: the next opponent faces the attack and this card. Not by applying it, nor by
         * durak_legal: the view's other hands hold only their known cards, too few for the
         * engine's own test of a transfer, so it would refuse one the game takes. Never the only
         * move: the defender may always take. */
        f.reason = HINT_TRANSFER;
        f.seat = durak_opponent_after(g, g->defender);
        f.n1 = g->nattack + 1;
        f.n2 = f.seat >= 0 ? v->hand_count[f.seat] : 0;
        return f;
    }
    /* The moves as the seat sees them, listed in a game consistent with the view as ai_choose
     * lists them: legality reads hand sizes, never hidden cards. The view's other hands hold only
     * their known cards, too few for the transfer rule, and "take" was called the only move. */
    durak_game full;
    determinize_for_moves(v, 0, &full);
    int n = durak_legal(&full, acts);
    if (n <= 1) {
        f.reason = HINT_ONLY_MOVE;
        return f;
    }
    switch (a.kind) {
    case DURAK_ACT_TAKE: return explain_take(g, hand, f);
    case DURAK_ACT_BEAT: return explain_beat(g, hand, a, f);
    case DURAK_ACT_PLAY: return explain_play(v, hand, a, f);
    default:
        f.reason = HINT_PASS;
        for (int i = 0; i < n; i++)
            if (acts[i].kind == DURAK_ACT_PLAY) {
                f.n1++;
                f.n2 += card_suit(acts[i].card) == g->trump;
            }
        return f;
    }
}
