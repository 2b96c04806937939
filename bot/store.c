/* store.c — opening the SQLite database (state.database): WAL and durability, the schema and its
 * migrations, unusable files moved aside, read-only and locked files left alone and retried. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Durability. In WAL mode a COMMIT appends the transaction to the -wal file with write(2) before it
 * returns. synchronous=NORMAL is enough for "kill -9 at any moment loses at most the move being
 * processed": the written frames sit in the kernel's page cache, which a killed process does not
 * take with it, and the next open replays the WAL; what is lost is the move whose COMMIT had not
 * returned (its transaction is incomplete, so it is rolled back whole, never half-applied). What
 * NORMAL does not survive is a power cut or a kernel panic: commits since the last checkpoint may
 * roll back. FULL fsyncs the WAL at every commit, so the same promise also holds through a power
 * cut, at the price of one fsync per loop iteration that saved something: under 10 busy channels
 * that was most of the bot's CPU time, in the kernel. The games need the first promise, so NORMAL
 * is the default and state.synchronous = "full" buys the second (store_set_synchronous). */
#define STORE_APPLICATION_ID 1146243906 /* 0x44524B42, "DRKB": marks the file as durakbot's */
#define STORE_ASIDE_TRIES 100

/* How an attempt to open went: usable, unusable (move the file aside and start afresh), not
 * writable (open it read-only, never move it), or a problem a fresh file would not cure: locked by
 * another process, a full disk, or the rest (out of memory, no WAL possible). */
typedef enum {
    STORE_OPEN_OK,
    STORE_OPEN_BAD,
    STORE_OPEN_READONLY,
    STORE_OPEN_LOCKED,
    STORE_OPEN_FULL,
    STORE_OPEN_FATAL
} store_open_status;

/* What store_last_fault says while offline after each of the problems a fresh file would not cure:
 * the channels hear "locked", "the disk is full" or "cannot be opened". */
static const int store_fatal_code[] = {
    [STORE_OPEN_LOCKED] = SQLITE_BUSY,
    [STORE_OPEN_FULL] = SQLITE_FULL,
    [STORE_OPEN_FATAL] = SQLITE_CANTOPEN,
};

static bool store_open_fatal(store_open_status status) { return status >= STORE_OPEN_LOCKED; }

/* ---- opening ---- */

static bool store_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Creates the missing directories above path (like mkdir -p on its dirname). */
static bool store_make_parent(const char *path, char *why, size_t len)
{
    char dir[STORE_PATH_MAX];
    store_format(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return true;
    *slash = '\0';
    for (char *p = dir + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        struct stat st;
        if (mkdir(dir, 0750) != 0 && errno != EEXIST) {
            store_format(why, len, "cannot create the directory %s: %s", dir, strerror(errno));
            return false;
        }
        if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode)) {
            store_format(why, len, "cannot create the directory %s: a file has that name", dir);
            return false;
        }
        *p = c;
        if (c == '\0')
            return true;
    }
}

/* The first column of the first row of sql, copied into out ("" if no row). Returns the SQLite code
 * of the failure, or SQLITE_OK. */
