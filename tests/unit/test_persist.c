/* test_persist.c — the tables' changes into the store under faults: one transaction per loop
 * iteration, held for the next batch of lines under load, a full disk (PRAGMA max_page_count), a
 * read-only file, a locked database; too much waiting, what the store refuses, a person's settings
 * not saved, a stop with work still waiting, no database at all; no memory for a copy of a result,
 * a record or a table at any point of a step; the log naming a kept game's players as shown; the
 * ratings said and !stats, !top, !last while results wait; a finished game's row kept until its end
 * lines are out. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "dac_override.h"
#include "failalloc.h"
#include "log_capture.h"
#include "config.h"
#include "persist.h"
#include "store_internal.h" /* the connection: to count commits and fill the disk */
#include "tables.h"
#include "tables_internal.h" /* the results the tables hand over: to make one inconsistent */

typedef struct {
    char dir[64], path[128];
    bot_config cfg;
    tables *t;
    store *db;
    persist *p;
    outbox o;
    double now;
    int commits;
} harness;

static int count_commit(void *ctx)
{
    ((harness *)ctx)->commits++;
    return 0;
}

static void h_open_store(harness *h)
{
    char err[1024];
    h->db = store_open(h->path, err, sizeof err);
    assert_non_null(h->db);
    if (h->db->db)
        sqlite3_commit_hook(h->db->db, count_commit, h);
}

static harness *h_new(void)
{
    harness *h = calloc(1, sizeof *h);
    snprintf(h->dir, sizeof h->dir, "/tmp/durak-persist-XXXXXX");
    assert_non_null(mkdtemp(h->dir));
    snprintf(h->path, sizeof h->path, "%s/state.db", h->dir);
    config_defaults(&h->cfg);
    h->cfg.ui.colors = false;
    h->cfg.ui.unicode_suits = false;
    snprintf(h->cfg.irc.nick, sizeof h->cfg.irc.nick, "durakbot");
    h->t = tables_new(&h->cfg, 7);
    outbox_init(&h->o);
    h->now = 1000;
    tables_on_reconnect(h->t, h->now, &h->o);
    return h;
}

/* The store (already opened) and its persister. */
static void h_attach(harness *h)
{
    tables_set_store(h->t, h->db);
    h->p = persist_new(h->db);
    assert_non_null(h->p);
}

/* A harness with its store opened and its persister: most tests start here. */
static harness *h_with_store(void)
{
    harness *h = h_new();
    h_open_store(h);
    h_attach(h);
    return h;
}

static void h_free(harness *h)
{
    persist_free(h->p);
    tables_free(h->t);
    store_close(h->db);
    outbox_free(&h->o);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "chmod -R u+rwx %s; rm -rf %s", h->dir, h->dir);
    assert_int_equal(system(cmd), 0);
    free(h);
}

/* One event with no persist after it: several make one loop iteration. */
static void event(harness *h, const char *nick, const char *channel, const char *text)
{
    tables_who w = { nick, nick, "example.org", "", false };
    h->now += 2.5;
    tables_on_channel(h->t, h->now, &w, channel, text, &h->o);
}

static void step(harness *h)
{
    outbox_clear(&h->o);
    persist_step(h->p, h->t, h->now, &h->o);
}

static int lines_to(const harness *h, const char *target, const char *needle)
{
    int n = 0;
    for (size_t i = 0; i < h->o.len; i++)
        n += !strcmp(h->o.items[i].target, target) && strstr(h->o.items[i].text, needle);
    return n;
}

