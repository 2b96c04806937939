/* test_players.c — what players see: the actor's nick first and nobody else's before
 * the first separator, quiet passes, the private turn line, fair timers, the real ending with
 * ratings, !again, the stop vote, answers where asked. */
#define _POSIX_C_SOURCE 200809L
#include "tables_harness.h"
#include "log_capture.h"

#include "tables_internal.h"

#define SEP " \xC2\xB7 "

/* The line's head: everything before the first separator. */
static void head_of(const char *line, char *head, size_t cap)
{
    const char *sep = strstr(line, SEP);
    size_t n = sep ? (size_t)(sep - line) : strlen(line);
    snprintf(head, cap, "%.*s", (int)(n < cap ? n : cap - 1), line);
}

/* Plays 3- and 4-seat games; every public line that needs someone to act starts with their
 * nick, and no other seated nick comes before the first separator; past the head a nick is
 * written so that no client highlights it (a zero-width space inside). */
static void test_line_starts_with_the_actor(void **state)
{
    (void)state;
    int checked = 0;
    for (int players = 3; players <= 4; players++) {
        harness *h = h_new((uint64_t)players);
        rng_t r;
        rng_seed(&r, (uint64_t)players);
        lobby(h, "#durak", "transfer", NICKS, players);
        chan(h, "alice", "#durak", "!start");
        for (int step = 0; step < 3000 && tables_count(h->t); step++) {
            char moves[1024], move[128], line[2048] = "", head[1024];
            int i = whose_turn(h, NICKS, players, moves, sizeof moves);
            pick_move(&r, moves, move, sizeof move);
            priv(h, NICKS[i], move);
            const char *l = said(h, "#durak", "");
            if (l)
                snprintf(line, sizeof line, "%s", l);
            if (line[0] == '[') /* an optional decision pending: it highlights nobody */
                for (int j = 0; j < players; j++)
                    if (strstr(line, NICKS[j]))
                        fail_msg("line %s would highlight %s", line, NICKS[j]);
            if (!line[0] || line[0] == '[' || !strncmp(line, "Game over", 9) || !tables_count(h->t))
                continue;
            int next = whose_turn(h, NICKS, players, moves, sizeof moves);
            head_of(line, head, sizeof head);
            char want[64];
            snprintf(want, sizeof want, "%s: ", NICKS[next]);
            if (strncmp(head, want, strlen(want)))
                fail_msg("line %s does not start with %s", line, want);
            for (int j = 0; j < players; j++) {
                if (j != next && reads(head + strlen(want), NICKS[j]))
                    fail_msg("line %s names %s before the first separator", line, NICKS[j]);
                /* a client that highlights a nick anywhere (weechat) finds only the actor's */
                if (strstr(line + strlen(want), NICKS[j]))
                    fail_msg("line %s would highlight %s too", line, NICKS[j]);
            }
            checked++;
        }
        h_free(h);
    }
    assert_true(checked > 50);
}

/* A pass that ends nothing makes no public line; the next thrower is asked privately. */
static void test_quiet_pass(void **state)
{
    (void)state;
    int quiet = 0;
    for (uint64_t seed = 0; seed < 20 && !quiet; seed++) {
        harness *h = h_new(seed);
        lobby(h, "#durak", "", NICKS, 3);
        chan(h, "alice", "#durak", "!start");
        rng_t r;
        rng_seed(&r, seed);
        for (int step = 0; step < 3000 && tables_count(h->t) && !quiet; step++) {
            char moves[1024], move[128];
            int i = whose_turn(h, NICKS, 3, moves, sizeof moves);
            pick_move(&r, moves, move, sizeof move);
            priv(h, NICKS[i], move);
            if (strcmp(move, "pass") || said(h, "#durak", ""))
                continue;
            for (int j = 0; j < 3; j++)
                quiet += said(h, NICKS[j], "In #durak you may throw in: ") != NULL;
        }
        h_free(h);
    }
    assert_true(quiet > 0);
}

static bool starts(const char *text, const char *prefix)
{
    return !strncmp(text, prefix, strlen(prefix));
}

/* Asks every player for their moves ("moves"; "Your moves: " or, for a Russian reader, "Ваши
 * ходы: "); returns who has some, the list into moves; the others' answers (whose turn it is and
 * what they decide) into waiting[i]. */
static int whose_turn_any(harness *h, int n, char *moves, size_t cap, char waiting[][512])
{
    static const char *const mine[] = { "Your moves: ", "Ваши ходы: " };
    int found = -1;
    for (int i = 0; i < n; i++) {
        priv(h, NICKS[i], "moves");
        waiting[i][0] = '\0';
        for (int k = 0; k < 2; k++)
            if (said(h, NICKS[i], mine[k])) {
                assert_int_equal(found, -1);
                found = i;
                snprintf(moves, cap, "%s", said(h, NICKS[i], mine[k]) + strlen(mine[k]));
            }
        if (found != i) {
            assert_int_equal(h->o.len, 1);
            snprintf(waiting[i], 512, "%s", h->o.items[0].text);
        }
    }
    assert_true(found >= 0);
    return found;
}

/* A decision that may be passed is asked as an option, never as "your turn": in Russian
 * "В #durak можно подкинуть: хожу … или пас · на руках: …"; "not your turn" says who decides
 * what, not what the asker should do ("bob решает, подкинуть ли карту"). */
static void test_option_said_as_one(void **state)
{
    (void)state;
    int options = 0, waits = 0;
    for (uint64_t seed = 0; seed < 6; seed++) {
        harness *h = h_new(seed);
        lobby(h, "#durak", "", NICKS, 3);
        priv(h, "alice", "set language ru");
        chan(h, "alice", "#durak", "!start");
        rng_t r;
        rng_seed(&r, seed);
        for (int step = 0; step < 3000 && tables_count(h->t); step++) {
            char moves[1024], move[128], waiting[3][512];
            int i = whose_turn_any(h, 3, moves, sizeof moves, waiting);
            if (waiting[0][0] && strstr(waiting[0], "подкинуть")) {
                assert_true(starts(waiting[0], "Сейчас не ваш ход: "));
                assert_non_null(strstr(waiting[0], " решает, подкинуть ли "));
                assert_null(strstr(waiting[0], "подкиньте"));
                if (getenv("TABLES_SHOW") && waits < 4) /* to read them */
                    printf("<alice> %s\n", waiting[0]);
                waits++;
            }
            pick_move(&r, moves, move, sizeof move);
            priv(h, NICKS[i], move);
            for (size_t k = 0; k < h->o.len; k++) {
                const char *t = h->o.items[k].text;
                if (strcmp(h->o.items[k].target, "alice"))
                    continue;
                assert_null(strstr(t, "подкиньте"));
                if (!strstr(t, "можно подкинуть"))
                    continue;
                assert_null(strstr(t, "Ваш ход"));
                assert_true(starts(t, "В #durak можно подкинуть: хожу ")
                            || (starts(t, "В #durak ")
                                && strstr(t, " берёт — можно подкинуть вдогонку: хожу ")));
                assert_non_null(strstr(t, " или пас \xC2\xB7 на руках: "));
                if (getenv("TABLES_SHOW") && options < 3)
                    printf("<alice> %s\n", t);
                options++;
            }
            for (int j = 1; j < 3; j++) /* the English readers: an option, not "your turn" */
                if (said(h, NICKS[j], "throw in"))
                    assert_non_null(said(h, NICKS[j], "In #durak you may throw in: play "));
        }
        h_free(h);
    }
    assert_true(options > 5);
    assert_true(waits > 2);
}

/* A decision is asked once: when nothing on the table changed (another seat was taken over by a
 * computer player), the player deciding whether to throw in is not asked again. */
static void test_option_asked_once(void **state)
{
    (void)state;
    int checked = 0;
    for (uint64_t seed = 0; seed < 20 && checked < 3; seed++) {
        harness *h = h_new(seed);
        start_replacing(h, "", 3);
        rng_t r;
        rng_seed(&r, seed);
        for (int step = 0; step < 3000 && tables_count(h->t); step++) {
            char moves[1024], move[128], waiting[3][512];
            int i = whose_turn_any(h, 3, moves, sizeof moves, waiting);
            pick_move(&r, moves, move, sizeof move);
            priv(h, NICKS[i], move);
            int asked = -1;
            for (int j = 0; j < 3; j++)
                if (said(h, NICKS[j], "throw in")) /* asked whether to throw in */
                    asked = j;
            if (asked < 0)
                continue;
            const char *leaver = NICKS[(asked + 1 + (int)(seed % 2)) % 3];
            chan(h, leaver, "#durak", "!leave");
            assert_non_null(said(h, "#durak", "Normal[bot]")); /* took the seat over */
            assert_null(said(h, NICKS[asked], ""));            /* the same question: not again */
            checked++;
            break;
        }
        h_free(h);
    }
    assert_int_equal(checked, 3);
}

