/* store_internal.h — what the store's files share: store.c opens the database and prepares the
 * statements, store_tx.c runs them, the other store*.c use them. Not for use outside store*.c. */

/* The exception to "not outside store*.c" is the tests of the store, the persister, the records and
 * the site (test_persist.c, test_records.c, test_site.c), which reach the connection to fill the
 * disk, count commits or change the schema. */
#ifndef DURAK_STORE_INTERNAL_H
#define DURAK_STORE_INTERNAL_H

#include "store.h"

#include <sqlite3.h>

#define STORE_PATH_MAX 4096

/* store_migrations[v] takes a database from user_version v to v + 1 (store_schema.c). */
extern const char *const store_migrations[STORE_SCHEMA_VERSION];

/* The prepared statements, one per query (their SQL is store_sql in store_schema.c). */
enum store_stmt {
    ST_BEGIN,
    ST_COMMIT,
    ST_ROLLBACK,
    ST_SAVEPOINT,
    ST_RELEASE,
    ST_ROLLBACK_TO,
    ST_SAVE_TABLE,
    ST_DELETE_TABLE,
    ST_LOAD_TABLES,
    ST_REJECT_TABLE,
    ST_REJECT_ALL,
    ST_DELETE_ALL,
    ST_GET_PLAYER,
    ST_PUT_PLAYER,
    ST_TOP,
    ST_GET_PREFS,
    ST_PUT_PREFS,
    ST_COUNT
};
extern const char *const store_sql[ST_COUNT];

/* The open database: its connection (NULL while offline), the statements prepared once, how it
 * is open, the depth of nested transactions, the last error and its SQLite code. */
struct store {
    sqlite3 *db;
    sqlite3_stmt *st[ST_COUNT];
    store_mode mode;
    bool sync_full;    /* synchronous=FULL rather than NORMAL (store_set_synchronous) */
    bool immutable;    /* a read-only open reads the file as immutable (store.c) */
    int depth;         /* 0: no transaction; 1: BEGIN; more: SAVEPOINTs inside it */
    int code;          /* SQLite result code of the last failure, 0 if none */
    int sys_errno;     /* and the errno behind it (sqlite3_system_errno), 0 if none */
    bool refused;      /* the last failure was bad input, not the database */
    char offline[512]; /* while offline: why (the last open attempt's reason) */
    int offline_code;  /* and its SQLite code (SQLITE_BUSY when locked) */
    char path[STORE_PATH_MAX];
    char error[640];
    long long saved_game; /* the id store_save_game wrote last */
    bool unread_tables;   /* opened offline, and store_load_tables has not run since */
};

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void store_format(char *buf, size_t len, const char *fmt, ...);
/* Clears the last error: the start of every public call. */
void store_clear_error(store *s);
/* Records what went wrong: "<what>: <SQLite's message>; <what to do>". Returns false. */
bool store_fail(store *s, const char *what, const char *todo);

/* Whether a failure's SQLite code and errno mean a full disk (or quota, or file size limit). */
bool store_disk_full(int code, int sys_errno);
/* false with "<what>: the state database is not open (<why>); <todo>" when s is offline. */
bool store_online(store *s, const char *what, const char *todo);
/* Steps a statement that returns no rows, then resets it; on failure records what (see store_fail). */
bool store_run(store *s, enum store_stmt which, const char *what, const char *todo);
void store_bind_text(store *s, enum store_stmt which, int index, const char *text);
/* The players row at st (columns as STORE_PLAYER_COLUMNS in store_schema.c) into out. */
void store_read_player(sqlite3_stmt *st, store_player *out);
/* A rating column: play moves one by at most K a game, so one past a million, infinite or not a
 * number is a damaged or hand-edited database: read as the bound (or, not a number, the start),
 * never a value the pages and !top cannot draw or round to an int. */
double store_read_rating(sqlite3_stmt *st, int col);

/* Transactions that nest: the outermost is BEGIN IMMEDIATE, inner ones are SAVEPOINTs, so a call
 * that writes in its own transaction can run inside a batch. store_rollback keeps the error that
 * caused it, and undoes only the innermost level. */
bool store_begin(store *s);
bool store_commit(store *s);
void store_rollback(store *s);

#endif
