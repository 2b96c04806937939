/* test_render: cards, hands, the table and moves as IRC text, with and without mIRC colours and
 * Unicode suits; exact strings, and what render writes the parser reads back. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "mirc.h"
#include "parser.h"
#include "render.h"
#include "render_game.h"
#include "utf8.h"

#define SPADE "\xE2\x99\xA0"
#define CLUB "\xE2\x99\xA3"
#define DIAMOND "\xE2\x99\xA6"
#define HEART "\xE2\x99\xA5"
/* mIRC red (\x03 then colour 04; octal \003 stops before the digits) up to \x0F. */
#define RED(s) "\00304" s "\x0F"

static const render_opts plain = { .colors = false, .unicode = false };
static const render_opts unicode = { .colors = false, .unicode = true };
static const render_opts coloured = { .colors = true, .unicode = true };
static const render_opts coloured_letters = { .colors = true, .unicode = false };

static card_t card(int rank, int suit) { return card_make(rank, suit); }

static const char *card_text(const render_opts *r, card_t c)
{
    static char buf[RENDER_CARD_MAX];
    return render_card(r, c, buf, sizeof buf);
}

static void test_card(void **state)
{
    (void)state;
    assert_string_equal(card_text(&unicode, card(RANK_7, SUIT_HEARTS)), "7" HEART);
    assert_string_equal(card_text(&unicode, card(RANK_10, SUIT_SPADES)), "10" SPADE);
    assert_string_equal(card_text(&unicode, card(RANK_2, SUIT_CLUBS)), "2" CLUB);
    assert_string_equal(card_text(&plain, card(RANK_Q, SUIT_HEARTS)), "Qh");
    assert_string_equal(card_text(&plain, card(RANK_10, SUIT_DIAMONDS)), "10d");
    assert_string_equal(card_text(&plain, card(RANK_A, SUIT_CLUBS)), "Ac");
    assert_string_equal(card_text(&plain, card(RANK_J, SUIT_SPADES)), "Js");
    assert_string_equal(card_text(&unicode, CARD_NONE), "?");
    assert_string_equal(card_text(&plain, 0x7E), "?"); /* rank 14 */
}

/* Hearts and diamonds in red (colour 04), ended by \x0F; spades and clubs as they are. */
static void test_card_colours(void **state)
{
    (void)state;
    assert_string_equal(card_text(&coloured, card(RANK_7, SUIT_HEARTS)), RED("7" HEART));
    assert_string_equal(card_text(&coloured, card(RANK_10, SUIT_DIAMONDS)), RED("10" DIAMOND));
    assert_string_equal(card_text(&coloured, card(RANK_10, SUIT_SPADES)), "10" SPADE);
    assert_string_equal(card_text(&coloured, card(RANK_K, SUIT_CLUBS)), "K" CLUB);
    assert_string_equal(card_text(&coloured_letters, card(RANK_9, SUIT_HEARTS)), RED("9h"));
    assert_string_equal(card_text(&coloured_letters, card(RANK_9, SUIT_SPADES)), "9s");
    assert_string_equal(card_text(&coloured, CARD_NONE), "?");
}

static void test_suits(void **state)
{
    (void)state;
    assert_string_equal(render_suit(&unicode, SUIT_SPADES), SPADE);
    assert_string_equal(render_suit(&unicode, SUIT_CLUBS), CLUB);
    assert_string_equal(render_suit(&unicode, SUIT_DIAMONDS), DIAMOND);
    assert_string_equal(render_suit(&unicode, SUIT_HEARTS), HEART);
    assert_string_equal(render_suit(&plain, SUIT_SPADES), "s");
    assert_string_equal(render_suit(&plain, SUIT_CLUBS), "c");
    assert_string_equal(render_suit(&plain, SUIT_DIAMONDS), "d");
    assert_string_equal(render_suit(&plain, SUIT_HEARTS), "h");
    assert_string_equal(render_suit_name(&plain, SUIT_SPADES), "spade");
    assert_string_equal(render_suit_name(&plain, SUIT_CLUBS), "club");
    assert_string_equal(render_suit_name(&plain, SUIT_DIAMONDS), "diamond");
    assert_string_equal(render_suit_name(&plain, SUIT_HEARTS), "heart");
}

