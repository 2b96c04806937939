/* test_solo.c — a private game against computer players (play, stop,
 * one at a time, resumed after a restart, rated apart: !top solo) with nothing addressed to any
 * channel, and spectators (!watch, !unwatch) who hear public lines only, never a hand. */
#include "tables_harness.h"

#include <sqlite3.h>

#include "ai.h"
#include "casemap.h"
#include "export.h"
#include "outq.h"
#include "store_internal.h"
#include "tables_internal.h"

/* Every line of the outbox goes to a person: none to a channel, none under a private key. */
static void assert_nothing_to_channels(const harness *h)
{
    for (size_t i = 0; i < h->o.len; i++) {
        const char *to = h->o.items[i].target;
        if (casemap_is_channel(to) || tables_private_key(to))
            fail_msg("a line went to %s: %s", to, h->o.items[i].text);
    }
}

/* Lines alice read that named the trump as the last card drawn (check_trump_once). */
static int last_card_lines;

/* A line that says the last card was drawn names the trump there, and not again in its status
 * (the prompt's "hand: ... (trump Ad)" after it is the hand's own note, in every prompt). */
static void check_trump_once(const harness *h)
{
    static const char *const drawn = "the last card, the trump ";
    for (size_t i = 0; i < h->o.len; i++) {
        const char *at = strstr(h->o.items[i].text, drawn);
        if (!at)
            continue;
        last_card_lines++;
        if (strstr(at + strlen(drawn), " \xC2\xB7 trump "))
            fail_msg("the trump named twice: %s", h->o.items[i].text);
    }
}

/* Plays alice's private game to its end with random legal moves; every outbox is checked. Returns
 * the last line ("Game over: ..."), which alice must have heard. */
static const char *solo_to_end(harness *h, uint64_t seed)
{
    static char end[1024];
    rng_t r;
    rng_seed(&r, seed);
    end[0] = '\0';
    for (int step = 0; step < 4000 && tables_count(h->t); step++) {
        char moves[1024], move[128];
        priv(h, "alice", "moves");
        assert_nothing_to_channels(h);
        if (said(h, "alice", "Your moves: ")) {
            snprintf(moves, sizeof moves, "%s", said(h, "alice", "Your moves: ") + 12);
            pick_move(&r, moves, move, sizeof move);
            priv(h, "alice", move);
        } else {
            h_run_ai(h);
        }
        assert_nothing_to_channels(h);
        check_trump_once(h);
        if (getenv("SOLO_SHOW")) /* to read a private game as alice sees it */
            for (size_t k = 0; k < h->o.len; k++)
                printf("<%s> %s\n", h->o.items[k].target, h->o.items[k].text);
        if (said(h, "alice", "Game over"))
            snprintf(end, sizeof end, "%s", said(h, "alice", "Game over"));
    }
    assert_int_equal(tables_count(h->t), 0);
    assert_true(end[0]);
    return end;
}

/* Lines alice gets in one private game played to its end with random legal moves, and how many
 * moves she made: every line the bot sends her counts, as IRC lines (split as the send queue does
 * at 400 bytes), but the answers to the `moves` this loop asks to find its move (a player reads
 * those off the prompt). */
static void solo_lines(uint64_t seed, const char *play, long *lines, long *moves_made_here)
{
    harness *h = h_new(seed);
    outq *q = outq_new(5, 1.0);
    rng_t r;
    rng_seed(&r, seed);
    priv(h, "alice", play);
    for (size_t k = 0; k < h->o.len; k++)
        assert_true(outq_push(q, "PRIVMSG", h->o.items[k].target, h->o.items[k].text));
    for (int step = 0; step < 4000 && tables_count(h->t); step++) {
        if (play_own_random_move(h, &r, "alice"))
            (*moves_made_here)++;
        else
            h_run_ai(h);
        assert_nothing_to_channels(h);
        for (size_t k = 0; k < h->o.len; k++)
            assert_true(outq_push(q, "PRIVMSG", h->o.items[k].target, h->o.items[k].text));
    }
    assert_int_equal(tables_count(h->t), 0);
    *lines += (long)outq_len(q);
    outq_free(q);
    h_free(h);
}

/* A quiet private game: at most 1.5 lines to its person per move of theirs, on average over
 * several games of two and of three players. */
static void test_solo_lines_per_move(void **state)
{
    (void)state;
    const char *plays[] = { "play", "play hard 3 transfer" };
    for (int k = 0; k < 2; k++) {
        long lines = 0, moves = 0;
        for (uint64_t seed = 1; seed <= 6; seed++)
            solo_lines(seed * 7 + (uint64_t)k, plays[k], &lines, &moves);
        double per = (double)lines / (double)moves;
        printf("# %s: %ld lines for %ld moves: %.2f a move\n", plays[k], lines, moves, per);
        assert_true(per <= 1.5); /* printed first: the figure shows on a failure too */
    }
}

/* A private game's own moves are not said back, but one the hand chose (a rank alone, "9") is:
 * the player learns which card and which move it became ("You transfer with 9♥"). Played by
 * ranks alone wherever one names a single move; whole moves otherwise. */
static void test_solo_rank_said_back(void **state)
{
    (void)state;
    harness *h = h_new(5);
    rng_t r;
    rng_seed(&r, 5);
    priv(h, "alice", "play transfer");
    int said_back = 0, whole = 0;
    for (int step = 0; step < 4000 && tables_count(h->t); step++) {
        int s;
        table_t *tb = tables_of_nick(h->t, "alice", &s);
        if (!tb || tb->g.actor != s) {
            h_run_ai(h);
            continue;
        }
        durak_action acts[DURAK_MAX_ACTIONS];
        int n = durak_legal(&tb->g, acts), pick = (int)rng_below(&r, (uint64_t)n), same = 0;
        for (int i = 0; i < n; i++)
            same += acts[pick].card < 64 && acts[i].card < 64
                    && card_rank(acts[i].card) == card_rank(acts[pick].card);
        char text[64], card[RENDER_CARD_MAX];
        render_opts ro = tables_ropts_to(h->t, "alice");
        render_card(&ro, acts[pick].card, card, sizeof card);
        bool by_rank = same == 1 && card_rank(acts[pick].card) != RANK_10; /* "T" is asked */
        if (by_rank) {
            snprintf(text, sizeof text, "%.*s", (int)strlen(card) - 1, card); /* "9" of "9h" */
            priv(h, "alice", text);
        } else {
            priv(h, "alice", durak_action_format(acts[pick], text, sizeof text));
        }
        while (tables_count(h->t) && !said(h, "alice", "")) /* her next line: the news with it */
            h_run_ai(h);
        bool back = false;
        for (size_t k = 0; k < h->o.len; k++)
            back |= !strcmp(h->o.items[k].target, "alice") && strstr(h->o.items[k].text, "You ")
                    && strstr(h->o.items[k].text, card);
        if (by_rank && !back)
            fail_msg("\"%s\" (%s) not said back: %s", text, card,
                     h->o.len ? h->o.items[0].text : "(nothing)");
        said_back += by_rank;
        whole += !by_rank && acts[pick].card < 64;
    }
    assert_true(said_back > 3 && whole > 3);
    h_free(h);
}

