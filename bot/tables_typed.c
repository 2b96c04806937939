/* tables_typed.c — a move typed by private message: what it means (the card a rank, a trump or a
 * word names), made, or refused with why and what to type instead; `moves`. */
#include <stdio.h>
#include <string.h>

#include "tables_internal.h"

/* "No moves for you now: bob is deciding whether to beat 7♦ or take." Said to seat s alone, so a
 * decision about them names them as "you": "…whether to add cards for you to take". The
 * defender's partner learns why no turn of theirs comes this bout (R19: they add no cards). */
static void waiting_for(const tables *t, const table_t *tb, int s, outbox *o)
{
    const char *nick = tb->seat[s].nick;
    char who[512];
    render_opts r = tables_ropts_to(t, nick);
    render_seats names = tables_names(tb);
    names.you[s] = true;
    render_decision(&r, &names, &tb->g, who, sizeof who);
    unsigned adding = durak_throwers(&tb->g); /* R10: with neighbours, the others add none */
    if (durak_partner(&tb->g, s) == tb->g.defender && durak_in_game(&tb->g, s)) {
        tables_notice(o, nick, MSG_NO_MOVES_PARTNER, who, tb->seat[tb->g.defender].nick);
    } else if (tb->g.opt.throwin == DURAK_THROWIN_NEIGHBOURS && s != tb->g.defender
               && durak_in_game(&tb->g, s) && !((adding >> s) & 1)) {
        char names[3 * (NICK_MAX + 8)] = "";
        for (int p = 0; p < tb->nseats; p++) {
            if (!((adding >> p) & 1))
                continue;
            adding &= adding - 1; /* the last one comes after "and" */
            strcat(names, tb->seat[p].nick);
            strcat(names, !adding                 ? ""
                          : adding & (adding - 1) ? ", "
                                                  : tables_text(t, nick, MSG_WORD_AND));
        }
        tables_notice(o, nick, MSG_NO_MOVES_NEIGHBOURS, who, names);
    } else {
        tables_notice(o, nick, MSG_NO_MOVES, who);
    }
}

#define LATE_SECONDS 60.0 /* a refused move this soon after a pass on time-out: "too late" */

/* A move of seat s is refused: if a decision of theirs was passed on time-out just before (a
 * throw-in typed as its time ran out, or read late on a slow server), they hear that first, once;
 * else the refusal reads as if the move never had a chance. Not once someone else has moved since
 * (play_apply): the refusal is then about the game as it stands. True if they heard it. */
static bool too_late(table_t *tb, int s, double now, outbox *o)
{
    seat_t *st = &tb->seat[s];
    bool told = st->passed_late > 0 && now - st->passed_late <= LATE_SECONDS;
    if (told)
        tables_notice(o, st->nick, MSG_TOO_LATE);
    st->passed_late = 0;
    return told;
}

void play_list_moves(const tables *t, const table_t *tb, int s, outbox *o)
{
    if (tb->g.actor != s) {
        waiting_for(t, tb, s, o);
        return;
    }
    render_opts r = tables_ropts_to(t, tb->seat[s].nick);
    durak_action a[DURAK_MAX_ACTIONS];
    char list[TABLES_LINE_MAX];
    int n = turn_moves(&tb->g, a);
    render_actions(&r, a, n, list, sizeof list);
    tables_say(o, tb->seat[s].nick, MSG_YOUR_MOVES, list);
}

/* The legal moves of `kind` (-1: any) whose card is one of `cards` (covering `target` unless
 * CARD_NONE): what a bare card, `beat C` without a target or a card named by its rank can mean. */
static int moves_with_card(const durak_game *g, cards_t cards, int kind, card_t target,
                           durak_action *found)
{
    durak_action a[DURAK_MAX_ACTIONS];
    int n = durak_legal(g, a), k = 0;
    for (int i = 0; i < n; i++)
        if (a[i].card < 64 && cards_has(cards, a[i].card) && (kind < 0 || a[i].kind == kind)
            && (target == CARD_NONE || a[i].target == target))
            found[k++] = a[i];
    return k;
}

