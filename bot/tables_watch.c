/* tables_watch.c — spectators: !watch sends a running channel game's public lines to a
 * person privately (tables_route_lines copies them), until !unwatch, the game's end, or they leave
 * the channel or quit. A seated player cannot watch; WATCH_MAX a table; never saved. */
#include <stdio.h>
#include <string.h>

#include "tables_internal.h"

static int watcher_of(const tables *t, const table_t *tb, const char *nick)
{
    for (int i = 0; i < tb->nwatchers; i++)
        if (casemap_equal(t->cm, tb->watcher[i], nick))
            return i;
    return -1;
}

static void drop(table_t *tb, int i)
{
    memmove(tb->watcher[i], tb->watcher[i + 1],
            sizeof tb->watcher[0] * (size_t)(tb->nwatchers - i - 1));
    tb->nwatchers--;
}

/* !watch: checks, then the spectator is added and hears where the game stands. */
static void watch_on(tables *t, const tables_who *w, table_t *tb, outbox *o)
{
    const char *p = tables_prefix(t);
    if (watcher_of(t, tb, w->nick) >= 0) {
        tables_notice(o, w->nick, MSG_WATCH_ALREADY, tb->channel, p);
    } else if (!tb->playing) {
        tables_notice(o, w->nick, MSG_WATCH_NO_GAME, tb->channel, p);
    } else if (tables_seat_of(t, tb, w->nick) >= 0) {
        tables_notice(o, w->nick, MSG_WATCH_SEATED, tb->channel);
    } else if (tb->nwatchers == WATCH_MAX) {
        tables_notice(o, w->nick, MSG_WATCH_FULL, tb->channel, WATCH_MAX);
    } else {
        snprintf(tb->watcher[tb->nwatchers++], sizeof tb->watcher[0], "%s", w->nick);
        tables_notice(o, w->nick, MSG_WATCH_ON, tb->channel, p, tb->channel);
        render_opts r = tables_ropts_to(t, tb->channel); /* as its copied lines */
        render_seats names = tables_names(tb);
        char line[TABLES_LINE_MAX];
        render_table_line(&r, &names, &tb->g, line, sizeof line);
        tables_say(o, w->nick, MSG_WATCH_LINE, tb->channel, line);
    }
}

void watch_command(tables *t, const tables_who *w, table_t *tb, bool on, outbox *o)
{
    if (on) {
        watch_on(t, w, tb, o);
        return;
    }
    int i = watcher_of(t, tb, w->nick);
    if (i < 0) {
        tables_notice(o, w->nick, MSG_WATCH_NOT, tb->channel, tables_prefix(t));
        return;
    }
    drop(tb, i);
    tables_notice(o, w->nick, MSG_WATCH_OFF, tb->channel);
}

void watch_gone(tables *t, const char *nick, const char *channel)
{
    for (int k = 0; k < TABLES_MAX; k++) {
        table_t *tb = &t->tab[k];
        if (!tb->used || (channel && !casemap_equal(t->cm, tb->channel, channel)))
            continue;
        int i = watcher_of(t, tb, nick);
        if (i >= 0)
            drop(tb, i);
    }
}

void watch_renamed(tables *t, const char *old_nick, const char *new_nick)
{
    for (int k = 0; k < TABLES_MAX; k++) {
        table_t *tb = &t->tab[k];
        int i = tb->used ? watcher_of(t, tb, old_nick) : -1;
        if (i >= 0)
            snprintf(tb->watcher[i], sizeof tb->watcher[0], "%s", new_nick);
    }
}
