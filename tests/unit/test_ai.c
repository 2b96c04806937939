/* test_ai: the computer players — every level plays random-option games without an illegal
 * move, decisions ignore hidden cards (no peeking), same seed same decision, easy's cheapest card,
 * sampled games match the view, the endgame search's "safe" holds, the clock is read sparingly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "ai.h"
#include "ai_hint.h"
#include "ai_ismcts.h"
#include "ai_mcts.h"
#include "ai_policy.h"
#include "ai_solve.h"
#include "serial.h"
#include "determinize.h"
#include "durak.h"
#include "rng.h"

enum { MAX_STEPS = 20000, HARD_TEST_ITERATIONS = 6 };

/* ---- helpers ---- */

static durak_options random_options(rng_t *r)
{
    static const uint8_t decks[] = { 36, 36, 36, 24, 52 };
    durak_options o = durak_default_options();
    o.deck = decks[rng_below(r, sizeof decks)];
    int max_players = o.deck == 24 ? 4 : 6;
    o.players = (uint8_t)(2 + rng_below(r, (uint64_t)max_players - 1));
    o.variant = (uint8_t)rng_below(r, 2);
    o.throwin = (uint8_t)rng_below(r, 2);
    o.first5 = (uint8_t)rng_below(r, 2);
    if (o.players == 4 || o.players == 6)
        o.teams = (uint8_t)rng_below(r, 2); /* R19 */
    return o;
}

static durak_action random_action(const durak_game *g, rng_t *r)
{
    durak_action acts[DURAK_MAX_ACTIONS];
    int n = durak_legal(g, acts);
    assert_true(n > 0);
    return acts[rng_below(r, (uint64_t)n)];
}

/* The level's own answer, before ai_choose's fallback to the first legal move could hide an
 * illegal one. */
static durak_action level_answer(const durak_game *g, const durak_view *v, ai_level level,
                                 uint64_t seed)
{
    ai_limits l = { NULL, 0, HARD_TEST_ITERATIONS };
    switch (level) {
    case AI_EASY: return ai_policy_easy(g);
    case AI_NORMAL: return ai_policy_normal(g);
    case AI_ISMCTS: return ai_ismcts_choose(v, seed, &l, NULL);
    default: return ai_mcts_choose(v, seed, &l, NULL);
    }
}

static durak_action choose_for_actor(const durak_game *g, ai_level level, uint64_t seed)
{
    durak_view v;
    durak_view_of(g, durak_actor(g), &v);
    durak_action own = level_answer(g, &v, level, seed);
    if (durak_check(g, own) != DURAK_OK) {
        char buf[32];
        fail_msg("%s answered an illegal %s", ai_level_name(level),
                 durak_action_format(own, buf, sizeof buf));
    }
    ai_params p = ai_default_params(level);
    p.seed = seed;
    p.max_iterations = HARD_TEST_ITERATIONS;
    return ai_choose(&v, &p, NULL);
}

/* Plays one game; seat s is played by levels[s] (-1: random). Fails on any refused move. */
static void play_game(const durak_options *o, uint64_t seed, const int *levels)
{
    durak_game g;
    rng_t r;
    rng_seed(&r, seed);
    assert_true(durak_new(&g, o, seed));
    for (int step = 0; !durak_over(&g); step++) {
        assert_true(step < MAX_STEPS);
        int lv = levels[durak_actor(&g)];
        durak_action a = lv < 0 ? random_action(&g, &r)
                                : choose_for_actor(&g, (ai_level)lv, seed * 977 + (uint64_t)step);
        if (durak_apply(&g, a) != DURAK_OK) {
            char buf[32];
            fail_msg("seed %llu step %d: %s played an illegal %s", (unsigned long long)seed, step,
                     lv < 0 ? "random" : ai_level_name((ai_level)lv),
                     durak_action_format(a, buf, sizeof buf));
        }
    }
}

