/* tables_turn.c — whose turn it is: the turn timer armed, paused and resumed, the actor's moves in
 * hand order, the private "your turn" line, the move made for a player who timed out. */

/* The turn timer is game.turn_timeout, or game.throwin_timeout for a decision that may be
 * passed. */
#include <stdio.h>
#include <string.h>

#include "outq.h"
#include "tables_internal.h"
#include "utf8.h"

static bool optional_turn(const table_t *tb) { return render_optional(&tb->g); }

/* Who hears of the turn first: a private game's person, the channel of a channel game when a
 * computer player moves or the channel's line asks (scarce), else the player by private line. */
static const char *told_to(const tables *t, const table_t *tb)
{
    int person = tables_solo_seat(tb);
    if (person >= 0)
        return tb->seat[person].nick;
    return tables_is_ai(tb, tb->g.actor) || t->scarce ? tb->channel : tb->seat[tb->g.actor].nick;
}

void turn_arm(const tables *t, table_t *tb, double now)
{
    int secs = optional_turn(tb) ? t->cfg.game.throwin_timeout : t->cfg.game.turn_timeout;
    /* the line that tells the turn may wait in the send queue: the player's time, and a computer
     * player's pause (so that it moves at the pace its game is heard), start once it can go */
    double wait = tables_backlog(t, told_to(t, tb));
    tb->turn_deadline = now + wait + secs;
    tb->warned = false;
    tb->version++;
    tb->ai_pending = false;
    tb->ai_due = now + wait + t->cfg.game.bot_delay;
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

/* What the actor is asked now, as a number (FNV-1a over the decision, the table and their hand;
 * never 0): the same number, the same question. */
static uint32_t turn_fingerprint(const durak_game *g)
{
    uint32_t h = 2166136261u;
    uint8_t head[] = { g->phase,    g->actor,   g->defender, g->nattack,
                       g->ncovered, g->in_game, g->limit };
    const void *parts[] = { head, g->attack, g->cover, &g->hand[g->actor], &g->bouts };
    size_t sizes[] = { sizeof head, sizeof g->attack, sizeof g->cover, sizeof g->hand[0],
                       sizeof g->bouts };
    for (size_t p = 0; p < sizeof parts / sizeof parts[0]; p++)
        for (size_t i = 0; i < sizes[p]; i++)
            h = (h ^ ((const uint8_t *)parts[p])[i]) * 16777619u;
    return h ? h : 1;
}

void turn_news_add(table_t *tb, const char *text, bool bout, bool trump)
{
    size_t len = strlen(tb->news);
    tb->news_bout |= bout;
    tb->news_trump |= trump;
    if (text[0])
        render_appendf(tb->news, sizeof tb->news, &len, "%s%s", len ? " \xC2\xB7 " : "", text);
}

/* The news with the status when a bout ended meanwhile, into buf (""), and forgotten. */
static void take_news(const tables *t, table_t *tb, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    if (tb->news[0] || tb->news_bout)
        render_appendf(buf, cap, &len, "%s", tb->news);
    if (tb->news_bout && tb->g.phase != DURAK_PHASE_OVER) {
        char status[TABLES_LINE_MAX];
        render_opts r = tables_ropts_to(t, tb->channel);
        render_seats names = tables_names(tb);
        render_status(&r, &names, &tb->g, tb->news_trump, status, sizeof status);
        render_appendf(buf, cap, &len, "%s%s", len ? " \xC2\xB7 " : "", status);
    }
    tb->news[0] = '\0';
    tb->news_bout = tb->news_trump = false;
}

void turn_news_flush(const tables *t, table_t *tb, outbox *o)
{
    char line[TABLES_LINE_MAX];
    take_news(t, tb, line, sizeof line);
    if (line[0])
        outbox_add(o, OUT_PRIVMSG, tb->channel, "%s", line);
}

/* Whether the moves are exactly "play" each card in hand, as when leading a bout (R6). */
static bool lead_any(const durak_game *g, const durak_action *a, int n)
{
    cards_t played = 0;
    for (int i = 0; i < n; i++) {
        if (a[i].kind != DURAK_ACT_PLAY)
            return false;
        played |= card_bit(a[i].card);
    }
    return n > 0 && played == g->hand[g->actor];
}

/* The prompt itself: "Your turn in #durak: TASK — moves · hand: …", or for a decision that may be
 * passed "In #durak you may throw in: play 9♦ or pass · hand: …". */
static msg_id prompt(const tables *t, const table_t *tb, int s, char *buf, size_t cap)
{
    render_opts r = tables_ropts_to(t, tb->seat[s].nick);
    render_seats names = tables_names(tb);
    durak_action a[DURAK_MAX_ACTIONS];
    char task[512], moves[TABLES_LINE_MAX], hand[512], trump[RENDER_CARD_MAX];
    const char *where = tables_where(t, tb, tb->seat[s].nick);
    int n = turn_moves(&tb->g, a);
    render_hand(&r, tb->g.hand[s], tb->g.trump, hand, sizeof hand);
    render_card(&r, tb->g.trump_card, trump, sizeof trump);
    if (render_optional(&tb->g)) { /* the moves but pass (the last of them): "… or pass" */
        render_actions(&r, a, n && a[n - 1].kind == DURAK_ACT_PASS ? n - 1 : n, moves,
                       sizeof moves);
        if (tb->g.phase == DURAK_PHASE_TAKING) {
            snprintf(buf, cap, msg_in(r.lang, MSG_YOUR_OPTION_TAKING), where,
                     names.name[tb->g.defender], moves, hand, trump);
            return MSG_YOUR_OPTION_TAKING;
        }
        snprintf(buf, cap, msg_in(r.lang, MSG_YOUR_OPTION), where, moves, hand, trump);
        return MSG_YOUR_OPTION;
    }
    if (lead_any(&tb->g, a, n)) { /* the list would repeat the hand: one move as the example */
        render_action(&r, a[0], moves, sizeof moves);
        snprintf(buf, cap, msg_in(r.lang, MSG_YOUR_LEAD), where, moves, hand, trump);
        return MSG_YOUR_LEAD;
    }
    render_task(&r, &names, &tb->g, true, task, sizeof task);
    render_actions(&r, a, n, moves, sizeof moves);
    snprintf(buf, cap, msg_in(r.lang, MSG_YOUR_TURN), where, task, moves, hand, trump);
    return MSG_YOUR_TURN;
}

void turn_tell(const tables *t, table_t *tb, outbox *o)
{
    int s = tb->g.actor;
    if (tables_is_ai(tb, s) || tb->g.phase == DURAK_PHASE_OVER || !tables_hears(tb, s)) {
        if (tb->news[0] && strlen(tb->news) > sizeof tb->news / 2) /* nobody to tell it with */
            turn_news_flush(t, tb, o);
        return;
    }
    tb->seat[s].asked = turn_fingerprint(&tb->g);
    int turn = tables_prefs_of((tables *)t, tb->seat[s].nick)->turn;
    if (t->scarce && !tb->solo && !turn) { /* the public line asks; the hand if it is news */
        if (tb->g.hand[s] & ~tb->seat[s].shown & ~tb->g.known[s])
            tables_send_hand(t, tb, s, o);
        return;
    }
    if (turn == 2) { /* set turn off */
        turn_news_flush(t, tb, o);
        tables_send_hand(t, tb, s, o);
        return;
    }
    char news[TABLES_LINE_MAX], ask[TABLES_LINE_MAX], line[2 * TABLES_LINE_MAX];
    take_news(t, tb, news, sizeof news); /* a private game: what happened, then the question */
    msg_id id = prompt(t, tb, s, ask, sizeof ask);
    out_prio prio = tables_line_prio(OUT_PRIVMSG, id);
    size_t len = 0;
    line[0] = '\0';
    /* Too long for one line (Russian takes two bytes a letter): the news goes on a line of its
     * own, else the send queue's cut would leave the end of the hand alone on the next line. */
    if (news[0] && strlen(news) + strlen(" \xC2\xB7 ") + strlen(ask) > OUTQ_MAX_TEXT) {
        utf8_cut_invalid(news);
        outbox_add_prio(o, prio, OUT_PRIVMSG, tb->seat[s].nick, "%s", news);
        news[0] = '\0';
    }
    render_appendf(line, sizeof line, &len, "%s%s%s", news, news[0] ? " \xC2\xB7 " : "", ask);
    utf8_cut_invalid(line);
    tb->seat[s].shown = tb->g.hand[s];
    outbox_add_prio(o, prio, OUT_PRIVMSG, tb->seat[s].nick, "%s", line);
}

void turn_tell_hand(const tables *t, table_t *tb, int s, outbox *o)
{
    if (tb->g.actor != s) {
        tables_send_hand(t, tb, s, o);
        return;
    }
    tb->seat[s].shown = 0; /* news again: however the turn is told (set turn, scarce), it shows */
    turn_tell(t, tb, o);
}

void turn_ask(const tables *t, table_t *tb, outbox *o)
{
    int s = tb->g.actor;
    if (tb->g.phase != DURAK_PHASE_OVER && tb->seat[s].asked
        && tb->seat[s].asked == turn_fingerprint(&tb->g)) { /* asked already: not again */
        turn_news_flush(t, tb, o);
        return;
    }
    turn_tell(t, tb, o);
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
