/* persist.c — the tables' changes into the store: results, then snapshots,
 * each failure logged at error level with the store's reason. */
#include "persist.h"

#include "log.h"

static void save_result(void *ctx, const store_result *r)
{
    store *db = ctx;
    if (db && !store_record_game(db, r))
        log_msg(LOG_ERR, "could not record a finished game: %s", store_error(db));
}

static void save_table(void *ctx, const char *channel, const char *snapshot)
{
    store *db = ctx;
    if (!db)
        return;
    bool ok = snapshot ? store_save_table(db, channel, snapshot) : store_delete_table(db, channel);
    if (!ok)
        log_msg(LOG_ERR, "could not save the game in %s: %s", channel, store_error(db));
}

void persist_tables(tables *t, store *db, double now)
{
    tables_take_results(t, save_result, db);
    tables_take_changes(t, now, save_table, db);
}
