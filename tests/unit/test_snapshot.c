/* test_snapshot.c — a table's snapshot line restored strictly: a good line comes back (with a stop
 * vote under way); a line with a non-finite or out-of-range timer, bad options or seats, or a
 * finished game is refused, why. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "tables.h"

static tables *fresh(bot_config *cfg)
{
    config_defaults(cfg);
    snprintf(cfg->irc.nick, sizeof cfg->irc.nick, "durakbot");
    return tables_new(cfg, 5);
}

/* The snapshot of a lobby (playing 0) or a running two-player game (1). */
static void make_snapshot(bool playing, char *buf, size_t cap)
{
    bot_config cfg;
    tables *t = fresh(&cfg);
    outbox o;
    outbox_init(&o);
    tables_on_reconnect(t, 100, &o);
    tables_who a = { "alice", "al", "example.org", "", false },
               b = { "bob", "bo", "example.org", "", false };
    tables_on_channel(t, 101, &a, "#durak", "!durak", &o);
    tables_on_channel(t, 104, &b, "#durak", "!join", &o);
    if (playing)
        tables_on_channel(t, 107, &a, "#durak", "!start", &o);
    assert_true(tables_snapshot(t, "#durak", 108, buf, cap));
    outbox_free(&o);
    tables_free(t);
}

/* Restores line under key into fresh tables: NULL if it came back, else the reason. */
static const char *restore_as(const char *key, const char *line)
{
    static char why[256];
    bot_config cfg;
    tables *t = fresh(&cfg);
    why[0] = '\0';
    bool ok = tables_restore_checked(t, key, line, 500, why, sizeof why);
    tables_free(t);
    return ok ? NULL : why;
}

static const char *restore(const char *line) { return restore_as("#durak", line); }

/* line with its n-th space-separated token (0-based) replaced by tok (NULL: left out). */
static char *with_token(const char *line, int n, const char *tok)
{
    static char out[4096];
    size_t len = 0;
    const char *p = line;
    for (int i = 0; *p; i++) {
        const char *end = strchr(p, ' ');
        size_t w = end ? (size_t)(end - p) : strlen(p);
        if (i != n || tok)
            len += (size_t)snprintf(out + len, sizeof out - len, "%s%.*s", len ? " " : "",
                                    (int)(i == n ? strlen(tok) : w), i == n ? tok : p);
        p += w + (end != NULL);
    }
    return out;
}

static void refused_as(const char *key, const char *line, const char *reason)
{
    const char *why = restore_as(key, line);
    if (!why)
        fail_msg("restored: %s", line);
    if (!strstr(why, reason))
        fail_msg("\"%s\" refused with \"%s\", not \"%s\"", line, why, reason);
}

static void refused(const char *line, const char *reason) { refused_as("#durak", line, reason); }

static void test_good_lines_restore(void **state)
{
    (void)state;
    char line[4096];
    make_snapshot(false, line, sizeof line);
    assert_null(restore(line));
    make_snapshot(true, line, sizeof line);
    assert_null(restore(line));
    /* a T4 line (saved before spectators: no W section) still restores; a T2 line (before the
     * nick at the game's start: no seated token) too, and a T1 line (before accounts: no account
     * token either) */
    assert_int_equal(strncmp(line, "T5 ", 3), 0);
    for (int i = 0; i < 2; i++)
        snprintf(line, sizeof line, "%s", with_token(line, 26, NULL));
    line[1] = '4';
    assert_null(restore(line));
    /* a T3 line (saved before game records: no R section) still restores, without a record */
    for (int i = 0; i < 6; i++)
        snprintf(line, sizeof line, "%s", with_token(line, 26, NULL));
    line[1] = '3';
    assert_null(restore(line));
    snprintf(line, sizeof line, "%s", with_token(line, 25, NULL)); /* bob's, then alice's */
    snprintf(line, sizeof line, "%s", with_token(line, 16, NULL));
    line[1] = '2';
    assert_null(restore(line));
    line[1] = '1';
    for (char *p; (p = strstr(line, " = "));) /* the empty accounts */
        memmove(p, p + 2, strlen(p + 2) + 1);
    assert_null(restore(line));
}

