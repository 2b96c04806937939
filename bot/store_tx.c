/* store_tx.c — what the store's files share to run SQL: errors and their kinds, one statement's
 * step, transactions that nest (BEGIN IMMEDIATE outside, SAVEPOINTs inside), PRAGMA synchronous. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void
store_format(char *buf, size_t len, const char *fmt, ...)
{
    if (!buf || len == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, len, fmt, ap);
    va_end(ap);
}

void store_clear_error(store *s)
{
    s->error[0] = '\0';
    s->code = 0;
    s->sys_errno = 0;
    s->refused = false;
}

/* sys: the errno behind an I/O error, if known. */
static bool store_fail_errno(store *s, const char *what, const char *todo, int sys)
{
    s->code = s->db ? sqlite3_extended_errcode(s->db) : SQLITE_CANTOPEN;
    if (s->code == SQLITE_OK)
        s->code = SQLITE_ERROR;
    s->sys_errno = (s->code & 0xff) == SQLITE_IOERR ? sys : 0;
    /* what the database holds against this input (a UNIQUE or CHECK constraint) fails every try
     * alike: refused, so that the caller drops it rather than retry it forever */
    s->refused = (s->code & 0xff) == SQLITE_CONSTRAINT;
    /* an I/O error says little by itself: "disk I/O error (File too large)"; a savepoint's or a
     * rollback's failure has nothing to add (todo ""), and the log line goes on after it */
    store_format(s->error, sizeof s->error, "%s: %s%s%s%s%s%s", what,
                 s->db ? sqlite3_errmsg(s->db) : "not open", s->sys_errno ? " (" : "",
                 s->sys_errno ? strerror(s->sys_errno) : "", s->sys_errno ? ")" : "",
                 todo[0] ? "; " : "", todo);
    return false;
}

bool store_fail(store *s, const char *what, const char *todo)
{
    return store_fail_errno(s, what, todo, s->db ? sqlite3_system_errno(s->db) : 0);
}

bool store_online(store *s, const char *what, const char *todo)
{
    if (s->db)
        return true;
    s->code = s->offline_code ? s->offline_code : SQLITE_CANTOPEN;
    store_format(s->error, sizeof s->error, "%s: the state database is not open (%s)%s%s", what,
                 s->offline, todo[0] ? "; " : "", todo);
    return false;
}

bool store_run(store *s, enum store_stmt which, const char *what, const char *todo)
{
    if (!store_online(s, what, todo))
        return false;
    sqlite3_stmt *st = s->st[which];
    errno = 0;
    int rc = sqlite3_step(st);
    /* sqlite3_system_errno often misses the errno of a failed write to the -wal file (EFBIG,
     * EDQUOT): the step leaves it in errno */
    int sys = errno;
    if (rc != SQLITE_DONE)
        store_fail_errno(s, what, todo,
                         sqlite3_system_errno(s->db) ? sqlite3_system_errno(s->db) : sys);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc == SQLITE_DONE;
}

void store_bind_text(store *s, enum store_stmt which, int index, const char *text)
{
    if (s->db)
        sqlite3_bind_text(s->st[which], index, text, -1, SQLITE_STATIC);
}

const char *store_error(const store *s) { return s ? s->error : "no store: store_open failed"; }

bool store_disk_full(int code, int sys_errno)
{
    /* SQLite says SQLITE_FULL for ENOSPC only; a quota or a file size limit (ulimit -f, systemd's
     * LimitFSIZE=) is as full for the bot, and so is ENOSPC where SQLite says SQLITE_IOERR */
    return (code & 0xff) == SQLITE_FULL
           || ((code & 0xff) == SQLITE_IOERR
               && (sys_errno == ENOSPC || sys_errno == EDQUOT || sys_errno == EFBIG));
}

store_fault store_last_fault(const store *s)
{
    if (!s)
        return STORE_FAULT_OTHER;
    if (store_disk_full(s->code, s->sys_errno))
        return STORE_FAULT_FULL;
    switch (s->code & 0xff) {
    case SQLITE_OK: return STORE_FAULT_NONE;
    case SQLITE_READONLY:
    case SQLITE_PERM:
    case SQLITE_CANTOPEN: return STORE_FAULT_READONLY;
    case SQLITE_BUSY:
    case SQLITE_LOCKED: return STORE_FAULT_LOCKED;
    default: return STORE_FAULT_OTHER;
    }
}

bool store_refused(const store *s) { return s && s->refused; }

/* ---- transactions ---- */

bool store_begin(store *s)
{
    bool ok = s->depth > 0 ? store_run(s, ST_SAVEPOINT, "could not start a savepoint", "")
                           : store_run(s, ST_BEGIN, "could not start a transaction",
                                       "is another process using state.database? Stop it");
    s->depth += ok;
    return ok;
}

/* On failure the level stays open: the caller rolls it back. */
bool store_commit(store *s)
{
    if (s->depth <= 0)
        return true;
    bool ok = s->depth > 1 ? store_run(s, ST_RELEASE, "could not release a savepoint", "")
                           : store_run(s, ST_COMMIT, "could not commit",
                                       "nothing was written: check free space "
                                       "and permissions of state.database");
    s->depth -= ok;
    return ok;
}

/* Undoes the innermost open level, keeping the error that caused it. If SQLite already rolled the
 * whole transaction back (a full disk may), there is nothing left to undo. */
void store_rollback(store *s)
{
    char error[sizeof s->error];
    int code = s->code, sys_errno = s->sys_errno;
    bool refused = s->refused;
    memcpy(error, s->error, sizeof error);
    if (s->depth <= 0)
        return;
    s->depth--;
    if (s->db && !sqlite3_get_autocommit(s->db)) {
        if (s->depth > 0 && store_run(s, ST_ROLLBACK_TO, "could not roll back", ""))
            store_run(s, ST_RELEASE, "could not release a savepoint", "");
        else if (s->depth == 0)
            store_run(s, ST_ROLLBACK, "could not roll back", "");
    }
    memcpy(s->error, error, sizeof error);
    s->code = code;
    s->sys_errno = sys_errno;
    s->refused = refused;
}

bool store_batch_begin(store *s)
{
    store_clear_error(s);
    return store_begin(s);
}

bool store_batch_commit(store *s)
{
    store_clear_error(s);
    return store_commit(s);
}

void store_batch_rollback(store *s)
{
    while (s->depth > 0)
        store_rollback(s);
}

/* Applied now if the store is writable, else at the next open (store.c). */
bool store_set_synchronous(store *s, bool full)
{
    s->sync_full = full;
    if (!s->db || s->mode != STORE_WRITABLE)
        return true; /* applied at the next open; why this one cannot write stays the fault */
    store_clear_error(s);
    if (sqlite3_exec(s->db, full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL",
                     NULL, NULL, NULL)
        == SQLITE_OK)
        return true;
    return store_fail(s, "could not set PRAGMA synchronous", "check state.synchronous");
}
