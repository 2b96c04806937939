/* store_tables.c — the running tables in the state database, one opaque snapshot line per channel,
 * saved after every change so a game survives a restart or kill -9, and loaded at start. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <stdlib.h>
#include <string.h>

bool store_save_table(store *s, const char *channel, const char *snapshot)
{
    store_clear_error(s);
    store_bind_text(s, ST_SAVE_TABLE, 1, channel);
    store_bind_text(s, ST_SAVE_TABLE, 2, snapshot);
    char what[128];
    store_format(what, sizeof what, "could not save the table of %.64s", channel);
    return store_run(s, ST_SAVE_TABLE, what,
                     "the game goes on but would not survive a restart: "
                     "check free space and permissions of state.database");
}

bool store_delete_table(store *s, const char *channel)
{
    store_clear_error(s);
    store_bind_text(s, ST_DELETE_TABLE, 1, channel);
    char what[128];
    store_format(what, sizeof what, "could not delete the saved table of %.64s", channel);
    return store_run(s, ST_DELETE_TABLE, what,
                     "it may come back at the next start: check free "
                     "space and permissions of state.database");
}

struct store_row {
    char *channel, *snapshot;
};

static void store_free_rows(struct store_row *rows, int n)
{
    for (int i = 0; i < n; i++) {
        free(rows[i].channel);
        free(rows[i].snapshot);
    }
    free(rows);
}

/* Appends the current row of st to *rows; false if out of memory. */
static bool store_push_row(struct store_row **rows, int *n, int *cap, sqlite3_stmt *st)
{
    if (*n == *cap) {
        int bigger = *cap ? 2 * *cap : 8;
        struct store_row *grown = realloc(*rows, (size_t)bigger * sizeof **rows);
        if (!grown)
            return false;
        *rows = grown;
        *cap = bigger;
    }
    const char *channel = (const char *)sqlite3_column_text(st, 0);
    const char *snapshot = (const char *)sqlite3_column_text(st, 1);
    struct store_row row = { strdup(channel ? channel : ""), strdup(snapshot ? snapshot : "") };
    if (!row.channel || !row.snapshot) {
        free(row.channel);
        free(row.snapshot);
        return false;
    }
    (*rows)[(*n)++] = row;
    return true;
}

/* Copies every saved table into *rows (so the callbacks run with no statement open). */
static int store_read_rows(store *s, struct store_row **rows)
{
    sqlite3_stmt *st = s->st[ST_LOAD_TABLES];
    int n = 0, cap = 0, rc;
    *rows = NULL;
    if (!store_online(s, "could not load the saved tables", "the bot starts without them"))
        return -1;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        if (!store_push_row(rows, &n, &cap, st))
            break;
    if (rc == SQLITE_ROW)
        store_format(s->error, sizeof s->error, "out of memory loading the saved tables");
    else if (rc != SQLITE_DONE)
        store_fail(s, "could not load the saved tables",
                   "the bot starts without them: check "
                   "the database file");
    sqlite3_reset(st);
    if (rc == SQLITE_DONE)
        return n;
    store_free_rows(*rows, n);
    *rows = NULL;
    return -1;
}

int store_load_tables(store *s, void (*cb)(void *ctx, const char *channel, const char *snapshot),
                      void *ctx)
{
    struct store_row *rows;
    store_clear_error(s);
    int n = store_read_rows(s, &rows);
    s->unread_tables &= n < 0;
    for (int i = 0; i < n; i++)
        cb(ctx, rows[i].channel, rows[i].snapshot);
    if (n > 0)
        store_free_rows(rows, n);
    return n;
}

bool store_reject_table(store *s, const char *channel, const char *snapshot, const char *reason)
{
    store_clear_error(s);
    if (!store_begin(s))
        return false;
    store_bind_text(s, ST_REJECT_TABLE, 1, channel);
    store_bind_text(s, ST_REJECT_TABLE, 2, snapshot);
    store_bind_text(s, ST_REJECT_TABLE, 3, reason);
    char what[128];
    store_format(what, sizeof what, "could not move the saved table of %.64s to rejected_tables",
                 channel);
    bool ok = store_run(s, ST_REJECT_TABLE, what, "it is tried again at the next start");
    if (ok) {
        store_bind_text(s, ST_DELETE_TABLE, 1, channel);
        ok = store_run(s, ST_DELETE_TABLE, what, "it is tried again at the next start");
    }
    if (ok && store_commit(s))
        return true;
    store_rollback(s);
    return false;
}

int store_set_aside_unloaded(store *s, const char *reason)
{
    store_clear_error(s);
    if (!s->unread_tables)
        return 0;
    if (!store_begin(s))
        return -1;
    const char *what = "could not move the tables saved before the start to rejected_tables";
    const char *todo = "they are tried again at the next write";
    store_bind_text(s, ST_REJECT_ALL, 1, reason);
    bool ok = store_run(s, ST_REJECT_ALL, what, todo);
    int n = ok ? sqlite3_changes(s->db) : -1;
    if (ok && store_run(s, ST_DELETE_ALL, what, todo) && store_commit(s)) {
        s->unread_tables = false;
        return n;
    }
    store_rollback(s);
    return -1;
}
