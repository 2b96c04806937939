/* test_store: the state database: create, save/reload across close and kill -9, corrupt or foreign
 * files moved aside, a locked file left alone, stats and ratings after scripted games, top, preferences,
 * batches and the savepoints inside them; the saved tables loaded with no memory for their
 * copies. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE /* syscall, for the capabilities */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <ftw.h>
#include <math.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "dac_override.h"
#include "failalloc.h"
#include "rating.h"
#include "store_internal.h" /* the connection, to fill the disk and read rejected_tables */

#define EPS 1e-6 /* ratings below are worked to 9 decimals */

/* cmocka 1.1's assert_float_equal compares floats: too coarse for ratings near 1500. */
#define assert_near(a, b, eps) assert_near_at((a), (b), (eps), __FILE__, __LINE__)
static void assert_near_at(double a, double b, double eps, const char *file, int line)
{
    if (fabs(a - b) <= eps)
        return;
    print_error("%.12g is not %.12g (within %g)\n", a, b, eps);
    _fail(file, line);
}

#define assert_contains(haystack, needle)                                                          \
    assert_contains_at((haystack), (needle), __FILE__, __LINE__)
static void assert_contains_at(const char *haystack, const char *needle, const char *file, int line)
{
    if (haystack && strstr(haystack, needle))
        return;
    print_error("\"%s\" does not contain \"%s\"\n", haystack ? haystack : "(null)", needle);
    _fail(file, line);
}

/* ---- fixture: a fresh temporary directory per test ---- */

struct fixture {
    char dir[256];
    char path[320]; /* dir/state/durakbot.db: the state/ directory does not exist yet */
    char err[1024];
};

static int setup(void **state)
{
    struct fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    const char *tmp = getenv("TMPDIR");
    snprintf(f->dir, sizeof f->dir, "%s/durak-store-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->path, sizeof f->path, "%s/state/durakbot.db", f->dir);
    *state = f;
    return 0;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

static int teardown(void **state)
{
    struct fixture *f = *state;
    nftw(f->dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    free(f);
    return 0;
}

static store *open_clean(struct fixture *f)
{
    store *s = store_open(f->path, f->err, sizeof f->err);
    assert_non_null(s);
    assert_string_equal(f->err, "");
    return s;
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* ---- loading tables ---- */

#define MAX_LOADED 512

struct loaded {
    int n;
    char channel[MAX_LOADED][64];
    char *snapshot[MAX_LOADED];
};

static void collect(void *ctx, const char *channel, const char *snapshot)
{
    struct loaded *l = ctx;
    assert_true(l->n < MAX_LOADED);
    snprintf(l->channel[l->n], sizeof l->channel[l->n], "%s", channel);
    l->snapshot[l->n++] = strdup(snapshot);
}

static void loaded_free(struct loaded *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->snapshot[i]);
    l->n = 0;
}

/* Opens path, loads every table into *l (which the caller frees), closes. */
static void reload(struct fixture *f, struct loaded *l)
{
    store *s = open_clean(f);
    l->n = 0;
    int n = store_load_tables(s, collect, l);
    store_close(s);
    assert_int_equal(n, l->n);
}

static void test_open_creates(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f); /* creates dir/state/ too */
    assert_string_equal(store_error(s), "");
    store_close(s);
    assert_true(exists(f->path));
    struct stat info;
    assert_int_equal(stat(f->path, &info), 0);
    assert_int_equal(info.st_mode & 0777, 0600); /* it holds user@host */

    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(f->path, &db), SQLITE_OK);
    const char *checks[][2] = { { "PRAGMA journal_mode", "wal" },
                                { "PRAGMA user_version", "8" },
                                { "PRAGMA application_id", "1146243906" } };
    for (size_t i = 0; i < sizeof checks / sizeof *checks; i++) {
        assert_int_equal(sqlite3_prepare_v2(db, checks[i][0], -1, &st, NULL), SQLITE_OK);
        assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        assert_string_equal((const char *)sqlite3_column_text(st, 0), checks[i][1]);
        sqlite3_finalize(st);
    }
    sqlite3_close(db);

    s = open_clean(f); /* and opens what it made, its page cache bounded (STORE_CACHE_KIB) */
    assert_int_equal(sqlite3_prepare_v2(s->db, "PRAGMA cache_size", -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), -STORE_CACHE_KIB);
    sqlite3_finalize(st);
    store_close(s);
}

static void test_save_reopen_load(void **state)
{
    struct fixture *f = *state;
    char long_line[10001];
    memset(long_line, 'x', sizeof long_line - 1);
    long_line[sizeof long_line - 1] = '\0';
    store *s = open_clean(f);
    assert_true(store_save_table(s, "#durak", "v1 game=old"));
    assert_true(store_save_table(s, "#b", long_line));
    assert_true(store_save_table(s, "#кириллица", "seats=Вася,Петя ♠♥ 'quote' \"dq\""));
    assert_true(store_save_table(s, "#durak", "v1 game=new")); /* upsert: replaces */
    store_close(s);

    struct loaded l;
    reload(f, &l);
    assert_int_equal(l.n, 3);
    assert_string_equal(l.channel[0], "#b"); /* channel order */
    assert_string_equal(l.snapshot[0], long_line);
    assert_string_equal(l.channel[1], "#durak");
    assert_string_equal(l.snapshot[1], "v1 game=new");
    assert_string_equal(l.channel[2], "#кириллица");
    assert_string_equal(l.snapshot[2], "seats=Вася,Петя ♠♥ 'quote' \"dq\"");
    loaded_free(&l);
}

static void test_delete(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f);
    assert_true(store_save_table(s, "#a", "A"));
    assert_true(store_save_table(s, "#b", "B"));
    assert_true(store_delete_table(s, "#a"));
    assert_true(store_delete_table(s, "#never-saved")); /* not an error */
    store_close(s);

    struct loaded l;
    reload(f, &l);
    assert_int_equal(l.n, 1);
    assert_string_equal(l.channel[0], "#b");
    loaded_free(&l);
}

/* A callback may write while loading: the bot drops a snapshot it cannot restore. */
struct dropper {
    store *s;
    int calls;
};

static void drop_each(void *ctx, const char *channel, const char *snapshot)
{
    struct dropper *d = ctx;
    (void)snapshot;
    d->calls++;
    assert_true(store_delete_table(d->s, channel));
}

static void test_load_callback_may_write(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f);
    assert_true(store_save_table(s, "#a", "A"));
    assert_true(store_save_table(s, "#b", "B"));
    struct dropper d = { s, 0 };
    assert_int_equal(store_load_tables(s, drop_each, &d), 2);
    assert_int_equal(d.calls, 2);
    assert_int_equal(store_load_tables(s, drop_each, &d), 0);
    store_close(s);
}

/* ---- crashes ---- */

/* The child saves and dies without closing: by SIGKILL (kill_it) or by _exit. */
static void crash_after_save(struct fixture *f, bool kill_it)
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        store *s = store_open(f->path, f->err, sizeof f->err);
        if (!s || !store_save_table(s, "#crash", kill_it ? "killed" : "exited"))
            _exit(3);
        if (kill_it)
            raise(SIGKILL);
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (kill_it)
        assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    else
        assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void test_crash_right_after_save(void **state)
{
    struct fixture *f = *state;
    char wal[400];
    snprintf(wal, sizeof wal, "%s-wal", f->path);
    crash_after_save(f, true);
    assert_true(exists(wal)); /* the child never closed: the save sits in the WAL only */
    struct loaded l;
    reload(f, &l);
    assert_int_equal(l.n, 1);
    assert_string_equal(l.snapshot[0], "killed");
    loaded_free(&l);

    crash_after_save(f, false);
    reload(f, &l);
    assert_int_equal(l.n, 1);
    assert_string_equal(l.snapshot[0], "exited");
    loaded_free(&l);
}

/* The child saves moves 1, 2, 3... and reports each one on a pipe once store_save_table returned. */
static void save_forever(struct fixture *f, int report)
{
    store *s = store_open(f->path, f->err, sizeof f->err);
    if (!s)
        _exit(3);
    for (unsigned move = 1;; move++) {
        char snapshot[64];
        snprintf(snapshot, sizeof snapshot, "move %u", move);
        if (!store_save_table(s, "#game", snapshot)
            || write(report, &move, sizeof move) != (ssize_t)sizeof move)
            _exit(4);
    }
}

