/* store_internal.h: what the store's files share (store.c opens the database and prepares the
 * statements; store_tables.c and store_players.c use them). Not for use outside store*.c. */
#ifndef DURAK_STORE_INTERNAL_H
#define DURAK_STORE_INTERNAL_H

#include "store.h"

#include <sqlite3.h>

/* The prepared statements, one per query (their SQL is store_sql in store.c). */
enum store_stmt {
    ST_BEGIN,
    ST_COMMIT,
    ST_ROLLBACK,
    ST_SAVE_TABLE,
    ST_DELETE_TABLE,
    ST_LOAD_TABLES,
    ST_GET_PLAYER,
    ST_PUT_PLAYER,
    ST_TOP,
    ST_RENAME,
    ST_COUNT
};

/* The open database: its connection, the statements prepared once, the last error. */
struct store {
    sqlite3 *db;
    sqlite3_stmt *st[ST_COUNT];
    char error[640];
};

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void store_format(char *buf, size_t len, const char *fmt, ...);
/* Records what went wrong: "<what>: <SQLite's message>; <what to do>". Returns false. */
bool store_fail(store *s, const char *what, const char *todo);
/* Steps a statement that returns no rows, then resets it; on failure records what (see store_fail). */
bool store_run(store *s, enum store_stmt which, const char *what, const char *todo);
void store_bind_text(store *s, enum store_stmt which, int index, const char *text);

/* Transactions (BEGIN IMMEDIATE); store_rollback keeps the error that caused it. */
bool store_begin(store *s);
bool store_commit(store *s);
void store_rollback(store *s);

#endif
