/* determinize.c — where the hidden cards of a view may be, and full games sampled
 * uniformly among those consistent with it (the basis of the hard player's search). */
#include "determinize.h"

#include <string.h>

/* Free places for hidden cards: one per other seat, the stock, the unseen discards. */
typedef struct {
    int need[DURAK_MAX_PLAYERS];
    int stock;
    int discard;
} det_slots;

static cards_t located(const durak_view *v)
{
    const durak_game *g = &v->pub;
    cards_t at = durak_table_cards(g) | g->discard;
    for (int s = 0; s < g->opt.players; s++)
        at |= g->hand[s];
    if (g->stock_len)
        at |= card_bit(g->trump_card);
    return at;
}

/* The cards whose place the seat does not know: in other hands (beyond their known
 * cards), in the stock (except the trump card) or discarded unseen (forfeits). */
static cards_t determinize_hidden(const durak_view *v)
{
    return deck_cards(v->pub.opt.deck) & ~located(v);
}

static det_slots slots_of(const durak_view *v)
{
    const durak_game *g = &v->pub;
    det_slots sl;
    memset(&sl, 0, sizeof sl);
    for (int s = 0; s < g->opt.players; s++)
        if (s != v->seat)
            sl.need[s] = v->hand_count[s] - cards_count(g->hand[s]);
    sl.stock = g->stock_len ? g->stock_len - 1 : 0;
    sl.discard = v->discard_count - cards_count(g->discard);
    return sl;
}

/* Counts must add up to the hidden cards, none negative. */
static bool slots_valid(const durak_view *v, const det_slots *sl)
{
    int total = sl->stock + sl->discard;
    if (sl->stock < 0 || sl->discard < 0)
        return false;
    for (int s = 0; s < DURAK_MAX_PLAYERS; s++) {
        if (sl->need[s] < 0)
            return false;
        total += sl->need[s];
    }
    return total == cards_count(determinize_hidden(v));
}

bool determinize_is_exact(const durak_view *v)
{
    det_slots sl = slots_of(v);
    int places = (sl.stock > 0) + (sl.stock > 1) + (sl.discard > 0); /* order counts */
    for (int s = 0; s < DURAK_MAX_PLAYERS; s++)
        places += sl.need[s] > 0;
    return places <= 1 && slots_valid(v, &sl);
}

/* R5: the announced lowest trump stays in its seat's hand until played (or in the
 * discard if that seat forfeited). Moves it out of `hidden` into its place. */
static void place_first_trump(const durak_view *v, durak_game *g, det_slots *sl, cards_t *hidden)
{
    card_t t = v->pub.first_trump;
    int s = v->pub.first_seat;
    if (t == CARD_NONE || !cards_has(*hidden, t) || s == v->seat)
        return;
    if ((v->pub.forfeited >> s) & 1) {
        if (sl->discard > 0) {
            g->discard |= card_bit(t);
            sl->discard--;
            *hidden &= ~card_bit(t);
        }
    } else if (sl->need[s] > 0) {
        g->hand[s] |= card_bit(t);
        sl->need[s]--;
        *hidden &= ~card_bit(t);
    }
}

/* Deals the shuffled cards into the slots: other hands, the stock above the trump
 * card (drawn from the top, stock[stock_len-1]), the rest to the discard. */
static void deal_hidden(durak_game *g, const det_slots *sl, const card_t *cards, int n)
{
    int k = 0;
    for (int s = 0; s < g->opt.players; s++)
        for (int i = 0; i < sl->need[s]; i++)
            g->hand[s] |= card_bit(cards[k++]);
    for (int i = 1; i <= sl->stock; i++)
        g->stock[i] = cards[k++];
    while (k < n)
        g->discard |= card_bit(cards[k++]);
}

bool determinize_for_moves(const durak_view *v, uint64_t seed, durak_game *out)
{
    rng_t r;
    rng_seed(&r, seed);
    if (determinize_sample(v, &r, out))
        return true;
    *out = v->pub;
    return false;
}

bool determinize_sample(const durak_view *v, rng_t *r, durak_game *out)
{
    det_slots sl = slots_of(v);
    if (!slots_valid(v, &sl))
        return false;
    *out = v->pub;
    cards_t hidden = determinize_hidden(v);
    place_first_trump(v, out, &sl, &hidden);
    card_t cards[DURAK_MAX_DECK];
    int n = 0;
    for (cards_t s = hidden; s; s &= s - 1)
        cards[n++] = cards_first(s);
    rng_shuffle(r, cards, n);
    deal_hidden(out, &sl, cards, n);
    return true;
}