static void test_kill_at_any_moment(void **state)
{
    struct fixture *f = *state;
    for (int round = 0; round < 3; round++) {
        int fds[2];
        assert_int_equal(pipe(fds), 0);
        fflush(NULL);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            close(fds[0]);
            save_forever(f, fds[1]);
        }
        close(fds[1]);
        unsigned move = 0, last = 0;
        unsigned stop = 20 + 37 * (unsigned)round; /* kill after a different number of moves */
        while (last < stop && read(fds[0], &move, sizeof move) == (ssize_t)sizeof move)
            last = move;
        kill(pid, SIGKILL);
        while (read(fds[0], &move, sizeof move) == (ssize_t)sizeof move)
            last = move; /* reported before it died */
        close(fds[0]);
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFSIGNALED(status));

        struct loaded l;
        reload(f, &l);
        assert_int_equal(l.n, 1);
        unsigned saved = 0;
        assert_int_equal(sscanf(l.snapshot[0], "move %u", &saved), 1);
        /* Every move reported saved is there; at most the one in progress is lost (or made it). */
        assert_true(saved == last || saved == last + 1);
        loaded_free(&l);
    }
}

/* ---- unusable files ---- */

/* The file path was moved to: path.corrupt-<t> for t in [t0, t1]; "" if none. */
static void find_aside(const char *path, time_t t0, time_t t1, char *out, size_t len)
{
    out[0] = '\0';
    for (time_t t = t0; t <= t1; t++) {
        snprintf(out, len, "%s.corrupt-%lld", path, (long long)t);
        if (exists(out))
            return;
    }
    out[0] = '\0';
}

static void write_file(const char *path, const char *text, int times)
{
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    for (int i = 0; i < times; i++)
        fputs(text, fp);
    assert_int_equal(fclose(fp), 0);
}

static char *read_file(const char *path)
{
    FILE *fp = fopen(path, "r");
    assert_non_null(fp);
    static char buf[4096];
    size_t n = fread(buf, 1, sizeof buf - 1, fp);
    buf[n] = '\0';
    fclose(fp);
    return buf;
}

/* store_open on a bad file: a working empty store, the file moved aside into aside[], the message. */
static void open_moves_aside(struct fixture *f, const char *because, char *aside, size_t len)
{
    time_t t0 = time(NULL);
    store *s = store_open(f->path, f->err, sizeof f->err);
    time_t t1 = time(NULL);
    assert_non_null(s);
    find_aside(f->path, t0, t1, aside, len);
    assert_string_not_equal(aside, "");
    assert_contains(f->err, "was unusable");
    assert_contains(f->err, because);
    assert_contains(f->err, aside);
    assert_contains(f->err, "started an empty one");
    print_message("%s\n", f->err);

    struct loaded l = { 0 };
    assert_int_equal(store_load_tables(s, collect, &l), 0); /* fresh and empty */
    assert_true(store_save_table(s, "#new", "works"));
    store_close(s);
    reload(f, &l);
    assert_int_equal(l.n, 1);
    loaded_free(&l);
}

static void test_garbage_file(void **state)
{
    struct fixture *f = *state;
    char wal[400], aside[400], aside_wal[450], expected[4096] = "";
    const char *garbage = "this is not a database\n";
    store_close(open_clean(f)); /* makes the directory */
    write_file(f->path, garbage, 100);
    snprintf(wal, sizeof wal, "%s-wal", f->path);
    write_file(wal, "stale wal\n", 1);
    open_moves_aside(f, "is not a SQLite database (PRAGMA journal_mode: file is not a database)",
                     aside, sizeof aside);
    for (int i = 0; i < 100; i++)
        strcat(expected, garbage);
    assert_string_equal(read_file(aside), expected); /* kept as it was */
    snprintf(aside_wal, sizeof aside_wal, "%s-wal", aside);
    assert_string_equal(read_file(aside_wal), "stale wal\n"); /* moved along, same suffix */
}

/* A real database with enough rows to span many pages, then cut to a third. */
static void test_truncated_database(void **state)
{
    struct fixture *f = *state;
    char snapshot[600], channel[32], aside[400];
    store *s = open_clean(f);
    memset(snapshot, 's', sizeof snapshot - 1);
    snapshot[sizeof snapshot - 1] = '\0';
    for (int i = 0; i < 300; i++) {
        snprintf(channel, sizeof channel, "#c%03d", i);
        assert_true(store_save_table(s, channel, snapshot));
    }
    store_close(s); /* the last close checkpoints: everything is in the main file */
    struct stat st;
    assert_int_equal(stat(f->path, &st), 0);
    assert_true(st.st_size > 100 * 1024);
    assert_int_equal(truncate(f->path, st.st_size / 3 + 100), 0);
    open_moves_aside(f, "it is damaged", aside, sizeof aside);
    assert_int_equal(stat(aside, &st), 0);
    assert_true(st.st_size > 30 * 1024); /* the damaged file, kept for .recover */
}

/* The header is fine but a page in the middle is overwritten: only PRAGMA quick_check sees it. */
static void test_damaged_page(void **state)
{
    struct fixture *f = *state;
    char snapshot[600], channel[32], aside[400], noise[4096];
    store *s = open_clean(f);
    memset(snapshot, 's', sizeof snapshot - 1);
    snapshot[sizeof snapshot - 1] = '\0';
    for (int i = 0; i < 300; i++) {
        snprintf(channel, sizeof channel, "#c%03d", i);
        assert_true(store_save_table(s, channel, snapshot));
    }
    store_close(s);
    for (size_t i = 0; i < sizeof noise; i++)
        noise[i] = (char)(i * 7 + 3);
    FILE *fp = fopen(f->path, "r+");
    assert_non_null(fp);
    assert_int_equal(fseek(fp, 20 * 4096, SEEK_SET), 0); /* page 21 of 4096-byte pages */
    assert_int_equal(fwrite(noise, 1, sizeof noise, fp), sizeof noise);
    assert_int_equal(fclose(fp), 0);
    open_moves_aside(f, "PRAGMA quick_check found damage", aside, sizeof aside);
}

static void exec_sql(const char *path, const char *sql)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
}

static void test_foreign_database(void **state)
{
    struct fixture *f = *state;
    char aside[400];
    store_close(open_clean(f));
    assert_int_equal(remove(f->path), 0);
    exec_sql(f->path, "CREATE TABLE photos (id INTEGER PRIMARY KEY, blob BLOB)");
    open_moves_aside(f, "not a durakbot database", aside, sizeof aside);
}

static void test_newer_schema(void **state)
{
    struct fixture *f = *state;
    char aside[400];
    store_close(open_clean(f));
    exec_sql(f->path, "PRAGMA user_version = 99");
    open_moves_aside(f, "newer durakbot (schema version 99", aside, sizeof aside);
}

/* user_version is a signed 32-bit number: a damaged file's negative one is refused, not taken as
 * the migration to start from (which read before the list of migrations). */
static void test_negative_schema(void **state)
{
    struct fixture *f = *state;
    char aside[400];
    store_close(open_clean(f));
    exec_sql(f->path, "PRAGMA user_version = -5");
    open_moves_aside(f, "not a durakbot database (application_id 1146243906, user_version -5",
                     aside, sizeof aside);
}

static void test_same_second_twice(void **state)
{
    struct fixture *f = *state;
    char aside[400], second[420];
    store_close(open_clean(f));
    write_file(f->path, "garbage one\n", 10);
    time_t t0 = time(NULL);
    open_moves_aside(f, "not a database", aside, sizeof aside);
    write_file(f->path, "garbage two\n", 10);
    store_close(store_open(f->path, f->err, sizeof f->err));
    /* Same second (usually): the second one gets ".1"; either way both are kept. */
    snprintf(second, sizeof second, "%s.1", aside);
    if (!exists(second))
        find_aside(f->path, t0 + 1, time(NULL), second, sizeof second);
    assert_contains(read_file(aside), "garbage one");
    assert_contains(read_file(second), "garbage two");
}

