/* test_solo_you.c — a private game says "you" to its person: every line goes to them alone, so
 * none names them in the third person (in English and in Russian), while a channel game still does. */
#include "tables_harness.h"

#include "ai.h"
#include "messages.h"
#include "outq.h"

/* The narration writes a person's nick with a zero-width space after its first letter (so that it
 * highlights nobody): in a private game it must never name its own person so. */
#define QUIET_ALICE "a" ZWSP "lice"

static char heard[1 << 18]; /* every line alice got in the game, one a line */
static size_t nheard;

static void keep_lines(const harness *h)
{
    for (size_t i = 0; i < h->o.len; i++) {
        int n = snprintf(heard + nheard, sizeof heard - nheard, "%s\n", h->o.items[i].text);
        if (n > 0 && nheard + (size_t)n < sizeof heard)
            nheard += (size_t)n;
        if (getenv("SOLO_SHOW")) /* to read the game as alice sees it */
            printf("<%s> %s\n", h->o.items[i].target, h->o.items[i].text);
    }
}

/* alice's moves as listed in lang ("Your moves: ", "Ваши ходы: "), or NULL when she has none. */
static const char *moves_of(const harness *h, msg_lang lang)
{
    char head[64];
    snprintf(head, sizeof head, "%s", msg_in(lang, MSG_YOUR_MOVES));
    *strstr(head, "%s") = '\0';
    const char *m = said(h, "alice", head);
    return m ? m + strlen(head) : NULL;
}

/* alice opens a private game with `play` and plays it to its end with random moves; her first
 * turn that cannot be passed is left to time out (the bot moves for her, and says so). Every line
 * she gets is kept. */
static void play_alone(harness *h, msg_lang lang, const char *play, uint64_t seed)
{
    rng_t r;
    bool timed_out = false;
    rng_seed(&r, seed);
    nheard = 0;
    heard[0] = '\0';
    priv(h, "alice", play);
    keep_lines(h);
    assert_int_equal(tables_count(h->t), 1);
    for (int step = 0; step < 4000 && tables_count(h->t); step++) {
        char move[128];
        priv(h, "alice", msg_command(lang, "moves"));
        const char *moves = moves_of(h, lang);
        if (moves && !timed_out && !strstr(moves, msg_in(lang, MSG_CMD_PASS))) {
            timed_out = true;
            tick(h, h->now + h->cfg.game.turn_timeout + 1);
        } else if (moves) {
            pick_move(&r, moves, move, sizeof move);
            priv(h, "alice", move);
        } else {
            h_run_ai(h);
        }
        keep_lines(h);
    }
    assert_int_equal(tables_count(h->t), 0);
    assert_true(timed_out);
}

static bool heard_it(const char *needle) { return reads(heard, needle); }

static void expect_heard(const char *needle)
{
    if (!heard_it(needle))
        fail_msg("alice never got \"%s\" in her private game", needle);
}

/* Byte for byte: the quiet nick is told apart from the nick itself (the list of seats). */
static void expect_not_heard(const char *needle)
{
    if (strstr(heard, needle))
        fail_msg("alice got \"%s\" in her private game", needle);
}

/* In English: her picking up, her time-out move, a transfer to her and the end say "you"; no line
 * names her as a channel would ("alice picks up 1 card", "Game over: alice is the durak!"). */
static void test_private_game_says_you(void **state)
{
    (void)state;
    harness *h = h_new(41);
    play_alone(h, MSG_LANG_EN, "play hard 3 transfer", 41);
    expect_not_heard(QUIET_ALICE);
    expect_not_heard("alice is the durak");
    expect_not_heard("alice picks up");
    expect_not_heard("to alice");
    expect_heard("You pick up ");
    expect_not_heard("take \xC2\xB7 You pick up");
    expect_heard("Time is up: you ");
    expect_heard("transfers with ");
    expect_heard(" to you");
    if (!heard_it("Game over: you are the durak!"))
        expect_heard("You are out (place ");
    h_free(h);
}

/* The same game read in Russian, the formal "вы" of the bot's other lines: "Вы забираете 1 карту",
 * said once when nobody could add cards (not "Вы берёте · Вы забираете 1 карту"). */
