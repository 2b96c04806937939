/* durak.c — the rules of Durak (durak(7): R1–R19): deal, bouts, throw-in order,
 * transfer, drawing, going out, repetition, forfeit and teams, on a fixed-size struct. */
#include "durak.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "rng.h"

#define SEAT_NONE 0xFF

static cards_t bit_of(int seat) { return (cards_t)1 << seat; }
static bool seat_in(uint8_t mask, int seat) { return (mask >> seat) & 1; }

/* ---- options ---------------------------------------------------------- */

durak_options durak_default_options(void)
{
    durak_options o = { .players = 2, .variant = DURAK_VARIANT_CLASSIC, .deck = 36 };
    return o;
}

const char *durak_check_options(const durak_options *o)
{
    if (deck_lowest_rank(o->deck) < 0)
        return "deck must be 24, 36 or 52 cards";
    if (o->players < 2 || o->players > DURAK_MAX_PLAYERS)
        return "players must be 2 to 6";
    if (o->players * 6 > o->deck)
        return "a 24-card deck is for 2 to 4 players";
    if (o->variant > DURAK_VARIANT_TRANSFER)
        return "variant must be classic or transfer";
    if (o->throwin > DURAK_THROWIN_NEIGHBOURS)
        return "throwin must be all or neighbours";
    if (o->first5 > 1)
        return "first5 must be on or off";
    if (o->teams > 1)
        return "teams must be on or off";
    if (o->teams && o->players != 4 && o->players != 6)
        return "teams need 4 or 6 players";
    if (o->r10_old > 1)
        return "r10 must be old or new";
    return NULL;
}

/* ---- seats -------------------------------------------------------------- */

bool durak_in_game(const durak_game *g, int seat)
{
    return seat >= 0 && seat < g->opt.players && seat_in(g->in_game, seat);
}

/* `first` if it has a seat, else `all`, by masks: which one it is comes at random in a random
 * game, and as a branch it mispredicted (cachegrind). */
static unsigned first_or_all(unsigned first, unsigned all)
{
    return first | (all & -(unsigned)(first == 0));
}

/* Seats are bits of in_game (at most 6), so the next seat clockwise is the lowest set bit
 * above `seat`, else the lowest of all: no loop and no division. */
int durak_next(const durak_game *g, int seat)
{
    unsigned m = g->in_game, pick = first_or_all(m & ~((2u << seat) - 1u), m);
    return pick ? __builtin_ctz(pick) : -1;
}

static int prev_seat(const durak_game *g, int seat)
{
    unsigned m = g->in_game, pick = first_or_all(m & ((1u << seat) - 1u), m);
    return pick ? 31 - __builtin_clz(pick) : -1;
}

static int players_in_game(const durak_game *g) { return bits_count(g->in_game); }
/* At most one seat left in the game: no count needed. */
static bool one_or_none_left(const durak_game *g) { return (g->in_game & (g->in_game - 1)) == 0; }

/* durak_opponent_after without a call into teams.c when there are no teams. */
static int opponent_after(const durak_game *g, int seat)
{
    return g->opt.teams ? durak_opponent_after(g, seat) : durak_next(g, seat);
}

static int partner_of(const durak_game *g, int seat)
{
    return g->opt.teams ? durak_partner(g, seat) : -1;
}

/* R14: once the stock is empty, a player with no cards is out at once. Out of line: a seat
 * goes out a few times a game, and its callers are on every move's path. */
static __attribute__((noinline)) void mark_out(durak_game *g, int seat)
{
    /* One test, not three: each card played asks, and the stock's end comes at random. */
    if (!((g->stock_len == 0) & (g->hand[seat] == 0) & seat_in(g->in_game, seat)))
        return;
    g->in_game &= (uint8_t)~bit_of(seat);
    g->out[g->nout] = (uint8_t)seat;
    g->out_place[g->nout] = (uint8_t)(g->bout_first_out + 1);
    g->nout++;
}

/* Seats with empty hands found by one pass with no branch per seat: nearly always none. */
static void mark_all_out(durak_game *g)
{
    if (g->stock_len)
        return;
    unsigned empty = 0;
    for (int s = 0; s < g->opt.players; s++)
        empty |= (unsigned)(g->hand[s] == 0) << s;
    for (empty &= g->in_game; empty; empty &= empty - 1)
        mark_out(g, __builtin_ctz(empty));
}

/* ---- table -------------------------------------------------------------- */

static void clear_table(durak_game *g)
{
    memset(g->attack, CARD_NONE, sizeof g->attack);
    memset(g->cover, CARD_NONE, sizeof g->cover);
    g->nattack = g->ncovered = 0;
    g->table_ranks = 0;
    g->table = g->uncovered = 0;
}

static void end_game(durak_game *g, durak_result r, int seat);
static void discard_table(durak_game *g);

/* R14, R19: `seat` played its last card, the stock gone. With two or more left, all partners,
 * nobody is left to play against: that team has lost at once, mid-bout, and the table goes to
 * the discard. Not so for one player left: that is R15's case, where they may still go out in
 * this bout (a draw); nor when the defender took (R12): they pick up as ever, and as nobody is
 * left to throw in, the bout and the game end with this card. */
static __attribute__((noinline)) bool went_out(durak_game *g, int seat)
{
    mark_out(g, seat);
    if (!g->opt.teams || g->phase == DURAK_PHASE_TAKING || (g->in_game & (g->in_game - 1)) == 0
        || !durak_one_team_left(g))
        return false;
    discard_table(g);
    clear_table(g);
    end_game(g, DURAK_RESULT_TEAM_LOST, __builtin_ctz(g->in_game));
    return true;
}

/* True when that ended the game (went_out): the caller then leaves the turn as it is. */
static inline bool take_from_hand(durak_game *g, int seat, card_t c)
{
    g->hand[seat] &= ~card_bit(c);
    g->known[seat] &= ~card_bit(c);
    /* The call only for a last card with the stock gone: every card played comes here. */
    if ((g->stock_len == 0) & (g->hand[seat] == 0))
        return went_out(g, seat);
    return false;
}

static bool add_attack(durak_game *g, int seat, card_t c)
{
    g->attack[g->nattack++] = c;
    g->table_ranks |= (uint16_t)(1u << card_rank(c));
    g->table |= card_bit(c);
    g->uncovered |= card_bit(c);
    return take_from_hand(g, seat, c);
}

/* ---- R16 repetition ------------------------------------------------------ */

static uint64_t situation_hash(const durak_game *g)
{
    uint64_t h = rng_mix64((uint64_t)g->attacker << 8 | g->defender | UINT64_C(0x5A5A0000));
    for (int s = 0; s < g->opt.players; s++)
        h ^= rng_mix64(g->hand[s] + RNG_GOLDEN_GAMMA * (uint64_t)(s + 1));
    return h;
}