/* The first move of the actor's that covers `target`, into *out; false if no card of theirs does. */
static bool cover_of(const durak_game *g, card_t target, durak_action *out)
{
    durak_action a[DURAK_MAX_ACTIONS];
    int n = durak_legal(g, a);
    for (int i = 0; i < n; i++)
        if (a[i].kind == DURAK_ACT_BEAT && a[i].target == target) {
            *out = a[i];
            return true;
        }
    return false;
}

/* "8♦ is on the table, not in your hand": the card a defender named is the one to cover (c: it,
 * written); a move that covers it as the example. An attacker who named it (the defender takes
 * it) only hears that they do not hold it: "cover it or take" is not for them. */
static void on_table(const tables *t, const table_t *tb, card_t card, const char *c,
                     const char *nick, outbox *o)
{
    render_opts r = tables_ropts_to(t, nick);
    durak_action a;
    char move[RENDER_CARD_MAX * 4];
    if (tb->g.phase != DURAK_PHASE_DEFEND)
        tables_notice(o, nick, MSG_ERR_NOT_IN_HAND, c);
    else if (cover_of(&tb->g, card, &a))
        tables_notice(o, nick, MSG_ERR_ON_TABLE, c, render_action(&r, a, move, sizeof move));
    else
        tables_notice(o, nick, MSG_ERR_ON_TABLE_TAKE, c);
}

/* One sentence saying why a move is refused, and what to do instead. */
static void explain_refusal(const tables *t, const table_t *tb, durak_action a, durak_error e,
                            const char *nick, outbox *o)
{
    render_opts r = tables_ropts_to(t, nick);
    const durak_game *g = &tb->g;
    char c[RENDER_CARD_MAX], x[RENDER_CARD_MAX];
    render_card(&r, a.card, c, sizeof c);
    render_card(&r, a.target, x, sizeof x);
    switch (e) {
    case DURAK_ERR_NOT_IN_HAND:
        if (cards_has(durak_uncovered(g), a.card))
            on_table(t, tb, a.card, c, nick, o);
        else
            tables_notice(o, nick, MSG_ERR_NOT_IN_HAND, c);
        break;
    case DURAK_ERR_DOES_NOT_BEAT: {
        durak_action cover;
        if (!cover_of(g, a.target, &cover)) /* not "play a higher club" to one who holds none */
            tables_notice(o, nick, MSG_ERR_DOES_NOT_BEAT_NONE, c, x);
        else if (card_suit(a.target) == g->trump)
            tables_notice(o, nick, MSG_ERR_DOES_NOT_BEAT_TRUMP, c, x);
        else
            tables_notice(o, nick, MSG_ERR_DOES_NOT_BEAT, c, x,
                          render_suit_name(&r, card_suit(a.target)));
        break;
    }
    case DURAK_ERR_NO_SUCH_TARGET: tables_notice(o, nick, MSG_ERR_NO_TARGET, x); break;
    case DURAK_ERR_RANK_NOT_ON_TABLE: tables_notice(o, nick, MSG_ERR_RANK, c); break;
    case DURAK_ERR_TABLE_FULL: tables_notice(o, nick, MSG_ERR_FULL); break;
    case DURAK_ERR_NOT_TRANSFER_VARIANT: { /* the task: a leader has no "beat or take" */
        char task[512];
        render_seats names = tables_names(tb);
        render_task(&r, &names, g, true, task, sizeof task);
        tables_notice(o, nick, MSG_ERR_NO_TRANSFER_VARIANT, task);
        break;
    }
    case DURAK_ERR_TRANSFER_COVERED: tables_notice(o, nick, MSG_ERR_TRANSFER_COVERED); break;
    case DURAK_ERR_TRANSFER_RANK: tables_notice(o, nick, MSG_ERR_TRANSFER_RANK, c); break;
    case DURAK_ERR_TRANSFER_TOO_MANY: /* R19: the seat it would pass to is never the partner */
        tables_notice(o, nick, MSG_ERR_TRANSFER_TOO_MANY,
                      tb->seat[durak_opponent_after(g, g->defender)].nick);
        break;
    case DURAK_ERR_TRANSFER_NOBODY: tables_notice(o, nick, MSG_ERR_TRANSFER_NOBODY); break;
    default: { /* the wrong kind of move: what to do, and the moves that do it */
        char task[512], list[TABLES_LINE_MAX];
        durak_action acts[DURAK_MAX_ACTIONS];
        render_seats names = tables_names(tb);
        render_task(&r, &names, g, true, task, sizeof task);
        render_actions(&r, acts, turn_moves(g, acts), list, sizeof list);
        tables_notice(o, nick, MSG_ERR_WRONG_PHASE, task, list);
        break;
    }
    }
}