static int store_query_text(sqlite3 *db, const char *sql, char *out, size_t len)
{
    sqlite3_stmt *st;
    out[0] = '\0';
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return rc;
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        const unsigned char *text = sqlite3_column_text(st, 0);
        store_format(out, len, "%s", text ? (const char *)text : "");
    }
    sqlite3_finalize(st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static store_open_status store_status_of(int rc)
{
    switch (rc & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED: return STORE_OPEN_LOCKED;
    case SQLITE_FULL: return STORE_OPEN_FULL;
    case SQLITE_NOMEM: return STORE_OPEN_FATAL;
    case SQLITE_PERM:
    case SQLITE_CANTOPEN:
    case SQLITE_READONLY: return STORE_OPEN_READONLY;
    default: return STORE_OPEN_BAD;
    }
}

/* Describes a failed SQLite call while opening; BUSY/LOCKED get the likely cause. */
static store_open_status store_open_failed(sqlite3 *db, int rc, const char *doing, char *why,
                                           size_t len)
{
    const char *msg = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    if (store_disk_full(rc, db ? sqlite3_system_errno(db) : 0))
        rc = SQLITE_FULL; /* not the file's fault: a fresh one would not cure it */
    switch (rc & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        store_format(why, len,
                     "it is locked by another process (is another durakbot running with "
                     "the same state.database?): stop that one, or give each bot its own file");
        break;
    case SQLITE_NOTADB:
        store_format(why, len, "it is not a SQLite database (%s: %s)", doing, msg);
        break;
    case SQLITE_CORRUPT: store_format(why, len, "it is damaged (%s: %s)", doing, msg); break;
    case SQLITE_FULL:
        store_format(why, len,
                     "the disk is full, or a quota or file size limit is reached (%s: %s)", doing,
                     msg);
        break;
    case SQLITE_PERM:
    case SQLITE_CANTOPEN:
    case SQLITE_READONLY:
        store_format(why, len, "the bot's user cannot open it for writing (%s: %s)", doing, msg);
        break;
    default: store_format(why, len, "%s failed: %s", doing, msg);
    }
    return store_status_of(rc);
}

/* WAL journal and the synchronous level; also the first read of the file, so a file that is not a
 * database is found here. A read-only connection only reads the journal mode. */
static store_open_status store_set_journal(store *s, char *why, size_t len)
{
    char mode[32];
    bool readonly = sqlite3_db_readonly(s->db, "main") == 1;
    int rc = store_query_text(s->db, readonly ? "PRAGMA journal_mode" : "PRAGMA journal_mode = WAL",
                              mode, sizeof mode);
    if (rc != SQLITE_OK)
        return store_open_failed(s->db, rc, "PRAGMA journal_mode", why, len);
    if (readonly)
        return STORE_OPEN_OK;
    if (strcmp(mode, "wal") != 0) {
        store_format(why, len,
                     "it cannot use the WAL journal (journal mode stays \"%s\"): put "
                     "state.database on a local file system",
                     mode);
        return STORE_OPEN_FATAL;
    }
    rc = sqlite3_exec(s->db,
                      s->sync_full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL",
                      NULL, NULL, NULL);
    if (rc != SQLITE_OK)
        return store_open_failed(s->db, rc, "PRAGMA synchronous", why, len);
    return STORE_OPEN_OK;
}

static store_open_status store_quick_check(sqlite3 *db, char *why, size_t len)
{
    char result[256];
    int rc = store_query_text(db, "PRAGMA quick_check", result, sizeof result);
    if (rc != SQLITE_OK)
        return store_open_failed(db, rc, "PRAGMA quick_check", why, len);
    if (strcmp(result, "ok") != 0) {
        for (char *c = result; *c; c++)
            if ((unsigned char)*c < ' ')
                *c = ' '; /* one log line */
        store_format(why, len, "PRAGMA quick_check found damage: %s", result);
        return STORE_OPEN_BAD;
    }
    return STORE_OPEN_OK;
}

static int store_query_int(sqlite3 *db, const char *sql, long long *out)
{
    char text[32];
    int rc = store_query_text(db, sql, text, sizeof text);
    *out = strtoll(text, NULL, 10);
    return rc;
}

/* Reads the schema version, refusing files that are not durakbot's (user_version is signed: a
 * negative one would index the migrations) or come from a newer one. */
static store_open_status store_schema_version(sqlite3 *db, long long *version, char *why,
                                              size_t len)
{
    long long app, objects;
    int rc = store_query_int(db, "PRAGMA application_id", &app);
    if (rc == SQLITE_OK)
        rc = store_query_int(db, "PRAGMA user_version", version);
    if (rc == SQLITE_OK)
        rc = store_query_int(db, "SELECT count(*) FROM sqlite_master", &objects);
    if (rc != SQLITE_OK)
        return store_open_failed(db, rc, "reading its schema", why, len);
    if ((app != STORE_APPLICATION_ID && (app != 0 || *version != 0 || objects != 0))
        || *version < 0) {
        store_format(why, len,
                     "it is not a durakbot database (application_id %lld, user_version "
                     "%lld, %lld schema objects): another program's file?",
                     app, *version, objects);
        return STORE_OPEN_BAD;
    }
    if (*version > STORE_SCHEMA_VERSION) {
        store_format(why, len,
                     "it was written by a newer durakbot (schema version %lld; this one "
                     "knows up to %d): run the newer durakbot with it",
                     *version, STORE_SCHEMA_VERSION);
        return STORE_OPEN_BAD;
    }
    return STORE_OPEN_OK;
}

/* Brings the schema to STORE_SCHEMA_VERSION in one transaction (a fresh file starts at 0). */
static store_open_status store_migrate(sqlite3 *db, char *why, size_t len)
{
    long long version = 0;
    if (sqlite3_db_readonly(db, "main") == 1) {
        store_open_status status = store_schema_version(db, &version, why, len);
        if (status == STORE_OPEN_OK && version != STORE_SCHEMA_VERSION) {
            /* an export only reads: an operator running one between installing a new build
             * and restarting the bot needs to hear what brings the file up to date */
            store_format(why, len,
                         "it holds schema version %lld, which cannot be brought to %d while "
                         "it is read-only: a bot that may write the file brings it up to date "
                         "when it starts with it (an export only reads)",
                         version, STORE_SCHEMA_VERSION);
            return STORE_OPEN_READONLY;
        }
        return status;
    }
    int rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
    if (rc != SQLITE_OK)
        return store_open_failed(db, rc, "BEGIN", why, len);
    store_open_status status = store_schema_version(db, &version, why, len);
    for (long long v = version; status == STORE_OPEN_OK && v < STORE_SCHEMA_VERSION; v++) {
        rc = sqlite3_exec(db, store_migrations[v], NULL, NULL, NULL);
        if (rc != SQLITE_OK)
            status = store_open_failed(db, rc, "migrating the schema", why, len);
    }
    if (status == STORE_OPEN_OK && version < STORE_SCHEMA_VERSION) {
        char sql[64];
        store_format(sql, sizeof sql, "PRAGMA user_version = %d", STORE_SCHEMA_VERSION);
        rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
        if (rc != SQLITE_OK)
            status = store_open_failed(db, rc, "setting the schema version", why, len);
    }
    if (status == STORE_OPEN_OK && (rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL)) != SQLITE_OK)
        status = store_open_failed(db, rc, "COMMIT of the schema", why, len);
    if (status != STORE_OPEN_OK)
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    return status;
}

