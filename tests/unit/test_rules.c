/* test_rules: the rules R1–R19 of durak(7), one or more cmocka tests per rule, on stacked decks
 * (durak_new_ordered), including the three worked examples and the classic bug classes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "durak.h"
#include "rng.h"

/* ---- helpers: cards, deals, moves ------------------------------------------ */

enum {
    CLASSIC = DURAK_VARIANT_CLASSIC,
    TRANSFER = DURAK_VARIANT_TRANSFER,
    ALL = DURAK_THROWIN_ALL,
    NEIGHBOURS = DURAK_THROWIN_NEIGHBOURS
};

static durak_options opts(int players, int variant, int throwin, int first5, int deck)
{
    durak_options o = { .players = (uint8_t)players,
                        .variant = (uint8_t)variant,
                        .throwin = (uint8_t)throwin,
                        .first5 = (uint8_t)first5,
                        .deck = (uint8_t)deck };
    return o;
}

static card_t card(const char *s)
{
    card_t c = card_parse(s);
    if (c == CARD_NONE)
        fail_msg("bad card in test: %s", s);
    return c;
}

/* Splits a list like "6S 7S TD" into cards; returns the count. */
static int card_list(const char *list, card_t *out, int max)
{
    int n = 0;
    for (const char *p = list; p && *p;) {
        p += strspn(p, " ");
        if (!*p)
            break;
        if (n == max)
            fail_msg("too many cards in test list: %s", list);
        out[n++] = card(p);
        p += strcspn(p, " ");
    }
    return n;
}

static cards_t set_of(const char *list)
{
    card_t c[DURAK_MAX_DECK];
    cards_t s = 0;
    int n = card_list(list, c, DURAK_MAX_DECK);
    for (int i = 0; i < n; i++)
        s |= card_bit(c[i]);
    return s;
}

/* Stacks the deck: hands[s] lists seat s's six cards (NULL: filled), `trump` the card
 * under the stock (NULL: filled; ignored when the deal uses the whole deck), `stock`
 * the top of the stock, top first. Unnamed places get the unused cards in ascending
 * order, so with the whole deck dealt the last seat's sixth card is the highest left. */
static void deal(durak_game *g, durak_options o, const char *const hands[], const char *trump,
                 const char *stock)
{
    card_t order[DURAK_MAX_DECK], c[DURAK_MAX_DECK];
    int n = o.deck, players = o.players, dealt = 6 * players;
    cards_t used = 0;
    memset(order, CARD_NONE, sizeof order);
    for (int s = 0; s < players; s++) {
        if (!hands[s])
            continue;
        if (card_list(hands[s], c, 6) != 6)
            fail_msg("seat %d needs six cards: %s", s, hands[s]);
        for (int k = 0; k < 6; k++)
            order[k * players + s] = c[k];
    }
    if (trump && dealt < n)
        order[dealt] = card(trump);
    int ns = stock ? card_list(stock, c, DURAK_MAX_DECK) : 0;
    for (int k = 0; k < ns; k++)
        order[dealt + 1 + k] = c[k];
    for (int i = 0; i < n; i++)
        if (order[i] != CARD_NONE) {
            if (cards_has(used, order[i]))
                fail_msg("card used twice in test deal (index %d)", i);
            used |= card_bit(order[i]);
        }
    cards_t rest = deck_cards(n) & ~used;
    for (int i = 0; i < n; i++)
        if (order[i] == CARD_NONE) {
            order[i] = cards_first(rest);
            rest &= rest - 1;
        }
    assert_true(durak_new_ordered(g, &o, order, n));
}

static durak_action parse_move(const char *m)
{
    durak_action a = { DURAK_ACT_PASS, CARD_NONE, CARD_NONE };
    char word[16], c1[4] = "", c2[4] = "";
    if (sscanf(m, "%15s %3s %3s", word, c1, c2) < 1)
        fail_msg("empty move in test");
    if (strcmp(word, "play") == 0)
        a.kind = DURAK_ACT_PLAY;
    else if (strcmp(word, "beat") == 0)
        a.kind = DURAK_ACT_BEAT;
    else if (strcmp(word, "take") == 0)
        a.kind = DURAK_ACT_TAKE;
    else if (strcmp(word, "transfer") == 0)
        a.kind = DURAK_ACT_TRANSFER;
    else if (strcmp(word, "pass") != 0)
        fail_msg("unknown move in test: %s", m);
    if (*c1)
        a.card = card(c1);
    if (*c2)
        a.target = card(c2);
    return a;
}

/* Applies moves separated by ';' ("play 9S; beat TS 9S; pass"); each must be legal. */
static void play_moves(durak_game *g, const char *seq)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", seq);
    for (char *m = strtok(buf, ";"); m; m = strtok(NULL, ";")) {
        m += strspn(m, " ");
        durak_error e = durak_apply(g, parse_move(m));
        if (e != DURAK_OK)
            fail_msg("move \"%s\" by seat %d refused: %s", m, durak_actor(g), durak_error_text(e));
    }
}

/* The move must be refused with `want`, leaving the game byte-identical. */
static void refuse(durak_game *g, const char *m, durak_error want)
{
    durak_game before;
    memcpy(&before, g, sizeof before);
    durak_action a = parse_move(m);
    assert_int_equal(durak_check(g, a), want);
    assert_int_equal(durak_apply(g, a), want);
    assert_memory_equal(&before, g, sizeof before);
}

static const char *cards_text(cards_t s, char *buf)
{
    char c[3];
    buf[0] = '\0';
    for (; s; s &= s - 1) {
        if (buf[0])
            strcat(buf, " ");
        strcat(buf, card_format(cards_first(s), c));
    }
    return buf[0] ? buf : strcpy(buf, "-");
}

static const char *legal_text(const durak_game *g, char *buf)
{
    durak_action a[DURAK_MAX_ACTIONS];
    char one[32];
    int n = durak_legal(g, a);
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i)
            strcat(buf, " | ");
        strcat(buf, durak_action_format(a[i], one, sizeof one));
    }
    return buf;
}

#define assert_legal(g, want)                                                                      \
    do {                                                                                           \
        char b_[4096];                                                                             \
        assert_string_equal(legal_text(g, b_), want);                                              \
    } while (0)
#define assert_hand(g, seat, want)                                                                 \
    do {                                                                                           \
        char b_[256];                                                                              \
        assert_string_equal(cards_text((g)->hand[seat], b_), want);                                \
    } while (0)
#define assert_cards(set, want)                                                                    \
    do {                                                                                           \
        char b_[256];                                                                              \
        assert_string_equal(cards_text(set, b_), want);                                            \
    } while (0)

static void assert_turn(const durak_game *g, int phase, int actor, int attacker, int defender)
{
    assert_string_equal(durak_phase_name(g->phase), durak_phase_name(phase));
    assert_int_equal(durak_actor(g), actor);
    assert_int_equal(g->attacker, attacker);
    assert_int_equal(g->defender, defender);
}

static void resign_all(durak_game *g, const char *seats)
{
    for (const char *p = seats; *p; p++)
        if (*p >= '0' && *p <= '9')
            assert_int_equal(durak_resign(g, *p - '0'), DURAK_OK);
}

/* Every card of the deck exactly once: hands, table, stock, discard. */
static void assert_cards_accounted(const durak_game *g)
{
    cards_t all = g->discard;
    int count = cards_count(g->discard) + g->nattack + g->ncovered + g->stock_len;
    for (int s = 0; s < g->opt.players; s++) {
        all |= g->hand[s];
        count += cards_count(g->hand[s]);
    }
    all |= durak_table_cards(g);
    for (int i = 0; i < g->stock_len; i++)
        all |= card_bit(g->stock[i]);
    assert_true(all == deck_cards(g->opt.deck));
    assert_int_equal(count, g->opt.deck);
}

/* ---- R1 cards ------------------------------------------------------------------ */

static void test_R1_deck_of_36_and_extensions(void **state)
{
    (void)state;
    assert_int_equal(cards_count(deck_cards(36)), 36);
    assert_int_equal(cards_count(deck_cards(24)), 24);
    assert_int_equal(cards_count(deck_cards(52)), 52);
    assert_int_equal(deck_lowest_rank(36), RANK_6);
    assert_int_equal(deck_lowest_rank(24), RANK_9);
    assert_int_equal(deck_lowest_rank(52), RANK_2);
    assert_false(cards_has(deck_cards(36), card("5S")));
    assert_true(cards_has(deck_cards(36), card("6S")));
    assert_true(cards_has(deck_cards(36), card("AH")));
    assert_false(cards_has(deck_cards(24), card("8D")));
    assert_true(cards_has(deck_cards(52), card("2C")));
    assert_int_equal(deck_lowest_rank(40), -1);
}

static void test_R1_options_checked(void **state)
{
    (void)state;
    durak_options o = durak_default_options();
    assert_int_equal(o.players, 2);
    assert_int_equal(o.deck, 36);
    assert_int_equal(o.variant, CLASSIC);
    assert_int_equal(o.throwin, ALL);
    assert_int_equal(o.first5, 0);
    assert_null(durak_check_options(&o));
    durak_options bad[] = { opts(1, CLASSIC, ALL, 0, 36), opts(7, CLASSIC, ALL, 0, 36),
                            opts(5, CLASSIC, ALL, 0, 24), opts(2, 2, ALL, 0, 36),
                            opts(2, CLASSIC, 2, 0, 36),   opts(2, CLASSIC, ALL, 2, 36),
                            opts(2, CLASSIC, ALL, 0, 32) };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_non_null(durak_check_options(&bad[i]));
    durak_options good[] = { opts(6, TRANSFER, NEIGHBOURS, 1, 36), opts(4, CLASSIC, ALL, 0, 24),
                             opts(6, CLASSIC, ALL, 1, 52) };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        assert_null(durak_check_options(&good[i]));
}

/* An order must be the whole deck of the game, each card once. */
static void test_R1_order_must_be_the_deck(void **state)
{
    (void)state;
    durak_game g;
    durak_options o = durak_default_options();
    card_t order[DURAK_MAX_DECK];
    int n = 0;
    for (cards_t s = deck_cards(36); s; s &= s - 1)
        order[n++] = cards_first(s);
    assert_true(durak_new_ordered(&g, &o, order, 36));
    assert_false(durak_new_ordered(&g, &o, order, 35));
    order[3] = order[4];
    assert_false(durak_new_ordered(&g, &o, order, 36));
    order[3] = card("5S");
    assert_false(durak_new_ordered(&g, &o, order, 36));
    order[3] = CARD_NONE;
    assert_false(durak_new_ordered(&g, &o, order, 36));
}

/* Cards outside the 36-card deck are never in a hand; a 52-card game plays 2s. */
static void test_R1_ranks_of_the_deck_in_play(void **state)
{
    (void)state;
    durak_game g;
    const char *h36[] = { "6S 7S 8S 9S TS JS", "6C 7C 8C 9C TC JC" };
    deal(&g, opts(2, CLASSIC, ALL, 0, 36), h36, "6H", NULL);
    refuse(&g, "play 2S", DURAK_ERR_NOT_IN_HAND);
    const char *h52[] = { "2S 4S 5S 6S 7S 8S", "3S 2C 3C 4C 5C 6C" };
    deal(&g, opts(2, CLASSIC, ALL, 0, 52), h52, "2H", NULL);
    assert_int_equal(g.stock_len, 40);
    assert_int_equal(g.attacker, 0); /* no trump dealt: seat 0 */
    assert_legal(&g, "play 2S | play 4S | play 5S | play 6S | play 7S | play 8S");
    play_moves(&g, "play 2S; beat 3S 2S"); /* no 2 or 3 left: beaten */
    assert_int_equal(g.attacker, 1);
    assert_cards_accounted(&g);
}

/* ---- R2 deal ------------------------------------------------------------------- */

/* Cards 1..6N go round-robin from seat 0, for 2..6 players and every deck. */
static void test_R2_deal_round_robin_from_seat_0(void **state)
{
    (void)state;
    static const int decks[] = { 24, 36, 52 };
    for (int d = 0; d < 3; d++)
        for (int players = 2; players <= 6; players++) {
            durak_options o = opts(players, CLASSIC, ALL, 0, decks[d]);
            if (durak_check_options(&o))
                continue;
            card_t order[DURAK_MAX_DECK];
            int n = 0;
            for (cards_t s = deck_cards(o.deck); s; s &= s - 1)
                order[n++] = cards_first(s);
            durak_game g;
            assert_true(durak_new_ordered(&g, &o, order, n));
            for (int s = 0; s < players; s++) {
                cards_t want = 0;
                for (int i = s; i < 6 * players; i += players)
                    want |= card_bit(order[i]);
                assert_true(g.hand[s] == want);
            }
            assert_int_equal(g.stock_len, n - 6 * players);
            assert_cards_accounted(&g);
        }
}

