/* tables_turn.c — whose turn it is: the turn timer (game.turn_timeout, or game.throwin_timeout
 * for a decision that may be passed), the private "your turn" line, the warning, the time-out. */
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

/* A decision that may be passed is a pass on time-out, and does not count towards
 * game.max_timeouts; the max_timeouts-th time-out in a row of one that must be made forfeits. */
static void timed_out(tables *t, table_t *tb, double now, outbox *o)
{
    int s = tb->g.actor;
    if (optional_turn(tb)) {
        play_move(t, tb, (durak_action){ DURAK_ACT_PASS, CARD_NONE, CARD_NONE }, true, now, o);
        return;
    }
    if (++tb->seat[s].timeouts >= t->cfg.game.max_timeouts) {
        play_forfeit(t, tb, s, MSG_FORFEIT_TIMEOUTS, now, o);
        return;
    }
    play_move(t, tb, turn_timeout_action(&tb->g), true, now, o);
}

static double warn_time(const tables *t, const table_t *tb)
{
    return tb->turn_deadline - t->cfg.game.turn_timeout / 3.0;
}

/* "Hurry: 20 seconds left …; one more time-out forfeits the game." */
static void warn(tables *t, table_t *tb, double now, outbox *o)
{
    const seat_t *st = &tb->seat[tb->g.actor];
    char then[256], act[128];
    render_opts r = tables_ropts_to(t, st->nick);
    if (st->timeouts + 1 >= t->cfg.game.max_timeouts)
        snprintf(then, sizeof then, "%s", msg_in(r.lang, MSG_WARN_FORFEIT));
    else
        snprintf(then, sizeof then, msg_in(r.lang, MSG_WARN_AUTO),
                 render_action(&r, turn_timeout_action(&tb->g), act, sizeof act));
    tb->warned = true;
    tables_touch(tb);
    int left = (int)(tb->turn_deadline - now + 0.5);
    if (tables_hears(tb, tb->g.actor))
        tables_notice(o, st->nick, MSG_TURN_WARNING, left,
                      msg_plural(r.lang, left, MSG_WORD_SECONDS_ONE), tables_where(t, tb, st->nick),
                      then);
}

void play_tick(tables *t, table_t *tb, double now, outbox *o)
{
    if (tables_is_ai(tb, tb->g.actor) || tb->turn_paused) /* no timer, or it stands still */
        return;
    if (now >= tb->turn_deadline)
        timed_out(t, tb, now, o);
    else if (!tb->warned && !optional_turn(tb) && now >= warn_time(t, tb))
        warn(t, tb, now, o);
}

double play_deadline(const tables *t, const table_t *tb)
{
    if (!tables_is_ai(tb, tb->g.actor) && tb->turn_paused)
        return -1;
    if (!tables_is_ai(tb, tb->g.actor))
        return tb->warned || optional_turn(tb) ? tb->turn_deadline : warn_time(t, tb);
    return tb->ai_pending ? -1 : tb->ai_due;
}
