/* store_prefs.c — each person's preferences for their private lines, one row per stats key, read
 * when first needed and written on `set`. */

/* The preferences: NOTICE or PRIVMSG, colours, the turn line, the language, the web pages. */
#include "store_internal.h"

#include <stdio.h>
#include <string.h>

bool store_get_prefs(store *s, const char *key, store_prefs *out)
{
    sqlite3_stmt *st = s->st[ST_GET_PREFS];
    memset(out, 0, sizeof *out);
    store_clear_error(s);
    if (!store_online(s, "could not read a player's settings", "the defaults are used"))
        return false;
    store_bind_text(s, ST_GET_PREFS, 1, key);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        out->delivery = sqlite3_column_int(st, 0);
        out->colours = sqlite3_column_int(st, 1);
        out->turn = sqlite3_column_int(st, 2);
        const unsigned char *lang = sqlite3_column_text(st, 3);
        snprintf(out->language, sizeof out->language, "%s", lang ? (const char *)lang : "");
        out->site = sqlite3_column_int(st, 4);
    } else if (rc != SQLITE_DONE) {
        store_fail(s, "could not read a player's settings", "the defaults are used");
    }
    sqlite3_reset(st);
    return rc == SQLITE_ROW;
}

bool store_put_prefs(store *s, const char *key, const store_prefs *p)
{
    store_clear_error(s);
    store_bind_text(s, ST_PUT_PREFS, 1, key);
    sqlite3_bind_int(s->st[ST_PUT_PREFS], 2, p->delivery);
    sqlite3_bind_int(s->st[ST_PUT_PREFS], 3, p->colours);
    sqlite3_bind_int(s->st[ST_PUT_PREFS], 4, p->turn);
    store_bind_text(s, ST_PUT_PREFS, 5, p->language);
    sqlite3_bind_int(s->st[ST_PUT_PREFS], 6, p->site);
    return store_run(s, ST_PUT_PREFS, "could not save a player's settings",
                     "they hold until the bot restarts: check free space and permissions of "
                     "state.database");
}