/* Prepares every statement: a table or column missing from the file shows up here. */
static store_open_status store_prepare(store *s, char *why, size_t len)
{
    for (int i = 0; i < ST_COUNT; i++) {
        int rc =
            sqlite3_prepare_v3(s->db, store_sql[i], -1, SQLITE_PREPARE_PERSISTENT, &s->st[i], NULL);
        if (rc == SQLITE_OK)
            continue;
        if (store_open_fatal(store_status_of(rc)))
            return store_open_failed(s->db, rc, "preparing a statement", why, len);
        store_format(why, len, "its tables do not match durakbot's schema version %d: %s",
                     STORE_SCHEMA_VERSION, sqlite3_errmsg(s->db));
        return STORE_OPEN_BAD;
    }
    return STORE_OPEN_OK;
}

static void store_disconnect(store *s)
{
    for (int i = 0; i < ST_COUNT; i++) {
        sqlite3_finalize(s->st[i]);
        s->st[i] = NULL;
    }
    sqlite3_close(s->db);
    s->db = NULL;
    s->depth = 0;
}

void store_close(store *s)
{
    if (!s)
        return;
    store_disconnect(s);
    free(s);
}

/* A new database file is made here, 0600 (it holds user@host), before SQLite sees it: SQLite would
 * make it 0644, and gives the -wal and -shm files the database file's mode. */
static void store_create_private(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0)
        close(fd);
}

/* "file:PATH?immutable=1", PATH percent-encoded but for slashes and unreserved characters. */
static void store_immutable_uri(const char *path, char *uri, size_t len)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t n = (size_t)snprintf(uri, len, "%s", path[0] == '/' ? "file://" : "file:");
    for (const unsigned char *p = (const unsigned char *)path; *p && n + 4 < len; p++) {
        if (isalnum(*p) || strchr("/-._~", *p)) {
            uri[n++] = (char)*p;
        } else {
            uri[n++] = '%';
            uri[n++] = hex[*p >> 4];
            uri[n++] = hex[*p & 15];
        }
    }
    snprintf(uri + n, len - n, "?immutable=1");
}

#define STORE_STR_(x) #x
#define STORE_STR(x) STORE_STR_(x)

/* One attempt at s->path, read-write (creating it) or read-only (immutable if s->immutable);
 * s->db stays NULL on failure. */