/* A private game against two hard computer players, played to the end: alice hears it all,
 * privately; it is rated in its own list (!top solo, !stats), not with the channels' games. */
static void test_solo_to_end(void **state)
{
    (void)state;
    harness *h = h_new(41);
    temp_store s;
    store_in_temp(&s, h);
    priv(h, "alice", "play hard 3 transfer");
    assert_nothing_to_channels(h);
    assert_non_null(said(h, "alice", "Durak (transfer"));
    assert_non_null(said(h, "alice", "starts: alice, Hard[bot], Hard2[bot]"));
    assert_int_equal(tables_count(h->t), 1);
    last_card_lines = 0;
    const char *end = solo_to_end(h, 41);
    assert_true(last_card_lines > 0); /* the trump was drawn, and named once */
    assert_non_null(strstr(end, "another: /msg durakbot play"));
    assert_non_null(strstr(end, "your solo rating: 1")); /* her new solo rating */
    chan(h, "bob", "#durak", "!top solo");
    assert_non_null(said(h, "#durak", "Top players alone against computer players"));
    assert_non_null(said(h, "#durak", "1. alice "));
    assert_null(said(h, "#durak", "[bot]")); /* people only */
    chan(h, "bob", "#durak", "!top");        /* private games are apart from the channels' */
    assert_non_null(said(h, "#durak", "No channel game recorded yet: play one with !durak."));
    chan(h, "bob", "#durak", "!top bots"); /* her opponents played, but not in a channel */
    assert_non_null(said(h, "#durak",
                         "No computer player has played in a channel yet: seat one "
                         "with !bot before a game starts."));
    chan(h, "bob", "#durak", "!stats alice");
    assert_non_null(said(h, "#durak", "alice alone against computer players: 1 game, "));
    chan(h, "bob", "#durak", "!stats Hard[bot]"); /* its side of the same game */
    assert_non_null(said(h, "#durak", "Hard[bot] in private games against people: 1 game, "));
    assert_null(said(h, "#durak", "alone against computer players"));
    assert_null(said(h, "#durak", "No games recorded for alice"));
    /* a draw counts among them, as in a channel's line: games = firsts + duraks + draws + ... */
    assert_int_equal(sqlite3_exec(s.db->db,
                                  "UPDATE players SET games = games + 1, draws = 1 "
                                  "WHERE key = '+alice'",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    chan(h, "bob", "#durak", "!stats alice");
    assert_non_null(said(h, "#durak", "alice alone against computer players: 2 games, "));
    assert_non_null(said(h, "#durak", ", draws 1, forfeits 0; solo rating "));
    store_gone(&s);
    h_free(h);
}

/* One private game at a time; play without a card in it, stop, and a channel game meanwhile. */
/* "table" (or "!table", "mesa") in a private game: its table, there being no channel to ask in. */
static void test_solo_table(void **state)
{
    (void)state;
    harness *h = h_new(43);
    priv(h, "alice", "play easy");
    priv(h, "alice", "table");
    assert_int_equal(h->o.len, 1);
    assert_non_null(said(h, "alice", "Your turn: lead a card \xC2\xB7 trump "));
    priv(h, "alice", "mesa");
    assert_int_equal(h->o.len, 1);
    assert_null(said(h, "alice", "comando del canal"));
    h_free(h);
    h = h_new(44);
    start_two(h, "#durak"); /* bob, in a channel game: where to type it */
    priv(h, "bob", "table");
    assert_non_null(said(h, "bob", "!table is a channel command: type it in #durak"));
    h_free(h);
}

static void test_solo_one_at_a_time(void **state)
{
    (void)state;
    harness *h = h_new(42);
    temp_store s;
    store_in_temp(&s, h);
    priv(h, "alice", "play easy");
    assert_non_null(said(h, "alice", "starts: alice, Easy[bot]"));
    priv(h, "alice", "play transfer 4");
    assert_non_null(said(h, "alice", "You already have a private game"));
    assert_non_null(said(h, "alice", "/msg durakbot stop"));
    assert_int_equal(tables_count(h->t), 1);
    priv(h, "alice", "play"); /* one line: what is missing, and where she plays */
    assert_non_null(said(h, "alice",
                         "You already play in your private game: a move needs its "
                         "card, e.g. play "));
    assert_non_null(said(h, "alice", " (moves lists your moves; stop ends the game, as a loss)."));
    example_is_theirs(h, "alice", "e.g. play "); /* hers: on her turn one she may play */
    assert_int_equal(h->o.len, 1);
    chan(h, "alice", "#durak", "!durak");
    assert_non_null(said(h, "alice", "You already have a private game"));
    assert_null(said(h, "#durak", ""));
    priv(h, "alice", "play hard 9");
    assert_non_null(said(h, "alice", "2 to 6 players"));
    priv(h, "alice", "play hard 3 loud");
    assert_non_null(said(h, "alice", "\"loud\" is not a choice of play"));
    priv(h, "bob", "play expert 3"); /* a level of channel games only: no card */
    assert_non_null(said(h, "bob",
                         "\"expert\" is not a choice of play: start a private game "
                         "with play [classic|transfer] [easy|normal|hard] [2-6]"));
    priv(h, "bob", "play 7"); /* no game of his: 7 players, not a card without its suit */
    assert_non_null(said(h, "bob", "A private game has 2 to 6 players"));
    priv(h, "alice", "play 7"); /* hers runs: a card, named by its rank alone */
    assert_non_null(said(h, "alice", "You have no 7: type hand"));
    priv(h, "bob", "stop");
    assert_non_null(said(h, "bob", "You have no private game to stop"));
    priv(h, "bob", "help solo");
    assert_non_null(said(h, "bob", "Alone: /msg durakbot play [classic|transfer]"));
    assert_non_null(said(h, "bob", "!watch in a channel"));
    assert_int_equal(tables_count(h->t), 1);
    priv(h, "alice", "stop"); /* a loss by one word: asked first */
    assert_non_null(said(h, "alice",
                         "Stopping now counts as a loss in your private games' "
                         "rating: type stop again within 30 s to stop."));
    assert_int_equal(tables_count(h->t), 1);
    priv(h, "alice", "stop");
    assert_nothing_to_channels(h);
    assert_non_null(said(h, "alice", "Game over: you leave the private game and forfeit"));
    int forfeits = 0; /* said once, by the end line: no notice saying it again */
    for (size_t k = 0; k < h->o.len; k++)
        forfeits += strstr(h->o.items[k].text, "forfeit") != NULL;
    assert_int_equal(forfeits, 1);
    assert_int_equal(tables_count(h->t), 0);
    chan(h, "bob", "#durak", "!stats alice");
    assert_non_null(
        said(h, "#durak", "1 game, out first 0, durak 0, draws 0, forfeits 1; solo rating"));
    /* seated in a channel game: no private one */
    lobby(h, "#durak", "", NICKS, 2);
    priv(h, "bob", "stop");
    assert_non_null(said(h, "bob", "!stop is a channel command: type it in #durak."));
    chan(h, "alice", "#durak", "!start");
    priv(h, "bob", "play normal");
    assert_non_null(said(h, "bob", "You already sit at the game in #durak"));
    priv(h, "bob", "stop");
    assert_non_null(said(h, "bob", "!stop is a channel command: type it in #durak."));
    /* a blank line, the prefix alone: no command, nothing said (no internal word shown) */
    static const char *const blank[] = { "", " ", "!", " ! " };
    for (size_t i = 0; i < sizeof blank / sizeof blank[0]; i++) {
        priv(h, "bob", blank[i]);
        assert_int_equal(h->o.len, 0);
    }
    priv(h, "bob", "\xD1\x81\xD1\x82\xD0\xBE\xD0\xBF"); /* стоп: in the words typed */
    assert_non_null(said(h, "bob", "!\xD1\x81\xD1\x82\xD0\xBE\xD0\xBF \xE2\x80\x94"));
    assert_int_equal(tables_count(h->t), 1);
    store_gone(&s);
    h_free(h);
}

typedef struct {
    char key[64], snap[8192];
    int n;
} saved;

static bool keep_snapshot(void *ctx, const char *key, const char *snap)
{
    saved *s = ctx;
    if (!snap)
        return true;
    snprintf(s->key, sizeof s->key, "%s", key);
    snprintf(s->snap, sizeof s->snap, "%s", snap);
    s->n++;
    return true;
}

/* alice goes out while the computer players play on, then types stop: she left no running game,
 * so it is no forfeit (R14, R18): her place stands, and the end line does not say she forfeits. */
static void test_stop_after_going_out(void **state)
{
    (void)state;
    int tried = 0;
    for (uint64_t seed = 1; seed < 200; seed++) {
        harness *h = h_new(seed);
        temp_store db;
        store_in_temp(&db, h);
        rng_t r;
        rng_seed(&r, seed);
        priv(h, "alice", "play easy 4");
        table_t *tb = NULL;
        for (int i = 0; i < TABLES_MAX && !tb; i++)
            if (h->t->tab[i].used && h->t->tab[i].solo)
                tb = &h->t->tab[i];
        assert_non_null(tb);
        int me = tables_solo_seat(tb);
        for (int step = 0; step < 2000 && tb->used && durak_in_game(&tb->g, me); step++)
            if (!play_own_random_move(h, &r, "alice"))
                h_run_ai(h);
        if (!tb->used || durak_over(&tb->g)) { /* she was the durak, or the game is over */
            h_free(h);
            store_gone(&db);
            continue;
        }
        tried++;
        priv(h, "alice", "stop");
        const char *end = said(h, "alice", "Game over");
        assert_non_null(end);
        assert_non_null(strstr(end, "Game over: you stop it after going out"));
        store_player pl; /* her private games' record: a game, first out, no forfeit */
        assert_true(store_get_player(db.db, "+alice", &pl));
        assert_int_equal(pl.games, 1);
        assert_int_equal(pl.forfeits, 0);
        h_free(h);
        store_gone(&db);
        break;
    }
    assert_int_equal(tried, 1);
}

/* A private game saved, the bot restarted: the game waits for alice (no timer runs; her nick is
 * only asked to speak, as she may be in no channel for the bot to see her), then goes on to its
 * end. */
static void test_solo_restored(void **state)
{
    (void)state;
    harness *h = h_new(43);
    saved s = { .n = 0 };
    priv(h, "alice", "play 2");
    for (int i = 0; i < 50 && !said(h, "alice", "Your turn"); i++)
        h_run_ai(h);
    assert_non_null(said(h, "alice", "Your turn"));
    tables_take_changes(h->t, h->now, keep_snapshot, &s);
    assert_int_equal(s.n, 1);
    assert_true(tables_private_key(s.key));
    assert_false(casemap_is_channel(s.key));
    h_free(h);

    harness *h2 = h_new(44);
    char why[256] = "";
    assert_true(tables_restore_checked(h2->t, s.key, s.snap, h2->now, why, sizeof why));
    outbox_clear(&h2->o);
    tables_on_reconnect(h2->t, h2->now, &h2->o);
    tables_route_lines(h2->t, &h2->o);
    /* not seen yet: her nick is asked to speak, in no channel, and told nothing of the game */
    assert_int_equal(h2->o.len, 1);
    assert_string_equal(h2->o.items[0].target, "alice");
    assert_string_equal(h2->o.items[0].text, "I am back after a restart, and your private game "
                                             "waits: type hand (or your move) to me to go on.");
    for (int i = 0; i < 10; i++) { /* waits for her: no time-out, however long */
        tick(h2, h2->now + h2->cfg.game.turn_timeout + 1);
        h_run_ai(h2);
        assert_int_equal(h2->o.len, 0);
    }
    assert_int_equal(tables_count(h2->t), 1);
    priv(h2, "mallory", "hand");
    assert_null(said(h2, "mallory", "hand in your private game"));
    tables_who stranger = { "alice", "u_mallory", "example.org", "", false }; /* another alice */
    outbox_clear(&h2->o);
    tables_on_private(h2->t, h2->now + 5, &stranger, "hand", &h2->o);
    tables_route_lines(h2->t, &h2->o);
    assert_non_null(said(h2, "alice", "The seat of alice in a private game is held"));
    assert_null(said(h2, "alice", "Your hand"));
    assert_int_equal(h2->o.len, 1);
    priv(h2, "alice", "hand");
    assert_nothing_to_channels(h2);
    assert_non_null(said(h2, "alice", "I am back after a restart; the game goes on."));
    assert_non_null(said(h2, "alice", "Your hand in your private game: "));
    assert_non_null(said(h2, "alice", "Your turn in your private game: "));
    int hands = 0, turns = 0; /* `hand` answered; the turn line shows it too, once; no third */
    for (size_t i = 0; i < h2->o.len; i++) {
        hands += !strncmp(h2->o.items[i].text, "Your hand", strlen("Your hand"));
        turns += strstr(h2->o.items[i].text, "Your turn") != NULL;
    }
    assert_int_equal(hands, 1);
    assert_int_equal(turns, 1);
    solo_to_end(h2, 44);
    h_free(h2);
}

/* The bot lost its link and came back: a private game's person reads where it stands and their
 * turn line, "Your turn" once. */
static void test_solo_resumed_says_your_turn_once(void **state)
{
    (void)state;
    harness *h = h_new(45);
    priv(h, "alice", "play 2");
    for (int i = 0; i < 50 && !said(h, "alice", "Your turn"); i++)
        h_run_ai(h);
    assert_non_null(said(h, "alice", "Your turn"));
    tables_on_disconnect(h->t, h->now);
    outbox_clear(&h->o);
    tables_on_reconnect(h->t, h->now + 30, &h->o);
    tables_route_lines(h->t, &h->o);
    int turns = 0;
    for (size_t i = 0; i < h->o.len; i++)
        turns += strstr(h->o.items[i].text, "Your turn") != NULL;
    assert_non_null(said(h, "alice", "the game goes on"));
    assert_int_equal(turns, 1);
    h_free(h);
}

/* Said again after a lost link, a private game tells the computer players' last move, which its
 * person may have missed, but never their own move back (as the game never says it back). */
static void test_solo_back_tells_no_own_move(void **state)
{
    (void)state;
    harness *h = h_new(46);
    rng_t r;
    rng_seed(&r, 46);
    priv(h, "alice", "play 2");
    for (int i = 0; i < 50 && !said(h, "alice", "Your turn"); i++)
        h_run_ai(h);
    table_t *tb = tables_find(h->t, "~solo alice");
    assert_non_null(tb);
    for (int k = 0;
         k < 40
         && (tb->rec.nmoves == 0 || !tables_is_ai(tb, tb->rec.move[tb->rec.nmoves - 1].seat));
         k++) {
        assert_true(play_own_random_move(h, &r, "alice"));
        for (int i = 0; i < 50 && !said(h, "alice", "Your turn"); i++)
            h_run_ai(h);
    }
    for (int own = 0; own < 2; own++) {
        if (own) /* her move, the computer player's answer not yet made */
            assert_true(play_own_random_move(h, &r, "alice"));
        tables_on_disconnect(h->t, h->now);
        outbox_clear(&h->o);
        tables_on_reconnect(h->t, h->now + 30, &h->o);
        tables_route_lines(h->t, &h->o);
        const char *back = said(h, "alice", "the game goes on");
        assert_non_null(back);
        if ((strstr(back, "Last move: ") != NULL) == (bool)own)
            fail_msg("%s: %s", own ? "her own move said back" : "the bot's move not told", back);
    }
    h_free(h);
}

/* The guard: a private key is never a target on the wire. The route drops lines nobody can hear,
 * and the send queue refuses the key (it holds a space). */
static void test_private_key_guard(void **state)
{
    (void)state;
    harness *h = h_new(45);
    assert_true(tables_private_key("~solo alice"));
    assert_false(tables_private_key("#durak"));
    assert_false(tables_private_key("alice"));
    outbox_clear(&h->o);
    outbox_add(&h->o, OUT_PRIVMSG, "~solo ghost", "%s", "nobody plays here");
    outbox_add(&h->o, OUT_PRIVMSG, "#durak", "%s", "a channel line");
    tables_route_lines(h->t, &h->o);
    assert_int_equal(h->o.len, 1);
    assert_string_equal(h->o.items[0].target, "#durak");
    outq *q = outq_new(5, 1.0);
    assert_false(outq_push(q, "PRIVMSG", "~solo alice", "x"));
    assert_false(outq_push_reply(q, "NOTICE", "~solo alice", "x", 0));
    assert_true(outq_push(q, "PRIVMSG", "alice", "x"));
    outq_free(q);
    /* a line said to alice's game goes to alice, and follows her renames */
    priv(h, "alice", "play");
    renamed(h, "alice", "alice2");
    outbox_clear(&h->o);
    tables_on_reconnect(h->t, h->now, &h->o); /* not paused: says nothing */
    outbox_add(&h->o, OUT_PRIVMSG, "~solo alice", "%s", "to her game");
    tables_route_lines(h->t, &h->o);
    assert_int_equal(h->o.len, 1);
    assert_string_equal(h->o.items[0].target, "alice2");
    h_free(h);
}

/* A private game its person stops (R18: a forfeit) keeps the forfeit in its record, so that the
 * record replays to the result it was saved with; with two computer players left, they share the
 * win ("won 6") and the replay ends with the person out and the two still playing. */
static void test_stop_is_recorded(void **state)
{
    (void)state;
    const char *const games[] = { "play easy 2", "play easy 3" };
    for (int i = 0; i < 2; i++) {
        harness *h = h_new(47);
        temp_store ts;
        store_in_temp(&ts, h);
        priv(h, "alice", games[i]);
        solo_stopped(h, "alice");
        h_persist(h);
        static store_game g;
        assert_true(store_get_game(h->db, 1, &g));
        assert_int_equal(g.rec.move[g.rec.nmoves - 1].kind, RECORD_RESIGN);
        assert_false(record_timed_out(&g.rec.move[g.rec.nmoves - 1])); /* a stop, not time-outs */
        durak_game replayed;
        assert_true(record_replay(&g.rec, &replayed));
        assert_false(durak_in_game(&replayed, g.rec.move[g.rec.nmoves - 1].seat));
        if (i == 0) {
            assert_string_equal(g.rec.result, "won 1");
            assert_int_equal(replayed.result, DURAK_RESULT_WON);
        } else {
            assert_string_equal(g.rec.result, "won 6");
            assert_int_equal(replayed.result, DURAK_RESULT_ONGOING);
        }
        char *text = NULL; /* --export-game says what its state ends with */
        size_t len = 0;
        FILE *out = open_memstream(&text, &len);
        assert_int_equal(export_game(h->db, "1", out, stderr), 0);
        fclose(out);
        assert_non_null(strstr(text, i == 0 ? "(the state below ends with result: won 1)"
                                            : "share the win: the state below ends with the "
                                              "person's forfeit"));
        free(text);
        h_free(h);
        store_gone(&ts);
    }
}

/* A line said to a private game after it closed and later rounds passed (its page's address,
 * said once its record is saved: after a group-commit hold or a retry) still reaches its player. */
static void test_late_line_reaches_the_player(void **state)
{
    (void)state;
    harness *h = h_new(46);
    priv(h, "alice", "play easy 2");
    solo_stopped(h, "alice"); /* the game ends and its table closes */
    assert_int_equal(tables_count(h->t), 0);
    for (int i = 0; i < 3; i++) { /* rounds with nothing for the game */
        tick(h, h->now + 0.05);
        h_persist(h);
    }
    outbox_clear(&h->o);
    outbox_add(&h->o, OUT_PRIVMSG, "~solo alice", "%s", "Page: http://127.0.0.1/g/1.html");
    tables_route_lines(h->t, &h->o);
    assert_int_equal(h->o.len, 1);
    assert_string_equal(h->o.items[0].target, "alice");
    h_free(h);
}

/* alice quits: her private game is held (nothing said to her nick meanwhile, where someone else
 * may be), and is hers again when she writes to the bot as the same person. */
static void test_solo_quit_and_back(void **state)
{
    (void)state;
    harness *h = h_new(48);
    priv(h, "alice", "play 2");
    outbox_clear(&h->o);
    tables_on_quit(h->t, h->now, "alice", "Quit: bye", &h->o);
    tables_route_lines(h->t, &h->o);
    assert_int_equal(h->o.len, 0);
    h_run_ai(h);
    assert_null(said(h, "alice", ""));
    priv(h, "alice", "hand");
    assert_nothing_to_channels(h);
    assert_non_null(said(h, "alice", "You are back and play on."));
    assert_non_null(said(h, "alice", "Your hand in your private game: "));
    solo_to_end(h, 48);
    h_free(h);
}

/* ---- spectators ---- */

static char hands[64][256];
static int nhands;

/* Notes the hands the players were sent ("Your hand in #durak: 6c 9c Kd (trump ...)"). */
static void note_hands(const harness *h)
{
    for (size_t i = 0; i < h->o.len; i++) {
        const char *t = h->o.items[i].text, *p = strstr(t, ": "), *e = strstr(t, " (trump");
        if (strncmp(t, "Your hand in", 12) && strncmp(t, "Your turn in", 12))
            continue;
        if (!strncmp(t, "Your turn in", 12))
            p = strstr(t, "hand: "), p = p ? p + 4 : NULL;
        if (!p || !e || e <= p + 2 || nhands == 64)
            continue;
        snprintf(hands[nhands], sizeof hands[0], "%.*s", (int)(e - p - 2), p + 2);
        if (strchr(hands[nhands], ' ')) /* two cards or more: no public line holds it by chance */
            nhands++;
    }
}

/* What carol (the spectator) got in this outbox: each line a channel line, marked "[#durak] ",
 * and never a hand. Returns how many lines she got. */
static int check_spectator(const harness *h)
{
    int n = 0;
    note_hands(h);
    for (size_t i = 0; i < h->o.len; i++) {
        const out_msg *m = &h->o.items[i];
        if (strcmp(m->target, "carol"))
            continue;
        n++;
        assert_int_equal(strncmp(m->text, "[#durak] ", 9), 0);
        assert_int_equal(m->prio, OUT_STREAM); /* never ahead of, or in the way of, the game */
        assert_non_null(said(h, "#durak", m->text + 9)); /* the very line the channel got */
        assert_null(strstr(m->text, "Your "));
        for (int k = 0; k < nhands; k++)
            if (strstr(m->text, hands[k]))
                fail_msg("carol saw a hand (%s): %s", hands[k], m->text);
    }
    return n;
}

/* !watch in the lobby holds for the game; a spectator in the channel reading its language gets
 * no copies (they see every line there); once out of the channel, every public line comes to
 * them as the channel got it, never a hand, to the game's end. */
static void test_watch(void **state)
{
    (void)state;
    harness *h = h_new(46);
    rng_t r;
    rng_seed(&r, 46);
    nhands = 0;
    lobby(h, "#durak", "", NICKS, 2);
    chan(h, "carol", "#durak", "!watch");
    assert_non_null(said(h, "carol", "You watch the game in #durak"));
    chan(h, "dave", "#durak", "!watch"); /* stays in the channel */
    chan(h, "alice", "#durak", "!start");
    note_hands(h);
    assert_null(said(h, "carol", "")); /* in the channel: she sees it there */
    chan(h, "carol", "#durak", "!watch");
    assert_non_null(said(h, "carol", "You already watch the game in #durak"));
    chan(h, "alice", "#durak", "!watch");
    assert_non_null(said(h, "alice", "You play in the game in #durak, so you cannot watch it"));
    priv(h, "carol",
         "moves"); /* not "not in a game": which game, and that it has no hand of hers */
    assert_non_null(said(h, "carol",
                         "You watch the game in #durak and hold no cards in it: moves, hands and "
                         "hints are its players' (!unwatch stops watching)."));
    outbox_clear(&h->o);
    tables_on_part(h->t, h->now, "carol", "#durak", &h->o);
    int seen = 0, moves_made_here = 0;
    for (int step = 0; step < 4000 && tables_count(h->t); step++) {
        char moves[1024], move[128];
        int i = whose_turn(h, NICKS, 2, moves, sizeof moves);
        pick_move(&r, moves, move, sizeof move);
        priv(h, NICKS[i], move);
        moves_made_here++;
        seen += check_spectator(h);
        if (said(h, "#durak", "Game over"))
            assert_non_null(said(h, "carol", "[#durak] Game over"));
    }
    assert_int_equal(tables_count(h->t), 0);
    assert_true(seen > 10);
    assert_true(nhands > 2);
    assert_null(said(h, "dave", ""));
    /* the page's address comes once the record is saved, the table gone: carol's copy still */
    outbox_clear(&h->o);
    tables_game_page(h->t, "#durak", -1, "http://127.0.0.1/g/1.html", &h->o);
    assert_non_null(said(h, "#durak", "Page: http://127.0.0.1/g/1.html"));
    assert_non_null(said(h, "carol", "[#durak] Page: http://127.0.0.1/g/1.html"));
    assert_null(said(h, "dave", "")); /* he reads it in the channel */
    outbox_clear(&h->o); /* a game played in Spanish: her copy too, as its lines went to her */
    tables_game_page(h->t, "#durak", MSG_LANG_ES, "http://127.0.0.1/g/1.html", &h->o);
    assert_non_null(said(h, "carol", "[#durak] Página: http://127.0.0.1/g/1.html"));
    chan(h, "alice", "#durak", "!again");
    chan(h, "bob", "#durak", "!again");
    assert_non_null(said(h, "#durak", "starts"));
    assert_null(said(h, "carol", "")); /* the game she watched ended: nothing more */
    for (int step = 0; step < 4000 && tables_count(h->t); step++) {
        char moves[1024], move[128];
        int i = whose_turn(h, NICKS, 2, moves, sizeof moves);
        pick_move(&r, moves, move, sizeof move);
        priv(h, NICKS[i], move);
        assert_null(said(h, "carol", ""));
    }
    outbox_clear(&h->o); /* nor the rematch's page, which nobody watched */
    tables_game_page(h->t, "#durak", -1, "http://127.0.0.1/g/2.html", &h->o);
    assert_non_null(said(h, "#durak", "Page: http://127.0.0.1/g/2.html"));
    assert_null(said(h, "carol", ""));
    h_free(h);
}

/* A spectator who left the channel reads the game privately, and stops it privately too: they may
 * not be let back in to type !unwatch there. In Russian words, two of them. */
static void test_unwatch_privately(void **state)
{
    (void)state;
    harness *h = h_new(47);
    priv(h, "carol", "unwatch");
    assert_non_null(said(h, "carol", "You are not watching any game: !watch in a game's channel"));
    chan(h, "carol", "#other", "!unwatch"); /* a channel with no game: not "open one there" */
    assert_non_null(said(h, "carol", "You are not watching any game: !watch in a game's channel"));
    assert_null(said(h, "carol", "No game in #other"));
    start_two(h, "#durak");
    chan(h, "carol", "#durak", "!watch");
    chan(h, "dave", "#durak", "!watch");
    outbox_clear(&h->o);
    tables_on_part(h->t, h->now, "carol", "#durak", &h->o);
    tables_on_part(h->t, h->now, "dave", "#durak", &h->o);
    priv(h, "carol", "unwatch");
    assert_non_null(said(h, "carol", "You no longer watch the game in #durak."));
    priv(h, "dave", "не смотреть");
    assert_non_null(said(h, "dave", "Вы больше не смотрите игру в #durak."));
    char moves[1024], move[128];
    rng_t r;
    rng_seed(&r, 47);
    int i = whose_turn(h, NICKS, 2, moves, sizeof moves);
    pick_move(&r, moves, move, sizeof move);
    priv(h, NICKS[i], move);
    assert_non_null(said(h, "#durak", ""));
    assert_null(said(h, "carol", "")); /* no more copies */
    assert_null(said(h, "dave", ""));
    h_free(h);
}

/* Spectators are saved with the table: after a restart, carol (out of the channel since) still
 * gets the game's lines, and the first one is where it stands on the bot's return. */
static void test_watch_restored(void **state)
{
    (void)state;
    harness *h = h_new(50);
    saved s = { .n = 0 };
    start_two(h, "#durak");
    chan(h, "carol", "#durak", "!watch");
    outbox_clear(&h->o);
    tables_on_part(h->t, h->now, "carol", "#durak", &h->o);
    tables_take_changes(h->t, h->now, keep_snapshot, &s);
    assert_string_equal(s.key, "#durak");
    h_free(h);

    harness *h2 = h_new(51);
    char why[256] = "";
    tables_on_disconnect(h2->t, h2->now);
    assert_true(tables_restore_checked(h2->t, s.key, s.snap, h2->now, why, sizeof why));
    outbox_clear(&h2->o);
    tables_on_reconnect(h2->t, h2->now, &h2->o);
    h_persist(h2);
    assert_non_null(said(h2, "carol", "[#durak] I am back after a restart"));
    play_random_move(h2, NICKS, 2, 50);
    assert_non_null(said(h2, "carol", "[#durak] "));
    h_free(h2);
}

/* Who is in the channel is not known across a restart: a spectator who was there when the table
 * was saved may have left while the bot was down, and only the member list (WHO) says who stayed.
 * Until it lists them the copies go to them; after, only to those it does not list. */
static void test_watch_left_while_down(void **state)
{
    (void)state;
    harness *h = h_new(52);
    saved s = { .n = 0 };
    start_two(h, "#durak");
    chan(h, "carol", "#durak", "!watch");
    chan(h, "dave", "#durak", "!watch");
    tables_take_changes(h->t, h->now, keep_snapshot, &s); /* both in the channel */
    h_free(h);

    harness *h2 = h_new(53);
    tables_on_disconnect(h2->t, h2->now);
    assert_true(tables_restore(h2->t, s.key, s.snap, h2->now));
    outbox_clear(&h2->o);
    tables_on_reconnect(h2->t, h2->now, &h2->o);
    assert_non_null(said(h2, "carol", "[#durak] I am back after a restart"));
    tables_who dave = who("dave");
    dave.listed = true;
    tables_on_join(h2->t, h2->now, &dave, "#durak", &h2->o); /* the member list: dave, not carol */
    play_random_move(h2, NICKS, 2, 52);
    assert_non_null(said(h2, "carol", "[#durak] "));
    assert_null(said(h2, "dave", "[#durak] "));
    h_free(h2);
}

/* A spectator out of the channel may quit unseen (the bot shares no channel with them): the
 * server's 401 to a copy says so, and the copies stop, before someone else takes the nick; a
 * spectator who only left the channel goes on getting them. */
static void test_watch_gone_unseen(void **state)
{
    (void)state;
    harness *h = h_new(54);
    start_two(h, "#durak");
    chan(h, "carol", "#durak", "!watch");
    chan(h, "dave", "#durak", "!watch");
    tables_on_part(h->t, h->now, "carol", "#durak", &h->o);
    tables_on_part(h->t, h->now, "dave", "#durak", &h->o);
    play_random_move(h, NICKS, 2, 54);
    assert_non_null(said(h, "carol", "[#durak] "));
    tables_on_gone(h->t, "CAROL");
    play_random_move(h, NICKS, 2, 55);
    assert_null(said(h, "carol", ""));
    assert_non_null(said(h, "dave", "[#durak] "));
    priv(h, "carol", "unwatch"); /* whoever holds the nick now watches nothing */
    assert_non_null(said(h, "carol", "You are not watching any game"));
    h_free(h);
}

/* A spectator who takes a seat plays and no longer watches (one name, one role), and so does one
 * who takes the nick of a seat whose player is away: the table still saves a line that restores
 * (a spectator seated at its table was once saved, and the line refused at the restart). */
static void test_watch_then_seated(void **state)
{
    (void)state;
    harness *h = h_new(52);
    char line[8192];
    lobby(h, "#durak", "", NICKS, 2);
    chan(h, "carol", "#durak", "!watch");
    chan(h, "carol", "#durak", "!join");
    assert_true(tables_snapshot(h->t, "#durak", h->now, line, sizeof line));
    assert_non_null(strstr(line, " W 0"));
    chan(h, "dave", "#durak", "!watch");
    chan(h, "alice", "#durak", "!start");
    outbox_clear(&h->o);
    tables_on_quit(h->t, h->now, "bob", "Quit: bye", &h->o);
    renamed(h, "dave", "bob");
    assert_true(tables_snapshot(h->t, "#durak", h->now, line, sizeof line));
    assert_non_null(strstr(line, " W 0"));
    harness *h2 = h_new(53);
    assert_true(tables_restore(h2->t, "#durak", line, h2->now));
    h_free(h2);
    h_free(h);
}

/* A spectator who reads another language gets the game's lines written in it, in the channel
 * too: the same moves, not the channel's English copied; !watch tells them so, not "while you
 * read its language you see them there" with the game's own language as the one to choose. */
static void test_watch_in_own_language(void **state)
{
    (void)state;
    harness *h = h_new(48);
    priv(h, "carol", "set language ru");
    start_two(h, "#durak");
    chan(h, "carol", "#durak", "!watch");
    assert_non_null(said(h, "carol", "Вы смотрите игру в #durak"));
    assert_non_null(said(h, "carol",
                         "Ваш язык не тот, на котором она идёт, поэтому её строки "
                         "придут сюда"));
    assert_non_null(said(h, "carol", "выхода из сети.")); /* only leaving the network ends them */
    assert_null(said(h, "carol", "/msg"));
    assert_non_null(said(h, "carol", "[#durak] ")); /* where it stands, in Russian */
    play_random_move(h, NICKS, 2, 48);
    const char *copy = said(h, "carol", "[#durak] ");
    assert_non_null(copy);
    assert_true(strstr(copy, "\xD0") || strstr(copy, "\xD1")); /* Cyrillic */
    assert_null(said(h, "#durak", copy + strlen("[#durak] ")));
    h_free(h);
}

/* A spectator who chose no language reads the game's: its copies of a move made by private
 * message are in the channel's language too, as are the lines of the channel's own commands. */
static void test_watch_in_game_language(void **state)
{
    (void)state;
    harness *h = h_new(49);
    priv(h, "alice", "set language en"); /* the players' own lines in English, to read them */
    priv(h, "bob", "set language en");
    chan(h, "alice", "#durak", "!\xD0\xB4\xD1\x83\xD1\x80\xD0\xB0\xD0\xBA"); /* !дурак */
    chan(h, "bob", "#durak", "!join");
    chan(h, "alice", "#durak", "!start");
    chan(h, "carol", "#durak", "!watch");
    outbox_clear(&h->o);
    tables_on_part(h->t, h->now, "carol", "#durak", &h->o);
    play_random_move(h, NICKS, 2, 49);
    const char *copy = said(h, "carol", "[#durak] ");
    assert_non_null(copy);
    assert_non_null(said(h, "#durak", copy + strlen("[#durak] "))); /* the channel's line */
    assert_true(strstr(copy, "\xD0") || strstr(copy, "\xD1"));      /* Cyrillic */
    h_free(h);
}

/* !unwatch, leaving and rejoining the channel, a rename, quitting; the bound on spectators. */
static void test_watch_ends(void **state)
{
    (void)state;
    harness *h = h_new(47);
    start_two(h, "#durak");
    chan(h, "carol", "#durak", "!unwatch");
    assert_non_null(said(h, "carol", "You are not watching the game in #durak"));
    chan(h, "carol", "#durak", "!watch");
    outbox_clear(&h->o);
    tables_on_part(h->t, h->now, "carol", "#durak", &h->o);
    chan(h, "alice", "#durak", "!table");
    assert_non_null(said(h, "carol", "[#durak] "));
    tables_who carol = who("carol");
    outbox_clear(&h->o);
    tables_on_join(h->t, h->now, &carol, "#durak", &h->o); /* back: she reads it there */
    chan(h, "alice", "#durak", "!table");
    assert_null(said(h, "carol", ""));
    chan(h, "carol", "#durak", "!unwatch");
    assert_non_null(said(h, "carol", "You no longer watch the game in #durak"));
    outbox_clear(&h->o);
    tables_on_part(h->t, h->now, "carol", "#durak", &h->o);
    chan(h, "alice", "#durak", "!table");
    assert_null(said(h, "carol", ""));
    chan(h, "carol", "#durak", "!watch");
    renamed(h, "carol", "carla");
    outbox_clear(&h->o);
    tables_on_part(h->t, h->now, "carla", "#durak", &h->o);
    chan(h, "alice", "#durak", "!table");
    assert_non_null(said(h, "carla", "[#durak] "));
    assert_null(said(h, "carol", ""));
    outbox_clear(&h->o);
    tables_on_quit(h->t, h->now, "carla", "bye", &h->o);
    chan(h, "alice", "#durak", "!table");
    assert_null(said(h, "carla", ""));
    char nick[16];
    for (int i = 0; i < 16; i++) {
        snprintf(nick, sizeof nick, "w%d", i);
        chan(h, nick, "#durak", "!watch");
        assert_non_null(said(h, nick, "You watch the game"));
    }
    chan(h, "w16", "#durak", "!watch");
    assert_non_null(said(h, "w16", "The game in #durak already has 16 spectators"));
    outbox_clear(&h->o);
    tables_on_quit(h->t, h->now, "w3", "bye", &h->o);
    chan(h, "w16", "#durak", "!watch");
    assert_non_null(said(h, "w16", "You watch the game"));
    chan(h, "dave", "#nogame", "!watch");
    assert_non_null(said(h, "dave", "No game in #nogame"));
    h_free(h);
}

/* What alice hears in one private game (seed), every line after each move of hers or of the
 * computer players, as FNV-1a over their targets and texts. */
static uint64_t solo_heard(uint64_t seed, bool penalty)
{
    harness *h = h_new(seed);
    tables_set_penalty(h->t, penalty);
    rng_t r;
    rng_seed(&r, seed);
    uint64_t x = 14695981039346656037u;
    priv(h, "alice", "play");
    for (int step = 0; step < 4000 && tables_count(h->t); step++) {
        if (!play_own_random_move(h, &r, "alice"))
            h_run_ai(h);
        for (size_t k = 0; k < h->o.len; k++)
            for (const char *p = h->o.items[k].text; *p; p++)
                x = (x ^ (unsigned char)*p) * 1099511628211u;
    }
    assert_int_equal(tables_count(h->t), 0);
    h_free(h);
    return x;
}

/* A server that charges each line (IRCnet's) changes channel games only: a private game's lines
 * are the same, each move's news with the question that follows it. */
static void test_solo_same_on_penalty_server(void **state)
{
    (void)state;
    for (uint64_t seed = 3; seed <= 5; seed++)
        assert_true(solo_heard(seed, true) == solo_heard(seed, false));
}

/* `stop` while a computer player thinks, then `play` at once: the new game has the same key and
 * reaches the same move; the old game's decision, when it comes back, must not be played in it. */
static void test_stale_decision_after_stop(void **state)
{
    (void)state;
    int tried = 0;
    for (uint64_t seed = 1; seed < 200 && tried < 3; seed++) {
        harness *h = h_new(seed);
        tables_ai_job old, fresh;
        priv(h, "alice", "play hard 2");
        bool bot_leads = tables_ai_next_job(h->t, h->now + h->cfg.game.bot_delay, &old);
        solo_stopped(h, "alice");
        priv(h, "alice", "play hard 2");
        h->now += h->cfg.game.bot_delay;
        if (!bot_leads || !tables_ai_next_job(h->t, h->now, &fresh)) {
            h_free(h); /* a computer player must lead both games */
            continue;
        }
        tried++;
        outbox_clear(&h->o);
        old.params.max_iterations = 50;
        tables_ai_result(h->t, h->now, &old, ai_choose(&old.view, &old.params, NULL), &h->o);
        h_persist(h);
        if (h->o.len)
            fail_msg("the stopped game's decision was played: %s", h->o.items[0].text);
        h_free(h);
    }
    assert_true(tried > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solo_to_end),
        cmocka_unit_test(test_solo_one_at_a_time),
        cmocka_unit_test(test_solo_table),
        cmocka_unit_test(test_stop_after_going_out),
        cmocka_unit_test(test_stale_decision_after_stop),
        cmocka_unit_test(test_solo_restored),
        cmocka_unit_test(test_solo_resumed_says_your_turn_once),
        cmocka_unit_test(test_solo_back_tells_no_own_move),
        cmocka_unit_test(test_private_key_guard),
        cmocka_unit_test(test_late_line_reaches_the_player),
        cmocka_unit_test(test_stop_is_recorded),
        cmocka_unit_test(test_solo_quit_and_back),
        cmocka_unit_test(test_watch),
        cmocka_unit_test(test_unwatch_privately),
        cmocka_unit_test(test_watch_ends),
        cmocka_unit_test(test_watch_restored),
        cmocka_unit_test(test_watch_then_seated),
        cmocka_unit_test(test_watch_left_while_down),
        cmocka_unit_test(test_watch_gone_unseen),
        cmocka_unit_test(test_watch_in_own_language),
        cmocka_unit_test(test_watch_in_game_language),
        cmocka_unit_test(test_solo_lines_per_move),
        cmocka_unit_test(test_solo_rank_said_back),
        cmocka_unit_test(test_solo_same_on_penalty_server),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
