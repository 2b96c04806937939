/* tables_prefs.c — each person's preferences for their private lines (`set …`): read from the
 * store when first needed and kept, changed by `set` (saved through persist), and applied to
 * the outbox before its lines are queued (NOTICE or PRIVMSG, colours; the language: tables_lang). */
#include <stdio.h>
#include <string.h>

#include "mirc.h"
#include "tables_internal.h"

/* The entry of `nick`, loaded from the store the first time (by the seat's account when the
 * nick sits somewhere, else by the account of the event, else by nick). */
static pref_entry *entry_of(tables *t, const char *nick, const char *account)
{
    for (int i = 0; i < PREFS_CACHED; i++)
        if (t->prefs[i].used && casemap_equal(t->cm, t->prefs[i].nick, nick))
            return &t->prefs[i];
    pref_entry *e = &t->prefs[t->prefs_next];
    t->prefs_next = (t->prefs_next + 1) % PREFS_CACHED;
    memset(e, 0, sizeof *e);
    e->used = true;
    snprintf(e->nick, sizeof e->nick, "%s", nick);
    int s;
    table_t *tb = tables_of_nick(t, nick, &s);
    if (tb && tb->seat[s].account[0])
        account = tb->seat[s].account;
    tables_stats_key(t, nick, account, e->key, sizeof e->key);
    if (t->db)
        store_get_prefs(t->db, e->key, &e->p);
    return e;
}

const store_prefs *tables_prefs_of(tables *t, const char *nick)
{
    return &entry_of(t, nick, NULL)->p;
}

static const char *on_off(int v, int fallback) { return (v ? v == 1 : fallback) ? "on" : "off"; }

static void show(tables *t, const tables_who *w, const store_prefs *p, outbox *o)
{
    tables_notice(o, w->nick, MSG_SET_SHOW,
                  p->delivery == 2 ? "PRIVMSG"
                  : p->delivery    ? "NOTICE"
                                   : tables_text(t, w->nick, MSG_SET_DEFAULT),
                  on_off(p->colours, t->cfg.ui.colors), on_off(p->turn, 1),
                  tables_text(t, w->nick, MSG_LANG_NAME));
}

/* "notice", "privmsg", "colours on", "colors off", "turn on", "site off"...: true when understood. */
static bool change(store_prefs *p, const char *arg)
{
    char what[32] = "", value[16] = "";
    if (sscanf(arg, "%31s %15s", what, value) < 1)
        return false;
    int v = !strcmp(value, "on") ? 1 : !strcmp(value, "off") ? 2 : 0;
    if (!strcmp(what, "notice") || !strcmp(what, "privmsg"))
        p->delivery = what[0] == 'n' ? 1 : 2;
    else if ((!strcmp(what, "colours") || !strcmp(what, "colors")) && v)
        p->colours = v;
    else if (!strcmp(what, "turn") && v)
        p->turn = v;
    else if (!strcmp(what, "site") && v) /* off: "a player" on the web pages */
        p->site = v;
    else
        return false;
    return true;
}

/* set language ru: true when arg is about the language (then it is answered). */
static bool change_language(tables *t, const tables_who *w, pref_entry *e, const char *arg,
                            outbox *o)
{
    char what[32] = "", value[16] = "";
    if (sscanf(arg, "%31s %15s", what, value) < 1
        || (strcmp(what, "language") && strcmp(what, "lang")))
        return false;
    int lang = msg_lang_of_code(value);
    if (lang < 0) {
        tables_notice(o, w->nick, MSG_SET_LANG_BAD, value);
        return true;
    }
    snprintf(e->p.language, sizeof e->p.language, "%s", msg_lang_code((msg_lang)lang));
    if (t->nprefs_dirty < PREFS_CACHED)
        t->prefs_dirty[t->nprefs_dirty++] = *e;
    tables_notice(o, w->nick, MSG_SET_LANGUAGE, msg_in((msg_lang)lang, MSG_LANG_NAME));
    return true;
}

void prefs_command(tables *t, const tables_who *w, const char *arg, outbox *o)
{
    pref_entry *e = entry_of(t, w->nick, w->account);
    if (!arg[0]) {
        show(t, w, &e->p, o);
        return;
    }
    if (change_language(t, w, e, arg, o))
        return;
    if (!change(&e->p, arg)) {
        tables_notice(o, w->nick, MSG_SET_BAD, arg);
        return;
    }
    if (t->nprefs_dirty < PREFS_CACHED) {
        t->prefs_dirty[t->nprefs_dirty] = *e;
        t->nprefs_dirty++;
    }
    tables_notice(o, w->nick, MSG_SET_DONE, arg);
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
        if (p->delivery)
            m->kind = p->delivery == 1 ? OUT_NOTICE : OUT_PRIVMSG;
        if (p->colours == 2 || (!p->colours && !t->cfg.ui.colors))
            mirc_strip(m->text, m->text, strlen(m->text));
    }
}