/* Head tokens: 0 T5, 1 playing, 2 options, 3 creator, 4 nseats, 5 lobby, 6 turn, 7 warned;
 * then per seat 8 =nick 9 =user 10 =host 11 =account 12 absent 13 grace 14 timeouts 15 ai
 * 16 =seated (the nick at the game's start); with two seats, 26 W 27 spectators (0); a game
 * then has its record: 28 R, 29 seed, 30 salt, 31 seconds since the deal, 32 truncated, 33
 * moves. */
static void test_timers_must_be_finite_and_in_range(void **state)
{
    (void)state;
    char line[4096];
    make_snapshot(true, line, sizeof line);
    static const char *const bad[] = { "nan", "-nan", "inf", "-1", "1e9", "0x10000", "", "5s" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        if (bad[i][0]) {
            refused(with_token(line, 5, bad[i]), "lobby timer");
            refused(with_token(line, 6, bad[i]), "turn timer");
        }
        refused(with_token(line, 13, bad[i][0] ? bad[i] : "x"), "rejoin grace");
    }
    assert_null(restore(with_token(line, 6, "3600")));
}

static void test_inconsistent_tables_refused(void **state)
{
    (void)state;
    char lobby[4096], game[4096];
    make_snapshot(false, lobby, sizeof lobby);
    make_snapshot(true, game, sizeof game);
    refused(with_token(lobby, 0, "T9"), "version 1 to 5");
    refused(with_token(lobby, 1, "2"), "playing flag");
    refused(with_token(lobby, 2, "2,0,0,0,37"), "options");
    refused(with_token(lobby, 2, "7,0,0,0,36"), "options");
    refused(with_token(lobby, 2, "2,0,0,0,36x"), "options");
    refused(with_token(lobby, 3, "2"), "creator");
    refused(with_token(lobby, 3, "-1"), "creator");
    refused(with_token(lobby, 4, "7"), "seats");
    refused(with_token(lobby, 4, "3"), "seat"); /* a seat missing */
    refused(with_token(lobby, 7, "1x"), "warned");
    refused(with_token(lobby, 8, "=bob"), "same nick");
    refused(with_token(lobby, 8, "=BOB"), "same nick");
    refused(with_token(lobby, 8, "=ali\rce"), "control characters");
    refused(with_token(lobby, 8, "="), "nick");
    refused(with_token(lobby, 11, "=\x01"), "account");
    refused(with_token(lobby, 12, "2"), "absent");
    refused(with_token(lobby, 14, "11"), "time-out");
    refused(with_token(lobby, 15, "4"), "computer level"); /* ismcts: no player level */
    refused(with_token(lobby, 16, "=a\x01"), "game's start");
    char extra[4200];
    snprintf(extra, sizeof extra, "%s junk", lobby);
    refused(extra, "more after the last seat");
    snprintf(extra, sizeof extra, "%s A 3", lobby); /* a rematch both seats agreed to */
    assert_null(restore(extra));
    snprintf(extra, sizeof extra, "%s A 4", lobby); /* a third seat's agreement, of two */
    refused(extra, "more after the last seat");
    snprintf(extra, sizeof extra, "%s A 1 junk", lobby);
    refused(extra, "more after the last seat");
    refused(with_token(game, 2, "2,1,0,0,36"), "options");
    /* the game's record: each field checked, and it must replay to the game */
    assert_non_null(strstr(game, " R "));
    refused(with_token(game, 28, "X"), "no record");
    refused(with_token(game, 29, "x1"), "seed");
    refused(with_token(game, 29, "-1"), "seed");
    refused(with_token(game, 30, "0123"), "salt");
    refused(with_token(game, 30, "0123456789ABCDEF0123456789abcdef"), "salt");
    refused(with_token(game, 31, "nan"), "time");
    refused(with_token(game, 32, "2"), "truncated");
    refused(with_token(game, 33, "q1cff210000"), "moves");
    refused(with_token(game, 33, "p1cff210000,"), "moves");
    refused(with_token(game, 33, "p1cff910000"), "moves");
    refused(with_token(game, 33, "p6fff010000"), "moves"); /* rank 15 is no card */
    refused(with_token(game, 29, "12345"), "does not replay");
    refused(with_token(game, 33, "tffff010000"), "does not replay");
    assert_null(restore(with_token(game, 30, "0123456789abcdef0123456789abcdef")));
    char *g = strstr(game, " G ");
    assert_non_null(g);
    g[1] = '\0';
    refused(game, "no engine state");
    snprintf(extra, sizeof extra, "%sG garbage", game);
    refused(extra, "engine refuses");
}

