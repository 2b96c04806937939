/* tables_turn.c — whose turn it is: the turn timer armed (game.turn_timeout, or
 * game.throwin_timeout for a decision that may be passed), paused and resumed, the actor's moves
 * in hand order, the private "your turn" line, the move made for a player who timed out. */
#include <stdio.h>
#include <string.h>

#include "tables_internal.h"

static bool optional_turn(const table_t *tb) { return render_optional(&tb->g); }

void turn_arm(const tables *t, table_t *tb, double now)
{
    int secs = optional_turn(tb) ? t->cfg.game.throwin_timeout : t->cfg.game.turn_timeout;
    tb->turn_deadline = now + secs;
    tb->warned = false;
    tb->version++;
    tb->ai_pending = false;
    tb->ai_due = now + t->cfg.game.bot_delay;
    tb->turn_paused = false;
    const seat_t *st = &tb->seat[tb->g.actor];
    if ((st->absent && st->split) || (tb->solo && st->unconfirmed)) /* a private game waits */
        turn_pause(tb, now);
    tables_touch(tb);
}

void turn_pause(table_t *tb, double now)
{
    if (tb->turn_paused)
        return;
    tb->turn_left = tb->turn_deadline > now ? tb->turn_deadline - now : 0;
    tb->turn_paused = true;
    tables_touch(tb);
}

void turn_resume(table_t *tb, double now)
{
    if (!tb->turn_paused)
        return;
    tb->turn_deadline = now + tb->turn_left;
    tb->turn_paused = false;
    tables_touch(tb);
}

/* Where a move's card sits in the hand as render_hand shows it (suits in order, trumps last,
 * ranks rising); moves without a card (take, pass) come last. */
static int hand_order(const durak_game *g, const durak_action *a)
{
    if (a->kind == DURAK_ACT_TAKE || a->kind == DURAK_ACT_PASS || a->card == CARD_NONE)
        return 1000 + a->kind;
    int suit = card_suit(a->card);
    return ((suit == g->trump) * 4 + suit) * 32 + card_rank(a->card) * 2
           + (a->kind == DURAK_ACT_TRANSFER);
}

int turn_moves(const durak_game *g, durak_action *a)
{
    int n = durak_legal(g, a), key[DURAK_MAX_ACTIONS];
    for (int i = 0; i < n; i++) { /* insertion sort by hand order, stable: few moves */
        durak_action x = a[i];
        int k = hand_order(g, &x), j = i;
        for (; j > 0 && key[j - 1] > k; j--)
            a[j] = a[j - 1], key[j] = key[j - 1];
        a[j] = x, key[j] = k;
    }
    return n;
}

void turn_tell(const tables *t, const table_t *tb, outbox *o)
{
    int s = tb->g.actor;
    if (tables_is_ai(tb, s) || tb->g.phase == DURAK_PHASE_OVER || !tables_hears(tb, s))
        return;
    if (tables_prefs_of((tables *)t, tb->seat[s].nick)->turn == 2) { /* set turn off */
        tables_send_hand(t, tb, s, o);
        return;
    }
    render_opts r = tables_ropts_to(t, tb->seat[s].nick);
    render_seats names = tables_names(tb);
    durak_action a[DURAK_MAX_ACTIONS];
    char task[512], moves[TABLES_LINE_MAX], hand[512], trump[RENDER_CARD_MAX];
    render_task(&r, &names, &tb->g, task, sizeof task);
    render_actions(&r, a, turn_moves(&tb->g, a), moves, sizeof moves);
    render_hand(&r, tb->g.hand[s], tb->g.trump, hand, sizeof hand);
    render_card(&r, tb->g.trump_card, trump, sizeof trump);
    tables_say(o, tb->seat[s].nick, MSG_YOUR_TURN, tables_where(t, tb, tb->seat[s].nick), task,
               moves, hand, trump);
}

/* The bot's move for a player who timed out on a decision they must make: take as the
 * defender, else lead the lowest non-trump (else the lowest trump). */
durak_action turn_timeout_action(const durak_game *g)
{
    durak_action a = { DURAK_ACT_PASS, CARD_NONE, CARD_NONE };
    if (g->phase == DURAK_PHASE_DEFEND) {
        a.kind = DURAK_ACT_TAKE;
    } else if (g->phase == DURAK_PHASE_ATTACK) {
        a.kind = DURAK_ACT_PLAY;
        a.card = cards_lowest(g->hand[g->actor], g->trump);
    }
    return a;
}
