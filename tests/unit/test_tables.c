/* test_tables.c — the tables module driven by events, no sockets: lobbies, complete
 * games of 2..6 players in both variants, illegal moves, timers, presence, two channels, which
 * lines are a game's and which are replies, a line with no memory for it. */
#include "tables_harness.h"

#include "export.h"
#include "failalloc.h"
#include "log_capture.h"

#include "tables_internal.h" /* a closed table's slot */

#include <sqlite3.h>

static void test_complete_games(void **state)
{
    (void)state;
    for (int players = 2; players <= 6; players++) {
        for (int variant = 0; variant < 2; variant++) {
            harness *h = h_new((uint64_t)(players * 10 + variant));
            lobby(h, "#durak", variant ? "transfer" : "classic", NICKS, players);
            chan(h, "alice", "#durak", "!start");
            assert_non_null(said(h, "#durak", "starts"));
            for (int i = 0; i < players; i++) /* the first to act: the hand in the turn line */
                assert_true(said(h, NICKS[i], "Your hand in #durak")
                            || said(h, NICKS[i], "Your turn in #durak"));
            moves_made = lines_sent = 0;
            const char *end = play_to_end(h, "#durak", NICKS, players, (uint64_t)players);
            assert_true(strstr(end, "durak") || strstr(end, "draw"));
            if (getenv("TABLES_SHOW"))
                printf("%d players, %s: %.2f lines per move over %ld moves\n", players,
                       variant ? "transfer" : "classic", (double)lines_sent / (double)moves_made,
                       moves_made);
            assert_int_equal(tables_count(h->t), 0);
            h_free(h);
        }
    }
}

/* R3: with 6 players and 36 cards no stock is left: the trump card is the last one dealt, face up
 * in its owner's hand, and the start line says whose (the engine's trump_owner); with a stock, no
 * owner is named. */
static void test_trump_card_held(void **state)
{
    (void)state;
    for (int players = 5; players <= 6; players++) {
        harness *h = h_new(7);
        lobby(h, "#durak", "", NICKS, players);
        chan(h, "alice", "#durak", "!start");
        const table_t *tb = tables_find(h->t, "#durak");
        int holder = -1;
        for (int s = 0; s < players; s++)
            holder = cards_has(tb->g.hand[s], tb->g.trump_card) ? s : holder;
        assert_int_equal(holder >= 0, players == 6);
        char card[RENDER_CARD_MAX], want[64];
        render_opts r = tables_ropts_to(h->t, "#durak");
        render_card(&r, tb->g.trump_card, card, sizeof card);
        snprintf(want, sizeof want, "Trump: %s, in %s's hand. ", card,
                 holder >= 0 ? NICKS[holder] : "");
        const char *start = said(h, "#durak", "starts: ");
        assert_non_null(start);
        if ((strstr(start, want) != NULL) != (holder >= 0)
            || (holder < 0 && strstr(start, "'s hand")))
            fail_msg("%d players, wanted \"%s\" or none: %s", players, want, start);
        h_free(h);
    }
}

static void test_lobby_rules(void **state)
{
    (void)state;
    harness *h = h_new(1);
    chan(h, "alice", "#durak", "!start");
    assert_non_null(said(h, "alice", "No game in #durak"));
    chan(h, "alice", "#durak", "!strat"); /* no game: maybe another bot's word */
    assert_int_equal(h->o.len, 0);
    chan(h, "alice", "#durak", "!durka"); /* the opener's: ours, even with no game */
    assert_non_null(said(h, "alice", "\"!durka\" is not a command: did you mean !durak?"));
    assert_int_equal(tables_count(h->t), 0);
    chan(h, "alice", "#durak", "!durak transfer neighbours first5");
    assert_non_null(said(h, "#durak", "transfer, throw-in by neighbours, first bout 5 cards"));
    chan(h, "bob", "#durak", "!durak");
    assert_non_null(said(h, "bob", "already open"));
    chan(h, "alice", "#durak", "!start");
    assert_non_null(said(h, "alice",
                         "At least 2 players are needed: others can type !join, or "
                         "!bot adds a computer player."));
    chan(h, "bob", "#durak", "!join");
    chan(h, "bob", "#durak", "!join");
    assert_non_null(said(h, "bob", "already seated"));
    chan(h, "bob", "#other", "!durak");
    assert_non_null(said(h, "bob", "already sit"));
    chan(h, "bob", "#durak", "!start");
    assert_non_null(said(h, "bob", "Only alice"));
    priv(h, "bob", "moves");
    assert_non_null(said(h, "bob", "has not started"));
    chan(h, "alice", "#durak", "!leave");
    assert_non_null(said(h, "#durak", /* creator passes on, and cannot start alone */
                         "alice leaves. Seated: bob. bob can start once a second player is seated: "
                         "!join takes a seat, !bot adds a computer player."));
    chan(h, "bob", "#durak", "!stop");
    assert_non_null(said(h, "#durak", "closes the game"));
    assert_int_equal(tables_count(h->t), 0);
    chan(h, "bob", "#durak", "hello !durak"); /* not a command */
    assert_int_equal(h->o.len, 0);
    h_free(h);
}

static void test_lobby_timeout(void **state)
{
    (void)state;
    harness *h = h_new(2);
    chan(h, "alice", "#durak", "!durak");
    double deadline = tables_next_deadline(h->t);
    assert_true(deadline > h->now);
    tick(h, deadline - 1);
    assert_int_equal(h->o.len, 0);
    tick(h, deadline);
    assert_non_null(said(h, "#durak", "Nobody started the game in time"));
    assert_int_equal(tables_count(h->t), 0);
    h_free(h);
}

/* Scans of the tables stop after the last used slot: tables closing in any order (the last slot,
 * then one below) and a new one taking a freed slot are still all found, ticked and counted. A
 * closed slot is all zero again (its pages given back), as a new table expects. */
static void test_tables_in_freed_slots(void **state)
{
    (void)state;
    harness *h = h_new(2);
    chan(h, "alice", "#a", "!durak");
    double first = tables_next_deadline(h->t);
    h->now += 10;
    chan(h, "bob", "#b", "!durak");
    h->now += 10;
    chan(h, "carol", "#c", "!durak");
    assert_int_equal(tables_count(h->t), 3);
    tick(h, first); /* #a, the first slot, times out */
    assert_int_equal(tables_count(h->t), 2);
    static const table_t zero;
    assert_memory_equal(&h->t->tab[0], &zero, sizeof zero); /* all zero for the next table */
    double b = tables_next_deadline(h->t);
    chan(h, "dave", "#d", "!durak"); /* takes the first slot again */
    tick(h, b);                      /* #b */
    assert_int_equal(tables_count(h->t), 2);
    tick(h, tables_next_deadline(h->t)); /* #c, the last slot */
    assert_int_equal(tables_count(h->t), 1);
    double d = tables_next_deadline(h->t);
    assert_true(d > h->now); /* #d's lobby is still ticked */
    chan(h, "frank", "#d", "!join");
    assert_non_null(said(h, "#d", "frank"));
    tick(h, d);
    assert_non_null(said(h, "#d", "Nobody started the game in time"));
    assert_int_equal(tables_count(h->t), 0);
    h_free(h);
}

static void test_stranger_and_help(void **state)
{
    (void)state;
    harness *h = h_new(3);
    priv(h, "zed", "take");
    assert_non_null(said(h, "zed", "You are not in a game"));
    assert_non_null(said(h, "zed", "or play one here against computer players: play."));
    priv(h, "zed", "7x");
    assert_non_null(said(h, "zed", "not a card"));
    chan(h, "zed", "#durak", "!help"); /* one line, where it was asked */
    assert_int_equal(h->o.len, 1);
    assert_non_null(said(h, "#durak", "zed: !durak opens a game"));
    assert_non_null(
        said(h, "#durak", "help commands, moves, cards, bots, stats, solo, teams or rules"));
    chan(h, "zed", "#durak", "!help commands"); /* longer: privately, a pointer in the channel */
    assert_non_null(said(h, "#durak", "zed: the help on commands is in a private message"));
    assert_non_null(said(h, "zed", "!bot [easy|normal|hard|expert] seats a computer player"));
    assert_non_null(said(h, "zed", "!help [commands|moves|cards|bots|stats|solo|teams|rules]."));
    chan(h, "zed", "#durak", "!help bots");
    assert_non_null(said(h, "zed", "!bot remove takes"));
    chan(h, "zed", "#durak", "!help alice is a durak"); /* no topic: the one line, no echo */
    assert_int_equal(h->o.len, 1);
    assert_non_null(said(h, "#durak", "zed: !durak opens a game"));
    assert_null(said(h, NULL, "alice"));
    chan(h, "Normal[bot]", "#durak", "!durak"); /* a person named like a computer player */
    assert_non_null(said(h, "Normal[bot]", "Nicks ending in [bot] are kept for computer players"));
    assert_int_equal(tables_count(h->t), 0);
    priv(h, "hard{BOT}", "play"); /* the same nick to a server folding rfc1459 */
    assert_non_null(said(h, "hard{BOT}", "Nicks ending in [bot] are kept"));
    assert_int_equal(tables_count(h->t), 0);
    priv(h, "zed", "help nonsense"); /* privately: the word, and the topics there are */
    assert_non_null(said(h, "zed", "No help on \"nonsense\": try help with commands"));
    /* every language's list of topics names the rules, which are one */
    static const char *const topics[][2] = {
        { "help nonsense", "stats, solo, teams or rules" },
        { "помощь ерунда", "статистика, соло, пары или правила" },
        { "aide bêtise", "solo, équipes ou règles" },
        { "ayuda tontería", "solo, equipos o reglas" },
    };
    for (size_t k = 0; k < sizeof topics / sizeof topics[0]; k++) {
        priv(h, "zed", topics[k][0]);
        assert_non_null(said(h, "zed", topics[k][1]));
    }
    priv(h, "zed", "help");
    assert_non_null(said(h, "zed", "Moves: play C"));
    chan(h, "zed", "#durak", "!rules"); /* in the channel, where it was asked */
    assert_true(h->o.len >= 1 && h->o.len <= 3);
    assert_non_null(said(h, "#durak", "Durak (classic)"));
    priv(h, "zed", "rules"); /* and privately */
    assert_non_null(said(h, "zed", "Durak (classic)"));
    priv(h, "zed", "help rules"); /* the rules as a help topic too, in every language's words */
    assert_non_null(said(h, "zed", "Durak (classic)"));
    priv(h, "zed", "помощь правила");
    assert_non_null(said(h, "zed", "Дурак (подкидной)"));
    h_free(h);
}

static void test_flood_limit(void **state)
{
    (void)state;
    harness *h = h_new(4);
    h->step = 0.01;
    int answers = 0;
    for (int i = 0; i < 20; i++) {
        chan(h, "zed", "#durak", "!help");
        answers += h->o.len > 0;
    }
    assert_true(answers >= 1 && answers <= 5);
    /* on one's turn a mistyped move is answered however fast it comes, like a move; the
     * other player's stay limited */
    start_two(h, "#durak");
    char moves[512];
    h->step = 1;
    int actor = whose_turn(h, NICKS, 2, moves, sizeof moves);
    h->step = 0.01;
    int mine = 0, theirs = 0, typos = 0;
    for (int i = 0; i < 20; i++) {
        priv(h, NICKS[actor], "play 7x");
        mine += said(h, NICKS[actor], "\"7x\" is not a card") != NULL;
        priv(h, NICKS[actor], "tkae"); /* a move's word mistyped: "did you mean take?" */
        typos += said(h, NICKS[actor], "did you mean") != NULL;
        priv(h, NICKS[1 - actor], "play 7x");
        theirs += said(h, NICKS[1 - actor], "") != NULL;
    }
    assert_int_equal(mine, 20);
    assert_int_equal(typos, 20);
    assert_true(theirs <= 5);
    /* but words that are no move at all ("абв", a client answering each notice) are limited on
     * one's turn too */
    h->now += 10; /* a full bucket again (4 tokens, one each 2 s) */
    int junk = 0;
    for (int i = 0; i < 20; i++) {
        priv(h, NICKS[actor], "abc");
        junk += said(h, NICKS[actor], "\"abc\" is not a command or a card") != NULL;
    }
    assert_true(junk >= 4 && junk <= 5);
    h_free(h);
}

/* Every message of the outbox has priority p (after tables_rank_lines, as the loop does). */
static void assert_all_prio(harness *h, out_prio p)
{
    tables_rank_lines(h->t, &h->o);
    assert_true(h->o.len > 0);
    for (size_t i = 0; i < h->o.len; i++)
        assert_int_equal(h->o.items[i].prio, p);
}

/* Game lines go first in the send queue, replies after them (bounded and dropped when stale):
 * a stranger's help, !table and !top are replies; the game's public lines, hands, moves and the
 * notices to its players are game lines. */
