/* tables_prefs.c — each person's preferences for their private lines: read from the store when
 * first needed and kept, handed over when `set` changed them, applied to the outbox's lines. */

/* `set` is tables_set; changes are saved through persist; they apply to the outbox before its lines
 * are queued (NOTICE or PRIVMSG, colours; the language: tables_lang). */
#include <stdio.h>
#include <string.h>

#include "mirc.h"
#include "tables_internal.h"

pref_entry *prefs_entry(tables *t, const char *nick, const char *account)
{
    /* a nick is whoever holds it now: its settings are found by the person's key, never by the
     * nick alone (one who takes a nick must not read or change its last holder's) */
    char key[NICK_MAX + 1];
    int s;
    if (!account && t->event_nick[0] && casemap_equal(t->cm, nick, t->event_nick))
        account = t->event_account;
    table_t *tb = account && account[0] ? NULL : tables_of_nick(t, nick, &s);
    if (tb && !tb->seat[s].absent) { /* the seat's person, under the nick they sat down with */
        account = tb->seat[s].account;
        nick = tables_seat_key_nick(&tb->seat[s]);
    }
    tables_stats_key(t, nick, account, key, sizeof key);
    for (int i = 0; i < PREFS_CACHED; i++)
        if (t->prefs[i].used && !strcmp(t->prefs[i].key, key))
            return &t->prefs[i];
    pref_entry *e = &t->prefs[t->prefs_next];
    t->prefs_next = (t->prefs_next + 1) % PREFS_CACHED;
    memset(e, 0, sizeof *e);
    e->used = true;
    snprintf(e->key, sizeof e->key, "%s", key);
    if (t->db)
        store_get_prefs(t->db, e->key, &e->p);
    return e;
}

const store_prefs *tables_prefs_of(tables *t, const char *nick)
{
    return &prefs_entry(t, nick, NULL)->p;
}

void tables_take_prefs(tables *t, void (*cb)(void *ctx, const char *key, const store_prefs *p),
                       void *ctx)
{
    for (int i = 0; i < t->nprefs_dirty; i++)
        cb(ctx, t->prefs_dirty[i].key, &t->prefs_dirty[i].p);
    t->nprefs_dirty = 0;
}

void tables_apply_prefs(tables *t, outbox *o)
{
    for (size_t i = 0; i < o->len; i++) {
        out_msg *m = &o->items[i];
        if (m->kind == OUT_PART || casemap_is_channel(m->target))
            continue;
        const store_prefs *p = tables_prefs_of(t, m->target);
        /* the person's choice, else the bot's (ui.private_lines; its lines are notices) */
        int delivery = p->delivery                                       ? p->delivery
                       : t->cfg.ui.private_lines == CONFIG_LINES_PRIVMSG ? 2
                                                                         : 0;
        if (delivery)
            m->kind = delivery == 1 ? OUT_NOTICE : OUT_PRIVMSG;
        if (p->colours == 2 || (!p->colours && !t->cfg.ui.colors))
            mirc_strip(m->text, m->text, strlen(m->text));
    }
}

void prefs_changed(tables *t, const pref_entry *e)
{
    if (t->nprefs_dirty < PREFS_CACHED)
        t->prefs_dirty[t->nprefs_dirty++] = *e;
}