/* game.replace_leavers: a computer player takes over bob's seat, but the seat's result is bob's
 * forfeit in his record (R18), not the computer player's game: else leaving would be the way out
 * of every lost game. */
static void test_replaced_leaver_forfeits(void **state)
{
    (void)state;
    harness *h = h_new(33);
    temp_store db;
    store_in_temp(&db, h);
    play_with_replaced_leaver(h, "bob", 33);
    /* the end line says so, with the rating the record takes from him */
    const char *end = said(h, "#durak", "forfeited: bob");
    assert_non_null(end);
    assert_non_null(strstr(end, "bob 1484 (-16)"));
    const char *people[] = { "alice", "carol" };
    store_player p;
    assert_true(store_get_player(db.db, "bob", &p));
    assert_int_equal(p.games, 1);
    assert_int_equal(p.forfeits, 1);
    assert_false(store_get_player(db.db, "*normal[bot]", &p)); /* it played no game of its own */
    for (int k = 0; k < 2; k++) {
        assert_true(store_get_player(db.db, people[k], &p));
        assert_int_equal(p.games, 1);
        assert_int_equal(p.forfeits, 0);
    }
    store_gone(&db);
    h_free(h);
}

/* game.replace_leavers: a player who went out (R14: their place is won) and then leaves the table
 * keeps their place; no computer player takes an empty seat, and it is no forfeit. */
static void test_out_then_leave_keeps_the_place(void **state)
{
    (void)state;
    int checked = 0;
    for (uint64_t seed = 1; seed < 60 && !checked; seed++) {
        harness *h = h_new(seed);
        temp_store db;
        store_in_temp(&db, h);
        start_replacing(h, "", 3);
        rng_t r;
        rng_seed(&r, seed);
        int gone = -1;
        for (int step = 0; step < 3000 && tables_count(h->t); step++) {
            table_t *tb = tables_find(h->t, "#durak");
            for (int s = 0; s < 3 && gone < 0 && tb && !durak_over(&tb->g); s++)
                if (!durak_in_game(&tb->g, s)) {
                    gone = s;
                    chan(h, NICKS[s], "#durak", "!leave");
                    chan(h, NICKS[s], "#durak", "!leave");
                    assert_null(said(h, "#durak", "takes over"));
                }
            for (int s = 0; s < 3; s++)
                if (s != gone && play_own_random_move(h, &r, NICKS[s]))
                    break;
        }
        if (gone >= 0) {
            store_player p;
            assert_int_equal(tables_count(h->t), 0);
            assert_true(store_get_player(db.db, NICKS[gone], &p));
            assert_int_equal(p.games, 1);
            assert_int_equal(p.forfeits, 0);
            assert_int_equal(p.duraks, 0);
            checked++;
        }
        store_gone(&db);
        h_free(h);
    }
    assert_int_equal(checked, 1);
}

/* The actor gets one private line: what to do, the moves, the hand. A lead, where any card is a
 * move (R6), names one move as the example instead of listing the hand a second time. */
static void test_private_turn_line(void **state)
{
    (void)state;
    harness *h = h_new(31);
    start_two(h, "#durak");
    const char *a = said(h, "alice", "Your turn in #durak: "), *b = said(h, "bob", "Your turn");
    assert_true((a != NULL) != (b != NULL));
    const char *line = a ? a : b;
    const char *eg = strstr(line, "lead any card, e.g. play "),
               *hand = strstr(line, " \xC2\xB7 hand: ");
    assert_non_null(eg);
    assert_non_null(hand);
    eg += strlen("lead any card, e.g. play ");
    hand += strlen(" \xC2\xB7 hand: ");
    size_t card = strcspn(eg, " ");
    assert_int_equal(strncmp(eg, hand, card), 0); /* the example is the hand's first card */
    assert_null(strstr(eg, "play "));             /* and no list follows */
    h_free(h);
}

/* A decision that may be passed has game.throwin_timeout and its time-out is a quiet pass that
 * counts towards nothing; the warning of one that must be made says what happens. */
static void test_fair_timers(void **state)
{
    (void)state;
    harness *h = h_new(32);
    start_two(h, "#durak");
    char moves[1024];
    int found = 0;
    rng_t r;
    rng_seed(&r, 3);
    for (int step = 0; step < 400 && tables_count(h->t) && !found; step++) {
        int i = whose_turn(h, NICKS, 2, moves, sizeof moves);
        char move[128];
        if (strstr(moves, "pass") && !strstr(moves, "take")) { /* throw in, or pass */
            double d = tables_next_deadline(h->t);
            assert_true(d - h->now <= h->cfg.game.throwin_timeout + 0.01);
            for (int k = 0; k < h->cfg.game.max_timeouts + 1 && tables_count(h->t); k++) {
                tick(h, tables_next_deadline(h->t));
                assert_null(said(h, "#durak", "forfeits"));
                assert_null(said(h, "#durak", "Time is up: "));
                whose_turn(h, NICKS, 2, moves, sizeof moves);
                if (!strstr(moves, "pass") || strstr(moves, "take"))
                    break;
            }
            found = 1;
            break;
        }
        pick_move(&r, moves, move, sizeof move);
        priv(h, NICKS[i], move);
    }
    assert_true(found);
    h_free(h);

    h = h_new(33);
    start_two(h, "#durak");
    int i = whose_turn(h, NICKS, 2, moves, sizeof moves);
    tick(h, tables_next_deadline(h->t)); /* the warning */
    assert_non_null(said(h, NICKS[i], "if time runs out, I play "));
    tick(h, tables_next_deadline(h->t)); /* time is up: the bot leads */
    i = whose_turn(h, NICKS, 2, moves, sizeof moves);
    tick(h, tables_next_deadline(h->t));
    tick(h, tables_next_deadline(h->t)); /* defender takes */
    for (int k = 0; k < 8 && tables_count(h->t); k++) {
        tick(h, tables_next_deadline(h->t));
        if (said(h, "alice", "one more time-out forfeits the game")
            || said(h, "bob", "one more time-out forfeits the game"))
            break;
    }
    const char *told = NULL, *end = NULL;
    for (int k = 0; k < 8 && tables_count(h->t); k++) {
        tick(h, tables_next_deadline(h->t));
        if (!told)
            told = said(h, "alice", " and forfeit (#durak)") ? "alice"
                   : said(h, "bob", " and forfeit (#durak)") ? "bob"
                                                             : NULL;
        end = end ? end : said(h, "#durak", "Game over");
    }
    assert_int_equal(tables_count(h->t), 0); /* someone forfeited, and was told privately */
    assert_non_null(told);
    assert_non_null(end);
    assert_non_null(strstr(end, "forfeit")); /* the end names the forfeiter */
    assert_non_null(strstr(end, told));
    h_free(h);
}

/* Random moves of a two-player game until a decision that may be passed (with `beaten`: a throw-in
 * onto a table all covered, not cards added to a take), which then times out: returns whose it was;
 * the pass is made. */
static int time_out_a_throw_in(harness *h, rng_t *r, bool beaten)
{
    char moves[1024], move[128];
    for (int step = 0; step < 400 && tables_count(h->t); step++) {
        int i = whose_turn(h, NICKS, 2, moves, sizeof moves);
        bool optional = strstr(moves, "pass") && !strstr(moves, "take");
        if (beaten ? tables_find(h->t, "#durak")->g.phase == DURAK_PHASE_THROWIN : optional) {
            tick(h, tables_next_deadline(h->t));
            return i;
        }
        pick_move(r, moves, move, sizeof move);
        priv(h, NICKS[i], move);
    }
    fail_msg("no throw-in was asked");
    return -1;
}

/* A throw-in's answer typed just after its time ran out (on a slow server, read late) and refused
 * now is told it came too late, once, before the refusal: not only "not a move now". A late "pass"
 * hears that alone: the pass it wanted was made. */
static void test_late_throw_in_told(void **state)
{
    (void)state;
    for (int card = 0; card < 2; card++) {
        harness *h = h_new(32);
        start_two(h, "#durak");
        rng_t r;
        rng_seed(&r, 3);
        int i = time_out_a_throw_in(h, &r, false);
        char typed[16] = "pass"; /* no pass now: the next move is a lead */
        if (card) {
            const durak_game *g = &tables_find(h->t, "#durak")->g; /* not a move of theirs now */
            card_format(cards_first(g->hand[i]), typed);
            if (g->actor == i)
                snprintf(typed, sizeof typed, "%s", "take");
        }
        priv(h, NICKS[i], typed);
        size_t late = said_at(h, NICKS[i], "Too late: your time to add a card ran out");
        assert_true(late < h->o.len);
        if (card) /* and then why the move is refused */
            assert_true(late + 1 < h->o.len && !strcmp(h->o.items[late + 1].target, NICKS[i]));
        else
            assert_true(late + 1 == h->o.len);
        priv(h, NICKS[i], typed);
        assert_null(said(h, NICKS[i], "Too late")); /* once */
        assert_non_null(said(h, NICKS[i], ""));     /* the refusal itself, now */
        h_free(h);
    }
}