static void test_line_priorities(void **state)
{
    (void)state;
    harness *h = h_new(5);
    chan(h, "zed", "#durak", "!help");
    assert_all_prio(h, OUT_REPLY);
    chan(h, "zed", "#durak", "!top"); /* public, but an answer to zed alone */
    assert_non_null(said(h, "#durak", ""));
    assert_all_prio(h, OUT_REPLY);
    lobby(h, "#durak", "", NICKS, 2);
    assert_all_prio(h, OUT_GAME); /* "bob joins" */
    chan(h, "carol", "#durak", "!table");
    assert_all_prio(h, OUT_REPLY);
    chan(h, "alice", "#durak", "!start");
    assert_true(said(h, "alice", "Your hand") || said(h, "alice", "Your turn"));
    assert_all_prio(h, OUT_GAME);
    priv(h, "alice", "moves");
    assert_all_prio(h, OUT_GAME);
    priv(h, "bob", "7x"); /* a notice, but to a player of a running game */
    assert_int_equal(h->o.items[0].kind, OUT_NOTICE);
    assert_int_equal(h->o.items[0].prio, OUT_REPLY);
    assert_all_prio(h, OUT_GAME);
    priv(h, "bob", "help"); /* a seated player's help */
    assert_all_prio(h, OUT_GAME);
    priv(h, "zed", "7x");
    assert_all_prio(h, OUT_REPLY);
    h_free(h);
}

/* A two-player game of h one move in (the lead): the defender's seat, their `moves` answer into
 * moves ("" when none came) and their hand's words after "Your hand in #durak: " into cards. */
static int defender_after_lead(harness *h, char *moves, size_t mcap, char *cards, size_t ccap)
{
    start_two(h, "#durak");
    int d = 1 - play_random_move(h, NICKS, 2, 1);
    priv(h, NICKS[d], "moves");
    const char *m = said(h, NICKS[d], "Your moves: ");
    snprintf(moves, mcap, "%s", m ? m : "");
    priv(h, NICKS[d], "hand");
    const char *hand = said(h, NICKS[d], "Your hand");
    assert_non_null(hand);
    snprintf(cards, ccap, "%s", strchr(hand, ':') + 2);
    return d;
}

/* A defender with no card that covers the led one is not told to play a higher one of its suit
 * or a trump: that no card of theirs does, and to take. */
static void test_no_cover_says_take(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 400; seed++) {
        harness *h = h_new(seed);
        char moves[1024], cards[512];
        int d = defender_after_lead(h, moves, sizeof moves, cards, sizeof cards);
        if (!moves[0] || strstr(moves, "beat ")) { /* a cover, or not the defender's turn */
            h_free(h);
            continue;
        }
        *strchr(cards, ' ') = '\0'; /* the first card of the hand */
        char beat[64];
        snprintf(beat, sizeof beat, "beat %.32s", cards);
        priv(h, NICKS[d], beat);
        const char *why = said(h, NICKS[d], "does not beat");
        assert_non_null(why);
        assert_non_null(strstr(why, ", and no card of yours does: take, or type moves."));
        h_free(h);
        return;
    }
    fail_msg("no seed left the defender without a cover");
}

/* Finds a card in the defender's hand that does not beat the led card and tries it. */
static void test_illegal_move_reason(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 50; seed++) {
        harness *h = h_new(seed);
        char mine[1024], cards[512];
        int d = defender_after_lead(h, mine, sizeof mine, cards, sizeof cards), i = 1 - d;
        assert_true(mine[0]);
        assert_non_null(strstr(cards, " (trump"));
        *strstr(cards, " (trump") = '\0'; /* "6s 9s · 7c": try each card */
        char *save = NULL;
        for (char *c = strtok_r(cards, " ", &save); c; c = strtok_r(NULL, " ", &save)) {
            char beat[64];
            snprintf(beat, sizeof beat, "beat %s", c);
            if (c[0] == '\xC2' || strstr(mine, beat))
                continue;
            priv(h, NICKS[d], beat);
            const char *why = said(h, NICKS[d], "does not beat");
            assert_non_null(why);
            assert_non_null(strstr(why, "or take"));
            assert_null(said(h, "#durak", "")); /* nothing changed publicly */
            priv(h, NICKS[i], "take");
            assert_non_null(said(h, NICKS[i], "No moves"));
            h_free(h);
            return;
        }
        h_free(h);
    }
    fail_msg("no seed gave a non-beating card");
}

/* "beat C" from the player who leads, with nothing on the table to cover (R6): a clear
 * "lead" answer, not a cover of a card that is not there. */
static void test_beat_with_nothing_to_cover(void **state)
{
    (void)state;
    harness *h = h_new(3);
    start_two(h, "#durak");
    char moves[1024], card[16];
    int i = whose_turn(h, NICKS, 2, moves, sizeof moves);
    assert_true(i >= 0);
    priv(h, NICKS[i], "hand");
    const char *hand = said(h, NICKS[i], "Your hand");
    assert_non_null(hand);
    assert_int_equal(sscanf(strchr(hand, ':') + 2, "%15s", card), 1);
    char beat[64];
    snprintf(beat, sizeof beat, "beat %s", card);
    priv(h, NICKS[i], beat);
    const char *why = said(h, NICKS[i], "");
    assert_non_null(why);
    assert_non_null(strstr(why, "you are to lead"));
    assert_null(said(h, "#durak", "")); /* nothing changed publicly */
    priv(h, NICKS[i], "moves");
    assert_non_null(said(h, NICKS[i], "Your moves: ")); /* still their lead */
    h_free(h);
}

/* A card "7h", "10s", "As" of the bot's ASCII notation written as a Russian player types it:
 * "7ч", "10п", "Тп". */
static void card_in_russian(const char *card, char *out, size_t cap)
{
    static const char *const suits = "scdh";
    static const char *const ru_suits[] = { "п", "т", "б", "ч" };
    size_t n = strlen(card);
    const char *rank = card[0] == 'J'   ? "В"
                       : card[0] == 'Q' ? "Д"
                       : card[0] == 'K' ? "К"
                       : card[0] == 'A' ? "Т"
                                        : NULL;
    int suit = (int)(strchr(suits, card[n - 1]) - suits);
    if (rank)
        snprintf(out, cap, "%s%s", rank, ru_suits[suit]);
    else
        snprintf(out, cap, "%.*s%s", (int)(n - 1), card, ru_suits[suit]);
}

/* A game opened, joined, started and played in Russian words speaks Russian; an ace
 * written with Cyrillic Т and a Cyrillic suit is played without a word on how it was read, and
 * with a Latin T (which could be the ten) it is not played: the player is asked which. */
static void test_russian_words(void **state)
{
    (void)state;
    static const char *const symbols[] = { "♠", "♣", "♦", "♥" }, *const letters[] = { "п", "т", "б",
                                                                                      "ч" };
    for (uint64_t seed = 0; seed < 60; seed++) {
        harness *h = h_new(seed);
        /* opened in Russian words in a channel without a language: the game speaks Russian */
        chan(h, "alice", "#durak", "!дурак подкидной");
        assert_non_null(said(h, "#durak", "собирает игру"));
        chan(h, "bob", "#durak", "!играть");
        assert_non_null(said(h, "#durak", "садится за стол"));
        chan(h, "alice", "#durak", "!старт");
        int i = -1;
        const char *ace = NULL;
        for (int k = 0; k < 2; k++) {
            priv(h, NICKS[k], "ходы");
            const char *m = said(h, NICKS[k], "Ваши ходы: ");
            if (m) {
                i = k;
                ace = strstr(m, "хожу Т");
            }
        }
        assert_true(i >= 0);
        if (!ace) { /* a hand without an ace: another deal */
            h_free(h);
            continue;
        }
        char card[16], lead[64], latin[64], want[96];
        /* "Тч" or "Т♥": Т and a suit, as the bot writes it */
        snprintf(card, sizeof card, "%.*s", (int)strcspn(ace + strlen("хожу "), " "),
                 ace + strlen("хожу "));
        const char *suit = card + 2; /* as a Cyrillic letter */
        for (int k = 0; k < 4; k++)
            if (!strcmp(suit, symbols[k]))
                suit = letters[k];
        /* the same card with a Latin T and a Cyrillic suit: the ten or the ace? */
        snprintf(latin, sizeof latin, "хожу T%s", suit);
        priv(h, NICKS[i], latin);
        assert_non_null(said(h, NICKS[i], "Латинская T — десятка, кириллическая Т — туз"));
        assert_null(said(h, "#durak", "ходит"));
        /* the bot's own notation: played, and no word on how it was read */
        snprintf(lead, sizeof lead, "хожу %s", card);
        priv(h, NICKS[i], lead);
        assert_null(said(h, NICKS[i], "Латинская"));
        snprintf(want, sizeof want, "%s ходит %s", NICKS[i], card);
        assert_non_null(said(h, "#durak", want));
        priv(h, NICKS[1 - i], "беру");
        snprintf(want, sizeof want, "%s берёт", NICKS[1 - i]);
        assert_non_null(said(h, "#durak", want));
        priv(h, NICKS[i], "бито");
        priv(h, NICKS[i], "карты");
        assert_non_null(said(h, NICKS[i], "Ваши карты"));
        h_free(h);
        return;
    }
    fail_msg("no seed dealt the first player an ace to lead");
}

/* "бью X Y" with the covered card first, as Russian says it, beats X with Y (the cards tell
 * which is on the table); the bot's order "beat Y X" works as before. */
static void test_russian_beat_order(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 60; seed++) {
        harness *h = h_new(seed);
        start_two(h, "#durak");
        char moves[1024], line[96], x[32], y[32], cov[8], with[8], want[96];
        int i = whose_turn(h, NICKS, 2, moves, sizeof moves);
        assert_int_equal(sscanf(strstr(moves, "play "), "play %7s", cov), 1);
        card_in_russian(cov, x, sizeof x);
        snprintf(line, sizeof line, "хожу %s", x);
        priv(h, NICKS[i], line);
        snprintf(want, sizeof want, "%s leads %s", NICKS[i], cov);
        assert_non_null(said(h, "#durak", want));
        priv(h, NICKS[1 - i], "moves"); /* English words: the English game's language */
        const char *b = strstr(said(h, NICKS[1 - i], "Your moves: "), "beat ");
        if (!b) { /* nothing beats it: another deal */
            h_free(h);
            continue;
        }
        assert_int_equal(sscanf(b, "beat %7s", with), 1);
        card_in_russian(with, y, sizeof y);
        snprintf(line, sizeof line, "бью %s %s", x, y);
        priv(h, NICKS[1 - i], line);
        snprintf(want, sizeof want, "%s beats %s with %s", NICKS[1 - i], cov, with);
        assert_non_null(said(h, "#durak", want));
        h_free(h);
        return;
    }
    fail_msg("no seed let the defender beat the lead");
}

static void test_timeouts_and_forfeit(void **state)
{
    (void)state;
    harness *h = h_new(5);
    temp_store ts;
    store_in_temp(&ts, h);
    h->cfg.game.max_timeouts = 2;
    tables_reconfigure(h->t, &h->cfg);
    start_two(h, "#durak");
    double deadline = tables_next_deadline(h->t); /* the warning, at 2/3 */
    tick(h, deadline);
    assert_true(h->o.len == 1 && h->o.items[0].kind == OUT_NOTICE);
    assert_non_null(strstr(h->o.items[0].text, "seconds left"));
    tick(h, tables_next_deadline(h->t));
    assert_non_null(said(h, "#durak", "Time is up: "));
    assert_non_null(said(h, "#durak", " leads "));
    /* and the player, who may be reading only their private window, is told so there */
    assert_non_null(said(h, NULL, "Time is up in #durak: I play "));
    assert_non_null(said(h, NULL, " for you."));
    tick(h, tables_next_deadline(h->t)); /* defender's warning */
    tick(h, tables_next_deadline(h->t));
    assert_non_null(said(h, "#durak", "Time is up: "));
    assert_non_null(said(h, "#durak", " takes"));
    /* the same players keep timing out: the second in a row forfeits (R18) */
    for (int i = 0; i < 10 && tables_count(h->t); i++)
        tick(h, tables_next_deadline(h->t));
    assert_int_equal(tables_count(h->t), 0);
    assert_non_null(said(h, "#durak", "forfeits"));
    assert_non_null(said(h, "#durak", "wins"));
    /* the record keeps the forfeit as one for time-outs, for the replay and the export to say so */
    h_persist(h);
    static store_game g;
    assert_true(store_get_game(h->db, 1, &g));
    assert_int_equal(g.rec.move[g.rec.nmoves - 1].kind, RECORD_RESIGN);
    assert_true(record_timed_out(&g.rec.move[g.rec.nmoves - 1]));
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_int_equal(export_game(h->db, "1", out, stderr), 0);
    fclose(out);
    assert_non_null(strstr(text, ", timed out too often: a forfeit\nresign "));
    free(text);
    h_free(h);
    store_gone(&ts);
}

/* A move of one's own ends the time-outs in a row: with max_timeouts = 2, alice timing out every
 * other turn of hers, and moving herself between, never forfeits. */