/* durak_new: a seed gives one deal, another seed another. */
static void test_R2_seeded_shuffle_is_deterministic(void **state)
{
    (void)state;
    durak_options o = opts(4, TRANSFER, ALL, 0, 36);
    durak_game a, b, c;
    assert_true(durak_new(&a, &o, 42));
    assert_true(durak_new(&b, &o, 42));
    assert_true(durak_new(&c, &o, 43));
    assert_memory_equal(&a, &b, sizeof a);
    assert_true(memcmp(a.hand, c.hand, sizeof a.hand) != 0);
    assert_cards_accounted(&a);
    assert_cards_accounted(&c);
}

/* Fisher–Yates is unbiased: every card lands in every place about equally often. */
static void test_R2_shuffle_is_uniform(void **state)
{
    (void)state;
    enum { N = 36, ROUNDS = 36000 };
    int count[N][N];
    memset(count, 0, sizeof count);
    rng_t r;
    rng_seed(&r, 7);
    for (int k = 0; k < ROUNDS; k++) {
        uint8_t a[N];
        for (int i = 0; i < N; i++)
            a[i] = (uint8_t)i;
        rng_shuffle(&r, a, N);
        for (int i = 0; i < N; i++)
            count[a[i]][i]++;
    }
    /* expected 1000 each; sd ~31; 6 sd = 190 */
    for (int c = 0; c < N; c++)
        for (int i = 0; i < N; i++)
            assert_in_range(count[c][i], 1000 - 190, 1000 + 190);
    for (int n = 1; n < 50; n++)
        assert_true(rng_below(&r, (uint64_t)n) < (uint64_t)n);
}

/* ---- R3 trump ------------------------------------------------------------------ */

/* The 13th card (2 players) is the trump card, under the stock, seen by all. */
static void test_R3_trump_card_under_the_stock(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "6S 7S 8S 9S TS JS", "6C 7C 8C 9C TC JC" };
    deal(&g, opts(2, CLASSIC, ALL, 0, 36), h, "QD", "6D 7D");
    assert_int_equal(g.trump_card, card("QD"));
    assert_int_equal(g.trump, SUIT_DIAMONDS);
    assert_int_equal(g.stock_len, 24);
    assert_int_equal(g.stock[0], card("QD"));
    assert_int_equal(g.stock[23], card("6D")); /* drawn next */
    assert_int_equal(g.stock[22], card("7D"));
    assert_int_equal(g.trump_owner, 0xFF);
    durak_view v;
    durak_view_of(&g, 0, &v);
    assert_int_equal(v.pub.stock[0], card("QD"));
    for (int i = 1; i < DURAK_MAX_DECK; i++)
        assert_int_equal(v.pub.stock[i], CARD_NONE);
    assert_int_equal(v.pub.stock_len, 24);
    assert_true(v.pub.hand[1] == 0);
    assert_int_equal(v.hand_count[1], 6);
}

/* 6 players, 36 cards: nothing is left, the last card dealt (seat 5's sixth) is the
 * trump card; it stays in that hand and everybody knows it. */
static void test_R3_six_players_trump_stays_in_hand(void **state)
{
    (void)state;
    durak_game g;
    const char *h[6] = { NULL, NULL, NULL, NULL, NULL, "6S 7S 8S 9S TS 9D" };
    deal(&g, opts(6, CLASSIC, ALL, 0, 36), h, NULL, NULL);
    assert_int_equal(g.stock_len, 0);
    assert_int_equal(g.trump_card, card("9D"));
    assert_int_equal(g.trump, SUIT_DIAMONDS);
    assert_int_equal(g.trump_owner, 5);
    assert_true(cards_has(g.hand[5], card("9D")));
    assert_true(g.known[5] == card_bit(card("9D")));
    for (int s = 0; s < 5; s++) {
        durak_view v;
        durak_view_of(&g, s, &v);
        assert_true(v.pub.hand[5] == card_bit(card("9D")));
        assert_int_equal(v.hand_count[5], 6);
        assert_int_equal(v.pub.stock_len, 0);
    }
    assert_cards_accounted(&g);
    /* 24 cards, 4 players: the same */
    const char *h4[4] = { NULL, NULL, NULL, "9S TS JS QS KS AC" };
    deal(&g, opts(4, TRANSFER, NEIGHBOURS, 0, 24), h4, NULL, NULL);
    assert_int_equal(g.trump_card, card("AC"));
    assert_int_equal(g.trump_owner, 3);
    assert_int_equal(g.stock_len, 0);
    /* 52 cards, 6 players: 16 left, the 37th is the trump card */
    deal(&g, opts(6, CLASSIC, ALL, 1, 52), h, "2H", NULL);
    assert_int_equal(g.trump_card, card("2H"));
    assert_int_equal(g.stock_len, 16);
    assert_int_equal(g.trump_owner, 0xFF);
}

/* When the trump card is played, it leaves the known cards. */
static void test_R3_played_trump_card_is_no_longer_known(void **state)
{
    (void)state;
    durak_game g;
    /* seat 5 holds the lowest trump (6D, the trump card) and leads */
    const char *h[6] = { NULL, NULL, NULL, NULL, NULL, "7S 8S 9S TS JS 6D" };
    deal(&g, opts(6, CLASSIC, ALL, 0, 36), h, NULL, NULL);
    assert_int_equal(g.attacker, 5);
    assert_int_equal(g.first_trump, card("6D"));
    play_moves(&g, "play 6D");
    assert_true(g.known[5] == 0);
}

/* ---- R4 beating ---------------------------------------------------------------- */

static void test_R4_beats_relation(void **state)
{
    (void)state;
    int h = SUIT_HEARTS;
    assert_true(card_beats(card("7S"), card("6S"), h));  /* same suit, higher */
    assert_false(card_beats(card("6S"), card("7S"), h)); /* lower */
    assert_false(card_beats(card("AC"), card("6S"), h)); /* other non-trump suit */
    assert_true(card_beats(card("6H"), card("AS"), h));  /* trump beats non-trump */
    assert_false(card_beats(card("AS"), card("6H"), h)); /* non-trump never beats trump */
    assert_true(card_beats(card("7H"), card("6H"), h));  /* higher trump */
    assert_false(card_beats(card("6H"), card("7H"), h)); /* lower trump */
    assert_false(card_beats(card("7S"), card("7S"), h));
    assert_true(cards_beating(set_of("6S 8S AC 6H QH"), card("7S"), h) == set_of("8S 6H QH"));
    assert_true(cards_beating(set_of("6S 8S AC 6H QH"), card("TH"), h) == set_of("QH"));
}

/* In play, only cards that beat are listed, and others are refused. */
static void test_R4_defender_must_beat(void **state)
{
    (void)state;
    durak_game g;
    /* trump hearts; seat 0 has the lowest trump 7H and leads */
    const char *h[] = { "9S 7H 8C 9C TC JC", "6S 8S TS 6D 8H KD" };
    deal(&g, opts(2, CLASSIC, ALL, 0, 36), h, "6H", NULL);
    assert_int_equal(g.attacker, 0);
    play_moves(&g, "play 9S");
    assert_legal(&g, "beat TS 9S | beat 8H 9S | take");
    refuse(&g, "beat 8S 9S", DURAK_ERR_DOES_NOT_BEAT);
    refuse(&g, "beat 6D 9S", DURAK_ERR_DOES_NOT_BEAT);
    refuse(&g, "beat KD 9S", DURAK_ERR_DOES_NOT_BEAT);
    refuse(&g, "beat AS 9S", DURAK_ERR_NOT_IN_HAND);
    refuse(&g, "beat TS 7H", DURAK_ERR_NO_SUCH_TARGET);
    play_moves(&g, "beat 8H 9S");
    play_moves(&g, "pass; play 8S"); /* seat 1 leads */
    play_moves(&g, "beat 7H 8S");    /* a trump beats any non-trump */
    assert_int_equal(g.attacker, 0);
}

/* ---- R5 who starts ------------------------------------------------------------- */

static void test_R5_lowest_trump_leads(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "6S 7S 8S 9S TS 9H", "6C 7C 8C 9C TC 7H", "6D 7D 8D 9D TD 8H" };
    deal(&g, opts(3, CLASSIC, ALL, 0, 36), h, "AH", NULL);
    assert_int_equal(g.first_seat, 1);
    assert_int_equal(g.first_trump, card("7H"));
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 2); /* the next player defends */
    assert_int_equal(g.leader, 1);
}

static void test_R5_no_trump_seat_0_leads(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "6S 7S 8S 9S TS JS", "6C 7C 8C 9C TC JC" };
    deal(&g, opts(2, TRANSFER, ALL, 0, 36), h, "AH", NULL);
    assert_int_equal(g.first_seat, 0);
    assert_int_equal(g.first_trump, CARD_NONE);
    assert_turn(&g, DURAK_PHASE_ATTACK, 0, 0, 1);
}

/* 6 players: the trump card in the last hand counts; seat 5 leads against seat 0. */
static void test_R5_six_players_wrap_round(void **state)
{
    (void)state;
    durak_game g;
    const char *h[6] = { "7H 7S 8S 9S TS JS", NULL, NULL, NULL, NULL, "6S 6C 6D 7C 7D 6H" };
    deal(&g, opts(6, TRANSFER, NEIGHBOURS, 0, 36), h, NULL, NULL);
    assert_int_equal(g.trump_card, card("6H"));
    assert_turn(&g, DURAK_PHASE_ATTACK, 5, 5, 0);
}

/* ---- R6 lead -------------------------------------------------------------------- */

static void test_R6_lead_any_card_and_only_that(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "6S 7C 8D 9H TS AC", "6C 7S 8S 9C TC JC" };
    deal(&g, opts(2, TRANSFER, ALL, 0, 36), h, "6H", NULL);
    assert_legal(&g, "play 6S | play TS | play 7C | play AC | play 8D | play 9H");
    refuse(&g, "take", DURAK_ERR_WRONG_PHASE);
    refuse(&g, "pass", DURAK_ERR_WRONG_PHASE);
    refuse(&g, "beat 6S 7S", DURAK_ERR_WRONG_PHASE);
    refuse(&g, "transfer 6S", DURAK_ERR_WRONG_PHASE);
    refuse(&g, "play 7S", DURAK_ERR_NOT_IN_HAND);
    durak_game before = g;
    assert_int_equal(durak_apply(&g, (durak_action){ 9, 0, 0 }), DURAK_ERR_BAD_ACTION);
    assert_memory_equal(&before, &g, sizeof g);
    play_moves(&g, "play AC"); /* any card, even the highest */
    assert_turn(&g, DURAK_PHASE_DEFEND, 1, 0, 1);
}

/* ---- R7 the defender answers ----------------------------------------------------- */

/* cards_lowest: the lowest non-trump by rank (the first suit on ties), else the lowest
 * trump (R4 order: any trump is worth more than any plain card). */
static void test_R4_cards_lowest(void **state)
{
    (void)state;
    int hearts = SUIT_HEARTS;
    assert_int_equal(cards_lowest(set_of("6H 7H 9D 9C AS"), hearts), card("9C"));
    assert_int_equal(cards_lowest(set_of("6H 7D 7S"), hearts), card("7S"));
    assert_int_equal(cards_lowest(set_of("AH 7H TH"), hearts), card("7H"));
    assert_int_equal(cards_lowest(set_of("2C"), SUIT_CLUBS), card("2C"));
    assert_int_equal(cards_lowest(0, hearts), CARD_NONE);
}

/* durak_complete_beat: `beat C` alone means one move when one card is uncovered (even
 * if C does not beat it: durak_check then says why), or when C beats only one. */
static void test_R7_beat_without_target(void **state)
{
    (void)state;
    durak_game g;
    durak_action a;
    const char *h[] = { "7S 7D 8S 9H KC AC", "7H 8C 9C TC JD QS" };
    deal(&g, opts(2, TRANSFER, ALL, 0, 36), h, "AD", NULL);
    assert_false(durak_complete_beat(&g, card("7S"), &a)); /* nothing on the table */
    play_moves(&g, "play 7S");
    assert_true(durak_complete_beat(&g, card("QS"), &a));
    assert_true(a.kind == DURAK_ACT_BEAT && a.card == card("QS") && a.target == card("7S"));
    assert_true(durak_complete_beat(&g, card("8C"), &a));          /* the only target... */
    assert_int_equal(durak_check(&g, a), DURAK_ERR_DOES_NOT_BEAT); /* ...which it cannot beat */
    play_moves(&g, "transfer 7H");                                 /* seat 0 answers 7S and 7H */
    assert_true(durak_complete_beat(&g, card("8S"), &a));
    assert_true(a.card == card("8S") && a.target == card("7S"));
    assert_true(durak_complete_beat(&g, card("9H"), &a));
    assert_true(a.card == card("9H") && a.target == card("7H"));
    assert_int_equal(durak_check(&g, a), DURAK_OK);
    assert_false(durak_complete_beat(&g, card("7D"), &a)); /* a trump: beats both */
    assert_false(durak_complete_beat(&g, card("KC"), &a)); /* beats neither */
    assert_false(durak_complete_beat(&g, card("QS"), &a)); /* not in the hand */
    play_moves(&g, "beat 8S 7S; beat 9H 7H");
    assert_false(durak_complete_beat(&g, card("7D"), &a)); /* all covered */
    assert_int_equal(durak_resign(&g, 1), DURAK_OK);
    assert_false(durak_complete_beat(&g, card("7D"), &a)); /* over */
}