static void forget_history(durak_game *g)
{
    memset(g->history, 0, sizeof g->history[0] * g->nhistory);
    g->nhistory = 0;
}

/* Whether h is among the first n entries, the ones past n masked: for h == 0, which the
 * entries past the count also hold. */
static bool recorded_masked(const durak_game *g, uint64_t h, int n)
{
    bool seen = false;
    for (int i = 0; i < n; i++)
        seen |= g->history[i] == h;
    return seen;
}

/* Records the situation; true if it was seen since a card last left the game. The
 * list never overflows: start_bout ends the game before a 129th quiet bout. */
static bool seen_before(durak_game *g)
{
    uint64_t h = situation_hash(g);
    int n = g->nhistory, i = 0;
    bool seen = false;
    /* Four entries a round, whatever the count (the list has room: n < 128 here): a loop of
     * one round per entry mispredicted its exit nearly every bout, as n varies. The entries
     * past the count are 0 (durak_validate holds them to it), so they match no other hash and
     * need no mask; a hash of 0 itself takes the masked loop. */
    const uint64_t *past = g->history;
    do {
        seen |= (past[i] == h) | (past[i + 1] == h) | (past[i + 2] == h) | (past[i + 3] == h);
        i += 4;
    } while (i < n);
    if (h == 0)
        seen = recorded_masked(g, h, n);
    if (seen)
        return true;
    g->history[g->nhistory++] = h;
    return false;
}

/* ---- bouts ----------------------------------------------------------------- */

static void end_game(durak_game *g, durak_result r, int seat)
{
    g->phase = DURAK_PHASE_OVER;
    g->result = (uint8_t)r;
    g->result_seat = (uint8_t)(seat < 0 ? SEAT_NONE : seat);
    g->actor = SEAT_NONE;
}

static int bout_cap(const durak_game *g)
{
    return g->opt.first5 && g->first_bout ? 5 : DURAK_MAX_TABLE;
}

static int limit_for(const durak_game *g, int defender)
{
    int held = cards_count(g->hand[defender]);
    int cap = bout_cap(g);
    return held < cap ? held : cap;
}

/* R15, R16, R6: the game ends, or `attacker` leads a new bout. */
static void start_bout(durak_game *g, int attacker)
{
    if (g->stock_len == 0 && one_or_none_left(g)) {
        if (g->in_game)
            end_game(g, DURAK_RESULT_DURAK, __builtin_ctz(g->in_game));
        else
            end_game(g, DURAK_RESULT_DRAW, -1);
        return;
    }
    if (g->opt.teams && durak_one_team_left(g)) { /* R19: partners never play each other */
        end_game(g, DURAK_RESULT_TEAM_LOST, __builtin_ctz(g->in_game));
        return;
    }
    if (g->nhistory >= DURAK_MAX_HISTORY) { /* R16: 128 bouts in a row, no card gone */
        end_game(g, DURAK_RESULT_DRAW, -1);
        return;
    }
    g->attacker = g->leader = g->actor = (uint8_t)attacker;
    g->defender = (uint8_t)opponent_after(g, attacker); /* R19: never the partner */
    g->phase = DURAK_PHASE_ATTACK;
    g->passed = 0;
    g->bout_first_out = g->nout;
    g->bouts++;
    g->limit = (uint8_t)limit_for(g, g->defender);
    if (seen_before(g))
        end_game(g, DURAK_RESULT_DRAW, -1);
}

/* The cards stock[from..len-1], 1 to 6 of them: how many comes at random, so on a little-endian
 * target by one 8-byte read of the stock's top and six byte lookups, the bytes below `from`
 * replaced by 63 (no card: ranks stop at 12), instead of a loop of that many rounds. */
static cards_t stock_top(const durak_game *g, int from, int len)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t w;
    int at = len >= 8 ? len - 8 : 0, skip = 8 - (len - from); /* bytes of w not drawn */
    memcpy(&w, &g->stock[at], sizeof w);
    w <<= 8 * (at + 8 - len); /* the top card in the high byte */
    uint64_t keep = ~UINT64_C(0) << 8 * skip;
    w = (w & keep) | (UINT64_C(0x3F3F3F3F3F3F3F3F) & ~keep);
    cards_t drawn = 0;
    for (int k = 2; k < 8; k++)
        drawn |= card_bit((card_t)(w >> 8 * k) & 63);
    return drawn & ~card_bit(63);
#else
    cards_t drawn = 0;
    for (int i = from; i < len; i++)
        drawn |= card_bit(g->stock[i]);
    return drawn;
#endif
}

/* R13: up to 6 cards, the leader first, then clockwise, the defender last. */
static void draw_up(durak_game *g, int seat)
{
    int need = 6 - cards_count(g->hand[seat]), len = g->stock_len;
    if (need <= 0 || len == 0)
        return;
    int from = need < len ? len - need : 0;
    g->hand[seat] |= stock_top(g, from, len);
    /* stock_len never exceeds 52 - 12 (durak_validate), so stock[from + 7] is in the list;
     * the entries past len are CARD_NONE already. */
    memset(&g->stock[from], CARD_NONE, 8);
    g->stock_len = (uint8_t)from;
    if (from == 0) { /* the face-up trump card, stock[0], was the last drawn (R3) */
        g->known[seat] |= card_bit(g->trump_card);
        g->trump_owner = (uint8_t)seat;
    }
}

/* R13 by seat masks: the seats from the leader up, then those below it, the defender after
 * them all. draw_up draws nothing once the stock is gone. R14: with the stock gone before
 * this bout's draw, each hand that emptied went out as its last card was played; only a
 * draw that empties the stock can leave a seat in the game with no cards. */
static void draw_all(durak_game *g)
{
    if (!g->stock_len)
        return;
    unsigned seats = g->in_game & ~(1u << g->defender), low = (1u << g->leader) - 1u;
    for (unsigned m = seats & ~low; m; m &= m - 1)
        draw_up(g, __builtin_ctz(m));
    for (unsigned m = seats & low; m; m &= m - 1)
        draw_up(g, __builtin_ctz(m));
    if (seat_in(g->in_game, g->defender))
        draw_up(g, g->defender);
    mark_all_out(g);
}

/* After the table is cleared: draw, then the next bout. The seat after the defender
 * attacks next, unless `defender_leads` and the defender is still in: then they do. */
static void finish_bout(durak_game *g, bool defender_leads)
{
    int d = g->defender;
    clear_table(g);
    g->first_bout = 0;
    draw_all(g);
    int next = durak_next(g, d);
    bool leads = defender_leads & seat_in(g->in_game, d);
    start_bout(g, leads ? d : next);
}