/* 6♠ 9♠ J♠, 7♣, 10♦, 8♥ A♥. */
static cards_t sample_hand(void)
{
    return card_bit(card(RANK_6, SUIT_SPADES)) | card_bit(card(RANK_9, SUIT_SPADES))
           | card_bit(card(RANK_J, SUIT_SPADES)) | card_bit(card(RANK_7, SUIT_CLUBS))
           | card_bit(card(RANK_10, SUIT_DIAMONDS)) | card_bit(card(RANK_8, SUIT_HEARTS))
           | card_bit(card(RANK_A, SUIT_HEARTS));
}

/* By suit (spades, clubs, diamonds, hearts) with the trump suit last, each by rank, suits
 * apart by " · ". */
static void test_hand(void **state)
{
    (void)state;
    char buf[256];
    cards_t h = sample_hand();
    assert_string_equal(render_hand(&unicode, h, SUIT_HEARTS, buf, sizeof buf),
                        "6" SPADE " 9" SPADE " J" SPADE " \xC2\xB7 7" CLUB " \xC2\xB7 10" DIAMOND
                        " \xC2\xB7 8" HEART " A" HEART);
    assert_string_equal(render_hand(&unicode, h, SUIT_SPADES, buf, sizeof buf),
                        "7" CLUB " \xC2\xB7 10" DIAMOND " \xC2\xB7 8" HEART " A" HEART
                        " \xC2\xB7 6" SPADE " 9" SPADE " J" SPADE);
    assert_string_equal(render_hand(&plain, h, SUIT_CLUBS, buf, sizeof buf),
                        "6s 9s Js \xC2\xB7 10d \xC2\xB7 8h Ah \xC2\xB7 7c");
    assert_string_equal(
        render_hand(&coloured_letters, h, SUIT_DIAMONDS, buf, sizeof buf),
        "6s 9s Js \xC2\xB7 7c \xC2\xB7 " RED("8h") " " RED("Ah") " \xC2\xB7 " RED("10d"));
    /* only trumps; a suit with no cards leaves no separator */
    cards_t trumps = card_bit(card(RANK_A, SUIT_HEARTS)) | card_bit(card(RANK_2, SUIT_HEARTS));
    assert_string_equal(render_hand(&plain, trumps, SUIT_HEARTS, buf, sizeof buf), "2h Ah");
    assert_string_equal(render_hand(&plain, 0, SUIT_HEARTS, buf, sizeof buf), "(none)");
}

/* Cut to the room given, always NUL-terminated, and at a character's start: a long list of moves
 * in Russian or with suit symbols never ends in half a character. */
static void test_hand_room(void **state)
{
    (void)state;
    char buf[8];
    render_hand(&plain, sample_hand(), SUIT_HEARTS, buf, sizeof buf);
    assert_string_equal(buf, "6s 9s J");
    render_opts ru = plain;
    ru.lang = MSG_LANG_RU;
    for (size_t cap = 1; cap <= 12; cap++) { /* "(нет карт)": two bytes a letter */
        render_hand(&ru, 0, SUIT_HEARTS, buf, cap < sizeof buf ? cap : sizeof buf);
        assert_true(utf8_valid(buf, strlen(buf)));
    }
    render_hand(&unicode, sample_hand(), SUIT_HEARTS, buf,
                sizeof buf); /* "6♠ 9♠": 3 bytes a suit */
    assert_true(utf8_valid(buf, strlen(buf)));
}

/* Colours only add codes: stripped, a coloured hand is the plain one. */
static void test_hand_colours_strip(void **state)
{
    (void)state;
    char a[256], b[256], stripped[256];
    for (int trump = 0; trump < SUIT_COUNT; trump++) {
        render_hand(&coloured, sample_hand(), trump, a, sizeof a);
        render_hand(&unicode, sample_hand(), trump, b, sizeof b);
        mirc_strip(stripped, a, strlen(a));
        assert_string_equal(stripped, b);
    }
}