static void test_own_move_ends_timeouts_in_a_row(void **state)
{
    (void)state;
    harness *h = h_new(5);
    h->cfg.game.max_timeouts = 2;
    tables_reconfigure(h->t, &h->cfg);
    start_two(h, "#durak");
    rng_t r;
    rng_seed(&r, 3);
    int timeouts = 0;
    bool wait = true;
    char moves[1024];
    for (int i = 0; i < 400 && tables_count(h->t); i++) {
        int who = whose_turn(h, NICKS, 2, moves, sizeof moves);
        if (who == 0 && wait) {
            bool up = false; /* the warning, then the time-out */
            for (int k = 0; k < 3 && !up; k++) {
                tick(h, tables_next_deadline(h->t));
                assert_null(said(h, "#durak", "timed out too often"));
                up = said(h, "#durak", "Time is up: ") != NULL;
            }
            assert_true(up);
            timeouts++;
        } else {
            assert_true(play_own_random_move(h, &r, NICKS[who]));
        }
        wait = who == 0 ? !wait : wait;
    }
    assert_true(timeouts >= 3);
    h_free(h);
}

/* The send queue is 40 s behind: the turn line the deal asks reaches its player 40 s later, so the
 * time-out counts from then, and so does a computer player's pause (it moves at the pace the
 * channel hears). */
static double fixed_backlog(void *ctx, const char *target)
{
    (void)target;
    return *(const double *)ctx;
}

static void test_timers_wait_out_the_backlog(void **state)
{
    (void)state;
    harness *h = h_new(5);
    lobby(h, "#durak", "", NICKS, 2);
    double backlog = 40;
    tables_set_backlog(h->t, fixed_backlog, &backlog);
    chan(h, "alice", "#durak", "!start");
    double t0 = h->now; /* the deal */
    backlog = 0;
    tick(h, t0 + h->cfg.game.turn_timeout + 1);
    assert_null(said(h, "#durak", "Time is up: "));  /* it would have been, with no backlog */
    tick(h, t0 + 40 + h->cfg.game.turn_timeout - 1); /* the warning, once */
    tick(h, t0 + 40 + h->cfg.game.turn_timeout + 1);
    assert_non_null(said(h, "#durak", "Time is up: "));
    h_free(h);
    h = h_new(5); /* bounded: a stuck queue never stops the games' clocks */
    lobby(h, "#durak", "", NICKS, 2);
    backlog = 1e9;
    tables_set_backlog(h->t, fixed_backlog, &backlog);
    chan(h, "alice", "#durak", "!start");
    t0 = h->now;
    tick(h, t0 + 300 + h->cfg.game.turn_timeout - 1);
    tick(h, t0 + 300 + h->cfg.game.turn_timeout + 1);
    assert_non_null(said(h, "#durak", "Time is up: "));
    h_free(h);
    /* the longest turn the config allows, behind the longest wait: saved, it comes back */
    h = h_new(5);
    h->cfg.game.turn_timeout = 3600;
    tables_free(h->t);
    h->t = tables_new(&h->cfg, 5);
    tables_on_reconnect(h->t, h->now, &h->o);
    lobby(h, "#durak", "", NICKS, 2);
    tables_set_backlog(h->t, fixed_backlog, &backlog);
    chan(h, "alice", "#durak", "!start");
    char snap[TABLES_SNAPSHOT_MAX];
    assert_true(tables_snapshot(h->t, "#durak", h->now, snap, sizeof snap));
    tables *back = tables_new(&h->cfg, 5);
    assert_true(tables_restore(back, "#durak", snap, 5000));
    assert_true(tables_find(back, "#durak")->turn_deadline == 5000 + 300 + 3600);
    tables_free(back);
    h_free(h);
}

static void test_nick_change(void **state)
{
    (void)state;
    harness *h = h_new(6);
    start_two(h, "#durak");
    renamed(h, "alice", "Alice2");
    const char *nicks[] = { "Alice2", "bob" };
    priv(h, "alice", "moves");
    assert_non_null(said(h, "alice", "not in a game"));
    priv(h, "ALICE2", "hand"); /* CASEMAPPING rfc1459 */
    assert_non_null(said(h, "Alice2", "Your hand"));
    const char *end = play_to_end(h, "#durak", nicks, 2, 9);
    assert_non_null(end);
    h_free(h);
}

static void test_part_rejoin_and_quit(void **state)
{
    (void)state;
    harness *h = h_new(7);
    start_two(h, "#durak");
    outbox_clear(&h->o);
    tables_on_part(h->t, h->now, "bob", "#durak", &h->o);
    assert_non_null(said(h, "#durak", "held for 90 seconds"));
    /* told at once, while the nick is surely his: he may not be reading the channel any more */
    assert_non_null(
        said(h, "bob",
             "You are no longer in #durak, where you are playing: your seat is held for "
             "90 seconds; join again to play on, or you forfeit."));
    priv(h, "bob", "hand"); /* same user@host: still his seat */
    assert_non_null(said(h, "bob", "Your hand"));
    tables_who impostor = { "bob", "other", "evil.example", "", false };
    outbox_clear(&h->o);
    tables_on_private(h->t, h->now, &impostor, "hand", &h->o);
    assert_non_null(said(h, "bob", "held for its player"));
    tables_who back = who("bob");
    outbox_clear(&h->o);
    tables_on_join(h->t, h->now, &back, "#durak", &h->o);
    assert_non_null(said(h, "#durak", "bob is back"));
    outbox_clear(&h->o);
    tables_on_quit(h->t, h->now, "bob", "Quit: bye", &h->o);
    assert_non_null(said(h, "#durak", "bob left"));
    double grace_end = h->now + h->cfg.game.rejoin_grace;
    tick(h, grace_end - 5); /* warnings may come, no forfeit */
    assert_null(said(h, "#durak", "forfeits"));
    tick(h, grace_end + 0.01);
    assert_non_null(said(h, "#durak", "bob did not come back in time and forfeits"));
    /* one opponent: not "the others" */
    assert_non_null(said(h, "#durak", "Game over: alice wins by forfeit; nobody is the durak."));
    assert_int_equal(tables_count(h->t), 0);
    h_free(h);
}

/* One who forfeited while away (the grace ran out) and comes back, as the member list after a
 * reconnect shows them or by joining, is not "back and plays on": the game goes on without them. */
static void test_forfeiter_not_back(void **state)
{
    (void)state;
    harness *h = h_new(9);
    lobby(h, "#durak", "", NICKS, 3);
    chan(h, "alice", "#durak", "!start");
    tables_on_quit(h->t, h->now, "bob", "Quit: bye", &h->o);
    tick(h, h->now + h->cfg.game.rejoin_grace + 0.01);
    assert_non_null(said(h, "#durak", "bob did not come back in time and forfeits"));
    assert_int_equal(tables_count(h->t), 1); /* alice and carol play on */
    for (int listed = 1; listed >= 0; listed--) {
        tables_who back = who("bob");
        back.listed = listed;
        outbox_clear(&h->o);
        tables_on_join(h->t, h->now, &back, "#durak", &h->o);
        assert_null(said(h, "#durak", "bob is back"));
    }
    h_free(h);
}

/* Everyone playing gone past the grace (an outage that took them all): no winner, no forfeit,
 * the game ends with no result; one person still here wins as before (test_part_rejoin_and_quit). */
static void test_all_gone_no_result(void **state)
{
    (void)state;
    harness *h = h_new(11);
    start_two(h, "#durak");
    tables_on_quit(h->t, h->now, "alice", "Quit: Ping timeout", &h->o);
    tables_on_quit(h->t, h->now, "bob", "Quit: Ping timeout", &h->o);
    log_capture();
    tick(h, h->now + h->cfg.game.rejoin_grace + 0.01);
    assert_non_null(strstr(log_captured(), "#durak: the game ends with no result: nobody playing "
                                           "came back in time"));
    assert_non_null(said(h, "#durak",
                         "Nobody playing came back in time, so the game ends with no "
                         "result."));
    assert_null(said(h, "#durak", "forfeits"));
    assert_null(said(h, "#durak", " wins"));
    assert_int_equal(tables_count(h->t), 0);
    h_free(h);
}

/* #durak refuses the bot's lines (404: +m), then takes them again (-m): the outbox holds what
 * the channel hears then. */
static void muted_and_back(harness *h)
{
    tables_on_bot_muted(h->t, h->now, "#durak");
    outbox_clear(&h->o);
    tables_on_modes(h->t, h->now, "#durak", &h->o);
}

/* A move made just as the channel began to refuse the bot's lines (+m: the 404 comes after it) was
 * never heard: when the game goes on, the channel hears it before the table ("Last move: alice
 * leads 6♠."), as after a reconnect; the move's own line said it the same way. */
static void test_back_says_the_last_move(void **state)
{
    (void)state;
    harness *h = h_new(13);
    start_two(h, "#durak");
    play_random_move(h, NICKS, 2, 5);
    /* "bob: beat K♠ or take · alice leads K♠": the move as the channel was told it, last */
    const char *line = said(h, "#durak", ""), *dot = line;
    for (const char *p = line; (p = strstr(p, " \xC2\xB7 ")); p++)
        dot = p + strlen(" \xC2\xB7 ");
    char want[300];
    snprintf(want, sizeof want, "Last move: %s. ", dot);
    assert_true(reads(want, " leads "));
    muted_and_back(h); /* 404: that line was refused; then -m */
    const char *back = said(h, "#durak", "The channel takes my lines again");
    assert_non_null(back);
    if (!strstr(back, want))
        fail_msg("\"%s\" does not tell \"%s\"", back, want);
    h_free(h);
    /* a lead the bot made when its player's time was up is told so, as it was then */
    h = h_new(13);
    start_two(h, "#durak");
    tick(h, h->now + h->cfg.game.turn_timeout + 1);
    assert_non_null(said(h, "#durak", "Time is up: "));
    muted_and_back(h);
    assert_non_null(said(h, "#durak",
                         "again; the game goes on with the time each of you had. "
                         "Last move: Time is up: "));
    h_free(h);
}

/* Passes that end nothing make no line: the table said again tells the move before them. Three
 * players, random moves; each time the last move is such a pass, the line tells a move. */
static void test_back_skips_quiet_passes(void **state)
{
    (void)state;
    harness *h = h_new(14);
    lobby(h, "#durak", "", NICKS, 3);
    chan(h, "alice", "#durak", "!start");
    table_t *tb = tables_find(h->t, "#durak");
    int quiet = 0;
    for (uint64_t step = 0; step < 400 && tables_count(h->t) > 0; step++) {
        play_random_move(h, NICKS, 3, step);
        if (tables_count(h->t) == 0) /* over: the table's record is gone with it */
            break;
        const record_move *m = &tb->rec.move[tb->rec.nmoves - 1];
        if (m->kind != DURAK_ACT_PASS || said(h, "#durak", ""))
            continue;
        quiet++;
        muted_and_back(h);
        assert_non_null(said(h, "#durak", "Last move: "));
    }
    assert_true(quiet > 0);
    h_free(h);
}

/* The bot kicked from a game's channel, kept out of it (a join refused after a restart), or in it
 * but refused its lines (404: +m, a ban): nobody would see the game, so its timers stand still
 * (no time-out, no forfeit, no timer to wake for) and a move is refused with why; back in (its
 * own join; a change of the channel's modes for a refusal), it goes on with the time each had, the
 * table said again. A refused channel held again and then left goes back on the join alone. */