static void test_R7_defender_answers_each_card(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "6S 6C 8D 9H TS AC", "7S 7C 8S 9C TC JC" };
    deal(&g, opts(2, CLASSIC, ALL, 0, 36), h, "6H", NULL);
    play_moves(&g, "play 6S");
    assert_turn(&g, DURAK_PHASE_DEFEND, 1, 0, 1);
    assert_legal(&g, "beat 7S 6S | beat 8S 6S | take");
    refuse(&g, "play 6C", DURAK_ERR_WRONG_PHASE); /* one card at a time */
    refuse(&g, "pass", DURAK_ERR_WRONG_PHASE);
    refuse(&g, "transfer 6C", DURAK_ERR_NOT_TRANSFER_VARIANT);
    play_moves(&g, "beat 7S 6S");
    assert_turn(&g, DURAK_PHASE_THROWIN, 0, 0, 1);
    play_moves(&g, "play 6C");
    assert_turn(&g, DURAK_PHASE_DEFEND, 1, 0, 1);
    refuse(&g, "beat 8S 6S", DURAK_ERR_NO_SUCH_TARGET); /* already covered */
    assert_legal(&g, "beat 7C 6C | beat 9C 6C | beat TC 6C | beat JC 6C | take");
}

/* ---- R8 throwing in --------------------------------------------------------------- */

/* Worked example 2: 3 players, classic, throwin=all. */
static void test_R8_worked_example_three_players(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "8C 8D JS 6H 7S QC", "JC QD 7C 9D TS KS", "JD QS 7D 9C TC KC" };
    deal(&g, opts(3, CLASSIC, ALL, 0, 36), h, "AH", NULL);
    assert_turn(&g, DURAK_PHASE_ATTACK, 0, 0, 1); /* A holds 6H */
    play_moves(&g, "play 8C; beat JC 8C");
    assert_turn(&g, DURAK_PHASE_THROWIN, 0, 0, 1); /* A may throw in an 8 or a J */
    assert_legal(&g, "play JS | play 8D | pass");
    play_moves(&g, "pass");
    assert_turn(&g, DURAK_PHASE_THROWIN, 2, 0, 1);
    assert_legal(&g, "play JD | pass");
    play_moves(&g, "play JD; beat QD JD");
    assert_turn(&g, DURAK_PHASE_THROWIN, 0, 0, 1); /* A first again; a Q now too */
    assert_legal(&g, "play JS | play QC | play 8D | pass");
    play_moves(&g, "pass");
    assert_int_equal(durak_actor(&g), 2);
    assert_legal(&g, "play QS | pass");
    play_moves(&g, "pass"); /* all passed: beaten */
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 2);
    assert_int_equal(cards_count(g.discard), 4);
}

/* 4 players: order is the main attacker, then clockwise without the defender;
 * nothing to throw: skipped; a pass moves on and never wraps round; the rank rule. */
static void test_R8_order_skip_and_no_wrap(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S JD 6H 7C 7D 8C", "TS JC AS KS QS 8S", "9D 7S 8D QC KC AC",
                        "TC QD KD AD 8H 7H" };
    deal(&g, opts(4, TRANSFER, ALL, 0, 36), h, "AH", NULL);
    play_moves(&g, "play 9S; beat TS 9S");
    assert_turn(&g, DURAK_PHASE_THROWIN, 2, 0, 1); /* seat 0 has no 9 or T: skipped */
    assert_legal(&g, "play 9D | pass");
    refuse(&g, "play 8D", DURAK_ERR_RANK_NOT_ON_TABLE);
    refuse(&g, "play 9S", DURAK_ERR_NOT_IN_HAND);
    refuse(&g, "take", DURAK_ERR_WRONG_PHASE);
    refuse(&g, "transfer 9D", DURAK_ERR_WRONG_PHASE);
    play_moves(&g, "pass");
    assert_int_equal(durak_actor(&g), 3);
    assert_legal(&g, "play TC | pass");
    play_moves(&g, "play TC; beat JC TC");
    assert_turn(&g, DURAK_PHASE_THROWIN, 0, 0, 1); /* restart at the main attacker */
    assert_legal(&g, "play JD | pass");
    play_moves(&g, "pass");
    assert_int_equal(durak_actor(&g), 2); /* passed before, asked again */
    play_moves(&g, "pass");               /* seat 3: nothing; no wrap to 0 */
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 2);
    assert_cards(g.discard, "9S TS TC JC");
}

/* Cover ranks count too: a card may be thrown in on the rank of a cover. */
static void test_R8_rank_of_a_cover_may_be_thrown_in(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "6S QC 7H 7C 7D 8C", "KC JC AS QS 8S 9S" };
    deal(&g, opts(2, CLASSIC, NEIGHBOURS, 0, 36), h, "AH", NULL);
    play_moves(&g, "play 6S; beat QS 6S");
    refuse(&g, "play 7C", DURAK_ERR_RANK_NOT_ON_TABLE);
    assert_legal(&g, "play QC | pass");    /* Q: the cover's rank */
    play_moves(&g, "play QC; beat KC QC"); /* then no 6, Q or K: beaten */
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 0);
    assert_cards(g.discard, "6S QS QC KC");
}

/* ---- R9 limits ---------------------------------------------------------------------- */

/* Six covered cards end the bout even though attackers still hold ranks on the table. */
static void test_R9_six_cards_at_most(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "6S 6C 7S 7C 6H 8S", "8H 9H TH JH QH KH", "6D 7D 8C 8D 9S 9C" };
    deal(&g, opts(3, CLASSIC, ALL, 0, 36), h, "7H", NULL);
    assert_int_equal(g.limit, 6);
    play_moves(&g, "play 6S; beat 8H 6S; play 6C; beat 9H 6C; play 8S; beat TH 8S;"
                   "play 6H; beat JH 6H");
    assert_turn(&g, DURAK_PHASE_THROWIN, 2, 0, 1); /* seat 0: 7S 7C, no rank */
    play_moves(&g, "play 6D; beat QH 6D; play 8C");
    assert_int_equal(g.nattack, 6);
    play_moves(&g, "beat KH 8C");
    /* seat 2 still holds 8D 9S 9C, on the table's ranks: the bout is over anyway */
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 2);
    assert_int_equal(cards_count(g.discard), 12);
}

/* first5: 5 attack cards in the game's first bout, 6 afterwards. */
static void test_R9_first5_first_bout_only(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "6S 6C 7S 7C 6H 8S", "8H 9H TH JH QH KH", "6D 7D 8C 8D 9S 9C" };
    deal(&g, opts(3, CLASSIC, ALL, 1, 36), h, "7H", NULL);
    assert_int_equal(g.limit, 5);
    play_moves(&g, "play 6S; beat 8H 6S; play 6C; beat 9H 6C; play 8S; beat TH 8S;"
                   "play 6H; beat JH 6H; play 6D; beat QH 6D");
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 2); /* 5 covered: beaten */
    assert_int_equal(cards_count(g.discard), 10);
    assert_int_equal(g.limit, 6); /* second bout */
    /* with first5 off the same bout went on (see test_R9_six_cards_at_most) */
}

/* first5 and a take: after the take, at most 5 cards in all in the first bout. */
static void test_R9_first5_with_take(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "6S 6C 6D 7D 7H 6H", "7S 7C 8S 8C 9S 9C" };
    deal(&g, opts(2, TRANSFER, ALL, 1, 36), h, "AH", NULL);
    play_moves(&g, "play 6S; beat 7S 6S; play 6C; beat 7C 6C; play 6D; take");
    assert_turn(&g, DURAK_PHASE_TAKING, 0, 0, 1);
    play_moves(&g, "play 7D; play 6H"); /* 5 attack cards: picked up */
    assert_turn(&g, DURAK_PHASE_ATTACK, 0, 0, 1);
    assert_true(cards_has(g.hand[0], card("7H"))); /* a 7 that could not be added */
    assert_int_equal(cards_count(g.hand[1]), 11);
    /* first5 off: the same bout goes on */
    deal(&g, opts(2, TRANSFER, ALL, 0, 36), h, "AH", NULL);
    play_moves(&g, "play 6S; beat 7S 6S; play 6C; beat 7C 6C; play 6D; take; play 7D; play 6H");
    assert_turn(&g, DURAK_PHASE_TAKING, 0, 0, 1);
    assert_legal(&g, "play 7H | pass");
}

/* Never more attack cards than the defender held when their defence began: the
 * classic bug of throwing in more cards than the defender could answer. Six players,
 * stock empty from the start, three forfeit at once: three players with no stock. */
static void test_R9_no_more_than_the_defender_held(void **state)
{
    (void)state;
    durak_game g;
    const char *h[6] = { "9S 6H QC QD 8C 8D", "TS JC JD KC KD QS", "9C 9D TC TD 7S 7C" };
    deal(&g, opts(6, CLASSIC, ALL, 0, 36), h, NULL, NULL);
    resign_all(&g, "345");
    assert_turn(&g, DURAK_PHASE_ATTACK, 0, 0, 1);
    play_moves(&g, "play 9S; beat TS 9S");
    assert_int_equal(durak_actor(&g), 2); /* seat 0: no 9 or T */
    play_moves(&g, "play 9C; beat JC 9C; play 9D; beat JD 9D; play TC; beat KC TC;"
                   "play TD; beat KD TD");
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 2); /* nobody can throw in: beaten */
    assert_hand(&g, 1, "QS");
    assert_hand(&g, 2, "7S 7C");
    assert_int_equal(g.limit, 2); /* the defender holds 2 cards */
    play_moves(&g, "play QS");
    assert_false(durak_in_game(&g, 1)); /* R14: out at once */
    assert_legal(&g, "take");
    play_moves(&g, "take");
    assert_turn(&g, DURAK_PHASE_TAKING, 0, 1, 2);
    assert_legal(&g, "play QC | play QD | pass");
    play_moves(&g, "play QC"); /* 2 cards = limit: picked up */
    assert_turn(&g, DURAK_PHASE_ATTACK, 0, 0, 2);
    assert_hand(&g, 2, "7S QS 7C QC");
    assert_hand(&g, 0, "8C 8D QD 6H");
    assert_int_equal(g.limit, 4);
    assert_cards_accounted(&g);
}

/* ---- R10 neighbours ------------------------------------------------------------------- */

/* 4 players: the seat opposite the defender may not add cards. */
static void test_R10_neighbours_four_players(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S JD 6H 7C 7D 8C", "TS JC AS KS QS 8S", "7S 8D QC KC AC 6S",
                        "9D TC QD KD AD 8H" };
    deal(&g, opts(4, CLASSIC, ALL, 0, 36), h, "AH", NULL);
    play_moves(&g, "play 9S; beat TS 9S");
    assert_int_equal(durak_actor(&g), 3); /* all: seat 3 may */
    deal(&g, opts(4, CLASSIC, NEIGHBOURS, 0, 36), h, "AH", NULL);
    play_moves(&g, "play 9S; beat TS 9S");
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 2); /* neighbours: seat 3 may not */
    /* after a take too: seat 1 leads at seat 2; the neighbours are 1 and 3; seat 0
     * holds JD (and drew JS) but is never asked */
    play_moves(&g, "play JC; take");
    assert_turn(&g, DURAK_PHASE_ATTACK, 3, 3, 0);
    assert_true(cards_has(g.hand[0], card("JD")));
    assert_true(cards_has(g.hand[2], card("JC")));
}

/* 5 and 6 players: only the two neighbours; 3 players: everyone. */
static void test_R10_neighbours_five_six_three_players(void **state)
{
    (void)state;
    durak_game g;
    /* 5 players: 0 attacks 1; seats 3 and 4 hold 9s but are not neighbours */
    const char *h5[5] = { "9S 6H 7C 7D 8C 8D", "TS JC AS KS QS 8S", "7S QC KC AC 6S 6C",
                          "9D QD KD AD 8H 7H", "9C 9H JH QH KH AH" };
    deal(&g, opts(5, TRANSFER, NEIGHBOURS, 0, 36), h5, "TH", NULL);
    play_moves(&g, "play 9S; beat TS 9S");
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 2);
    deal(&g, opts(5, TRANSFER, ALL, 0, 36), h5, "TH", NULL);
    play_moves(&g, "play 9S; beat TS 9S");
    assert_int_equal(durak_actor(&g), 3);
    /* 6 players: seats 3, 4 and 5 hold 9s and Ts but are not neighbours of 1 */
    const char *h6[6] = { "9S 6H 7C 7D 8C 8D", "TS JC AS KS QS 8S", "7S QC KC AC 6S 6C",
                          "9D QD KD AD 8H 7H", "9C TC 6D TD JD JS", "9H TH JH QH KH AH" };
    deal(&g, opts(6, CLASSIC, NEIGHBOURS, 0, 36), h6, NULL, NULL);
    play_moves(&g, "play 9S; beat TS 9S");
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 2);
    deal(&g, opts(6, CLASSIC, ALL, 0, 36), h6, NULL, NULL);
    play_moves(&g, "play 9S; beat TS 9S");
    assert_int_equal(durak_actor(&g), 3);
    /* 3 players: the player after the defender is the attacker's other neighbour */
    const char *h3[] = { "9S 6H 7C 7D 8C 8D", "TS JC AS KS QS 8S", "9D QD KD AD 8H 7H" };
    deal(&g, opts(3, CLASSIC, NEIGHBOURS, 0, 36), h3, "AH", NULL);
    play_moves(&g, "play 9S; beat TS 9S");
    assert_int_equal(durak_actor(&g), 2);
}