/* A throw-in passed on time-out is not "too late" to blame for a refusal on a later decision of
 * one's own: after the other leads, the defender's wrong word is refused for what it is. */
static void test_late_only_for_the_missed_turn(void **state)
{
    (void)state;
    harness *h = h_new(30);
    start_two(h, "#durak");
    char moves[1024], move[128];
    rng_t r;
    rng_seed(&r, 30);
    int i = time_out_a_throw_in(h, &r, true); /* beaten: the other leads */
    assert_int_equal(whose_turn(h, NICKS, 2, moves, sizeof moves), 1 - i);
    pick_move(&r, moves, move, sizeof move);
    priv(h, NICKS[1 - i], move);
    assert_int_equal(whose_turn(h, NICKS, 2, moves, sizeof moves), i);
    priv(h, NICKS[i], "pass"); /* no pass for a defender: refused, but not as late */
    assert_non_null(said(h, NICKS[i], ""));
    assert_null(said(h, NICKS[i], "Too late"));
    h_free(h);
}

static void test_forfeit_told_privately(void **state)
{
    (void)state;
    harness *h = h_new(34);
    start_two(h, "#durak");
    chan(h, "bob", "#durak", "!leave");
    assert_non_null(said(h, "bob", "You leave the game and forfeit (#durak)"));
    h_free(h);
    /* a creator who leaves a running game forfeits like anyone; the others
     * play on */
    h = h_new(35);
    lobby(h, "#durak", "", NICKS, 3);
    chan(h, "alice", "#durak", "!start");
    chan(h, "alice", "#durak", "!leave");
    assert_non_null(said(h, "alice", "You leave the game and forfeit (#durak)"));
    assert_non_null(said(h, "#durak", "alice leaves the game"));
    assert_null(strstr(said(h, "#durak", "alice leaves the game"), "alice")); /* no highlight */
    assert_int_equal(tables_count(h->t), 1);
    h_free(h);
}

/* The end names the durak, the places and each person's rating change, and offers !again;
 * !again seats the same players again and starts when both typed it. */