static void test_game_waits_while_the_bot_is_out(void **state)
{
    (void)state;
    enum { KICKED, KEPT_OUT, REFUSED };
    for (int how = KICKED; how <= REFUSED; how++) {
        harness *h = h_new(13);
        start_two(h, "#durak");
        table_t *tb = tables_find(h->t, "#durak");
        const char *me = tb->seat[tb->g.actor].nick;
        double left = tb->turn_deadline - h->now;
        int moves = tb->rec.nmoves;
        if (how == KICKED)
            tables_on_part(h->t, h->now, "durakbot", "#durak", &h->o);
        else if (how == KEPT_OUT)
            tables_on_bot_out(h->t, h->now, "#durak"); /* 474: banned */
        else
            tables_on_bot_muted(h->t, h->now, "#durak"); /* 404: +m */
        assert_true(tables_next_deadline(h->t) < 0);
        tick(h, h->now + 10 * h->cfg.game.turn_timeout);
        assert_int_equal(tb->rec.nmoves, moves);
        assert_null(said(h, "#durak", "Time is up"));
        /* saved meanwhile (a rename, a part: any change), it keeps the time it had */
        char snap[TABLES_SNAPSHOT_MAX];
        assert_true(tables_snapshot(h->t, "#durak", h->now, snap, sizeof snap));
        tables *back = tables_new(&h->cfg, 5);
        assert_true(tables_restore(back, "#durak", snap, 5000));
        double kept = tables_find(back, "#durak")->turn_deadline - 5000;
        assert_true(kept > left - 0.01 && kept < left + 0.01);
        tables_free(back);
        char list[1024], move[128];
        rng_t r;
        rng_seed(&r, 13);
        whose_turn(h, NICKS, 2, list, sizeof list);
        pick_move(&r, list, move, sizeof move);
        priv(h, me, move);
        assert_non_null(said(h, me,
                             how == REFUSED
                                 ? "The game in #durak waits: the channel does not take my "
                                   "lines"
                                 : "The game in #durak waits: I am not in the channel"));
        assert_int_equal(tb->rec.nmoves, moves);
        /* a reconnect meanwhile: the game is still out, said back once, on the join */
        tables_on_disconnect(h->t, h->now);
        h->now += 30;
        outbox_clear(&h->o);
        tables_on_reconnect(h->t, h->now, &h->o);
        assert_null(said(h, "#durak", ""));
        tables_who self = who("durakbot");
        outbox_clear(&h->o);
        tables_on_modes(h->t, h->now, "#durak", &h->o); /* -m: only a refusal ends by it */
        if (how != REFUSED) {
            assert_null(said(h, "#durak", ""));
            tables_on_join(h->t, h->now, &self, "#durak", &h->o);
        }
        assert_non_null(said(h, "#durak",
                             how == REFUSED ? "The channel takes my lines again; the "
                                              "game goes on"
                                            : "I am back in the channel; the game "
                                              "goes on"));
        assert_null(said(h, "#durak", "The connection is back"));
        assert_true(tb->turn_deadline - h->now > left - 1 && tb->turn_deadline - h->now <= left);
        if (how == REFUSED) { /* still +m: held again; then kicked: its join alone brings it back */
            tables_on_bot_muted(h->t, h->now, "#durak");
            tables_on_part(h->t, h->now, "durakbot", "#durak", &h->o);
            outbox_clear(&h->o);
            tables_on_modes(h->t, h->now, "#durak", &h->o);
            assert_null(said(h, "#durak", ""));
            tables_on_join(h->t, h->now, &self, "#durak", &h->o);
            assert_non_null(said(h, "#durak", "I am back in the channel; the game goes on"));
        }
        priv(h, me, move);
        assert_int_equal(tb->rec.nmoves, moves + 1);
        h_free(h);
    }
}

/* A seat whose player left is sent nothing unasked: whoever holds the nick meanwhile may be
 * someone else (durak(7), seats and people). Its turn line, with the hand, comes on the rejoin. */
static void test_nothing_pushed_to_a_gone_seat(void **state)
{
    (void)state;
    harness *h = h_new(7);
    rng_t r;
    rng_seed(&r, 7);
    start_two(h, "#durak");
    char moves[1024], move[128];
    int i = whose_turn(h, NICKS, 2, moves, sizeof moves);
    const char *gone = NICKS[1 - i];
    outbox_clear(&h->o);
    tables_on_part(h->t, h->now, gone, "#durak", &h->o);
    assert_non_null(said(h, "#durak", "held for"));
    assert_non_null(said(h, gone, "You are no longer in #durak")); /* then nothing more */
    outbox_clear(&h->o);
    pick_move(&r, moves, move, sizeof move);
    priv(h, NICKS[i], move); /* the lead: the one who left is to answer it */
    assert_non_null(said(h, "#durak", move + strlen("play ")));
    for (size_t k = 0; k < h->o.len; k++)
        if (!strcmp(h->o.items[k].target, gone))
            fail_msg("sent to %s, who left: %s", gone, h->o.items[k].text);
    tables_who back = who(gone);
    outbox_clear(&h->o);
    tables_on_join(h->t, h->now, &back, "#durak", &h->o);
    assert_non_null(said(h, gone, "Your turn in #durak: "));
    h_free(h);
}

/* A nick longer than a seat holds (a server with NICKLEN 64 or more) is not seated under its first
 * 63 bytes, whose holder would get the hand: its lines are not taken, and not answered either
 * (an answer could reach only that other nick). */
static void test_nick_too_long_for_a_seat(void **state)
{
    (void)state;
    harness *h = h_new(12);
    char nick[80];
    memset(nick, 'n', 70);
    nick[70] = '\0';
    tables_who w = { nick, "u_long", "example.org", "", false };
    chan(h, "alice", "#durak", "!durak");
    outbox_clear(&h->o);
    tables_on_channel(h->t, h->now += 3, &w, "#durak", "!join", &h->o);
    assert_int_equal(h->o.len, 0);
    tables_on_private(h->t, h->now += 3, &w, "play", &h->o);
    assert_int_equal(h->o.len, 0);
    assert_int_equal(tables_count(h->t), 1);
    h_free(h);
}

/* "+#durak" or "@#durak" (STATUSMSG: to the channel's voiced or ops only, which the bot reads when
 * it has that status) is not a channel of its own: no second table opens there. */
static void test_statusmsg_is_not_a_channel(void **state)
{
    (void)state;
    harness *h = h_new(13);
    h->cfg.irc.nchannels = 1;
    snprintf(h->cfg.irc.channels[0], sizeof h->cfg.irc.channels[0], "#durak");
    tables_reconfigure(h->t, &h->cfg);
    chan(h, "alice", "+#durak", "!durak");
    chan(h, "bob", "@#durak", "!durak");
    assert_int_equal(h->o.len, 0);
    assert_int_equal(tables_count(h->t), 0);
    chan(h, "alice", "#durak", "!durak");
    assert_non_null(said(h, "#durak", "alice opens a game"));
    h_free(h);
}

static void test_two_channels(void **state)
{
    (void)state;
    harness *h = h_new(8);
    const char *a[] = { "alice", "bob" }, *b[] = { "carol", "dave", "erin" };
    lobby(h, "#a", "classic", a, 2);
    lobby(h, "#b", "transfer", b, 3);
    chan(h, "alice", "#a", "!start");
    chan(h, "carol", "#b", "!start");
    assert_int_equal(tables_count(h->t), 2);
    chan(h, "alice", "#b", "!table");
    /* each count after its player's name, split by a zero-width space: nobody is highlighted */
#define ZWSP "\xE2\x80\x8B"
    assert_non_null(said(h, "#b", "hands c" ZWSP "arol 6, d" ZWSP "ave 6, e" ZWSP "rin 6"));
#undef ZWSP
    assert_non_null(play_to_end(h, "#b", b, 3, 3));
    assert_int_equal(tables_count(h->t), 1);
    assert_non_null(play_to_end(h, "#a", a, 2, 4));
    h_free(h);
}

static void test_disconnect_pauses(void **state)
{
    (void)state;
    harness *h = h_new(9);
    start_two(h, "#durak");
    double warn = tables_next_deadline(h->t);
    tables_on_disconnect(h->t, h->now);
    assert_true(tables_next_deadline(h->t) < 0);
    tick(h, h->now + 1000);
    assert_int_equal(h->o.len, 0);
    outbox_clear(&h->o);
    double before = h->now;
    tables_on_reconnect(h->t, h->now, &h->o);
    assert_non_null(said(h, "#durak", "the game goes on"));
    assert_true(tables_next_deadline(h->t) - warn >= 1000 - 0.01 - (before - h->now));
    h_free(h);
}

static void test_stop_by_admin(void **state)
{
    (void)state;
    harness *h = h_new(10);
    snprintf(h->cfg.admins[0], sizeof h->cfg.admins[0], "root!*@*");
    h->cfg.nadmins = 1;
    tables_reconfigure(h->t, &h->cfg);
    log_capture();
    start_two(h, "#durak");
    chan(h, "mallory", "#durak", "!stop");
    assert_non_null(said(h, "mallory", "Only the players of the game"));
    chan(h, "root", "#durak", "!stop");
    assert_non_null(said(h, "#durak", "root stops the game"));
    assert_int_equal(tables_count(h->t), 0);
    /* the operator's log says where a game starts, who plays it, and who stopped it */
    const char *logged = log_captured();
    assert_non_null(strstr(logged, "<6>#durak: a game starts (classic, 2 players: alice, bob)\n"));
    assert_non_null(
        strstr(logged, "<6>#durak: the game ends with no result: stopped by root (an admin)\n"));
    h_free(h);
}

typedef struct {
    int saves, deletes;
    char last[8192];
    char again[8192]; /* the last game's line (key TABLES_LAST_KEY "#durak") */
} changes;

static bool on_change(void *ctx, const char *channel, const char *snapshot)
{
    changes *c = ctx;
    bool again = !strcmp(channel, TABLES_LAST_KEY "#durak");
    assert_true(again || !strcmp(channel, "#durak"));
    if (snapshot) {
        c->saves++;
        snprintf(again ? c->again : c->last, sizeof c->last, "%s", snapshot);
    } else {
        c->deletes++;
    }
    return true;
}

/* A table saved mid-game and restored into a fresh bot plays on with the same hands. */
static void test_snapshot_restore(void **state)
{
    (void)state;
    harness *h = h_new(11);
    changes c = { 0, 0, "", "" };
    lobby(h, "#durak", "transfer", NICKS, 3);
    tables_take_changes(h->t, h->now, on_change, &c);
    assert_int_equal(c.saves, 1);
    tables_take_changes(h->t, h->now, on_change, &c);
    assert_int_equal(c.saves, 1); /* nothing changed since */
    chan(h, "alice", "#durak", "!start");
    char moves[1024], move[128], hand_before[512];
    rng_t r;
    rng_seed(&r, 5);
    for (int i = 0; i < 7; i++) {
        int s = whose_turn(h, NICKS, 3, moves, sizeof moves);
        pick_move(&r, moves, move, sizeof move);
        priv(h, NICKS[s], move);
    }
    tables_take_changes(h->t, h->now, on_change, &c);
    assert_int_equal(c.saves, 2);
    priv(h, "bob", "hand");
    snprintf(hand_before, sizeof hand_before, "%s", said(h, "bob", "Your hand"));

    harness *h2 = h_new(99);
    tables_on_disconnect(h2->t, h2->now);
    assert_false(tables_restore(h2->t, "#durak", "T1 garbage", h2->now));
    assert_true(tables_restore(h2->t, "#durak", c.last, h2->now));
    assert_false(tables_restore(h2->t, "#durak", c.last, h2->now)); /* one table a channel */
    outbox_clear(&h2->o);
    tables_on_reconnect(h2->t, h2->now, &h2->o);
    assert_non_null(said(h2, "#durak", "the game goes on"));
    assert_null(said(h2, "bob", "Your hand")); /* not before bob himself is seen */
    tables_who stranger = { "bob", "mallory", "evil.example", "", false }, bob = who("bob");
    outbox_clear(&h2->o);
    tables_on_join(h2->t, h2->now, &stranger, "#durak", &h2->o);
    assert_null(said(h2, "bob", "Your hand"));              /* someone else holding the nick */
    tables_on_join(h2->t, h2->now, &bob, "#durak", &h2->o); /* the WHO after joining */
    assert_non_null(said(h2, "bob", "Your hand"));
    assert_string_equal(said(h2, "bob", "Your hand"), hand_before);
    char again[8192];
    assert_true(tables_snapshot(h2->t, "#durak", h2->now, again, sizeof again));
    assert_string_equal(strchr(again, '='), strchr(c.last, '=')); /* seats and game identical */
    assert_non_null(play_to_end(h2, "#durak", NICKS, 3, 6));
    c.saves = 0;
    tables_take_changes(h2->t, h2->now, on_change, &c);
    assert_int_equal(c.deletes, 1); /* the table's line, and the last game's for !again */
    assert_int_equal(c.saves, 1);
    assert_int_equal(strncmp(c.again, "L5 0 ", 5), 0);
    h_free(h2);
    h_free(h);
}

/* The last game is saved when its table goes, so that !again works after a restart: with those
 * of its players the channel's member list shows, and whoever types it; not with strangers. */