/* After a transfer the neighbours are those of the new defender. */
static void test_R10_neighbours_follow_transfer(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S 6H TD 7D 8C 8D", "9C JC AS KS QS 8S", "TS TC KC AC 6S 7C",
                        "9D QD KD AD 8H 7H" };
    deal(&g, opts(4, TRANSFER, NEIGHBOURS, 0, 36), h, "AH", NULL);
    play_moves(&g, "play 9S; transfer 9C");
    assert_turn(&g, DURAK_PHASE_DEFEND, 2, 1, 2);
    play_moves(&g, "beat TS 9S; beat TC 9C");
    /* neighbours of 2 are 1 (main attacker) and 3; seat 0 is out of it now */
    assert_turn(&g, DURAK_PHASE_THROWIN, 3, 1, 2); /* 1 has no 9 or T: skipped */
    play_moves(&g, "pass");                        /* seat 0 holds TD: not asked */
    assert_turn(&g, DURAK_PHASE_ATTACK, 2, 2, 3);
}

/* R10: the main attacker goes out mid-bout (the stock gone); the player now before the defender
 * takes their place: asked first to throw in, before the player after the defender. */
/* The four hands of the R10 test, all 24 cards dealt (no stock), seat 0 down to 9S 9C as after
 * earlier bouts. */
static void deal_main_attacker_low(durak_game *g, durak_options o)
{
    const char *h[] = { "9H 9S 9C JD QD KD", "TS TC JS JC QS QH", "9D TD KS KC AS AC",
                        "TH JH QC KH AD AH" };
    deal(g, o, h, NULL, NULL);
    cards_t gone = set_of("9H JD QD KD");
    g->hand[0] &= ~gone;
    g->known[0] &= ~gone;
    g->discard |= gone;
    g->seen_discard |= gone;
    assert_null(durak_validate(g));
}

static void test_R10_neighbours_main_attacker_out(void **state)
{
    (void)state;
    durak_game g;
    durak_options o = opts(4, CLASSIC, NEIGHBOURS, 0, 24);
    deal_main_attacker_low(&g, o);
    assert_turn(&g, DURAK_PHASE_ATTACK, 0, 0, 1);
    play_moves(&g, "play 9S; beat TS 9S; play 9C"); /* seat 0's last card: out */
    assert_false(durak_in_game(&g, 0));
    play_moves(&g, "beat TC 9C");
    assert_int_equal(durak_actor(&g), 3); /* now before the defender: first */
    play_moves(&g, "play TH; beat QH TH");
    assert_int_equal(durak_actor(&g), 3); /* after a cover, the order starts with 3 again */
    play_moves(&g, "pass");
    assert_int_equal(durak_actor(&g), 2); /* then the player after the defender */
    o.r10_old = 1; /* an older version's records: the order stayed at the seat gone out */
    deal_main_attacker_low(&g, o);
    play_moves(&g, "play 9S; beat TS 9S; play 9C; beat TC 9C");
    assert_int_equal(durak_actor(&g), 2);
    o.r10_old = 0;
    o.throwin = ALL; /* throw-in by all: clockwise from the main attacker who went out, as ever */
    deal_main_attacker_low(&g, o);
    play_moves(&g, "play 9S; beat TS 9S; play 9C; beat TC 9C");
    assert_int_equal(durak_actor(&g), 2);
}

/* ---- R11 beaten ---------------------------------------------------------------------- */

static void test_R11_beaten_cards_leave_defender_leads(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S 6H 7C 7D 8C 8D", "TS JC AS KS QS 8S" };
    deal(&g, opts(2, CLASSIC, ALL, 0, 36), h, "AH", "6S 6C");
    play_moves(&g, "play 9S; beat TS 9S"); /* seat 0 has no 9 or T */
    assert_cards(g.discard, "9S TS");
    assert_cards(g.seen_discard, "9S TS");
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 0);
    assert_int_equal(g.stock_len, 22);
    assert_true(cards_has(g.hand[0], card("6S"))); /* the leader drew first */
    assert_true(cards_has(g.hand[1], card("6C")));
    assert_cards_accounted(&g);
}

/* A defender who is out after covering: the next player after them attacks. */
static void test_R11_defender_out_next_attacks(void **state)
{
    (void)state;
    durak_game g;
    const char *h[6] = { "9S 6H QC QD 8C KS", "TS JC JD KC KD AS", "9C 9D TC TD 7S 7C" };
    deal(&g, opts(6, CLASSIC, ALL, 0, 36), h, NULL, NULL);
    resign_all(&g, "345");
    play_moves(&g, "play 9S; beat TS 9S; play 9C; beat JC 9C; play 9D; beat JD 9D;"
                   "play TC; beat KC TC; pass; play TD; beat KD TD");
    assert_turn(&g, DURAK_PHASE_THROWIN, 0, 0, 1); /* a K is on the table */
    play_moves(&g, "play KS; beat AS KS");         /* the defender's last card */
    assert_int_equal(g.nout, 1);
    assert_int_equal(g.out[0], 1);
    assert_turn(&g, DURAK_PHASE_ATTACK, 2, 2, 0);
}

/* ---- R12 take -------------------------------------------------------------------------- */

static void test_R12_take_throw_ins_in_order_then_pick_up(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S 9C 9D TD 6H 7C", "TS 8S 8D JS QS KS", "TC 7S 7D JC QC KC" };
    deal(&g, opts(3, CLASSIC, ALL, 0, 36), h, "AH", NULL);
    play_moves(&g, "play 9S; beat TS 9S; play 9C");
    assert_legal(&g, "take");
    play_moves(&g, "take");
    assert_turn(&g, DURAK_PHASE_TAKING, 0, 0, 1);
    assert_legal(&g, "play 9D | play TD | pass");
    refuse(&g, "beat TD 9C", DURAK_ERR_WRONG_PHASE);
    refuse(&g, "take", DURAK_ERR_WRONG_PHASE);
    play_moves(&g, "play 9D");
    assert_turn(&g, DURAK_PHASE_TAKING, 0, 0, 1); /* one at a time, same attacker */
    play_moves(&g, "pass");
    assert_turn(&g, DURAK_PHASE_TAKING, 2, 0, 1);
    play_moves(&g, "play TC");                    /* never back to seat 0 (TD) */
    assert_turn(&g, DURAK_PHASE_ATTACK, 2, 2, 0); /* the player after the defender */
    assert_true((g.hand[1] & set_of("9S TS 9C 9D TC")) == set_of("9S TS 9C 9D TC"));
    assert_true(g.known[1] == set_of("9S TS 9C 9D TC"));
    assert_int_equal(cards_count(g.hand[1]), 10);
    assert_int_equal(cards_count(g.hand[0]), 6); /* drew 3 */
    assert_int_equal(cards_count(g.hand[2]), 6);
    assert_true(g.discard == 0);
    durak_view v;
    durak_view_of(&g, 0, &v); /* everybody saw the pick-up */
    assert_true(v.pub.hand[1] == set_of("9S TS 9C 9D TC"));
    assert_int_equal(v.hand_count[1], 10);
}

/* Taking with uncovered cards after a transfer: all go to the new defender. */
static void test_R12_take_after_transfer(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S 9D 6H 7D 8C 8D", "9C 9H AS KS QS 8S", "TS TC KC AC 6S 7C" };
    deal(&g, opts(3, TRANSFER, ALL, 0, 36), h, "AH", NULL);
    play_moves(&g, "play 9S; transfer 9C; take");
    assert_turn(&g, DURAK_PHASE_TAKING, 1, 1, 2); /* 1 is main attacker now */
    assert_legal(&g, "play 9H | pass");
    play_moves(&g, "pass");
    assert_turn(&g, DURAK_PHASE_TAKING, 0, 1, 2); /* then clockwise: 0 */
    assert_legal(&g, "play 9D | pass");
    play_moves(&g, "pass");
    assert_turn(&g, DURAK_PHASE_ATTACK, 0, 0, 1);
    assert_true(g.known[2] == set_of("9S 9C"));
}

/* ---- R13 drawing ----------------------------------------------------------------------- */

/* The leader draws first, then clockwise, the defender last; the trump card last. */
static void test_R13_draw_order_and_trump_card_last(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S 9C 9H KS KC KD", "TS JC QC AS AD TD", "TC JS JD QD QS AC" };
    deal(&g, opts(3, CLASSIC, ALL, 0, 24), h, "AH", "9D TH JH QH KH");
    assert_int_equal(g.stock_len, 6);
    play_moves(&g, "play 9S; beat TS 9S; play 9C; beat JC 9C; pass; play TC; beat QC TC;"
                   "pass; play JS; beat AS JS; pass; pass");
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 2);
    assert_hand(&g, 0, "KS KC 9D KD 9H TH"); /* leader: 9D TH */
    assert_hand(&g, 2, "QS AC JD QD JH QH"); /* then 2: JH QH */
    assert_hand(&g, 1, "TD AD KH AH");       /* defender last: KH, trump AH */
    assert_int_equal(g.stock_len, 0);
    assert_int_equal(g.trump_owner, 1);
    assert_true(g.known[1] == card_bit(card("AH")));
    assert_cards_accounted(&g);
}

/* Transfer: the leader draws first, not the last to transfer; a leader who ended up
 * defending draws last. */
static void test_R13_leader_draws_first_after_transfer(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S 9H TS TC TD KS", "9C JS JC QS QC KC", "9D JD QD KD AS AC" };
    deal(&g, opts(3, TRANSFER, ALL, 0, 24), h, "AH", "AD TH JH QH KH");
    play_moves(&g, "play 9S; transfer 9C; transfer 9D");
    assert_turn(&g, DURAK_PHASE_DEFEND, 0, 2, 0); /* round the table to the leader */
    assert_int_equal(g.leader, 0);
    assert_legal(&g, "beat TS 9S | beat KS 9S | beat 9H 9S | beat TC 9C | beat 9H 9C |"
                     " beat TD 9D | beat 9H 9D | take | transfer 9H");
    play_moves(&g, "beat TS 9S; beat TC 9C; beat TD 9D");
    assert_turn(&g, DURAK_PHASE_ATTACK, 0, 0, 1); /* 1 and 2 had nothing: beaten */
    assert_hand(&g, 1, "JS QS JC QC KC AD");      /* clockwise from the leader: 1 */
    assert_hand(&g, 2, "AS AC JD QD KD TH");      /* then 2 */
    assert_hand(&g, 0, "KS 9H JH QH KH AH");      /* the leader, defending: last */
    assert_int_equal(g.trump_owner, 0);
}

static void test_R13_leader_draws_before_transferrer(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S 9H TS TC TD KS", "9C JS JC QS QC KC", "JD QD KD AS AC AD" };
    deal(&g, opts(3, TRANSFER, NEIGHBOURS, 0, 24), h, "AH", "9D TH JH QH KH");
    play_moves(&g, "play 9S; transfer 9C; take");
    assert_turn(&g, DURAK_PHASE_TAKING, 0, 1, 2); /* 1 has no 9: skipped; 0 has 9H */
    play_moves(&g, "pass");
    /* leader 0 (5 cards) draws 9D, then 1 (5 cards) draws TH; 2 took */
    assert_true(cards_has(g.hand[0], card("9D")));
    assert_true(cards_has(g.hand[1], card("TH")));
    assert_turn(&g, DURAK_PHASE_ATTACK, 0, 0, 1);
}

/* ---- R14 going out --------------------------------------------------------------------- */

