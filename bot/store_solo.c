/* store_solo: the leaderboard of private games against computer players (issue 14), from the
 * players rows under '+' keys; a query of its own, prepared when asked (it is asked rarely). */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#define STORE_SOLO_TOP                                                                             \
    "SELECT key, display, games, firsts, duraks, draws, forfeits, rating FROM players"             \
    " WHERE substr(key, 1, 1) = '+' AND substr(key, 2, 1) <> '*'"                                  \
    " ORDER BY rating DESC, games DESC, key LIMIT ?1"

int store_top_solo(store *s, int n, store_player *out)
{
    sqlite3_stmt *st = NULL;
    int count = 0, rc = SQLITE_DONE;
    store_clear_error(s);
    if (n <= 0)
        return 0;
    if (!store_online(s, "could not read the solo leaderboard", "it is shown again once it opens"))
        return -1;
    if (sqlite3_prepare_v2(s->db, STORE_SOLO_TOP, -1, &st, NULL) != SQLITE_OK) {
        store_fail(s, "could not read the solo leaderboard", "check the database file");
        return -1;
    }
    sqlite3_bind_int(st, 1, n);
    while (count < n && (rc = sqlite3_step(st)) == SQLITE_ROW)
        store_read_player(st, &out[count++]);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        store_fail(s, "could not read the solo leaderboard", "check the database file");
        count = -1;
    }
    sqlite3_finalize(st);
    return count;
}