static void test_again_after_restart(void **state)
{
    (void)state;
    harness *h = h_new(14);
    changes c = { 0, 0, "", "" };
    lobby(h, "#durak", "", NICKS, 3);
    chan(h, "alice", "#durak", "!start");
    chan(h, "carol", "#durak", "!leave");
    assert_null(said(h, "#durak", "Game over"));
    chan(h, "bob", "#durak", "!leave");
    assert_non_null(said(h, "#durak", "Game over"));
    tables_take_changes(h->t, h->now, on_change, &c);
    assert_int_equal(strncmp(c.again, "L5 ", 3), 0);
    chan(h, "dave", "#durak", "!durak"); /* a new lobby: saved beside the last game, not over it */
    tables_take_changes(h->t, h->now, on_change, &c);
    assert_int_equal(strncmp(c.last, "T5 0 ", 5), 0);
    tables_close_channel(h->t, "#durak", &h->o); /* the bot leaves the channel: no rematch there */
    c.deletes = 0;
    tables_take_changes(h->t, h->now, on_change, &c);
    assert_int_equal(c.deletes, 2);
    h_free(h);

    harness *h2 = h_new(15);
    tables_on_disconnect(h2->t, h2->now);
    assert_false(tables_restore(h2->t, "#durak", c.again, h2->now)); /* each line under its key */
    assert_false(tables_restore(h2->t, TABLES_LAST_KEY "#durak", c.last, h2->now));
    assert_true(tables_restore(h2->t, TABLES_LAST_KEY "#durak", c.again, h2->now));
    assert_int_equal(tables_count(h2->t), 0);                      /* no table: a last game */
    assert_true(tables_restore(h2->t, "#durak", c.last, h2->now)); /* dave's lobby */
    outbox_clear(&h2->o);
    tables_on_reconnect(h2->t, h2->now, &h2->o);
    tables_who dave = who("dave"); /* who() keeps its strings in one place: one at a time */
    dave.listed = true;
    tables_on_join(h2->t, h2->now, &dave, "#durak", &h2->o);
    tables_who bob = who("bob"), mallory = { "carol", "evil", "evil.example", "", true };
    bob.listed = true;
    tables_on_join(h2->t, h2->now, &bob, "#durak", &h2->o); /* the member list: bob, not carol */
    tables_on_join(h2->t, h2->now, &mallory, "#durak", &h2->o); /* carol's nick, not carol */
    chan(h2, "dave", "#durak", "!leave"); /* his lobby closes: the last game is still there */
    assert_non_null(said(h2, "#durak", "dave"));
    chan(h2, "dave", "#durak", "!again");
    assert_non_null(said(h2, "dave", "Only the last game's players"));
    outbox_clear(&h2->o);
    tables_on_channel(h2->t, h2->now, &mallory, "#durak", "!again", &h2->o);
    assert_null(said(h2, "#durak", "alice")); /* a stranger holding carol's nick opens nothing */
    chan(h2, "alice", "#durak", "!again");
    assert_non_null(said(h2, "#durak", "waiting for bob"));
    assert_null(said(h2, "#durak", "carol")); /* not seen since the restart: not seated */
    chan(h2, "bob", "#durak", "!again");
    assert_non_null(said(h2, "#durak", "starts"));
    h_free(h2);
}

/* A rematch that seats only the one who asked (the others left the channel) reads as a lobby of
 * one, not as a vote waiting for nobody. */
static void test_again_alone(void **state)
{
    (void)state;
    harness *h = h_new(16);
    start_two(h, "#durak");
    chan(h, "bob", "#durak", "!leave");
    assert_non_null(said(h, "#durak", "Game over"));
    tables_on_part(h->t, h->now, "bob", "#durak", &h->o);
    chan(h, "alice", "#durak", "!again");
    assert_null(said(h, "#durak", "waiting for )"));
    assert_non_null(said(h, "#durak", "alice opens a game of Durak"));
    chan(h, "bob", "#durak", "!join"); /* bob is back: an ordinary lobby */
    chan(h, "alice", "#durak", "!leave");
    chan(h, "bob", "#durak", "!again"); /* the one left in a rematch lobby: it waits for others */
    assert_null(said(h, "#durak", "waiting for )"));
    assert_non_null(said(h, "#durak", "Waiting to start (classic, throw-in by all): bob (1/6)"));
    chan(h, "alice", "#durak", "!join");
    chan(h, "bob", "#durak", "!start");
    assert_non_null(said(h, "#durak", "stock"));
    h_free(h);
}

/* A player's private "you leave and forfeit" ranks as a game line although the game it ends is
 * over, so that the send queue does not put it after the end line it caused. */
static void test_forfeit_notice_before_end(void **state)
{
    (void)state;
    harness *h = h_new(13);
    start_two(h, "#durak");
    chan(h, "bob", "#durak", "!leave");
    tables_rank_lines(h->t, &h->o);
    size_t notice = h->o.len, end = h->o.len;
    for (size_t i = 0; i < h->o.len; i++) {
        if (!strcmp(h->o.items[i].target, "bob") && reads(h->o.items[i].text, "forfeit"))
            notice = i;
        if (!strcmp(h->o.items[i].target, "#durak") && reads(h->o.items[i].text, "Game over"))
            end = i;
    }
    assert_true(notice < end);
    assert_int_equal(h->o.items[notice].prio, OUT_GAME);
    assert_int_equal(h->o.items[end].prio, OUT_GAME);
    h_free(h);
}

/* h's table of #durak restored into a fresh bot that then joins the channel and reads its
 * member list (WHO) up to its end: `listed` joins. What those joins made is left in the outbox. */
static harness *restored_and_listed(harness *h, uint64_t seed, const char **listed, int n)
{
    char line[8192];
    assert_true(tables_snapshot(h->t, "#durak", h->now, line, sizeof line));
    harness *h2 = h_new(seed);
    tables_on_disconnect(h2->t, h2->now);
    assert_true(tables_restore(h2->t, "#durak", line, h2->now));
    tables_on_reconnect(h2->t, h2->now, &h2->o);
    tables_who me = who("durakbot");
    tables_on_join(h2->t, h2->now, &me, "#durak", &h2->o);
    outbox_clear(&h2->o);
    for (int i = 0; i < n; i++) {
        tables_who w = who(listed[i]);
        w.listed = true;
        tables_on_join(h2->t, h2->now, &w, "#durak", &h2->o);
    }
    return h2;
}

/* The same, then the list's end: what that says. */
static harness *restarted(harness *h, uint64_t seed, const char **listed, int n)
{
    harness *h2 = restored_and_listed(h, seed, listed, n);
    outbox_clear(&h2->o);
    tables_on_listed(h2->t, h2->now, "#durak", &h2->o);
    h_persist(h2);
    return h2;
}

/* Who is not in the channel's member list after a restart is away: a lobby's seat and a game's
 * are held for the rejoin grace (they may come back after the bot: a server restart), then the
 * lobby's is freed and the game's forfeits as after a PART; a stranger listed under a player's
 * nick does not count. */
static void test_unlisted_after_restart(void **state)
{
    (void)state;
    harness *h = h_new(16);
    lobby(h, "#durak", "", NICKS, 3);
    static const char *alice_bob[] = { "alice", "bob" };
    harness *h2 = restarted(h, 17, alice_bob, 2);
    assert_null(said(h2, "#durak", "carol leaves"));
    tick(h2, h2->now + h2->cfg.game.rejoin_grace - 1);
    assert_null(said(h2, "#durak", "carol leaves"));
    tables_who carol = who("carol"), other = { "carol", "mallory", "evil.example", "", false };
    tables_on_join(h2->t, h2->now, &other, "#durak", &h2->o); /* carol's nick, not her */
    assert_null(said(h2, "carol", "still have your seat"));
    tables_on_join(h2->t, h2->now, &carol, "#durak", &h2->o);
    assert_non_null(said(h2, "carol",
                         "You still have your seat at the game in #durak, not started "
                         "yet: alice, bob, carol. alice can start"));
    tick(h2, h2->now + 2);
    assert_null(said(h2, "#durak", "leaves"));
    chan(h2, "alice", "#durak", "!start");
    assert_int_equal(tables_find(h2->t, "#durak")->nseats, 3);
    h_free(h2);
    h2 = restarted(h, 21, alice_bob, 2);
    tick(h2, h2->now + h2->cfg.game.rejoin_grace + 0.01);
    assert_non_null(said(h2, "#durak", "carol leaves. Seated: alice, bob"));
    h_free(h2);
    h2 = restarted(h, 22, alice_bob, 2); /* started without her: her seat is held in the game */
    chan(h2, "alice", "#durak", "!start");
    assert_true(tables_find(h2->t, "#durak")->playing);
    outbox_clear(&h2->o);
    carol = who("carol"); /* who()'s user is a static buffer */
    tables_on_join(h2->t, h2->now, &carol, "#durak", &h2->o);
    assert_non_null(said(h2, "#durak", "carol is back and plays on"));
    assert_non_null(said(h2, "carol", "Your "));
    h_free(h2);

    chan(h, "alice", "#durak", "!start");
    harness *h3 = restarted(h, 18, alice_bob, 2);
    assert_non_null(said(h3, "#durak", "carol left; their seat is held for"));
    assert_null(said(h3, "#durak", "bob left"));
    tables_who bob = who("bob");
    tables_on_join(h3->t, h3->now, &bob, "#durak", &h3->o); /* a plain join: nothing to do */
    h_free(h3);

    static const char *alice_only[] = { "alice" };
    harness *h4 = restarted(h, 19, alice_only, 1);
    assert_non_null(said(h4, "#durak", "bob left; their seat is held for"));
    assert_non_null(said(h4, "#durak", "carol left; their seat is held for"));
    tables_who me = who("durakbot"), alice = who("alice");
    tables_who fake = { "carol", "mallory", "evil.example", "", true }; /* carol's nick, not her */
    alice.listed = true;
    outbox_clear(&h4->o);
    tables_on_join(h4->t, h4->now, &me, "#durak", &h4->o); /* joined again (a kick, say) */
    tables_on_join(h4->t, h4->now, &alice, "#durak", &h4->o);
    tables_on_join(h4->t, h4->now, &fake, "#durak", &h4->o);
    tables_on_listed(h4->t, h4->now, "#durak", &h4->o);
    assert_null(said(h4, "#durak", "left")); /* the absent stay absent, alice was listed */
    assert_null(said(h4, "#durak", "carol is back"));
    h_free(h4);
    h_free(h);
}

/* After a restart each player seen again gets their hand, but one already out of the game has
 * none: they get no "Your hand in #durak: (no cards)". */
static void test_no_empty_hand_after_restart(void **state)
{
    (void)state;
    for (uint64_t seed = 40; seed < 60; seed++) {
        harness *h = h_new(seed);
        lobby(h, "#durak", "", NICKS, 3);
        chan(h, "alice", "#durak", "!start");
        rng_t r;
        rng_seed(&r, seed);
        table_t *tb;
        while ((tb = tables_find(h->t, "#durak")) && tb->g.nout == 0) {
            char moves[1024], move[128];
            int i = whose_turn(h, NICKS, 3, moves, sizeof moves);
            pick_move(&r, moves, move, sizeof move);
            priv(h, NICKS[i], move);
        }
        if (!tb) { /* ended with nobody out before it: another deal */
            h_free(h);
            continue;
        }
        int out = tb->g.out[0];
        harness *h2 = restored_and_listed(h, seed + 100, NICKS, 3); /* each seen again */
        assert_null(said(h2, NICKS[out], "Your "));
        assert_non_null(said(h2, NICKS[(out + 1) % 3], "Your "));
        h_free(h2);
        h_free(h);
        return;
    }
    fail_msg("no deal put a player out while the game went on");
}

/* A spectator in the channel when the bot lost its link, gone when it came back: the member list
 * does not show them, so the copies go to them privately. */
static void test_unlisted_spectator_after_reconnect(void **state)
{
    (void)state;
    harness *h = h_new(20);
    start_two(h, "#durak");
    chan(h, "carol", "#durak", "!watch");
    tables_on_disconnect(h->t, h->now);
    outbox_clear(&h->o);
    tables_on_reconnect(h->t, h->now + 30, &h->o);
    tables_who me = who("durakbot"), alice = who("alice"), bob = who("bob");
    alice.listed = bob.listed = true;
    tables_on_join(h->t, h->now, &me, "#durak", &h->o);
    tables_on_join(h->t, h->now, &alice, "#durak", &h->o);
    tables_on_join(h->t, h->now, &bob, "#durak", &h->o);
    tables_on_listed(h->t, h->now, "#durak", &h->o);
    play_random_move(h, NICKS, 2, 20);
    assert_non_null(said(h, "carol", "[#durak] "));
    h_free(h);
}

/* A rematch lobby (!again) saved and restored keeps who agreed: the last one's !again deals, as it
 * would have without the restart. */
static void test_rematch_restore(void **state)
{
    (void)state;
    harness *h = h_new(13);
    changes c = { 0, 0, "", "" };
    start_two(h, "#durak");
    chan(h, "bob", "#durak", "!leave");
    assert_non_null(said(h, "#durak", "Game over"));
    chan(h, "alice", "#durak", "!again");
    assert_non_null(said(h, "#durak", "waiting for bob"));
    tables_take_changes(h->t, h->now, on_change, &c);

    harness *h2 = h_new(98);
    tables_on_disconnect(h2->t, h2->now);
    assert_true(tables_restore(h2->t, "#durak", c.last, h2->now));
    outbox_clear(&h2->o);
    tables_on_reconnect(h2->t, h2->now, &h2->o);
    chan(h2, "bob", "#durak", "!again");
    assert_non_null(said(h2, "#durak", "starts"));
    char again[8192];
    assert_true(tables_snapshot(h2->t, "#durak", h2->now, again, sizeof again));
    assert_int_equal(strncmp(again, "T5 1 ", 5), 0); /* playing */
    h_free(h2);
    h_free(h);
}

/* !top lists 20 at most: a larger number gets the 20 and, when there are more, says so in the
 * asker's words, rather than a list that silently stops short. */
