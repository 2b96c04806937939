/* tables_prio.c — which of the tables' lines are a running game's and which are replies to one
 * user (out_prio), for the send queue's order: game lines first, replies bounded and dropped when
 * stale. The rule: a PRIVMSG (public lines of lobby and game, hands, "Your moves") is a game line,
 * a NOTICE (an answer to one user) a reply; a public answer to one user's request (!stats, !top)
 * is a reply too; and a reply to a person seated in a running game is a game line (the turn
 * warning, an error in a move, "No moves", even their help), so nobody's flood delays a player.
 * A spectator's copy of a game's line is a reply: spectators never delay players, and
 * when the bot is busy a spectator gets the newest lines only. */
#include "tables_internal.h"

out_prio tables_line_prio(out_kind kind, msg_id id)
{
    switch (id) {
    case MSG_STATS:
    case MSG_STATS_NONE:
    case MSG_NO_STATS:
    case MSG_TOP:
    case MSG_TOP_NONE:
    case MSG_STATS_SOLO:
    case MSG_SITE_PAGE:
    case MSG_TOP_SOLO:
    case MSG_TOP_SOLO_NONE:
    case MSG_HELP_SOLO:
    case MSG_WATCH_LINE: /* a spectator's copy waits behind every game's lines */
    case MSG_LOBBY_STATUS:
    case MSG_HELP_SHORT:
    case MSG_HELP_SENT:
    case MSG_RULES_1:
    case MSG_RULES_2_ALL:
    case MSG_RULES_2_NEIGHBOURS:
    case MSG_RULES_3_CLASSIC:
    case MSG_RULES_3_TRANSFER:
    case MSG_MOVE_IN_CHANNEL:
    case MSG_SET_SHOW:
    case MSG_SET_DONE:
    case MSG_LAST_GAME:
    case MSG_LAST_NONE:
    case MSG_LAST_STORE: return OUT_REPLY;
    default: return kind == OUT_NOTICE ? OUT_REPLY : OUT_GAME;
    }
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
