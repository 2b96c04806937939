/* tables_lang.c — the language of each line: a channel's, a person's, a private game's; asked for
 * every sentence tables_say and tables_notice (tables_emit.c) write. */

/* A channel's: its configured language (channel_settings), else the language of the words that
 * opened its game (for "!durak", every language's word, the opener's `set language`), else
 * game.language; a question's answer there (help, rules...) in the asker's words. A person's:
 * their `set language`, else the words they are using (or used last, at the game they sit at),
 * else the channel's of the game they sit at or watch, else game.language. A private game's: its
 * player's, else the words that opened it. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "tables_internal.h"

_Static_assert(CONFIG_LANG_EN == (int)MSG_LANG_EN && CONFIG_LANG_RU == (int)MSG_LANG_RU
                   && CONFIG_LANG_FR == (int)MSG_LANG_FR && CONFIG_LANG_ES == (int)MSG_LANG_ES,
               "config.h's languages are msg_lang's");

msg_lang tables_channel_lang(const tables *t, const char *channel)
{
    for (int i = 0; i < t->cfg.nchannel_settings; i++) {
        const config_channel *c = &t->cfg.channel_settings[i];
        if (c->language >= 0 && casemap_equal(t->cm, c->name, channel))
            return msg_lang_checked(c->language);
    }
    bool said_here = t->event_lang >= 0 && casemap_equal(t->cm, t->event_channel, channel);
    if (said_here && t->event_asked) /* "!помощь": the answer in the words of the question */
        return msg_lang_checked(t->event_lang);
    const table_t *tb = tables_find((tables *)t, channel);
    if (tb && tb->lang >= 0)
        return msg_lang_checked(tb->lang);
    if (said_here && !tb) /* a line about a game that is not (yet) there */
        return msg_lang_checked(t->event_lang);
    return msg_lang_checked(t->cfg.game.language);
}

/* A private game's person: the nick of its one seat that is no computer player. */
static const char *solo_person(tables *t, const char *key)
{
    const table_t *tb = tables_find(t, key);
    int s = tb ? tables_solo_seat(tb) : -1;
    return s >= 0 ? tb->seat[s].nick : NULL;
}

msg_lang tables_lang_of(const tables *t, const char *target)
{
    if (casemap_is_channel(target))
        return tables_channel_lang(t, target);
    tables *mut = (tables *)t;        /* the preferences are a cache, loaded when first needed */
    int opened = -1;                  /* the language a private game was asked for in */
    if (tables_private_key(target)) { /* its lines go to its player: in their language */
        const char *person = solo_person(mut, target);
        const table_t *solo = tables_find(mut, target);
        opened = solo ? solo->lang : -1;
        if (!person || tables_private_key(person))
            return msg_lang_checked(opened >= 0 ? opened : t->cfg.game.language);
        target = person;
    }
    int chosen = msg_lang_of_code(tables_prefs_of(mut, target)->language);
    if (chosen >= 0)
        return (msg_lang)chosen;
    if (t->event_lang >= 0 && casemap_equal(t->cm, t->event_nick, target))
        return msg_lang_checked(t->event_lang); /* the words they are using */
    int s;
    const table_t *tb = tables_of_nick(mut, target, &s);
    if (tb && tb->seat[s].words_lang) /* ... and used last */
        return msg_lang_checked(tb->seat[s].words_lang - 1);
    if (opened >= 0)
        return msg_lang_checked(opened);
    if (tb && !tb->solo)
        return tables_channel_lang(t, tb->channel);
    if (tb && tb->lang >= 0) /* a turn line of "играю" to its nick, between their commands */
        return msg_lang_checked(tb->lang);
    const table_t *watched = tables_watched_by(t, target); /* whatever the event, the game's */
    if (watched)
        return tables_channel_lang(t, watched->channel);
    if (t->event_channel[0])
        return tables_channel_lang(t, t->event_channel);
    return msg_lang_checked(t->cfg.game.language);
}

int tables_chosen_lang(const tables *t, const char *nick)
{
    return msg_lang_of_code(tables_prefs_of((tables *)t, nick)->language);
}

bool tables_lang_chosen(const tables *t, const char *nick)
{
    return tables_chosen_lang(t, nick) >= 0;
}

int tables_language(const tables *t, const char *target) { return (int)tables_lang_of(t, target); }

render_opts tables_ropts_to(const tables *t, const char *target)
{
    render_opts r = { t->cfg.ui.colors, config_suit_symbols(&t->cfg), tables_lang_of(t, target),
                      t->scarce };
    return r;
}

const char *tables_text(const tables *t, const char *target, msg_id id)
{
    return msg_in(tables_lang_of(t, target), id);
}

const char *tables_where(const tables *t, const table_t *tb, const char *target)
{
    return tb->solo ? tables_text(t, target, MSG_SOLO_WHERE) : tb->channel;
}

static int lang_of(void *ctx, const char *target) { return (int)tables_lang_of(ctx, target); }

const tables *tables_bound(const outbox *o) { return o->lang_of == lang_of ? o->lang_ctx : NULL; }

void tables_bind(tables *t, outbox *o)
{
    o->lang_of = lang_of;
    o->lang_ctx = t;
    t->event_channel[0] = '\0';
    t->event_nick[0] = t->event_account[0] = '\0';
    t->event_lang = -1;
    t->event_asked = false;
}

void tables_bind_words(tables *t, const tables_who *w, int lang, bool asked)
{
    int s;
    table_t *tb = lang >= 0 && lang < MSG_LANG_COUNT ? tables_of_nick(t, w->nick, &s) : NULL;
    if (tb && tables_same_person(t, &tb->seat[s], w))
        tb->seat[s].words_lang = (uint8_t)(lang + 1);
    snprintf(t->event_nick, sizeof t->event_nick, "%s", w->nick);
    snprintf(t->event_account, sizeof t->event_account, "%s", w->account ? w->account : "");
    t->event_lang = lang;
    t->event_asked = asked;
}

void tables_bind_channel(tables *t, outbox *o, const char *channel)
{
    tables_bind(t, o);
    snprintf(t->event_channel, sizeof t->event_channel, "%s", channel);
}