/* Out at once when the stock is empty; out in the same bout: the same place. */
static void test_R14_out_at_once_and_shared_places(void **state)
{
    (void)state;
    durak_game g;
    const char *h[6] = { "6H 7S 7C 7D 8H 9S", "7H 8S 8C 8D 9H TS", "6S QC 6C 6D KD AS",
                         "QS KC AC QD AD TH" };
    deal(&g, opts(6, TRANSFER, ALL, 0, 36), h, NULL, NULL);
    resign_all(&g, "45");
    play_moves(&g, "play 6H; beat 7H 6H; play 7S; beat 8S 7S; play 7C; beat 8C 7C;"
                   "play 7D; beat 8D 7D; play 8H; beat 9H 8H; play 9S");
    assert_false(durak_in_game(&g, 0)); /* played the last card: out */
    assert_int_equal(g.nout, 1);
    assert_turn(&g, DURAK_PHASE_DEFEND, 1, 0, 1);
    play_moves(&g, "beat TS 9S");
    assert_int_equal(g.nout, 2);
    assert_int_equal(g.out[1], 1);
    assert_int_equal(g.out_place[0], 1);
    assert_int_equal(g.out_place[1], 1); /* the same bout: a shared place */
    assert_turn(&g, DURAK_PHASE_ATTACK, 2, 2, 3);
    play_moves(&g, "play 6S; beat QS 6S; play QC; beat KC QC; play 6C; beat AC 6C;"
                   "play 6D; beat QD 6D; play KD; beat AD KD; play AS; beat TH AS");
    assert_true(durak_over(&g));
    assert_int_equal(g.result, DURAK_RESULT_DRAW); /* R15: the last two together */
    assert_int_equal(g.nout, 4);
    assert_int_equal(g.out_place[2], 3);
    assert_int_equal(g.out_place[3], 3);
    assert_int_equal(g.forfeited, (1 << 4) | (1 << 5));
}

/* While the stock is not empty, an empty hand is not out (it will draw). */
static void test_R14_not_out_while_stock_left(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "8H 9H 7S 7C 7D 9S", "6H 7H 6S 6C 6D 8S" };
    deal(&g, opts(2, CLASSIC, ALL, 0, 36), h, "AH", NULL);
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 0);
    play_moves(&g, "play 6S; beat 7S 6S; play 6C; beat 7C 6C; play 6D; beat 7D 6D;"
                   "play 6H; beat 8H 6H; play 8S; beat 9S 8S; play 7H");
    assert_true(g.hand[1] == 0);
    assert_true(durak_in_game(&g, 1));
    assert_int_equal(g.nout, 0);
    play_moves(&g, "beat 9H 7H"); /* both empty, stock not */
    assert_int_equal(g.nout, 0);
    assert_int_equal(cards_count(g.hand[0]), 6);
    assert_int_equal(cards_count(g.hand[1]), 6);
    assert_int_equal(g.stock_len, 12);
    assert_turn(&g, DURAK_PHASE_ATTACK, 0, 0, 1);
}

/* ---- R15 end ------------------------------------------------------------------------------ */

/* Worked example 3: stock empty, 2 players; A attacks with the last card, B covers
 * with the last card: both out in the same bout, a draw. */
static void test_R15_worked_example_draw(void **state)
{
    (void)state;
    durak_game g;
    const char *h[6] = { "6H 7S 7C 7D 8H 9S", "7H 8S 8C 8D 9H 6S" };
    deal(&g, opts(6, CLASSIC, ALL, 0, 36), h, NULL, NULL);
    resign_all(&g, "2345");
    play_moves(&g, "play 6H; beat 7H 6H; play 7S; beat 8S 7S; play 7C; beat 8C 7C;"
                   "play 7D; beat 8D 7D; play 8H; beat 9H 8H; pass");
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 0);
    assert_hand(&g, 0, "9S");
    assert_hand(&g, 1, "6S");
    play_moves(&g, "play 6S"); /* A's last card */
    assert_false(durak_in_game(&g, 1));
    assert_false(durak_over(&g)); /* checked when the bout ends */
    play_moves(&g, "beat 9S 6S"); /* B's last card */
    assert_true(durak_over(&g));
    assert_int_equal(g.result, DURAK_RESULT_DRAW);
    assert_int_equal(durak_actor(&g), -1);
    assert_int_equal(g.out_place[0], g.out_place[1]);
    refuse(&g, "pass", DURAK_ERR_GAME_OVER);
    durak_action none[DURAK_MAX_ACTIONS];
    assert_int_equal(durak_legal(&g, none), 0);
}

/* The one left holding cards when the stock is empty is the durak. */
static void test_R15_durak(void **state)
{
    (void)state;
    durak_game g;
    const char *h[6] = { "6H 7S 7C 7D 8H 9S", "7H 8S 8C 8D 9H 6S" };
    deal(&g, opts(6, CLASSIC, NEIGHBOURS, 0, 36), h, NULL, NULL);
    resign_all(&g, "2345");
    play_moves(&g, "play 6H; beat 7H 6H; play 7S; beat 8S 7S; play 7C; beat 8C 7C;"
                   "play 7D; beat 8D 7D; play 8H; beat 9H 8H; play 9S");
    assert_legal(&g, "take");
    play_moves(&g, "take");
    assert_true(durak_over(&g));
    assert_int_equal(g.result, DURAK_RESULT_DURAK);
    assert_int_equal(g.result_seat, 1);
    assert_int_equal(g.nout, 1);
    refuse(&g, "play 6S", DURAK_ERR_GAME_OVER);
    assert_int_equal(durak_resign(&g, 1), DURAK_ERR_GAME_OVER);
}

/* ---- R16 repetition ------------------------------------------------------------------------ */

/* Three players, no stock: the same two cards go round by takes; when a bout starts
 * in a situation seen before with no card gone since, the game is a draw. */
static void test_R16_repetition_is_a_draw(void **state)
{
    (void)state;
    durak_game g;
    const char *h[6] = { "6S 6H 8S 8C 8D 9S", "TS TC TD JS JC JD", "7S QS QC QD KS KC" };
    deal(&g, opts(6, CLASSIC, ALL, 0, 36), h, NULL, NULL);
    resign_all(&g, "345"); /* cards left the game: history forgotten */
    static const char *const bouts[] = {
        "play 6S; take; pass", /* 0->1; seat 0 holds 6H: asked, passes */
        "play 7S; take",       /* 2->0 */
        "play 6S; take; pass", /* 1->2; seat 0 (6H) asked */
        "play 7S; take",       /* 0->1 */
        "play 6S; take",       /* 2->0 */
        "play 7S; take",       /* 1->2: back to the first situation */
    };
    static const int attackers[] = { 0, 2, 1, 0, 2, 1 };
    for (int b = 0; b < 6; b++) {
        assert_int_equal(g.attacker, attackers[b]);
        play_moves(&g, bouts[b]);
        assert_false(durak_over(&g));
    }
    assert_turn(&g, DURAK_PHASE_ATTACK, 0, 0, 1); /* as bout 1, which was not recorded */
    play_moves(&g, "play 6S; take; pass");        /* bout 8 would repeat bout 2: a draw */
    assert_true(durak_over(&g));
    assert_int_equal(g.result, DURAK_RESULT_DRAW);
    assert_int_equal(g.nout, 0);
}

/* A card leaving the game (beaten) forgets the situations seen. */
static void test_R16_history_forgotten_when_cards_leave(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S 6H 7C 7D 8C 8D", "TS JC AS KS QS 8S" };
    deal(&g, opts(2, CLASSIC, ALL, 0, 36), h, "AH", NULL);
    assert_int_equal(g.nhistory, 1);
    play_moves(&g, "play 9S; take"); /* no 9 to add: picked up */
    assert_int_equal(g.nhistory, 2);
    play_moves(&g, "play 7C; beat JC 7C; pass");
    assert_int_equal(g.nhistory, 1);
}

/* R16 names a situation: every hand, the attacker and the defender. The test keeps them
 * exactly (no hashing) to be sure that its own walk never repeats one. */
typedef struct {
    cards_t hand[DURAK_MAX_PLAYERS];
    int attacker, defender;
} situation;

static bool situation_seen(const situation *seen, int n, const durak_game *g)
{
    for (int i = 0; i < n; i++)
        if (seen[i].attacker == g->attacker && seen[i].defender == g->defender
            && memcmp(seen[i].hand, g->hand, sizeof seen[i].hand) == 0)
            return true;
    return false;
}

/* One bout of the walk: the attacker leads `c`, the defender takes, nobody adds. */
static void lead_and_take(durak_game *g, card_t c)
{
    durak_action lead = { DURAK_ACT_PLAY, c, CARD_NONE };
    durak_action take = { DURAK_ACT_TAKE, CARD_NONE, CARD_NONE };
    durak_action pass = { DURAK_ACT_PASS, CARD_NONE, CARD_NONE };
    assert_int_equal(durak_apply(g, lead), DURAK_OK);
    assert_int_equal(durak_apply(g, take), DURAK_OK);
    while (g->phase == DURAK_PHASE_TAKING)
        assert_int_equal(durak_apply(g, pass), DURAK_OK);
}

/* A cycle longer than any list of situations: three players take in turn, each bout
 * leading a card that makes a situation never seen before (no repetition ever), and
 * nobody runs out. The bound decides: after 128 bouts in a row with no card leaving
 * the game, the next bout does not begin and the game is a draw. */
static void test_R16_long_cycle_is_a_draw(void **state)
{
    (void)state;
    static situation seen[160];
    int nseen = 0;
    durak_game g;
    const char *h[6] = { "6S 6H 8S 8C 8D 9S", "TS TC TD JS JC JD", "7S QS QC QD KS KC" };
    deal(&g, opts(6, CLASSIC, ALL, 0, 36), h, NULL, NULL);
    resign_all(&g, "345"); /* cards leave during bout 1: it is not a quiet bout */
    for (int bout = 1; bout <= 129; bout++) {
        assert_false(durak_over(&g));
        assert_int_equal(g.nhistory, bout - 1);
        seen[nseen++] = (situation){ { g.hand[0], g.hand[1], g.hand[2] }, g.attacker, g.defender };
        card_t pick = CARD_NONE;
        for (cards_t c = g.hand[g.actor]; c && pick == CARD_NONE; c &= c - 1) {
            durak_game next = g;
            lead_and_take(&next, cards_first(c));
            if (cards_count(next.hand[g.attacker]) > 1 && !situation_seen(seen, nseen, &next))
                pick = cards_first(c);
        }
        assert_true(pick != CARD_NONE);
        lead_and_take(&g, pick);
    }
    /* bouts 2..129 were quiet: bout 130 does not begin */
    assert_true(durak_over(&g));
    assert_int_equal(g.result, DURAK_RESULT_DRAW);
    assert_int_equal(g.result_seat, 0xFF);
    assert_int_equal(g.nout, 0);
    assert_int_equal(g.bouts, 129);
    assert_cards_accounted(&g);
}

/* A forfeit by a player with no cards (the stock not empty yet) discards nothing: no
 * card left the game, the situations seen stay. */
static void test_R16_empty_handed_forfeit_keeps_history(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "6H 6S 7S 8S 9S TS", "7H 8H 9H TH JH QH", NULL };
    deal(&g, opts(3, CLASSIC, ALL, 0, 36), h, "AH", NULL);
    play_moves(&g, "play 6S; beat 7H 6S; play 7S; beat 8H 7S; play 8S; beat 9H 8S;"
                   "play 9S; beat TH 9S; play TS; beat JH TS; play 6H");
    assert_true(g.hand[0] == 0 && durak_in_game(&g, 0) && g.stock_len > 0);
    assert_int_equal(g.nhistory, 1);
    assert_int_equal(durak_resign(&g, 0), DURAK_OK);
    assert_int_equal(g.nhistory, 1);
    assert_turn(&g, DURAK_PHASE_DEFEND, 1, 2, 1); /* R18: seat 2 is now the main attacker */
    play_moves(&g, "beat QH 6H");                 /* the limit: beaten, cards leave */
    assert_int_equal(g.nhistory, 1);              /* forgotten, then the new bout */
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 2);
}

/* ---- R17 transfer --------------------------------------------------------------------------- */

/* Transfer is open only while a card of the attack's rank may be in the defender's hand, by what
 * everyone sees: with all four sevens on the table, it is not, whatever the counts allow. */
static void test_R17_open_needs_an_unseen_card_of_the_rank(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "6H 7S 7D 8S 9S TS", "7C 8C 9C TC JC QC", "7H 8D 9D TD JD QD" };
    deal(&g, opts(3, TRANSFER, ALL, 0, 36), h, "AH", NULL);
    play_moves(&g, "play 7S; transfer 7C");
    assert_true(durak_transfer_open(&g)); /* 7H and 7D unseen: seat 2 may hold one */
    play_moves(&g, "transfer 7H; transfer 7D");
    assert_turn(&g, DURAK_PHASE_DEFEND, 1, 0, 1);
    assert_int_equal(cards_count(g.hand[2]), 5); /* the count alone would allow it */
    assert_false(durak_transfer_open(&g));
}

