/* tables_route.c — where the lines said to a table's key go before they are queued: a
 * private game's to its player and never to IRC under its key, a channel game's also to its
 * spectators; tables closed this round are found in t->gone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tables_internal.h"

static const gone_route *gone_of(const tables *t, const char *key)
{
    for (int i = t->ngone - 1; i >= 0; i--)
        if (casemap_equal(t->cm, t->gone[i].key, key))
            return &t->gone[i];
    return NULL;
}

/* The person who hears private game `key` now (present and seen since any restart), or NULL. */
static const char *solo_player(tables *t, const char *key)
{
    const table_t *tb = tables_find(t, key);
    for (int s = 0; tb && s < tb->nseats; s++)
        if (!tables_is_ai(tb, s) && !tb->seat[s].absent && !tb->seat[s].unconfirmed)
            return tb->seat[s].nick;
    if (tb)
        return NULL;
    const gone_route *g = gone_of(t, key);
    return g && g->solo && g->n ? g->nick[0] : NULL;
}

/* A running channel game's line (item i) to each of its spectators, marked with the channel. */
static void copy_to_watchers(tables *t, outbox *o, size_t i)
{
    const out_msg *m = &o->items[i];
    if (m->kind != OUT_PRIVMSG || m->prio != OUT_GAME || !casemap_is_channel(m->target))
        return;
    char channel[64], nick[WATCH_MAX][NICK_MAX];
    const char *text = m->text; /* its own allocation: stays where it is as o grows */
    int n = 0;
    snprintf(channel, sizeof channel, "%s", m->target);
    const table_t *tb = tables_find(t, channel);
    const gone_route *g = gone_of(t, channel);
    if (tb && tb->nwatchers)
        for (n = 0; n < tb->nwatchers; n++)
            snprintf(nick[n], sizeof nick[0], "%s", tb->watcher[n]);
    else if (g && !g->solo)
        for (n = 0; n < g->n; n++)
            snprintf(nick[n], sizeof nick[0], "%s", g->nick[n]);
    for (int k = 0; k < n; k++)
        tables_say(o, nick[k], MSG_WATCH_LINE, channel, text);
}

void tables_route_lines(tables *t, outbox *o)
{
    size_t n = 0, len = o->len;
    for (size_t i = 0; i < len; i++) {
        out_msg m = o->items[i];
        if (tables_private_key(m.target)) {
            const char *to = m.kind == OUT_PART ? NULL : solo_player(t, m.target);
            if (!to) { /* nobody to hear it now: dropped, never sent under the key */
                free(m.text);
                continue;
            }
            snprintf(m.target, sizeof m.target, "%s", to);
        }
        o->items[n++] = m;
    }
    o->len = n;
    for (size_t i = 0; i < n; i++)
        copy_to_watchers(t, o, i);
    t->ngone = 0;
}