static void test_cannot_create(void **state)
{
    struct fixture *f = *state;
    char file[300], path[400];
    snprintf(file, sizeof file, "%s/plain-file", f->dir);
    write_file(file, "x", 1);
    snprintf(path, sizeof path, "%s/state.db", file); /* a directory that is a file */
    assert_null(store_open(path, f->err, sizeof f->err));
    assert_contains(f->err, path);
    assert_contains(f->err, "cannot create the state database");
    assert_contains(f->err, "directory");

    assert_null(store_open(f->dir, f->err, sizeof f->err)); /* a directory */
    assert_contains(f->err, "not a regular file");
    assert_null(store_open("", f->err, sizeof f->err));
    assert_contains(f->err, "state.database");
}

/* The directories above state.database are made as needed; one the bot's user may not make is
 * named, with what to do. */
static void test_cannot_make_directory(void **state)
{
    struct fixture *f = *state;
    char dir[300];
    snprintf(dir, sizeof dir, "%s/state", f->dir);
    assert_int_equal(chmod(f->dir, 0555), 0);
    assert_true(set_dac_override(false));
    store *s = store_open(f->path, f->err, sizeof f->err);
    assert_true(set_dac_override(true));
    assert_int_equal(chmod(f->dir, 0700), 0);
    assert_null(s);
    assert_contains(f->err, f->path);
    assert_contains(f->err, "cannot create the directory");
    assert_contains(f->err, dir);
    assert_contains(f->err, strerror(EACCES));
    assert_contains(f->err, "create its directory and give it to the bot's user");

    assert_int_equal(mkdir(dir, 0555), 0); /* there, but the file cannot be made in it */
    assert_true(set_dac_override(false));
    s = store_open(f->path, f->err, sizeof f->err);
    assert_true(set_dac_override(true));
    assert_int_equal(chmod(dir, 0700), 0);
    assert_non_null(s);
    assert_int_equal(store_mode_of(s), STORE_OFFLINE);
    assert_contains(f->err, f->path);
    assert_contains(f->err, "nor read (it does not exist)");
    assert_contains(f->err, "let the bot's user write the file and its directory");
    assert_true(store_reopen(s, f->err, sizeof f->err));
    store_close(s);
}

/* A damaged file in a directory the bot's user may not write: it cannot be moved aside, so it is
 * left as found and the store runs offline, saying what to do; once the directory is writable
 * the next attempt moves it aside and starts afresh. */
static void test_cannot_move_aside(void **state)
{
    struct fixture *f = *state;
    char dir[300], aside[400];
    snprintf(dir, sizeof dir, "%s/state", f->dir);
    store_close(open_clean(f));
    write_file(f->path, "not a database\n", 100);
    assert_int_equal(chmod(dir, 0555), 0);
    assert_true(set_dac_override(false));
    time_t t0 = time(NULL);
    store *s = store_open(f->path, f->err, sizeof f->err);
    assert_true(set_dac_override(true));
    assert_int_equal(chmod(dir, 0700), 0);
    print_message("%s\n", f->err);
    assert_non_null(s);
    assert_int_equal(store_mode_of(s), STORE_OFFLINE);
    assert_contains(f->err, f->path);
    assert_contains(f->err, "is unusable (it is not a SQLite database");
    assert_contains(f->err, "could not be moved aside (cannot rename");
    assert_contains(f->err, strerror(EACCES));
    assert_contains(f->err, "move or delete it by hand");
    assert_contains(f->err, "tries again");
    assert_false(store_save_table(s, "#x", "T1 ..."));
    assert_contains(store_error(s), "could not be moved aside");
    find_aside(f->path, t0, time(NULL), aside, sizeof aside);
    assert_string_equal(aside, "");
    assert_contains(read_file(f->path), "not a database");
    assert_true(store_reopen(s, f->err, sizeof f->err)); /* writable now: moved aside, fresh */
    assert_int_equal(store_mode_of(s), STORE_WRITABLE);
    assert_contains(f->err, "started an empty one");
    assert_true(store_save_table(s, "#x", "T1 ..."));
    store_close(s);
}

/* Each damaged file moved aside in the same second gets its own name, up to a bound: past it the
 * file is left alone and the operator is told to delete old ones. */
static void test_too_many_aside(void **state)
{
    struct fixture *f = *state;
    char name[400];
    store_close(open_clean(f));
    write_file(f->path, "not a database\n", 10);
    time_t t0 = time(NULL);
    for (time_t t = t0; t <= t0 + 5; t++) { /* the seconds this test may take */
        for (int i = 0; i <= 100; i++) {
            if (i == 0)
                snprintf(name, sizeof name, "%s.corrupt-%lld", f->path, (long long)t);
            else
                snprintf(name, sizeof name, "%s.corrupt-%lld.%d", f->path, (long long)t, i);
            write_file(name, "", 0);
        }
    }
    store *s = store_open(f->path, f->err, sizeof f->err);
    assert_true(time(NULL) <= t0 + 5);
    assert_non_null(s);
    assert_int_equal(store_mode_of(s), STORE_OFFLINE);
    assert_contains(f->err, "too many");
    assert_contains(f->err, ".corrupt-* files: delete old ones");
    assert_contains(read_file(f->path), "not a database"); /* left as found */
    store_close(s);
}

/* A file at the current schema version whose tables are not the schema's (a column dropped by
 * hand): its statements cannot be prepared, and it is moved aside saying so. */
static void test_tables_do_not_match(void **state)
{
    struct fixture *f = *state;
    char aside[400], because[128];
    store_close(open_clean(f));
    exec_sql(f->path, "DROP TABLE prefs; CREATE TABLE prefs (key TEXT PRIMARY KEY NOT NULL)");
    snprintf(because, sizeof because,
             "its tables do not match durakbot's schema version %d: no such column: delivery",
             STORE_SCHEMA_VERSION);
    open_moves_aside(f, because, aside, sizeof aside);
}