/* Random options; `level` at every seat, or at random seats (others random) for hard. */
static void play_many(ai_level level, int games, uint64_t base, bool every_seat)
{
    rng_t r;
    rng_seed(&r, base);
    for (int i = 0; i < games; i++) {
        durak_options o = random_options(&r);
        int levels[DURAK_MAX_PLAYERS];
        for (int s = 0; s < DURAK_MAX_PLAYERS; s++)
            levels[s] = every_seat || rng_below(&r, 2) ? (int)level : (int)rng_below(&r, 3) - 1;
        play_game(&o, base + (uint64_t)i, levels);
    }
}

/* R19: a pair of partners at `level` (hard: `iterations` per decision) against a random
 * pair in 4-seat team games, on seats 0+2 in even games and 1+3 in odd ones, classic and
 * transfer in turn; returns how many games the random pair's team lost. */
static int team_games_won(ai_level level, int games, uint64_t base, int iterations)
{
    int won = 0;
    for (int i = 0; i < games; i++) {
        durak_options o = durak_default_options();
        o.players = 4;
        o.teams = 1;
        o.variant = (uint8_t)(i / 2 % 2);
        durak_game g;
        rng_t r;
        uint64_t seed = base + (uint64_t)i;
        rng_seed(&r, seed);
        assert_true(durak_new(&g, &o, seed));
        for (int step = 0; !durak_over(&g); step++) {
            assert_true(step < MAX_STEPS);
            int actor = durak_actor(&g);
            durak_action a;
            if (actor % 2 == i % 2) {
                durak_view v;
                durak_view_of(&g, actor, &v);
                ai_params p = ai_default_params(level);
                p.seed = seed * 977 + (uint64_t)step;
                p.max_iterations = iterations;
                a = ai_choose(&v, &p, NULL);
            } else {
                a = random_action(&g, &r);
            }
            assert_int_equal(durak_apply(&g, a), DURAK_OK);
        }
        won += durak_losing_team(&g) == 1 - i % 2;
    }
    return won;
}

static void test_team_pair_beats_random_pair(void **state)
{
    (void)state;
    enum { NORMAL_GAMES = 200, HARD_GAMES = 24, HARD_ITERATIONS = 100 };
    int normal = team_games_won(AI_NORMAL, NORMAL_GAMES, 7100, 0);
    int hard = team_games_won(AI_HARD, HARD_GAMES, 7300, HARD_ITERATIONS);
    printf("teams: a normal pair beat a random pair in %d of %d games, a hard pair (%d "
           "iterations) in %d of %d\n",
           normal, NORMAL_GAMES, HARD_ITERATIONS, hard, HARD_GAMES);
    /* a pair that always plays its first legal move wins 179 of these 200: normal must do better */
    assert_true(normal >= 190);
    assert_true(2 * hard > HARD_GAMES);
}

/* Plays random moves from a fresh random-option game; returns false if it ended. */
static bool random_position(durak_game *g, rng_t *r, int max_steps)
{
    durak_options o = random_options(r);
    assert_true(durak_new(g, &o, rng_next(r)));
    int steps = (int)rng_below(r, (uint64_t)max_steps);
    for (int i = 0; i < steps && !durak_over(g); i++)
        assert_int_equal(durak_apply(g, random_action(g, r)), DURAK_OK);
    return !durak_over(g);
}

/* ---- every level plays legal moves ---- */

static void test_easy_plays_legal(void **state)
{
    (void)state;
    play_many(AI_EASY, 2000, 1000, true);
}

static void test_normal_plays_legal(void **state)
{
    (void)state;
    play_many(AI_NORMAL, 2000, 5000, true);
}

static void test_hard_plays_legal(void **state)
{
    (void)state;
    play_many(AI_HARD, 150, 9000, false);
}

static void test_expert_plays_legal(void **state)
{
    (void)state;
    play_many(AI_EXPERT, 40, 11000, false);
}

static void test_ismcts_plays_legal(void **state)
{
    (void)state;
    play_many(AI_ISMCTS, 50, 13000, false);
}

/* The searches score a team game by the team (R19): a partner's forfeit or a partner left the
 * durak is a loss for both partners, a win for the other team; without teams only the durak
 * lost; a draw is lost by nobody and counts ½. */