/* Spectators are saved with the table (" W n =nick away ..."): they come back after a restart,
 * and a malformed list is refused like any other part of the line; a spectator seated at the
 * table or listed twice is left out, not worth refusing the game for. */
static void test_spectators_saved(void **state)
{
    (void)state;
    char lobby[4096], line[4200], back[4200];
    bot_config cfg;
    make_snapshot(false, lobby, sizeof lobby);
    char *w = strstr(lobby, " W 0");
    assert_non_null(w);
    snprintf(line, sizeof line, "%.*s W 2 =carol 0 =dave 1%s", (int)(w - lobby), lobby, w + 4);
    tables *t = fresh(&cfg);
    assert_true(tables_restore(t, "#durak", line, 500));
    assert_true(tables_snapshot(t, "#durak", 500, back, sizeof back));
    /* both away until the member list (WHO) shows them: carol may have left meanwhile */
    assert_non_null(strstr(back, " W 2 =carol 1 =dave 1"));
    tables_free(t);
    static const char *const bad[][2] = {
        { " W 17", "spectators" },        { " W", "spectators" },
        { " W 1 =carol", "spectator's" }, { " W 1 =carol 2", "spectator's" },
        { " W 1 = 0", "spectator's" },    { " W 1 =ca\rrol 0", "spectator's" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        snprintf(line, sizeof line, "%.*s%s%s", (int)(w - lobby), lobby, bad[i][0], w + 4);
        refused(line, bad[i][1]);
    }
    static const char *const left_out[][2] = {
        { " W 2 =carol 0 =CAROL 0", " W 1 =carol 1" },
        { " W 2 =bob 0 =dave 0", " W 1 =dave 1" },
    };
    for (size_t i = 0; i < sizeof left_out / sizeof *left_out; i++) {
        snprintf(line, sizeof line, "%.*s%s%s", (int)(w - lobby), lobby, left_out[i][0], w + 4);
        t = fresh(&cfg);
        assert_true(tables_restore(t, "#durak", line, 500));
        assert_true(tables_snapshot(t, "#durak", 500, back, sizeof back));
        assert_non_null(strstr(back, left_out[i][1]));
        tables_free(t);
    }
}

/* A channel's last finished game ("L5", a lobby's head and seats, for !again after a restart),
 * under its own key: restored as no table; a game's head, anything after the seats, or a line
 * under the other kind of key is refused. */
#define KEY TABLES_LAST_KEY "#durak"

static void test_last_game_line(void **state)
{
    (void)state;
    char lobby[4096], full[4096], line[4200];
    bot_config cfg;
    make_snapshot(false, lobby, sizeof lobby);
    snprintf(full, sizeof full, "%s", lobby);
    *strstr(lobby, " W 0") = '\0';
    snprintf(line, sizeof line, "L5%s", lobby + 2);
    tables *t = fresh(&cfg);
    assert_true(tables_restore(t, KEY, line, 500));
    assert_int_equal(tables_count(t), 0);
    tables_free(t);
    /* read into no table's slot: restored when every slot holds a table */
    t = fresh(&cfg);
    char channel[16], why[128] = "";
    int n = 0;
    for (; n < 1000; n++) {
        snprintf(channel, sizeof channel, "#c%d", n);
        if (!tables_restore_checked(t, channel, full, 500, why, sizeof why))
            break;
    }
    assert_string_equal(why, "every table is in use");
    assert_true(tables_restore(t, KEY, line, 500));
    assert_int_equal(tables_count(t), n);
    tables_free(t);
    /* the creator's seat taken by a computer player (game.replace_leavers): bob creates it */
    assert_null(restore_as(KEY, with_token(line, 15, "1")));
    refused_as(KEY, with_token(line, 1, "1"), "not a lobby's");
    refused_as(KEY, with_token(line, 8, "=bob"), "same nick");
    refused(line, "under a table's key");
    refused_as(TABLES_LAST_KEY "alice", line, "names no channel");
    refused_as(KEY, full, "under a last game's key");
    snprintf(line, sizeof line, "L5%s W 0", lobby + 2);
    refused_as(KEY, line, "more after the last seat of a last game");
}

/* The refusals an operator may meet after editing state.db or a bot of another build: a seat's
 * user with a control character, an unknown language, a computer player marked absent or
 * creating a lobby, a third seat at a game of two, a clock that is no number, a line longer than
 * any snapshot. Each says what is wrong, and leaves no table behind. */
static void test_seats_and_clock_refused(void **state)
{
    (void)state;
    char lobby[4096], game[4096], line[4200], why[256] = "";
    make_snapshot(false, lobby, sizeof lobby);
    make_snapshot(true, game, sizeof game);
    refused(with_token(lobby, 9, "=a\x01"), "a seat's user or host");
    refused(with_token(lobby, 2, "2,0,0,0,36/xx"), "the language is not one of en, ru, fr, es");
    assert_null(restore(with_token(lobby, 2, "2,0,0,0,36/ru")));
    snprintf(line, sizeof line, "%s", with_token(lobby, 12, "1"));
    refused(with_token(line, 15, "0"), "a computer player is marked absent");
    refused(with_token(lobby, 15, "0"), "the creator of the lobby is a computer player");
    /* bob's seat (tokens 17..25) again as carol's, and 3 seats: the game is of 2 */
    const char *w = strstr(game, " W ");
    assert_non_null(w);
    snprintf(line, sizeof line, "%.*s =carol =ca =example.org = 0 0 0 -1 =carol%s", (int)(w - game),
             game, w);
    refused(with_token(line, 4, "3"),
            "the game has another number of players than the table has seats");

    /* a game cut short (over 2048 moves) is kept without the replay check: it cannot be made */
    snprintf(line, sizeof line, "%s", with_token(game, 32, "1"));
    assert_null(restore(with_token(line, 33, "p1cff010000")));

    bot_config cfg;
    tables *t = fresh(&cfg);
    assert_false(tables_restore_checked(t, "#durak", lobby, NAN, why, sizeof why));
    assert_non_null(strstr(why, "the clock is not a number"));
    char *huge = malloc(TABLES_SNAPSHOT_MAX + 1);
    assert_non_null(huge);
    memset(huge, 'x', TABLES_SNAPSHOT_MAX);
    huge[TABLES_SNAPSHOT_MAX] = '\0';
    memcpy(huge, lobby, strlen(lobby));
    assert_false(tables_restore_checked(t, "#durak", huge, 500, why, sizeof why));
    assert_non_null(strstr(why, "the line is too long"));
    free(huge);
    assert_int_equal(tables_count(t), 0);
    assert_true(tables_restore(t, "#durak", lobby, 500)); /* the slot is free again */
    tables_free(t);
}

/* Whether a line of o contains needle. */
static bool said_in(const outbox *o, const char *needle)
{
    for (size_t i = 0; i < o->len; i++)
        if (strstr(o->items[i].text, needle))
            return true;
    return false;
}

/* Restores line at 500, the bot back at 520 (20 s away: every clock waits them out), then bob
 * types !stop at `at` after a tick then: what the channel heard since the restore. */
static void stop_after_restore(const char *line, double at, outbox *o)
{
    bot_config cfg;
    tables *t = fresh(&cfg);
    tables_who b = { "bob", "bo", "example.org", "", false };
    assert_true(tables_restore(t, "#durak", line, 500));
    outbox_clear(o);
    tables_on_reconnect(t, 520, o);
    tables_on_tick(t, at, o);
    if (tables_count(t))
        tables_on_channel(t, at, &b, "#durak", "!stop", o);
    tables_free(t);
}

/* A !stop vote under way is saved with its game (" V votes left"): 1 of 3 before a restart and
 * one more after it stop the game, and it still runs out when its time left does; a line without
 * it (none under way, or saved before votes were) restores with no vote; a bad one, or a vote of
 * a computer player, is refused. */
static void test_stop_vote_saved(void **state)
{
    (void)state;
    char line[4096], old[4200];
    bot_config cfg;
    outbox o;
    outbox_init(&o);
    tables *t = fresh(&cfg);
    tables_on_reconnect(t, 100, &o);
    tables_who a = { "alice", "al", "example.org", "", false },
               b = { "bob", "bo", "example.org", "", false },
               c = { "carol", "ca", "example.org", "", false };
    tables_on_channel(t, 101, &a, "#durak", "!durak", &o);
    tables_on_channel(t, 104, &b, "#durak", "!join", &o);
    tables_on_channel(t, 107, &c, "#durak", "!join", &o);
    tables_on_channel(t, 110, &a, "#durak", "!start", &o);
    assert_true(tables_snapshot(t, "#durak", 111, line, sizeof line));
    assert_null(strstr(line, " V "));
    tables_on_channel(t, 113, &a, "#durak", "!stop", &o);
    assert_true(said_in(&o, "1 of 3 agree so far"));
    assert_true(tables_snapshot(t, "#durak", 120, line, sizeof line));
    tables_free(t);
    const char *v = strstr(line, " V ");
    int votes = 0;
    double left = 0;
    assert_non_null(v);
    assert_int_equal(sscanf(v, " V %d %lf", &votes, &left), 2);
    assert_int_equal(__builtin_popcount((unsigned)votes), 1);
    assert_true(left == 23.0);

    stop_after_restore(line, 542, &o); /* 23 s left, after the 20 s away: until 543 */
    assert_false(said_in(&o, "Not enough players agreed"));
    assert_true(said_in(&o, "The players agreed to stop the game"));
    stop_after_restore(line, 543.5, &o); /* ran out: bob's vote is a new one's first */
    assert_true(said_in(&o, "Not enough players agreed"));
    assert_true(said_in(&o, "1 of 3 agree so far"));

    const char *r = strstr(line, " R ");
    snprintf(old, sizeof old, "%.*s%s", (int)(v - line), line, r);
    stop_after_restore(old, 530, &o);
    assert_true(said_in(&o, "1 of 3 agree so far"));
    assert_false(said_in(&o, "The players agreed to stop the game"));

    static const char *const bad[] = { " V 0 1.000", " V 8 1.000", " V 1 30.001", " V 1",
                                       " V 1 nan" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        snprintf(old, sizeof old, "%.*s%s%s", (int)(v - line), line, bad[i], r);
        refused(old, "the stop vote");
    }
    /* the voter's seat (9 tokens from 8 on) with its ai token (the 8th) a computer player's */
    refused(with_token(line, 8 + 9 * __builtin_ctz((unsigned)votes) + 7, "0"),
            "a computer player or one who forfeited votes");
    outbox_free(&o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_lines_restore),
        cmocka_unit_test(test_timers_must_be_finite_and_in_range),
        cmocka_unit_test(test_inconsistent_tables_refused),
        cmocka_unit_test(test_spectators_saved),
        cmocka_unit_test(test_last_game_line),
        cmocka_unit_test(test_seats_and_clock_refused),
        cmocka_unit_test(test_stop_vote_saved),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