static void test_locked_is_not_moved(void **state)
{
    struct fixture *f = *state;
    char aside[400];
    store_close(open_clean(f));
    sqlite3 *other;
    assert_int_equal(sqlite3_open(f->path, &other), SQLITE_OK);
    assert_int_equal(sqlite3_exec(other, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
    time_t t0 = time(NULL);
    store *s = store_open(f->path, f->err, sizeof f->err); /* waits STORE_BUSY_MS */
    assert_non_null(s); /* offline, not given up: store_reopen tries again */
    assert_int_equal(store_mode_of(s), STORE_OFFLINE);
    assert_contains(f->err, "locked by another process");
    assert_contains(f->err, "tries again");
    assert_true(store_set_synchronous(s, true)); /* main.c sets it before waiting for the lock */
    assert_int_equal(store_last_fault(s), STORE_FAULT_LOCKED);
    assert_false(store_save_table(s, "#x", "T1 ..."));
    assert_int_equal(store_last_fault(s), STORE_FAULT_LOCKED);
    assert_contains(store_error(s), "not open");
    find_aside(f->path, t0, time(NULL), aside, sizeof aside);
    assert_string_equal(aside, ""); /* a busy database is not a bad one */
    sqlite3_exec(other, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(other);
    assert_true(store_reopen(s, f->err, sizeof f->err));
    assert_string_equal(f->err, "");
    assert_true(store_save_table(s, "#x", "T1 ..."));
    store_close(s);
}

/* ---- stats ---- */

static store_player get(store *s, const char *key)
{
    store_player p;
    memset(&p, 0, sizeof p);
    if (!store_get_player(s, key, &p))
        fail_msg("no stats for %s: %s", key, store_error(s));
    return p;
}

static void assert_counts(store *s, const char *key, int games, int firsts, int duraks, int draws,
                          int forfeits, double rating)
{
    store_player p = get(s, key);
    assert_int_equal(p.games, games);
    assert_int_equal(p.firsts, firsts);
    assert_int_equal(p.duraks, duraks);
    assert_int_equal(p.draws, draws);
    assert_int_equal(p.forfeits, forfeits);
    assert_near(p.rating, rating, EPS);
}

#define SEAT(k, place, durak, forfeited)                                                           \
    {                                                                                              \
        k, k "_Nick", place, durak, forfeited, 0, false                                            \
    }

/* The scripted games; each rating below is worked by hand with
 * E(a vs b) = 1 / (1 + 10^((b - a) / 400)) and a change of 32/(N-1) * sum(S - E). */
static void play_script(store *s)
{
    /* 1. Two players: alice out first, bob the durak. Equals: +-32 * (1 - .5) = 16.
	 * alice 1516, bob 1484. */
    store_result g1 = { 2, false, { SEAT("alice", 1, false, false), SEAT("bob", 2, true, false) } };
    assert_true(store_record_game(s, &g1));
    /* 2. Four players: carol 1st, alice and erin out in the same bout (shared 2nd), bob durak.
	 * K = 32/3. Before: carol 1500, alice 1516, erin 1500, bob 1484.
	 *   E(1500 vs 1516) = 1/(1 + 10^0.04) = 1/2.096478196 = 0.476990413, so E(1516 vs 1500) = 0.523009587
	 *   E(1500 vs 1484) = 0.523009587, E(1516 vs 1484) = 1/(1 + 10^-0.08) = 0.545921923
	 *   carol: (1 - .476990413) + (1 - .5) + (1 - .523009587) = 1.5             -> +16 = 1516
	 *   alice: (0 - .523009587) + (.5 - .523009587) + (1 - .545921923) = -0.091941097
	 *          -> -0.980705039 = 1515.019294961
	 *   erin:  (0 - .5) + (.5 - .476990413) + (1 - .523009587) = 0              -> 1500
	 *   bob:   -(.476990413 + .454078077 + .476990413) = -1.408058903
	 *          -> -15.019294961 = 1468.980705039 (the four changes sum to 0) */
    store_result g2 = { 4,
                        false,
                        { SEAT("carol", 1, false, false), SEAT("alice", 2, false, false),
                          SEAT("erin", 2, false, false), SEAT("bob", 4, true, false) } };
    assert_true(store_record_game(s, &g2));
    /* 3. A two-player draw (both out in the last bout, shared place 1): alice 1515.019294961
	 * vs carol 1516. E(alice) = 1/(1 + 10^(0.980705039/400)) = 1/2.005661357 = 0.498588656;
	 * alice +32 * (.5 - .498588656) = +0.045163016 -> 1515.064457977; carol 1515.954836984. */
    store_result g3 = { 2,
                        true,
                        { SEAT("alice", 1, false, false), SEAT("carol", 1, false, false) } };
    assert_true(store_record_game(s, &g3));
    /* 4. Three players, a draw after dave went out first: erin and frank share the last place.
	 * K = 16, dave/frank new at 1500, erin 1500: dave +16 * (.5 + .5) = 1516; erin and frank
	 * each (0 - .5) + (.5 - .5) -> -8 = 1492. dave counts a first, erin and frank a draw. */
    store_result g4 = { 3,
                        true,
                        { SEAT("dave", 1, false, false), SEAT("erin", 2, false, false),
                          SEAT("frank", 2, false, false) } };
    assert_true(store_record_game(s, &g4));
    /* 5. Three new players; gina forfeits (the caller even says place 1: a forfeit still ranks
	 * last), harry out first, ivan the durak. Order harry > ivan > gina, K = 16, all 1500:
	 * harry +16 = 1516, ivan (0 - .5) + (1 - .5) = 0 -> 1500, gina -16 = 1484. */
    store_result g5 = { 3,
                        false,
                        { SEAT("gina", 1, false, true), SEAT("harry", 1, false, false),
                          SEAT("ivan", 3, true, false) } };
    assert_true(store_record_game(s, &g5));
}

static void test_stats_after_script(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f);
    play_script(s);
    store_close(s);
    s = open_clean(f); /* stats survive a restart */
    /*                 games firsts duraks draws forfeits rating */
    assert_counts(s, "alice", 3, 1, 0, 1, 0, 1515.064457977);
    assert_counts(s, "bob", 2, 0, 2, 0, 0, 1468.980705039);
    assert_counts(s, "carol", 2, 1, 0, 1, 0, 1515.954836984);
    assert_counts(s, "dave", 1, 1, 0, 0, 0, 1516);
    assert_counts(s, "erin", 2, 0, 0, 1, 0, 1492);
    assert_counts(s, "frank", 1, 0, 0, 1, 0, 1492);
    assert_counts(s, "gina", 1, 0, 0, 0, 1, 1484);
    assert_counts(s, "harry", 1, 1, 0, 0, 0, 1516);
    assert_counts(s, "ivan", 1, 0, 1, 0, 0, 1500);
    assert_string_equal(get(s, "alice").display, "alice_Nick");
    store_player none;
    assert_false(store_get_player(s, "nobody", &none));
    assert_string_equal(store_error(s), "");
    store_close(s);
}

#define TEAM_SEAT(k, place, durak, forfeited, team, lost)                                          \
    {                                                                                              \
        k, k "_Nick", place, durak, forfeited, team, lost                                          \
    }

/* R19: every seat of a team game that was not a draw counts its team's win or loss, whoever went
 * out first and whoever was the durak; a draw and a game without teams count neither. */
static void test_team_games_counted(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f);
    play_script(s); /* no teams: nobody counts a team game */
    /* bob went out first, but his partner dave is the durak: team 2 lost, bob with it */
    store_result lost = { 4,
                          false,
                          { TEAM_SEAT("alice", 2, false, false, 1, false),
                            TEAM_SEAT("bob", 1, false, false, 2, true),
                            TEAM_SEAT("carol", 3, false, false, 1, false),
                            TEAM_SEAT("dave", 4, true, false, 2, true) } };
    assert_true(store_record_game(s, &lost));
    store_result drawn = { 4,
                           true,
                           { TEAM_SEAT("alice", 1, false, false, 1, false),
                             TEAM_SEAT("bob", 1, false, false, 2, false),
                             TEAM_SEAT("carol", 1, false, false, 1, false),
                             TEAM_SEAT("dave", 1, false, false, 2, false) } };
    assert_true(store_record_game(s, &drawn));
    struct {
        const char *key;
        int won, lost;
    } want[] = {
        { "alice", 1, 0 }, { "bob", 0, 1 }, { "carol", 1, 0 }, { "dave", 0, 1 }, { "erin", 0, 0 },
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        store_player p = get(s, want[i].key);
        assert_int_equal(p.team_wins, want[i].won);
        assert_int_equal(p.team_losses, want[i].lost);
    }
    assert_int_equal(get(s, "bob").firsts, 1); /* out first still counts as it did */
    store_close(s);
}

static void assert_rejected(store *s, const store_result *r, const char *because)
{
    assert_false(store_record_game(s, r));
    assert_contains(store_error(s), "rejected");
    assert_contains(store_error(s), because);
    for (int i = 0; i < r->n && i < STORE_MAX_SEATS; i++) {
        store_player p;
        assert_false(store_get_player(s, r->seat[i].key, &p)); /* nothing written */
    }
}

static void test_bad_results_rejected(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f);
    store_result two_duraks = { 3,
                                false,
                                { SEAT("x1", 1, false, false), SEAT("x2", 3, true, false),
                                  SEAT("x3", 3, true, false) } };
    assert_rejected(s, &two_duraks, "2 duraks");
    store_result bad_place = { 2,
                               false,
                               { SEAT("y1", 0, false, false), SEAT("y2", 2, true, false) } };
    assert_rejected(s, &bad_place, "place 0");
    store_result durak_draw = { 2,
                                true,
                                { SEAT("z1", 1, false, false), SEAT("z2", 2, true, false) } };
    assert_rejected(s, &durak_draw, "durak in a draw");
    store_result twice = { 2, false, { SEAT("w1", 1, false, false), SEAT("w1", 2, true, false) } };
    assert_rejected(s, &twice, "w1 holds seats 0 and 1");
    store_result alone = { 1, false, { SEAT("v1", 1, false, false) } };
    assert_rejected(s, &alone, "1 players");
    store_result no_key = {
        2, false, { { "", "x", 1, false, false, 0, false }, SEAT("u2", 2, true, false) }
    };
    assert_rejected(s, &no_key, "empty");
    store_close(s);
}

static void test_prefs(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f);
    store_prefs p = { 1, 1, 1, "fr", 1 };
    assert_false(store_get_prefs(s, "alice", &p)); /* none saved: all defaults */
    assert_int_equal(p.delivery + p.colours + p.turn, 0);
    assert_string_equal(p.language, "");
    store_prefs mine = { 2, 2, 1, "ru", 2 };
    assert_true(store_put_prefs(s, "@alice_acc", &mine));
    store_close(s);
    s = open_clean(f); /* saved across a restart */
    assert_true(store_get_prefs(s, "@alice_acc", &p));
    assert_int_equal(p.delivery, 2);
    assert_int_equal(p.colours, 2);
    assert_int_equal(p.turn, 1);
    assert_string_equal(p.language, "ru");
    assert_int_equal(p.site, 2); /* set site off: "a player" on the web pages */
    store_close(s);
}

