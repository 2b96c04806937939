/* test_hints.c — `/msg durakbot hint`: refused where game.hints does not allow it and
 * off one's turn; computed as a worker job from the asking seat's view with hard's parameters;
 * answered with a legal move and a reason true of the position as that seat sees it; dropped once
 * the player moved; counted at the end. */
#define _POSIX_C_SOURCE 200809L
#include "tables_harness.h"

#include "ai_hint.h"
#include "tables_internal.h"

static harness *hint_game(int hints, uint64_t seed)
{
    harness *h = h_new(seed);
    h->cfg.game.hints = hints;
    tables_reconfigure(h->t, &h->cfg);
    start_two(h, "#durak");
    return h;
}

/* The nick to act (asks both for their moves). */
static const char *actor(harness *h, char *moves, size_t cap)
{
    int i = whose_turn(h, NICKS, 2, moves, cap);
    assert_true(i >= 0);
    return NICKS[i];
}

/* Runs the pending hint job as the worker would; returns false when there is none. */
static bool run_hint(harness *h, int iterations, tables_ai_job *job)
{
    outbox_clear(&h->o);
    if (!tables_ai_next_job(h->t, h->now, job))
        return false;
    assert_true(job->hint_seat >= 0);
    job->params.max_iterations = iterations;
    tables_ai_result(h->t, h->now, job, ai_choose(&job->view, &job->params, NULL), &h->o);
    return true;
}

static void test_refused_unless_allowed(void **state)
{
    (void)state;
    char moves[1024];
    int settings[] = { CONFIG_HINTS_OFF, CONFIG_HINTS_PRIVATE };
    const char *shown[] = { "Hints are off on this server.",
                            "Hints are only for private games against computer players here: "
                            "/msg durakbot play starts one." };
    for (int i = 0; i < 2; i++) {
        harness *h = hint_game(settings[i], 3);
        const char *me = actor(h, moves, sizeof moves);
        priv(h, me, "hint");
        assert_non_null(said(h, me, shown[i]));
        tables_ai_job job;
        assert_false(tables_ai_next_job(h->t, h->now, &job)); /* no hint computed */
        h_free(h);
    }
}

/* The moves' help names `hint` only as game.hints allows it: everywhere, in private games against
 * computer players, or not at all. */
static void test_help_names_hints_where_allowed(void **state)
{
    (void)state;
    int settings[] = { CONFIG_HINTS_OFF, CONFIG_HINTS_PRIVATE, CONFIG_HINTS_ALWAYS };
    const char *solo = "your legal moves, hint suggests one in a private game against computer "
                       "players.";
    const char *end[] = { "your legal moves.", solo, "your legal moves, hint suggests one." };
    for (int i = 0; i < 3; i++) {
        harness *h = h_new(5);
        h->cfg.game.hints = settings[i];
        tables_reconfigure(h->t, &h->cfg);
        priv(h, "zed", "help");
        const char *line = said(h, "zed", "Moves: play C");
        assert_non_null(line);
        assert_string_equal(line + strlen(line) - strlen(end[i]), end[i]);
        chan(h, "zed", "#durak", "!help commands"); /* the commands' list leaves hints to it */
        assert_null(said(h, "zed", "hint"));
        h_free(h);
    }
}

/* "private" (the default) allows hints in a private game against computer players,
 * and the refusal off one's turn names the game as the player knows it, not its key. */
static void test_allowed_in_private_game(void **state)
{
    (void)state;
    harness *h = h_new(6);
    priv(h, "alice", "play normal 2");
    priv(h, "alice", "hint");
    assert_null(said(h, "alice", "game.hints is"));
    assert_null(said(h, "alice", "~solo"));
    h_free(h);
}

static void test_only_on_your_turn(void **state)
{
    (void)state;
    char moves[1024];
    harness *h = hint_game(CONFIG_HINTS_ALWAYS, 4);
    const char *me = actor(h, moves, sizeof moves);
    const char *other = strcmp(me, "alice") ? "alice" : "bob";
    priv(h, other, "hint");
    assert_non_null(said(h, other, "A hint is for your turn in #durak"));
    tables_ai_job job;
    assert_false(tables_ai_next_job(h->t, h->now, &job));
    priv(h, me, "hint");
    priv(h, me, "hint");
    assert_non_null(said(h, me, "being worked out"));
    h_free(h);
}

/* The job holds the asking seat's own view (no hidden card) and hard's parameters; the answer
 * names a legal move, and the end line counts the hint. */