/* Rows of the database's table `which` (another connection, as an operator would look). */
static int rows_in(harness *h, const char *which)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    char sql[96];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", which);
    assert_int_equal(sqlite3_open(h->path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
}

static int saved_tables(harness *h) { return rows_in(h, "running_tables"); }

/* A two-player game in channel that ends at once: bob leaves and forfeits (R18). */
static void play_short_game(harness *h, const char *channel)
{
    event(h, "alice", channel, "!durak");
    event(h, "bob", channel, "!join");
    event(h, "alice", channel, "!start");
    step(h);
    event(h, "bob", channel, "!leave");
}

/* A private line to the bot, with no persist after it. */
static void private_line(harness *h, const char *nick, const char *text)
{
    tables_who w = { nick, nick, "example.org", "", false };
    h->now += 2.5;
    tables_on_private(h->t, h->now, &w, text, &h->o);
}

/* A two-player game of a and b in channel, ended by b's leaving (R18); no step after it. */
static void short_game_of(harness *h, const char *channel, const char *a, const char *b)
{
    event(h, a, channel, "!durak");
    event(h, b, channel, "!join");
    event(h, a, channel, "!start");
    event(h, b, channel, "!leave");
}

static int occurrences(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

static int saved_games(harness *h)
{
    sqlite3_stmt *st;
    int n = -1;
    if (sqlite3_prepare_v2(h->db->db, "SELECT count(*) FROM games", -1, &st, NULL) == SQLITE_OK
        && sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return n;
}

/* Fills the players table up to max_page_count: a new player then needs a page there is not. */
static void fill_disk(harness *h)
{
    sqlite3 *db = h->db->db;
    char sql[160];
    assert_int_equal(sqlite3_exec(db, "PRAGMA max_page_count = 1", NULL, NULL, NULL), SQLITE_OK);
    for (int i = 0;; i++) {
        snprintf(sql, sizeof sql, "INSERT INTO players (key, display) VALUES ('filler%06d', 'x')",
                 i);
        if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK)
            break;
        assert_true(i < 100000);
    }
}

/* Every table changed in one loop iteration goes in one transaction (one commit, one fsync). */
static void test_one_transaction_per_iteration(void **state)
{
    (void)state;
    harness *h = h_with_store();
    event(h, "alice", "#a", "!durak");
    event(h, "bob", "#b", "!durak");
    event(h, "carol", "#c", "!durak");
    h->commits = 0;
    step(h);
    assert_int_equal(h->commits, 1);
    assert_int_equal(saved_tables(h), 3);
    assert_int_equal(persist_pending(h->p), 0);
    h_free(h);
}

/* Group commit: while the send queue holds its lines (send_wait > 0), steps wait for the next batch
 * of lines, up to PERSIST_HOLD_MAX; the turn whose lines may go (send_wait 0) or an empty queue
 * (-1) saves at once, so nothing is said before it is saved. */
static void test_hold_for_next_batch(void **state)
{
    (void)state;
    harness *h = h_with_store();
    h->commits = 0;
    event(h, "alice", "#a", "!durak");
    assert_true(persist_hold(h->p, 0.05, h->now)); /* held: no step, nothing saved */
    assert_true(persist_next_due(h->p) > h->now);
    assert_true(persist_next_due(h->p) <= h->now + PERSIST_HOLD_MAX + 1e-9);
    event(h, "bob", "#b", "!durak");
    assert_true(persist_hold(h->p, 0.03, h->now - 2.5 + 0.05)); /* still within the hold */
    assert_int_equal(h->commits, 0);
    assert_false(persist_hold(h->p, 0.0, h->now)); /* the lines may go: save first */
    step(h);
    assert_int_equal(h->commits, 1); /* both tables in one transaction */
    assert_int_equal(saved_tables(h), 2);
    assert_true(persist_next_due(h->p) < 0);
    event(h, "carol", "#c", "!durak");
    assert_false(persist_hold(h->p, -1, h->now)); /* nothing queued: at once */
    double t0 = h->now;
    assert_true(persist_hold(h->p, 5.0, t0)); /* a long wait (a penalty clock): bounded */
    assert_false(persist_hold(h->p, 5.0, t0 + PERSIST_HOLD_MAX));
    step(h);
    assert_int_equal(h->commits, 2);
    assert_int_equal(saved_tables(h), 3);
    h_free(h);
}

/* A full disk: the result is kept, the channel told once, retried with back-off, then written
 * with the deletion of its table, so the finished game does not come back. */
static void test_disk_full_keeps_result(void **state)
{
    (void)state;
    harness *h = h_with_store();
    play_short_game(h, "#durak");
    fill_disk(h);
    step(h);
    assert_int_equal(lines_to(h, "#durak", "Results are not being saved: the disk is full"), 1);
    assert_int_equal(h->o.len, 1); /* the game's last-game line ("~again #durak") is #durak's */
    assert_true(persist_pending(h->p) > 0);
    double retry = persist_next_due(h->p);
    assert_true(retry > h->now);
    store_player pl;
    assert_false(store_get_player(h->db, "alice", &pl));
    assert_int_equal(saved_tables(h), 1); /* the finished game is still there, with its result */
    static store_game g;
    assert_false(store_get_game(h->db, 1, &g)); /* and its record waits with it */

    event(h, "carol", "#durak", "!durak"); /* more changes: nothing said twice */
    step(h);
    h->now = retry + 0.1;
    step(h); /* the retry fails again: the pause grows, no new line */
    assert_int_equal(lines_to(h, "#durak", "Results are not being saved"), 0);
    assert_true(persist_next_due(h->p) - h->now > 1.5); /* 1 s, then 2 s */

    assert_int_equal(sqlite3_exec(h->db->db, "PRAGMA max_page_count = 1000000", NULL, NULL, NULL),
                     SQLITE_OK);
    h->now = persist_next_due(h->p) + 0.1;
    step(h);
    assert_int_equal(lines_to(h, "#durak", "Results are being saved again"), 1);
    assert_int_equal(h->o.len, 1);
    assert_int_equal(persist_pending(h->p), 0);
    assert_true(store_get_player(h->db, "alice", &pl));
    assert_int_equal(pl.games, 1);
    assert_true(store_get_player(h->db, "bob", &pl));
    assert_int_equal(pl.forfeits, 1);
    assert_true(persist_next_due(h->p) < 0); /* nothing waits */
    /* the game's record came with its result, once: bob resigned (R18), alice won */
    assert_true(store_get_game(h->db, 1, &g));
    assert_false(store_get_game(h->db, 2, &g));
    assert_true(store_get_game(h->db, 1, &g));
    assert_string_equal(g.rec.result, "won 0");
    assert_int_equal(g.rec.move[g.rec.nmoves - 1].kind, RECORD_RESIGN);
    durak_game replayed;
    assert_true(record_replay(&g.rec, &replayed));
    assert_int_equal(replayed.result, DURAK_RESULT_WON);
    h_free(h);
}

/* While the disk is full, a game's line counts the results still waiting in memory before it: the
 * ratings said are those the store records once it can, not ones counted from 1500 again. */
static void test_ratings_count_results_not_saved(void **state)
{
    (void)state;
    harness *h = h_with_store();
    fill_disk(h);
    short_game_of(h, "#two", "bob", "carol"); /* carol leaves: bob wins */
    assert_int_equal(lines_to(h, "#two", "ratings: bob 1516 (+16), carol 1484 (-16)"), 1);
    step(h);
    assert_int_equal(lines_to(h, "#two", "Results are not being saved"), 1);
    event(h, "bob", "#two", "!durak");
    event(h, "carol", "#two", "!join");
    event(h, "bob", "#two", "!start");
    event(h, "bob", "#two", "!leave"); /* now bob loses, from 1516 */
    assert_int_equal(lines_to(h, "#two", "ratings: bob 1499 (-17), carol 1501 (+17)"), 1);
    step(h);
    assert_int_equal(saved_games(h), 0);

    assert_int_equal(sqlite3_exec(h->db->db, "PRAGMA max_page_count = 1000000", NULL, NULL, NULL),
                     SQLITE_OK);
    h->now = persist_next_due(h->p) + 0.1;
    step(h);
    assert_int_equal(persist_pending(h->p), 0);
    static store_game g; /* the second game as recorded: what its line said */
    assert_true(store_get_game(h->db, 2, &g));
    assert_string_equal(g.seat[0].key, "bob");
    assert_true(g.seat[0].rated);
    assert_int_equal((int)(g.seat[0].rating_before + 0.5), 1516);
    assert_int_equal((int)(g.seat[0].rating_after + 0.5), 1499);
    assert_int_equal((int)(g.seat[1].rating_before + 0.5), 1484);
    assert_int_equal((int)(g.seat[1].rating_after + 0.5), 1501);
    store_player pl;
    assert_true(store_get_player(h->db, "carol", &pl));
    assert_int_equal((int)(pl.rating + 0.5), 1501);

    short_game_of(h, "#two", "bob", "carol"); /* saved: counted from the store's again */
    assert_int_equal(lines_to(h, "#two", "ratings: bob 1515 (+16), carol 1485 (-16)"), 1);
    h_free(h);
}

/* While results wait in memory, !stats, !top and !last answer from the store and say that the
 * latest games are not counted yet; once saved, they no longer say it. */
static void test_stats_say_results_wait(void **state)
{
    (void)state;
    harness *h = h_with_store();
    fill_disk(h);
    short_game_of(h, "#two", "bob", "carol");
    step(h);
    event(h, "bob", "#two", "!stats");
    event(h, "bob", "#two", "!top");
    event(h, "bob", "#two", "!last");
    assert_int_equal(lines_to(h, "#two", "No games recorded for bob yet."), 1);
    assert_int_equal(lines_to(h, "#two", "No finished game is recorded in #two yet"), 1);
    assert_int_equal(lines_to(h, "#two", "results are waiting to be saved"), 3);

    assert_int_equal(sqlite3_exec(h->db->db, "PRAGMA max_page_count = 1000000", NULL, NULL, NULL),
                     SQLITE_OK);
    h->now = persist_next_due(h->p) + 0.1;
    step(h);
    event(h, "bob", "#two", "!stats");
    event(h, "bob", "#two", "!last");
    assert_int_equal(lines_to(h, "#two", "bob: 1 game"), 1);
    assert_int_equal(lines_to(h, "#two", "Last game #1"), 1);
    assert_int_equal(lines_to(h, "#two", "waiting to be saved"), 0);
    h_free(h);
}

/* h's database made read-only (root's override of file permissions dropped) and opened again,
 * its error text into err; the test is skipped where the system lets us write anyway. */
static void reopen_read_only(harness *h, char *err, size_t cap)
{
    store_close(h->db);
    assert_int_equal(chmod(h->path, 0400), 0);
    assert_true(set_dac_override(false));
    FILE *probe = fopen(h->path, "r+");
    if (probe) { /* nothing to test */
        fclose(probe);
        set_dac_override(true);
        h->db = NULL;
        h_free(h);
        skip();
    }
    h->db = store_open(h->path, err, cap);
    assert_non_null(h->db);
}

/* A harness whose store is that read-only file, with its persister. */
static harness *h_read_only(void)
{
    harness *h = h_new();
    h_open_store(h);
    char err[1024];
    reopen_read_only(h, err, sizeof err);
    h_attach(h);
    return h;
}

/* The file writable again (root's override of file permissions back), and the retry due. */
static void writable_again(harness *h)
{
    assert_true(set_dac_override(true));
    assert_int_equal(chmod(h->path, 0600), 0);
    h->now = persist_next_due(h->p) + 0.1;
}

/* A lobby as an older durakbot saved it (T1), for a table saved before the test's start. */
#define SAVED_LOBBY "T1 0 2,0,0,0,36 0 1 10.000 0.000 0 =a =a =h 0 0.000 0 -1"

/* A read-only file is opened read-only, not moved aside; the bot says it cannot write, keeps what
 * changes and writes it once the file is writable again. */
static void test_read_only_file(void **state)
{
    (void)state;
    harness *h = h_new();
    h_open_store(h);
    assert_true(store_save_table(h->db, "#old", SAVED_LOBBY));
    char err[1024];
    reopen_read_only(h, err, sizeof err);
    assert_int_equal(store_mode_of(h->db), STORE_READ_ONLY);
    assert_non_null(strstr(err, "cannot be written"));
    struct stat st;
    assert_int_equal(stat(h->path, &st), 0); /* still there, not moved aside */
    assert_int_equal(saved_tables(h), 1);    /* and still readable */
    h_attach(h);
    event(h, "alice", "#durak", "!durak");
    step(h);
    assert_int_equal(lines_to(h, "#durak", "the database cannot be written"), 1);
    assert_int_equal(persist_pending(h->p), 1);

    writable_again(h);
    step(h);
    assert_int_equal(store_mode_of(h->db), STORE_WRITABLE);
    assert_int_equal(persist_pending(h->p), 0);
    assert_int_equal(saved_tables(h), 2);
    h_free(h);
}

/* A read-only file with nothing waiting is retried quietly: one error line says it cannot be
 * written, not one a minute for as long as it stays so; something waiting is logged again. */
static void test_read_only_idle_logs_once(void **state)
{
    (void)state;
    harness *h = h_read_only();
    log_capture();
    for (int i = 0; i < 10; i++) {
        step(h);
        h->now = persist_next_due(h->p) + 0.1;
    }
    const char *logged = log_captured();
    const char *first = strstr(logged, "results are not being saved");
    assert_non_null(first);
    assert_null(strstr(first + 1, "results are not being saved"));
    log_capture();
    event(h, "alice", "#durak", "!durak");
    step(h);
    assert_non_null(strstr(log_captured(), "results are not being saved"));
    set_dac_override(true);
    h_free(h);
}

/* h's store closed and opened again while another connection holds the file locked, as a bot
 * starting beside a backup finds it: offline, and h's persist on it. Returns the holder. */
static sqlite3 *reopen_locked(harness *h)
{
    store_close(h->db);
    sqlite3 *other;
    assert_int_equal(sqlite3_open(h->path, &other), SQLITE_OK);
    assert_int_equal(sqlite3_exec(other, "BEGIN EXCLUSIVE", NULL, NULL, NULL), SQLITE_OK);
    char err[1024];
    h->db = store_open(h->path, err, sizeof err);
    assert_non_null(h->db);
    assert_int_equal(store_mode_of(h->db), STORE_OFFLINE);
    h_attach(h);
    return other;
}

/* A database locked at start is not given up: the changes wait and go in once it is free. */
static void test_locked_at_start(void **state)
{
    (void)state;
    harness *h = h_new();
    h_open_store(h);
    sqlite3 *other = reopen_locked(h);
    event(h, "alice", "#durak", "!durak");
    step(h);
    assert_int_equal(lines_to(h, "#durak", "holds the database locked"), 1);
    assert_int_equal(persist_pending(h->p), 1);
    sqlite3_exec(other, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(other);
    h->now = persist_next_due(h->p) + 0.1;
    step(h);
    assert_int_equal(store_mode_of(h->db), STORE_WRITABLE);
    assert_int_equal(persist_pending(h->p), 0);
    assert_int_equal(saved_tables(h), 1);
    assert_int_equal(lines_to(h, "#durak", "saved again"), 1);
    h_free(h);
}

/* Games saved before a start that found the file locked were not restored: once it opens, they
 * go to rejected_tables with a log line, before the first write. Left where they were, the lobby
 * opened meanwhile in #durak replaced its saved game unseen, and #old's came back, days old, at
 * the next start. */
static void test_locked_at_start_keeps_saved(void **state)
{
    (void)state;
    harness *h = h_new();
    h_open_store(h);
    assert_true(store_save_table(h->db, "#old", SAVED_LOBBY));
    assert_true(store_save_table(h->db, "#durak", SAVED_LOBBY));
    sqlite3 *other = reopen_locked(h);
    event(h, "carol", "#durak", "!durak");
    step(h);
    sqlite3_exec(other, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(other);
    h->now = persist_next_due(h->p) + 0.1;
    log_capture();
    step(h);
    const char *logged = log_captured();
    assert_non_null(strstr(logged, "2 table(s) saved before this start could not be restored"));
    assert_int_equal(store_mode_of(h->db), STORE_WRITABLE);
    assert_int_equal(rows_in(h, "rejected_tables"), 2);
    assert_int_equal(rows_in(h, "running_tables"), 1); /* carol's lobby */
    event(h, "dave", "#other", "!durak");              /* and only once */
    step(h);
    assert_int_equal(rows_in(h, "rejected_tables"), 2);
    assert_int_equal(rows_in(h, "running_tables"), 2);
    h_free(h);
}

struct saved {
    long long id;
    char channel[64], language[8];
};

static void on_game(void *ctx, long long id, const char *channel, const char *language)
{
    struct saved *g = ctx;
    g->id = id;
    snprintf(g->channel, sizeof g->channel, "%s", channel);
    snprintf(g->language, sizeof g->language, "%s", language);
}

/* The saved game's hook hears the language it was played in: a game opened with !дурак in an
 * English channel is Russian, though the channel, its table gone, is English again (the bot's
 * "Page: <address>" after the result is said in it). */
static void test_saved_game_language(void **state)
{
    (void)state;
    harness *h = h_with_store();
    struct saved g = { 0 };
    persist_set_hooks(h->p, &(persist_hooks){ on_game, NULL, &g });
    event(h, "alice", "#durak", "!дурак");
    event(h, "bob", "#durak", "!играть");
    event(h, "alice", "#durak", "!старт");
    step(h);
    event(h, "bob", "#durak", "!выйти");
    log_capture();
    step(h);
    assert_int_equal(g.id, 1);
    assert_string_equal(g.channel, "#durak");
    assert_string_equal(g.language, "ru");
    /* the operator's log names each game kept, with its id and how it ended for each seat */
    assert_non_null(strstr(log_captured(), "<6>#durak: game #1 recorded: a game of alice (place 1) "
                                           "bob (forfeited)\n"));
    h_free(h);
}

/* The keys of the saved tables, in order, comma-separated, into buf; with snapshots, "key=snapshot"
 * for the rows of finished games whose end lines may not be out (PERSIST_ENDED_KEY). */
static const char *saved_keys(harness *h, char *buf, size_t cap)
{
    sqlite3_stmt *st;
    size_t len = 0;
    buf[0] = '\0';
    assert_int_equal(sqlite3_prepare_v2(h->db->db,
                                        "SELECT channel, CASE WHEN channel LIKE '~ended %' THEN '='"
                                        " || snapshot ELSE '' END FROM running_tables"
                                        " ORDER BY channel",
                                        -1, &st, NULL),
                     SQLITE_OK);
    while (sqlite3_step(st) == SQLITE_ROW && len < cap)
        len += (size_t)snprintf(buf + len, cap - len, "%s%s,", sqlite3_column_text(st, 0),
                                sqlite3_column_text(st, 1));
    sqlite3_finalize(st);
    return buf;
}

/* A finished game's row "~ended <id>" is saved with its record, and goes once its end lines are
 * out (persist_said): a bot killed in between finds it at its next start and says the game's
 * number and result again (tables_tell_ended), in its channel, or to a private game's person. A
 * game whose end lines never reached the server was lost to its players: its table gone, no line
 * said its result. */
static void test_ended_kept_until_said(void **state)
{
    (void)state;
    harness *h = h_with_store();
    char keys[256];
    play_short_game(h, "#durak");
    private_line(h, "Zed[1]", "play easy");
    step(h);
    private_line(h, "Zed[1]", "stop");
    private_line(h, "Zed[1]", "stop");
    step(h);
    assert_string_equal(saved_keys(h, keys, sizeof keys),
                        "~again #durak,~ended 1=#durak,~ended 2=~solo zed{1},");
    assert_int_equal(persist_ended_id("~ended 2"), 2);
    assert_int_equal(persist_ended_id("~again #durak") + persist_ended_id("~ended 2x"), 0);
    outbox_clear(&h->o);
    tables_tell_ended(h->t, 1, "#durak", &h->o);
    tables_tell_ended(h->t, 2, "~solo zed{1}", &h->o);
    assert_int_equal(lines_to(h, "#durak",
                              "I am back after a restart; game #1 had ended before "
                              "its last lines went out: alice won by forfeit; bob "
                              "left."),
                     1);
    assert_int_equal(lines_to(h, "Zed[1]", "game #2 had ended"), 1);
    assert_int_equal(h->o.len, 2);
    persist_said(h->p, 1);
    step(h);
    assert_string_equal(saved_keys(h, keys, sizeof keys), "~again #durak,~ended 2=~solo zed{1},");
    persist_said(h->p, 2);
    step(h);
    assert_string_equal(saved_keys(h, keys, sizeof keys), "~again #durak,");
    h_free(h);
}

/* A channel line from nick logged in to account: their stats key is "@account". */
static void event_of(harness *h, const char *nick, const char *account, const char *text)
{
    tables_who w = { nick, nick, "example.org", account, false };
    h->now += 2.5;
    tables_on_channel(h->t, h->now, &w, "#durak", text, &h->o);
}

/* The operator's log names each seat of a game kept as its players saw it (Anna, Easy[bot]),
 * not by its stats key (@anna_acc, *easy{bot}, a private game's "+", a nick folded to zed{1}),
 * whose prefixes the log never explains. A private game's line starts with where it was played,
 * as --export-games names it: "~solo " and its person's key. */
static void test_recorded_names_as_shown(void **state)
{
    (void)state;
    harness *h = h_with_store();
    event_of(h, "Anna", "anna_acc", "!durak");
    event_of(h, "Boris", "", "!join");
    event_of(h, "Anna", "anna_acc", "!bot easy");
    event_of(h, "Anna", "anna_acc", "!start");
    private_line(h, "Zed[1]", "play easy");
    step(h);
    log_capture();
    event_of(h, "Boris", "", "!leave");
    event_of(h, "Anna", "anna_acc", "!leave"); /* the last person: the computer player wins */
    private_line(h, "Zed[1]", "stop");
    private_line(h, "Zed[1]", "stop"); /* asked first: a loss */
    step(h);
    const char *logged = log_captured();
    assert_non_null(strstr(logged, "<6>#durak: game #1 recorded: a game of Anna (forfeited) Boris "
                                   "(forfeited) Easy[bot] (place 1)\n"));
    assert_non_null(strstr(logged, "<6>~solo zed{1}: game #2 recorded: a game of Zed[1] "
                                   "(forfeited) Easy[bot] (place 1)\n"));
    store_player pl; /* the keys the store has them under */
    assert_true(store_get_player(h->db, "@anna_acc", &pl));
    assert_true(store_get_player(h->db, "+zed{1}", &pl));
    assert_true(store_get_player(h->db, "+*easy{bot}", &pl));
    h_free(h);
}

/* The store failing for long (a read-only file): results wait in memory, at most 256
 * (PERSIST_STATS_MAX); one more drops the oldest, logged by who played it, and once the file is
 * writable the 256 newest are written, each once, with their records. */
static void test_too_many_results_drop_the_oldest(void **state)
{
    (void)state;
    harness *h = h_read_only();
    char a[16], b[16];
    for (int i = 0; i < 256; i++) {
        snprintf(a, sizeof a, "a%d", i);
        snprintf(b, sizeof b, "b%d", i);
        short_game_of(h, "#durak", a, b);
        step(h);
    }
    size_t waiting = persist_pending(h->p); /* 256 results and #durak's tables */
    assert_true(waiting > 256);
    short_game_of(h, "#durak", "a256", "b256");
    log_capture();
    step(h);
    const char *logged = log_captured();
    assert_non_null(strstr(logged, "too many results waiting for the state database: a game of a0 "
                                   "(place 1) b0 (forfeited) is dropped"));
    assert_int_equal(occurrences(logged, "too many results"), 1);
    assert_int_equal(persist_pending(h->p), waiting);

    writable_again(h);
    step(h);
    assert_int_equal(store_mode_of(h->db), STORE_WRITABLE);
    assert_int_equal(persist_pending(h->p), 0);
    store_player pl;
    assert_false(store_get_player(h->db, "a0", &pl));
    assert_false(store_get_player(h->db, "b0", &pl));
    for (int i = 1; i <= 256; i++) {
        snprintf(a, sizeof a, "a%d", i);
        snprintf(b, sizeof b, "b%d", i);
        assert_true(store_get_player(h->db, a, &pl));
        assert_int_equal(pl.games, 1);
        assert_true(store_get_player(h->db, b, &pl));
        assert_int_equal(pl.forfeits, 1);
    }
    assert_int_equal(saved_games(h), 256); /* in their order: the first is a1's */
    static store_game g;
    assert_true(store_get_game(h->db, 1, &g));
    assert_string_equal(g.seat[0].key, "a1");
    assert_true(store_get_game(h->db, 256, &g));
    assert_string_equal(g.seat[0].key, "a256");
    h_free(h);
}

/* The store failing for long: changed tables wait, one entry a channel, at most 256
 * (PERSIST_TABLES_MAX); a 257th channel's table is logged as not saved and dropped, the others
 * are written once the file is writable, and that channel's next change is saved. */
static void test_too_many_tables_not_saved(void **state)
{
    (void)state;
    harness *h = h_read_only();
    char nick[16], channel[16];
    for (int i = 0; i < 255; i++) { /* lobbies opened and stopped: their rows' deletions wait */
        snprintf(nick, sizeof nick, "u%d", i);
        snprintf(channel, sizeof channel, "#c%d", i);
        event(h, nick, channel, "!durak");
        event(h, nick, channel, "!stop");
        step(h);
    }
    event(h, "alice", "#keep", "!durak");
    step(h);
    assert_int_equal(persist_pending(h->p), 256);
    event(h, "bob", "#lost", "!durak");
    log_capture();
    step(h);
    const char *logged = log_captured();
    assert_non_null(
        strstr(logged, "too many tables waiting for the state database: #lost is not saved"));
    assert_int_equal(persist_pending(h->p), 256);

    writable_again(h);
    step(h);
    assert_int_equal(persist_pending(h->p), 0);
    assert_int_equal(saved_tables(h), 1); /* #keep's; #lost's was dropped */
    event(h, "carol", "#lost", "!join");
    step(h);
    assert_int_equal(saved_tables(h), 2);
    h_free(h);
}

/* A result the store refuses (inconsistent: a bug in the tables, made here by hand in the queue
 * they hand over) is logged by who played and why, dropped with its record, and not retried; the
 * batch still commits the other game, and no channel hears that results are not saved. */
static void test_refused_result_dropped(void **state)
{
    (void)state;
    harness *h = h_with_store();
    struct saved g = { 0 };
    persist_set_hooks(h->p, &(persist_hooks){ on_game, NULL, &g });
    short_game_of(h, "#a", "alice", "bob");
    short_game_of(h, "#b", "carol", "dave");
    assert_int_equal(h->t->nresults, 2);
    assert_string_equal(h->t->results[0].key[0], "alice");
    h->t->results[0].r.seat[0].place = 0;
    log_capture();
    step(h);
    const char *logged = log_captured();
    assert_non_null(strstr(logged, "the state database refuses a game of alice (place 0) bob "
                                   "(forfeited): game result rejected, stats unchanged: "
                                   "alice has place 0, not 1..2"));
    assert_null(strstr(logged, "not being saved"));
    assert_int_equal(lines_to(h, "#a", "not being saved"), 0);
    assert_int_equal(persist_pending(h->p), 0);
    store_player pl;
    assert_false(store_get_player(h->db, "alice", &pl));
    assert_false(store_get_player(h->db, "bob", &pl));
    assert_true(store_get_player(h->db, "carol", &pl));
    assert_int_equal(pl.games, 1);
    assert_int_equal(saved_games(h), 1); /* #b's record alone */
    assert_int_equal(g.id, 1);
    assert_string_equal(g.channel, "#b");
    log_capture(); /* not tried again */
    h->now += 100;
    step(h);
    assert_null(strstr(log_captured(), "refuses"));
    assert_int_equal(saved_games(h), 1);
    h_free(h);
}

/* A refused result forgotten while the batch failed (a full disk) leaves the next result waiting
 * in its place: that one is still written as its own players' game once the disk has room, not
 * as the game that came after it. */
static void test_refused_then_full_disk(void **state)
{
    (void)state;
    harness *h = h_with_store();
    short_game_of(h, "#a", "alice", "bob");
    short_game_of(h, "#b", "carol", "dave");
    h->t->results[0].r.seat[0].place = 0;
    fill_disk(h);
    log_capture();
    step(h);
    const char *logged = log_captured();
    assert_non_null(strstr(logged, "the state database refuses a game of alice"));
    assert_non_null(strstr(logged, "results are not being saved: could not write a player's "
                                   "stats: database or disk is full"));
    short_game_of(h, "#c", "erin", "frank"); /* taken while the disk is still full */
    step(h);
    assert_int_equal(sqlite3_exec(h->db->db, "PRAGMA max_page_count = 1000000", NULL, NULL, NULL),
                     SQLITE_OK);
    h->now = persist_next_due(h->p) + 0.1;
    step(h);
    assert_int_equal(persist_pending(h->p), 0);
    const char *const played[] = { "carol", "dave", "erin", "frank" };
    store_player pl;
    for (int i = 0; i < 4; i++) {
        assert_true(store_get_player(h->db, played[i], &pl));
        assert_int_equal(pl.games, 1);
    }
    assert_false(store_get_player(h->db, "alice", &pl));
    assert_int_equal(saved_games(h), 2);
    h_free(h);
}

/* A game's record the store refuses (it has no result: a bug, made here by hand) is logged and
 * dropped; the game's result still counts, its page is not announced, nothing waits. */
static void test_refused_record_result_counts(void **state)
{
    (void)state;
    harness *h = h_with_store();
    struct saved g = { 0 };
    persist_set_hooks(h->p, &(persist_hooks){ on_game, NULL, &g });
    short_game_of(h, "#a", "alice", "bob");
    assert_int_equal(h->t->nresults, 1);
    h->t->results[0].rec.result[0] = '\0';
    log_capture();
    step(h);
    const char *logged = log_captured();
    assert_non_null(strstr(logged, "the state database refuses a game's record: a game record is "
                                   "refused: it has no result or no channel"));
    assert_null(strstr(logged, "refuses a game of")); /* the result itself is fine */
    assert_null(strstr(logged, "not being saved"));
    assert_int_equal(persist_pending(h->p), 0);
    store_player pl;
    assert_true(store_get_player(h->db, "alice", &pl));
    assert_int_equal(pl.games, 1);
    assert_true(store_get_player(h->db, "bob", &pl));
    assert_int_equal(pl.forfeits, 1);
    assert_int_equal(saved_games(h), 0);
    assert_int_equal(g.id, 0);
    h_free(h);
}

/* A game the database cannot take whatever the tries (a constraint against it: here the seats an
 * operator's hand edit left behind, the last game's row deleted, not its seats, so the next game
 * gets that id again) is refused, not retried: logged, its result still counts, and what comes
 * after it is written. Retried, it held every later change back for good. */
static void test_constraint_failure_not_retried(void **state)
{
    (void)state;
    harness *h = h_with_store();
    short_game_of(h, "#a", "alice", "bob");
    step(h);
    short_game_of(h, "#b", "alice", "bob");
    step(h);
    assert_int_equal(saved_games(h), 2);
    sqlite3 *other;
    assert_int_equal(sqlite3_open(h->path, &other), SQLITE_OK);
    assert_int_equal(sqlite3_exec(other, "DELETE FROM games WHERE id = 2", NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(other);
    int tables = saved_tables(h); /* #a's and #b's last games, for !again */
    short_game_of(h, "#c", "carol", "dave");
    event(h, "erin", "#d", "!durak");
    log_capture();
    step(h);
    const char *logged = log_captured();
    assert_non_null(strstr(logged, "the state database refuses a game's record: "));
    assert_non_null(strstr(logged, "UNIQUE constraint failed"));
    assert_int_equal(persist_pending(h->p), 0);
    store_player pl;
    assert_true(store_get_player(h->db, "carol", &pl)); /* the result counts */
    assert_int_equal(pl.games, 1);
    assert_int_equal(saved_tables(h), tables + 2); /* #c's last game, #d's lobby: the same step */
    h_free(h);
}

/* A forfeiter marked the durak too (a bug in the tables, made here by hand): the store refuses
 * it, and the log shows it at that seat, still with no place. */
static void test_refused_forfeiting_durak(void **state)
{
    (void)state;
    harness *h = h_with_store();
    short_game_of(h, "#a", "alice", "bob");
    h->t->results[0].r.seat[1].durak = true;
    log_capture();
    step(h);
    assert_non_null(strstr(log_captured(), "the state database refuses a game of alice (place 1) "
                                           "bob (durak, forfeited): "));
    h_free(h);
}

/* The bot stops while the file is read-only: one last try, then each result and each table that
 * could not be written is logged as lost, by who played and by channel; nothing of it is in the
 * file afterwards. */
static void test_flush_logs_what_is_lost(void **state)
{
    (void)state;
    harness *h = h_read_only();
    short_game_of(h, "#durak", "alice", "bob");
    event(h, "carol", "#other", "!durak");
    log_capture();
    persist_flush(h->p, h->t, h->now, &h->o);
    const char *logged = log_captured();
    assert_non_null(strstr(logged, "results are not being saved"));
    assert_non_null(strstr(logged, "lost, the state database could not take it: a game of alice "
                                   "(place 1) bob (forfeited)\n"));
    assert_non_null(strstr(logged, "lost, the state database could not take it: the table of "
                                   "#other (after a restart it comes back as it was last saved)"));
    assert_non_null(strstr(logged, "could not take it: the table of #durak "));
    assert_int_equal(occurrences(logged, "lost, "), (int)persist_pending(h->p));
    writable_again(h);
    assert_int_equal(saved_tables(h), 0);
    h_free(h);
}

/* A person's `set` while the file is read-only: logged with what it means, held in memory (their
 * lines follow it), not kept to retry; once the file is writable, their next `set` is saved, with
 * the one before. */
static void test_prefs_not_saved_logged(void **state)
{
    (void)state;
    harness *h = h_read_only();
    private_line(h, "alice", "set colours off");
    log_capture();
    step(h);
    const char *logged = log_captured();
    assert_non_null(strstr(logged, "could not save a player's settings: attempt to write a "
                                   "readonly database; they hold until the bot restarts"));
    assert_int_equal(tables_prefs_of(h->t, "alice")->colours, 2);
    assert_int_equal(persist_pending(h->p), 0);
    writable_again(h);
    step(h);
    assert_int_equal(store_mode_of(h->db), STORE_WRITABLE);
    store_prefs pr;
    assert_false(store_get_prefs(h->db, "alice", &pr)); /* not retried */
    private_line(h, "alice", "set turn off");
    step(h);
    assert_true(store_get_prefs(h->db, "alice", &pr));
    assert_int_equal(pr.turn, 2);
    assert_int_equal(pr.colours, 2);
    h_free(h);
}

static void on_person(void *ctx, const char *key, bool everywhere)
{
    char *heard = ctx;
    size_t len = strlen(heard);
    snprintf(heard + len, 128 - len, "%s%s;", key, everywhere ? "" : " (page)");
}

/* A person's pages are written again when what they show changes: their name hidden or shown
 * (set site: every page that names them), or the language they speak (set language: their own
 * page); not for settings they do not show. */
static void test_prefs_refresh_the_pages_they_change(void **state)
{
    (void)state;
    harness *h = h_with_store();
    char heard[128] = "";
    persist_set_hooks(h->p, &(persist_hooks){ NULL, on_person, heard });
    const char *const said[][2] = {
        { "set colours off", "" },
        { "set language ru", "alice (page);" },
        { "set language ru", "alice (page);" },
        { "set turn off", "alice (page);" },
        { "set site off", "alice (page);alice;" },
        { "set language fr", "alice (page);alice;alice (page);" },
    };
    for (size_t i = 0; i < sizeof said / sizeof *said; i++) {
        private_line(h, "alice", said[i][0]);
        step(h);
        if (strcmp(heard, said[i][1]) != 0)
            fail_msg("after \"%s\": heard \"%s\", want \"%s\"", said[i][0], heard, said[i][1]);
    }
    h_free(h);
}

/* No database at all (state.database unusable: the bot runs keeping nothing): every change is
 * dropped at once; nothing waits or is retried, nobody is told, a shutdown logs nothing lost. */
static void test_no_database_keeps_nothing(void **state)
{
    (void)state;
    harness *h = h_new();
    h->p = persist_new(NULL);
    assert_non_null(h->p);
    short_game_of(h, "#durak", "alice", "bob");
    event(h, "carol", "#other", "!durak");
    private_line(h, "alice", "set colours off");
    log_capture();
    step(h);
    assert_int_equal(persist_pending(h->p), 0);
    assert_true(persist_next_due(h->p) < 0);
    assert_int_equal(h->o.len, 0);
    event(h, "dave", "#other", "!join");
    persist_flush(h->p, h->t, h->now, &h->o);
    assert_int_equal(persist_pending(h->p), 0);
    assert_string_equal(log_captured(), "");
    assert_int_equal(tables_prefs_of(h->t, "alice")->colours, 2); /* held all the same */
    h_free(h);
}

/* One step that takes a finished game (its result and record), its channel's last game and a
 * table that opened in another channel, the k-th allocation of the step refused (0: none);
 * then, memory back, the steps until nothing waits. What the database holds at the end goes into
 * keys, games and the players' counts; whether the refusal happened is returned. */
static bool oom_step(long k, char *keys, size_t cap, int *games, char *logged, size_t logcap)
{
    harness *h = h_with_store();
    short_game_of(h, "#durak", "alice", "bob");
    event(h, "carol", "#other", "!durak");
    log_capture();
    failalloc_after(k);
    step(h);
    bool refused = failalloc_failed();
    failalloc_off();
    int told = lines_to(h, "#durak", "Results are not being saved")
               + lines_to(h, "#other", "Results are not being saved");
    for (int i = 0; i < 3; i++) { /* the loop's next iterations */
        if (persist_next_due(h->p) > h->now)
            h->now = persist_next_due(h->p) + 0.1;
        step(h);
        if (!persist_pending(h->p))
            break;
    }
    snprintf(logged, logcap, "%s", log_captured());
    assert_int_equal(persist_pending(h->p), 0);
    assert_int_equal(lines_to(h, "#durak", "Results are being saved again")
                         + lines_to(h, "#other", "Results are being saved again"),
                     told); /* whoever heard it fails hears it is over */
    saved_keys(h, keys, cap);
    *games = saved_games(h);
    store_player pl;
    assert_true(store_get_player(h->db, "alice", &pl)); /* the result counts, once */
    assert_int_equal(pl.games, 1);
    assert_true(store_get_player(h->db, "bob", &pl));
    assert_int_equal(pl.games, 1);
    assert_int_equal(pl.forfeits, 1);
    h_free(h);
    return refused;
}

/* No memory for one allocation of a step, each in turn until a step needs no more (the copies
 * persist keeps of a result, its record and each table; the store's buffer for a record's
 * moves): a clear log line saying so, no crash or leak, the result counted once, and once memory
 * is back the database holds what a step with memory to spare writes: every table and the
 * game's record. */
static void test_out_of_memory_in_a_step(void **state)
{
    (void)state;
    char want[256], keys[256], logged[4096];
    int want_games, games;
    assert_false(oom_step(0, want, sizeof want, &want_games, logged, sizeof logged));
    assert_string_equal(want, "#other,~again #durak,~ended 1=#durak,");
    assert_int_equal(want_games, 1);
    long k = 1;
    while (oom_step(k, keys, sizeof keys, &games, logged, sizeof logged)) {
        if (!strstr(logged, "out of memory"))
            fail_msg("allocation %ld refused: no log line says so:\n%s", k, logged);
        if (strcmp(keys, want) != 0)
            fail_msg("allocation %ld refused: tables saved %s, not %s:\n%s", k, keys, want, logged);
        if (games != 1)
            fail_msg("allocation %ld refused: %d game record(s) saved:\n%s", k, games, logged);
        k++;
    }
    assert_true(k > 3); /* the result's record, the two tables, the record's moves at least */
}

/* Two games ended before a step, no memory for the first one's record: both wait, and the next
 * step saves them in the order they ended (the ratings take games in that order). */
static void test_games_wait_in_order_for_memory(void **state)
{
    (void)state;
    harness *h = h_with_store();
    short_game_of(h, "#one", "alice", "bob");
    short_game_of(h, "#two", "carol", "dave");
    log_capture();
    failalloc_after(1); /* the step's first allocation: the copy of #one's record */
    step(h);
    failalloc_off();
    assert_non_null(strstr(log_captured(), "out of memory keeping a game's record"));
    assert_int_equal(saved_games(h), 0);
    step(h);
    assert_int_equal(persist_pending(h->p), 0);
    sqlite3_stmt *st;
    char order[64] = "";
    assert_int_equal(
        sqlite3_prepare_v2(h->db->db, "SELECT channel FROM games ORDER BY id", -1, &st, NULL),
        SQLITE_OK);
    while (sqlite3_step(st) == SQLITE_ROW)
        snprintf(order + strlen(order), sizeof order - strlen(order), "%s,",
                 sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    assert_string_equal(order, "#one,#two,");
    h_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_transaction_per_iteration),
        cmocka_unit_test(test_saved_game_language),
        cmocka_unit_test(test_ended_kept_until_said),
        cmocka_unit_test(test_recorded_names_as_shown),
        cmocka_unit_test(test_hold_for_next_batch),
        cmocka_unit_test(test_disk_full_keeps_result),
        cmocka_unit_test(test_ratings_count_results_not_saved),
        cmocka_unit_test(test_stats_say_results_wait),
        cmocka_unit_test(test_read_only_file),
        cmocka_unit_test(test_read_only_idle_logs_once),
        cmocka_unit_test(test_locked_at_start),
        cmocka_unit_test(test_locked_at_start_keeps_saved),
        cmocka_unit_test(test_too_many_results_drop_the_oldest),
        cmocka_unit_test(test_too_many_tables_not_saved),
        cmocka_unit_test(test_refused_result_dropped),
        cmocka_unit_test(test_refused_forfeiting_durak),
        cmocka_unit_test(test_refused_then_full_disk),
        cmocka_unit_test(test_refused_record_result_counts),
        cmocka_unit_test(test_constraint_failure_not_retried),
        cmocka_unit_test(test_flush_logs_what_is_lost),
        cmocka_unit_test(test_prefs_not_saved_logged),
        cmocka_unit_test(test_prefs_refresh_the_pages_they_change),
        cmocka_unit_test(test_no_database_keeps_nothing),
        cmocka_unit_test(test_out_of_memory_in_a_step),
        cmocka_unit_test(test_games_wait_in_order_for_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