/* A new database at f->path as the released steps left it at schema `version` (its
 * user_version still 0: the caller writes its rows, then sets it), open for the caller to fill. */
static sqlite3 *db_at_version(struct fixture *f, int version)
{
    store_close(open_clean(f)); /* the directory */
    char side[sizeof f->path + 8];
    unlink(f->path);
    snprintf(side, sizeof side, "%s-wal", f->path);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", f->path);
    unlink(side);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(f->path, &db), SQLITE_OK);
    for (int v = 0; v < version; v++)
        assert_int_equal(sqlite3_exec(db, store_migrations[v], NULL, NULL, NULL), SQLITE_OK);
    return db;
}

/* A database of an older schema `version` (3: before the game records, 4: before set language,
 * the language column), built by the released steps, opens: its preferences load with no language, a
 * language can be saved, and the game records' table is there. */
static void prefs_from_version(struct fixture *f, int version)
{
    sqlite3 *db = db_at_version(f, version);
    char sql[128];
    snprintf(sql, sizeof sql,
             "INSERT INTO prefs VALUES ('bob', 1, 2, 2); PRAGMA user_version = %d;", version);
    assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    store *s = open_clean(f);
    store_prefs p;
    assert_true(store_get_prefs(s, "bob", &p));
    assert_int_equal(p.delivery, 1);
    assert_int_equal(p.colours, 2);
    assert_int_equal(p.turn, 2);
    assert_string_equal(p.language, "");
    snprintf(p.language, sizeof p.language, "es");
    assert_true(store_put_prefs(s, "bob", &p));
    store_close(s);
    s = open_clean(f);
    assert_true(store_get_prefs(s, "bob", &p));
    assert_string_equal(p.language, "es");
    store_close(s);
    assert_int_equal(sqlite3_open(f->path, &db), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT count(*) FROM games", -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    sqlite3_finalize(st);
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), STORE_SCHEMA_VERSION);
    sqlite3_finalize(st);
    sqlite3_close(db);
}

static void test_prefs_from_version_3(void **state) { prefs_from_version(*state, 3); }

static void test_prefs_from_version_4(void **state) { prefs_from_version(*state, 4); }

/* A schema 6 database (before each game kept its language) with a game: it opens as the current
 * schema, the games table gets its language column, the old game reads back with "" (unknown:
 * its page stays in its channel's language) and a new game keeps the language it is given. */
static void test_games_from_version_6(void **state)
{
    struct fixture *f = *state;
    sqlite3 *db = db_at_version(f, 6);
    assert_int_equal(
        sqlite3_exec(db,
                     "INSERT INTO games (channel, channel_key, ended_at, players, variant, throwin,"
                     " first5, deck, seed, salt, draw, result, truncated, moves, teams) VALUES"
                     " ('#Old', '#old', 100, 2, 0, 0, 0, 36, '7', 'ab', 0, 'durak 1', 0, '-', 0);"
                     "INSERT INTO game_seats (game, seat, key, display, place, durak, forfeited)"
                     " VALUES (1, 0, 'ann', 'Ann', 1, 0, 0), (1, 1, 'bob', 'bob', 2, 1, 0);"
                     "PRAGMA user_version = 6;",
                     NULL, NULL, NULL),
        SQLITE_OK);
    sqlite3_close(db);
    store *s = open_clean(f);
    sqlite3_stmt *st;
    assert_int_equal(
        sqlite3_prepare_v2(s->db, "SELECT language FROM games WHERE id = 1", -1, &st, NULL),
        SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_string_equal((const char *)sqlite3_column_text(st, 0), "");
    sqlite3_finalize(st);
    static store_game g;
    assert_true(store_get_game(s, 1, &g));
    assert_string_equal(g.rec.channel, "#Old");
    assert_string_equal(g.rec.language, "");
    assert_int_equal(g.nseats, 2);
    static game_record r;
    r = g.rec;
    snprintf(r.language, sizeof r.language, "fr");
    store_result res = { 2, false, { SEAT("ann", 1, false, false), SEAT("bob", 2, true, false) } };
    assert_true(store_save_game(s, &res, &r, 200));
    assert_true(store_get_game(s, store_saved_game_id(s), &g));
    assert_string_equal(g.rec.language, "fr");
    store_close(s);
}

/* A record of a game of `players` in channel `ch` (its key the same) with that result: what
 * store_save_game keeps beside the seats. */
static game_record *record_in(int players, const char *ch, const char *result)
{
    static game_record r;
    durak_options o = durak_default_options();
    o.players = (uint8_t)players;
    uint8_t salt[RECORD_SALT_BYTES] = { 0 };
    record_start(&r, &o, 7, salt);
    snprintf(r.channel, sizeof r.channel, "%s", ch);
    snprintf(r.channel_key, sizeof r.channel_key, "%s", ch);
    snprintf(r.result, sizeof r.result, "%s", result);
    return &r;
}

/* A channel's board counts out first as the players' stats do: in a draw after someone went out
 * first, that one (dave) was out first; where all share the last place, nobody was. The board
 * left out every draw. */
static void test_board_counts_out_first_in_a_draw(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f);
    game_record *r = record_in(3, "#a", "draw");
    store_result g = { 3,
                       true,
                       { SEAT("dave", 1, false, false), SEAT("erin", 2, false, false),
                         SEAT("frank", 2, false, false) } };
    store_result all = { 3,
                         true,
                         { SEAT("dave", 1, false, false), SEAT("erin", 1, false, false),
                           SEAT("frank", 1, false, false) } };
    assert_true(store_record_game(s, &g) && store_save_game(s, &g, r, 100));
    assert_true(store_record_game(s, &all) && store_save_game(s, &all, r, 200));
    store_site_board_row rows[3];
    assert_int_equal(store_site_board(s, "#a", 3, rows), 3);
    for (int i = 0; i < 3; i++) {
        store_player p;
        assert_true(store_get_player(s, rows[i].key, &p));
        assert_int_equal(rows[i].firsts, p.firsts);
        assert_int_equal(rows[i].firsts, !strcmp(rows[i].key, "dave"));
    }
    store_close(s);
}

/* A schema 7 database (before team games were counted) has its recorded team games counted back:
 * the losing team is the one the result names, else the durak's, else the first forfeiter's, and
 * seat s is in team s % (players / 2). A draw and a game without teams count nothing. */
static void test_team_games_from_version_7(void **state)
{
    struct fixture *f = *state;
    sqlite3 *db = db_at_version(f, 7);
    assert_int_equal(
        sqlite3_exec(
            db,
            "INSERT INTO players (key, display, games) VALUES ('ann', 'ann', 5), ('bob', 'bob', 5),"
            " ('cat', 'cat', 4), ('dan', 'dan', 4), ('eve', 'eve', 1), ('fay', 'fay', 1);"
            "INSERT INTO games (channel, channel_key, ended_at, players, variant, throwin, first5,"
            " deck, seed, salt, draw, result, truncated, moves, teams) VALUES"
            " ('#t', '#t', 1, 4, 0, 0, 0, 36, '1', 'ab', 0, 'team 1 lost', 0, '-', 1),"
            " ('#t', '#t', 2, 4, 0, 0, 0, 36, '2', 'ab', 0, 'durak 2', 0, '-', 1),"
            " ('#t', '#t', 3, 4, 0, 0, 0, 36, '3', 'ab', 1, 'draw', 0, '-', 1),"
            " ('#t', '#t', 4, 2, 0, 0, 0, 36, '4', 'ab', 0, 'durak 1', 0, '-', 0),"
            " ('#t', '#t', 5, 6, 0, 0, 0, 36, '5', 'ab', 0, 'won 0', 0, '-', 1);"
            "INSERT INTO game_seats (game, seat, key, display, place, durak, forfeited) VALUES"
            " (1, 0, 'ann', 'ann', 1, 0, 0), (1, 1, 'bob', 'bob', 3, 0, 0),"
            " (1, 2, 'cat', 'cat', 1, 0, 0), (1, 3, 'dan', 'dan', 1, 0, 1),"
            " (2, 0, 'ann', 'ann', 2, 0, 0), (2, 1, 'bob', 'bob', 1, 0, 1),"
            " (2, 2, 'cat', 'cat', 4, 1, 0), (2, 3, 'dan', 'dan', 3, 0, 0),"
            " (3, 0, 'ann', 'ann', 1, 0, 0), (3, 1, 'bob', 'bob', 1, 0, 0),"
            " (3, 2, 'cat', 'cat', 1, 0, 0), (3, 3, 'dan', 'dan', 1, 0, 0),"
            " (4, 0, 'ann', 'ann', 1, 0, 0), (4, 1, 'bob', 'bob', 2, 1, 0),"
            " (5, 0, 'ann', 'ann', 1, 0, 0), (5, 1, 'bob', 'bob', 1, 0, 0),"
            " (5, 2, 'cat', 'cat', 1, 0, 0), (5, 3, 'dan', 'dan', 1, 0, 0),"
            " (5, 4, 'eve', 'eve', 1, 0, 1), (5, 5, 'fay', 'fay', 1, 0, 0);"
            "PRAGMA user_version = 7;",
            NULL, NULL, NULL),
        SQLITE_OK);
    sqlite3_close(db);
    store *s = open_clean(f);
    /* game 1: bob+dan lost; 2: the durak cat's team (ann+cat) lost, though bob is marked as a
     * forfeiter too; 5: eve (seat 4, team 1) forfeited, so bob+eve lost */
    struct {
        const char *key;
        int won, lost;
    } want[] = {
        { "ann", 2, 1 }, { "bob", 1, 2 }, { "cat", 2, 1 },
        { "dan", 2, 1 }, { "eve", 0, 1 }, { "fay", 1, 0 },
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        store_player p = get(s, want[i].key);
        assert_int_equal(p.team_wins, want[i].won);
        assert_int_equal(p.team_losses, want[i].lost);
    }
    store_close(s);
}

