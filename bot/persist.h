/* persist.h — what the tables changed goes to the store: finished games' results, then each
 * changed table's snapshot (or its deletion). The one place that writes tables' data to SQLite
 * and handles a failure. */
#ifndef DURAK_PERSIST_H
#define DURAK_PERSIST_H

#include "store.h"
#include "tables.h"

/* Takes every change of `t` since the last call into `db` (NULL: changes are dropped). Call
 * once per loop iteration, after the events and timers, before the lines are queued, so that
 * nothing is said before it is saved. */
void persist_tables(tables *t, store *db, double now);

#endif