/* The table's cards leave the game, seen by all (R16: a card left). */
static void discard_table(durak_game *g)
{
    cards_t t = durak_table_cards(g);
    g->discard |= t;
    g->seen_discard |= t;
    forget_history(g);
}

/* R11: beaten; the table leaves the game. */
static void beaten(durak_game *g)
{
    discard_table(g);
    finish_bout(g, true);
}

/* R12: the defender picks up every card on the table and loses their turn. */
static void pick_up(durak_game *g)
{
    cards_t t = durak_table_cards(g);
    g->hand[g->defender] |= t;
    g->known[g->defender] |= t;
    finish_bout(g, false);
}

/* thrower_seats with teams or neighbours (R10, R19). */
static __attribute__((noinline)) unsigned thrower_seats_limited(const durak_game *g)
{
    int d = g->defender;
    unsigned m = g->in_game & ~(1u << d);
    int partner = partner_of(g, d);
    if (partner >= 0)
        m &= ~(1u << partner);
    if (g->opt.throwin == DURAK_THROWIN_NEIGHBOURS) {
        int prev = prev_seat(g, d), next = durak_next(g, d);
        unsigned near = (prev >= 0 ? 1u << prev : 0u) | (next >= 0 ? 1u << next : 0u);
        if (g->opt.teams)
            near |= 1u << g->attacker;
        m &= near;
    }
    return m;
}

/* R8, R10: the seats that may add cards to the table at all, as a bit mask. R19: never the
 * defender's partner; with neighbours the main attacker also may, as they need not sit next
 * to the defender. The common game inline: everyone but the defender. */
static inline unsigned thrower_seats(const durak_game *g)
{
    if (!g->opt.teams && g->opt.throwin == DURAK_THROWIN_ALL)
        return g->in_game & ~(1u << g->defender);
    return thrower_seats_limited(g);
}

static bool is_thrower(const durak_game *g, int seat) { return (thrower_seats(g) >> seat) & 1; }

unsigned durak_throwers(const durak_game *g) { return thrower_seats(g); }

static cards_t throwable(const durak_game *g, int seat)
{
    if (g->nattack >= g->limit)
        return 0;
    return g->hand[seat] & cards_with_ranks(g->table_ranks);
}

/* R8, R12: the first attacker in order from the main attacker who has not
 * passed and has a card to add; -1 when there is none. */
static int next_thrower(const durak_game *g)
{
    if (g->nattack >= g->limit)
        return -1;
    cards_t ranks = cards_with_ranks(g->table_ranks);
    unsigned can = 0;
    for (int s = 0; s < g->opt.players; s++) /* every seat: a fixed count, no branch per seat */
        can |= (unsigned)((g->hand[s] & ranks) != 0) << s;
    can &= thrower_seats(g) & ~(unsigned)g->passed;
    /* The main attacker first, then clockwise. R10: with neighbours, a main attacker who went out
     * this bout gives their place to the player now before the defender (thrower_seats_limited
     * counts that player a neighbour), who is then asked first. */
    int first = g->attacker;
    if (g->opt.throwin == DURAK_THROWIN_NEIGHBOURS && !g->opt.r10_old
        && !seat_in(g->in_game, first)) {
        int before = prev_seat(g, g->defender);
        first = before >= 0 ? before : first;
    }
    unsigned pick = first_or_all(can & ~((1u << first) - 1u), can);
    return pick ? __builtin_ctz(pick) : -1;
}

/* Moves the turn on in THROWIN or TAKING, ending the bout when nobody is left. */
static void ask_throwers(durak_game *g)
{
    int s = next_thrower(g);
    if (s >= 0) {
        g->actor = (uint8_t)s;
        return;
    }
    if (g->phase == DURAK_PHASE_TAKING)
        pick_up(g);
    else
        beaten(g);
}

static void enter_phase(durak_game *g, durak_phase phase)
{
    g->phase = (uint8_t)phase;
    g->passed = 0;
    ask_throwers(g);
}

/* ---- deal ---------------------------------------------------------------- */

static bool valid_order(const durak_options *o, const card_t *order, int n)
{
    cards_t deck = deck_cards(o->deck), seen = 0;
    if (n != o->deck)
        return false;
    for (int i = 0; i < n; i++) {
        if (order[i] >= 64 || !cards_has(deck, order[i]) || cards_has(seen, order[i]))
            return false;
        seen |= card_bit(order[i]);
    }
    return true;
}

/* R5: the lowest trump leads; nobody holds one: seat 0. */
static void choose_first(durak_game *g)
{
    g->first_seat = 0;
    g->first_trump = CARD_NONE;
    for (int s = 0; s < g->opt.players; s++) {
        cards_t t = g->hand[s] & cards_of_suit(g->trump);
        if (t && (g->first_trump == CARD_NONE || cards_first(t) < g->first_trump)) {
            g->first_trump = cards_first(t);
            g->first_seat = (uint8_t)s;
        }
    }
}

/* Deals from an order already checked: valid options, the whole deck once. */
static void deal(durak_game *g, const durak_options *opt, const card_t *order, int n)
{
    memset(g, 0, sizeof *g);
    g->opt = *opt;
    int players = opt->players, dealt = 6 * players;
    memset(g->stock, CARD_NONE, sizeof g->stock);
    memset(g->out, SEAT_NONE, sizeof g->out);
    clear_table(g);
    for (int i = 0, s = 0; i < dealt; i++, s = s + 1 < players ? s + 1 : 0) /* R2 */
        g->hand[s] |= card_bit(order[i]);
    g->in_game = (uint8_t)((1u << players) - 1);
    g->trump_owner = SEAT_NONE;
    if (n > dealt) { /* R3: under the stock */
        g->trump_card = order[dealt];
        g->stock_len = (uint8_t)(n - dealt);
        g->stock[0] = order[dealt];
        for (int k = 1; k < g->stock_len; k++)
            g->stock[k] = order[n - k];
    } else { /* R3: stays in hand */
        g->trump_card = order[dealt - 1];
        g->trump_owner = (uint8_t)((dealt - 1) % players);
        g->known[g->trump_owner] = card_bit(g->trump_card);
    }
    g->trump = (uint8_t)card_suit(g->trump_card);
    g->result_seat = SEAT_NONE;
    g->first_bout = 1;
    choose_first(g);
    start_bout(g, g->first_seat);
}

bool durak_new_ordered(durak_game *g, const durak_options *opt, const card_t *order, int n)
{
    if (durak_check_options(opt) || !valid_order(opt, order, n))
        return false;
    deal(g, opt, order, n);
    return true;
}

