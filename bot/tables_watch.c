/* tables_watch.c — spectators: !watch sends a channel game's public lines to a person privately, in
 * their own language, when they would not read them in the channel; until !unwatch. */

/* !watch works in a lobby too; tables_emit.c writes the copies. The lines go to the spectator
 * whenever they would not read them in the channel as they are: once they leave it, or when they
 * read another language; until !unwatch, the game's end or they quit. A seated player cannot watch;
 * WATCH_MAX a table. Spectators are saved with the table (tables_snapshot.c): every change here
 * touches it, so that a restart keeps them. */
#include <stdio.h>
#include <string.h>

#include "log.h"
#include "tables_internal.h"

static void drop(table_t *tb, int i)
{
    memmove(tb->watcher[i], tb->watcher[i + 1],
            sizeof tb->watcher[0] * (size_t)(tb->nwatchers - i - 1));
    memmove(&tb->watcher_away[i], &tb->watcher_away[i + 1],
            sizeof tb->watcher_away[0] * (size_t)(tb->nwatchers - i - 1));
    memmove(&tb->watcher_unlisted[i], &tb->watcher_unlisted[i + 1],
            sizeof tb->watcher_unlisted[0] * (size_t)(tb->nwatchers - i - 1));
    tb->nwatchers--;
    tables_touch(tb);
}

/* !watch: checks, then the spectator is added and hears where the game stands. */
static void watch_on(tables *t, const tables_who *w, table_t *tb, outbox *o)
{
    const char *p = tables_prefix(t);
    if (tables_watcher_of(t, tb, w->nick) >= 0) {
        tables_notice(o, w->nick, MSG_WATCH_ALREADY, tb->channel, p);
    } else if (tables_seat_of(t, tb, w->nick) >= 0) {
        tables_notice(o, w->nick, MSG_WATCH_SEATED, tb->channel);
    } else if (tb->nwatchers == WATCH_MAX) {
        tables_notice(o, w->nick, MSG_WATCH_FULL, tb->channel, WATCH_MAX);
    } else {
        tb->watcher_away[tb->nwatchers] = tb->watcher_unlisted[tb->nwatchers] = false;
        snprintf(tb->watcher[tb->nwatchers++], sizeof tb->watcher[0], "%s", w->nick);
        tables_touch(tb);
        if (tables_lang_of(t, w->nick) != tables_channel_lang(t, tb->channel))
            tables_notice(o, w->nick, MSG_WATCH_ON_HERE, tb->channel, p);
        else
            tables_notice(o, w->nick, MSG_WATCH_ON, tb->channel, tb->channel, p);
        if (!tb->playing)
            return;
        render_opts r = tables_ropts_to(t, w->nick); /* as their copies */
        char line[TABLES_LINE_MAX];
        tables_status_line(t, tb, &r, NULL, line, sizeof line);
        tables_say(o, w->nick, MSG_WATCH_LINE, tb->channel, line);
    }
}

void watch_stop_all(tables *t, const tables_who *w, outbox *o)
{
    bool any = false;
    for (int k = 0; k < t->ntab; k++) {
        table_t *tb = &t->tab[k];
        int i = tb->used ? tables_watcher_of(t, tb, w->nick) : -1;
        if (i >= 0) {
            drop(tb, i);
            tables_notice(o, w->nick, MSG_WATCH_OFF, tb->channel);
            any = true;
        }
    }
    if (!any)
        tables_notice(o, w->nick, MSG_WATCH_NONE, tables_prefix(t));
}

void watch_command(tables *t, const tables_who *w, table_t *tb, bool on, outbox *o)
{
    if (on) {
        watch_on(t, w, tb, o);
        return;
    }
    int i = tables_watcher_of(t, tb, w->nick);
    if (i < 0) {
        tables_notice(o, w->nick, MSG_WATCH_NOT, tb->channel, tables_prefix(t));
        return;
    }
    drop(tb, i);
    tables_notice(o, w->nick, MSG_WATCH_OFF, tb->channel);
}

void watch_gone(tables *t, const char *nick, const char *channel)
{
    for (int k = 0; k < t->ntab; k++) {
        table_t *tb = &t->tab[k];
        if (!tb->used || (channel && !casemap_equal(t->cm, tb->channel, channel)))
            continue;
        int i = tables_watcher_of(t, tb, nick);
        if (i >= 0 && channel) { /* out of the channel: the copies follow them */
            tb->watcher_away[i] = true;
            tables_touch(tb);
        } else if (i >= 0) { /* a QUIT, or the server's 401 to a copy */
            log_msg(LOG_INFO, "%s: %s no longer watches: gone from IRC", tb->channel, nick);
            drop(tb, i);
        }
    }
}

void watch_back(tables *t, const char *nick, const char *channel)
{
    table_t *tb = tables_find(t, channel);
    int i = tb ? tables_watcher_of(t, tb, nick) : -1;
    if (i >= 0)
        tb->watcher_unlisted[i] = false;
    if (i >= 0 && tb->watcher_away[i]) {
        tb->watcher_away[i] = false;
        tables_touch(tb);
    }
}

void watch_renamed(tables *t, const char *old_nick, const char *new_nick)
{
    for (int k = 0; k < t->ntab; k++) {
        table_t *tb = &t->tab[k];
        int i = tb->used ? tables_watcher_of(t, tb, old_nick) : -1;
        if (i >= 0 && tables_seat_of(t, tb, new_nick) >= 0) {
            drop(tb, i); /* the nick of a seat there (its player away): one name, one role */
        } else if (i >= 0) {
            snprintf(tb->watcher[i], sizeof tb->watcher[0], "%s", new_nick);
            tables_touch(tb);
        }
    }
}

void watch_seated(tables *t, table_t *tb, const char *nick)
{
    int i = tables_watcher_of(t, tb, nick);
    if (i >= 0)
        drop(tb, i);
}