static void test_private_game_says_you_in_russian(void **state)
{
    (void)state;
    harness *h = h_new(41);
    priv(h, "alice", "set language ru");
    play_alone(h, MSG_LANG_RU, "play hard 3 transfer", 41);
    expect_not_heard(QUIET_ALICE);
    expect_not_heard("alice — дурак");
    expect_not_heard("alice берёт");
    expect_heard("Вы забираете ");
    expect_not_heard("берёте \xC2\xB7 Вы забираете");
    expect_heard("Время вышло: вы ");
    expect_heard("теперь отбиваетесь вы");
    if (!heard_it("Игра окончена: вы остались в дураках!"))
        expect_heard("Вы выходите из игры (место ");
    h_free(h);
}

/* Opened with Russian words and no language set, the game speaks Russian to the end: also the
 * lines that come between her commands (her turn after the computer players' moves, her time-out),
 * which have no words of hers to go by. */
static void test_private_game_keeps_its_opening_words(void **state)
{
    (void)state;
    harness *h = h_new(41);
    play_alone(h, MSG_LANG_RU, "играю сложный 3 переводной", 41);
    expect_heard("Ваш ход в вашей личной игре: ");
    expect_heard("Время вышло: вы ");
    expect_not_heard("Your turn");
    expect_not_heard("hand: ");
    expect_not_heard("Time is up");
    h_free(h);
}

/* In Russian with colours and suit symbols, what happened and her turn are often too long for one
 * line: then they come as two whole lines, never a turn line cut inside her hand, whose end
 * ("6♥ 7♥ (козырь Д♥)") the send queue would put alone on the next line. */
static void test_private_turn_lines_whole(void **state)
{
    (void)state;
    harness *h = h_new(45);
    h->cfg.ui.colors = h->cfg.ui.unicode_suits = true;
    tables_reconfigure(h->t, &h->cfg);
    play_alone(h, MSG_LANG_RU, "играю 3 переводной", 45);
    int turns = 0;
    for (const char *l = heard; *l;) {
        const char *end = strchr(l, '\n');
        size_t len = (size_t)(end - l);
        const char *hand = strstr(l, "на руках: ");
        if (hand && hand < end) {
            bool own = !strncmp(l, "Ваш ход в ", strlen("Ваш ход в "))
                       || !strncmp(l, "В вашей личной игре ", strlen("В вашей личной игре "));
            turns++;
            if (len > OUTQ_MAX_TEXT && !own) /* a turn alone may be longer: a hand of 10 cards */
                fail_msg("news and turn in %zu bytes, cut by the send queue: %.*s", len, (int)len,
                         l);
        }
        l = end + 1;
    }
    assert_true(turns > 20);
    h_free(h);
}

/* The start line with the deal's fingerprint is too long for one line in Russian with three
 * seats: the deal and the fingerprint come as two whole sentences, not cut by the send queue
 * ("… их покажу" and "в конце)." alone); in English it stays one line. */
static void test_start_line_whole_sentences(void **state)
{
    (void)state;
    harness *h = h_new(46);
    h->cfg.ui.colors = h->cfg.ui.unicode_suits = true;
    tables_reconfigure(h->t, &h->cfg);
    priv(h, "alice", "играю 3");
    assert_int_equal(h->o.len, 3); /* the deal, the fingerprint, her turn or the first move */
    const char *deal = h->o.items[0].text, *print = h->o.items[1].text;
    assert_true(strlen(deal) <= OUTQ_MAX_TEXT && strlen(print) <= OUTQ_MAX_TEXT);
    assert_true(reads(deal, "Игра в дурака (") && deal[strlen(deal) - 1] == '.');
    assert_true(!strncmp(print, "Отпечаток раздачи: ", strlen("Отпечаток раздачи: ")));
    assert_true(reads(print, "их покажу в конце)."));
    solo_stopped(h, "alice");
    priv(h, "alice", "play 3");
    assert_true(reads(h->o.items[0].text, "Durak (classic") /* one line in English */
                && reads(h->o.items[0].text, "Deal fingerprint: "));
    h_free(h);
}