static void test_reward_is_the_team_result(void **state)
{
    (void)state;
    durak_game g;
    durak_options o = durak_default_options();
    o.players = 4;
    o.teams = 1;
    assert_true(durak_new(&g, &o, 9));
    assert_int_equal(durak_resign(&g, 2), DURAK_OK); /* 0 and 2 lose */
    assert_true(ai_reward(&g, 0) == 0 && ai_reward(&g, 2) == 0);
    assert_true(ai_reward(&g, 1) == 1 && ai_reward(&g, 3) == 1);
    g.result = DURAK_RESULT_DURAK; /* as if 2 were left the durak: the partner, 0, lost too */
    assert_true(ai_reward(&g, 0) == 0 && ai_reward(&g, 1) == 1);
    o.teams = 0;
    assert_true(durak_new(&g, &o, 9));
    g.phase = DURAK_PHASE_OVER;
    g.result = DURAK_RESULT_DURAK;
    g.result_seat = 2;
    assert_true(ai_reward(&g, 2) == 0 && ai_reward(&g, 0) == 1);
    g.result = DURAK_RESULT_DRAW;
    g.result_seat = 0xFF;
    for (int s = 0; s < 4; s++)
        assert_true(ai_reward(&g, s) == 0.5f);
}

/* The textbook search is a search: with 200 iterations it beats random play. */
static void test_ismcts_beats_random(void **state)
{
    (void)state;
    durak_options o = durak_default_options();
    int lost = 0, games = 20;
    for (int i = 0; i < games; i++) {
        durak_game g;
        rng_t r;
        rng_seed(&r, (uint64_t)i);
        assert_true(durak_new(&g, &o, 500 + (uint64_t)i));
        int me = i % 2;
        for (int step = 0; !durak_over(&g); step++) {
            assert_true(step < MAX_STEPS);
            durak_action a = random_action(&g, &r);
            if (durak_actor(&g) == me) {
                durak_view v;
                durak_view_of(&g, me, &v);
                ai_params p = ai_default_params(AI_ISMCTS);
                p.seed = (uint64_t)step;
                p.max_iterations = 200;
                a = ai_choose(&v, &p, NULL);
            }
            assert_int_equal(durak_apply(&g, a), DURAK_OK);
        }
        lost += g.result == DURAK_RESULT_DURAK && g.result_seat == me;
    }
    assert_true(lost <= 2);
}

static void test_mixed_levels_play_legal(void **state)
{
    (void)state;
    rng_t r;
    rng_seed(&r, 77);
    for (int i = 0; i < 1000; i++) {
        durak_options o = random_options(&r);
        int levels[DURAK_MAX_PLAYERS];
        for (int s = 0; s < DURAK_MAX_PLAYERS; s++)
            levels[s] = (int)rng_below(&r, 3) - 1; /* random, easy, normal */
        play_game(&o, 20000 + (uint64_t)i, levels);
    }
}

/* ---- no peeking ---- */

/* The cards of `seat`'s hand nobody else knows of. */
static cards_t unknown_in(const durak_game *g, int seat) { return g->hand[seat] & ~g->known[seat]; }

static cards_t protected_cards(const durak_game *g)
{
    cards_t p = card_bit(g->trump_card);
    if (g->first_trump != CARD_NONE)
        p |= card_bit(g->first_trump); /* announced (R5): public while in hand */
    return p;
}

static void swap_card(cards_t *hand, card_t out, card_t in)
{
    *hand = (*hand & ~card_bit(out)) | card_bit(in);
}

/* Swaps one unknown card of another seat with a stock card (not the trump card), or
 * with an unknown card of a third seat; then shuffles the stock above the trump card. */
