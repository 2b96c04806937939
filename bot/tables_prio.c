/* tables_prio.c — which of the tables' lines are a running game's and which replies to one user
 * (out_prio), for the send queue's order: game lines first, replies bounded, dropped if stale. */

/* The rule: a PRIVMSG (public lines of lobby and game, hands, "Your moves") is a game line, a
 * NOTICE (an answer to one user) a reply; a public answer to one user's request (!stats, !top) is a
 * reply too; and a reply to a person seated in a running game is a game line (the turn warning, an
 * error in a move, "No moves", even their help), so nobody's flood delays a player. A spectator's
 * copy of a game's line goes after the game lines as a reply does, so spectators never delay
 * players, but as a stream: when the bot is busy they wait in order (the last 8, for 30 s), not
 * the newest alone. Which ids rank how however they are sent is each message's priority column
 * (messages_en.def); the rest is here. */
#include "tables_internal.h"

out_prio tables_line_prio(out_kind kind, msg_id id)
{
    if (msg_priority(id) == MSG_PRIO_STREAM)
        return OUT_STREAM;
    if (msg_priority(id) == MSG_PRIO_GAME)
        return OUT_GAME;
    return msg_priority(id) == MSG_PRIO_REPLY || kind == OUT_NOTICE ? OUT_REPLY : OUT_GAME;
}

void tables_rank_lines(tables *t, outbox *o)
{
    for (size_t i = 0; i < o->len; i++) {
        out_msg *m = &o->items[i];
        int s;
        const table_t *tb = m->prio == OUT_REPLY ? tables_of_nick(t, m->target, &s) : NULL;
        if (tb && tb->playing && !tables_is_ai(tb, s) && !tb->seat[s].absent
            && durak_in_game(&tb->g, s))
            m->prio = OUT_GAME;
    }
}