static void test_hint_answered_and_counted(void **state)
{
    (void)state;
    char moves[1024];
    harness *h = hint_game(CONFIG_HINTS_ALWAYS, 5);
    const char *me = actor(h, moves, sizeof moves);
    int seat = strcmp(me, "alice") ? 1 : 0;
    priv(h, me, "hint");
    tables_ai_job job;
    assert_true(run_hint(h, 50, &job));
    assert_int_equal(job.hint_seat, seat);
    assert_int_equal(job.view.seat, seat);
    assert_int_equal(job.params.level, AI_HARD);
    assert_int_equal(job.params.budget_ms, AI_DEFAULT_BUDGET_MS);
    /* The other hand holds only its known cards, the stock only the trump card. */
    assert_int_equal(job.view.pub.hand[1 - seat] & ~job.view.pub.known[1 - seat], 0);
    for (int i = 1; i < job.view.pub.stock_len; i++)
        assert_int_equal(job.view.pub.stock[i], CARD_NONE);
    const char *hint = said(h, me, "hint: ");
    assert_non_null(hint);
    char move[128];
    const char *dash = strstr(hint, " \xE2\x80\x94 ");
    assert_non_null(dash);
    snprintf(move, sizeof move, "%.*s", (int)(dash - hint - 6), hint + 6);
    assert_non_null(strstr(moves, move));                 /* one of the moves listed */
    assert_false(tables_ai_next_job(h->t, h->now, &job)); /* answered once */
    const char *end = play_to_end(h, "#durak", NICKS, 2, 5);
    char want[64];
    snprintf(want, sizeof want, "hints taken: %s 1", me);
    assert_non_null(strstr(end, want));
    h_free(h);
}

/* A hint asked three times in one position is worked out once, answered each time with the same
 * move (the search runs on a clock: a second search could contradict the first) and counted
 * once; one asked in the next position of the same player counts again. */
static void test_hint_counted_once_a_position(void **state)
{
    (void)state;
    char moves[1024], move[128];
    harness *h = hint_game(CONFIG_HINTS_ALWAYS, 9);
    const char *me = actor(h, moves, sizeof moves);
    tables_ai_job job;
    priv(h, me, "hint");
    assert_true(run_hint(h, 30, &job));
    char first[512];
    snprintf(first, sizeof first, "%s", said(h, me, "hint: "));
    for (int i = 0; i < 2; i++) {
        outbox_clear(&h->o);
        priv(h, me, "hint");
        assert_false(tables_ai_next_job(h->t, h->now, &job)); /* no search: the one given */
        assert_string_equal(said(h, me, "hint: "), first);
    }
    rng_t r;
    rng_seed(&r, 9);
    int later = 0;
    for (int step = 0; step < 400 && !later; step++) { /* the same player's next decision */
        const char *who = actor(h, moves, sizeof moves);
        if (step > 0 && !strcmp(who, me)) {
            priv(h, me, "hint");
            assert_true(run_hint(h, 30, &job));
            assert_non_null(said(h, me, "hint: "));
            later = 1;
        }
        pick_move(&r, moves, move, sizeof move);
        priv(h, who, move);
        assert_null(said(h, "#durak", "Game over"));
    }
    assert_int_equal(later, 1);
    const char *end = play_to_end(h, "#durak", NICKS, 2, 9);
    char want[64];
    snprintf(want, sizeof want, "hints taken: %s 2", me);
    if (!strstr(end, want))
        fail_msg("wanted \"%s\" in: %s", want, end);
    h_free(h);
}

/* A hint that comes after the player moved is for a position gone: nothing is said or counted. */
static void test_stale_hint_dropped(void **state)
{
    (void)state;
    char moves[1024], move[128];
    harness *h = hint_game(CONFIG_HINTS_ALWAYS, 6);
    const char *me = actor(h, moves, sizeof moves);
    priv(h, me, "hint");
    tables_ai_job job;
    outbox_clear(&h->o);
    assert_true(tables_ai_next_job(h->t, h->now, &job));
    rng_t r;
    rng_seed(&r, 6);
    pick_move(&r, moves, move, sizeof move);
    priv(h, me, move);
    outbox_clear(&h->o);
    job.params.max_iterations = 20;
    tables_ai_result(h->t, h->now, &job, ai_choose(&job.view, &job.params, NULL), &h->o);
    assert_null(said(h, me, "hint: "));
    const char *end = play_to_end(h, "#durak", NICKS, 2, 6);
    assert_null(strstr(end, "hints taken"));
    h_free(h);
}