/* Worked example 1: 2 players, transfer. */
static void test_R17_worked_example_two_players(void **state)
{
    (void)state;
    durak_game g;
    /* trump diamonds; A (seat 0) holds the lowest trump 7D */
    const char *h[] = { "7S 7D 8S 9H KC AC", "7H 8C 9C TC JD QS" };
    deal(&g, opts(2, TRANSFER, ALL, 0, 36), h, "AD", NULL);
    assert_turn(&g, DURAK_PHASE_ATTACK, 0, 0, 1);
    play_moves(&g, "play 7S");
    assert_legal(&g, "beat QS 7S | beat JD 7S | take | transfer 7H");
    play_moves(&g, "transfer 7H"); /* A holds 5 >= 2 */
    assert_turn(&g, DURAK_PHASE_DEFEND, 0, 1, 0);
    assert_int_equal(g.leader, 0);
    assert_int_equal(g.limit, 5); /* A holds 5 now */
    assert_legal(&g, "beat 8S 7S | beat 7D 7S | beat 7D 7H | beat 9H 7H | take | transfer 7D");
    refuse(&g, "transfer 8S", DURAK_ERR_TRANSFER_RANK);
    refuse(&g, "transfer 7C", DURAK_ERR_NOT_IN_HAND);
    refuse(&g, "play 8S", DURAK_ERR_WRONG_PHASE);
    {
        durak_game cover = g; /* once covered: no transfer */
        play_moves(&cover, "beat 8S 7S");
        assert_turn(&cover, DURAK_PHASE_DEFEND, 0, 1, 0);
        refuse(&cover, "transfer 7D", DURAK_ERR_TRANSFER_COVERED);
        assert_legal(&cover, "beat 7D 7H | beat 9H 7H | take");
        play_moves(&cover, "beat 9H 7H");
        assert_turn(&cover, DURAK_PHASE_THROWIN, 1, 1, 0);
    }
    play_moves(&g, "transfer 7D"); /* a trump too; B holds 5 >= 3 */
    assert_turn(&g, DURAK_PHASE_DEFEND, 1, 0, 1);
    assert_int_equal(g.nattack, 3);
    assert_legal(&g, "beat QS 7S | beat JD 7S | beat JD 7D | beat JD 7H | take");
    play_moves(&g, "take"); /* nobody holds a 7: picked up */
    assert_turn(&g, DURAK_PHASE_ATTACK, 0, 0, 1);
    assert_true(g.known[1] == set_of("7S 7D 7H"));
    assert_cards_accounted(&g);
}

/* A transfer is refused in the classic variant, and without a card of the rank. */
static void test_R17_transfer_needs_variant_and_rank(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "7S 7D 8S 9H KC AC", "7H 8C 9C TC JD QS" };
    deal(&g, opts(2, CLASSIC, ALL, 0, 36), h, "AD", NULL);
    play_moves(&g, "play 7S");
    refuse(&g, "transfer 7H", DURAK_ERR_NOT_TRANSFER_VARIANT);
    assert_legal(&g, "beat QS 7S | beat JD 7S | take");
    deal(&g, opts(2, TRANSFER, ALL, 0, 36), h, "AD", NULL);
    play_moves(&g, "play KC");
    refuse(&g, "transfer 7H", DURAK_ERR_TRANSFER_RANK); /* B holds no K */
    refuse(&g, "transfer QS", DURAK_ERR_TRANSFER_RANK);
    refuse(&g, "transfer KC", DURAK_ERR_NOT_IN_HAND);
    assert_legal(&g, "beat JD KC | take");
}

/* Never to a player who could not answer: the next player holds 1 card, 2 needed. */
static void test_R17_transfer_to_too_few_cards_refused(void **state)
{
    (void)state;
    durak_game g;
    const char *h[6] = { "9S 9C 9D TC TD 6H", "TS QC KC QD KD 7S", "7C 8S 8C 8D JS JC" };
    deal(&g, opts(6, TRANSFER, ALL, 0, 36), h, NULL, NULL);
    resign_all(&g, "345");
    play_moves(&g, "play 9S; beat TS 9S; play 9C; beat QC 9C; play TC; beat KC TC;"
                   "play 9D; beat QD 9D; play TD; beat KD TD");
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 2);
    assert_hand(&g, 0, "6H");
    play_moves(&g, "play 7S"); /* seat 1 is out */
    assert_turn(&g, DURAK_PHASE_DEFEND, 2, 1, 2);
    refuse(&g, "transfer 7C", DURAK_ERR_TRANSFER_TOO_MANY);
    assert_legal(&g, "beat 8S 7S | beat JS 7S | take");
}

/* Nobody to pass to: the attacker went out with their last card and the defender is the last
 * one in the game. Refused with its own reason, not as a new defender with too few cards. */
static void test_R17_transfer_with_nobody_left_refused(void **state)
{
    (void)state;
    durak_game g;
    const char *h[6] = { "9S 9C 9D TC TD 7H", "TS QC KC QD KD 7S" };
    deal(&g, opts(6, TRANSFER, ALL, 0, 36), h, NULL, NULL);
    resign_all(&g, "2345");
    play_moves(&g, "play 9S; beat TS 9S; play 9C; beat QC 9C; play TC; beat KC TC;"
                   "play 9D; beat QD 9D; play TD; beat KD TD");
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 0);
    play_moves(&g, "play 7S"); /* seat 1 is out: seat 0 alone still holds cards */
    assert_turn(&g, DURAK_PHASE_DEFEND, 0, 1, 0);
    refuse(&g, "transfer 7H", DURAK_ERR_TRANSFER_NOBODY);
    assert_legal(&g, "beat 7H 7S | take"); /* hearts are trumps in this deal */
}

/* The new defender's limit (R9) is their hand: a take with 2 attack cards on the table
 * and a 2-card defender is picked up at once, though seat 1 still holds a 7. */
static void test_R17_transfer_recomputes_limit(void **state)
{
    (void)state;
    durak_game g;
    const char *h[6] = { "9S 9C 9D TC TD 6H", "TS QC KC QD 7S 7D", "7C 8S 8C 8D JS JC" };
    deal(&g, opts(6, TRANSFER, ALL, 0, 36), h, NULL, NULL);
    resign_all(&g, "345");
    play_moves(&g, "play 9S; beat TS 9S; play 9C; beat QC 9C; play TC; beat KC TC;"
                   "play 9D; beat QD 9D");
    assert_turn(&g, DURAK_PHASE_THROWIN, 0, 0, 1); /* TD is throwable */
    play_moves(&g, "pass");
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 2);
    assert_hand(&g, 0, "TD 6H");
    play_moves(&g, "play 7S");
    assert_legal(&g, "beat 8S 7S | beat JS 7S | take | transfer 7C");
    play_moves(&g, "transfer 7C");
    assert_turn(&g, DURAK_PHASE_DEFEND, 0, 2, 0);
    assert_int_equal(g.limit, 2);
    refuse(&g, "transfer 6H", DURAK_ERR_TRANSFER_RANK);
    play_moves(&g, "take"); /* full: picked up at once */
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 2);
    assert_hand(&g, 0, "7S 7C TD 6H");
    assert_true(cards_has(g.hand[1], card("7D")));
}

/* With 4 players, a transfer chain; the last transferrer is the main attacker. */
static void test_R17_transfer_chain_four_players(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S 6H JS 7D 8C 8D", "9C JC AS KS QS 8S", "9D TC KC AC 6S 7C",
                        "9H QD KD AD 8H 7H" };
    deal(&g, opts(4, TRANSFER, ALL, 1, 36), h, "AH", NULL);
    play_moves(&g, "play 9S; transfer 9C; transfer 9D");
    assert_turn(&g, DURAK_PHASE_DEFEND, 3, 2, 3);
    assert_int_equal(g.leader, 0);
    assert_int_equal(g.limit, 5);  /* first5: still 5 */
    play_moves(&g, "transfer 9H"); /* to seat 0, holding 5 >= 4 */
    assert_turn(&g, DURAK_PHASE_DEFEND, 0, 3, 0);
    assert_int_equal(g.nattack, 4);
    assert_legal(&g, "beat JS 9S | beat 6H 9S | beat 6H 9C | beat 6H 9D | take");
    play_moves(&g, "take"); /* no 9 left to add: picked up */
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 2);
    assert_true((g.hand[0] & set_of("9S 9C 9D 9H")) == set_of("9S 9C 9D 9H"));
    assert_true(g.known[0] == set_of("9S 9C 9D 9H"));
}

/* ---- R18 forfeit ------------------------------------------------------------------------------ */

/* A leaving defender ends the bout; the table is discarded; the player after attacks. */
static void test_R18_defender_leaves(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S 6H 7C 7D 8C 8D", "TS JC AS KS QS 8S", "9D TC QD KD AD 7H" };
    deal(&g, opts(3, CLASSIC, ALL, 0, 36), h, "AH", NULL);
    play_moves(&g, "play 9S");
    assert_int_equal(durak_resign(&g, 1), DURAK_OK);
    assert_turn(&g, DURAK_PHASE_ATTACK, 2, 2, 0);
    assert_true(cards_has(g.discard, card("9S")));
    assert_true(cards_has(g.seen_discard, card("9S")));
    assert_true((g.discard & set_of("TS JC AS KS QS 8S")) == set_of("TS JC AS KS QS 8S"));
    assert_true((g.seen_discard & set_of("TS JC AS KS QS 8S")) == 0); /* unseen */
    assert_true(g.hand[1] == 0 && g.known[1] == 0);
    assert_int_equal(g.forfeited, 1 << 1);
    assert_int_equal(g.nout, 0);                 /* a forfeit is not a place */
    assert_int_equal(cards_count(g.hand[0]), 6); /* drew after the bout */
    assert_int_equal(durak_resign(&g, 1), DURAK_ERR_BAD_SEAT);
    assert_int_equal(durak_resign(&g, 3), DURAK_ERR_BAD_SEAT);
    assert_cards_accounted(&g);
}

/* A leaving main attacker is replaced by the player now before the defender and the bout
 * goes on (R18): the seat asked to throw in keeps the turn; the order then follows the
 * new main attacker. */
static void test_R18_main_attacker_leaves(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S JD 6H 7C 7D 8C", "TS JC AS KS QS 8S", "9D 7S 8D QC KC AC",
                        "TC QD KD AD 8H 7H" };
    deal(&g, opts(4, CLASSIC, ALL, 0, 36), h, "AH", NULL);
    play_moves(&g, "play 9S; beat TS 9S");
    assert_turn(&g, DURAK_PHASE_THROWIN, 2, 0, 1);
    assert_int_equal(durak_resign(&g, 0), DURAK_OK);
    assert_int_equal(g.attacker, 3);      /* the seat before defender 1 */
    assert_int_equal(durak_actor(&g), 2); /* the bout goes on: seat 2 was asked */
    play_moves(&g, "pass");
    assert_int_equal(durak_actor(&g), 3); /* 3 has TC and has not passed */
    play_moves(&g, "pass");
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 2);
    /* in ATTACK: the leader leaves, the seat before the defender leads */
    assert_int_equal(durak_resign(&g, 1), DURAK_OK);
    assert_turn(&g, DURAK_PHASE_ATTACK, 3, 3, 2);
    assert_int_equal(g.leader, 3);
    play_moves(&g, "play TC");
    assert_turn(&g, DURAK_PHASE_DEFEND, 2, 3, 2);
}

/* Fewer than 2 players left: the remaining one wins; nobody is the durak. */
static void test_R18_last_player_wins(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S 6H 7C 7D 8C 8D", "TS JC AS KS QS 8S" };
    deal(&g, opts(2, TRANSFER, NEIGHBOURS, 1, 36), h, "AH", NULL);
    play_moves(&g, "play 9S");
    assert_int_equal(durak_resign(&g, 0), DURAK_OK);
    assert_true(durak_over(&g));
    assert_int_equal(g.result, DURAK_RESULT_WON);
    assert_int_equal(g.result_seat, 1);
    assert_int_equal(durak_actor(&g), -1);
    assert_int_equal(durak_resign(&g, 1), DURAK_ERR_GAME_OVER);
    refuse(&g, "take", DURAK_ERR_GAME_OVER);
}

/* The defender's leaving ends the game: the table is still discarded (R18). */
static void test_R18_defender_leaving_ends_game_table_discarded(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S 6H 7C 7D 8C 8D", "TS JC AS KS QS 8S" };
    deal(&g, opts(2, CLASSIC, ALL, 0, 36), h, "AH", NULL);
    play_moves(&g, "play 9S");
    assert_int_equal(durak_resign(&g, 1), DURAK_OK);
    assert_true(durak_over(&g));
    assert_int_equal(g.result, DURAK_RESULT_WON);
    assert_int_equal(g.result_seat, 0);
    assert_int_equal(g.nattack, 0);
    assert_true(durak_table_cards(&g) == 0);
    assert_true(cards_has(g.discard, card("9S")));
    assert_true(cards_has(g.seen_discard, card("9S")));
    assert_cards_accounted(&g);
}

/* The last player in the game leaves after the others went out: nobody remains, the
 * first player who went out is named the winner (R18). */