static bool hide_differently(durak_game *b, int seat, rng_t *r)
{
    bool changed = false;
    for (int o = 0; o < b->opt.players && !changed; o++) {
        cards_t mine = unknown_in(b, o) & ~protected_cards(b);
        if (o == seat || !mine)
            continue;
        card_t c = cards_first(mine);
        if (b->stock_len > 1) {
            int i = 1 + (int)rng_below(r, (uint64_t)b->stock_len - 1);
            card_t s = b->stock[i];
            b->stock[i] = c;
            swap_card(&b->hand[o], c, s);
            changed = true;
        }
        for (int p = o + 1; p < b->opt.players && !changed; p++) {
            cards_t theirs = unknown_in(b, p) & ~protected_cards(b);
            if (p == seat || !theirs)
                continue;
            card_t d = cards_first(theirs);
            swap_card(&b->hand[o], c, d);
            swap_card(&b->hand[p], d, c);
            changed = true;
        }
    }
    if (b->stock_len > 2)
        rng_shuffle(r, b->stock + 1, b->stock_len - 1);
    return changed;
}

static void assert_same_decision(const durak_game *a, const durak_game *b, ai_level level,
                                 uint64_t seed)
{
    durak_action x = choose_for_actor(a, level, seed), y = choose_for_actor(b, level, seed);
    assert_memory_equal(&x, &y, sizeof x);
}

static void test_no_peeking(void **state)
{
    (void)state;
    rng_t r;
    rng_seed(&r, 4242);
    int compared = 0;
    for (int i = 0; i < 400; i++) {
        durak_game a, b;
        if (!random_position(&a, &r, 60))
            continue;
        b = a;
        if (!hide_differently(&b, durak_actor(&a), &r))
            continue;
        assert_memory_not_equal(&a, &b, sizeof a);
        durak_view va, vb;
        durak_view_of(&a, durak_actor(&a), &va);
        durak_view_of(&b, durak_actor(&b), &vb);
        assert_memory_equal(&va, &vb, sizeof va);  /* the same to the seat to act */
        for (int l = AI_EASY; l <= AI_ISMCTS; l++) /* every level, expert and ismcts too */
            assert_same_decision(&a, &b, (ai_level)l, (uint64_t)i);
        /* A hint: hard's move from the asking seat's view, and its reason. */
        durak_action ha = choose_for_actor(&a, AI_HARD, (uint64_t)i),
                     hb = choose_for_actor(&b, AI_HARD, (uint64_t)i);
        ai_hint_facts fa = ai_hint_explain(&va, ha), fb = ai_hint_explain(&vb, hb);
        assert_int_equal(fa.reason, fb.reason);
        assert_int_equal(fa.n1, fb.n1);
        assert_int_equal(fa.n2, fb.n2);
        assert_int_equal(fa.n3, fb.n3);
        assert_int_equal(fa.card, fb.card);
        assert_int_equal(fa.seat, fb.seat);
        /* The policies read full games: they must not look at the hidden parts. */
        durak_action pa = ai_policy_normal(&a), pb = ai_policy_normal(&b);
        assert_memory_equal(&pa, &pb, sizeof pa);
        pa = ai_policy_easy(&a);
        pb = ai_policy_easy(&b);
        assert_memory_equal(&pa, &pb, sizeof pa);
        compared++;
    }
    assert_true(compared > 100);
}

/* ---- determinism, sampling, search ---- */

static void test_hard_deterministic_for_a_seed(void **state)
{
    (void)state;
    rng_t r;
    rng_seed(&r, 99);
    for (int i = 0; i < 40; i++) {
        durak_game g;
        if (!random_position(&g, &r, 40))
            continue;
        durak_view v;
        durak_view_of(&g, durak_actor(&g), &v);
        ai_params p = ai_default_params(i % 2 ? AI_HARD : AI_ISMCTS);
        p.seed = (uint64_t)i;
        p.max_iterations = 200;
        durak_action x = ai_choose(&v, &p, NULL), y = ai_choose(&v, &p, NULL);
        assert_memory_equal(&x, &y, sizeof x);
        assert_int_equal(durak_check(&g, x), DURAK_OK);
    }
}

/* A clock that never runs out and counts its reads. */
static long clock_reads;
static double counting_clock(void)
{
    clock_reads++;
    return 0.0;
}