bool durak_new(durak_game *g, const durak_options *opt, uint64_t seed)
{
    if (durak_check_options(opt))
        return false;
    card_t order[DURAK_MAX_DECK];
    int n = 0;
    for (cards_t s = deck_cards(opt->deck); s; s &= s - 1)
        order[n++] = cards_first(s);
    rng_t r;
    rng_seed(&r, seed);
    rng_shuffle(&r, order, n);
    deal(g, opt, order, n); /* the whole deck once, by construction */
    return true;
}

/* ---- queries -------------------------------------------------------------- */

/* R17, R19: nd, the seat after the defender not on their team, is nobody to pass the attack to:
 * there is none, or it is the defender (the attacker went out with their last card). */
static bool nobody_to_pass_to(const durak_game *g, int nd) { return nd < 0 || nd == g->defender; }

/* R17: the seat the attack would pass to, or -1 if a transfer is impossible. */
static int transfer_target(const durak_game *g)
{
    if (g->opt.variant != DURAK_VARIANT_TRANSFER || g->ncovered)
        return -1;
    int nd = opponent_after(g, g->defender); /* R19: never the defender's partner */
    int after = g->nattack + 1;
    if (nobody_to_pass_to(g, nd) || after > bout_cap(g) || cards_count(g->hand[nd]) < after)
        return -1;
    return nd;
}

/* Why check_play refuses c. */
static __attribute__((noinline)) durak_error play_error(const durak_game *g, cards_t hand, card_t c)
{
    if (g->phase == DURAK_PHASE_DEFEND)
        return DURAK_ERR_WRONG_PHASE;
    if (!cards_has(hand, c))
        return DURAK_ERR_NOT_IN_HAND;
    if (g->phase == DURAK_PHASE_ATTACK)
        return DURAK_OK;
    if (g->nattack >= g->limit)
        return DURAK_ERR_TABLE_FULL;
    if (!((g->table_ranks >> card_rank(c)) & 1))
        return DURAK_ERR_RANK_NOT_ON_TABLE;
    return DURAK_OK;
}

static inline durak_error check_play(const durak_game *g, cards_t hand, card_t c)
{
    /* A legal play by one test: whether it leads or adds comes at random. */
    bool adds = (g->nattack < g->limit) & ((g->table_ranks >> card_rank(c)) & 1);
    if ((g->phase != DURAK_PHASE_DEFEND) & cards_has(hand, c)
        & ((g->phase == DURAK_PHASE_ATTACK) | adds))
        return DURAK_OK;
    return play_error(g, hand, c);
}

/* The table slot of attack card t, which is on the table: the first byte equal to t among
 * attack[] and the two covers after it (never t), found in one word with no loop. */
static int attack_slot(const durak_game *g, card_t t)
{
    _Static_assert(offsetof(durak_game, cover) == offsetof(durak_game, attack) + DURAK_MAX_TABLE
                       && DURAK_MAX_TABLE + 2 == 8,
                   "the covers follow the attack cards: one word holds both");
    uint64_t w;
    memcpy(&w, (const unsigned char *)g + offsetof(durak_game, attack), sizeof w);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t ones = UINT64_C(0x0101010101010101);
    uint64_t x = w ^ (t * ones); /* a zero byte where t is */
    return __builtin_ctzll((x - ones) & ~x & (ones << 7)) / 8;
#else
    int i = 0;
    while (g->attack[i] != t)
        i++;
    return i;
#endif
}

/* Checks `beat c t`: t uncovered is one test of the uncovered set, no scan of the table. */
/* Why check_beat refuses `beat c t`. */
static __attribute__((noinline)) durak_error beat_error(const durak_game *g, cards_t hand, card_t c,
                                                        card_t t)
{
    if (g->phase != DURAK_PHASE_DEFEND)
        return DURAK_ERR_WRONG_PHASE;
    if (t >= 64 || !cards_has(g->uncovered, t))
        return DURAK_ERR_NO_SUCH_TARGET;
    if (!cards_has(hand, c))
        return DURAK_ERR_NOT_IN_HAND;
    if (!card_beats(c, t, g->trump))
        return DURAK_ERR_DOES_NOT_BEAT;
    return DURAK_OK;
}

/* Checks `beat c t`: t uncovered is one test of the uncovered set, no scan of the table; a
 * legal beat by one test (t >= 64 is in no set: the shift is by t & 63 and t's bit tested). */
static inline durak_error check_beat(const durak_game *g, cards_t hand, card_t c, card_t t)
{
    cards_t open = t < 64 ? g->uncovered : 0;
    /* one branch, not four: each test's answer is random in a random game */
    if ((int)(g->phase == DURAK_PHASE_DEFEND) & (int)cards_has(open, t & 63)
        & (int)cards_has(hand, c) & (int)card_beats(c, t, g->trump))
        return DURAK_OK;
    return beat_error(g, hand, c, t);
}

static durak_error check_transfer(const durak_game *g, cards_t hand, card_t c)
{
    if (g->opt.variant != DURAK_VARIANT_TRANSFER)
        return DURAK_ERR_NOT_TRANSFER_VARIANT;
    if (g->phase != DURAK_PHASE_DEFEND)
        return DURAK_ERR_WRONG_PHASE;
    if (g->ncovered)
        return DURAK_ERR_TRANSFER_COVERED;
    if (!cards_has(hand, c))
        return DURAK_ERR_NOT_IN_HAND;
    if (card_rank(c) != card_rank(g->attack[0]))
        return DURAK_ERR_TRANSFER_RANK;
    if (transfer_target(g) < 0)
        return nobody_to_pass_to(g, opponent_after(g, g->defender)) ? DURAK_ERR_TRANSFER_NOBODY
                                                                    : DURAK_ERR_TRANSFER_TOO_MANY;
    return DURAK_OK;
}

durak_error durak_check(const durak_game *g, durak_action a)
{
    if (g->phase == DURAK_PHASE_OVER)
        return DURAK_ERR_GAME_OVER;
    cards_t hand = g->hand[g->actor];
    card_t c = a.card < 64 ? a.card : 0;
    switch (a.kind) {
    case DURAK_ACT_PLAY: return a.card < 64 ? check_play(g, hand, c) : DURAK_ERR_NOT_IN_HAND;
    case DURAK_ACT_BEAT:
        return a.card < 64 ? check_beat(g, hand, c, a.target) : DURAK_ERR_NOT_IN_HAND;
    case DURAK_ACT_TRANSFER:
        return a.card < 64 ? check_transfer(g, hand, c) : DURAK_ERR_NOT_IN_HAND;
    case DURAK_ACT_TAKE: return g->phase == DURAK_PHASE_DEFEND ? DURAK_OK : DURAK_ERR_WRONG_PHASE;
    case DURAK_ACT_PASS:
        return g->phase == DURAK_PHASE_THROWIN || g->phase == DURAK_PHASE_TAKING
                   ? DURAK_OK
                   : DURAK_ERR_WRONG_PHASE;
    default: return DURAK_ERR_BAD_ACTION;
    }
}