/* A durakbot file whose migration fails (here a table of the next schema is already there) is
 * unusable: moved aside, with SQLite's reason. */
static void test_migration_fails(void **state)
{
    struct fixture *f = *state;
    char aside[400];
    sqlite3 *db = db_at_version(f, 3);
    assert_int_equal(
        sqlite3_exec(db, "CREATE TABLE games (x); PRAGMA user_version = 3;", NULL, NULL, NULL),
        SQLITE_OK);
    sqlite3_close(db);
    open_moves_aside(f, "migrating the schema failed: table games already exists", aside,
                     sizeof aside);
}

static void test_top(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f);
    /* u beats v: 1516 / 1484. w-x draw once, y-z draw twice: all four stay at 1500, y and z with
	 * 2 games rank before w and x with 1; equal games: by key. */
    store_result uv = { 2, false, { SEAT("u", 1, false, false), SEAT("v", 2, true, false) } };
    store_result wx = { 2, true, { SEAT("w", 1, false, false), SEAT("x", 1, false, false) } };
    store_result yz = { 2, true, { SEAT("z", 1, false, false), SEAT("y", 1, false, false) } };
    assert_true(store_record_game(s, &wx));
    assert_true(store_record_game(s, &uv));
    assert_true(store_record_game(s, &yz));
    assert_true(store_record_game(s, &yz));
    store_player top[10];
    static const char *const order[] = { "u", "y", "z", "w", "x", "v" };
    assert_int_equal(store_top(s, 10, STORE_TOP_PEOPLE, top), 6);
    for (int i = 0; i < 6; i++)
        assert_string_equal(top[i].key, order[i]);
    assert_near(top[0].rating, 1516, EPS);
    assert_int_equal(top[1].games, 2);
    assert_near(top[5].rating, 1484, EPS);
    assert_int_equal(store_top(s, 3, STORE_TOP_PEOPLE, top), 3);
    assert_string_equal(top[2].key, "z");
    assert_int_equal(store_top(s, 0, STORE_TOP_PEOPLE, top), 0);
    /* a computer player ('*' key) is not ranked among people; !top bots lists it */
    store_result bq = { 2, false, { SEAT("*hard", 1, false, false), SEAT("q", 2, true, false) } };
    assert_true(store_record_game(s, &bq));
    assert_int_equal(store_top(s, 10, STORE_TOP_PEOPLE, top), 7);
    for (int i = 0; i < 7; i++)
        assert_true(top[i].key[0] != '*');
    assert_int_equal(store_top(s, 10, STORE_TOP_BOTS, top), 1);
    assert_string_equal(top[0].key, "*hard");
    store_close(s);
}

/* ---- batches, faults, rejected tables ---- */

/* A batch is one transaction: a result recorded inside it (its own transaction nested as a
 * savepoint) goes or stays with the batch. */
static void test_batch_nests(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f);
    store_result g = { 2, false, { SEAT("alice", 1, false, false), SEAT("bob", 2, true, false) } };
    store_player p;
    assert_true(store_batch_begin(s));
    assert_true(store_save_table(s, "#a", "one"));
    assert_true(store_record_game(s, &g));
    store_batch_rollback(s);
    assert_false(store_get_player(s, "alice", &p));
    struct loaded l = { 0 };
    assert_int_equal(store_load_tables(s, collect, &l), 0);

    assert_true(store_batch_begin(s));
    assert_true(store_save_table(s, "#a", "one"));
    assert_false(store_record_game(s, &(store_result){ 1, false, { SEAT("x", 1, false, false) } }));
    assert_true(store_refused(s)); /* bad input: the batch goes on */
    assert_true(store_record_game(s, &g));
    assert_true(store_batch_commit(s));
    assert_true(store_get_player(s, "alice", &p));
    assert_int_equal(store_load_tables(s, collect, &l), 1);
    loaded_free(&l);
    store_close(s);
}

/* A write inside a batch that fails on its own, SQLite keeping the transaction (a game whose seats
 * collide with seats an operator's hand edit left behind: the last game's row deleted, not its
 * seats): only its savepoint is rolled back and released; the batch goes on, and its commit keeps
 * what came before and after the savepoint, nothing of the failed game. */
static void test_savepoint_rolled_back_alone(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f);
    game_record *r = record_in(2, "#a", "durak 1");
    store_result g = { 2, false, { SEAT("alice", 1, false, false), SEAT("bob", 2, true, false) } };
    assert_true(store_save_game(s, &g, r, 100));
    assert_true(store_save_game(s, &g, r, 200));
    sqlite3 *other;
    assert_int_equal(sqlite3_open(f->path, &other), SQLITE_OK);
    assert_int_equal(sqlite3_exec(other, "DELETE FROM games WHERE id = 2", NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(other);

    assert_true(store_batch_begin(s));
    assert_true(store_save_table(s, "#before", "T1 before"));
    assert_true(store_record_game(s, &g));        /* a savepoint of its own, released */
    assert_false(store_save_game(s, &g, r, 300)); /* id 2 again: its seats are taken */
    assert_true(store_refused(s));                /* no later try can pass */
    assert_contains(store_error(s), "UNIQUE constraint failed");
    assert_int_equal(s->depth, 1); /* the batch is still open */
    assert_false(sqlite3_get_autocommit(s->db));
    assert_true(store_save_table(s, "#after", "T1 after"));
    assert_true(store_batch_commit(s));
    assert_true(sqlite3_get_autocommit(s->db));

    struct loaded l = { 0 };
    assert_int_equal(store_load_tables(s, collect, &l), 2);
    loaded_free(&l);
    assert_counts(s, "alice", 1, 1, 0, 0, 0, 1516);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(s->db,
                                        "SELECT (SELECT count(*) FROM games),"
                                        " (SELECT count(*) FROM game_seats)",
                                        -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), 1); /* game 1; the failed game's row undone */
    assert_int_equal(sqlite3_column_int(st, 1), 4); /* game 1's seats and the two left behind */
    sqlite3_finalize(st);
    store_close(s);
}

static int deny_savepoints(void *ctx, int action, const char *a, const char *b, const char *c,
                           const char *d)
{
    (void)ctx, (void)a, (void)b, (void)c, (void)d;
    return action == SQLITE_SAVEPOINT ? SQLITE_DENY : SQLITE_OK;
}

/* A savepoint that cannot start inside a batch (SQLite refuses it: here its authorizer says no)
 * fails the call as a fault of the database, not a refused input, having written nothing, and
 * says why; the batch stays open for the caller to roll back, and once SQLite allows savepoints
 * again the same result goes in. */
