/* tables_emit.c — the output side's lines: a message by id in its target's language (tables_lang),
 * ranked by tables_prio, into the outbox; the seats' names, a hand, the status line, a refusal. */
#include <stdarg.h>
#include <stdio.h>

#include "tables_internal.h"
#include "utf8.h"

/* reader: whose language the line is in (its target's, or the person a reply in a channel is
 * for). */
static void emit(outbox *o, out_kind kind, const char *reader, const char *target, msg_id id,
                 va_list ap)
{
    char line[TABLES_LINE_MAX];
    msg_lang lang = o->lang_of ? (msg_lang)o->lang_of(o->lang_ctx, reader) : MSG_LANG_EN;
    vsnprintf(line, sizeof line, msg_in(lang, id), ap);
    utf8_cut_invalid(line); /* a cut line ends on a whole character */
    outbox_add_prio(o, tables_line_prio(kind, id), kind, target, "%s", line);
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
        if (!tables_is_ai(tb, i))
            render_quiet_name(&s, i);
    }
    return s;
}

void tables_send_hand(const tables *t, const table_t *tb, int s, outbox *o)
{
    if (tables_is_ai(tb, s) || !tables_hears(tb, s))
        return;
    render_opts r = tables_ropts_to(t, tb->seat[s].nick);
    char hand[512], trump[RENDER_CARD_MAX];
    render_hand(&r, tb->g.hand[s], tb->g.trump, hand, sizeof hand);
    render_card(&r, tb->g.trump_card, trump, sizeof trump);
    tables_say(o, tb->seat[s].nick, MSG_HAND, tables_where(t, tb, tb->seat[s].nick), hand, trump);
}

void tables_say_status(const tables *t, const table_t *tb, outbox *o)
{
    render_opts r = tables_ropts_to(t, tb->channel);
    render_seats names = tables_names(tb);
    char line[TABLES_LINE_MAX];
    render_table_line(&r, &names, &tb->g, line, sizeof line);
    outbox_add(o, OUT_PRIVMSG, tb->channel, "%s", line);
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