static store_open_status store_try_open(store *s, bool readonly, char *why, size_t len)
{
    if (!readonly)
        store_create_private(s->path);
    int flags = readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    char uri[3 * STORE_PATH_MAX + 32];
    if (readonly && s->immutable)
        store_immutable_uri(s->path, uri, sizeof uri);
    int rc = sqlite3_open_v2(readonly && s->immutable ? uri : s->path, &s->db,
                             flags | (readonly && s->immutable ? SQLITE_OPEN_URI : 0), NULL);
    store_open_status status =
        rc == SQLITE_OK ? STORE_OPEN_OK : store_open_failed(s->db, rc, "opening it", why, len);
    if (status == STORE_OPEN_OK && !readonly && sqlite3_db_readonly(s->db, "main") == 1) {
        store_format(why, len, "the bot's user may not write it");
        status = STORE_OPEN_READONLY;
    }
    if (status == STORE_OPEN_OK) {
        sqlite3_busy_timeout(s->db, STORE_BUSY_MS);
        sqlite3_exec(s->db, "PRAGMA cache_size = -" STORE_STR(STORE_CACHE_KIB), NULL, NULL, NULL);
        status = store_set_journal(s, why, len);
    }
    if (status == STORE_OPEN_OK)
        status = store_quick_check(s->db, why, len);
    if (status == STORE_OPEN_OK)
        status = store_migrate(s->db, why, len);
    if (status == STORE_OPEN_OK)
        status = store_prepare(s, why, len);
    if (status == STORE_OPEN_OK)
        return status;
    /* Leave a bad file as found: no checkpoint into it, and its -wal kept (a normal last close
     * would checkpoint and delete it). */
    if (s->db)
        sqlite3_db_config(s->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)NULL);
    store_disconnect(s);
    return status;
}

/* Renames from to to if from exists; a missing file is fine. */
static bool store_rename_file(const char *from, const char *to, char *why, size_t len)
{
    if (rename(from, to) == 0 || errno == ENOENT)
        return true;
    store_format(why, len, "cannot rename %s to %s: %s", from, to, strerror(errno));
    return false;
}

/* Moves path and its -wal/-shm to "<path>.corrupt-<unix time>" (".N" added if taken). */
static bool store_move_aside(const char *path, char *aside, size_t asidelen, char *why, size_t len)
{
    long long now = (long long)time(NULL);
    store_format(aside, asidelen, "%s.corrupt-%lld", path, now);
    for (int i = 1; store_exists(aside); i++) {
        if (i > STORE_ASIDE_TRIES) {
            store_format(why, len, "too many %s.corrupt-* files: delete old ones", path);
            return false;
        }
        store_format(aside, asidelen, "%s.corrupt-%lld.%d", path, now, i);
    }
    char from[STORE_PATH_MAX + 8], to[STORE_PATH_MAX + 64];
    static const char *const suffixes[] = { "-wal", "-shm" };
    for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
        store_format(from, sizeof from, "%s%s", path, suffixes[i]);
        store_format(to, sizeof to, "%s%s", aside, suffixes[i]);
        if (!store_rename_file(from, to, why, len))
            return false;
    }
    return store_rename_file(path, aside, why, len);
}

/* code: what store_last_fault reports until the next open. */
static void store_go_offline(store *s, const char *why, int code)
{
    s->mode = STORE_OFFLINE;
    s->code = s->offline_code = code;
    store_format(s->offline, sizeof s->offline, "%s", why);
}

/* The first attempt found the file unusable (`why`): move it aside and start an empty database. */
static void store_open_fresh(store *s, const char *why, char *err, size_t errlen)
{
    const char *path = s->path;
    char aside[STORE_PATH_MAX + 48], why2[512];
    if (!store_move_aside(path, aside, sizeof aside, why2, sizeof why2)) {
        store_format(err, errlen,
                     "the state database %s is unusable (%s) and could not be moved "
                     "aside (%s): move or delete it by hand, or let the bot's user write in its "
                     "directory; the bot runs without saving and tries again",
                     path, why, why2);
        store_go_offline(s, "it is unusable and could not be moved aside", SQLITE_CANTOPEN);
        return;
    }
    if (store_try_open(s, false, why2, sizeof why2) != STORE_OPEN_OK) {
        store_format(err, errlen,
                     "the state database %s was unusable (%s) and was moved aside to "
                     "%s, but a fresh one cannot be created either (%s): check the permissions and "
                     "free space of its directory; the bot runs without saving and tries again",
                     path, why, aside, why2);
        store_go_offline(s, why2, SQLITE_CANTOPEN);
        return;
    }
    s->mode = STORE_WRITABLE;
    store_format(
        err, errlen,
        "the state database %s was unusable (%s): moved it aside to %s (with "
        "its -wal and -shm, if any) and started an empty one, so saved games and stats are gone; "
        "to get them back stop the bot and copy the file back (sqlite3's .recover command may "
        "salvage a damaged one)",
        path, why, aside);
}