static void test_table(void **state)
{
    (void)state;
    durak_game g;
    char buf[256];
    memset(&g, 0, sizeof g);
    memset(g.attack, CARD_NONE, sizeof g.attack);
    memset(g.cover, CARD_NONE, sizeof g.cover);
    assert_string_equal(render_table(&unicode, &g, buf, sizeof buf), "(empty)");
    g.nattack = 3;
    g.attack[0] = card(RANK_7, SUIT_SPADES);
    g.cover[0] = card(RANK_9, SUIT_SPADES);
    g.attack[1] = card(RANK_8, SUIT_CLUBS);
    g.attack[2] = card(RANK_8, SUIT_HEARTS);
    g.cover[2] = card(RANK_6, SUIT_DIAMONDS);
    assert_string_equal(render_table(&unicode, &g, buf, sizeof buf),
                        "7" SPADE "/9" SPADE " 8" CLUB "/? 8" HEART "/6" DIAMOND);
    assert_string_equal(render_table(&plain, &g, buf, sizeof buf), "7s/9s 8c/? 8h/6d");
    assert_string_equal(render_table(&coloured_letters, &g, buf, sizeof buf),
                        "7s/9s 8c/? " RED("8h") "/" RED("6d"));
}

static durak_action action(int kind, card_t c, card_t target)
{
    durak_action a;
    memset(&a, 0, sizeof a);
    a.kind = (uint8_t)kind;
    a.card = c;
    a.target = target;
    return a;
}

static void test_action(void **state)
{
    (void)state;
    char buf[64];
    card_t n = CARD_NONE;
    assert_string_equal(
        render_action(&unicode, action(DURAK_ACT_PLAY, card(RANK_7, SUIT_HEARTS), n), buf, 64),
        "play 7" HEART);
    assert_string_equal(
        render_action(&unicode,
                      action(DURAK_ACT_BEAT, card(RANK_9, SUIT_SPADES), card(RANK_7, SUIT_SPADES)),
                      buf, 64),
        "beat 9" SPADE " 7" SPADE);
    assert_string_equal(render_action(&plain, action(DURAK_ACT_TAKE, n, n), buf, 64), "take");
    assert_string_equal(render_action(&plain, action(DURAK_ACT_PASS, n, n), buf, 64), "pass");
    assert_string_equal(
        render_action(&plain, action(DURAK_ACT_TRANSFER, card(RANK_10, SUIT_HEARTS), n), buf, 64),
        "transfer 10h");
    assert_string_equal(
        render_action(&coloured, action(DURAK_ACT_PLAY, card(RANK_Q, SUIT_DIAMONDS), n), buf, 64),
        "play " RED("Q" DIAMOND));
    assert_string_equal(render_action(&plain, action(99, n, n), buf, 64), "?");
}

/* A list names a beat's target only where its card covers more than one uncovered card: "beat
 * 6♥" is understood as it is (the bot completes it), "beat 9♠" would be asked which. */
static void test_actions(void **state)
{
    (void)state;
    char buf[256];
    durak_action a[4] = {
        action(DURAK_ACT_BEAT, card(RANK_9, SUIT_SPADES), card(RANK_7, SUIT_SPADES)),
        action(DURAK_ACT_BEAT, card(RANK_9, SUIT_SPADES), card(RANK_8, SUIT_SPADES)),
        action(DURAK_ACT_BEAT, card(RANK_6, SUIT_HEARTS), card(RANK_7, SUIT_SPADES)),
        action(DURAK_ACT_TAKE, CARD_NONE, CARD_NONE),
    };
    assert_string_equal(render_actions(&unicode, a, 4, buf, sizeof buf),
                        "beat 9" SPADE " 7" SPADE " | beat 9" SPADE " 8" SPADE " | beat 6" HEART
                        " | take");
    assert_string_equal(render_actions(&unicode, a + 1, 3, buf, sizeof buf),
                        "beat 9" SPADE " | beat 6" HEART " | take");
    assert_string_equal(render_action(&unicode, a[2], buf, sizeof buf),
                        "beat 6" HEART " 7" SPADE); /* one move alone keeps its target */
    assert_string_equal(render_actions(&plain, a + 3, 1, buf, sizeof buf), "take");
    assert_string_equal(render_actions(&plain, a, 0, buf, sizeof buf), "");
}