/* Writes action `n` as one 4-byte store whose last byte lands in out[n + 1] (the list never
 * comes near DURAK_MAX_ACTIONS): the caller's loads of a just-written action are then served
 * from one store, not stalled on three. Counts are size_t: no sign extension per slot. */
static inline void put_action(durak_action *out, size_t n, int kind, card_t card, card_t target)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t word = (uint32_t)kind | (uint32_t)card << 8 | (uint32_t)target << 16;
    memcpy((uint8_t *)out + 3 * n, &word, 4);
#else
    out[n] = (durak_action){ (uint8_t)kind, card, target };
#endif
}

/* Lists `kind` with each card of `set` (in card order) from out[n]; returns the new count.
 * Three slots a round (measured best of 2 to 8), written whether or not a card is left, the
 * count advancing only for cards: a loop run once per card mispredicted its exit on nearly
 * every call, as the sets' sizes vary at random (cachegrind: a third of a random game's
 * mispredicted branches). The slots past the count are scratch. */
static inline size_t put_cards(durak_action *out, size_t n, cards_t set, int kind, card_t target)
{
    do {
        for (int k = 0; k < 3; k++) {
            size_t has = set != 0;
            put_action(out, n, kind, cards_first(set | UINT64_C(1) << 63), target);
            n += has;
            set &= set - 1;
        }
    } while (set);
    return n;
}

/* The defender's moves: each cover of each uncovered card, take, then the transfers. Apart
 * from the plays, which need no saved registers: most lists are plays. */
static __attribute__((noinline)) int legal_defence(const durak_game *g, durak_action *out)
{
    size_t n = 0;
    cards_t hand = g->hand[g->actor];
    int trump = g->trump;
    for (cards_t u = durak_uncovered(g); u; u &= u - 1) {
        card_t t = cards_first(u);
        n = put_cards(out, n, cards_beating(hand, t, trump), DURAK_ACT_BEAT, t);
    }
    put_action(out, n++, DURAK_ACT_TAKE, CARD_NONE, CARD_NONE);
    cards_t same = hand & cards_of_rank(card_rank(g->attack[0]));
    /* The variant first: in a classic game then one well-predicted test. */
    if (g->opt.variant == DURAK_VARIANT_TRANSFER && same && transfer_target(g) >= 0)
        n = put_cards(out, n, same, DURAK_ACT_TRANSFER, CARD_NONE);
    return (int)n;
}

int durak_legal(const durak_game *g, durak_action *out)
{
    int phase = g->phase;
    if (phase == DURAK_PHASE_DEFEND)
        return legal_defence(g, out);
    if (phase == DURAK_PHASE_OVER)
        return 0;
    bool attack = phase == DURAK_PHASE_ATTACK;
    size_t n = put_cards(out, 0, attack ? g->hand[g->actor] : throwable(g, g->actor),
                         DURAK_ACT_PLAY, CARD_NONE);
    put_action(out, n, DURAK_ACT_PASS, CARD_NONE, CARD_NONE);
    return (int)n + !attack;
}

bool durak_transfer_open(const durak_game *g)
{
    if (g->phase != DURAK_PHASE_DEFEND || transfer_target(g) < 0)
        return false;
    /* a card of the rank nobody can see elsewhere: on the table, gone for all to see, known in
     * another hand, or the trump card still under the stock */
    cards_t seen = g->table | g->seen_discard | (g->stock_len ? card_bit(g->trump_card) : 0);
    for (int s = 0; s < g->opt.players; s++)
        seen |= s != g->defender ? g->known[s] : 0;
    return (cards_of_rank(card_rank(g->attack[0])) & deck_cards(g->opt.deck) & ~seen) != 0;
}

bool durak_complete_beat(const durak_game *g, card_t card, durak_action *out)
{
    if (g->phase == DURAK_PHASE_OVER)
        return false;
    cards_t open = durak_uncovered(g);
    if (cards_count(open) == 1) {
        *out = (durak_action){ DURAK_ACT_BEAT, card, cards_first(open) };
        return true;
    }
    if (g->phase != DURAK_PHASE_DEFEND || card >= 64 || !cards_has(g->hand[g->actor], card))
        return false;
    cards_t targets = 0;
    for (cards_t u = open; u; u &= u - 1)
        if (card_beats(card, cards_first(u), g->trump))
            targets |= card_bit(cards_first(u));
    if (cards_count(targets) != 1)
        return false;
    *out = (durak_action){ DURAK_ACT_BEAT, card, cards_first(targets) };
    return true;
}

/* ---- moves ----------------------------------------------------------------- */

static void apply_play(durak_game *g, card_t c)
{
    if (add_attack(g, g->actor, c))
        return;
    if (g->phase == DURAK_PHASE_TAKING) { /* R12: uncovered; same attacker goes on */
        ask_throwers(g);
        return;
    }
    g->phase = DURAK_PHASE_DEFEND; /* R6, R7, R8 */
    g->actor = g->defender;
}

static void apply_beat(durak_game *g, card_t c, card_t t)
{
    int i = attack_slot(g, t);
    g->cover[i] = c;
    g->ncovered++;
    g->table_ranks |= (uint16_t)(1u << card_rank(c));
    g->table |= card_bit(c);
    g->uncovered &= ~card_bit(t);
    if (take_from_hand(g, g->defender, c))
        return;
    if (g->ncovered == g->nattack) /* R8: order restarts at the main attacker */
        enter_phase(g, DURAK_PHASE_THROWIN);
}

static void apply_transfer(durak_game *g, card_t c)
{
    int nd = transfer_target(g); /* R17 */
    if (add_attack(g, g->defender, c))
        return;
    g->attacker = g->defender;
    g->defender = (uint8_t)nd;
    g->limit = (uint8_t)limit_for(g, nd);
    g->actor = (uint8_t)nd;
}

/* The move `a`, already checked. */
static void apply_action(durak_game *g, durak_action a)
{
    /* Tested in the order of how often the kinds come (see durak_apply). */
    if (a.kind == DURAK_ACT_PLAY) {
        apply_play(g, a.card);
    } else if (a.kind == DURAK_ACT_BEAT) {
        apply_beat(g, a.card, a.target);
    } else if (a.kind == DURAK_ACT_PASS) {
        g->passed |= (uint8_t)bit_of(g->actor);
        ask_throwers(g);
    } else if (a.kind == DURAK_ACT_TAKE) {
        enter_phase(g, DURAK_PHASE_TAKING);
    } else if (a.kind == DURAK_ACT_TRANSFER) {
        apply_transfer(g, a.card);
    }
}

