/* render_game.c — the sentences of a game: options, seats, turns, moves, bout ends and the
 * status line, from the engine's state and the seat names (the message table's texts). */
#include "render_game.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "messages.h"

#define M(id) msg_in(r->lang, id)

static void vappend(char *buf, size_t cap, size_t *len, const char *fmt, va_list ap)
{
    if (*len >= cap)
        return;
    int n = vsnprintf(buf + *len, cap - *len, fmt, ap);
    if (n > 0)
        *len = *len + (size_t)n < cap ? *len + (size_t)n : cap - 1;
}

void render_appendf(char *buf, size_t cap, size_t *len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vappend(buf, cap, len, fmt, ap);
    va_end(ap);
}

/* The rows that name a seat and may be read by that seat's own person (a private game, or a line
 * said to them alone), each with its "you" form: the same arguments but the seat's name, the
 * row's first (its subject) or, for `object`, its last. A row not here keeps the name, as a
 * channel reads it. */
static const struct {
    msg_id they, you;
    bool object;
} you_forms[] = {
    { MSG_MOVE_LEAD, MSG_MOVE_LEAD_YOU, false },
    { MSG_MOVE_ADD, MSG_MOVE_ADD_YOU, false },
    { MSG_MOVE_THROW, MSG_MOVE_THROW_YOU, false },
    { MSG_MOVE_BEAT, MSG_MOVE_BEAT_YOU, false },
    { MSG_MOVE_TAKE, MSG_MOVE_TAKE_YOU, false },
    { MSG_MOVE_TRANSFER, MSG_MOVE_TRANSFER_YOU, false },
    { MSG_MOVE_TRANSFER, MSG_MOVE_TRANSFER_TO_YOU, true },
    { MSG_BOUT_TAKEN, MSG_BOUT_TAKEN_YOU, false },
    { MSG_TRUMP_DRAWN, MSG_TRUMP_DRAWN_YOU, false },
    { MSG_PLAYER_OUT, MSG_PLAYER_OUT_YOU, false },
    { MSG_FORFEIT_LEFT, MSG_FORFEIT_LEFT_YOU, false },
    { MSG_FORFEIT_TIMEOUTS, MSG_FORFEIT_TIMEOUTS_YOU, false },
    { MSG_FORFEIT_GONE, MSG_FORFEIT_GONE_YOU, false },
    { MSG_LINE_ACT, MSG_LINE_ACT_YOU, false },
    { MSG_DECIDE_TAKING, MSG_DECIDE_TAKING_YOU, true },
    { MSG_RESULT_DURAK, MSG_RESULT_DURAK_YOU, false },
};

void render_said(const render_opts *r, const render_seats *s, int subject, int object, char *buf,
                 size_t cap, size_t *len, msg_id id, ...)
{
    msg_id said = id;
    bool named_first = false;
    for (size_t i = 0; i < sizeof you_forms / sizeof you_forms[0] && said == id; i++) {
        int seat = you_forms[i].object ? object : subject;
        if (you_forms[i].they == id && seat >= 0 && seat < s->n && s->you[seat]) {
            said = you_forms[i].you;
            named_first = !you_forms[i].object;
        }
    }
    va_list ap;
    va_start(ap, id);
    if (named_first) /* the subject's name: its "you" form starts with the arguments after it */
        (void)va_arg(ap, const char *);
    vappend(buf, cap, len, M(said), ap); /* an object's name, the last argument, goes unread */
    va_end(ap);
}

const char *render_variant(const render_opts *r, const durak_options *o)
{
    return M(o->variant == DURAK_VARIANT_TRANSFER ? MSG_WORD_TRANSFER : MSG_WORD_CLASSIC);
}

void render_options(const render_opts *r, const durak_options *o, char *buf, size_t cap)
{
    snprintf(buf, cap, M(MSG_OPTIONS), render_variant(r, o),
             M(o->throwin == DURAK_THROWIN_NEIGHBOURS ? MSG_WORD_NEIGHBOURS : MSG_WORD_ALL),
             o->first5 ? M(MSG_OPTIONS_FIRST5) : "");
    size_t len = strlen(buf);
    if (o->teams) /* R19 */
        render_appendf(buf, cap, &len, "%s", M(MSG_OPTIONS_TEAMS));
}

void render_seat_list(const render_seats *s, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < s->n && len < cap; i++)
        render_appendf(buf, cap, &len, "%s%s", i ? ", " : "", s->name[i]);
}

