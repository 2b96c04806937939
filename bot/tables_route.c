/* tables_route.c — where lines to closed games go (t->gone): a private game's key to its player,
 * never to IRC under the key; a channel game's page address to its spectators too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "site.h"
#include "tables_internal.h"

/* The latest closure of game `key` (a key may be used again once it is free). */
static const gone_route *gone_of(const tables *t, const char *key)
{
    for (int i = 1; i <= GONE_MAX; i++) {
        const gone_route *g = &t->gone[(t->gone_next - i + GONE_MAX) % GONE_MAX];
        if (g->key[0] && casemap_equal(t->cm, g->key, key))
            return g;
    }
    return NULL;
}

/* The person who hears private game `key` now (present and seen since any restart), or NULL. */
static const char *solo_player(tables *t, const char *key)
{
    const table_t *tb = tables_find(t, key);
    int s = tb ? tables_solo_seat(tb) : -1;
    if (tb)
        return s >= 0 && tables_hears(tb, s) ? tb->seat[s].nick : NULL;
    const gone_route *g = gone_of(t, key);
    return g && g->nick[0] ? g->nick : NULL;
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
}

void tables_game_page(tables *t, const char *where, int lang, const char *url, outbox *o)
{
    tables_bind(t, o);
    msg_lang shown =
        lang >= 0 && lang < MSG_LANG_COUNT ? (msg_lang)lang : (msg_lang)tables_language(t, where);
    outbox_add_prio(o, OUT_GAME, OUT_PRIVMSG, where, "%s", site_line((int)shown, url));
    const gone_route *g = tables_private_key(where) ? NULL : gone_of(t, where);
    for (const char *p = g ? g->watchers : ""; *p;) {
        bool away = *p++ == '+';
        size_t n = strcspn(p, " ");
        char nick[NICK_MAX];
        snprintf(nick, sizeof nick, "%.*s", (int)n, p);
        p += n + (p[n] == ' ');
        /* the game is closed: their own language, else the game's, as its lines went to them */
        int chosen = tables_chosen_lang(t, nick);
        msg_lang theirs = chosen >= 0 ? (msg_lang)chosen : shown;
        if (away || theirs != shown)
            tables_say(o, nick, MSG_WATCH_LINE, where, site_line((int)theirs, url));
    }
}
