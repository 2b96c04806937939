/* test_told_you.c — a channel game's lines said privately to one seated player call them "you"
 * (why they have no moves, their forfeit, who may start it); the channel's lines name them. */
#include "tables_harness.h"

#include "messages.h"

/* The first line to target that holds needle (as read), or fails showing every line. */
static const char *expect_said(const harness *h, const char *target, const char *needle)
{
    const char *line = said(h, target, needle);
    if (line)
        return line;
    for (size_t k = 0; k < h->o.len; k++)
        printf("  <%s> %s\n", h->o.items[k].target, h->o.items[k].text);
    fail_msg("no line to %s holds \"%s\"", target, needle);
    return NULL;
}

/* Whether "a | b | c" lists the move `word` itself. */
static bool lists(const char *moves, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = strstr(moves, word); p; p = strstr(p + 1, word))
        if ((p == moves || p[-1] == ' ') && (!p[n] || p[n] == ' '))
            return true;
    return false;
}

/* The n seated players of #durak, whose private lines are in lang, play random moves, the
 * defender always taking, until the defender has taken and another decides whether to add cards:
 * the defender's index then, the channel's line about the take in `public`; -1 if never. */
static int play_to_taking(harness *h, int n, msg_lang lang, uint64_t seed, char *public, size_t cap)
{
    char head[64];
    const char *take = msg_in(lang, MSG_CMD_TAKE);
    rng_t r;
    rng_seed(&r, seed);
    snprintf(head, sizeof head, "%s", msg_in(lang, MSG_YOUR_MOVES));
    *strstr(head, "%s") = '\0';
    for (int step = 0; step < 2000 && tables_count(h->t); step++) {
        char moves[1024], move[128];
        int i = -1;
        for (int k = 0; k < n && i < 0; k++) {
            priv(h, NICKS[k], "moves");
            const char *m = said(h, NICKS[k], head);
            if (m) {
                i = k;
                snprintf(moves, sizeof moves, "%s", m + strlen(head));
            }
        }
        assert_true(i >= 0);
        if (!lists(moves, take)) {
            pick_move(&r, moves, move, sizeof move);
            priv(h, NICKS[i], move);
            continue;
        }
        priv(h, NICKS[i], take);
        snprintf(public, cap, "%s", expect_said(h, "#durak", ""));
        if (reads(public, "cards may be added")) /* not a new bout: another decides */
            return i;
    }
    return -1;
}

/* A running game in #durak of the first n of NICKS, each reading their private lines in lang;
 * the channel's lines stay English. */
static harness *channel_game(uint64_t seed, int n, msg_lang lang)
{
    harness *h = h_new(seed);
    lobby(h, "#durak", "", NICKS, n);
    for (int k = 0; lang == MSG_LANG_RU && k < n; k++)
        priv(h, NICKS[k], "set language ru");
    chan(h, "alice", "#durak", "!start");
    return h;
}

/* alice or bob takes; the other decides whether to add cards for them to take. The taker asks
 * for their moves and reads "…for you to take"; the channel's line still names them. */
static void test_taking_told_you(void **state)
{
    (void)state;
    char public[2048], want[256];
    harness *h = channel_game(61, 2, MSG_LANG_EN);
    int d = play_to_taking(h, 2, MSG_LANG_EN, 61, public, sizeof public);
    assert_true(d >= 0);
    const char *taker = NICKS[d], *adder = NICKS[1 - d];
    snprintf(want, sizeof want, "%s takes", taker); /* the channel: "alice takes", unhighlighted */
    assert_true(reads(public, want));
    assert_null(strstr(public, "you"));
    priv(h, taker, "moves");
    snprintf(want, sizeof want,
             "No moves for you now: %s is deciding whether to add cards for you to take.", adder);
    expect_said(h, taker, want);
    assert_null(said(h, taker, "for alice to take"));
    assert_null(said(h, taker, "for bob to take"));
    priv(h, taker, "take"); /* a move out of turn: told the same */
    expect_said(h, taker, want);
    h_free(h);
}

/* The same in Russian, three at the table: the taker reads "вам … вы берёте", whoever else waits
 * reads the taker's name, and the channel (English) names them. */
static void test_taking_told_you_in_russian(void **state)
{
    (void)state;
    char public[2048], want[256];
    harness *h = channel_game(62, 3, MSG_LANG_RU);
    int d = play_to_taking(h, 3, MSG_LANG_RU, 62, public, sizeof public);
    assert_true(d >= 0);
    const char *taker = NICKS[d];
    snprintf(want, sizeof want, "%s takes", taker);
    assert_true(reads(public, want));
    assert_null(strstr(public, "you"));
    priv(h, taker, "ходы");
    const char *line = expect_said(h, taker, "Сейчас не ваш ход: ");
    assert_non_null(strstr(line, " решает, подкинуть ли вам вдогонку: вы берёте."));
    assert_null(strstr(line, taker));
    int waiting = 0;
    for (int k = 0; k < 3; k++) {
        if (k == d)
            continue;
        priv(h, NICKS[k], "ходы");
        if (!said(h, NICKS[k], "Сейчас не ваш ход: ")) /* the one who decides */
            continue;
        snprintf(want, sizeof want, "подкинуть ли вдогонку: %s берёт.", taker);
        expect_said(h, NICKS[k], want);
        waiting++;
    }
    assert_int_equal(waiting, 1);
    h_free(h);
}

/* bob leaves the running game: his notice says "You leave the game and forfeit", the channel
 * "bob leaves the game and forfeits"; in Russian "Вы выходите из-за стола". */
static void test_forfeit_told_you(void **state)
{
    (void)state;
    harness *h = channel_game(63, 3, MSG_LANG_EN);
    chan(h, "bob", "#durak", "!leave");
    expect_said(h, "bob", "You leave the game and forfeit (#durak)");
    assert_null(said(h, "bob", "bob leaves"));
    expect_said(h, "#durak", "bob leaves the game and forfeits");
    assert_null(said(h, "#durak", "You leave"));
    h_free(h);
    h = channel_game(64, 3, MSG_LANG_RU);
    chan(h, "carol", "#durak", "!leave");
    expect_said(h, "carol", "Вы выходите из-за стола — засчитано поражение в #durak");
    expect_said(h, "#durak", "carol leaves the game and forfeits");
    h_free(h);
}

/* Asked for moves before the start, the lobby's creator reads "you can start it", anyone else
 * the creator's name. */
static void test_not_started_told_you(void **state)
{
    (void)state;
    harness *h = h_new(65);
    lobby(h, "#durak", "", NICKS, 2);
    priv(h, "alice", "moves");
    expect_said(h, "alice",
                "The game has not started yet: you can start it with !start in #durak.");
    priv(h, "bob", "moves");
    expect_said(h, "bob",
                "The game has not started yet: alice can start it with !start in #durak.");
    priv(h, "alice", "set language ru");
    priv(h, "alice", "ходы");
    expect_said(h, "alice", "Игра ещё не началась: вы можете начать её командой !старт в #durak.");
    h_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_taking_told_you),
        cmocka_unit_test(test_taking_told_you_in_russian),
        cmocka_unit_test(test_forfeit_told_you),
        cmocka_unit_test(test_not_started_told_you),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