/* Hand counts in seat order, each after its player's name, written so as not to highlight them. */
static void hand_counts(const render_opts *r, const render_seats *s, const durak_game *g, char *buf,
                        size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < s->n && len < cap; i++) {
        if (!durak_in_game(g, i))
            continue;
        render_appendf(buf, cap, &len, "%s", len ? ", " : "");
        render_appendf(buf, cap, &len, M(MSG_HAND_COUNT),
                       s->you[i] ? M(MSG_WORD_YOU) : render_told(s, i), cards_count(g->hand[i]));
        render_appendf(buf, cap, &len, "%s", s->away[i] ? M(MSG_AWAY_MARK) : "");
    }
}

bool render_optional(const durak_game *g)
{
    return g->phase == DURAK_PHASE_THROWIN || g->phase == DURAK_PHASE_TAKING;
}

static void uncovered(const render_opts *r, const durak_game *g, char *buf, size_t cap)
{
    char c[RENDER_CARD_MAX];
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < g->nattack; i++)
        if (g->cover[i] == CARD_NONE)
            render_appendf(buf, cap, &len, "%s%s", len ? " " : "",
                           render_card(r, g->attack[i], c, sizeof c));
}

/* May the defender transfer now, by their hand: open, and they hold the attack's rank (R17)? */
static bool can_transfer(const durak_game *g)
{
    return durak_transfer_open(g)
           && (g->hand[g->defender] & cards_of_rank(card_rank(g->attack[0])));
}

void render_task(const render_opts *r, const render_seats *s, const durak_game *g, bool own,
                 char *buf, size_t cap)
{
    char cards[256];
    bool transfer = own ? can_transfer(g) : durak_transfer_open(g);
    switch (g->phase) {
    case DURAK_PHASE_ATTACK: snprintf(buf, cap, "%s", M(MSG_TURN_LEAD)); break;
    case DURAK_PHASE_DEFEND:
        uncovered(r, g, cards, sizeof cards);
        snprintf(buf, cap, M(transfer ? MSG_TURN_DEFEND_TRANSFER : MSG_TURN_DEFEND), cards);
        break;
    case DURAK_PHASE_THROWIN: snprintf(buf, cap, "%s", M(MSG_TURN_THROWIN)); break;
    case DURAK_PHASE_TAKING: snprintf(buf, cap, M(MSG_TURN_TAKING), s->name[g->defender]); break;
    default: buf[0] = '\0'; break;
    }
}

void render_decision(const render_opts *r, const render_seats *s, const durak_game *g, char *buf,
                     size_t cap)
{
    char cards[256];
    const char *who = s->name[g->actor];
    switch (g->phase) {
    case DURAK_PHASE_ATTACK: snprintf(buf, cap, M(MSG_DECIDE_LEAD), who); break;
    case DURAK_PHASE_DEFEND:
        uncovered(r, g, cards, sizeof cards);
        snprintf(buf, cap,
                 M(durak_transfer_open(g) ? MSG_DECIDE_DEFEND_TRANSFER : MSG_DECIDE_DEFEND), who,
                 cards);
        break;
    case DURAK_PHASE_THROWIN: snprintf(buf, cap, M(MSG_DECIDE_THROWIN), who); break;
    case DURAK_PHASE_TAKING: {
        size_t len = 0;
        buf[0] = '\0';
        render_said(r, s, g->actor, g->defender, buf, cap, &len, MSG_DECIDE_TAKING, who,
                    s->name[g->defender]);
        break;
    }
    default: buf[0] = '\0'; break;
    }
}

void render_status(const render_opts *r, const render_seats *s, const durak_game *g,
                   bool trump_named, char *buf, size_t cap)
{
    char table[512], trump[RENDER_CARD_MAX], counts[512];
    size_t len = 0;
    buf[0] = '\0';
    if (g->nattack) {
        render_table(r, g, table, sizeof table);
        render_appendf(buf, cap, &len, M(MSG_STATUS_TABLE), table);
        render_appendf(buf, cap, &len, " \xC2\xB7 ");
    }
    if (!trump_named)
        render_appendf(buf, cap, &len, M(MSG_STATUS_TRUMP),
                       render_card(r, g->trump_card, trump, sizeof trump));
    hand_counts(r, s, g, counts, sizeof counts);
    render_appendf(buf, cap, &len, M(MSG_STATUS), g->stock_len, counts);
}

void render_quiet_name(render_seats *s, int seat)
{
    const unsigned char *n = (const unsigned char *)s->name[seat];
    size_t first = n[0] ? 1 : 0;
    while (n[first] && (n[first] & 0xC0) == 0x80) /* the whole first UTF-8 character */
        first++;
    if (!n[first]) { /* no name, or one letter: nothing to split */
        s->quiet[seat][0] = '\0';
        return;
    }
    snprintf(s->quiet[seat], sizeof s->quiet[seat], "%.*s\xE2\x80\x8B%s", (int)first, n, n + first);
}