static void test_savepoint_cannot_start(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f);
    store_result g = { 2, false, { SEAT("alice", 1, false, false), SEAT("bob", 2, true, false) } };
    assert_true(store_batch_begin(s));
    assert_true(store_save_table(s, "#a", "T1 a"));
    sqlite3_set_authorizer(s->db, deny_savepoints, NULL);
    assert_false(store_record_game(s, &g));
    assert_false(store_refused(s));
    /* what persist logs, then "; 1 result(s) ... are kept in memory" */
    assert_string_equal(store_error(s), "could not start a savepoint: not authorized");
    assert_int_equal(s->depth, 1);
    store_batch_rollback(s);
    assert_int_equal(s->depth, 0);
    assert_true(sqlite3_get_autocommit(s->db));
    store_player p;
    assert_false(store_get_player(s, "alice", &p));
    struct loaded l = { 0 };
    assert_int_equal(store_load_tables(s, collect, &l), 0);

    sqlite3_set_authorizer(s->db, NULL, NULL);
    assert_true(store_batch_begin(s));
    assert_true(store_save_table(s, "#a", "T1 a"));
    assert_true(store_record_game(s, &g));
    assert_true(store_batch_commit(s));
    assert_counts(s, "alice", 1, 1, 0, 0, 0, 1516);
    assert_int_equal(store_load_tables(s, collect, &l), 1);
    loaded_free(&l);
    store_close(s);
}

/* A full disk is a fault of its own kind (what the channel is told), not a refusal. */
static void test_full_disk_fault(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f);
    assert_int_equal(sqlite3_exec(s->db, "PRAGMA max_page_count = 1", NULL, NULL, NULL), SQLITE_OK);
    char big[3000], channel[32];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    bool ok = true;
    for (int i = 0; ok && i < 1000; i++) {
        snprintf(channel, sizeof channel, "#c%d", i);
        ok = store_save_table(s, channel, big);
    }
    assert_false(ok);
    assert_int_equal(store_last_fault(s), STORE_FAULT_FULL);
    assert_false(store_refused(s));
    assert_contains(store_error(s), "full");
    store_close(s);
}

/* A file size limit (ulimit -f, systemd's LimitFSIZE=) or a disk quota ends writes with EFBIG or
 * EDQUOT, which SQLite reports as a disk I/O error, not SQLITE_FULL: for the bot the disk is full
 * all the same, and the channel is told so. Once the limit is gone the store writes again. */
static void test_file_size_limit_is_full(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f);
    struct rlimit old, lim;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    void (*was)(int) = signal(SIGXFSZ, SIG_IGN); /* as the bot does: EFBIG instead of death */
    lim = old;
    lim.rlim_cur = 64 * 1024; /* above the -shm file's 32 KiB, soon reached by the -wal */
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
    char big[3000], channel[32];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    bool ok = true;
    int i = 0;
    for (; ok && i < 1000; i++) {
        snprintf(channel, sizeof channel, "#c%d", i);
        ok = store_save_table(s, channel, big);
    }
    store_fault fault = store_last_fault(s);
    char error[sizeof s->error];
    snprintf(error, sizeof error, "%s", store_error(s));
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
    signal(SIGXFSZ, was);
    assert_false(ok);
    assert_int_equal(fault, STORE_FAULT_FULL);
    assert_contains(error, "too large");
    assert_false(store_refused(s));
    assert_true(store_save_table(s, "#after", big)); /* the limit lifted: writes go in again */
    store_close(s);
}

/* A full disk when the bot starts (here a file size limit below the 32 KiB -shm file, which
 * SQLite reports as a disk I/O error, as it does ENOSPC there): the file is not damaged, so it is
 * never moved aside (that started an empty database, the stats left in a .corrupt-* file). The
 * store is offline, the operator is told the disk is full, the channel's fault is a full disk, and
 * once there is room the same file opens with its saved table. */
static void test_full_disk_at_open(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f);
    assert_true(store_save_table(s, "#kept", "T1 saved"));
    store_close(s);
    struct rlimit old, lim;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    void (*was)(int) = signal(SIGXFSZ, SIG_IGN);
    lim = old;
    lim.rlim_cur = 4096;
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
    time_t t0 = time(NULL);
    s = store_open(f->path, f->err, sizeof f->err);
    bool saved = s && store_save_table(s, "#new", "T1 new");
    store_fault fault = store_last_fault(s);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
    signal(SIGXFSZ, was);
    print_message("%s\n", f->err);
    assert_non_null(s);
    assert_int_equal(store_mode_of(s), STORE_OFFLINE);
    assert_contains(f->err, f->path);
    assert_contains(f->err, "the disk is full");
    assert_contains(f->err, "tries again");
    assert_false(saved);
    assert_int_equal(fault, STORE_FAULT_FULL);
    char aside[400];
    find_aside(f->path, t0, time(NULL), aside, sizeof aside);
    assert_string_equal(aside, ""); /* a full disk is not a damaged file */
    assert_true(store_reopen(s, f->err, sizeof f->err));
    assert_string_equal(f->err, "");
    struct loaded l = { 0 };
    assert_int_equal(store_load_tables(s, collect, &l), 1);
    assert_string_equal(l.channel[0], "#kept");
    loaded_free(&l);
    store_close(s);
}

/* Makes f->path and its directory dir read-only, root's override off; skips the test where the
 * system lets the bot write there all the same. */
static void lock_read_only(struct fixture *f, const char *dir)
{
    char probe[340];
    snprintf(probe, sizeof probe, "%s/probe", dir);
    assert_int_equal(chmod(f->path, 0444), 0);
    assert_int_equal(chmod(dir, 0555), 0);
    assert_true(set_dac_override(false));
    FILE *fp = fopen(probe, "w");
    if (fp) { /* nothing to test */
        fclose(fp);
        set_dac_override(true);
        chmod(dir, 0755);
        skip();
    }
}

/* A read-only file in a read-only directory (a file handed over by root, a read-only mount): a
 * cleanly closed WAL database has no -wal or -shm file, and a read-only connection cannot make
 * the -shm (SQLITE_READONLY_DIRECTORY). Its saved games and stats are still read (immutable:
 * nothing can change it), it is not moved aside, and once it is writable the store writes.
 * f->path's directory is made here. */
static void read_only_directory(struct fixture *f)
{
    char dir[sizeof f->path], wal[340], shm[340];
    snprintf(dir, sizeof dir, "%s", f->path);
    *strrchr(dir, '/') = '\0';
    snprintf(wal, sizeof wal, "%s-wal", f->path);
    snprintf(shm, sizeof shm, "%s-shm", f->path);
    store *s = open_clean(f);
    assert_true(store_save_table(s, "#old", "T1 saved"));
    store_result g = { 2, false, { SEAT("alice", 1, false, false), SEAT("bob", 2, true, false) } };
    assert_true(store_record_game(s, &g));
    store_close(s);
    assert_false(exists(wal));
    assert_false(exists(shm));
    lock_read_only(f, dir);
    s = store_open(f->path, f->err, sizeof f->err);
    assert_non_null(s);
    assert_int_equal(store_mode_of(s), STORE_READ_ONLY);
    assert_contains(f->err, "cannot be written");
    assert_contains(f->err, f->path);
    struct loaded l = { 0 };
    assert_int_equal(store_load_tables(s, collect, &l), 1);
    assert_string_equal(l.channel[0], "#old");
    loaded_free(&l);
    store_player p;
    assert_true(store_get_player(s, "alice", &p));
    assert_int_equal(p.games, 1);
    assert_false(store_save_table(s, "#new", "T1 new"));
    assert_int_equal(store_last_fault(s), STORE_FAULT_READONLY);
    assert_true(exists(f->path)); /* never moved aside */
    assert_true(set_dac_override(true));
    assert_int_equal(chmod(dir, 0755), 0);
    assert_int_equal(chmod(f->path, 0600), 0);
    assert_true(store_reopen(s, f->err, sizeof f->err));
    assert_true(store_save_table(s, "#new", "T1 new"));
    store_close(s);
}

static void test_read_only_directory(void **state) { read_only_directory(*state); }

/* The immutable read goes through a URI ("file:PATH?immutable=1"): a directory whose name holds
 * what a URI reads otherwise (a space, '%', '?', '#', bytes past ASCII) is still the same file. */
static void test_read_only_directory_odd_name(void **state)
{
    struct fixture *f = *state;
    snprintf(f->path, sizeof f->path, "%s/st ate %%41?x=1#\xc3\xa9/dura kbot.db", f->dir);
    read_only_directory(f);
}