/* What the bot writes, the parser reads: every card of a 52-card deck, both suit styles. */
static void test_cards_read_back(void **state)
{
    (void)state;
    for (int suit = 0; suit < SUIT_COUNT; suit++)
        for (int rank = 0; rank < RANK_COUNT; rank++) {
            card_t c = card(rank, suit);
            const char *u = card_text(&unicode, c);
            assert_int_equal(parse_card(u, strlen(u)), c);
            const char *p = card_text(&plain, c);
            assert_int_equal(parse_card(p, strlen(p)), c);
        }
}

/* The hand counts as each language says them: Russian "на руках у ann 6, у вас 6" (at, you),
 * not "на руках ann 6, вы 6"; English "hands ann 6, you 6". */
static void test_hand_counts_in_words(void **state)
{
    (void)state;
    durak_options o = durak_default_options();
    render_seats s = { .n = 2, .name = { "ann", "bob" }, .you = { false, true } };
    durak_game g;
    assert_true(durak_new(&g, &o, 1));
    const render_opts ru = { .unicode = true, .lang = MSG_LANG_RU };
    char line[512];
    render_status(&ru, &s, &g, false, line, sizeof line);
    if (!strstr(line, "на руках у ann 6, у вас 6"))
        fail_msg("Russian hand counts: %s", line);
    render_status(&plain, &s, &g, false, line, sizeof line);
    if (!strstr(line, "hands ann 6, you 6"))
        fail_msg("English hand counts: %s", line);
}

/* Every option at once, in every language, fits RENDER_OPTIONS_MAX whole: the lobby's line used
 * to lose its end ("игра пара") when a Russian option grew past the buffer the callers had. */
static void test_options_fit(void **state)
{
    (void)state;
    durak_options o = durak_default_options();
    o.variant = DURAK_VARIANT_TRANSFER;
    o.throwin = DURAK_THROWIN_NEIGHBOURS;
    o.first5 = 1;
    o.teams = 1;
    for (int lang = 0; lang < MSG_LANG_COUNT; lang++) {
        const render_opts r = { .lang = (msg_lang)lang };
        char buf[RENDER_OPTIONS_MAX + 1];
        render_options(&r, &o, buf, sizeof buf);
        const char *teams = msg_in((msg_lang)lang, MSG_OPTIONS_TEAMS);
        size_t n = strlen(buf), t = strlen(teams);
        if (n >= RENDER_OPTIONS_MAX || n < t || strcmp(buf + n - t, teams))
            fail_msg("%s: \"%s\" (%zu bytes) is cut or over %d", msg_lang_code((msg_lang)lang), buf,
                     n, RENDER_OPTIONS_MAX);
    }
}

/* Cards, hands, the table and moves in the reader's language: Russian В Д К Т and
 * п т б ч, French V D R A and p t ca co, Spanish J Q K A and p t d co; the move words are the ones
 * that language's players type. */