/* The first player's view of a two-player classic deal. */
static durak_view opening_view(void)
{
    durak_game g;
    durak_options o = durak_default_options();
    assert_true(durak_new(&g, &o, 7));
    durak_view v;
    durak_view_of(&g, durak_actor(&g), &v);
    return v;
}

/* The searches read the clock once per AI_CLOCK_EVERY iterations, not at each: in durak-arena
 * a CPU-time clock read is a system call that took a fifth of the searches' time. */
static void test_searches_read_clock_sparingly(void **state)
{
    (void)state;
    durak_view v = opening_view();
    ai_limits lim = { counting_clock, 1e9, 800 };
    mcts_stats st;
    clock_reads = 0;
    ai_mcts_choose(&v, 1, &lim, &st);
    assert_true(st.iterations >= 4 * AI_CLOCK_EVERY);
    assert_in_range(clock_reads, 1, 2 + st.iterations / AI_CLOCK_EVERY);
    long done = 0;
    clock_reads = 0;
    ai_ismcts_choose(&v, 1, &lim, &done);
    assert_int_equal(done, 800);
    assert_in_range(clock_reads, 1, 2 + done / AI_CLOCK_EVERY);
}

/* hard's tree keeps growing past its first pool of 65,536 nodes: a fixed pool that size
 * stopped the tree's growth part way through nearly all of expert's one-second searches. */
static void test_hard_tree_grows_past_first_pool(void **state)
{
    (void)state;
    durak_view v = opening_view();
    ai_limits lim = { NULL, 0, 90000 };
    mcts_stats st;
    ai_mcts_choose(&v, 1, &lim, &st);
    assert_true(st.iterations > 70000); /* it may stop early once its choice is settled */
    assert_true(st.tree_nodes > 1 << 16);
}

/* A sampled game looks exactly like the view it came from, and keeps the cards. */
static void test_determinize_matches_view(void **state)
{
    (void)state;
    rng_t r;
    rng_seed(&r, 31337);
    for (int i = 0; i < 500; i++) {
        durak_game g, d;
        if (!random_position(&g, &r, 120))
            continue;
        int seat = (int)rng_below(&r, g.opt.players);
        durak_view v, w;
        durak_view_of(&g, seat, &v);
        assert_true(determinize_sample(&v, &r, &d));
        durak_view_of(&d, seat, &w);
        assert_memory_equal(&v, &w, sizeof v);
        cards_t all = d.discard | durak_table_cards(&d);
        for (int s = 0; s < d.opt.players; s++)
            all |= d.hand[s];
        for (int k = 0; k < d.stock_len; k++)
            all |= card_bit(d.stock[k]);
        assert_true(all == deck_cards(d.opt.deck));
        if (g.first_trump != CARD_NONE && cards_has(g.hand[g.first_seat], g.first_trump))
            assert_true(cards_has(d.hand[g.first_seat], g.first_trump));
    }
}

/* Once the search proves a seat safe, following it never makes that seat the durak. */
static void test_solver_safe_holds(void **state)
{
    (void)state;
    rng_t r;
    rng_seed(&r, 2024);
    int proven = 0;
    for (int i = 0; i < 60; i++) {
        durak_options o = durak_default_options();
        o.variant = (uint8_t)(i & 1);
        durak_game g;
        assert_true(durak_new(&g, &o, 500 + (uint64_t)i));
        while (!durak_over(&g) && (g.stock_len || durak_actor(&g) != 0))
            durak_apply(&g, ai_policy_normal(&g));
        ai_limits lim = { NULL, 0, 200000 };
        durak_action a;
        if (durak_over(&g) || ai_solve(&g, 0, &lim, &a) != SOLVE_SAFE)
            continue;
        proven++;
        while (!durak_over(&g)) {
            if (durak_actor(&g) == 0)
                assert_int_equal(ai_solve(&g, 0, &lim, &a), SOLVE_SAFE);
            else
                a = random_action(&g, &r);
            assert_int_equal(durak_apply(&g, a), DURAK_OK);
        }
        assert_false(g.result == DURAK_RESULT_DURAK && g.result_seat == 0);
    }
    assert_true(proven > 5);
}