/* `beat C` without its target: the one uncovered card, or the one card C beats. */
static bool complete_beat(const tables *t, const table_t *tb, const parsed_cmd *p, const char *nick,
                          durak_action *a, outbox *o)
{
    render_opts r = tables_ropts_to(t, nick);
    char c[RENDER_CARD_MAX], list[TABLES_LINE_MAX];
    durak_action found[DURAK_MAX_ACTIONS];
    if (durak_complete_beat(&tb->g, p->card, a))
        return true;
    int k = moves_with_card(&tb->g, card_bit(p->card), DURAK_ACT_BEAT, CARD_NONE, found);
    if (k > 1) { /* the real choices */
        render_card(&r, p->card, c, sizeof c);
        tables_notice(o, nick, MSG_ERR_BEAT_WHICH, c,
                      render_actions(&r, found, k, list, sizeof list));
        return false;
    }
    /* it covers no uncovered card, or is not in the hand: the engine says why, against the first
     * uncovered card */
    cards_t open = durak_uncovered(&tb->g);
    a->target = open ? cards_first(open) : CARD_NONE;
    return true;
}

/* Why no move of `kind` can be made now, whichever card: the engine refuses its kind before it
 * looks at the card (one of those named, which are in the hand); DURAK_OK when the kind could. */
static durak_error kind_refused(const durak_game *g, int kind, cards_t named)
{
    durak_action a = { (uint8_t)kind, cards_first(g->hand[g->actor] & named), CARD_NONE };
    durak_error e = durak_check(g, a);
    return e == DURAK_ERR_WRONG_PHASE || e == DURAK_ERR_NOT_TRANSFER_VARIANT ? e : DURAK_OK;
}

/* Of k moves, those made with the lowest card ("бью младшим козырем": the cards are of one suit);
 * how many. */
static int lowest_cards(durak_action *found, int k)
{
    int low = RANK_COUNT, n = 0;
    for (int i = 0; i < k; i++)
        low = card_rank(found[i].card) < low ? card_rank(found[i].card) : low;
    for (int i = 0; i < k; i++)
        if (card_rank(found[i].card) == low)
            found[n++] = found[i];
    return n;
}

/* A bare card, or a card named by its rank alone ("6", "хожу 6"): the one legal move of `kind`
 * (-1: any) it can mean; several are asked, not guessed. */
