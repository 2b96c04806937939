/* tables_set.c — `set`: shows a person's preferences for their private lines, or changes one
 * (notice|privmsg, colours on|off, turn on|off, site on|off, language xx); kept by tables_prefs. */
#include <stdio.h>
#include <string.h>

#include "tables_internal.h"

static msg_id on_off(int v, int fallback)
{
    return (v ? v == 1 : fallback) ? MSG_WORD_ON : MSG_WORD_OFF;
}

/* The person's settings in words; saved: after a change, which it confirms. */
static void show(tables *t, const tables_who *w, const store_prefs *p, bool saved, outbox *o)
{
    const char *n = w->nick;
    tables_notice(o, n, MSG_SET_SHOW, saved ? tables_text(t, n, MSG_SET_DONE) : "",
                  tables_text(t, n,
                              p->delivery == 2 ? MSG_WORD_PRIVMSG
                              : p->delivery    ? MSG_WORD_NOTICE
                                               : MSG_SET_DEFAULT),
                  tables_text(t, n, on_off(p->colours, t->cfg.ui.colors)),
                  tables_text(t, n, on_off(p->turn, 1)),
                  tables_text(t, n, p->language[0] ? MSG_LANG_NAME : MSG_SET_LANG_NONE),
                  tables_text(t, n, on_off(p->site, 1)));
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
    if (!value[0]) { /* "язык" alone: the settings, with the language and how to change it */
        show(t, w, &e->p, false, o);
        return true;
    }
    int lang = msg_lang_of_code(value);
    if (lang < 0) {
        tables_notice(o, w->nick, MSG_SET_LANG_BAD, value);
        return true;
    }
    snprintf(e->p.language, sizeof e->p.language, "%s", msg_lang_code((msg_lang)lang));
    prefs_changed(t, e);
    tables_notice(o, w->nick, MSG_SET_LANGUAGE, msg_in((msg_lang)lang, MSG_LANG_NAME));
    return true;
}

void prefs_command(tables *t, const tables_who *w, const char *arg, outbox *o)
{
    pref_entry *e = prefs_entry(t, w->nick, w->account);
    if (!arg[0]) {
        show(t, w, &e->p, false, o);
        return;
    }
    if (change_language(t, w, e, arg, o))
        return;
    if (!change(&e->p, arg)) {
        tables_notice(o, w->nick, MSG_SET_BAD, arg);
        return;
    }
    prefs_changed(t, e);
    show(t, w, &e->p, true, o); /* the settings as now set, in the reader's words */
}
