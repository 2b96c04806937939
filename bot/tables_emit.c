/* tables_emit.c — the output side's lines: a message by id in its target's language, ranked, into
 * the outbox; a channel game's public lines and spectators' copies; names, hands, status. */

/* The language comes from tables_lang, the rank from tables_prio; each spectator's copy is written
 * in their own language; also the seats' names, a hand, the status line, a refusal. */
#include <stdarg.h>
#include <stdio.h>

#include "tables_internal.h"
#include "utf8.h"

/* The text of id in lang as the lines of t (NULL: none bound) carry it: with the help's suit
 * symbols where the server's lines are UTF-8, else in letters only (messages.h). */
static const char *text_of(const tables *t, msg_lang lang, msg_id id, char buf[TABLES_LINE_MAX])
{
    return msg_in_suits(lang, id, !t || t->cfg.irc.encoding == CONFIG_ENC_UTF8, buf,
                        TABLES_LINE_MAX);
}

/* Does spectator i of tb get copies of its public lines, and in which language? Only who would
 * not read them in the channel as they are: one who left it, or who reads another language (a
 * spectator in the channel reading its language already sees every line there). */
static bool wants_copy(const tables *t, const table_t *tb, int i, msg_lang *lang)
{
    *lang = tables_lang_of(t, tb->watcher[i]);
    return tb->playing && (tb->watcher_away[i] || *lang != tables_channel_lang(t, tb->channel));
}

/* The spectators' copies of a public line (by id) to a channel, each in its reader's language. */
static void copy_to_watchers(outbox *o, const char *channel, msg_id id, va_list ap)
{
    const tables *t = tables_bound(o);
    const table_t *tb = t ? tables_find((tables *)t, channel) : NULL;
    for (int i = 0; tb && !tb->solo && i < tb->nwatchers; i++) {
        char line[TABLES_LINE_MAX], text[TABLES_LINE_MAX];
        msg_lang lang;
        va_list copy;
        if (!wants_copy(t, tb, i, &lang))
            continue;
        va_copy(copy, ap);
        vsnprintf(line, sizeof line, text_of(t, lang, id, text), copy);
        va_end(copy);
        utf8_cut_invalid(line);
        tables_say(o, tb->watcher[i], MSG_WATCH_LINE, channel, line);
    }
}

/* reader: whose language the line is in (its target's, or the person a reply in a channel is
 * for). */
static void emit(outbox *o, out_kind kind, const char *reader, const char *target, msg_id id,
                 va_list ap)
{
    char line[TABLES_LINE_MAX], text[TABLES_LINE_MAX];
    msg_lang lang = o->lang_of ? (msg_lang)o->lang_of(o->lang_ctx, reader) : MSG_LANG_EN;
    out_prio prio = tables_line_prio(kind, id);
    va_list copy;
    va_copy(copy, ap);
    vsnprintf(line, sizeof line, text_of(tables_bound(o), lang, id, text), copy);
    va_end(copy);
    utf8_cut_invalid(line); /* a cut line ends on a whole character */
    outbox_add_prio(o, prio, kind, target, "%s", line);
    if (kind == OUT_PRIVMSG && prio == OUT_GAME && reader == target && casemap_is_channel(target))
        copy_to_watchers(o, target, id, ap);
}

void tables_public(const tables *t, const table_t *tb, outbox *o, tables_line_fn write,
                   const void *arg)
{
    char line[2 * TABLES_LINE_MAX];
    render_opts r = tables_ropts_to(t, tb->channel); /* a private game's: its player's */
    write(t, tb, &r, arg, line, sizeof line);
    if (line[0])
        outbox_add(o, OUT_PRIVMSG, tb->channel, "%s", line);
    for (int i = 0; !tb->solo && i < tb->nwatchers; i++) {
        msg_lang lang;
        if (!wants_copy(t, tb, i, &lang))
            continue;
        r = tables_ropts_to(t, tb->watcher[i]);
        write(t, tb, &r, arg, line, sizeof line);
        if (line[0])
            tables_say(o, tb->watcher[i], MSG_WATCH_LINE, tb->channel, line);
    }
}

void tables_say(outbox *o, const char *target, msg_id id, ...)
{
    va_list ap;
    va_start(ap, id);
    emit(o, OUT_PRIVMSG, target, target, id, ap);
    va_end(ap);
}

void tables_say_as(outbox *o, const char *reader, const char *target, msg_id id, ...)
{
    va_list ap;
    va_start(ap, id);
    emit(o, OUT_PRIVMSG, reader, target, id, ap);
    va_end(ap);
}

void tables_notice(outbox *o, const char *target, msg_id id, ...)
{
    va_list ap;
    va_start(ap, id);
    emit(o, OUT_NOTICE, target, target, id, ap);
    va_end(ap);
}

render_seats tables_names(const table_t *tb)
{
    render_seats s = { .n = tb->nseats };
    for (int i = 0; i < tb->nseats; i++) {
        s.name[i] = tb->seat[i].nick;
        s.away[i] = tb->seat[i].absent;
        s.you[i] = tb->solo && !tables_is_ai(tb, i); /* its lines go to that one person */
        if (!tables_is_ai(tb, i))
            render_quiet_name(&s, i);
    }
    return s;
}

void tables_send_hand(const tables *t, table_t *tb, int s, outbox *o)
{
    /* one who is out has no hand to be sent (a restart sent "(no cards)") */
    if (!tables_is_ai(tb, s) && tables_hears(tb, s) && durak_in_game(&tb->g, s))
        tables_show_hand(t, tb, s, o);
}

void tables_show_hand(const tables *t, table_t *tb, int s, outbox *o)
{
    tb->seat[s].shown = tb->g.hand[s];
    render_opts r = tables_ropts_to(t, tb->seat[s].nick);
    char hand[512], trump[RENDER_CARD_MAX];
    render_hand(&r, tb->g.hand[s], tb->g.trump, hand, sizeof hand);
    render_card(&r, tb->g.trump_card, trump, sizeof trump);
    tables_say(o, tb->seat[s].nick, MSG_HAND, tables_where(t, tb, tb->seat[s].nick), hand, trump);
}

void tables_status_line(const tables *t, const table_t *tb, const render_opts *r, const void *arg,
                        char *line, size_t cap)
{
    (void)t;
    render_seats names = tables_names(tb);
    if (arg) /* asked for by anyone: the actor's nick written so that it does not highlight */
        names.name[tb->g.actor] = render_told(&names, tb->g.actor);
    render_table_line(r, &names, &tb->g, line, cap);
}

void tables_say_status(const tables *t, const table_t *tb, outbox *o)
{
    tables_public(t, tb, o, tables_status_line, NULL);
}

void tables_say_table(const tables *t, const table_t *tb, outbox *o)
{
    static const bool quiet = true;
    tables_public(t, tb, o, tables_status_line, &quiet);
}

bool tables_refuse_stranger(const tables *t, const table_t *tb, int s, const tables_who *w,
                            outbox *o)
{
    if (tables_same_person(t, &tb->seat[s], w))
        return false;
    tables_notice(o, w->nick, MSG_SEAT_HELD, tb->seat[s].nick,
                  tb->solo ? tables_text(t, w->nick, MSG_SOLO_WHERE_OTHER) : tb->channel);
    return true;
}
