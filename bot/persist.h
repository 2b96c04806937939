/* persist.h — what the tables changed goes to the store: finished games' results, then each changed
 * table's snapshot (or its deletion), all in one transaction per loop iteration. */

/* The one place that writes tables' data to SQLite and handles a failure. */
#ifndef DURAK_PERSIST_H
#define DURAK_PERSIST_H

#include <stddef.h>

#include "outbox.h"
#include "outq.h"
#include "store.h"
#include "tables.h"

/* What is waiting to be written, kept in memory while the store fails, and when to try again. */
typedef struct persist persist;

/* A persister writing into db (not owned; NULL: every change is dropped, nothing is kept). */
persist *persist_new(store *db);
void persist_free(persist *p);

/* Takes every change of `t` since the last call and writes all that waits in one transaction:
 * deletions of finished tables first (they free space), the stats in the order they came, then
 * the running tables' snapshots. If that fails, nothing is lost: all of it is kept and tried
 * again with a growing pause (persist_next_due). A finished game's result and the deletion of
 * its table are thus always written together or not at all. While the store is read-only or
 * offline it is reopened on the same schedule. Each channel with something waiting is told
 * once that results are not being saved, and again when they are (lines into o, which may be
 * NULL). Call once per loop iteration, after the events and timers, before the lines are
 * queued, so that nothing is said before it is saved. */
void persist_step(persist *p, tables *t, double now, outbox *o);
/* The same, trying at once whatever the pause (the bot stops): what still cannot be written is
 * logged at error level as lost. */
void persist_flush(persist *p, tables *t, double now, outbox *o);
/* When the next try is due (absolute time): a retry, or the end of a hold; -1 when nothing waits. */
double persist_next_due(const persist *p);

/* Group commit. When the send queue holds its lines anyway (send_wait: outq_wait_batch, > 0),
 * a step may wait for the next batch of lines, at most PERSIST_HOLD_MAX seconds since the first
 * step held: one transaction then saves several moves (under load, half the commits). Nothing is
 * said before it is saved still: the writer sends only when outq_wait_batch is 0, and the step
 * before it in the same turn then saves. True: skip persist_step this turn. */
#define PERSIST_HOLD_MAX OUTQ_BATCH_SECONDS
bool persist_hold(persist *p, double send_wait, double now);
/* Results and tables waiting to be written (the tests read it). */
size_t persist_pending(const persist *p);

/* Who is told, after a commit, of what it wrote: each finished game's record id (and where it was
 * played: a channel, or a private game's key; the language it was played in, "ru", or ""), and
 * each person whose `set site` (everywhere: every page that names them) or `set language` (their
 * own page alone) changed, by stats key. Called on the loop's thread; keep them short. */
typedef struct {
    void (*game)(void *ctx, long long game_id, const char *channel, const char *language);
    void (*person)(void *ctx, const char *key, bool everywhere);
    void *ctx;
} persist_hooks;
void persist_set_hooks(persist *p, const persist_hooks *h);

/* A finished game whose end may not have been heard: a row of running_tables under the key
 * PERSIST_ENDED_KEY and its record's id ("~ended 12"), its channel (or a private game's key) as
 * the snapshot, written with the record and kept until its end lines have left the send queue
 * (persist_said); a start that finds one says the game's result again. */
#define PERSIST_ENDED_KEY "~ended "
/* The game id of such a key, else 0. */
long long persist_ended_id(const char *key);
/* Game game_id's end lines have left the send queue: its row goes at the next write. */
void persist_said(persist *p, long long game_id);

/* One write of the changes of `t` with no memory (the tests' harness): what fails is logged, lost. */
void persist_tables(tables *t, store *db, double now);

#endif