/* The same with a relative state.database (the URI is then "file:PATH", no slashes). */
static void test_read_only_directory_relative(void **state)
{
    struct fixture *f = *state;
    char cwd[512];
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(f->dir), 0);
    snprintf(f->path, sizeof f->path, "o%%dd?/durakbot.db");
    read_only_directory(f);
    assert_int_equal(chdir(cwd), 0);
}

/* A file of an older schema that the bot may not write cannot be brought up to date, so it is not
 * read either: the store runs offline, and the operator is told why it could not be read as well as
 * why it could not be written (the file is left as it was, at its version). */
static void test_read_only_old_schema(void **state)
{
    struct fixture *f = *state;
    char dir[300], expected[128];
    snprintf(dir, sizeof dir, "%s/state", f->dir);
    sqlite3 *db = db_at_version(f, 3);
    assert_int_equal(sqlite3_exec(db, "PRAGMA user_version = 3", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    lock_read_only(f, dir);
    store *s = store_open(f->path, f->err, sizeof f->err);
    assert_true(set_dac_override(true));
    assert_int_equal(chmod(dir, 0755), 0);
    print_message("%s\n", f->err);
    assert_non_null(s);
    assert_int_equal(store_mode_of(s), STORE_OFFLINE);
    assert_contains(f->err, f->path);
    assert_contains(f->err, "can be neither written");
    snprintf(expected, sizeof expected,
             "it holds schema version 3, which cannot be brought to %d while it is read-only",
             STORE_SCHEMA_VERSION);
    assert_contains(f->err, expected);
    assert_contains(f->err, "let the bot's user write the file and its directory");
    store_close(s);
    assert_int_equal(chmod(f->path, 0600), 0);
    /* an export reads the same file, writable now, and says what brings it up to date */
    assert_null(store_open_reader(f->path, f->err, sizeof f->err));
    assert_contains(f->err, expected);
    assert_contains(f->err, "a bot that may write the file brings it up to date when it starts");
    store_close(open_clean(f)); /* writable again: migrated */
}

static void test_reject_table(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f);
    assert_true(store_save_table(s, "#a", "T1 nan"));
    assert_true(store_reject_table(s, "#a", "T1 nan", "the turn timer is not a number"));
    struct loaded l = { 0 };
    assert_int_equal(store_load_tables(s, collect, &l), 0);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(s->db,
                                        "SELECT channel, snapshot, reason FROM rejected_tables", -1,
                                        &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_string_equal((const char *)sqlite3_column_text(st, 0), "#a");
    assert_string_equal((const char *)sqlite3_column_text(st, 1), "T1 nan");
    assert_string_equal((const char *)sqlite3_column_text(st, 2), "the turn timer is not a number");
    sqlite3_finalize(st);
    store_close(s);
}

/* synchronous follows state.synchronous, NORMAL by default, and survives a reopen. */
static void test_synchronous(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f);
    char err[256];
    sqlite3_stmt *st;
    for (int round = 0; round < 3; round++) {
        if (round == 1)
            assert_true(store_set_synchronous(s, true));
        if (round == 2)
            assert_true(store_reopen(s, err, sizeof err));
        assert_int_equal(sqlite3_prepare_v2(s->db, "PRAGMA synchronous", -1, &st, NULL), SQLITE_OK);
        assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        assert_int_equal(sqlite3_column_int(st, 0), round == 0 ? 1 : 2); /* NORMAL 1, FULL 2 */
        sqlite3_finalize(st);
    }
    store_close(s);
}

/* Counts the tables loaded, allocating nothing (the test refuses allocations around it). */
static void count_loaded(void *ctx, const char *channel, const char *snapshot)
{
    (void)channel, (void)snapshot;
    ++*(int *)ctx;
}

/* Loading the saved tables with no memory for one of their copies (the list's room, past its
 * first 8; each key and line), each in turn until a load needs no more: none of them is handed
 * over (not a part of the games), the error says out of memory (the bot logs it and starts
 * without them), nothing leaks, and every table is still in the file for the next load. */
static void test_load_tables_out_of_memory(void **state)
{
    struct fixture *f = *state;
    store *s = open_clean(f);
    char channel[16];
    for (int i = 0; i < 9; i++) {
        snprintf(channel, sizeof channel, "#t%d", i);
        assert_true(store_save_table(s, channel, "T5 0 a saved game"));
    }
    long k = 1;
    for (;; k++) {
        int seen = 0;
        failalloc_after(k);
        int n = store_load_tables(s, count_loaded, &seen);
        bool refused = failalloc_failed();
        failalloc_off();
        if (!refused) {
            assert_int_equal(n, 9);
            assert_int_equal(seen, 9);
            break;
        }
        assert_int_equal(n, -1);
        assert_int_equal(seen, 0);
        assert_string_equal(store_error(s), "out of memory loading the saved tables");
    }
    assert_true(k > 1 + 2 * 9); /* the list twice, a key and a line each */
    store_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_open_creates, setup, teardown),
        cmocka_unit_test_setup_teardown(test_save_reopen_load, setup, teardown),
        cmocka_unit_test_setup_teardown(test_delete, setup, teardown),
        cmocka_unit_test_setup_teardown(test_load_tables_out_of_memory, setup, teardown),
        cmocka_unit_test_setup_teardown(test_load_callback_may_write, setup, teardown),
        cmocka_unit_test_setup_teardown(test_crash_right_after_save, setup, teardown),
        cmocka_unit_test_setup_teardown(test_kill_at_any_moment, setup, teardown),
        cmocka_unit_test_setup_teardown(test_garbage_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_truncated_database, setup, teardown),
        cmocka_unit_test_setup_teardown(test_damaged_page, setup, teardown),
        cmocka_unit_test_setup_teardown(test_foreign_database, setup, teardown),
        cmocka_unit_test_setup_teardown(test_newer_schema, setup, teardown),
        cmocka_unit_test_setup_teardown(test_negative_schema, setup, teardown),
        cmocka_unit_test_setup_teardown(test_same_second_twice, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cannot_create, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cannot_make_directory, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cannot_move_aside, setup, teardown),
        cmocka_unit_test_setup_teardown(test_too_many_aside, setup, teardown),
        cmocka_unit_test_setup_teardown(test_migration_fails, setup, teardown),
        cmocka_unit_test_setup_teardown(test_tables_do_not_match, setup, teardown),
        cmocka_unit_test_setup_teardown(test_locked_is_not_moved, setup, teardown),
        cmocka_unit_test_setup_teardown(test_stats_after_script, setup, teardown),
        cmocka_unit_test_setup_teardown(test_team_games_counted, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_results_rejected, setup, teardown),
        cmocka_unit_test_setup_teardown(test_prefs, setup, teardown),
        cmocka_unit_test_setup_teardown(test_prefs_from_version_3, setup, teardown),
        cmocka_unit_test_setup_teardown(test_prefs_from_version_4, setup, teardown),
        cmocka_unit_test_setup_teardown(test_games_from_version_6, setup, teardown),
        cmocka_unit_test_setup_teardown(test_board_counts_out_first_in_a_draw, setup, teardown),
        cmocka_unit_test_setup_teardown(test_team_games_from_version_7, setup, teardown),
        cmocka_unit_test_setup_teardown(test_top, setup, teardown),
        cmocka_unit_test_setup_teardown(test_batch_nests, setup, teardown),
        cmocka_unit_test_setup_teardown(test_savepoint_rolled_back_alone, setup, teardown),
        cmocka_unit_test_setup_teardown(test_savepoint_cannot_start, setup, teardown),
        cmocka_unit_test_setup_teardown(test_full_disk_fault, setup, teardown),
        cmocka_unit_test_setup_teardown(test_file_size_limit_is_full, setup, teardown),
        cmocka_unit_test_setup_teardown(test_full_disk_at_open, setup, teardown),
        cmocka_unit_test_setup_teardown(test_read_only_directory, setup, teardown),
        cmocka_unit_test_setup_teardown(test_read_only_directory_odd_name, setup, teardown),
        cmocka_unit_test_setup_teardown(test_read_only_directory_relative, setup, teardown),
        cmocka_unit_test_setup_teardown(test_read_only_old_schema, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reject_table, setup, teardown),
        cmocka_unit_test_setup_teardown(test_synchronous, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