const char *render_told(const render_seats *s, int seat)
{
    return s->quiet[seat][0] ? s->quiet[seat] : s->name[seat];
}

/* Whether the reader has a seat of their own at the table (a private game's person). */
static bool read_by_player(const render_seats *s)
{
    for (int i = 0; i < s->n; i++)
        if (s->you[i])
            return true;
    return false;
}

void render_head(const render_opts *r, const render_seats *s, const durak_game *g, char *buf,
                 size_t cap)
{
    char task[512];
    size_t len = 0;
    if (read_by_player(s) && !s->you[g->actor]) { /* a computer player: said of it, not to it */
        render_decision(r, s, g, buf, cap);
        return;
    }
    render_task(r, s, g, s->you[g->actor], task, sizeof task); /* "you": read by the actor only */
    buf[0] = '\0';
    render_said(r, s, g->actor, -1, buf, cap, &len, MSG_LINE_ACT, s->name[g->actor], task);
}

/* A take that ended the bout there and then: nobody could add cards (R11). */
static bool taken_at_once(const durak_game *before, const durak_game *g, durak_action a)
{
    cards_t table = durak_table_after(before, a);
    return a.kind == DURAK_ACT_TAKE && table && g->bouts != before->bouts
           && (g->hand[before->defender] & table) == table;
}

void render_move(const render_opts *r, const render_seats *s, const durak_game *g,
                 const durak_game *after, durak_action a, char *buf, size_t cap)
{
    const char *nick = render_told(s, g->actor);
    char c[RENDER_CARD_MAX], x[RENDER_CARD_MAX];
    int next = durak_opponent_after(g, g->defender); /* a transfer's new defender (R19) */
    size_t len = 0;
    buf[0] = '\0';
    render_card(r, a.card, c, sizeof c);
    switch (a.kind) {
    case DURAK_ACT_PLAY:
        render_said(r, s, g->actor, -1, buf, cap, &len,
                    g->phase == DURAK_PHASE_ATTACK   ? MSG_MOVE_LEAD
                    : g->phase == DURAK_PHASE_TAKING ? MSG_MOVE_ADD
                                                     : MSG_MOVE_THROW,
                    nick, c);
        break;
    case DURAK_ACT_BEAT:
        render_said(r, s, g->actor, -1, buf, cap, &len, MSG_MOVE_BEAT, nick,
                    render_card(r, a.target, x, sizeof x), c);
        break;
    case DURAK_ACT_TAKE:
        if (after && taken_at_once(g, after, a)) { /* "bob picks up 2 cards", not "bob takes" too */
            int n = cards_count(durak_table_after(g, a));
            render_said(r, s, g->actor, -1, buf, cap, &len, MSG_BOUT_TAKEN, nick, n,
                        msg_plural(r->lang, n, MSG_WORD_CARDS_ONE));
        } else {
            render_said(r, s, g->actor, -1, buf, cap, &len, MSG_MOVE_TAKE, nick);
        }
        break;
    case DURAK_ACT_TRANSFER:
        render_said(r, s, g->actor, next, buf, cap, &len, MSG_MOVE_TRANSFER, nick, c,
                    render_told(s, next));
        break;
    default: break; /* a pass makes no public line of its own */
    }
}

/* How the bout ended, if it did, after the move `a`: the defender picked up the table, or
 * every card on it was covered and it went to the discard pile (R11, R12). A table discarded
 * with a card still uncovered was nobody's to beat: the game ended under it (a forfeit, R18,
 * or one team left, R19), and the end says so. */
static void bout_end(const render_opts *r, const render_seats *s, const durak_game *before,
                     const durak_game *g, durak_action a, char *line, size_t cap, size_t *len)
{
    cards_t table = durak_table_after(before, a);
    if (!table || (g->bouts == before->bouts && g->phase != DURAK_PHASE_OVER))
        return;
    if ((g->hand[before->defender] & table) == table) {
        int n = cards_count(table);
        render_said(r, s, before->defender, -1, line, cap, len, MSG_BOUT_TAKEN,
                    render_told(s, before->defender), n,
                    msg_plural(r->lang, n, MSG_WORD_CARDS_ONE));
    } else if ((g->discard & table) == table && !durak_open_after(before, a)) {
        render_appendf(line, cap, len, "%s", M(MSG_BOUT_BEATEN));
    }
}

bool render_trump_drawn(const durak_game *before, const durak_game *g)
{
    return g->trump_owner != before->trump_owner && g->trump_owner < DURAK_MAX_PLAYERS;
}

/* " · " between the parts of a line. */
#define SEP " \xC2\xB7 "