static void test_languages(void **state)
{
    (void)state;
    const render_opts ru = { .unicode = true, .lang = MSG_LANG_RU };
    const render_opts ru_plain = { .lang = MSG_LANG_RU };
    const render_opts fr_plain = { .lang = MSG_LANG_FR };
    const render_opts es = { .unicode = true, .lang = MSG_LANG_ES };
    char buf[256];
    cards_t h = sample_hand();
    assert_string_equal(render_hand(&ru, h, SUIT_HEARTS, buf, sizeof buf),
                        "6" SPADE " 9" SPADE " В" SPADE " \xC2\xB7 7" CLUB " \xC2\xB7 10" DIAMOND
                        " \xC2\xB7 8" HEART " Т" HEART);
    assert_string_equal(render_hand(&ru_plain, h, SUIT_CLUBS, buf, sizeof buf),
                        "6п 9п Вп \xC2\xB7 10б \xC2\xB7 8ч Тч \xC2\xB7 7т");
    assert_string_equal(render_hand(&fr_plain, h, SUIT_CLUBS, buf, sizeof buf),
                        "6p 9p Vp \xC2\xB7 10ca \xC2\xB7 8co Aco \xC2\xB7 7t");
    assert_string_equal(render_hand(&ru, 0, SUIT_HEARTS, buf, sizeof buf), "(нет карт)");
    assert_string_equal(render_suit_name(&ru, SUIT_CLUBS), "треф");
    assert_string_equal(render_suit_name(&es, SUIT_HEARTS), "corazones");
    durak_action a[3] = {
        action(DURAK_ACT_BEAT, card(RANK_K, SUIT_SPADES), card(RANK_7, SUIT_SPADES)),
        action(DURAK_ACT_TRANSFER, card(RANK_7, SUIT_DIAMONDS), CARD_NONE),
        action(DURAK_ACT_TAKE, CARD_NONE, CARD_NONE),
    };
    assert_string_equal(render_actions(&ru, a, 3, buf, sizeof buf),
                        "бью К" SPADE " | перевожу 7" DIAMOND " | беру");
    assert_string_equal(render_action(&ru, a[0], buf, sizeof buf), "бью К" SPADE " 7" SPADE);
    assert_string_equal(render_actions(&fr_plain, a, 3, buf, sizeof buf),
                        "couvre Rp | transfère 7ca | ramasse");
    assert_string_equal(render_actions(&es, a, 3, buf, sizeof buf),
                        "cubro K" SPADE " | transfiero 7" DIAMOND " | recojo");
    const render_opts pass_ru = { .lang = MSG_LANG_RU };
    assert_string_equal(
        render_action(&pass_ru, action(DURAK_ACT_PASS, CARD_NONE, CARD_NONE), buf, sizeof buf),
        "пас");
    /* Russian cards with Unicode suits read back (Cyrillic ranks: parse_cardtext.c) */
    for (int suit = 0; suit < SUIT_COUNT; suit++)
        for (int rank = RANK_6; rank < RANK_COUNT; rank++) {
            card_t c = card(rank, suit);
            const char *u = card_text(&ru, c);
            assert_int_equal(parse_card(u, strlen(u)), c);
        }
}

/* A name in the narration gets a zero-width space after its first character (a UTF-8
 * character whole), so clients do not highlight it; a one-letter name stays as it is. */
static void test_quiet_names(void **state)
{
    (void)state;
    render_seats s = { .n = 4, .name = { "alice", "\xD0\x90\xD0\xBD\xD1\x8F", "x", "" } };
    for (int i = 0; i < 4; i++)
        render_quiet_name(&s, i);
    assert_string_equal(s.quiet[0], "a\xE2\x80\x8Blice");
    assert_string_equal(s.quiet[1], "\xD0\x90\xE2\x80\x8B\xD0\xBD\xD1\x8F"); /* Аня */
    assert_string_equal(s.quiet[2], "");
    assert_string_equal(s.quiet[3], "");
    char nick[65];
    memset(nick, 'n', 64), nick[64] = '\0';
    s.name[0] = nick;
    render_quiet_name(&s, 0);
    assert_int_equal(strlen(s.quiet[0]), 67); /* the longest nick fits */
}

/* R17 and the hidden hands: whether a line says "or transfer" follows what every player sees, never
 * whether the defender holds a card of the attack's rank. Two games alike but for one card of the
 * defender's (one of the attack's rank swapped for a card of the stock) get the same lines. The
 * defender's own prompt offers the transfer only when they can make it. */