static void test_R18_last_player_leaves_first_out_wins(void **state)
{
    (void)state;
    durak_game g;
    const char *h[6] = { "6H 7S 7C 7D 8H 9S", "7H 8S 8C 8D 9H 6S" };
    deal(&g, opts(6, CLASSIC, ALL, 0, 36), h, NULL, NULL);
    resign_all(&g, "2345");
    play_moves(&g, "play 6H; beat 7H 6H; play 7S; beat 8S 7S; play 7C; beat 8C 7C;"
                   "play 7D; beat 8D 7D; play 8H; beat 9H 8H; pass; play 6S");
    assert_false(durak_in_game(&g, 1)); /* seat 1 led its last card: out */
    assert_turn(&g, DURAK_PHASE_DEFEND, 0, 1, 0);
    assert_int_equal(durak_resign(&g, 0), DURAK_OK);
    assert_true(durak_over(&g));
    assert_int_equal(g.result, DURAK_RESULT_WON);
    assert_int_equal(g.result_seat, 1);
    assert_int_equal(g.nout, 1);
    assert_cards_accounted(&g);
}

/* A non-defender who is not the actor leaves while the defender answers. */
static void test_R18_bystander_leaves(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S 6H 7C 7D 8C 8D", "TS JC AS KS QS 8S", "9D TC QD KD AD 7H" };
    deal(&g, opts(3, TRANSFER, ALL, 0, 36), h, "AH", NULL);
    play_moves(&g, "play 9S");
    durak_game before = g;
    assert_int_equal(durak_resign(&g, 2), DURAK_OK);
    assert_turn(&g, DURAK_PHASE_DEFEND, 1, 0, 1);
    assert_true(g.nattack == before.nattack);
    /* the transfer now goes to seat 0 (seat 2 is gone) */
    refuse(&g, "transfer 8S", DURAK_ERR_TRANSFER_RANK);
    play_moves(&g, "beat TS 9S"); /* seat 0: no 9 or T: beaten */
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 0);
}

/* The thrower whose turn it is leaves: the turn moves on in R8 order. */
static void test_R18_thrower_leaves_turn_moves_on(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S JD 6H 7C 7D 8C", "TS JC AS KS QS 8S", "9D 7S 8D QC KC AC",
                        "TC QD KD AD 8H 7H" };
    deal(&g, opts(4, CLASSIC, ALL, 0, 36), h, "AH", NULL);
    play_moves(&g, "play 9S; beat TS 9S");
    assert_turn(&g, DURAK_PHASE_THROWIN, 2, 0, 1);
    assert_int_equal(durak_resign(&g, 2), DURAK_OK);
    assert_turn(&g, DURAK_PHASE_THROWIN, 3, 0, 1);
    assert_true((g.discard & set_of("9D 7S 8D QC KC AC")) == set_of("9D 7S 8D QC KC AC"));
    assert_true(g.seen_discard == 0); /* a hand nobody saw */
    play_moves(&g, "pass");
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 3); /* seat 2 is skipped as defender */
}

/* A defender who leaves while taking: the table is discarded, not picked up. */
static void test_R18_defender_leaves_while_taking(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S 9C 9D TD 6H 7C", "TS 8S 8D JS QS KS", "TC 7S 7D JC QC KC" };
    deal(&g, opts(3, TRANSFER, NEIGHBOURS, 0, 36), h, "AH", NULL);
    play_moves(&g, "play 9S; beat TS 9S; play 9C; take");
    assert_turn(&g, DURAK_PHASE_TAKING, 0, 0, 1);
    assert_int_equal(durak_resign(&g, 1), DURAK_OK);
    assert_cards(g.seen_discard, "9S TS 9C");
    assert_int_equal(cards_count(g.discard), 3 + 5); /* table + the 5 left in hand */
    assert_turn(&g, DURAK_PHASE_ATTACK, 2, 2, 0);    /* the player after the defender */
    assert_cards_accounted(&g);
}

/* A refused resign changes nothing. */
static void test_R18_refused_resign_changes_nothing(void **state)
{
    (void)state;
    durak_game g, before;
    const char *h[] = { "9S 6H 7C 7D 8C 8D", "TS JC AS KS QS 8S", "9D TC QD KD AD 7H" };
    deal(&g, opts(3, CLASSIC, ALL, 0, 36), h, "AH", NULL);
    assert_int_equal(durak_resign(&g, 2), DURAK_OK);
    before = g;
    assert_int_equal(durak_resign(&g, 2), DURAK_ERR_BAD_SEAT);
    assert_int_equal(durak_resign(&g, 3), DURAK_ERR_BAD_SEAT);
    assert_int_equal(durak_resign(&g, -1), DURAK_ERR_BAD_SEAT);
    assert_memory_equal(&before, &g, sizeof g);
    assert_int_equal(durak_resign(&g, 0), DURAK_OK);
    assert_int_equal(g.result, DURAK_RESULT_WON);
    before = g;
    assert_int_equal(durak_resign(&g, 1), DURAK_ERR_GAME_OVER);
    assert_memory_equal(&before, &g, sizeof g);
}

/* ---- R19 teams of two ------------------------------------------------------------------------ */

static durak_options team_opts(int players, int variant, int throwin, int deck)
{
    durak_options o = opts(players, variant, throwin, 0, deck);
    o.teams = 1;
    return o;
}

/* 4 players, 24 cards (no stock), hearts trump, seat 0 leads (9H). Seat 3 (seat 1's
 * partner) holds 9s, Ts, Qs and Ks that it could throw in but never may. */
static const char *const team_hands[] = { "9H 9S 9C AS AC AD", "QS QC TH KS KC KD",
                                          "TS TC QD JS JC JD", "9D TD JH QH KH AH" };

/* The first bout: 0 and 2 attack 1, who covers all six cards and is out; 2 attacks 3. */
static void team_game_seat_1_out(durak_game *g, int variant)
{
    deal(g, team_opts(4, variant, ALL, 24), team_hands, NULL, NULL);
    assert_turn(g, DURAK_PHASE_ATTACK, 0, 0, 1);
    play_moves(g, "play 9S; beat QS 9S; play 9C; beat QC 9C; play 9H; beat TH 9H");
    assert_int_equal(durak_actor(g), 2);
    play_moves(g, "play TS; beat KS TS; play TC; beat KC TC; play QD; beat KD QD");
    assert_int_equal(g->nout, 1);
    assert_int_equal(g->out[0], 1);
    assert_turn(g, DURAK_PHASE_ATTACK, 2, 2, 3);
}

static void test_R19_options_and_partners(void **state)
{
    (void)state;
    durak_game g;
    assert_null(durak_check_options(&(durak_options){
        .players = 4, .variant = CLASSIC, .throwin = ALL, .first5 = 0, .deck = 36, .teams = 1 }));
    assert_null(durak_check_options(&(durak_options){ .players = 6,
                                                      .variant = TRANSFER,
                                                      .throwin = NEIGHBOURS,
                                                      .first5 = 1,
                                                      .deck = 36,
                                                      .teams = 1 }));
    for (int p = 2; p <= 5; p += p == 3 ? 2 : 1)
        assert_string_equal(
            durak_check_options(&(durak_options){ .players = (uint8_t)p, .deck = 36, .teams = 1 }),
            "teams need 4 or 6 players");
    assert_non_null(durak_check_options(&(durak_options){
        .players = 4, .variant = CLASSIC, .throwin = ALL, .first5 = 0, .deck = 36, .teams = 2 }));
    assert_true(durak_new(
        &g,
        &(durak_options){
            .players = 6, .variant = CLASSIC, .throwin = ALL, .first5 = 0, .deck = 36, .teams = 1 },
        7));
    const int partner6[] = { 3, 4, 5, 0, 1, 2 };
    for (int s = 0; s < 6; s++) {
        assert_int_equal(durak_partner(&g, s), partner6[s]);
        assert_int_equal(durak_team_of(&g, s), s % 3);
    }
    assert_int_equal(durak_team_count(&g.opt), 3);
    deal(&g, team_opts(4, CLASSIC, ALL, 24), team_hands, NULL, NULL);
    assert_int_equal(durak_partner(&g, 1), 3);
    assert_int_equal(durak_team_of(&g, 2), 0);
    assert_int_equal(durak_losing_team(&g), -1);
    deal(&g, opts(4, CLASSIC, ALL, 0, 24), team_hands, NULL, NULL);
    assert_int_equal(durak_partner(&g, 1), -1);
    assert_int_equal(durak_team_of(&g, 3), 3); /* without teams, every seat is a team */
}

/* R8, R12: the defender's partner is never asked, covering or taking. */
static void test_R19_partner_never_throws_in(void **state)
{
    (void)state;
    durak_game g;
    deal(&g, team_opts(4, CLASSIC, ALL, 24), team_hands, NULL, NULL);
    play_moves(&g, "play 9S; beat QS 9S; pass; pass"); /* 0, 2 pass; 3 holds QH, is 1's partner */
    assert_turn(&g, DURAK_PHASE_ATTACK, 1, 1, 2);
    deal(&g, team_opts(4, CLASSIC, ALL, 24), team_hands, NULL, NULL);
    play_moves(&g, "play 9S; take; pass"); /* 3 holds 9D: never asked */
    assert_turn(&g, DURAK_PHASE_ATTACK, 2, 2, 3);
    assert_true(cards_has(g.hand[3], card("9D")));
    /* without teams seat 3 is asked both times */
    deal(&g, opts(4, CLASSIC, ALL, 0, 24), team_hands, NULL, NULL);
    play_moves(&g, "play 9S; take; pass");
    assert_turn(&g, DURAK_PHASE_TAKING, 3, 0, 1);
    /* neighbours: with seat 1 out, seat 0 defends (after 3 leads) and its partner 2 sits
     * before it; only the main attacker 3 may add */
    deal(&g, team_opts(4, CLASSIC, NEIGHBOURS, 24), team_hands, NULL, NULL);
    play_moves(&g, "play 9S; beat QS 9S; play 9C; beat QC 9C; play 9H; beat TH 9H");
    play_moves(&g, "play TS; beat KS TS; play TC; beat KC TC; play QD; beat KD QD");
    play_moves(&g, "play JS; beat QH JS; pass");
    assert_turn(&g, DURAK_PHASE_ATTACK, 3, 3, 0);
    play_moves(&g, "play 9D; beat AD 9D");
    assert_int_equal(durak_actor(&g), 3); /* AH: the main attacker may add */
}

/* R11: the defender leads and the next player is their partner: skipped. */
static void test_R19_partner_skipped_at_bout_start(void **state)
{
    (void)state;
    durak_game g;
    team_game_seat_1_out(&g, CLASSIC);
    play_moves(&g, "play JS; beat QH JS; pass"); /* 0 holds no J or Q */
    assert_turn(&g, DURAK_PHASE_ATTACK, 3, 3, 0);
    play_moves(&g, "play 9D; beat AD 9D; pass");  /* 2, 0's partner, is not asked */
    assert_turn(&g, DURAK_PHASE_ATTACK, 0, 0, 3); /* 1 out, 2 is 0's partner: 3 defends */
    assert_null(durak_validate(&g));
}

/* R12: after a take the player after the defender attacks, never their partner. */
static void test_R19_partner_skipped_after_take(void **state)
{
    (void)state;
    durak_game g;
    team_game_seat_1_out(&g, CLASSIC);
    play_moves(&g, "play JS; take; pass");
    assert_turn(&g, DURAK_PHASE_ATTACK, 0, 0, 3); /* 0 attacks; 2 is skipped: 3 again */
    assert_true(cards_has(g.hand[3], card("JS")));
}

/* R17: a transfer goes past the transferring defender's partner. */
static void test_R19_partner_skipped_after_transfer(void **state)
{
    (void)state;
    durak_game g;
    team_game_seat_1_out(&g, TRANSFER);
    play_moves(&g, "play JS; beat QH JS; pass");
    assert_turn(&g, DURAK_PHASE_ATTACK, 3, 3, 0);
    play_moves(&g, "play AH");
    assert_legal(&g, "take | transfer AS | transfer AC | transfer AD");
    play_moves(&g, "transfer AS");
    assert_turn(&g, DURAK_PHASE_DEFEND, 3, 0, 3); /* back to 3, never 0's partner 2 */
    assert_null(durak_validate(&g));
}

/* R15 in teams: the durak's team loses (seat 1, out first, loses with its partner 3),
 * and the other team won. */
static void test_R19_durak_team_loses_other_team_wins(void **state)
{
    (void)state;
    durak_game g;
    team_game_seat_1_out(&g, CLASSIC);
    play_moves(&g, "play JS; beat QH JS; play JC; beat KH JC; play JD; beat AH JD");
    assert_int_equal(durak_actor(&g), 0); /* 2 is out; 0 throws in */
    play_moves(&g, "play AS; beat JH AS; play AC; take; play AD");
    assert_true(durak_over(&g));
    assert_int_equal(g.result, DURAK_RESULT_DURAK);
    assert_int_equal(g.result_seat, 3);
    assert_int_equal(durak_losing_team(&g), 1);
    assert_true(durak_seat_lost(&g, 1) && durak_seat_lost(&g, 3));
    assert_false(durak_seat_lost(&g, 0) || durak_seat_lost(&g, 2));
    assert_null(durak_validate(&g));
    assert_cards_accounted(&g);
}