void durak_apply_legal(durak_game *g, durak_action a)
{
    assert(durak_check(g, a) == DURAK_OK);
    apply_action(g, a);
}

/* durak_check and apply_action in one pass: each kind checked and applied in its own case
 * (random playouts apply every move through here). */
durak_error durak_apply(durak_game *g, durak_action a)
{
    if (g->phase == DURAK_PHASE_OVER)
        return DURAK_ERR_GAME_OVER;
    cards_t hand = g->hand[g->actor];
    durak_error e = DURAK_ERR_NOT_IN_HAND;
    /* Tests in the order of how often the kinds come, not a switch: its one indirect jump
     * mispredicted on nearly every random move (measured with cachegrind). */
    if (a.kind == DURAK_ACT_PLAY) {
        if (a.card < 64 && (e = check_play(g, hand, a.card)) == DURAK_OK)
            apply_play(g, a.card);
    } else if (a.kind == DURAK_ACT_BEAT) {
        if (a.card < 64 && (e = check_beat(g, hand, a.card, a.target)) == DURAK_OK)
            apply_beat(g, a.card, a.target);
    } else if (a.kind == DURAK_ACT_PASS) {
        if (g->phase != DURAK_PHASE_THROWIN && g->phase != DURAK_PHASE_TAKING)
            return DURAK_ERR_WRONG_PHASE;
        g->passed |= (uint8_t)bit_of(g->actor);
        ask_throwers(g);
        e = DURAK_OK;
    } else if (a.kind == DURAK_ACT_TAKE) {
        if (g->phase != DURAK_PHASE_DEFEND)
            return DURAK_ERR_WRONG_PHASE;
        enter_phase(g, DURAK_PHASE_TAKING);
        e = DURAK_OK;
    } else if (a.kind == DURAK_ACT_TRANSFER) {
        if (a.card < 64 && (e = check_transfer(g, hand, a.card)) == DURAK_OK)
            apply_transfer(g, a.card);
    } else {
        e = DURAK_ERR_BAD_ACTION;
    }
    return e;
}

/* R18: the winner when fewer than 2 players are left: the remaining one, or if
 * nobody remains (the others went out), the first player who went out. */
static int forfeit_winner(const durak_game *g)
{
    if (g->in_game)
        return __builtin_ctz(g->in_game);
    return g->nout ? g->out[0] : -1;
}

/* R18: the hand leaves the game; a leaving defender ends the bout and the table is
 * discarded (also when that ends the game); a leaving main attacker is replaced by
 * the player now before the defender and the bout goes on: whoever is to act still
 * acts, unless it was the one who left. */
durak_error durak_resign(durak_game *g, int seat)
{
    if (g->phase == DURAK_PHASE_OVER)
        return DURAK_ERR_GAME_OVER;
    if (!durak_in_game(g, seat))
        return DURAK_ERR_BAD_SEAT;
    bool ends = g->opt.teams; /* R19: a forfeit ends a team game at once */
    bool defending = seat == g->defender;
    cards_t table = defending || ends ? durak_table_cards(g) : 0;
    if (g->hand[seat] | table) /* R16: cards left the game */
        forget_history(g);
    g->discard |= g->hand[seat] | table;
    g->seen_discard |= table;
    g->hand[seat] = g->known[seat] = 0;
    g->in_game &= (uint8_t)~bit_of(seat);
    g->forfeited |= (uint8_t)bit_of(seat);
    if (defending || ends)
        clear_table(g);
    if (ends) {
        end_game(g, DURAK_RESULT_TEAM_LOST, seat);
        return DURAK_OK;
    }
    if (one_or_none_left(g)) {
        end_game(g, DURAK_RESULT_WON, forfeit_winner(g));
        return DURAK_OK;
    }
    if (defending) {
        finish_bout(g, false);
        return DURAK_OK;
    }
    if (seat == g->attacker)
        g->attacker = (uint8_t)prev_seat(g, g->defender);
    if (g->phase == DURAK_PHASE_ATTACK)
        g->leader = g->actor = g->attacker;
    else if (g->phase != DURAK_PHASE_DEFEND && seat == g->actor)
        ask_throwers(g);
    return DURAK_OK;
}

/* ---- invariants ------------------------------------------------------------ */

/* Cards: each card of the deck exactly once in hands, table, stock and discard;
 * the trump card under the stock; what is known or seen is where it is said to be. */
static const char *invalid_cards(const durak_game *g)
{
    int n = g->opt.players;
    cards_t deck = deck_cards(g->opt.deck), all = 0;
    int count = 0;
    if (g->trump_card >= 64 || !cards_has(deck, g->trump_card))
        return "the trump card is not a card of the deck";
    if (g->trump != card_suit(g->trump_card))
        return "the trump suit is not the trump card's";
    for (int s = 0; s < n; s++) {
        if (g->known[s] & ~g->hand[s])
            return "a hand's known cards are not all in it";
        all |= g->hand[s];
        count += cards_count(g->hand[s]);
    }
    for (int s = n; s < DURAK_MAX_PLAYERS; s++)
        if (g->hand[s] || g->known[s])
            return "cards in the hand of a seat beyond the players";
    for (int i = 0; i < DURAK_MAX_TABLE; i++) {
        if (i >= g->nattack) {
            if (g->attack[i] != CARD_NONE || g->cover[i] != CARD_NONE)
                return "a card on the table beyond its count";
            continue;
        }
        if (g->attack[i] >= 64 || (g->cover[i] != CARD_NONE && g->cover[i] >= 64))
            return "a card on the table that is no card";
        all |= card_bit(g->attack[i]), count++;
        if (g->cover[i] != CARD_NONE)
            all |= card_bit(g->cover[i]), count++;
    }
    for (int i = 0; i < DURAK_MAX_DECK; i++) {
        if (i >= g->stock_len) {
            if (g->stock[i] != CARD_NONE)
                return "a card in the stock beyond its count";
            continue;
        }
        if (g->stock[i] >= 64)
            return "a card in the stock that is no card";
        all |= card_bit(g->stock[i]), count++;
    }
    all |= g->discard;
    count += cards_count(g->discard);
    if ((all & ~deck) != 0)
        return "a card that is not in this deck";
    if (all != deck || count != cards_count(deck))
        return "a card is missing or in two places";
    if (g->seen_discard & ~g->discard)
        return "a card seen discarded is not in the discard";
    if (g->stock_len > g->opt.deck - 6 * n)
        return "more cards in the stock than the deal left";
    if (g->stock_len ? g->stock[0] != g->trump_card : false)
        return "the trump card is not at the bottom of the stock (R3)";
    if (g->stock_len ? g->trump_owner != SEAT_NONE : g->trump_owner >= n)
        return "the trump card's owner does not match the stock (R3)";
    if (!g->stock_len && cards_has(g->hand[g->trump_owner], g->trump_card)
        && !cards_has(g->known[g->trump_owner], g->trump_card))
        return "the face-up trump card is not known in its owner's hand (R3)";
    if (g->first_seat >= n)
        return "the first attacker is not a seat";
    if (g->first_trump != CARD_NONE
        && (g->first_trump >= 64 || !cards_has(deck, g->first_trump)
            || card_suit(g->first_trump) != g->trump))
        return "the lowest trump announced is not a trump of the deck (R5)";
    return NULL;
}