static void assert_action(durak_action a, const char *text);

/* Two endings where a win can be forced and a draw too (found in play by a review): the solver,
 * and so hard and its hints, took the draw, scoring it as a win; a draw counts ½ (durak(7)). */
static void test_solver_prefers_a_win_to_a_draw(void **state)
{
    (void)state;
    static const struct {
        const char *line, *win;
    } cases[] = {
        { "D1 2,1,0,0,36 1,1,0,1,0,6,0 JH -- JC,0,1,6C - 3,0,0,0,255,0,19 - "
          "1000000000000000,180008201800 0,80008000800 df007f017d007f0,df007f017d007f0 1 "
          "baf401fca4d48567",
          "beat KC JH" },
        { "D1 2,0,0,0,36 2,1,1,0,1,6,0 7S 8S 8D,1,1,TD - 3,0,0,0,255,0,13 - "
          "400048004000100,800104008001000 0,4000000000 13f00b3013f00e90,13f00b3013f00e90 1 "
          "e782d14290f4ef4b",
          "play 8D" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        durak_game g;
        assert_true(durak_deserialize(&g, cases[i].line));
        int me = durak_actor(&g);
        ai_limits lim = { NULL, 0, 2000000 };
        durak_action a;
        assert_int_equal(ai_solve(&g, me, &lim, &a), SOLVE_SAFE);
        assert_action(a, cases[i].win);
        durak_view v;
        durak_view_of(&g, me, &v);
        ai_params p = ai_default_params(AI_HARD);
        p.max_iterations = 2000;
        assert_action(ai_choose(&v, &p, NULL), cases[i].win);
        mcts_stats st;
        ai_limits hl = { NULL, 0, 2000 };
        assert_action(ai_mcts_choose(&v, 1, &hl, &st), cases[i].win);
        assert_int_equal(st.solved, 1); /* decided by the endgame search, not by sampling */
    }
}

/* ---- easy: the cheapest card ---- */

/* Deals `hands` (6 cards a seat, 2 seats) with trump card `trump`, rest of the deck after. */
static void deal_2p(durak_game *g, const char *const hands[2][6], const char *trump)
{
    card_t order[36];
    cards_t used = 0;
    int n = 0;
    for (int k = 0; k < 6; k++)
        for (int s = 0; s < 2; s++) {
            order[n] = card_parse(hands[s][k]);
            used |= card_bit(order[n++]);
        }
    order[n] = card_parse(trump);
    used |= card_bit(order[n++]);
    for (cards_t rest = deck_cards(36) & ~used; rest; rest &= rest - 1)
        order[n++] = cards_first(rest);
    durak_options o = durak_default_options();
    assert_true(durak_new_ordered(g, &o, order, n));
}

static void assert_action(durak_action a, const char *text)
{
    char buf[32];
    assert_string_equal(durak_action_format(a, buf, sizeof buf), text);
}

static void test_easy_plays_cheapest(void **state)
{
    (void)state;
    /* Hearts are trump; seat 0 holds the 6 of trumps, so it leads (R5). */
    static const char *const hands[2][6] = {
        { "6H", "8S", "7C", "KD", "AS", "TH" },
        { "9C", "QC", "7H", "8C", "AD", "JS" },
    };
    durak_game g;
    deal_2p(&g, hands, "9H");
    assert_int_equal(durak_actor(&g), 0);
    assert_action(choose_for_actor(&g, AI_EASY, 1), "play 7C"); /* not 6H: a trump */
    assert_int_equal(durak_apply(&g, choose_for_actor(&g, AI_EASY, 1)), DURAK_OK);
    assert_action(choose_for_actor(&g, AI_EASY, 1), "beat 8C 7C"); /* not 9C, QC, 7H */
    assert_int_equal(durak_apply(&g, choose_for_actor(&g, AI_EASY, 1)), DURAK_OK);
    assert_action(choose_for_actor(&g, AI_EASY, 1), "play 8S"); /* cheapest of 7, 8 */
    assert_int_equal(durak_apply(&g, choose_for_actor(&g, AI_EASY, 1)), DURAK_OK);
    assert_action(choose_for_actor(&g, AI_EASY, 1), "beat JS 8S"); /* not 7H: a trump */
}

static void test_easy_takes_when_it_cannot_beat(void **state)
{
    (void)state;
    static const char *const hands[2][6] = {
        { "6H", "8S", "7C", "KD", "AS", "TH" },
        { "9S", "QS", "JD", "8D", "AD", "JS" },
    };
    durak_game g;
    deal_2p(&g, hands, "9H");
    assert_int_equal(durak_apply(&g, choose_for_actor(&g, AI_EASY, 1)), DURAK_OK); /* 7C */
    assert_action(choose_for_actor(&g, AI_EASY, 1), "take");
}

static void test_level_names(void **state)
{
    (void)state;
    ai_level l;
    assert_string_equal(ai_level_name(AI_EASY), "easy");
    assert_string_equal(ai_level_name(AI_NORMAL), "normal");
    assert_string_equal(ai_level_name(AI_HARD), "hard");
    assert_string_equal(ai_level_name(AI_EXPERT), "expert");
    assert_string_equal(ai_level_name(AI_ISMCTS), "ismcts");
    assert_null(ai_level_name((ai_level)7));
    assert_true(ai_level_parse("hard", &l));
    assert_int_equal(l, AI_HARD);
    assert_true(ai_level_parse("expert", &l));
    assert_int_equal(l, AI_EXPERT);
    assert_true(ai_level_parse("ismcts", &l));
    assert_int_equal(l, AI_ISMCTS);
    assert_false(ai_level_parse("master", &l));
    /* expert: hard's search with 1 s per decision; ismcts: hard's budget. */
    assert_int_equal(ai_default_params(AI_EXPERT).budget_ms, 1000);
    assert_int_equal(ai_default_params(AI_ISMCTS).budget_ms, AI_DEFAULT_BUDGET_MS);
    assert_int_equal(ai_default_params(AI_HARD).budget_ms, AI_DEFAULT_BUDGET_MS);
    assert_int_equal(AI_PLAYER_LEVELS, AI_ISMCTS); /* ismcts is no level a game may seat */
}

/* Not the actor, or the game over: an action the engine refuses. */
static void test_not_my_turn(void **state)
{
    (void)state;
    durak_game g;
    durak_options o = durak_default_options();
    assert_true(durak_new(&g, &o, 5));
    durak_view v;
    durak_view_of(&g, 1 - durak_actor(&g), &v);
    ai_params p = ai_default_params(AI_NORMAL);
    durak_action a = ai_choose(&v, &p, NULL);
    assert_int_equal(a.kind, AI_NO_ACTION);
    assert_int_equal(durak_check(&g, a), DURAK_ERR_BAD_ACTION);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_level_names),
        cmocka_unit_test(test_easy_plays_cheapest),
        cmocka_unit_test(test_easy_takes_when_it_cannot_beat),
        cmocka_unit_test(test_not_my_turn),
        cmocka_unit_test(test_determinize_matches_view),
        cmocka_unit_test(test_no_peeking),
        cmocka_unit_test(test_hard_deterministic_for_a_seed),
        cmocka_unit_test(test_searches_read_clock_sparingly),
        cmocka_unit_test(test_hard_tree_grows_past_first_pool),
        cmocka_unit_test(test_solver_safe_holds),
        cmocka_unit_test(test_solver_prefers_a_win_to_a_draw),
        cmocka_unit_test(test_easy_plays_legal),
        cmocka_unit_test(test_normal_plays_legal),
        cmocka_unit_test(test_mixed_levels_play_legal),
        cmocka_unit_test(test_hard_plays_legal),
        cmocka_unit_test(test_team_pair_beats_random_pair),
        cmocka_unit_test(test_expert_plays_legal),
        cmocka_unit_test(test_ismcts_plays_legal),
        cmocka_unit_test(test_reward_is_the_team_result),
        cmocka_unit_test(test_ismcts_beats_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
