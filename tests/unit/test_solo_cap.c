/* test_solo_cap.c — game.private_per_hour: a person starts at most that many private games in any
 * hour, counted by their account (else user@host), told when the next may start; 0: no cap. */
#include "tables_harness.h"

#include "messages.h"

/* nick types `play`: true when a private game started (and is stopped again at once, a forfeit,
 * as the flood this cap is for does it), false when none did. */
static bool play_and_stop(harness *h, const char *nick)
{
    priv(h, nick, "play");
    if (!tables_count(h->t))
        return false;
    assert_non_null(said(h, nick, "starts: "));
    solo_stopped(h, nick);
    assert_non_null(said(h, nick, "Game over: you leave the private game and forfeit"));
    assert_int_equal(tables_count(h->t), 0);
    return true;
}

static void set_cap(harness *h, int cap)
{
    h->cfg.game.private_per_hour = cap;
    tables_reconfigure(h->t, &h->cfg); /* as a SIGHUP does */
}

/* The default cap, 20: the 21st play within the hour is refused, saying why and for how long;
 * once the first start is an hour old, play starts a game again. */
static void test_cap_per_hour(void **state)
{
    (void)state;
    harness *h = h_new(7);
    assert_int_equal(h->cfg.game.private_per_hour, 20);
    priv(h, "bob", "help solo"); /* the help names the cap */
    assert_non_null(said(h, "bob", "against computer players, up to 20 an hour (stop ends it, "));
    double first = h->now + h->step; /* when the first play comes */
    for (int i = 0; i < 20; i++)
        assert_true(play_and_stop(h, "alice"));
    assert_false(play_and_stop(h, "alice"));
    double wait = first + 3600 - h->now; /* 3450 s: 58 minutes, rounded up */
    assert_true(wait > 57 * 60 && wait <= 58 * 60);
    assert_non_null(said(h, "alice",
                         "You have started 20 private games in the last hour, the most allowed: "
                         "the next one can start in 58 minutes. Meanwhile games in the channels "
                         "are open to you (!durak, !join)."));
    assert_int_equal(h->o.len, 1);
    assert_true(play_and_stop(h, "bob")); /* another person has a count of their own */
    chan(h, "alice", "#durak", "!durak"); /* a channel game is not capped */
    assert_non_null(said(h, "#durak", "opens a game"));
    chan(h, "alice", "#durak", "!stop");
    assert_int_equal(tables_count(h->t), 0);
    h->now = first + 3600 - 1 - h->step; /* a second before the first start is an hour old */
    assert_false(play_and_stop(h, "alice"));
    assert_non_null(said(h, "alice", "the next one can start in 1 minute."));
    h->now = first + 3600 - h->step; /* an hour after it */
    assert_true(play_and_stop(h, "alice"));
    h_free(h);
}

/* The cap follows the person's key: an account holder who changes nick is still at the cap, and
 * whoever logged in to another account under the nick that reached it is not. */
static void test_cap_follows_the_account(void **state)
{
    (void)state;
    harness *h = h_new(8);
    with_accounts = true;
    set_cap(h, 3);
    for (int i = 0; i < 3; i++)
        assert_true(play_and_stop(h, "alice"));
    assert_false(play_and_stop(h, "alice"));
    assert_non_null(said(h, "alice", "You have started 3 private games in the last hour"));
    renamed(h, "alice", "alice_");
    assert_false(play_and_stop(h, "alice_"));
    assert_non_null(said(h, "alice_", "You have started 3 private games in the last hour"));
    tables_who zed = { "alice", "u_zed", "example.net", "acc_zed", false }; /* took her nick */
    priv_as(h, &zed, "play");
    assert_int_equal(tables_count(h->t), 1);
    assert_non_null(said(h, "alice", "starts: "));
    with_accounts = false;
    h_free(h);
}

/* Without an account the cap follows user@host, not the nick: a new nick does not reset it, and
 * another person who takes the nick has a count of their own. */
static void test_cap_follows_user_at_host(void **state)
{
    (void)state;
    harness *h = h_new(10);
    set_cap(h, 2);
    assert_true(play_and_stop(h, "bob"));
    assert_true(play_and_stop(h, "bob"));
    assert_false(play_and_stop(h, "bob"));
    renamed(h, "bob", "bob_");
    assert_false(play_and_stop(h, "bob_"));
    assert_non_null(said(h, "bob_", "You have started 2 private games in the last hour"));
    tables_who zed = { "bob", "u_zed", "EXAMPLE.org", "", false }; /* took his old nick */
    priv_as(h, &zed, "play");
    assert_int_equal(tables_count(h->t), 1);
    priv_as(h, &zed, "stop");
    priv_as(h, &zed, "stop");
    assert_int_equal(tables_count(h->t), 0);
    tables_who bob_again = { "bob", "u_bob", "EXAMPLE.ORG", "", false }; /* hosts fold case */
    priv_as(h, &bob_again, "play");
    assert_non_null(said(h, "bob", "You have started 2 private games in the last hour"));
    h_free(h);
}

/* 0 sets no cap, and a reload applies a new cap at once to the starts already counted; the
 * refusal is in the words the player typed, its numbers with the plural they need. */
static void test_cap_zero_and_reload(void **state)
{
    (void)state;
    harness *h = h_new(9);
    set_cap(h, 2);
    assert_true(play_and_stop(h, "alice"));
    assert_true(play_and_stop(h, "alice"));
    assert_false(play_and_stop(h, "alice"));
    priv(h, "alice", "\xD0\xB8\xD0\xB3\xD1\x80\xD0\xB0\xD1\x8E"); /* играю */
    assert_int_equal(tables_count(h->t), 0);
    assert_non_null(said(h, "alice",
                         "\xD0\x97\xD0\xB0 \xD0\xBF\xD0\xBE\xD1\x81\xD0\xBB\xD0\xB5\xD0\xB4"
                         "\xD0\xBD\xD0\xB8\xD0\xB9 \xD1\x87\xD0\xB0\xD1\x81 \xD0\xB2\xD1\x8B "
                         "\xD0\xBD\xD0\xB0\xD1\x87\xD0\xB0\xD0\xBB\xD0\xB8 2 \xD0\xBB\xD0\xB8"
                         "\xD1\x87\xD0\xBD\xD1\x8B\xD0\xB5 \xD0\xB8\xD0\xB3\xD1\x80\xD1\x8B"));
    /* "За последний час вы начали 2 личные игры" */
    set_cap(h, 0);
    priv(h, "alice", "help solo"); /* no cap: the help names none */
    assert_non_null(said(h, "alice", "against computer players (stop ends it, "));
    for (int i = 0; i < 25; i++) /* more than the default allows */
        assert_true(play_and_stop(h, "alice"));
    set_cap(h, 30); /* the 27 starts of the last hour count */
    for (int i = 0; i < 3; i++)
        assert_true(play_and_stop(h, "alice"));
    assert_false(play_and_stop(h, "alice"));
    assert_non_null(said(h, "alice", "You have started 30 private games in the last hour"));
    h_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cap_per_hour),
        cmocka_unit_test(test_cap_follows_the_account),
        cmocka_unit_test(test_cap_follows_user_at_host),
        cmocka_unit_test(test_cap_zero_and_reload),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