/* The table as the counters, covers and ranks say (R4, R8, R9). */
static const char *invalid_table(const durak_game *g)
{
    int covered = 0;
    unsigned ranks = 0;
    cards_t table = 0, uncovered = 0;
    for (int i = 0; i < g->nattack; i++) {
        ranks |= 1u << card_rank(g->attack[i]);
        table |= card_bit(g->attack[i]);
        if (g->cover[i] == CARD_NONE) {
            uncovered |= card_bit(g->attack[i]);
            continue;
        }
        table |= card_bit(g->cover[i]);
        if (!card_beats(g->cover[i], g->attack[i], g->trump))
            return "a cover does not beat its attack card (R4)";
        ranks |= 1u << card_rank(g->cover[i]);
        covered++;
    }
    if (covered != g->ncovered)
        return "the table's counts do not match its cards";
    if (ranks != g->table_ranks)
        return "the table's ranks do not match its cards";
    if (table != g->table || uncovered != g->uncovered)
        return "the table's card sets do not match its cards";
    if (g->limit > DURAK_MAX_TABLE || g->nattack > g->limit)
        return "more attack cards than the bout's limit (R9)";
    return NULL;
}

/* Seats: every seat is in the game, out (in order, with places) or forfeited, once. */
static const char *invalid_seats(const durak_game *g)
{
    int n = g->opt.players;
    uint8_t seats = (uint8_t)((1u << n) - 1), out = 0;
    if ((g->in_game | g->forfeited | g->passed) & ~seats)
        return "a seat mask names a seat beyond the players";
    if (g->in_game & g->forfeited)
        return "a seat both in the game and forfeited";
    if (g->nout > n || g->bout_first_out > g->nout)
        return "more players out than seats";
    for (int i = 0; i < DURAK_MAX_PLAYERS; i++) {
        if (i >= g->nout) {
            if (g->out[i] != SEAT_NONE || g->out_place[i] != 0)
                return "an out entry beyond the count";
            continue;
        }
        if (g->out[i] >= n || seat_in(out, g->out[i]))
            return "the out list names a seat twice or a seat beyond the players";
        out |= (uint8_t)bit_of(g->out[i]);
        int place = g->out_place[i];
        if (place < 1 || place > i + 1 || (place != i + 1 && place != g->out_place[i - 1])
            || (i >= g->bout_first_out && place != g->bout_first_out + 1))
            return "the places of the players out are not in order (R14)";
    }
    if (out & (g->in_game | g->forfeited))
        return "a seat both out and in the game or forfeited";
    if ((out | g->in_game | g->forfeited) != seats)
        return "a seat neither in the game, out nor forfeited";
    if (g->nout && g->stock_len)
        return "a player out while the stock lasts (R14)";
    for (int s = 0; s < n; s++) {
        if (!seat_in(g->in_game, s) && g->hand[s])
            return "cards in the hand of a player no longer in the game";
        if (seat_in(g->in_game, s) && !g->hand[s] && !g->stock_len)
            return "a player with no cards still in the game, the stock empty (R14)";
    }
    return NULL;
}

/* Counters of bouts and of R16's history. */
static const char *invalid_counters(const durak_game *g)
{
    if (g->bouts < 1 || (g->first_bout && g->bouts != 1) || g->first_bout > 1)
        return "the bout counters do not agree";
    if (g->nhistory > DURAK_MAX_HISTORY || g->nhistory > g->bouts)
        return "more situations recorded than bouts (R16)";
    for (int i = g->nhistory; i < DURAK_MAX_HISTORY; i++)
        if (g->history[i])
            return "a situation recorded beyond the count (R16)";
    return NULL;
}

/* A running game: the turn, the phase and the table agree (R6-R12, R17). */
static const char *invalid_turn(const durak_game *g)
{
    int n = g->opt.players;
    if (g->actor >= n || g->attacker >= n || g->defender >= n || g->leader >= n)
        return "a turn field names a seat beyond the players";
    if (g->result != DURAK_RESULT_ONGOING || g->result_seat != SEAT_NONE)
        return "a running game with a result";
    if (!seat_in(g->in_game, g->defender) || !seat_in(g->in_game, g->actor))
        return "the defender or the player to act is not in the game";
    if (g->attacker == g->defender || g->limit < 1 || g->limit > bout_cap(g))
        return "the attacker defends, or the bout's limit is out of range (R9)";
    if (durak_team_of(g, g->attacker) == durak_team_of(g, g->defender))
        return "the attacker's partner defends (R19)";
    if (seat_in(g->passed, g->defender))
        return "the defender passed";
    /* The defender held at least `limit` cards when the defence began and has lost only
     * covers since; so a defender who covers with their last card leaves a full table. */
    if (g->phase != DURAK_PHASE_ATTACK
        && cards_count(g->hand[g->defender]) + g->ncovered < g->limit)
        return "the bout's limit is more than the defender held (R9)";
    switch (g->phase) {
    case DURAK_PHASE_ATTACK:
        if (g->nattack || g->passed || g->actor != g->attacker || g->leader != g->attacker)
            return "a bout to lead with cards on the table or another seat to lead (R6)";
        if (!g->hand[g->actor] || g->defender != durak_opponent_after(g, g->attacker))
            return "the leader has no card or the defender is not the next player (R5, R11, "
                   "R19)";
        if (g->limit != limit_for(g, g->defender))
            return "the bout's limit is not the defender's hand (R9)";
        if (g->stock_len)
            for (int s = 0; s < n; s++)
                if (seat_in(g->in_game, s) && cards_count(g->hand[s]) < 6)
                    return "a hand under 6 cards at a bout's start with stock left (R13)";
        return NULL;
    case DURAK_PHASE_DEFEND:
        if (g->ncovered >= g->nattack || g->actor != g->defender)
            return "a defence with nothing to cover or another seat to defend (R7)";
        if (!g->ncovered && g->passed) /* nobody was asked to throw in yet */
            return "a pass before any card was covered (R8)";
        return NULL;
    case DURAK_PHASE_THROWIN:
    case DURAK_PHASE_TAKING:
        if (!g->nattack || g->actor == g->defender)
            return "a throw-in with an empty table, or by the defender (R8)";
        if (g->phase == DURAK_PHASE_THROWIN ? g->ncovered != g->nattack : g->ncovered == g->nattack)
            return "the covers do not match the phase (R8, R12)";
        if (seat_in(g->passed, g->actor) || !is_thrower(g, g->actor) || !throwable(g, g->actor))
            return "the player to act may not add a card (R8, R10, R12)";
        return NULL;
    default: return "unknown phase";
    }
}