/* Who attacks first is said to her as "You hold the lowest trump"; the seats keep their names. */
static void test_private_game_start(void **state)
{
    (void)state;
    bool first = false, other = false;
    for (uint64_t seed = 1; seed <= 40 && !(first && other); seed++) {
        harness *h = h_new(seed);
        priv(h, "alice", "play easy");
        assert_non_null(said(h, "alice", "starts: alice, Easy[bot]. Trump: "));
        assert_null(said(h, "alice", "alice holds"));
        first |= said(h, "alice", "You hold the lowest trump, ") != NULL
                 || said(h, "alice", "Nobody holds a trump, so you attack first") != NULL;
        other |= said(h, "alice", "Easy[bot] holds the lowest trump, ") != NULL;
        h_free(h);
    }
    assert_true(first);
    assert_true(other);
}

/* Timing out too often ends her private game: told as "you" in its end line, which says why and
 * comes first (a notice after it would repeat it, late), and counts her hint as hers ("hints you
 * took: 1", not "hints taken: alice 1"). */
static void test_private_game_forfeit(void **state)
{
    (void)state;
    harness *h = h_new(43);
    tables_free(h->t);
    h->cfg.game.max_timeouts = 1;
    h->t = tables_new(&h->cfg, 43);
    temp_store ts;
    store_in_temp(&ts, h);
    tables_on_reconnect(h->t, h->now, &h->o);
    priv(h, "alice", "play");
    for (int i = 0; i < 10 && !moves_of(h, MSG_LANG_EN); i++) {
        h_run_ai(h);
        priv(h, "alice", "moves");
    }
    priv(h, "alice", "hint");
    h_run_ai(h);
    assert_non_null(said(h, "alice", "hint: "));
    tick(h, h->now + h->cfg.game.turn_timeout + 1);
    assert_non_null(said(h, "alice", "hints you took: 1"));
    assert_non_null(said(h, "alice", "Game over: You timed out too often and forfeit."));
    assert_null(said(h, "alice", "(your private game)"));        /* no notice saying it again */
    assert_null(said(h, "alice", "you leave the private game")); /* she did not leave */
    assert_null(said(h, "alice", "alice")); /* nor "forfeited: alice": the verdict says it */
    assert_int_equal(tables_count(h->t), 0);
    h_persist(h); /* her record's forfeit is one for time-outs, not a leave */
    static store_game g;
    assert_true(store_get_game(h->db, 1, &g));
    assert_int_equal(g.rec.move[g.rec.nmoves - 1].kind, RECORD_RESIGN);
    assert_true(record_timed_out(&g.rec.move[g.rec.nmoves - 1]));
    h_free(h);
    store_gone(&ts);
}

/* A channel game is told as before: "alice leads 7h" (her nick unhighlighted), never "You lead". */
static void test_channel_game_names_players(void **state)
{
    (void)state;
    const char *nicks[] = { "alice", "bob" };
    harness *h = h_new(44);
    rng_t r;
    rng_seed(&r, 44);
    bool led = false;
    start_two(h, "#durak");
    for (int step = 0; step < 2000 && !led && tables_count(h->t); step++) {
        char moves[1024], move[128];
        int i = whose_turn(h, nicks, 2, moves, sizeof moves);
        assert_true(i >= 0);
        pick_move(&r, moves, move, sizeof move);
        priv(h, nicks[i], move);
        led = said(h, "#durak", QUIET_ALICE " leads ") != NULL;
        assert_null(said(h, "#durak", "You "));
        assert_null(said(h, "#durak", "you are the durak"));
    }
    assert_true(led);
    h_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_private_game_says_you),
        cmocka_unit_test(test_private_game_says_you_in_russian),
        cmocka_unit_test(test_private_game_keeps_its_opening_words),
        cmocka_unit_test(test_private_turn_lines_whole),
        cmocka_unit_test(test_start_line_whole_sentences),
        cmocka_unit_test(test_private_game_start),
        cmocka_unit_test(test_private_game_forfeit),
        cmocka_unit_test(test_channel_game_names_players),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