static void test_top_says_its_most(void **state)
{
    (void)state;
    harness *h = h_new(13);
    temp_store s;
    store_in_temp(&s, h);
    sqlite3 *raw;
    assert_int_equal(sqlite3_open(s.path, &raw), SQLITE_OK);
    for (int i = 0; i < 25; i++) {
        char sql[200];
        snprintf(sql, sizeof sql,
                 "INSERT INTO players (key, display, games, rating) VALUES ('p%d', 'p%d', 3, %d)",
                 i, i, 1600 - i);
        assert_int_equal(sqlite3_exec(raw, sql, NULL, NULL, NULL), SQLITE_OK);
    }
    sqlite3_close(raw);
    chan(h, "alice", "#durak", "!top 20");
    assert_non_null(said(h, "#durak", "20. p19 1581 (3)"));
    assert_null(said(h, "#durak", "only the first"));
    chan(h, "alice", "#durak", "!top 100");
    assert_non_null(said(h, "#durak", "20. p19 1581 (3) \xC2\xB7 only the first 20 here"));
    assert_null(said(h, "#durak", "21. "));
    chan(h, "alice", "#durak", "!топ 100");
    assert_non_null(said(h, "#durak", "20. p19 1581 (3) · здесь только первые 20"));
    assert_int_equal(sqlite3_open(s.path, &raw), SQLITE_OK); /* 20 in all: the list is whole */
    assert_int_equal(
        sqlite3_exec(raw, "DELETE FROM players WHERE key IN ('p20', 'p21', 'p22', 'p23', 'p24')",
                     NULL, NULL, NULL),
        SQLITE_OK);
    sqlite3_close(raw);
    chan(h, "alice", "#durak", "!top 100");
    assert_non_null(said(h, "#durak", "20. p19 1581 (3)"));
    assert_null(said(h, "#durak", "only the first"));
    h_free(h);
    store_gone(&s);
}

/* Without an account a seat's stats are kept under the nick it started with: a rename mid-game
 * does not show them under the new nick. A computer player's are found by its name. */
static void test_stats_names_after_rename(void **state)
{
    (void)state;
    harness *h = h_new(14);
    temp_store s;
    store_in_temp(&s, h);
    start_two(h, "#durak");
    renamed(h, "bob", "bobby");
    const char *nicks[] = { "alice", "bobby" };
    assert_non_null(play_to_end(h, "#durak", nicks, 2, 14));
    chan(h, "carol", "#durak", "!stats bob");
    assert_non_null(said(h, "#durak", "bob: 1 game,"));
    assert_null(said(h, "#durak", "bobby"));
    chan(h, "alice", "#durak", "!durak");
    chan(h, "alice", "#durak", "!bot easy");
    chan(h, "alice", "#durak", "!start");
    rng_t r;
    rng_seed(&r, 14);
    for (int step = 0; step < 3000 && tables_count(h->t); step++)
        if (!play_own_random_move(h, &r, "alice"))
            h_run_ai(h);
    assert_int_equal(tables_count(h->t), 0);
    chan(h, "carol", "#durak", "!stats Easy[bot]");
    assert_non_null(said(h, "#durak", "Easy[bot]: 1 game,"));
    chan(h, "carol", "#durak", "!stats easy{bot}"); /* the same nick under rfc1459 */
    assert_non_null(said(h, "#durak", "Easy[bot]: 1 game,"));
    h_free(h);
    store_gone(&s);
}

/* Game ends are recorded; !stats and !top read them. Without an account stats belong to the
 * nick: a nick change does not carry them off (taking a nick and renaming steals nothing), though
 * !stats of the new nick names the record of its person's last game while they are here. */
static void test_stats(void **state)
{
    (void)state;
    harness *h = h_new(12);
    temp_store s;
    store_in_temp(&s, h);
    chan(h, "alice", "#durak", "!top");
    assert_non_null(said(h, "#durak", "No channel game recorded yet"));
    start_two(h, "#durak");
    const char *end = play_to_end(h, "#durak", NICKS, 2, 12);
    chan(h, "alice", "#durak", "!stats");
    const char *line = said(h, "#durak", "alice: 1 game,");
    assert_non_null(line);
    bool alice_durak = strstr(end, "alice is the durak") != NULL;
    assert_non_null(strstr(line, alice_durak ? "durak 1" : "durak 0"));
    chan(h, "carol", "#durak", "!stats bob");
    assert_non_null(said(h, "#durak", "bob: 1 game,"));
    chan(h, "carol", "#durak", "!stats");
    assert_non_null(said(h, "#durak", "No games recorded for carol"));
    chan(h, "carol", "#durak", "!top 2");
    assert_non_null(said(h, "#durak", "1. "));
    assert_non_null(said(h, "#durak", "2. "));
    renamed(h, "bob", "robert");
    chan(h, "carol", "#durak", "!stats robert"); /* bob's, named so */
    assert_non_null(said(h, "#durak", "bob: 1 game,"));
    chan(h, "carol", "#durak", "!stats bob");
    assert_non_null(said(h, "#durak", "bob: 1 game,"));
    chan(h, "dave", "#durak", "!stats dave"); /* no game of his: nothing of anyone else's */
    assert_non_null(said(h, "#durak", "No games recorded for dave"));
    h_free(h);
    store_gone(&s);
}

/* !bot at a full table: its creator is told what may be done now, not to wait for another game. */
static void test_bot_at_full_table(void **state)
{
    (void)state;
    harness *h = h_new(15);
    chan(h, "alice", "#durak", "!durak");
    for (int i = 0; i < 5; i++)
        chan(h, "alice", "#durak", "!bot hard");
    assert_non_null(said(h, "#durak", "(6/6)"));
    chan(h, "alice", "#durak", "!bot");
    assert_null(said(h, "alice", "wait for the next one"));
    assert_non_null(said(h, "alice", "Six are seated: !start deals, or !bot remove frees a seat."));
    chan(h, "bob", "#durak", "!join"); /* a person who wants a seat waits */
    assert_non_null(said(h, "bob", "wait for the next one"));
    chan(h, "alice", "#durak", "!бот сложный");
    assert_non_null(said(h, "alice", "!старт"));
    h_free(h);
}

/* One person and computer players of each level play a game to its end. */
/* The creator's role follows its seat: a leaving creator hands over to the first person seated,
 * past computer players (a computer cannot type !start); a seat removed before the creator's
 * leaves the role with the same person. */
static void test_creator_hands_over_past_bots(void **state)
{
    (void)state;
    harness *h = h_new(17);
    chan(h, "alice", "#durak", "!durak");
    chan(h, "alice", "#durak", "!bot easy");
    chan(h, "bob", "#durak", "!join");
    chan(h, "alice", "#durak", "!leave");
    assert_non_null(
        said(h, "#durak", "alice leaves. Seated: Easy[bot], bob. bob can start with !start."));
    chan(h, "carol", "#durak", "!join");
    assert_non_null(said(h, "#durak", "bob can start"));
    chan(h, "bob", "#durak", "!bot remove"); /* the seat before bob's */
    assert_non_null(said(h, "#durak", "Easy[bot] leaves"));
    chan(h, "carol", "#durak", "!start");
    assert_non_null(said(h, "carol", "Only bob"));
    chan(h, "bob", "#durak", "!start");
    assert_non_null(said(h, "#durak", "starts: bob, carol"));
    h_free(h);
}

/* The creator left a game and a computer player took the seat (game.replace_leavers): in the
 * rematch (!again) the first person seated manages the lobby, not the computer player. */
static void test_rematch_creator_replaced_by_bot(void **state)
{
    (void)state;
    harness *h = h_new(14);
    play_with_replaced_leaver(h, "alice", 14);
    chan(h, "bob", "#durak", "!again");
    assert_int_equal(tables_count(h->t), 1);
    chan(h, "bob", "#durak", "!bot remove");
    assert_non_null(said(h, "#durak", "Normal[bot] leaves"));
    h_free(h);
}

/* After a bout, a player who defends against a computer player's lead is asked a moment later
 * with the hand; the hand is not said on its own first as well. */
static void test_hand_once_before_a_computer_players_lead(void **state)
{
    (void)state;
    harness *h = h_new(26);
    chan(h, "alice", "#durak", "!durak");
    chan(h, "alice", "#durak", "!bot normal");
    chan(h, "alice", "#durak", "!start");
    rng_t r;
    rng_seed(&r, 26);
    int deferred = 0;
    for (int step = 0; step < 3000 && tables_count(h->t); step++) {
        bool hers = play_own_random_move(h, &r, "alice");
        if (!hers)
            h_run_ai(h);
        table_t *tb = tables_find(h->t, "#durak");
        if (!tb || durak_over(&tb->g))
            break;
        if (tb->g.phase == DURAK_PHASE_ATTACK && tb->g.actor != 0) { /* the bot leads to her */
            assert_null(said(h, "alice", "Your hand in #durak"));
            deferred++;
            h_run_ai(h); /* its lead: her turn, hand and all */
            assert_non_null(said(h, "alice", "Your turn in #durak: "));
            assert_non_null(said(h, "alice", " \xC2\xB7 hand: "));
        }
    }
    assert_true(deferred > 0);
    h_free(h);
}

static void test_computer_players(void **state)
{
    (void)state;
    harness *h = h_new(13);
    chan(h, "alice", "#durak", "!durak transfer");
    chan(h, "bob", "#durak", "!bot");
    assert_non_null(said(h, "bob", "Only alice"));
    chan(h, "alice", "#durak", "!bot remove");
    assert_non_null(said(h, "alice", "No computer player"));
    chan(h, "alice", "#durak", "!bot easy");
    assert_non_null(said(h, "#durak", "Computer player Easy[bot] joins"));
    chan(h, "alice", "#durak", "!bot hard");
    chan(h, "alice", "#durak", "!bot");
    assert_non_null(
        said(h, "#durak", "Normal[bot] joins: alice, Easy[bot], Hard[bot], Normal[bot] (4/6)"));
    chan(h, "alice", "#durak", "!bot remove");
    assert_non_null(said(h, "#durak", "Normal[bot] leaves"));
    chan(h, "alice", "#durak", "!bot normal");
    chan(h, "alice", "#durak", "!start");
    assert_non_null(said(h, "#durak", "starts: alice, Easy[bot], Hard[bot], Normal[bot]"));
    assert_null(said(h, "Easy[bot]", "")); /* no private messages to bots */
    rng_t r;
    rng_seed(&r, 13);
    for (int step = 0; step < 3000 && tables_count(h->t); step++)
        if (!play_own_random_move(h, &r, "alice"))
            h_run_ai(h);
    assert_int_equal(tables_count(h->t), 0);
    /* !again: the same seats, computer players included; alice is the only person,
     * so her !again starts it at once */
    chan(h, "alice", "#durak", "!again");
    assert_non_null(said(h, "#durak", "starts: alice, Easy[bot], Hard[bot], Normal[bot]"));
    assert_int_equal(tables_count(h->t), 1);
    h_free(h);
}

/* !bot expert: hard's search with game.expert_budget per decision. */
static void test_expert_budget(void **state)
{
    (void)state;
    harness *h = h_new(17);
    h->cfg.game.expert_budget = 2.5;
    tables_reconfigure(h->t, &h->cfg);
    chan(h, "alice", "#durak", "!durak");
    chan(h, "alice", "#durak", "!bot expert");
    assert_non_null(said(h, "#durak", "Computer player Expert[bot] joins"));
    chan(h, "alice", "#durak", "!start");
    tables_ai_job job;
    int jobs = 0;
    for (int step = 0; step < 40 && tables_count(h->t); step++) {
        h->now += h->cfg.game.bot_delay;
        if (tables_ai_next_job(h->t, h->now, &job)) {
            assert_int_equal(job.params.level, AI_EXPERT);
            assert_int_equal(job.params.budget_ms, 2500);
            job.params.max_iterations = 50;
            tables_ai_result(h->t, h->now, &job, ai_choose(&job.view, &job.params, NULL), &h->o);
            jobs++;
        } else {
            char moves[1024], move[128];
            priv(h, "alice", "moves");
            assert_non_null(said(h, "alice", "Your moves: "));
            snprintf(moves, sizeof moves, "%s", said(h, "alice", "Your moves: ") + 12);
            rng_t r;
            rng_seed(&r, (uint64_t)step);
            pick_move(&r, moves, move, sizeof move);
            priv(h, "alice", move);
        }
    }
    assert_true(jobs > 0);
    h_free(h);
}

/* game.replace_leavers: a computer player takes over; the last person leaving ends it. */
static void test_replace_leavers(void **state)
{
    (void)state;
    harness *h = h_new(14);
    start_replacing(h, "", 3);
    chan(h, "bob", "#durak", "!leave");
    assert_non_null(said(h, "#durak", "bob leaves the game and forfeits; Normal[bot] takes over"));
    assert_int_equal(tables_count(h->t), 1);
    chan(h, "carol", "#durak", "!leave");
    assert_non_null(said(h, "#durak", "Normal2[bot] takes over"));
    chan(h, "alice", "#durak", "!leave");
    assert_non_null(said(h, "#durak", "Only computer players are left"));
    assert_int_equal(tables_count(h->t), 0);
    h_free(h);
}

/* Cards on the table in a status line: "table: 7s/9s 8c/? ·" holds 3. */
/* Cards a public line says were put on the table: each lead, throw-in, added card, cover and
 * transfer is one. */
