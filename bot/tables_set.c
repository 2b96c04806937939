/* tables_set.c — `set`: shows a person's preferences for their private lines, or changes one
 * (notice|privmsg, colours on|off, turn on|off, site on|off, language xx); kept by tables_prefs. */
#include <stdio.h>
#include <string.h>

#include "parse_words.h"
#include "tables_internal.h"
#include "utf8.h"

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

/* What a word of `set` names: a setting, or a value. */
enum { W_NOTICE, W_PRIVMSG, W_COLOURS, W_TURN, W_SITE, W_ON, W_OFF, W_NONE = -2 };

/* The words of each language for the settings and their values, as its settings line shows them
 * ("настройки цвета выкл", "réglages couleurs non"); compared case- and accent-insensitively. */
static const struct {
    const char *text; /* in any case and with accents or without: folded to compare */
    int value;
} set_words[] = {
    { "notice", W_NOTICE },
    { "уведомления", W_NOTICE },
    { "уведомлениями", W_NOTICE },
    { "privmsg", W_PRIVMSG },
    { "личные", W_PRIVMSG },
    { "личными", W_PRIVMSG },
    { "prive", W_PRIVMSG },
    { "privado", W_PRIVMSG },
    { "colours", W_COLOURS },
    { "colors", W_COLOURS },
    { "цвета", W_COLOURS },
    { "цвет", W_COLOURS },
    { "couleurs", W_COLOURS },
    { "colores", W_COLOURS },
    { "turn", W_TURN },
    { "ход", W_TURN },
    { "tour", W_TURN },
    { "turno", W_TURN },
    { "site", W_SITE },
    { "сайт", W_SITE },
    { "sitio", W_SITE },
    { "web", W_SITE },
    { "on", W_ON },
    { "вкл", W_ON },
    { "вкл.", W_ON },
    { "да", W_ON },
    { "включены", W_ON }, /* as people say it: "цвета включены", "ход включить" */
    { "включено", W_ON },
    { "включить", W_ON },
    { "activés", W_ON },
    { "activado", W_ON },
    { "activados", W_ON },
    { "oui", W_ON },
    { "si", W_ON },
    { "off", W_OFF },
    { "выкл", W_OFF },
    { "выкл.", W_OFF },
    { "нет", W_OFF },
    { "выключены", W_OFF },
    { "выключено", W_OFF },
    { "выключить", W_OFF },
    { "désactivés", W_OFF },
    { "desactivado", W_OFF },
    { "desactivados", W_OFF },
    { "non", W_OFF },
    { "no", W_OFF },
};

/* The word at *p (then past it and its spaces) in set_words, or -1. */
static int set_word(const char **p)
{
    const char *s = *p;
    size_t n = strcspn(s, " ");
    *p = s + n + strspn(s + n, " ");
    for (size_t i = 0; n && i < sizeof set_words / sizeof set_words[0]; i++)
        if (parse_words_equal((token){ s, n }, set_words[i].text))
            return set_words[i].value;
    return -1;
}

/* What `set` with words does: a setting changed, the settings shown, or not understood. */
typedef enum { SET_CHANGED, SET_SHOWN, SET_BAD } set_result;

/* "notice", "privmsg", "colours on", "цвета выкл", "site off"...; a setting named without a
 * value ("set colours") is asked what it is: the settings line answers, with how to change it. */
static set_result change(store_prefs *p, const char *arg)
{
    int what = set_word(&arg), value = *arg ? set_word(&arg) : W_NONE;
    int v = value == W_ON ? 1 : value == W_OFF ? 2 : 0;
    bool on_off_setting = what == W_COLOURS || what == W_TURN || what == W_SITE;
    if (*arg) /* a word more */
        return SET_BAD;
    if ((what == W_NOTICE || what == W_PRIVMSG) && value == W_NONE)
        p->delivery = what == W_NOTICE ? 1 : 2;
    else if (on_off_setting && value == W_NONE)
        return SET_SHOWN;
    else if (what == W_COLOURS && v)
        p->colours = v;
    else if (what == W_TURN && v)
        p->turn = v;
    else if (what == W_SITE && v) /* off: "a player" on the web pages */
        p->site = v;
    else
        return SET_BAD;
    return SET_CHANGED;
}

/* A language named in any of them ("английский", "anglais", "inglés"): its code, or -1. */
static int language_named(const char *word)
{
    static const struct {
        msg_lang lang;
        const char *names[4];
    } named[] = {
        { MSG_LANG_EN, { "english", "английский", "anglais", "inglés" } },
        { MSG_LANG_RU, { "russian", "русский", "russe", "ruso" } },
        { MSG_LANG_FR, { "french", "французский", "français", "francés" } },
        { MSG_LANG_ES, { "spanish", "испанский", "espagnol", "español" } },
    };
    token t = { word, strlen(word) };
    for (size_t i = 0; i < sizeof named / sizeof *named; i++)
        for (size_t k = 0; k < 4; k++)
            if (parse_words_equal(t, named[i].names[k]))
                return (int)named[i].lang;
    return -1;
}

/* set language ru: true when arg is about the language (then it is answered). */
static bool change_language(tables *t, const tables_who *w, pref_entry *e, const char *arg,
                            outbox *o)
{
    char what[32] = "", value[64] = "";
    if (sscanf(arg, "%31s %63s", what, value) < 1
        || (strcmp(what, "language") && strcmp(what, "lang")))
        return false;
    utf8_cut_invalid(value); /* a longer word is cut, on a whole character */
    if (!value[0]) { /* "язык" alone: the settings, with the language and how to change it */
        show(t, w, &e->p, false, o);
        return true;
    }
    int lang = msg_lang_of_code(value);
    if (lang < 0)
        lang = language_named(value);
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
    set_result r = change(&e->p, arg);
    if (r == SET_BAD) {
        tables_notice(o, w->nick, MSG_SET_BAD, arg);
        return;
    }
    if (r == SET_CHANGED)
        prefs_changed(t, e);
    show(t, w, &e->p, r == SET_CHANGED, o); /* the settings as now set, in the reader's words */
}