/* A file the bot may not write: read it if it can (saved games and stats still shown). */
static void store_open_readonly(store *s, const char *why, char *err, size_t errlen)
{
    char why2[512], wal[STORE_PATH_MAX + 8];
    struct stat st;
    bool ok = store_exists(s->path) && store_try_open(s, true, why2, sizeof why2) == STORE_OPEN_OK;
    /* In a read-only directory a read-only connection cannot make the -shm file WAL needs
     * (SQLITE_READONLY_DIRECTORY). With no -wal to read (a clean close removes it), the file
     * alone holds everything, and this bot cannot change it: read it as immutable. */
    store_format(wal, sizeof wal, "%s-wal", s->path);
    if (!ok && store_exists(s->path) && (stat(wal, &st) != 0 || st.st_size == 0)) {
        s->immutable = true;
        ok = store_try_open(s, true, why2, sizeof why2) == STORE_OPEN_OK;
        s->immutable = false;
    }
    if (ok) {
        s->mode = STORE_READ_ONLY;
        s->code = SQLITE_READONLY;
        store_format(err, errlen,
                     "the state database %s cannot be written (%s): the bot restores its saved "
                     "games and shows the stats but saves nothing, and tries again from time to "
                     "time; let the bot's user write the file and its directory",
                     s->path, why);
        return;
    }
    store_format(err, errlen,
                 "the state database %s can be neither written (%s) nor read (%s): the bot runs "
                 "without saved games or stats and tries again from time to time; let the "
                 "bot's user write the file and its directory",
                 s->path, why, store_exists(s->path) ? why2 : "it does not exist");
    store_go_offline(s, why, SQLITE_READONLY);
}

/* Opens s->path: writable if it can, else read-only, else offline; err as store_open says. */
static void store_connect(store *s, char *err, size_t errlen)
{
    char why[512];
    store_format(err, errlen, "%s", "");
    store_clear_error(s);
    s->offline[0] = '\0';
    s->offline_code = 0;
    store_open_status status = store_try_open(s, false, why, sizeof why);
    if (status == STORE_OPEN_OK) {
        s->mode = STORE_WRITABLE;
    } else if (status == STORE_OPEN_READONLY) {
        store_open_readonly(s, why, err, errlen);
    } else if (store_open_fatal(status)) {
        store_format(err, errlen,
                     "cannot open the state database %s: %s; the bot runs without saving "
                     "and tries again from time to time",
                     s->path, why);
        store_go_offline(s, why, store_fatal_code[status]);
    } else if (!store_exists(s->path)) {
        store_format(err, errlen,
                     "cannot create the state database %s (%s): check that the bot's "
                     "user may write in its directory and that the disk is not full",
                     s->path, why);
        store_go_offline(s, why, SQLITE_CANTOPEN);
    } else {
        store_open_fresh(s, why, err, errlen);
    }
}

store *store_open(const char *path, char *err, size_t errlen)
{
    char why[512];
    struct stat st;
    store_format(err, errlen, "%s", "");
    if (!path || !*path || strlen(path) >= STORE_PATH_MAX) {
        store_format(err, errlen,
                     "state.database is empty or too long: set it to a file path such "
                     "as /var/lib/durakbot/durakbot.db");
        return NULL;
    }
    if (!store_make_parent(path, why, sizeof why)) {
        store_format(err, errlen,
                     "cannot create the state database %s: %s: create its directory and "
                     "give it to the bot's user",
                     path, why);
        return NULL;
    }
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        store_format(err, errlen,
                     "the state database %s is not a regular file (a directory?): set "
                     "state.database to a file path",
                     path);
        return NULL;
    }
    store *s = calloc(1, sizeof *s);
    if (!s) {
        store_format(err, errlen, "out of memory opening the state database %s", path);
        return NULL;
    }
    store_format(s->path, sizeof s->path, "%s", path);
    store_connect(s, err, errlen);
    s->unread_tables = s->mode == STORE_OFFLINE; /* nothing could be loaded (main.c) */
    return s;
}

store *store_open_reader(const char *path, char *err, size_t errlen)
{
    char why[512];
    store *s = path && *path && strlen(path) < STORE_PATH_MAX ? calloc(1, sizeof *s) : NULL;
    store_format(err, errlen, "%s", "");
    if (!s) {
        store_format(err, errlen,
                     "cannot read the state database \"%s\": no such path or no memory",
                     path ? path : "");
        return NULL;
    }
    store_format(s->path, sizeof s->path, "%s", path);
    if (store_try_open(s, true, why, sizeof why) == STORE_OPEN_OK) {
        s->mode = STORE_READ_ONLY;
        return s;
    }
    store_format(err, errlen, "cannot read the state database %s: %s", path, why);
    free(s);
    return NULL;
}

bool store_reopen(store *s, char *err, size_t errlen)
{
    store_disconnect(s);
    store_connect(s, err, errlen);
    return s->mode == STORE_WRITABLE;
}

store_mode store_mode_of(const store *s) { return s ? s->mode : STORE_OFFLINE; }