static bool card_move(const tables *t, const table_t *tb, const parsed_cmd *p, int kind,
                      const char *nick, durak_action *a, outbox *o)
{
    render_opts r = tables_ropts_to(t, nick);
    char c[RENDER_CARD_MAX], list[TABLES_LINE_MAX];
    durak_action found[DURAK_MAX_ACTIONS];
    durak_error e;
    bool by_rank = p->rank >= 0, trump = p->rank == PARSE_RANK_TRUMP; /* "бью козырем" */
    cards_t named = trump     ? cards_of_suit(tb->g.trump)
                    : by_rank ? cards_of_rank(p->rank)
                              : card_bit(p->card);
    if (p->of_trumps) /* "бью 9 козырной": one card */
        named &= cards_of_suit(tb->g.trump);
    int k = moves_with_card(&tb->g, named, kind, p->target, found); /* "бью 7ч козырем" */
    if (p->lowest && k > 1)
        k = lowest_cards(found, k);
    if (trump)
        snprintf(c, sizeof c, "%s", msg_in(r.lang, MSG_WORD_A_TRUMP));
    else if (p->of_trumps)
        render_card(&r, card_make(p->rank, tb->g.trump), c, sizeof c);
    else if (by_rank)
        msg_rank(r.lang, p->rank, c, sizeof c);
    else
        render_card(&r, p->card, c, sizeof c);
    if (k == 1) {
        *a = found[0];
        return true;
    }
    if (k == 0 && !by_rank && cards_has(durak_uncovered(&tb->g), p->card)) {
        on_table(t, tb, p->card, c, nick, o);
    } else if (k == 0 && !(tb->g.hand[tb->g.actor] & named)) {
        if (trump)
            tables_notice(o, nick, MSG_ERR_NO_TRUMP);
        else
            tables_notice(o, nick, MSG_ERR_NOT_IN_HAND, c); /* "you have no A♠", "no 6" */
    } else if (k == 0 && kind >= 0 && (e = kind_refused(&tb->g, kind, named)) != DURAK_OK) {
        /* "beat with a trump" while leading: not "no trump is a move", when trumps lead */
        a->kind = (uint8_t)kind;
        explain_refusal(t, tb, *a, e, nick, o);
    } else if (k == 0 && trump) {
        int n = durak_legal(&tb->g, found);
        tables_notice(o, nick, MSG_ERR_TRUMP_NO_MOVE,
                      render_actions(&r, found, n, list, sizeof list));
    } else if (k == 0) {
        int n = durak_legal(&tb->g, found);
        tables_notice(o, nick, MSG_ERR_CARD_NO_MOVE, c,
                      render_actions(&r, found, n, list, sizeof list));
    } else {
        tables_notice(o, nick, MSG_ERR_CARD_AMBIGUOUS, c,
                      render_actions(&r, found, k, list, sizeof list));
    }
    return false;
}

/* The engine's kind of move for a parsed move word; -1 for a card alone (its kind is the
 * position's). */
static int act_of(parse_kind kind)
{
    switch (kind) {
    case PC_PLAY: return DURAK_ACT_PLAY;
    case PC_BEAT: return DURAK_ACT_BEAT;
    case PC_TRANSFER: return DURAK_ACT_TRANSFER;
    case PC_TAKE: return DURAK_ACT_TAKE;
    case PC_PASS: return DURAK_ACT_PASS;
    default: return -1;
    }
}

/* Turns a parsed private command into an engine action; false (and a notice) if it can't. */
static bool to_action(const tables *t, const table_t *tb, const parsed_cmd *p, const char *nick,
                      durak_action *a, outbox *o)
{
    int kind = act_of(p->kind);
    *a = (durak_action){ (uint8_t)(kind < 0 ? DURAK_ACT_PLAY : kind), p->card, p->target };
    if (kind < 0 || p->rank >= 0) /* a card alone, or "хожу 6": the hand says which move */
        return card_move(t, tb, p, kind, nick, a, o);
    if (kind != DURAK_ACT_BEAT)
        return true;
    if (p->target != CARD_NONE && !cards_has(tb->g.hand[tb->g.actor], p->card)
        && cards_has(tb->g.hand[tb->g.actor], p->target)
        && cards_has(durak_uncovered(&tb->g), p->card)) {
        a->card = p->target; /* "бью 7ч 9ч": the covered card first, as Russian says it */
        a->target = p->card;
    }
    return p->target != CARD_NONE || complete_beat(t, tb, p, nick, a, o);
}