static void test_ending_and_again(void **state)
{
    (void)state;
    char dir[] = "/tmp/durak-players-XXXXXX", path[256], err[256];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/stats.db", dir);
    store *db = store_open(path, err, sizeof err);
    assert_non_null(db);
    harness *h = h_new(35);
    h_use_store(h, db);
    start_two(h, "#durak");
    const char *end = play_to_end(h, "#durak", NICKS, 2, 7);
    assert_true(strstr(end, "is the durak") || strstr(end, "draw"));
    assert_non_null(strstr(end, "places: 1. "));
    assert_non_null(strstr(end, "ratings: alice 15"));
    assert_non_null(strstr(end, ", bob 1"));
    assert_true(strstr(end, "(+16)") || strstr(end, "(+0)") || strstr(end, "(+"));
    assert_non_null(strstr(end, "!again for a rematch"));
    chan(h, "carol", "#durak", "!again"); /* not of that game: there is one, but not hers */
    assert_non_null(
        said(h, "carol", "Only the last game's players in #durak can ask for a rematch"));
    assert_null(said(h, "carol", "no finished game"));
    chan(h, "bob", "#durak", "!again");
    assert_non_null(said(h, "#durak", "Rematch: alice, bob"));
    assert_non_null(said(h, "#durak", "waiting for alice"));
    tables_who mallory = { "alice", "mallory", "evil.example", "", false };
    outbox_clear(&h->o);
    tables_on_channel(h->t, h->now += 3, &mallory, "#durak", "!again", &h->o);
    assert_non_null(said(h, "alice", "held for its player")); /* a nick is not a person */
    chan(h, "alice", "#durak", "!again");
    assert_non_null(said(h, "#durak", "starts"));
    h_free(h);
    store_close(db);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

/* CASEMAPPING=ascii: Ann[x] renames to ann{X} (another nick there, not a case variant) mid-game;
 * the game is recorded, and shown, under the nick the person started it with, so !stats Ann[X]
 * finds it as Ann[x]'s (and !stats ann{X} too while she is here), and a snapshot keeps that
 * nick across a restart. */
static void test_stats_keep_the_nick_of_the_start(void **state)
{
    (void)state;
    char dir[] = "/tmp/durak-players-XXXXXX", path[256], err[256], line[4096], again[4096],
         why[256];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/stats.db", dir);
    store *db = store_open(path, err, sizeof err);
    assert_non_null(db);
    harness *h = h_new(41);
    tables_set_casemapping(h->t, CASEMAP_ASCII);
    h_use_store(h, db);
    const char *before[] = { "Ann[x]", "bob" }, *after[] = { "ann{X}", "bob" };
    lobby(h, "#durak", "", before, 2);
    chan(h, "Ann[x]", "#durak", "!start");
    renamed(h, "Ann[x]", "ann{X}");
    assert_true(tables_snapshot(h->t, "#durak", h->now, line, sizeof line));
    assert_non_null(strstr(line, " =ann{X} =u_Ann[x] =example.org = 0 0.000 0 -1 =Ann[x] "));
    tables *t2 = tables_new(&h->cfg, 1);
    tables_set_casemapping(t2, CASEMAP_ASCII);
    assert_true(tables_restore_checked(t2, "#durak", line, h->now, why, sizeof why));
    assert_true(tables_snapshot(t2, "#durak", h->now, again, sizeof again));
    assert_string_equal(again, line);
    tables_free(t2);
    play_to_end(h, "#durak", after, 2, 9);
    chan(h, "bob", "#durak", "!stats Ann[X]");
    assert_non_null(said(h, "#durak", "Ann[x]: 1 game,"));
    chan(h, "bob", "#durak", "!stats Ann[X]"); /* R19's count is for those who played in teams */
    assert_non_null(said(h, "#durak", "forfeits 0; channel rating"));
    /* that nick never sat down, but its person did: their record, under the nick it is kept by */
    chan(h, "bob", "#durak", "!stats ann{x}");
    assert_non_null(said(h, "#durak", "Ann[x]: 1 game,"));
    tables_on_quit(h->t, h->now, "ann{X}", "Quit: bye", &h->o);
    chan(h, "bob", "#durak", "!stats ann{x}"); /* gone: the nick may be anyone's now */
    assert_non_null(said(h, "#durak", "No games recorded for ann{x}"));
    h_free(h);
    store_close(db);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

/* !stop of a running game needs more than half of its people within 30 s. */
static void test_stop_vote(void **state)
{
    (void)state;
    harness *h = h_new(36);
    lobby(h, "#durak", "", NICKS, 3);
    chan(h, "alice", "#durak", "!start");
    chan(h, "alice", "#durak", "!stop");
    assert_non_null(said(h, "#durak", "1 of 3 agree"));
    assert_int_equal(tables_count(h->t), 1);
    tick(h, h->now + 30.5);
    assert_non_null(said(h, "#durak", "the game goes on"));
    chan(h, "alice", "#durak", "!stop");
    chan(h, "dave", "#durak", "!stop"); /* not a player */
    assert_non_null(said(h, "dave", "Only the players of the game"));
    chan(h, "carol", "#durak", "!stop");
    assert_non_null(said(h, "#durak", "agreed to stop"));
    assert_int_equal(tables_count(h->t), 0);
    h_free(h);
}

/* A move typed in the channel by a player gets where it goes; stats and rules work privately. */
static void test_answers_where_asked(void **state)
{
    (void)state;
    harness *h = h_new(37);
    start_two(h, "#durak");
    /* each form of a move, echoed as the private line to type; in Russian, a Russian reply, and
     * the words used last go on after English ones */
    static const char *const typed[][2] = {
        { "take", "alice: moves go by private message: /msg durakbot take" },
        { "7h", "alice: moves go by private message: /msg durakbot 7h" },
        { "play 7h", "alice: moves go by private message: /msg durakbot play 7h" },
        { "beat 7h 8h", "alice: moves go by private message: /msg durakbot beat 7h 8h" },
        { "бью 7ч 8ч", "alice: ходы — личным сообщением: /msg durakbot бью 7ч 8ч" },
        /* a player's private questions too, not silence */
        { "!ходы", "alice: ходы — личным сообщением: /msg durakbot ходы" },
        /* English words are everyone's: after Russian ones, still Russian */
        { "!hand", "alice: ходы — личным сообщением: /msg durakbot карты" },
        { "hint", "alice: ходы — личным сообщением: /msg durakbot подсказка" },
        /* addressed to the bot by its nick, as clients complete it */
        { "durakbot: joue 7♥",
          "alice : les coups se jouent en message privé : /msg durakbot joue 7co" },
        { "Durakbot, take",
          "alice : les coups se jouent en message privé : /msg durakbot ramasse" },
    };
    for (size_t i = 0; i < sizeof typed / sizeof typed[0]; i++) {
        chan(h, "alice", "#durak", typed[i][0]);
        if (!said(h, "#durak", typed[i][1]))
            fail_msg("\"%s\": %s", typed[i][0], h->o.len ? h->o.items[0].text : "(nothing)");
    }
    chan(h, "carol", "#durak", "take care"); /* not a player: chatter stays chatter */
    assert_int_equal(h->o.len, 0);
    chan(h, "carol", "#durak", "durakbot: !table"); /* a channel command, by the bot's nick */
    /* the table asked for: its actor named so as not to highlight them at each !table (said()
     * reads past the zero-width space: the line itself is looked at) */
    const char *table = said(h, "#durak", "lead a card \xC2\xB7 trump");
    assert_non_null(table);
    assert_non_null(strstr(table, "b\xE2\x80\x8Bob: lead a card"));
    chan(h, "carol", "#durak", "durakbot: table"); /* without the prefix: chatter */
    assert_int_equal(h->o.len, 0);
    priv(h, "carol", "stats");
    assert_non_null(said(h, "carol", "Stats are not kept"));
    priv(h, "carol", "top");
    assert_non_null(said(h, "carol", "Stats are not kept"));
    priv(h, "carol", "rules");
    assert_non_null(said(h, "carol", "Durak (classic)"));
    h_free(h);
}

/* set: NOTICE or PRIVMSG, colours, the turn line; shown, checked, applied, saved. */
static void note_key(void *ctx, const char *key, const store_prefs *p)
{
    (void)p;
    snprintf(ctx, 64, "%s", key);
}

/* Settings are a person's: one logged in to an account keeps them under it (where their stats and
 * pages are), and a user without it who takes their nick later sets the nick's own, not theirs. */
static void test_settings_follow_the_account(void **state)
{
    (void)state;
    harness *h = h_new(51);
    char key[64] = "";
    with_accounts = true;
    priv(h, "alice", "set site off");
    with_accounts = false;
    tables_take_prefs(h->t, note_key, key);
    assert_string_equal(key, "@acc_alice");
    tables_on_quit(h->t, h->now, "alice", "Quit: bye", &h->o);
    tables_who stranger = { "alice", "other", "elsewhere.example", "", false };
    outbox_clear(&h->o);
    tables_on_private(h->t, h->now += 3, &stranger, "set site on", &h->o);
    key[0] = '\0';
    tables_take_prefs(h->t, note_key, key);
    assert_string_equal(key, "alice");
    h_free(h);
}

/* How the line last queued for target goes once the people's choices apply; -1 for none. */
static int kind_to(harness *h, const char *target)
{
    tables_apply_prefs(h->t, &h->o);
    for (size_t i = h->o.len; i-- > 0;)
        if (!strcmp(h->o.items[i].target, target))
            return (int)h->o.items[i].kind;
    return -1;
}

/* ui.private_lines = "privmsg": a person's lines go as PRIVMSGs (weechat shows those in a window
 * of the bot's, where it puts notices in the server's), from the first answer on; a channel's
 * lines stay the channel's; one who chose `set notice` keeps notices. */
static void test_private_lines_by_config(void **state)
{
    (void)state;
    harness *h = h_new(40);
    chan(h, "zoe", "#durak", "!join"); /* "No game in #durak": by notice, by default */
    assert_int_equal(kind_to(h, "zoe"), OUT_NOTICE);
    h->cfg.ui.private_lines = CONFIG_LINES_PRIVMSG;
    tables_reconfigure(h->t, &h->cfg);
    chan(h, "zoe", "#durak", "!join");
    assert_int_equal(kind_to(h, "zoe"), OUT_PRIVMSG);
    priv(h, "amy", "set notice");
    chan(h, "amy", "#durak", "!join");
    assert_int_equal(kind_to(h, "amy"), OUT_NOTICE);
    chan(h, "amy", "#durak", "!durak");
    assert_int_equal(kind_to(h, "#durak"), OUT_PRIVMSG);
    h_free(h);
}

static void test_preferences(void **state)
{
    (void)state;
    char dir[] = "/tmp/durak-prefs-XXXXXX", path[256], err[256];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/prefs.db", dir);
    store *db = store_open(path, err, sizeof err);
    assert_non_null(db);
    harness *h = h_new(38);
    h->cfg.ui.colors = true;
    tables_reconfigure(h->t, &h->cfg);
    h_use_store(h, db);
    priv(h, "bob", "настройки"); /* the help's Russian word: the settings, in Russian */
    assert_non_null(said(h, "bob", "Ваши настройки: "));
    priv(h, "alice", "set");
    assert_non_null(said(h, "alice", "Your settings: private lines by default, colours on"));
    priv(h, "alice", "set sparkles on");
    assert_non_null(said(h, "alice", "\"sparkles on\" is not a setting"));
    priv(h, "alice", "set colours"); /* a setting alone: how it stands, and how to change it */
    assert_non_null(said(h, "alice", "Your settings: private lines by default, colours on"));
    assert_non_null(said(h, "alice", "set colours on|off"));
    assert_null(said(h, "alice", "Saved."));
    priv(h, "alice", "set notice");
    assert_non_null(said(h, "alice", "Saved. Your settings: private lines by NOTICE, colours on"));
    priv(h, "alice", "set colours off");
    priv(h, "bob", "set turn off");
    priv(h, "carol", "set site off"); /* "a player" on the web pages */
    assert_non_null(said(h, "carol", "your nick on the web pages off"));
    start_two(h, "#durak");
    priv(h, "alice", "hand");
    assert_int_equal(h->o.items[0].kind, OUT_PRIVMSG);
    assert_non_null(strchr(h->o.items[0].text, '\x03')); /* a red card's colour, before */
    tables_apply_prefs(h->t, &h->o);
    assert_int_equal(h->o.items[0].kind, OUT_NOTICE);
    assert_null(strchr(h->o.items[0].text, '\x03'));
    /* bob turned the turn line off: his turns come as the hand line */
    char moves[1024];
    for (int k = 0; k < 50 && whose_turn(h, NICKS, 2, moves, sizeof moves) != 1; k++) {
        int i = whose_turn(h, NICKS, 2, moves, sizeof moves);
        priv(h, NICKS[i], strstr(moves, "take") ? "take" : strtok(moves, "|"));
        assert_null(said(h, "bob", "Your turn"));
    }
    h_free(h);
    /* saved: a bot started again on the same database knows them */
    h = h_new(39);
    tables_set_store(h->t, db);
    assert_int_equal(tables_prefs_of(h->t, "alice")->delivery, 1);
    assert_int_equal(tables_prefs_of(h->t, "bob")->turn, 2);
    assert_int_equal(tables_prefs_of(h->t, "carol")->site, 2);
    h_free(h);
    store_close(db);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

/* A card you do not hold: "You have no …"; the whole move list stays for the ones you hold. */
static void test_replies_that_help(void **state)
{
    (void)state;
    harness *h = h_new(40);
    start_two(h, "#durak");
    char moves[1024];
    int i = whose_turn(h, NICKS, 2, moves, sizeof moves);
    priv(h, NICKS[i], "hand");
    const char *hand = said(h, NICKS[i], "Your hand");
    assert_non_null(hand);
    static const char *const cards[] = { "6s", "7s", "8s", "9s", "10s", "Js", "Qs", "Ks", "As" };
    const char *missing = NULL;
    for (size_t k = 0; k < sizeof cards / sizeof *cards && !missing; k++) {
        char word[8];
        snprintf(word, sizeof word, " %s ", cards[k]);
        char padded[600];
        snprintf(padded, sizeof padded, " %s ", hand);
        if (!strstr(padded, word))
            missing = cards[k];
    }
    assert_non_null(missing);
    priv(h, NICKS[i], missing);
    assert_non_null(said(h, NICKS[i], "You have no "));
    char cmd[32];
    snprintf(cmd, sizeof cmd, "play %s", missing);
    priv(h, NICKS[i], cmd);
    assert_non_null(said(h, NICKS[i], "You have no "));
    h_free(h);
}

/* The i-th card of `list` (cards are words with a digit or one of TJQKA first and a suit letter
 * last, as the harness writes them: unicode_suits off), or NULL; *end past it. */
static const char *nth_card(const char *list, const char **end)
{
    for (const char *p = list; *p;) {
        while (*p == ' ' || *p == '|' || *p == '(' || *p == ',')
            p++;
        const char *w = p;
        while (*p && *p != ' ' && *p != '|' && *p != ')' && *p != ',')
            p++;
        size_t n = (size_t)(p - w);
        if (n >= 2 && n <= 3 && strchr("6789JQKA1", w[0]) && strchr("scdh", w[n - 1])) {
            *end = p;
            return w;
        }
    }
    return NULL;
}

/* The moves list follows the hand's order: the card each move plays appears in
 * `moves` in the order the hand line shows the cards, take and pass last. */
static void test_moves_follow_the_hand(void **state)
{
    (void)state;
    int checked = 0;
    for (uint64_t seed = 50; seed < 53; seed++) {
        harness *h = h_new(seed);
        lobby(h, "#durak", seed % 2 ? "transfer" : "", NICKS, 3);
        chan(h, "alice", "#durak", "!start");
        rng_t r;
        rng_seed(&r, seed);
        for (int step = 0; step < 300 && tables_count(h->t); step++) {
            char moves[1024], move[128], hand[600];
            int i = whose_turn(h, NICKS, 3, moves, sizeof moves);
            priv(h, NICKS[i], "hand");
            const char *hl = said(h, NICKS[i], "Your hand in #durak: ");
            assert_non_null(hl);
            snprintf(hand, sizeof hand, "%s", strstr(hl, ": ") + 2);
            *strstr(hand, " (trump") = '\0';
            long last = -1;
            const char *m = moves;
            for (char *opt = moves; opt; opt = strstr(opt, " | ") ? strstr(opt, " | ") + 3 : NULL) {
                const char *end, *c = nth_card(opt, &end);
                const char *bar = strstr(opt, " | ");
                if (!c || (bar && c > bar)) { /* take or pass: only after every card move */
                    last = 1000;
                    continue;
                }
                char word[8];
                snprintf(word, sizeof word, "%.*s", (int)(end - c), c);
                char padded[620], key[12];
                snprintf(padded, sizeof padded, " %s ", hand);
                snprintf(key, sizeof key, " %s ", word);
                const char *at = strstr(padded, key);
                assert_non_null(at);
                long pos = at - padded;
                if (pos < last)
                    fail_msg("moves \"%s\" not in the order of the hand \"%s\"", m, hand);
                last = pos;
                checked++;
            }
            pick_move(&r, moves, move, sizeof move);
            priv(h, NICKS[i], move);
        }
        h_free(h);
    }
    assert_true(checked > 100);
}

/* The first of the moves "a | b | …" into out. */
static void first_move(const char *moves, char *out, size_t cap)
{
    snprintf(out, cap, "%.*s", (int)strcspn(moves, "|"), moves);
    for (size_t n = strlen(out); n && out[n - 1] == ' ';)
        out[--n] = '\0';
}

/* A move of the wrong kind is answered with what to do and the moves that do it:
 * "play C" while defending lists "beat … | take". */
static void test_wrong_kind_says_the_right_one(void **state)
{
    (void)state;
    harness *h = h_new(44);
    start_two(h, "#durak");
    char moves[1024], move[128];
    int i = whose_turn(h, NICKS, 2, moves, sizeof moves);
    first_move(moves, move, sizeof move);
    priv(h, NICKS[i], move); /* the lead */
    int d = 1 - i;
    priv(h, NICKS[d], "hand");
    const char *hl = said(h, NICKS[d], "Your hand in #durak: "), *end;
    const char *c = nth_card(strstr(hl, ": ") + 2, &end);
    char play[32];
    snprintf(play, sizeof play, "play %.*s", (int)(end - c), c);
    priv(h, NICKS[d], play);
    const char *reply = said(h, NICKS[d], "not possible now");
    assert_non_null(reply);
    assert_non_null(strstr(reply, "you are to beat "));
    assert_non_null(strstr(reply, "Your moves: "));
    assert_non_null(strstr(reply, "take"));
    h_free(h);
}

/* "beat C" that could cover either of two cards lists the real choices, not an
 * example: after a transfer (R17) the new defender faces two cards a trump beats both of. */
static void test_beat_which_lists_the_choices(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 300; seed++) {
        harness *h = h_new(seed);
        lobby(h, "#durak", "transfer", NICKS, 2);
        chan(h, "alice", "#durak", "!start");
        char moves[1024], move[128], dmoves[1024];
        int i = whose_turn(h, NICKS, 2, moves, sizeof moves);
        first_move(moves, move, sizeof move);
        priv(h, NICKS[i], move); /* the lead */
        whose_turn(h, NICKS, 2, dmoves, sizeof dmoves);
        const char *t = strstr(dmoves, "transfer ");
        if (!t) {
            h_free(h);
            continue;
        }
        first_move(t, move, sizeof move);
        priv(h, NICKS[1 - i], move);
        whose_turn(h, NICKS, 2, moves, sizeof moves); /* the first attacker defends now */
        /* a card with two "beat C T" moves */
        for (char *b = strstr(moves, "beat "); b; b = strstr(b + 1, "beat ")) {
            char card[8], pat[16];
            if (sscanf(b, "beat %7s", card) != 1)
                continue;
            snprintf(pat, sizeof pat, "beat %s ", card);
            if (strstr(strstr(moves, pat) + 1, pat) == NULL)
                continue;
            snprintf(move, sizeof move, "beat %s", card);
            priv(h, NICKS[i], move);
            const char *r = said(h, NICKS[i], "Say which card");
            assert_non_null(r);
            assert_non_null(strstr(r, pat));
            assert_non_null(strstr(strstr(r, pat) + 1, pat)); /* both choices, as moves */
            assert_null(strstr(r, "e.g."));
            h_free(h);
            return;
        }
        h_free(h);
    }
    fail_msg("no deal gave a card that covers either of two cards");
}

/* A harness after a 3-player game in #durak (alice, bob, carol) played to its end. */
static harness *played_three(void)
{
    harness *h = h_new(45);
    lobby(h, "#durak", "", NICKS, 3);
    chan(h, "alice", "#durak", "!start");
    play_to_end(h, "#durak", NICKS, 3, 45);
    return h;
}

/* A rematch lobby is a lobby: its creator's !start starts it before everyone typed !again. */
static void test_again_started_by_the_creator(void **state)
{
    (void)state;
    harness *h = played_three();
    chan(h, "carol", "#durak", "!again");
    assert_non_null(said(h, "#durak", "Rematch: alice, bob, carol"));
    assert_non_null(said(h, "#durak", "waiting for alice, bob"));
    chan(h, "bob", "#durak", "!start"); /* not the creator */
    assert_int_equal(tables_count(h->t), 1);
    assert_null(said(h, "#durak", "starts"));
    chan(h, "alice", "#durak", "!start");
    assert_non_null(said(h, "#durak", "starts: alice, bob, carol"));
    h_free(h);
}

/* In a rematch lobby, a seat's !join is a yes, as !again is: not "you are already here". */
static void test_again_join_agrees(void **state)
{
    (void)state;
    harness *h = played_three();
    chan(h, "carol", "#durak", "!again");
    chan(h, "bob", "#durak", "!join");
    assert_non_null(said(h, "#durak", "bob is in for the rematch; waiting for alice."));
    chan(h, "bob", "#durak", "!join"); /* said yes already */
    assert_non_null(said(h, "bob", "You are already"));
    chan(h, "alice", "#durak", "!join");
    assert_non_null(said(h, "#durak", "starts: alice, bob, carol"));
    h_free(h);
}

/* A game stopped by its players' votes is the one !again plays again, not the one before it. */
static void test_again_after_stop(void **state)
{
    (void)state;
    harness *h = played_three();
    lobby(h, "#durak", "", NICKS + 3, 2); /* dave and erin */
    chan(h, "dave", "#durak", "!start");
    chan(h, "dave", "#durak", "!stop");
    chan(h, "erin", "#durak", "!stop");
    assert_non_null(said(h, "#durak", "no result"));
    chan(h, "erin", "#durak", "!again");
    assert_non_null(said(h, "#durak", "Rematch: dave, erin"));
    h_free(h);
}

/* R18: the last person of a channel game leaving it to computer players forfeits, kept in their
 * record as a private game's stop is (leaving is no way out of a lost game); the computer players
 * share the win, and !again offers the same seats. */
static void test_last_person_leaves_to_bots(void **state)
{
    (void)state;
    harness *h = h_new(46);
    temp_store db;
    store_in_temp(&db, h);
    lobby(h, "#durak", "", NICKS, 1);
    chan(h, "alice", "#durak", "!bot easy");
    chan(h, "alice", "#durak", "!bot easy");
    chan(h, "alice", "#durak", "!start");
    chan(h, "alice", "#durak", "!leave");
    assert_non_null(said(h, "#durak", "Only computer players are left, so the game ends here."));
    assert_non_null(said(h, "#durak",
                         "Game over: only computer players are left, and they share "
                         "the win."));
    assert_non_null(said(h, "#durak", "forfeited: alice"));
    assert_int_equal(tables_count(h->t), 0);
    chan(h, "alice", "#durak", "!stats");
    assert_non_null(said(h, "#durak", "1 game, out first 0, durak 0, draws 0, forfeits 1"));
    chan(h, "alice", "#durak", "!again");
    assert_non_null(said(h, "#durak", "alice, Easy[bot], Easy2[bot]"));
    store_gone(&db);
    h_free(h);
}

/* Agreements to a rematch are kept by seat: when a seat before an agreed one leaves, the agreement
 * moves down with its seat, so it still counts and the lobby still saves a line that restores. */
static void test_again_agreement_follows_its_seat(void **state)
{
    (void)state;
    harness *h = h_new(46);
    char line[8192];
    lobby(h, "#durak", "", NICKS, 3);
    chan(h, "alice", "#durak", "!start");
    play_to_end(h, "#durak", NICKS, 3, 46);
    chan(h, "carol", "#durak", "!again");
    assert_non_null(said(h, "#durak", "waiting for alice, bob"));
    chan(h, "alice", "#durak", "!leave");
    assert_true(tables_snapshot(h->t, "#durak", h->now, line, sizeof line));
    harness *h2 = h_new(47);
    assert_true(tables_restore(h2->t, "#durak", line, h2->now));
    h_free(h2);
    chan(h, "bob", "#durak", "!again");
    assert_non_null(said(h, "#durak", "starts: bob, carol"));
    h_free(h);
}

/* A player who changed nick after the game is still one of its players: !again under the new nick
 * seats them under it, and their agreement counts. */
static void test_again_after_a_nick_change(void **state)
{
    (void)state;
    harness *h = h_new(48);
    lobby(h, "#durak", "", NICKS, 2);
    chan(h, "alice", "#durak", "!start");
    play_to_end(h, "#durak", NICKS, 2, 48);
    renamed(h, "bob", "bob_away");
    chan(h, "bob_away", "#durak", "!again");
    assert_non_null(said(h, "#durak", "Rematch: alice, bob_away"));
    chan(h, "alice", "#durak", "!again");
    assert_non_null(said(h, "#durak", "starts: alice, bob_away"));
    h_free(h);
}

/* One game at a time, even through nick changes: carol leaves #a (her seat held), joins #b under
 * another nick, takes her nick back and returns to #a. She keeps the #b seat she is in; the held
 * one is not given back to her, and it is #b's table that answers her. */
static void test_one_game_through_nick_changes(void **state)
{
    (void)state;
    harness *h = h_new(49);
    const char *a[] = { "alice", "carol" }, *b[] = { "bob", "carol2" };
    lobby(h, "#a", "", a, 2);
    chan(h, "alice", "#a", "!start");
    outbox_clear(&h->o);
    tables_on_part(h->t, h->now, "carol", "#a", &h->o);
    assert_non_null(said(h, "#a", "held for"));
    renamed(h, "carol", "carol2");
    lobby(h, "#b", "", b, 2);
    chan(h, "bob", "#b", "!start");
    renamed(h, "carol2", "carol");
    tables_who back = who("carol");
    outbox_clear(&h->o);
    tables_on_join(h->t, h->now, &back, "#a", &h->o);
    assert_null(said(h, "#a", "carol is back"));
    table_t *ta = tables_find(h->t, "#a"), *tb = tables_find(h->t, "#b");
    assert_true(ta->seat[1].absent);
    assert_false(tb->seat[1].absent);
    priv(h, "carol", "hand");
    assert_non_null(said(h, "carol", "Your hand in #b: "));
    h_free(h);
}

/* A rematch starts by itself when the one it still waited for leaves and all who stay agreed. */
static void test_again_starts_when_the_holdout_leaves(void **state)
{
    (void)state;
    harness *h = h_new(50);
    lobby(h, "#durak", "", NICKS, 3);
    chan(h, "alice", "#durak", "!start");
    play_to_end(h, "#durak", NICKS, 3, 50);
    chan(h, "carol", "#durak", "!again");
    chan(h, "alice", "#durak", "!again");
    assert_non_null(said(h, "#durak", "waiting for bob"));
    chan(h, "bob", "#durak", "!leave"); /* the channel hears why it starts, then that it does */
    assert_non_null(said(h, "#durak", "starts: alice, carol"));
    assert_true(said_at(h, "#durak", "bob leaves. Seated: alice, carol.")
                < said_at(h, "#durak", "starts: alice, carol"));
    h_free(h);
}

/* A rematch seats only the last game's players who are still in the channel: one who left it
 * since is not dealt in (to time out), unless they came back. */
static void test_again_without_who_left(void **state)
{
    (void)state;
    harness *h = played_three();
    tables_on_part(h->t, h->now += 1, "bob", "#durak", &h->o);
    tables_on_quit(h->t, h->now += 1, "carol", "Quit: bye", &h->o);
    tables_who c = who("carol");
    tables_on_join(h->t, h->now += 1, &c, "#durak", &h->o); /* carol is back */
    chan(h, "alice", "#durak", "!again");
    assert_non_null(said(h, "#durak", "Rematch: alice, carol."));
    assert_null(said(h, "#durak", "bob"));
    h_free(h);
}

/* A player of the last game who sits at another game now (a private one) is left out of the
 * rematch, and the channel is told so, with how to come back: not dropped unsaid. */
static void test_again_without_who_plays_elsewhere(void **state)
{
    (void)state;
    harness *h = played_three();
    priv(h, "carol", "play"); /* carol starts a private game */
    chan(h, "alice", "#durak", "!again");
    assert_non_null(said(h, "#durak", "Rematch: alice, bob."));
    assert_non_null(said(h, "#durak",
                         "Not in the rematch: carol, at another game now (!join here once it is "
                         "over)."));
    h_free(h);
}

/* Five long nicks at other games: the list names each whole, and the line keeps its end (a list
 * cut inside a UTF-8 letter lost the rest of the line, "(!join here ...)" with it). */
static void test_again_lists_every_long_nick(void **state)
{
    (void)state;
    harness *h = h_new(61);
    char nick[6][64];
    const char *nicks[6];
    for (int i = 0; i < 6; i++) { /* 60 bytes each: 29 Cyrillic letters and a digit and a 'x' */
        nick[i][0] = '\0';
        for (int k = 0; k < 29; k++)
            strcat(nick[i], "\xD0\xB6"); /* ж */
        snprintf(nick[i] + strlen(nick[i]), 3, "%dx", i);
        nicks[i] = nick[i];
    }
    lobby(h, "#durak", "", nicks, 6);
    chan(h, nicks[0], "#durak", "!start");
    assert_non_null(play_to_end(h, "#durak", nicks, 6, 61));
    for (int i = 1; i < 6; i++)
        priv(h, nicks[i], "play"); /* each at a private game of their own */
    chan(h, nicks[0], "#durak", "!again");
    const char *line = said(h, "#durak", "Not in the rematch: ");
    assert_non_null(line);
    for (int i = 1; i < 6; i++)
        assert_non_null(strstr(line, nicks[i]));
    assert_non_null(strstr(line, "(!join here once it is over)."));
    h_free(h);
}

/* One 2-player game to its end, on a server that charges each line (tables_set_penalty) or not;
 * bob may have said `set turn on`. Checked on the way with penalty: each decision is asked in the
 * public line, which starts with the actor's nick (throw-ins too); privately only a hand, one
 * holding cards nobody saw (not after picking up from the table with the stock gone), and the
 * actor's before the public line that asks them; no turn line to alice (bob's only if he asked);
 * a take said once, by the line that asks to add cards.
 * Returns the lines (public and private, not the `moves` answers) a move. */
static double penalty_game(uint64_t seed, bool penalty, bool turn_on_for_bob, int *bob_prompts)
{
    harness *h = h_new(seed);
    tables_set_penalty(h->t, penalty);
    if (turn_on_for_bob)
        priv(h, "bob", "set turn on");
    rng_t r;
    rng_seed(&r, seed);
    long lines = 0, moves_made = 0;
    start_two(h, "#durak");
    lines += (long)h->o.len;
    for (int step = 0; step < 3000 && tables_count(h->t); step++) {
        char moves[1024], move[128], pub[2048] = "", hand_to[2][64] = { "", "" };
        int i = whose_turn(h, NICKS, 2, moves, sizeof moves), pub_at = -1, hand_at[2] = { -1, -1 };
        pick_move(&r, moves, move, sizeof move);
        priv(h, NICKS[i], move);
        moves_made++;
        lines += (long)h->o.len;
        for (size_t k = 0; k < h->o.len; k++) {
            const out_msg *m = &h->o.items[k];
            int who = !strcmp(m->target, "alice") ? 0 : !strcmp(m->target, "bob") ? 1 : -1;
            if (who < 0 && pub_at < 0) {
                pub_at = (int)k;
                snprintf(pub, sizeof pub, "%s", m->text);
            }
            if (who == 1 && strstr(m->text, "Your turn"))
                (*bob_prompts)++;
            if (!penalty || who < 0 || !tables_count(h->t))
                continue;
            if (who == 0 || !turn_on_for_bob) /* a hand, nothing else */
                assert_true(starts(m->text, "Your hand in #durak: "));
            if (starts(m->text, "Your hand"))
                hand_at[who] = (int)k, snprintf(hand_to[who], sizeof hand_to[who], "%s", m->target);
        }
        if (!penalty || !tables_count(h->t) || !pub[0])
            continue;
        if (strstr(pub, "to take, or pass") && strstr(pub, " takes"))
            fail_msg("the take is said twice: %s", pub);
        int next = whose_turn(h, NICKS, 2, moves, sizeof moves);
        char want[64];
        snprintf(want, sizeof want, "%s: ", NICKS[next]);
        if (strncmp(pub, want, strlen(want)))
            fail_msg("the public line %s does not ask %s", pub, NICKS[next]);
        if (hand_at[next] >= 0 && hand_at[next] > pub_at)
            fail_msg("%s's hand comes after the line asking them: %s", NICKS[next], pub);
        for (int j = 0; j < 2 && strstr(pub, "stock 0 "); j++) {
            char took[64];
            snprintf(took, sizeof took, "%s picks up ", NICKS[j]);
            if (hand_to[j][0] && reads(pub, took))
                fail_msg("%s is shown the cards they picked up: %s", NICKS[j], pub);
        }
    }
    assert_int_equal(tables_count(h->t), 0);
    h_free(h);
    return (double)lines / (double)moves_made;
}

static void test_penalty_server_asks_in_public(void **state)
{
    (void)state;
    double with = 0, without = 0;
    int bob_prompts = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        with += penalty_game(seed, true, false, &bob_prompts) / 6;
        without += penalty_game(seed, false, false, &bob_prompts) / 6;
    }
    printf("# 2-player games: %.2f lines a move, %.2f on a penalty server\n", without, with);
    assert_true(with <= 1.6 && with < without - 0.5);
    bob_prompts = 0;
    penalty_game(7, true, true, &bob_prompts); /* set turn on: his turn lines are back */
    assert_true(bob_prompts > 5);
}

/* One who left a running game (a forfeit, R18) is in no game: they may open or join another at
 * once, where they were told "finish it, or type !leave there first". */
static void test_leaver_free_to_play_elsewhere(void **state)
{
    (void)state;
    harness *h = h_new(31);
    lobby(h, "#durak", "", NICKS, 3);
    chan(h, "alice", "#durak", "!start");
    chan(h, "carol", "#durak", "!leave");
    assert_non_null(said(h, "#durak", "carol leaves the game and forfeits"));
    assert_int_equal(tables_count(h->t), 1); /* alice and bob play on */
    chan(h, "carol", "#other", "!durak");
    assert_non_null(said(h, "#other", "carol opens a game"));
    chan(h, "carol", "#durak", "!leave"); /* not seated there any more */
    assert_non_null(said(h, "carol", "You are not playing in the game in #durak"));
    h_free(h);
}

/* A stop vote counts the people still playing: one who voted and then left takes the vote along,
 * so the other two of three do not stop the game with one vote. A second !stop of one voter is
 * answered to them alone. */
static void test_leaver_takes_their_stop_vote(void **state)
{
    (void)state;
    harness *h = h_new(32);
    lobby(h, "#durak", "", NICKS, 3);
    chan(h, "alice", "#durak", "!start");
    chan(h, "carol", "#durak", "!stop");
    assert_non_null(said(h, "#durak", "1 of 3 agree so far"));
    chan(h, "carol", "#durak", "!stop"); /* again: she is told, the channel is not */
    assert_non_null(said(h, "carol", "You already asked to stop: 1 of 3 agree so far."));
    assert_null(said(h, "#durak", "agree so far"));
    chan(h, "carol", "#durak", "!leave");
    chan(h, "bob", "#durak", "!stop");
    assert_non_null(said(h, "#durak", "1 of 2 agree so far"));
    assert_int_equal(tables_count(h->t), 1);
    h_free(h);
}

/* A stop vote's 30 seconds stand still while the bot is away from the server, as the turn
 * timers do: nobody could vote meanwhile. */
static void test_stop_vote_waits_out_a_disconnection(void **state)
{
    (void)state;
    harness *h = h_new(33);
    lobby(h, "#durak", "", NICKS, 3);
    chan(h, "alice", "#durak", "!start");
    chan(h, "carol", "#durak", "!stop");
    assert_non_null(said(h, "#durak", "1 of 3 agree so far"));
    tables_on_disconnect(h->t, h->now);
    h->now += 120;
    outbox_clear(&h->o);
    tables_on_reconnect(h->t, h->now, &h->o);
    tick(h, h->now + 1);
    assert_null(said(h, "#durak", "Not enough players agreed"));
    log_capture();
    chan(h, "bob", "#durak", "!stop");
    assert_non_null(said(h, "#durak", "The players agreed to stop the game"));
    assert_non_null(strstr(log_captured(), "<6>#durak: the game ends with no result: its players "
                                           "voted to stop it\n"));
    h_free(h);
}

/* One already out (R14) who types !leave keeps their place: it is no forfeit (R18), the channel
 * hears nothing, and with game.replace_leavers no computer player takes their seat. */
static void test_leave_when_out(void **state)
{
    (void)state;
    int tried = 0;
    for (uint64_t seed = 1; seed < 300 && !tried; seed++) {
        harness *h = h_new(seed);
        h->cfg.game.replace_leavers = true;
        tables_reconfigure(h->t, &h->cfg);
        rng_t r;
        rng_seed(&r, seed);
        lobby(h, "#durak", "", NICKS, 3);
        chan(h, "alice", "#durak", "!start");
        table_t *tb = tables_find(h->t, "#durak");
        int out = -1;
        for (int step = 0; step < 3000 && tb->used && !durak_over(&tb->g) && out < 0; step++) {
            for (int s = 0; s < 3; s++)
                if (!durak_in_game(&tb->g, s))
                    out = s;
            if (out < 0)
                play_own_random_move(h, &r, tb->seat[tb->g.actor].nick);
        }
        if (out >= 0 && tb->used && !durak_over(&tb->g)) {
            tried++;
            chan(h, NICKS[out], "#durak", "!leave");
            assert_non_null(said(h, NICKS[out], "You are out of the game in #durak already"));
            assert_null(said(h, "#durak", ""));
            assert_int_equal(tb->seat[out].ai, -1);
            assert_int_equal((tb->g.forfeited >> out) & 1, 0);
        }
        h_free(h);
    }
    assert_int_equal(tried, 1);
}

/* A stop vote counts the people still playing: 2 of 4 vote, one leaves, and 2 of the 3 left is
 * a majority at once (it was counted only on a vote, and failed at its end). */
static void test_stop_vote_majority_after_a_forfeit(void **state)
{
    (void)state;
    harness *h = h_new(102);
    lobby(h, "#durak", "", NICKS, 4);
    chan(h, "alice", "#durak", "!start");
    chan(h, "alice", "#durak", "!stop");
    chan(h, "bob", "#durak", "!stop");
    assert_non_null(said(h, "#durak", "2 of 4 agree so far"));
    chan(h, "dave", "#durak", "!leave"); /* 2 of the 3 people still playing agree */
    assert_non_null(said(h, "#durak", "The players agreed to stop the game; no result."));
    assert_int_equal(tables_count(h->t), 0);
    h_free(h);
}

/* A player takes a computer player's name mid-game (the seat held: "their next nick takes it
 * back"), then quits under it. A stranger who connects as Bob[bot], joins and changes nick gets
 * nothing: not the seat, not bob's hand; bob, back as himself, gets it. */
static void test_bot_name_left_is_no_seat(void **state)
{
    (void)state;
    harness *h = h_new(103);
    start_two(h, "#durak");
    renamed(h, "bob", "Bob[bot]");
    tables_on_part(h->t, h->now, "Bob[bot]", "#elsewhere", &h->o); /* still here: still his */
    tables_on_nick(h->t, h->now, "Bob[bot]", "bob", &h->o);
    int seat;
    assert_non_null(tables_of_nick(h->t, "bob", &seat));
    assert_false(tables_find(h->t, "#durak")->seat[seat].absent);
    renamed(h, "bob", "Bob[bot]");
    assert_non_null(said(h, "#durak", "Bob[bot]"));
    outbox_clear(&h->o);
    tables_on_quit(h->t, h->now, "Bob[bot]", "Quit: bye", &h->o);
    h_persist(h);
    tables_who mallory = { "Bob[bot]", "evil", "evil.example", "", false };
    outbox_clear(&h->o);
    tables_on_join(h->t, h->now, &mallory, "#durak", &h->o);
    h_persist(h);
    outbox_clear(&h->o); /* the stranger's own nick change: not bob's */
    tables_on_nick(h->t, h->now, "Bob[bot]", "mallory", &h->o);
    h_persist(h);
    int s;
    table_t *tb = tables_of_nick(h->t, "mallory", &s);
    assert_null(said(h, "mallory", "hand"));
    assert_null(said(h, "mallory", "Your"));
    assert_null(tb);
    tables_who bob = { "bob", "u_bob", "example.org", "", false };
    tables_on_join(h->t, h->now, &bob, "#durak", &h->o);
    h_persist(h);
    assert_non_null(tables_of_nick(h->t, "bob", &s));
    h_free(h);
}

/* The one person left against computer players is no majority of one: their !stop is asked once,
 * then a forfeit, rated as !leave would be (else a lost game could always be left unrated). */
static void test_stop_alone_is_a_forfeit(void **state)
{
    (void)state;
    harness *h = h_new(101);
    temp_store s;
    store_in_temp(&s, h);
    chan(h, "alice", "#durak", "!durak");
    chan(h, "alice", "#durak", "!bot");
    chan(h, "alice", "#durak", "!start");
    chan(h, "alice", "#durak", "!stop");
    assert_non_null(said(h, "alice",
                         "You are the only person left in this game: stopping it is a "
                         "forfeit, a loss in your rating, as leaving is. Type !stop "
                         "again within 30 s to stop."));
    assert_null(said(h, "#durak", ""));
    assert_int_equal(tables_count(h->t), 1);
    chan(h, "alice", "#durak", "!stop");
    assert_non_null(said(h, "#durak", "Only computer players are left"));
    assert_int_equal(tables_count(h->t), 0);
    chan(h, "alice", "#durak", "!stats");
    const char *stats = said(h, "#durak", "1 game");
    assert_non_null(stats);
    assert_non_null(strstr(stats, "forfeits 1"));
    h_free(h);
    store_gone(&s);
    /* nor is a vote of two people the last of whom is then alone: bob leaves after alice's vote */
    h = h_new(102);
    lobby(h, "#durak", "", NICKS, 2);
    chan(h, "alice", "#durak", "!bot");
    chan(h, "alice", "#durak", "!start");
    chan(h, "alice", "#durak", "!stop");
    chan(h, "bob", "#durak", "!leave");
    assert_null(said(h, "#durak", "The players agreed to stop"));
    assert_int_equal(tables_count(h->t), 1);
    h_free(h);
}

/* R16 ends a game two ways, and the end line names the one that came: a game whose 128 quiet bouts
 * (every defender takes, every attacker passes, each lead another card) were all different was
 * called "the same position came back". */
static void test_quiet_draw_said(void **state)
{
    (void)state;
    bool found = false;
    for (uint64_t seed = 1; seed < 40 && !found; seed++) {
        harness *h = h_new(seed);
        lobby(h, "#durak", "", NICKS, 3);
        chan(h, "alice", "#durak", "!start");
        table_t *tb = tables_find(h->t, "#durak");
        bool quiet = false;
        for (int mv = 0; tb && tb->playing && !durak_over(&tb->g); mv++) {
            durak_action a[DURAK_MAX_ACTIONS], x;
            int n = durak_legal(&tb->g, a), take = -1, pass = -1;
            for (int i = 0; i < n; i++) {
                take = a[i].kind == DURAK_ACT_TAKE ? i : take;
                pass = a[i].kind == DURAK_ACT_PASS ? i : pass;
            }
            x = a[take >= 0   ? take
                  : pass >= 0 ? pass
                              : (int)((unsigned)mv * 2654435761u % 9973u % (unsigned)n)];
            quiet = tb->g.nhistory == DURAK_MAX_HISTORY - 1 || quiet;
            char text[64];
            priv(h, tb->seat[tb->g.actor].nick, durak_action_format(x, text, sizeof text));
        }
        if (quiet && said(h, "#durak", "a draw")) {
            assert_non_null(
                said(h, "#durak", "128 bouts in a row went by with no card gone (rule R16)"));
            found = true;
        }
        h_free(h);
    }
    assert_true(found);
}

/* A nick may hold what turns a client's line: a direction override left open reversed the rest
 * of every line naming its player, a C1 NEL or a line separator broke it. Each reads '?'. */
static void test_nick_cannot_turn_the_line(void **state)
{
    (void)state;
    harness *h = h_new(1);
    const char *odd = "r\xE2\x80\xAE"
                      "abc\xE2\x81\xA6z",
               *other = "k\xC2\x85q\xE2\x80\xA8";
    chan(h, odd, "#durak", "!durak");
    assert_non_null(said(h, "#durak", "r?abc?z opens a game"));
    chan(h, other, "#durak", "!join");
    assert_non_null(said(h, "#durak", "k?q? joins: r?abc?z, k?q? (2/6)"));
    chan(h, odd, "#durak", "!start");
    assert_true(h->o.len > 0);
    for (size_t i = 0; i < h->o.len; i++) { /* the deal, the table, the hands */
        const char *t = h->o.items[i].text;
        if (strstr(t, "\xE2\x80\xAE") || strstr(t, "\xE2\x81\xA6") || strstr(t, "\xC2\x85")
            || strstr(t, "\xE2\x80\xA8"))
            fail_msg("raw in: %s", t);
    }
    h_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nick_cannot_turn_the_line),
        cmocka_unit_test(test_quiet_draw_said),
        cmocka_unit_test(test_stop_vote_majority_after_a_forfeit),
        cmocka_unit_test(test_stop_alone_is_a_forfeit),
        cmocka_unit_test(test_bot_name_left_is_no_seat),
        cmocka_unit_test(test_line_starts_with_the_actor),
        cmocka_unit_test(test_quiet_pass),
        cmocka_unit_test(test_option_said_as_one),
        cmocka_unit_test(test_option_asked_once),
        cmocka_unit_test(test_replaced_leaver_forfeits),
        cmocka_unit_test(test_out_then_leave_keeps_the_place),
        cmocka_unit_test(test_private_turn_line),
        cmocka_unit_test(test_fair_timers),
        cmocka_unit_test(test_late_throw_in_told),
        cmocka_unit_test(test_late_only_for_the_missed_turn),
        cmocka_unit_test(test_forfeit_told_privately),
        cmocka_unit_test(test_ending_and_again),
        cmocka_unit_test(test_stats_keep_the_nick_of_the_start),
        cmocka_unit_test(test_stop_vote),
        cmocka_unit_test(test_answers_where_asked),
        cmocka_unit_test(test_preferences),
        cmocka_unit_test(test_private_lines_by_config),
        cmocka_unit_test(test_settings_follow_the_account),
        cmocka_unit_test(test_replies_that_help),
        cmocka_unit_test(test_moves_follow_the_hand),
        cmocka_unit_test(test_wrong_kind_says_the_right_one),
        cmocka_unit_test(test_beat_which_lists_the_choices),
        cmocka_unit_test(test_again_started_by_the_creator),
        cmocka_unit_test(test_again_join_agrees),
        cmocka_unit_test(test_again_after_stop),
        cmocka_unit_test(test_last_person_leaves_to_bots),
        cmocka_unit_test(test_again_agreement_follows_its_seat),
        cmocka_unit_test(test_again_without_who_left),
        cmocka_unit_test(test_again_without_who_plays_elsewhere),
        cmocka_unit_test(test_again_lists_every_long_nick),
        cmocka_unit_test(test_again_after_a_nick_change),
        cmocka_unit_test(test_one_game_through_nick_changes),
        cmocka_unit_test(test_again_starts_when_the_holdout_leaves),
        cmocka_unit_test(test_penalty_server_asks_in_public),
        cmocka_unit_test(test_leaver_free_to_play_elsewhere),
        cmocka_unit_test(test_leave_when_out),
        cmocka_unit_test(test_leaver_takes_their_stop_vote),
        cmocka_unit_test(test_stop_vote_waits_out_a_disconnection),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