static int cards_put(const char *line)
{
    static const char *const verbs[] = { " leads ", " throws in ", " adds ", " beats ",
                                         " transfers with " };
    int n = 0;
    for (size_t v = 0; v < sizeof verbs / sizeof verbs[0]; v++)
        for (const char *p = line; (p = strstr(p, verbs[v])); p++)
            n++;
    return n;
}

/* R12: "picks up N cards" counts the whole table, the card added last too. */
static void test_pickup_count(void **state)
{
    (void)state;
    int checked_add = 0, checked_take = 0;
    for (uint64_t seed = 0; seed < 40 && !(checked_add && checked_take); seed++) {
        harness *h = h_new(seed);
        start_two(h, "#durak");
        rng_t r;
        rng_seed(&r, seed);
        int on_table = 0;
        while (tables_count(h->t)) {
            char moves[1024], move[128];
            int i = whose_turn(h, NICKS, 2, moves, sizeof moves);
            pick_move(&r, moves, move, sizeof move);
            priv(h, NICKS[i], move);
            const char *line = said(h, "#durak", "");
            if (!line)
                continue; /* a pass that ended nothing */
            on_table += cards_put(line);
            const char *up = strstr(line, " picks up ");
            if (up) {
                assert_int_equal(atoi(up + 10), on_table);
                checked_add += strstr(line, " adds ") != NULL;
                checked_take += strstr(line, " takes") != NULL;
            }
            if (up || strstr(line, "Discarded (bito)"))
                on_table = 0;
        }
        h_free(h);
    }
    assert_true(checked_add > 0 && checked_take > 0);
}

/* ---- identity: a nick is not a person ---- */

/* The creator quits; a stranger takes the nick and types !stop: refused, the game goes on. */
static void test_trust_stop_by_nick_taker(void **state)
{
    (void)state;
    harness *h = h_new(21);
    start_two(h, "#durak");
    outbox_clear(&h->o);
    tables_on_quit(h->t, h->now, "alice", "Quit: bye", &h->o);
    tables_who mallory = { "alice", "mallory", "evil.example", "", false };
    chan_as(h, &mallory, "#durak", "!stop");
    assert_non_null(said(h, "alice", "held for its player"));
    assert_null(said(h, "#durak", "stops the game"));
    assert_int_equal(tables_count(h->t), 1);
    priv_as(h, &mallory, "hand");
    assert_non_null(said(h, "alice", "held for its player"));
    assert_null(said(h, "alice", "Your hand"));
    h_free(h);
}

/* A player quits; a stranger takes the nick and types !leave: refused, no forfeit. */
static void test_trust_leave_by_nick_taker(void **state)
{
    (void)state;
    harness *h = h_new(22);
    start_two(h, "#durak");
    outbox_clear(&h->o);
    tables_on_quit(h->t, h->now, "bob", "Quit: bye", &h->o);
    tables_who mallory = { "bob", "mallory", "evil.example", "", false };
    chan_as(h, &mallory, "#durak", "!leave");
    assert_non_null(said(h, "bob", "held for its player"));
    assert_null(said(h, "#durak", "forfeits"));
    assert_int_equal(tables_count(h->t), 1);
    /* nor can the nick taker change nick and carry the held seat off */
    outbox_clear(&h->o);
    tables_on_nick(h->t, h->now, "bob", "bobby", &h->o);
    tables_who back = who("bob");
    outbox_clear(&h->o);
    tables_on_join(h->t, h->now, &back, "#durak", &h->o);
    assert_non_null(said(h, "#durak", "bob is back"));
    h_free(h);
}

/* R10: with neighbours, a player who sits apart from the defender adds no card this bout; asked
 * for moves, they are told so and who may, not only to wait (which reads as if a turn will come). */
static void test_no_moves_names_the_neighbours(void **state)
{
    (void)state;
    harness *h = h_new(25);
    const char *nicks[] = { "alice", "bob", "carol", "dave" };
    lobby(h, "#durak", "neighbours", nicks, 4);
    chan(h, "alice", "#durak", "!start");
    char moves[1024], want[128];
    int a = whose_turn(h, nicks, 4, moves, sizeof moves); /* the defender sits after the attacker */
    int near = (a + 2) % 4, apart = (a + 3) % 4;
    snprintf(want, sizeof want, "only the defender's neighbours add cards: %s and %s.",
             nicks[a < near ? a : near], nicks[a < near ? near : a]);
    priv(h, nicks[apart], "moves");
    assert_non_null(said(h, nicks[apart], "No moves for you now: "));
    assert_non_null(said(h, nicks[apart], want));
    priv(h, nicks[near], "moves"); /* a neighbour waits for their turn, and is told only that */
    assert_non_null(said(h, nicks[near], "No moves for you now: "));
    assert_null(said(h, nicks[near], "neighbours"));
    h_free(h);
}

/* A player who takes the nick of someone away from the same game still plays their own seat,
 * which the nick now means: the held one is not theirs, and refusing them would time them out. */
static void test_nick_of_an_away_player_keeps_ones_seat(void **state)
{
    (void)state;
    harness *h = h_new(24);
    const char *nicks[] = { "alice", "bob", "dave" };
    lobby(h, "#durak", "", nicks, 3);
    chan(h, "alice", "#durak", "!start");
    tables_on_quit(h->t, h->now, "alice", "Quit: bye", &h->o);
    renamed(h, "bob", "alice");
    priv(h, "alice", "hand"); /* bob, now alice */
    assert_null(said(h, "alice", "held for its player"));
    assert_non_null(said(h, "alice", "Your hand"));
    chan(h, "alice", "#durak", "!leave");
    assert_null(said(h, "alice", "held for its player"));
    assert_non_null(said(h, "#durak", "forfeits"));
    assert_int_equal(tables_count(h->t), 1); /* the away alice and dave play on */
    h_free(h);
}

/* A computer player is no IRC user: the nick Normal[bot] neither sees its cards nor moves. */
static void test_trust_bot_name_is_no_nick(void **state)
{
    (void)state;
    harness *h = h_new(23);
    chan(h, "alice", "#durak", "!durak");
    chan(h, "alice", "#durak", "!bot normal");
    chan(h, "alice", "#durak", "!start");
    assert_int_equal(tables_count(h->t), 1);
    priv(h, "Normal[bot]", "moves");
    assert_non_null(said(h, "Normal[bot]", "not in a game"));
    assert_null(said(h, "Normal[bot]", "Your moves"));
    priv(h, "Normal[bot]", "take");
    assert_non_null(said(h, "Normal[bot]", "not in a game"));
    chan(h, "Normal[bot]", "#durak", "!leave");
    assert_null(said(h, "#durak", "forfeits"));
    assert_int_equal(tables_count(h->t), 1);
    h_free(h);
}

/* A seated person who takes a computer player's name mid-game would read as one in every line:
 * their seat is held under the nick they sat with, the grace running as after a part, and their
 * next nick that is no such name takes it back, hand and all. */
static void test_rename_to_a_bot_name_holds_the_seat(void **state)
{
    (void)state;
    harness *h = h_new(25);
    start_two(h, "#durak");
    renamed(h, "bob", "Hard[bot]");
    assert_non_null(said(h, "#durak",
                         "bob is now Hard[bot], a name kept for computer players: their seat is "
                         "held for 90 seconds, and any other nick takes it back."));
    priv(h, "Hard[bot]", "hand");
    assert_null(said(h, "Hard[bot]", "Your hand"));
    /* told why and what to do, not "You are not in a game" */
    assert_non_null(said(h, "Hard[bot]",
                         "Your seat in #durak is held while your nick ends in [bot], as computer "
                         "players' do: change it with /nick to play on."));
    renamed(h, "Hard[bot]", "Easy[bot]");
    assert_null(said(h, "#durak", "is back"));
    renamed(h, "Easy[bot]", "bobby");
    assert_non_null(said(h, "#durak", "bobby is back and plays on."));
    priv(h, "bobby", "hand");
    assert_non_null(said(h, "bobby", "Your hand"));
    /* taken again and kept: the grace ends as after a part */
    renamed(h, "bobby", "Normal{bot}");
    assert_non_null(said(h, "#durak", "bobby is now Normal{bot}"));
    tick(h, h->now + h->cfg.game.rejoin_grace + 0.01);
    assert_non_null(said(h, "#durak", "bobby did not come back in time and forfeits"));
    assert_int_equal(tables_count(h->t), 0);
    h_free(h);
}

/* Commands over the per-person limit: the first refused is told, with the wait, and the rest of
 * the run is dropped in silence (a flood is not answered line for line). */
static void test_too_fast_told_once(void **state)
{
    (void)state;
    harness *h = h_new(28);
    h->step = 0.01;
    int told = 0, answered = 0;
    for (int i = 0; i < 8; i++) { /* h->step apart: well within the burst's refill */
        priv(h, "alice", "rules");
        answered += said(h, "alice", "Durak (") != NULL;
        told +=
            said(h, "alice", "Too many commands at once: wait 2 s, then type it again.") != NULL;
    }
    assert_int_equal(answered, 4);
    assert_int_equal(told, 1);
    /* one line a second for 10 s: a token every 2 s lets every other one through, and the
     * flood is not told again */
    h->step = 1.0;
    for (int i = 0; i < 10; i++) {
        priv(h, "alice", "rules");
        answered += said(h, "alice", "Durak (") != NULL;
        told += said(h, "alice", "Too many commands") != NULL;
    }
    assert_int_equal(told, 1);
    assert_in_range(answered, 8, 10);
    h_free(h);
}

/* A near miss of a channel command ("!jion") is answered, to its sender alone, where a game is
 * open; with none the word may be another bot's, and nothing is said. */
static void test_channel_typo(void **state)
{
    (void)state;
    harness *h = h_new(27);
    chan(h, "alice", "#durak", "!strat");
    assert_int_equal(h->o.len, 0);
    chan(h, "alice", "#durak", "!durak");
    chan(h, "bob", "#durak", "!jion");
    assert_non_null(said(h, "bob", "\"!jion\" is not a command: did you mean !join?"));
    assert_null(said(h, "#durak", ""));
    chan(h, "bob", "#durak", "!join");
    chan(h, "bob", "#durak", "!pass"); /* a move word in the channel: where moves go, as before */
    assert_null(said(h, "bob", "did you mean"));
    h_free(h);
}

/* In a lobby the seat is only a place in the list: taking a computer player's name frees it. */
static void test_rename_to_a_bot_name_in_a_lobby(void **state)
{
    (void)state;
    harness *h = h_new(26);
    chan(h, "alice", "#durak", "!durak");
    chan(h, "bob", "#durak", "!join");
    renamed(h, "bob", "Hard[bot]");
    assert_non_null(said(h, "Hard[bot]", "Nicks ending in [bot] are kept for computer players"));
    chan(h, "alice", "#durak", "!table");
    assert_null(said(h, "#durak", "Hard[bot]"));
    h_free(h);
}

/* Where the network says accounts, the seat is the account's: the same user@host with another
 * account is a stranger, the account from another host is the player. */
static void test_trust_account_binds_the_seat(void **state)
{
    (void)state;
    harness *h = h_new(24);
    tables_who alice = { "alice", "a", "home.example", "alice_acc", false };
    tables_who bob = { "bob", "b", "bob.example", "bob_acc", false };
    chan_as(h, &alice, "#durak", "!durak");
    chan_as(h, &bob, "#durak", "!join");
    chan_as(h, &alice, "#durak", "!start");
    tables_who twin = { "alice", "a", "home.example", "mallory_acc", false };
    priv_as(h, &twin, "hand");
    assert_non_null(said(h, "alice", "held for its player"));
    tables_who moved = { "alice", "other", "phone.example", "alice_acc", false };
    priv_as(h, &moved, "hand");
    assert_non_null(said(h, "alice", "Your hand"));
    h_free(h);
}

/* Stats are keyed by account where there is one: found under another nick, not under the
 * nick when someone else holds it. The seat follows its person's account as it changes while they
 * sit: one who logs in after sitting down is counted under it; one who logs out (NickServ LOGOUT,
 * the same nick and user@host all along) plays on, still counted under it. */
static void test_trust_stats_by_account(void **state)
{
    (void)state;
    for (int change = 0; change < 3; change++) { /* none, a login, a logout after sitting */
        harness *h = h_new(25);
        temp_store s;
        store_in_temp(&s, h);
        with_accounts = change != 1; /* who() is logged in to "acc_<person>" */
        start_two(h, "#durak");
        with_accounts = change != 2;
        assert_non_null(play_to_end(h, "#durak", NICKS, 2, 13));
        with_accounts = false;
        assert_int_equal(tables_count(h->t), 0);
        tables_who ally = { "ally", "a", "phone.example", "acc_alice", false };
        chan_as(h, &ally, "#durak", "!stats");
        assert_non_null(said(h, "#durak", ": 1 game,"));
        tables_who other = { "alice", "x", "evil.example", "", false };
        chan_as(h, &other, "#durak", "!stats");
        assert_non_null(said(h, "#durak", "No games recorded for alice"));
        h_free(h);
        store_gone(&s);
    }
}

/* Two people at one game, neither logged in, both identify to one account (one person's two
 * clients, or a shared account): the first seat takes it, the second keeps its nick, and the game
 * is recorded. Both taking it, the record held the account twice and was refused, stats and all. */