/* Every reason the facts can give reads only the view: on a view the facts are the same
 * whatever the hidden cards are (engine side in test_ai); here each reason is reached. */
static void test_reasons_reached(void **state)
{
    (void)state;
    bool seen[HINT_REASON_COUNT] = { false };
    rng_t r;
    rng_seed(&r, 8);
    for (int game = 0; game < 60; game++) {
        durak_options o = durak_default_options();
        o.players = (uint8_t)(2 + game % 3);
        o.variant = (uint8_t)(game % 2);
        durak_game g;
        assert_true(durak_new(&g, &o, (uint64_t)game));
        while (!durak_over(&g)) {
            durak_action acts[DURAK_MAX_ACTIONS];
            int n = durak_legal(&g, acts);
            durak_action a = acts[rng_below(&r, (uint64_t)n)];
            durak_view v;
            durak_view_of(&g, g.actor, &v);
            ai_hint_facts f = ai_hint_explain(&v, a);
            assert_true(f.reason >= 0 && f.reason < HINT_REASON_COUNT);
            seen[f.reason] = true;
            assert_int_equal(durak_apply(&g, a), DURAK_OK);
        }
    }
    for (int i = 0; i < HINT_REASON_COUNT; i++)
        if (!seen[i])
            fail_msg("reason %d never given", i);
}

/* R17: a transfer's facts are the game's own after it: who defends next, facing how many cards,
 * holding how many. The view hides most of the next defender's hand, and the facts came from
 * applying the transfer there, which the engine refused when too few of their cards were known:
 * "you pass 2 cards to <yourself>". */
static void test_transfer_facts_are_the_games(void **state)
{
    (void)state;
    int transfers = 0;
    rng_t r;
    rng_seed(&r, 10);
    for (int game = 0; game < 80; game++) {
        durak_options o = durak_default_options();
        o.players = (uint8_t)(2 + game % 3);
        o.variant = DURAK_VARIANT_TRANSFER;
        durak_game g;
        assert_true(durak_new(&g, &o, (uint64_t)game + 300));
        while (!durak_over(&g)) {
            durak_action acts[DURAK_MAX_ACTIONS];
            int n = durak_legal(&g, acts), pick = (int)rng_below(&r, (uint64_t)n);
            for (int i = 0; i < n; i++) /* a transfer whenever there is one */
                pick = acts[i].kind == DURAK_ACT_TRANSFER ? i : pick;
            durak_action a = acts[pick];
            durak_view v;
            durak_view_of(&g, g.actor, &v);
            ai_hint_facts f = ai_hint_explain(&v, a);
            assert_int_equal(durak_apply(&g, a), DURAK_OK);
            if (a.kind != DURAK_ACT_TRANSFER || durak_over(&g))
                continue;
            assert_int_equal(f.reason, HINT_TRANSFER);
            assert_int_equal(f.seat, g.defender);
            assert_int_equal(f.n1, g.nattack);
            assert_int_equal(f.n2, cards_count(g.hand[g.defender]));
            transfers++;
        }
    }
    assert_true(transfers > 100);
}

/* "only a trump covers it" explains the lowest trump that covers: covering 10♦ with A♥ while 7♥
 * also covers is explained by the lower cover kept, else the player asks why the ace. */
static void test_beat_trump_reason_names_the_kept_trump(void **state)
{
    (void)state;
    int kept = 0;
    rng_t r;
    rng_seed(&r, 9);
    for (int game = 0; game < 60; game++) {
        durak_options o = durak_default_options();
        o.players = (uint8_t)(2 + game % 3);
        durak_game g;
        assert_true(durak_new(&g, &o, (uint64_t)game + 100));
        while (!durak_over(&g)) {
            durak_action acts[DURAK_MAX_ACTIONS];
            int n = durak_legal(&g, acts);
            durak_action a = acts[rng_below(&r, (uint64_t)n)];
            card_t lower = CARD_NONE; /* a lower trump covering the same card */
            bool by_suit = false;     /* a card of its suit covers it */
            for (int i = 0; i < n && a.kind == DURAK_ACT_BEAT; i++) {
                if (acts[i].kind != DURAK_ACT_BEAT || acts[i].target != a.target)
                    continue;
                by_suit |= card_suit(acts[i].card) == card_suit(a.target);
                if (card_suit(acts[i].card) == g.trump && card_suit(a.card) == g.trump
                    && card_rank(acts[i].card) < card_rank(a.card)
                    && (lower == CARD_NONE || card_rank(acts[i].card) < card_rank(lower)))
                    lower = acts[i].card;
            }
            durak_view v;
            durak_view_of(&g, g.actor, &v);
            ai_hint_facts f = ai_hint_explain(&v, a);
            if (lower != CARD_NONE && card_suit(a.target) != g.trump && !by_suit) {
                assert_int_equal(f.reason, HINT_BEAT_KEEPS);
                assert_int_equal(f.card, lower);
                kept++;
            }
            assert_int_equal(durak_apply(&g, a), DURAK_OK);
        }
    }
    assert_true(kept > 0);
}