/* A move word alone ("перевожу", "beat"): the one move of its kind is made and said back (which
 * card it took); several are listed; with none, why: a transfer in a classic game, or one a card
 * of the attack's rank could not make (covered, too many, nobody left), has its own sentence;
 * anything else is the wrong kind of move now. */
static void word_alone(tables *t, table_t *tb, parse_kind kind, double now, outbox *o)
{
    const durak_game *g = &tb->g;
    const char *nick = tb->seat[g->actor].nick;
    render_opts r = tables_ropts_to(t, nick);
    durak_action found[DURAK_MAX_ACTIONS];
    char list[TABLES_LINE_MAX];
    durak_action a = { (uint8_t)act_of(kind), CARD_NONE, CARD_NONE };
    int n = turn_moves(g, found), k = 0; /* in the order "moves" lists them */
    for (int i = 0; i < n; i++)
        if (found[i].kind == a.kind)
            found[k++] = found[i];
    if (k == 1) {
        play_apply(t, tb, found[0], false, false, now, o);
        return;
    }
    if (k > 1) {
        tables_notice(o, nick, MSG_PARSE_NEEDS_CARD, msg_command(r.lang, parse_kind_name(kind)),
                      render_actions(&r, found, k, list, sizeof list));
        return;
    }
    cards_t same = g->nattack ? g->hand[g->actor] & cards_of_rank(card_rank(g->attack[0])) : 0;
    a.card = same ? cards_first(same) : CARD_NONE;
    durak_error e = durak_check(g, a);
    bool own = a.kind == DURAK_ACT_TRANSFER && (same || e == DURAK_ERR_NOT_TRANSFER_VARIANT);
    explain_refusal(t, tb, a, own ? e : DURAK_ERR_WRONG_PHASE, nick, o);
}

bool play_mistyped(tables *t, table_t *tb, int s, const parsed_cmd *p, double now, outbox *o)
{
    if (p->move == PC_IGNORED || !tb->playing)
        return false;
    if (tb->g.actor != s) { /* as a whole move would be: not an example they cannot play */
        too_late(tb, s, now, o);
        waiting_for(t, tb, s, o);
        return true;
    }
    const char *nick = tb->seat[s].nick;
    if (p->card == CARD_NONE) {
        word_alone(t, tb, p->move, now, o);
        return true;
    }
    /* two moves in one line: the parser's "one at a time" unless the first cannot be made */
    durak_action a = { (uint8_t)act_of(p->move), p->card, CARD_NONE };
    durak_error e = durak_check(&tb->g, a);
    if (e != DURAK_OK) {
        too_late(tb, s, now, o);
        explain_refusal(t, tb, a, e, nick, o);
    }
    return e != DURAK_OK;
}

void play_typed_move(tables *t, table_t *tb, int s, const parsed_cmd *p, double now, outbox *o)
{
    const char *nick = tb->seat[s].nick;
    /* a late "pass" was made for them: "Too late ... so you passed" is its whole answer, where a
     * card's refusal says why that card cannot go now */
    bool pass = p->kind == PC_PASS;
    if (tb->g.actor != s) {
        if (!(too_late(tb, s, now, o) && pass))
            waiting_for(t, tb, s, o);
        return;
    }
    durak_action a;
    if (!to_action(t, tb, p, nick, &a, o))
        return;
    durak_error e = durak_check(&tb->g, a);
    if (e != DURAK_OK) {
        if (!(too_late(tb, s, now, o) && pass))
            explain_refusal(t, tb, a, e, nick, o);
        return;
    }
    tb->seat[s].passed_late = 0;
    /* a card the hand chose ("9", a bare card, "beat C" without its target) is said back: the
     * player learns which move it became */
    bool whole =
        p->kind != PC_CARD && p->rank < 0 && (p->kind != PC_BEAT || p->target != CARD_NONE);
    play_apply(t, tb, a, false, whole, now, o);
}