void render_events(const render_opts *r, const render_seats *s, const durak_game *before,
                   const durak_game *g, durak_action a, const char *what, char *buf, size_t cap)
{
    char trump[RENDER_CARD_MAX], part[256];
    size_t len = 0;
    buf[0] = '\0';
    render_appendf(buf, cap, &len, "%s", what);
    part[0] = '\0';
    size_t plen = 0;
    if (!what[0] || !taken_at_once(before, g, a)) /* else the move said it (render_move) */
        bout_end(r, s, before, g, a, part, sizeof part, &plen);
    if (plen)
        render_appendf(buf, cap, &len, "%s%s", len ? SEP : "", part);
    if (render_trump_drawn(before, g)) {
        render_appendf(buf, cap, &len, "%s", len ? SEP : "");
        render_said(r, s, g->trump_owner, -1, buf, cap, &len, MSG_TRUMP_DRAWN,
                    render_told(s, g->trump_owner),
                    render_card(r, g->trump_card, trump, sizeof trump));
    }
    for (int i = before->nout; i < g->nout && len < cap; i++) {
        render_appendf(buf, cap, &len, "%s", len ? SEP : "");
        render_said(r, s, g->out[i], -1, buf, cap, &len, MSG_PLAYER_OUT, render_told(s, g->out[i]),
                    g->out_place[i]);
    }
}

/* The short form says what happened and who acts; the whole status comes when a bout begins,
 * and when seats, the defender or the stock's trump changed in a way it cannot say. */
bool render_needs_status(const durak_game *before, const durak_game *g)
{
    return g->bouts != before->bouts || g->defender != before->defender
           || g->in_game != before->in_game || g->trump_owner != before->trump_owner;
}

bool render_report(const render_opts *r, const render_seats *s, const durak_game *before,
                   const durak_game *g, durak_action a, const char *what, char *buf, size_t cap)
{
    char ev[1024], part[1024];
    size_t len = 0;
    buf[0] = '\0';
    render_events(r, s, before, g, a, what, ev, sizeof ev);
    if (g->phase == DURAK_PHASE_OVER) {
        render_appendf(buf, cap, &len, "%s", ev);
        return len > 0;
    }
    if (render_optional(g) && !r->ask_public) { /* asked privately: only what changed */
        if (!ev[0])
            return false;
        render_table(r, g, part, sizeof part);
        render_appendf(buf, cap, &len, "[%s] %s" SEP "%s", part, ev,
                       M(g->phase == DURAK_PHASE_TAKING ? MSG_WAIT_ADDING : MSG_WAIT_THROWIN));
        return true;
    }
    render_head(r, s, g, part, sizeof part);
    render_appendf(buf, cap, &len, "%s", part);
    if (render_optional(g) && g->nattack > 1) { /* asked here: the cards whose ranks may follow */
        render_table(r, g, part, sizeof part);  /* (one pair: the move names it) */
        render_appendf(buf, cap, &len, SEP "[%s]%s%s", part, ev[0] ? " " : "", ev);
    } else if (ev[0]) {
        render_appendf(buf, cap, &len, SEP "%s", ev);
    }
    if (render_needs_status(before, g)) {
        render_status(r, s, g, render_trump_drawn(before, g), part, sizeof part);
        render_appendf(buf, cap, &len, SEP "%s", part);
    }
    return true;
}

void render_table_line(const render_opts *r, const render_seats *s, const durak_game *g, char *buf,
                       size_t cap)
{
    char head[512], status[1024];
    if (render_optional(g) && !r->ask_public)
        snprintf(head, sizeof head, "%s",
                 M(g->phase == DURAK_PHASE_TAKING ? MSG_WAIT_ADDING : MSG_WAIT_THROWIN));
    else
        render_head(r, s, g, head, sizeof head);
    render_status(r, s, g, false, status, sizeof status);
    snprintf(buf, cap, "%s" SEP "%s", head, status);
}

void render_places(const render_seats *s, const durak_game *g, char *buf, size_t cap)
{
    size_t len = 0;
    int last = g->nout ? g->out_place[g->nout - 1] + 1 : 1;
    buf[0] = '\0';
    for (int i = 0; i < g->nout && len < cap; i++)
        render_appendf(buf, cap, &len, "%s%d. %s", len ? ", " : "", g->out_place[i],
                       s->name[g->out[i]]);
    for (int i = 0; g->result == DURAK_RESULT_DRAW && i < s->n; i++) /* R15: they share it */
        if ((g->in_game >> i) & 1)
            render_appendf(buf, cap, &len, "%s%d. %s", len ? ", " : "", last, s->name[i]);
}

void render_forfeiters(const render_seats *s, const durak_game *g, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < s->n; i++)
        if ((g->forfeited >> i) & 1)
            render_appendf(buf, cap, &len, "%s%s", len ? ", " : "", s->name[i]);
}