/* The facts a hint gives for `kind` with `card` (or none) in the game of serial `line`, explained
 * from the view of the seat to act. */
static ai_hint_facts facts_in(const char *line, int kind, const char *card)
{
    durak_game g;
    const char *why = durak_restore(&g, line);
    if (why)
        fail_msg("test position refused: %s", why);
    durak_view v;
    durak_view_of(&g, g.actor, &v);
    durak_action a = { (uint8_t)kind, card ? card_parse(card) : CARD_NONE, CARD_NONE };
    assert_int_equal(durak_check(&g, a), DURAK_OK);
    return ai_hint_explain(&v, a);
}

/* R17: taking is not the only move while a transfer is open, though the view holds too few of
 * the next defender's cards for the engine's own test. Clubs trump, stock empty, 3 players:
 * seat 0 defends against A♣ with Q♠ 9♣ J♣ A♦ Q♥ and seat 1 holds 5 cards, so A♦ passes it on;
 * the hint said "take — it is your only move." */
static void test_take_not_only_move_with_a_transfer(void **state)
{
    (void)state;
    static const char line[] = "D1 3,1,0,0,36 1,0,2,0,2,5,0 AC -- TC,2,1,7C - 7,0,0,0,255,0,10 - "
                               "400100002800400,100000000c500000,80000000000 0,0,0 "
                               "bf007f001201bf0,bf007f001201bf0 1 abf89332928327d9";
    ai_hint_facts f = facts_in(line, DURAK_ACT_TAKE, NULL);
    assert_int_equal(f.reason, HINT_TAKE_CANNOT); /* nothing covers the ace of trumps */
    assert_int_equal(f.card, card_parse("AC"));
}

/* "a trump is worth more kept" only where the hand could cover every card: diamonds trump,
 * T♣ and T♠ uncovered and 9♦ the only cover of either, so taking keeps no trump; the hint said
 * "only a trump covers 2 of them (you hold 1), and a trump is worth more kept". */
static void test_take_trumps_only_when_all_could_be_covered(void **state)
{
    (void)state;
    static const char line[] = "D1 3,1,0,0,36 1,0,2,0,1,6,0 TCTS ---- 8D,255,2,7D "
                               "8D6HTH8C6DQDJCQSAC8HJD8SADKS6C 7,0,0,0,255,0,2 - "
                               "4a0008000a000b0,100000000c001200,a00092000000000 "
                               "80000000800080,0,0 0,0 2 e8cf882f01889862,6d49e3b5eb60ff2b";
    ai_hint_facts f = facts_in(line, DURAK_ACT_TAKE, NULL);
    assert_int_equal(f.reason, HINT_TAKE_MANY);
    assert_int_equal(f.n1, 2); /* uncovered */
    assert_int_equal(f.n2, 4); /* the limit is 6 */
}

/* R9: a lead is not explained by cards of its rank "to add later" when the defender holds 1 card
 * and the bout takes no more. Clubs trump, stock empty: seat 0 leads against seat 1's one card
 * holding three queens; the hint said "play Q♥ — you hold more of that rank to add later (3 in
 * all)". Now its reason is the cheapest card, 10♥, kept. */
static void test_no_pair_reason_against_one_card(void **state)
{
    (void)state;
    static const char line[] = "D1 3,0,0,0,36 0,0,0,1,0,1,0 - - QC,2,2,6C - 7,0,0,0,255,0,6 - "
                               "700060008400e00,1000000,1020100014a01080 "
                               "600060008400e00,0,1020000014201080 "
                               "8d009f002100170,8d009f002100170 3 "
                               "369ab0ac356cbb6f,b3103b8b059e6ec5,1986368c7ff72170";
    ai_hint_facts f = facts_in(line, DURAK_ACT_PLAY, "QH");
    assert_int_equal(f.reason, HINT_LEAD_KEEPS);
    assert_int_equal(f.card, card_parse("TH"));
    assert_int_equal(facts_in(line, DURAK_ACT_PLAY, "TH").reason, HINT_LEAD_LOWEST);
}