/* Everyone left on one team: the game ends at the next bout, that team loses. */
static void test_R19_one_team_left_ends_the_game(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9H 9S 9C TS TC TD", "TH 9D KS KC AS AC", "JS JC JD QS QC QD",
                        "QH JH KD KH AD AH" };
    deal(&g, team_opts(4, CLASSIC, ALL, 24), h, NULL, NULL);
    play_moves(&g, "play 9S; beat TH 9S; play 9C; take; play 9H; play TS; play TC; play TD");
    assert_turn(&g, DURAK_PHASE_ATTACK, 2, 2, 3); /* 0 is out; 1 took */
    play_moves(&g, "play JS; beat QH JS; play JC; take; play JD; play QS; play QC");
    assert_false(durak_over(&g));
    play_moves(&g, "play QD"); /* 2 is out: only 1 and 3 are left, partners */
    assert_true(durak_over(&g));
    assert_int_equal(g.result, DURAK_RESULT_TEAM_LOST);
    assert_int_equal(durak_losing_team(&g), 1);
    assert_true(durak_seat_lost(&g, 3) && !durak_seat_lost(&g, 0));
    assert_int_equal(cards_count(g.hand[1]), 12);
    assert_null(durak_validate(&g));
    assert_cards_accounted(&g);
}

/* Seats 1 and 3 lost at once, mid-bout (R19): the table went to the discard. */
static void assert_team_1_lost_at_once(const durak_game *g)
{
    assert_true(durak_over(g));
    assert_int_equal(g->result, DURAK_RESULT_TEAM_LOST);
    assert_int_equal(durak_losing_team(g), 1);
    assert_true(durak_seat_lost(g, 1) && durak_seat_lost(g, 3));
    assert_int_equal(g->nattack, 0);
    assert_null(durak_validate(g));
    assert_cards_accounted(g);
}

/* "As soon as" (R19): the attacker's team goes out with 2's last card, mid-bout. Seats 1 and 3,
 * partners, are all that is left, so 3 does not answer the queen: the game ends there, the
 * table goes to the discard, and that team loses. */
static void test_R19_one_team_left_mid_bout(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9H 9S 9C TS TC TD", "TH 9D KS KC AS AC", "JS JC JD QS QC QD",
                        "QH JH KD KH AD AH" };
    deal(&g, team_opts(4, CLASSIC, ALL, 24), h, NULL, NULL);
    play_moves(&g, "play 9S; beat TH 9S; play 9C; take; play 9H; play TS; play TC; play TD");
    play_moves(&g, "play JS; beat QH JS; play JC; beat JH JC; play JD; beat KD JD; play QS; "
                   "beat KH QS; play QC; beat AH QC");
    assert_false(durak_over(&g));
    play_moves(&g, "play QD");
    assert_team_1_lost_at_once(&g);
    assert_true(cards_has(g.discard, card("QD")));
}

/* R17, R19: a defender, last of their team, transfers with their last card. The next opponent
 * would be the attacker's partner, answering their partner's card: the game ends instead. */
static void test_R19_last_card_transfer_ends_team_game(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9S 9C JC KC JD AD", "TS QS KS QC TH JH", "JS AS AC QD 9H AH",
                        "TC 9D TD KD KH QH" };
    deal(&g, team_opts(4, TRANSFER, ALL, 24), h, NULL, NULL);
    play_moves(&g, "play JS; beat KH JS; play KC; take; play JC; play JD; play 9S; take; play 9C; "
                   "play 9H; play AH; take; play AC; play AS; play AD; play QS");
    assert_turn(&g, DURAK_PHASE_DEFEND, 2, 1, 2);
    assert_int_equal(cards_count(g.hand[2]), 1);
    assert_false(durak_in_game(&g, durak_partner(&g, 2))); /* seat 0 went out */
    play_moves(&g, "transfer QD");
    assert_team_1_lost_at_once(&g);
}

/* R15: the last players run out in the same bout: a draw for every team. */
static void test_R19_draw_for_all(void **state)
{
    (void)state;
    durak_game g;
    const char *h[] = { "9H JS JC JD QD AC", "JH QH KH AH AS AD", "9S 9C 9D TS TC TD",
                        "QS QC KS KC KD TH" };
    deal(&g, team_opts(4, CLASSIC, ALL, 24), h, NULL, NULL);
    play_moves(&g, "play 9H; beat JH 9H; play JS; beat AS JS; play JC; beat QH JC; play JD; "
                   "beat AD JD; play QD; beat KH QD; play AC; beat AH AC");
    assert_turn(&g, DURAK_PHASE_ATTACK, 2, 2, 3);
    play_moves(&g, "play 9S; beat QS 9S; play 9C; beat QC 9C; play 9D; beat TH 9D; play TS; "
                   "beat KS TS; play TC; beat KC TC; play TD; beat KD TD");
    assert_true(durak_over(&g));
    assert_int_equal(g.result, DURAK_RESULT_DRAW);
    assert_int_equal(durak_losing_team(&g), -1);
    for (int s = 0; s < 4; s++)
        assert_false(durak_seat_lost(&g, s));
}

/* R18 in teams: any forfeit ends the game at once; the forfeiter's team loses. */
static void test_R19_forfeit_ends_team_game(void **state)
{
    (void)state;
    durak_game g;
    deal(&g, team_opts(4, CLASSIC, ALL, 24), team_hands, NULL, NULL);
    play_moves(&g, "play 9S");
    assert_int_equal(durak_resign(&g, 2), DURAK_OK); /* a bystander of the bout */
    assert_true(durak_over(&g));
    assert_int_equal(g.result, DURAK_RESULT_TEAM_LOST);
    assert_int_equal(g.result_seat, 2);
    assert_int_equal(durak_losing_team(&g), 0);
    assert_true(durak_seat_lost(&g, 0) && !durak_seat_lost(&g, 1));
    assert_int_equal(g.nattack, 0);
    assert_true(cards_has(g.discard, card("9S")));
    assert_null(durak_validate(&g));
    assert_cards_accounted(&g);
    assert_int_equal(durak_resign(&g, 1), DURAK_ERR_GAME_OVER);
    assert_true(durak_new(&g,
                          &(durak_options){ .players = 6,
                                            .variant = TRANSFER,
                                            .throwin = ALL,
                                            .first5 = 0,
                                            .deck = 36,
                                            .teams = 1 },
                          3));
    assert_int_equal(durak_resign(&g, 4), DURAK_OK);
    assert_int_equal(durak_losing_team(&g), 1);
    assert_null(durak_validate(&g));
}

/* The one-line form keeps teams (D2) and writes a game without them as before (D1). */
static void test_R19_serialized_as_D2(void **state)
{
    (void)state;
    durak_game g, back;
    char line[DURAK_SERIAL_MAX], again[DURAK_SERIAL_MAX];
    team_game_seat_1_out(&g, TRANSFER);
    assert_true(durak_serialize(&g, line, sizeof line) > 0);
    assert_memory_equal(line, "D2 4,1,0,0,24,1 ", 16);
    assert_null(durak_restore(&back, line));
    assert_int_equal(back.opt.teams, 1);
    durak_serialize(&back, again, sizeof again);
    assert_string_equal(line, again);
    deal(&g, opts(4, CLASSIC, ALL, 0, 24), team_hands, NULL, NULL);
    durak_serialize(&g, line, sizeof line);
    assert_memory_equal(line, "D1 4,0,0,0,24 ", 14);
    /* a team game whose defender is the attacker's partner is refused */
    team_game_seat_1_out(&g, CLASSIC);
    g.defender = 0, g.attacker = 2, g.leader = 2, g.actor = 2;
    durak_serialize(&g, line, sizeof line);
    assert_non_null(strstr(durak_restore(&back, line), "R19"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_R1_deck_of_36_and_extensions),
        cmocka_unit_test(test_R1_options_checked),
        cmocka_unit_test(test_R1_order_must_be_the_deck),
        cmocka_unit_test(test_R1_ranks_of_the_deck_in_play),
        cmocka_unit_test(test_R2_deal_round_robin_from_seat_0),
        cmocka_unit_test(test_R2_seeded_shuffle_is_deterministic),
        cmocka_unit_test(test_R2_shuffle_is_uniform),
        cmocka_unit_test(test_R3_trump_card_under_the_stock),
        cmocka_unit_test(test_R3_six_players_trump_stays_in_hand),
        cmocka_unit_test(test_R3_played_trump_card_is_no_longer_known),
        cmocka_unit_test(test_R4_beats_relation),
        cmocka_unit_test(test_R4_defender_must_beat),
        cmocka_unit_test(test_R4_cards_lowest),
        cmocka_unit_test(test_R5_lowest_trump_leads),
        cmocka_unit_test(test_R5_no_trump_seat_0_leads),
        cmocka_unit_test(test_R5_six_players_wrap_round),
        cmocka_unit_test(test_R6_lead_any_card_and_only_that),
        cmocka_unit_test(test_R7_defender_answers_each_card),
        cmocka_unit_test(test_R7_beat_without_target),
        cmocka_unit_test(test_R8_worked_example_three_players),
        cmocka_unit_test(test_R8_order_skip_and_no_wrap),
        cmocka_unit_test(test_R8_rank_of_a_cover_may_be_thrown_in),
        cmocka_unit_test(test_R9_six_cards_at_most),
        cmocka_unit_test(test_R9_first5_first_bout_only),
        cmocka_unit_test(test_R9_first5_with_take),
        cmocka_unit_test(test_R9_no_more_than_the_defender_held),
        cmocka_unit_test(test_R10_neighbours_four_players),
        cmocka_unit_test(test_R10_neighbours_five_six_three_players),
        cmocka_unit_test(test_R10_neighbours_follow_transfer),
        cmocka_unit_test(test_R10_neighbours_main_attacker_out),
        cmocka_unit_test(test_R11_beaten_cards_leave_defender_leads),
        cmocka_unit_test(test_R11_defender_out_next_attacks),
        cmocka_unit_test(test_R12_take_throw_ins_in_order_then_pick_up),
        cmocka_unit_test(test_R12_take_after_transfer),
        cmocka_unit_test(test_R13_draw_order_and_trump_card_last),
        cmocka_unit_test(test_R13_leader_draws_first_after_transfer),
        cmocka_unit_test(test_R13_leader_draws_before_transferrer),
        cmocka_unit_test(test_R14_out_at_once_and_shared_places),
        cmocka_unit_test(test_R14_not_out_while_stock_left),
        cmocka_unit_test(test_R15_worked_example_draw),
        cmocka_unit_test(test_R15_durak),
        cmocka_unit_test(test_R16_repetition_is_a_draw),
        cmocka_unit_test(test_R16_history_forgotten_when_cards_leave),
        cmocka_unit_test(test_R16_long_cycle_is_a_draw),
        cmocka_unit_test(test_R16_empty_handed_forfeit_keeps_history),
        cmocka_unit_test(test_R17_open_needs_an_unseen_card_of_the_rank),
        cmocka_unit_test(test_R17_worked_example_two_players),
        cmocka_unit_test(test_R17_transfer_needs_variant_and_rank),
        cmocka_unit_test(test_R17_transfer_to_too_few_cards_refused),
        cmocka_unit_test(test_R17_transfer_with_nobody_left_refused),
        cmocka_unit_test(test_R17_transfer_recomputes_limit),
        cmocka_unit_test(test_R17_transfer_chain_four_players),
        cmocka_unit_test(test_R18_defender_leaves),
        cmocka_unit_test(test_R18_main_attacker_leaves),
        cmocka_unit_test(test_R18_last_player_wins),
        cmocka_unit_test(test_R18_defender_leaving_ends_game_table_discarded),
        cmocka_unit_test(test_R18_last_player_leaves_first_out_wins),
        cmocka_unit_test(test_R18_bystander_leaves),
        cmocka_unit_test(test_R18_thrower_leaves_turn_moves_on),
        cmocka_unit_test(test_R18_defender_leaves_while_taking),
        cmocka_unit_test(test_R18_refused_resign_changes_nothing),
        cmocka_unit_test(test_R19_options_and_partners),
        cmocka_unit_test(test_R19_partner_never_throws_in),
        cmocka_unit_test(test_R19_partner_skipped_at_bout_start),
        cmocka_unit_test(test_R19_partner_skipped_after_take),
        cmocka_unit_test(test_R19_partner_skipped_after_transfer),
        cmocka_unit_test(test_R19_durak_team_loses_other_team_wins),
        cmocka_unit_test(test_R19_one_team_left_ends_the_game),
        cmocka_unit_test(test_R19_one_team_left_mid_bout),
        cmocka_unit_test(test_R19_last_card_transfer_ends_team_game),
        cmocka_unit_test(test_R19_draw_for_all),
        cmocka_unit_test(test_R19_forfeit_ends_team_game),
        cmocka_unit_test(test_R19_serialized_as_D2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