static void test_transfer_offer_hides_the_hand(void **state)
{
    (void)state;
    durak_options o = durak_default_options();
    o.variant = DURAK_VARIANT_TRANSFER;
    render_seats s = { .n = 2, .name = { "ann", "bob" } };
    int found = 0;
    for (uint64_t seed = 1; seed < 400 && found < 2; seed++) {
        durak_game g, other;
        assert_true(durak_new(&g, &o, seed));
        durak_action a[DURAK_MAX_ACTIONS];
        int n = durak_legal(&g, a);
        assert_int_equal(durak_apply(&g, a[n - 1]), DURAK_OK); /* the lead */
        if (!durak_transfer_open(&g))
            continue;
        int rank = card_rank(g.attack[0]), d = g.defender;
        other = g;
        bool holds = false, swapped = false;
        for (int c = 0; c < 64; c++)
            holds |= cards_has(g.hand[d], (card_t)c) && card_rank((card_t)c) == rank;
        for (int c = 0; c < 64 && !swapped;
             c++) { /* one card of the rank, or another, to the stock */
            if (!cards_has(g.hand[d], (card_t)c) || (card_rank((card_t)c) == rank) != holds)
                continue;
            for (int i = 1; i < g.stock_len && !swapped; i++) {
                card_t x = g.stock[i];
                if ((card_rank(x) == rank) == holds)
                    continue;
                other.hand[d] = (other.hand[d] & ~card_bit((card_t)c)) | card_bit(x);
                other.stock[i] = (card_t)c;
                swapped = true;
            }
        }
        if (!swapped)
            continue;
        found += 1 + holds; /* both ways round, in time */
        char mine[512], theirs[512];
        render_head(&plain, &s, &g, mine, sizeof mine);
        render_head(&plain, &s, &other, theirs, sizeof theirs);
        assert_string_equal(mine, theirs);
        assert_non_null(strstr(mine, "take or transfer"));
        render_decision(&plain, &s, &g, mine, sizeof mine);
        render_decision(&plain, &s, &other, theirs, sizeof theirs);
        assert_string_equal(mine, theirs);
        /* told to the defender alone, "or transfer" follows the hand */
        render_task(&plain, &s, &g, true, mine, sizeof mine);
        render_task(&plain, &s, &other, true, theirs, sizeof theirs);
        assert_true((strstr(mine, "transfer") != NULL) == holds);
        assert_true((strstr(theirs, "transfer") != NULL) == !holds);
    }
    assert_true(found >= 2);
}

/* The line of the move that draws the stock's last card names the trump once: "bob draws the last
 * card, the trump 9c · stock 0 · hands ..." (its status leaves the trump out). */
static void test_last_card_names_the_trump_once(void **state)
{
    (void)state;
    durak_options o = durak_default_options();
    render_seats s = { .n = 2, .name = { "ann", "bob" } };
    int found = 0;
    for (uint64_t seed = 1; seed < 20; seed++) {
        durak_game g, before;
        assert_true(durak_new(&g, &o, seed));
        for (int step = 0; step < 500 && !durak_over(&g); step++) {
            durak_action a[DURAK_MAX_ACTIONS];
            int n = durak_legal(&g, a);
            before = g;
            assert_int_equal(durak_apply(&g, a[(seed + (uint64_t)step) % (uint64_t)n]), DURAK_OK);
            if (g.trump_owner == before.trump_owner || g.trump_owner >= DURAK_MAX_PLAYERS)
                continue;
            char line[1024], trump[RENDER_CARD_MAX];
            assert_true(render_report(&plain, &s, &before, &g, a[0], "", line, sizeof line));
            render_card(&plain, g.trump_card, trump, sizeof trump);
            const char *named = strstr(line, "draws the last card, the trump ");
            assert_non_null(named);
            assert_non_null(strstr(named, trump));
            assert_null(
                strstr(named + strlen("draws the last card, the trump "), "trump ")); /* once */
            assert_non_null(strstr(line, "stock 0 \xC2\xB7 hands "));
            found++;
        }
    }
    assert_true(found >= 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_card),
        cmocka_unit_test(test_card_colours),
        cmocka_unit_test(test_suits),
        cmocka_unit_test(test_hand),
        cmocka_unit_test(test_hand_room),
        cmocka_unit_test(test_hand_colours_strip),
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_action),
        cmocka_unit_test(test_actions),
        cmocka_unit_test(test_cards_read_back),
        cmocka_unit_test(test_languages),
        cmocka_unit_test(test_options_fit),
        cmocka_unit_test(test_hand_counts_in_words),
        cmocka_unit_test(test_quiet_names),
        cmocka_unit_test(test_transfer_offer_hides_the_hand),
        cmocka_unit_test(test_last_card_names_the_trump_once),
    };
    return cmocka_run_group_tests_name("render", tests, NULL, NULL);
}