/* Every reason a hint can give reaches its player in each of the four languages: the sentence is
 * rendered with the arguments its message declares (one of the wrong type or number faults under
 * the sanitizers or leaves a conversion in the line) and opens with the language's word. The
 * move explained is drawn at random from the real game's legal moves, as test_reasons_reached. */
static void test_every_reason_in_every_language(void **state)
{
    (void)state;
    static const struct {
        int lang;
        const char *word;
    } langs[] = { { CONFIG_LANG_EN, "hint: " },
                  { CONFIG_LANG_RU, "подсказка: " },
                  { CONFIG_LANG_FR, "indice : " },
                  { CONFIG_LANG_ES, "pista: " } };
    for (size_t l = 0; l < sizeof langs / sizeof langs[0]; l++) {
        bool seen[HINT_REASON_COUNT] = { false };
        int nseen = 0;
        rng_t r;
        rng_seed(&r, 11 + l);
        for (int game = 0; game < 100 && nseen < HINT_REASON_COUNT; game++) {
            harness *h = h_new((uint64_t)game + 1);
            h->cfg.game.hints = CONFIG_HINTS_ALWAYS;
            h->cfg.game.language = langs[l].lang;
            h->cfg.game.variant = game % 2 ? DURAK_VARIANT_TRANSFER : DURAK_VARIANT_CLASSIC;
            tables_reconfigure(h->t, &h->cfg);
            int players = 2 + game % 3;
            chan(h, NICKS[0], "#durak", "!durak"); /* "transfer" would be an English word */
            for (int i = 1; i < players; i++)
                chan(h, NICKS[i], "#durak", "!join");
            chan(h, NICKS[0], "#durak", "!start");
            table_t *tb;
            while ((tb = tables_find(h->t, "#durak")) && tb->playing && !durak_over(&tb->g)) {
                durak_action acts[DURAK_MAX_ACTIONS];
                durak_action a = acts[rng_below(&r, (uint64_t)durak_legal(&tb->g, acts))];
                const char *me = tb->seat[tb->g.actor].nick;
                int moves = tb->rec.nmoves;
                tables_ai_job job;
                priv(h, me, "hint");
                outbox_clear(&h->o);
                assert_true(tables_ai_next_job(h->t, h->now, &job));
                int reason = ai_hint_explain(&job.view, a).reason;
                tables_ai_result(h->t, h->now, &job, a, &h->o);
                const char *line = said(h, me, langs[l].word);
                if (!line || strchr(line, '%') || strstr(line, "(null)"))
                    fail_msg("reason %d in language %d: %s", reason, langs[l].lang,
                             line ? line : "(no hint)");
                nseen += !seen[reason];
                seen[reason] = true;
                char text[64];
                priv(h, me, move_text(a, text, sizeof text));
                if (tb->used) /* the move hinted is played (the last one closes the table) */
                    assert_int_equal(tb->rec.nmoves, moves + 1);
            }
            h_free(h);
        }
        for (int i = 0; i < HINT_REASON_COUNT; i++)
            if (!seen[i])
                fail_msg("reason %d never given in language %d", i, langs[l].lang);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refused_unless_allowed),
        cmocka_unit_test(test_help_names_hints_where_allowed),
        cmocka_unit_test(test_only_on_your_turn),
        cmocka_unit_test(test_hint_answered_and_counted),
        cmocka_unit_test(test_hint_counted_once_a_position),
        cmocka_unit_test(test_stale_hint_dropped),
        cmocka_unit_test(test_reasons_reached),
        cmocka_unit_test(test_transfer_facts_are_the_games),
        cmocka_unit_test(test_beat_trump_reason_names_the_kept_trump),
        cmocka_unit_test(test_allowed_in_private_game),
        cmocka_unit_test(test_every_reason_in_every_language),
        cmocka_unit_test(test_take_not_only_move_with_a_transfer),
        cmocka_unit_test(test_take_trumps_only_when_all_could_be_covered),
        cmocka_unit_test(test_no_pair_reason_against_one_card),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