/* A finished game: a result that matches the seats (R15, R16, R18). */
static const char *invalid_result(const durak_game *g)
{
    int n = g->opt.players, left = players_in_game(g);
    if (g->actor != SEAT_NONE)
        return "a finished game with a player to act";
    if (g->attacker >= n || g->defender >= n || g->leader >= n)
        return "a turn field names a seat beyond the players";
    switch (g->result) {
    case DURAK_RESULT_DURAK:
        if (g->stock_len || left != 1 || g->result_seat >= n || !seat_in(g->in_game, g->result_seat)
            || g->nattack)
            return "a durak who is not the one player left holding cards (R15)";
        return NULL;
    case DURAK_RESULT_DRAW:
        if (g->result_seat != SEAT_NONE || g->nattack || (!g->stock_len && left == 1))
            return "a draw with a player named, cards on the table or a durak left (R15, R16)";
        return NULL;
    case DURAK_RESULT_TEAM_LOST:
        if (!g->opt.teams || g->result_seat >= n || g->nattack
            || !(seat_in(g->forfeited, g->result_seat)
                 || (seat_in(g->in_game, g->result_seat) && durak_one_team_left(g))))
            return "a losing team that neither forfeited nor is the only one left (R19)";
        return NULL;
    case DURAK_RESULT_WON:
        if (g->opt.teams)
            return "a team game won after a forfeit: the forfeiter's team loses (R19)";
        if (!g->forfeited || left > 1 || g->result_seat >= n
            || g->result_seat
                   != (left      ? __builtin_ctz(g->in_game)
                       : g->nout ? g->out[0]
                                 : -1))
            return "a winner after forfeits who is not the one left or the first out (R18)";
        return NULL;
    default: return "a finished game without a result";
    }
}

const char *durak_validate(const durak_game *g)
{
    const char *why = durak_check_options(&g->opt);
    if (why)
        return why;
    if (g->phase > DURAK_PHASE_OVER)
        return "unknown phase";
    if (g->nattack > DURAK_MAX_TABLE || g->stock_len > DURAK_MAX_DECK || g->nout > DURAK_MAX_PLAYERS
        || g->nhistory > DURAK_MAX_HISTORY)
        return "a count beyond its list's size";
    why = invalid_cards(g);
    if (!why)
        why = invalid_table(g);
    if (!why)
        why = invalid_seats(g);
    if (!why)
        why = invalid_counters(g);
    if (!why)
        why = g->phase == DURAK_PHASE_OVER ? invalid_result(g) : invalid_turn(g);
    return why;
}

/* ---- view ------------------------------------------------------------------- */

void durak_view_of(const durak_game *g, int seat, durak_view *v)
{
    memset(v, 0, sizeof *v);
    v->seat = (uint8_t)seat;
    v->pub = *g;
    for (int s = 0; s < g->opt.players; s++) {
        v->hand_count[s] = (uint8_t)cards_count(g->hand[s]);
        if (s != seat)
            v->pub.hand[s] = g->known[s];
    }
    memset(v->pub.stock, CARD_NONE, sizeof v->pub.stock);
    if (g->stock_len)
        v->pub.stock[0] = g->trump_card;
    v->discard_count = (uint8_t)cards_count(g->discard);
    v->pub.discard = g->seen_discard;
    memset(v->pub.history, 0, sizeof v->pub.history);
    v->pub.nhistory = 0;
}

/* ---- text ------------------------------------------------------------------- */

const char *durak_error_text(durak_error e)
{
    static const char *const text[] = {
        [DURAK_OK] = "ok",
        [DURAK_ERR_GAME_OVER] = "the game is over",
        [DURAK_ERR_NOT_YOUR_TURN] = "it is not your turn",
        [DURAK_ERR_WRONG_PHASE] = "that move is not possible now",
        [DURAK_ERR_NOT_IN_HAND] = "that card is not in the hand",
        [DURAK_ERR_RANK_NOT_ON_TABLE] = "only a rank already on the table may be thrown in",
        [DURAK_ERR_TABLE_FULL] = "no more cards may be added to this bout",
        [DURAK_ERR_NO_SUCH_TARGET] = "that card is not an uncovered attack card",
        [DURAK_ERR_DOES_NOT_BEAT] = "that card does not beat it",
        [DURAK_ERR_NOT_TRANSFER_VARIANT] = "transfer is only played in the transfer variant",
        [DURAK_ERR_TRANSFER_COVERED] = "no transfer once a card is covered",
        [DURAK_ERR_TRANSFER_RANK] = "a transfer needs a card of the attack cards' rank",
        [DURAK_ERR_TRANSFER_TOO_MANY] = "the next player could not answer that many cards",
        [DURAK_ERR_TRANSFER_NOBODY] = "nobody is left in the game to pass the attack to",
        [DURAK_ERR_BAD_ACTION] = "unknown move",
        [DURAK_ERR_BAD_SEAT] = "no such player in the game",
    };
    if ((unsigned)e >= sizeof text / sizeof text[0])
        return "unknown error";
    return text[e];
}

const char *durak_phase_name(int phase)
{
    static const char *const names[] = { "attack", "defend", "throwin", "taking", "over" };
    return phase >= 0 && phase <= DURAK_PHASE_OVER ? names[phase] : "?";
}

char *durak_action_format(durak_action a, char *buf, size_t cap)
{
    char c[3], t[3];
    card_format(a.card, c);
    card_format(a.target, t);
    switch (a.kind) {
    case DURAK_ACT_PLAY: snprintf(buf, cap, "play %s", c); break;
    case DURAK_ACT_BEAT: snprintf(buf, cap, "beat %s %s", c, t); break;
    case DURAK_ACT_TAKE: snprintf(buf, cap, "take"); break;
    case DURAK_ACT_PASS: snprintf(buf, cap, "pass"); break;
    case DURAK_ACT_TRANSFER: snprintf(buf, cap, "transfer %s", c); break;
    default: snprintf(buf, cap, "?"); break;
    }
    return buf;
}