static void test_a_login_takes_one_seat_an_account(void **state)
{
    (void)state;
    harness *h = h_new(27);
    temp_store s;
    store_in_temp(&s, h);
    start_two(h, "#durak");
    tables_who alice = { "alice", "u_alice", "example.org", "shared", false };
    tables_who bob = { "bob", "u_bob", "example.org", "shared", false };
    priv_as(h, &alice, "hand");
    priv_as(h, &bob, "hand");
    assert_non_null(said(h, "bob", "Your hand")); /* still his seat */
    assert_non_null(play_to_end(h, "#durak", NICKS, 2, 27));
    chan(h, "carol", "#durak", "!last");
    assert_non_null(said(h, "#durak", "Last game #1"));
    tables_who asker = { "ally", "a", "phone.example", "shared", false };
    chan_as(h, &asker, "#durak", "!stats");
    assert_non_null(said(h, "#durak", ": 1 game,"));
    h_free(h);
    store_gone(&s);
}

/* A harness whose held seats wait 600 s (longer than a few turn timers). */
static harness *h_long_grace(uint64_t seed)
{
    harness *h = h_new(seed);
    h->cfg.game.rejoin_grace = 600;
    tables_free(h->t);
    h->t = tables_new(&h->cfg, seed);
    tables_on_reconnect(h->t, h->now, &h->o);
    return h;
}

/* QUIT reasons: two host names are a netsplit; anything else is an ordinary quit. */
static void test_netsplit_reason(void **state)
{
    (void)state;
    assert_true(tables_netsplit_reason("hub.example leaf.example"));
    assert_true(tables_netsplit_reason("irc1.realsrv.test irc2.realsrv.test"));
    assert_true(tables_netsplit_reason("*.net *.split"));
    const char *not_split[] = { NULL,
                                "",
                                "bye",
                                "Quit: bye",
                                "a.example",
                                "a.example b.example c.x",
                                "Ping timeout: 240 seconds",
                                "Read error: Connection reset by peer",
                                "a..example b.example",
                                "a.example  b.example",
                                "a.example b.",
                                "-a.example b.example",
                                "a.example b_c.example",
                                "Quit: a.b c.d" };
    for (size_t i = 0; i < sizeof not_split / sizeof not_split[0]; i++)
        assert_false(tables_netsplit_reason(not_split[i]));
}

/* The server restarts: the bot reconnects and asks the player to move before they are back, so
 * that line is lost. When they join, seated and (for all the bot saw) never gone, they get their
 * turn line again, which shows their hand (one line: no hand line before it); a present player
 * in the member list the bot reads after joining (WHO) gets nothing twice. */
static void test_join_after_an_unseen_leave(void **state)
{
    (void)state;
    char moves[1024];
    harness *h = h_new(33);
    start_two(h, "#durak");
    int i = whose_turn(h, NICKS, 2, moves, sizeof moves);
    assert_true(i >= 0);
    const char *actor = NICKS[i], *other = NICKS[1 - i];
    tables_on_disconnect(h->t, h->now);
    outbox_clear(&h->o);
    tables_on_reconnect(h->t, h->now += 5, &h->o);
    assert_non_null(said(h, actor, "Your turn")); /* to nobody: the server lost them */
    tables_who listed = who(other);
    listed.listed = true;
    outbox_clear(&h->o);
    tables_on_join(h->t, h->now, &listed, "#durak", &h->o);
    assert_null(said(h, other, "Your hand"));
    tables_who back = who(actor);
    outbox_clear(&h->o);
    tables_on_join(h->t, h->now += 10, &back, "#durak", &h->o);
    const char *turn = said(h, actor, "Your turn");
    assert_non_null(turn);
    assert_non_null(strstr(turn, " \xC2\xB7 hand: "));
    assert_null(said(h, actor, "Your hand"));
    tables_who joins = who(other); /* the other one joins too: their hand, not their turn */
    outbox_clear(&h->o);
    tables_on_join(h->t, h->now += 10, &joins, "#durak", &h->o);
    assert_non_null(said(h, other, "Your hand"));
    assert_null(said(h, other, "Your turn"));
    h_free(h);
}

/* The player to move is away in a netsplit: their seat is held and their turn timer stands still
 * for as long as they are away (an ordinary quit's keeps running); the line that welcomes them
 * back starts with whose turn it is, they get their turn line, and the timer runs on with the
 * time that was left. */
static void test_netsplit_stops_the_turn_timer(void **state)
{
    (void)state;
    char moves[1024];
    harness *h = h_long_grace(31);
    start_two(h, "#durak");
    double turn = h->cfg.game.turn_timeout, t0 = h->now; /* the turn began */
    int i = whose_turn(h, NICKS, 2, moves, sizeof moves);
    assert_true(i >= 0);
    const char *actor = NICKS[i];
    h->now = t0 + turn / 2;
    outbox_clear(&h->o);
    tables_on_quit(h->t, h->now, actor, "hub.example leaf.example", &h->o);
    assert_non_null(said(h, "#durak", "their seat is held"));
    assert_true(tables_next_deadline(h->t) > h->now + turn); /* only the rejoin grace is left */
    tick(h, t0 + 3 * turn);
    assert_null(said(h, "#durak", "Time is up"));
    assert_null(said(h, actor, "Hurry"));
    tables_who back = who(actor);
    outbox_clear(&h->o);
    tables_on_join(h->t, h->now, &back, "#durak", &h->o);
    const char *line = said(h, "#durak", "is back and plays on");
    assert_non_null(line);
    char head[64];
    snprintf(head, sizeof head, "%s: ", actor);
    assert_int_equal(strncmp(line, head, strlen(head)), 0);
    assert_non_null(said(h, actor, "Your turn in #durak"));
    double back_at = h->now;
    tick(h, back_at + turn / 2 - 1); /* what was left has not run out yet */
    assert_null(said(h, "#durak", "Time is up"));
    tick(h, back_at + turn / 2 + 0.01);
    assert_non_null(said(h, "#durak", "Time is up"));
    h_free(h);

    /* an ordinary quit: the timer keeps running */
    h = h_new(31);
    start_two(h, "#durak");
    i = whose_turn(h, NICKS, 2, moves, sizeof moves);
    t0 = h->now;
    outbox_clear(&h->o);
    tables_on_quit(h->t, h->now, NICKS[i], "Quit: bye", &h->o);
    tick(h, t0 + h->cfg.game.turn_timeout + 0.01);
    assert_non_null(said(h, "#durak", "Time is up"));
    h_free(h);
}

/* A player away in a netsplit who is not to move: when the turn comes to them, their timer
 * stands still until they are back. */
static void test_netsplit_turn_reaches_the_away(void **state)
{
    (void)state;
    char moves[1024], move[128];
    harness *h = h_long_grace(32);
    start_two(h, "#durak");
    int i = whose_turn(h, NICKS, 2, moves, sizeof moves);
    const char *away = NICKS[1 - i];
    outbox_clear(&h->o);
    tables_on_quit(h->t, h->now, away, "*.net *.split", &h->o);
    rng_t r;
    rng_seed(&r, 5);
    pick_move(&r, moves, move, sizeof move);
    while (!strcmp(move, "pass") || !strncmp(move, "take", 4)) /* a lead hands the turn over */
        pick_move(&r, moves, move, sizeof move);
    priv(h, NICKS[i], move);
    tick(h, h->now + 5 * h->cfg.game.turn_timeout);
    assert_null(said(h, "#durak", "Time is up"));
    tables_who back = who(away);
    outbox_clear(&h->o);
    tables_on_join(h->t, h->now, &back, "#durak", &h->o);
    char head[64];
    snprintf(head, sizeof head, "%s: ", away);
    const char *line = said(h, "#durak", "is back and plays on");
    assert_non_null(line);
    assert_int_equal(strncmp(line, head, strlen(head)), 0);
    h_free(h);
}

/* No memory for a line of a game's start (the outbox's room for it, or its copy of the text),
 * each in turn until the start needs no more: that line is lost and the log says so, to whom;
 * every other line goes, the game starts all the same, and the next command is answered. */
static void test_start_out_of_memory(void **state)
{
    (void)state;
    size_t want = 0;
    long k = 0;
    for (;; k++) {
        harness *h = h_new(5);
        lobby(h, "#durak", "", NICKS, 3);
        outbox_free(&h->o); /* its first line needs room for the list too */
        log_capture();
        failalloc_after(k);
        chan(h, "alice", "#durak", "!start");
        bool refused = failalloc_failed();
        failalloc_off();
        const char *logged = log_captured();
        if (k == 0) {
            want = h->o.len;
        } else if (!refused) {
            assert_int_equal(h->o.len, want);
            h_free(h);
            break;
        } else {
            assert_int_equal(h->o.len, want - 1);
            if (!strstr(logged, "out of memory: a line to "))
                fail_msg("allocation %ld refused: no log line says so:\n%s", k, logged);
        }
        priv(h, "bob", "moves");
        assert_true(h->o.len > 0);
        assert_null(said(h, "bob", "has not started"));
        h_free(h);
    }
    assert_true(k > 3); /* a line to each player at least */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lobby_rules),
        cmocka_unit_test(test_lobby_timeout),
        cmocka_unit_test(test_tables_in_freed_slots),
        cmocka_unit_test(test_stranger_and_help),
        cmocka_unit_test(test_flood_limit),
        cmocka_unit_test(test_line_priorities),
        cmocka_unit_test(test_complete_games),
        cmocka_unit_test(test_trump_card_held),
        cmocka_unit_test(test_illegal_move_reason),
        cmocka_unit_test(test_no_cover_says_take),
        cmocka_unit_test(test_russian_words),
        cmocka_unit_test(test_russian_beat_order),
        cmocka_unit_test(test_beat_with_nothing_to_cover),
        cmocka_unit_test(test_forfeit_notice_before_end),
        cmocka_unit_test(test_again_after_restart),
        cmocka_unit_test(test_unlisted_after_restart),
        cmocka_unit_test(test_no_empty_hand_after_restart),
        cmocka_unit_test(test_unlisted_spectator_after_reconnect),
        cmocka_unit_test(test_again_alone),
        cmocka_unit_test(test_pickup_count),
        cmocka_unit_test(test_timeouts_and_forfeit),
        cmocka_unit_test(test_own_move_ends_timeouts_in_a_row),
        cmocka_unit_test(test_timers_wait_out_the_backlog),
        cmocka_unit_test(test_nick_change),
        cmocka_unit_test(test_part_rejoin_and_quit),
        cmocka_unit_test(test_nothing_pushed_to_a_gone_seat),
        cmocka_unit_test(test_forfeiter_not_back),
        cmocka_unit_test(test_all_gone_no_result),
        cmocka_unit_test(test_game_waits_while_the_bot_is_out),
        cmocka_unit_test(test_nick_too_long_for_a_seat),
        cmocka_unit_test(test_statusmsg_is_not_a_channel),
        cmocka_unit_test(test_join_after_an_unseen_leave),
        cmocka_unit_test(test_two_channels),
        cmocka_unit_test(test_disconnect_pauses),
        cmocka_unit_test(test_stop_by_admin),
        cmocka_unit_test(test_back_says_the_last_move),
        cmocka_unit_test(test_back_skips_quiet_passes),
        cmocka_unit_test(test_snapshot_restore),
        cmocka_unit_test(test_rematch_restore),
        cmocka_unit_test(test_stats),
        cmocka_unit_test(test_stats_names_after_rename),
        cmocka_unit_test(test_top_says_its_most),
        cmocka_unit_test(test_trust_stop_by_nick_taker),
        cmocka_unit_test(test_trust_leave_by_nick_taker),
        cmocka_unit_test(test_nick_of_an_away_player_keeps_ones_seat),
        cmocka_unit_test(test_no_moves_names_the_neighbours),
        cmocka_unit_test(test_trust_bot_name_is_no_nick),
        cmocka_unit_test(test_rename_to_a_bot_name_holds_the_seat),
        cmocka_unit_test(test_rename_to_a_bot_name_in_a_lobby),
        cmocka_unit_test(test_channel_typo),
        cmocka_unit_test(test_too_fast_told_once),
        cmocka_unit_test(test_bot_at_full_table),
        cmocka_unit_test(test_trust_account_binds_the_seat),
        cmocka_unit_test(test_trust_stats_by_account),
        cmocka_unit_test(test_a_login_takes_one_seat_an_account),
        cmocka_unit_test(test_hand_once_before_a_computer_players_lead),
        cmocka_unit_test(test_computer_players),
        cmocka_unit_test(test_creator_hands_over_past_bots),
        cmocka_unit_test(test_rematch_creator_replaced_by_bot),
        cmocka_unit_test(test_expert_budget),
        cmocka_unit_test(test_replace_leavers),
        cmocka_unit_test(test_netsplit_reason),
        cmocka_unit_test(test_netsplit_stops_the_turn_timer),
        cmocka_unit_test(test_netsplit_turn_reaches_the_away),
        cmocka_unit_test(test_start_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
