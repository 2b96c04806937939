/* tables.c — one table per channel: the lobby, the running game and its seats,
 * turn/lobby/rejoin timers, presence (nick, part, quit); commands in, outbox lines out. */
#include "tables.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "durak.h"
#include "messages.h"
#include "parser.h"
#include "ratelimit.h"
#include "render.h"
#include "rng.h"
#include "store.h"
#include "tables_internal.h"

#define M(id) msg_text(id)

/* ---- output ------------------------------------------------------------------ */

static void emit(outbox *o, out_kind kind, const char *target, msg_id id, va_list ap)
{
    char line[TABLES_LINE_MAX];
    vsnprintf(line, sizeof line, M(id), ap);
    outbox_add(o, kind, target, "%s", line);
}

/* A message by PRIVMSG (public lines, hands, moves). */
static void say(outbox *o, const char *target, msg_id id, ...)
{
    va_list ap;
    va_start(ap, id);
    emit(o, OUT_PRIVMSG, target, id, ap);
    va_end(ap);
}

/* A reply that concerns one user only, by NOTICE. */
static void notice(outbox *o, const char *target, msg_id id, ...)
{
    va_list ap;
    va_start(ap, id);
    emit(o, OUT_NOTICE, target, id, ap);
    va_end(ap);
}

/* printf onto buf at *len, clamped: a long line is cut, never overrun. */
void tables_appendf(char *buf, size_t cap, size_t *len, const char *fmt, ...)
{
    if (*len >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *len, cap - *len, fmt, ap);
    va_end(ap);
    if (n > 0)
        *len = *len + (size_t)n < cap ? *len + (size_t)n : cap - 1;
}

static render_opts ropts(const tables *t)
{
    render_opts r = { t->cfg.ui.colors, t->cfg.ui.unicode_suits };
    return r;
}

/* ---- lookup ------------------------------------------------------------------ */

table_t *tables_find(tables *t, const char *channel)
{
    for (int i = 0; i < TABLES_MAX; i++)
        if (t->tab[i].used && casemap_equal(t->cm, t->tab[i].channel, channel))
            return &t->tab[i];
    return NULL;
}

static int seat_of(const tables *t, const table_t *tb, const char *nick)
{
    for (int s = 0; s < tb->nseats; s++)
        if (casemap_equal(t->cm, tb->seat[s].nick, nick))
            return s;
    return -1;
}

/* The table where `nick` sits, and the seat; NULL if none. */
static table_t *table_of_nick(tables *t, const char *nick, int *seat)
{
    for (int i = 0; i < TABLES_MAX; i++) {
        if (!t->tab[i].used)
            continue;
        int s = seat_of(t, &t->tab[i], nick);
        if (s >= 0) {
            *seat = s;
            return &t->tab[i];
        }
    }
    return NULL;
}

/* The seat's player by user@host (a held seat is only theirs to take back). */
static bool same_person(const tables *t, const seat_t *st, const tables_who *w)
{
    return !strcmp(st->user, w->user) && casemap_equal(t->cm, st->host, w->host);
}

static bool is_admin(const tables *t, const tables_who *w)
{
    for (int i = 0; i < t->cfg.nadmins; i++)
        if (casemap_mask_match(t->cm, t->cfg.admins[i], w->nick, w->user, w->host))
            return true;
    return false;
}

static const char *prefix(const tables *t) { return t->cfg.game.prefix; }

/* ---- descriptions ---------------------------------------------------------------- */

static const char *variant_name(const durak_options *o)
{
    return M(o->variant == DURAK_VARIANT_TRANSFER ? MSG_WORD_TRANSFER : MSG_WORD_CLASSIC);
}

static void describe_options(const durak_options *o, char *buf, size_t cap)
{
    snprintf(buf, cap, M(MSG_OPTIONS), variant_name(o),
             M(o->throwin == DURAK_THROWIN_NEIGHBOURS ? MSG_WORD_NEIGHBOURS : MSG_WORD_ALL),
             o->first5 ? M(MSG_OPTIONS_FIRST5) : "");
}

static void seat_list(const table_t *tb, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int s = 0; s < tb->nseats && len < cap; s++)
        tables_appendf(buf, cap, &len, "%s%s", s ? ", " : "", tb->seat[s].nick);
}

static void hand_sizes(const table_t *tb, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int s = 0; s < tb->nseats && len < cap; s++) {
        if (!durak_in_game(&tb->g, s))
            continue;
        tables_appendf(buf, cap, &len, "%s%s %d%s", len ? ", " : "", tb->seat[s].nick,
                       cards_count(tb->g.hand[s]), tb->seat[s].absent ? M(MSG_AWAY_MARK) : "");
    }
}

/* "bob to defend" etc.: who must act now, by nick so that clients highlight it. */
static void describe_turn(const table_t *tb, char *buf, size_t cap)
{
    const durak_game *g = &tb->g;
    const char *actor = tb->seat[g->actor].nick, *def = tb->seat[g->defender].nick;
    durak_action a[DURAK_MAX_ACTIONS];
    bool can_transfer = false;
    int n = g->phase == DURAK_PHASE_DEFEND ? durak_legal(g, a) : 0;
    for (int i = 0; i < n; i++)
        can_transfer |= a[i].kind == DURAK_ACT_TRANSFER;
    switch (g->phase) {
    case DURAK_PHASE_ATTACK: snprintf(buf, cap, M(MSG_TURN_LEAD), actor, def); break;
    case DURAK_PHASE_DEFEND:
        snprintf(buf, cap, M(can_transfer ? MSG_TURN_DEFEND_TRANSFER : MSG_TURN_DEFEND), actor);
        break;
    case DURAK_PHASE_THROWIN: snprintf(buf, cap, M(MSG_TURN_THROWIN), actor, def); break;
    case DURAK_PHASE_TAKING: snprintf(buf, cap, M(MSG_TURN_TAKING), actor, def); break;
    default: buf[0] = '\0'; break;
    }
}

/* The public status: who acts, table, trump, stock, hand sizes. */
static void status_line(const tables *t, const table_t *tb, char *buf, size_t cap)
{
    render_opts r = ropts(t);
    char turn[256], table[512], trump[RENDER_CARD_MAX], sizes[512];
    describe_turn(tb, turn, sizeof turn);
    render_table(&r, &tb->g, table, sizeof table);
    render_card(&r, tb->g.trump_card, trump, sizeof trump);
    hand_sizes(tb, sizes, sizeof sizes);
    snprintf(buf, cap, M(MSG_STATUS), turn, table, trump, tb->g.stock_len, sizes);
}

static bool is_ai(const table_t *tb, int s) { return tb->seat[s].ai >= 0; }

static void send_hand(const tables *t, const table_t *tb, int s, outbox *o)
{
    if (is_ai(tb, s))
        return;
    render_opts r = ropts(t);
    char hand[512], trump[RENDER_CARD_MAX];
    render_hand(&r, tb->g.hand[s], tb->g.trump, hand, sizeof hand);
    render_card(&r, tb->g.trump_card, trump, sizeof trump);
    say(o, tb->seat[s].nick, MSG_HAND, tb->channel, hand, trump);
}

/* ---- tables: open, close ---------------------------------------------------------- */

static void touch(table_t *tb) { tb->dirty = true; }

static void seat_player(table_t *tb, const tables_who *w)
{
    touch(tb);
    seat_t *s = &tb->seat[tb->nseats++];
    memset(s, 0, sizeof *s);
    snprintf(s->nick, sizeof s->nick, "%s", w->nick);
    snprintf(s->user, sizeof s->user, "%s", w->user);
    snprintf(s->host, sizeof s->host, "%s", w->host);
    s->ai = -1;
}

/* A computer player's name, after its level and marked as a bot: "Hard[bot]", "Hard2[bot]". */
static void ai_name(const table_t *tb, ai_level level, char *name, size_t cap)
{
    char word[16];
    snprintf(word, sizeof word, "%s", ai_level_name(level));
    word[0] = (char)(word[0] - 'a' + 'A');
    int same = 0;
    for (int s = 0; s < tb->nseats; s++)
        same += tb->seat[s].ai == (int)level;
    if (same)
        snprintf(name, cap, "%s%d[bot]", word, same + 1);
    else
        snprintf(name, cap, "%s[bot]", word);
}

static void seat_ai(table_t *tb, ai_level level)
{
    char name[NICK_MAX];
    ai_name(tb, level, name, sizeof name);
    tables_who w = { name, "", "" };
    seat_player(tb, &w);
    tb->seat[tb->nseats - 1].ai = (int)level;
}

/* People (not computer players) seated and not gone for good. */
static int humans(const table_t *tb)
{
    int n = 0;
    for (int s = 0; s < tb->nseats; s++)
        n += !is_ai(tb, s) && !((tb->g.forfeited >> s) & 1);
    return n;
}

/* Frees a lobby seat; a leaving creator hands over to the first person seated. */
static void unseat(table_t *tb, int s)
{
    touch(tb);
    memmove(&tb->seat[s], &tb->seat[s + 1], sizeof tb->seat[0] * (size_t)(tb->nseats - s - 1));
    tb->nseats--;
    if (tb->creator > s)
        tb->creator--;
    else if (tb->creator == s)
        for (tb->creator = 0; tb->creator < tb->nseats - 1 && is_ai(tb, tb->creator);)
            tb->creator++;
}

static void close_table(tables *t, table_t *tb)
{
    if (t->nclosed < TABLES_MAX)
        snprintf(t->closed[t->nclosed++], sizeof t->closed[0], "%s", tb->channel);
    memset(tb, 0, sizeof *tb);
}

table_t *tables_open(tables *t, const char *channel)
{
    for (int i = 0; i < TABLES_MAX; i++) {
        if (!t->tab[i].used) {
            table_t *tb = &t->tab[i];
            memset(tb, 0, sizeof *tb);
            tb->used = true;
            touch(tb);
            snprintf(tb->channel, sizeof tb->channel, "%s", channel);
            return tb;
        }
    }
    return NULL;
}

/* ---- the game ------------------------------------------------------------------------ */

static void arm_turn(const tables *t, table_t *tb, double now)
{
    tb->turn_deadline = now + t->cfg.game.turn_timeout;
    tb->warned = false;
    tb->version++;
    tb->ai_pending = false;
    tb->ai_due = now + t->cfg.game.bot_delay;
    touch(tb);
}

static int players_holding(const durak_game *g)
{
    int n = 0;
    for (int s = 0; s < g->opt.players; s++)
        n += g->hand[s] != 0;
    return n;
}

/* R14, R15, R18: each seat's place for the stats. Players still in at the end
 * (a draw, or the winner after forfeits) share the place after the last one out. */
static void record_result(tables *t, const table_t *tb)
{
    const durak_game *g = &tb->g;
    store_result r = { .n = tb->nseats, .draw = g->result == DURAK_RESULT_DRAW };
    char keys[DURAK_MAX_PLAYERS][NICK_MAX];
    int last = g->nout ? g->out_place[g->nout - 1] + 1 : 1;
    if (!t->db || g->result == DURAK_RESULT_ONGOING)
        return;
    for (int s = 0; s < tb->nseats; s++) {
        store_seat *st = &r.seat[s];
        casemap_fold(t->cm, tb->seat[s].nick, keys[s], sizeof keys[s]);
        st->key = keys[s];
        st->display = tb->seat[s].nick;
        st->forfeited = (g->forfeited >> s) & 1;
        st->durak = g->result == DURAK_RESULT_DURAK && g->result_seat == s;
        st->place = st->forfeited ? 1 : last;
        for (int i = 0; i < g->nout; i++)
            if (g->out[i] == s)
                st->place = g->out_place[i];
    }
    store_record_game(t->db, &r);
}

static void announce_result(tables *t, table_t *tb, outbox *o)
{
    record_result(t, tb);
    const durak_game *g = &tb->g;
    char out[512];
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < g->nout && len < sizeof out; i++)
        tables_appendf(out, sizeof out, &len, "%s%s (%d)", i ? ", " : "", tb->seat[g->out[i]].nick,
                       g->out_place[i]);
    if (g->result == DURAK_RESULT_DURAK)
        say(o, tb->channel, MSG_RESULT_DURAK, tb->seat[g->result_seat].nick, len ? out : "-");
    else if (g->result == DURAK_RESULT_DRAW && players_holding(g) > 0)
        say(o, tb->channel, MSG_RESULT_REPEAT); /* R16 */
    else if (g->result == DURAK_RESULT_DRAW)
        say(o, tb->channel, MSG_RESULT_DRAW, len ? out : "-");
    else if (g->result_seat < DURAK_MAX_PLAYERS)
        say(o, tb->channel, MSG_RESULT_WON, tb->seat[g->result_seat].nick);
    else
        say(o, tb->channel, MSG_RESULT_NONE);
}

/* How the bout ended, if it did: the defender picked up the table, or it went to the
 * discard pile (R11, R12). `table` is every card that was on it, the last one played too. */
static void describe_bout_end(const table_t *tb, const durak_game *before, cards_t table,
                              char *line, size_t cap, size_t *len)
{
    const durak_game *g = &tb->g;
    if (!table || (g->bouts == before->bouts && g->phase != DURAK_PHASE_OVER))
        return;
    if ((g->hand[before->defender] & table) == table) {
        int n = cards_count(table);
        tables_appendf(line, cap, len, M(MSG_BOUT_TAKEN), tb->seat[before->defender].nick, n,
                       n == 1 ? "" : M(MSG_PLURAL));
    } else if ((g->discard & table) == table) {
        tables_appendf(line, cap, len, "%s", M(MSG_BOUT_BEATEN));
    }
}

/* What changed between `before` and the game now, said in one public line, plus the
 * private hands that changed. `what` is the move already described, `played` its card. */
static void report(tables *t, table_t *tb, const durak_game *before, cards_t played,
                   const char *what, double now, outbox *o)
{
    const durak_game *g = &tb->g;
    render_opts r = ropts(t);
    char line[2 * TABLES_LINE_MAX], trump[RENDER_CARD_MAX];
    size_t len = 0;
    tables_appendf(line, sizeof line, &len, "%s", what);
    describe_bout_end(tb, before, durak_table_cards(before) | played, line, sizeof line, &len);
    if (g->trump_owner != before->trump_owner && g->trump_owner < DURAK_MAX_PLAYERS)
        tables_appendf(line, sizeof line, &len, M(MSG_TRUMP_DRAWN), tb->seat[g->trump_owner].nick,
                       render_card(&r, g->trump_card, trump, sizeof trump));
    for (int i = before->nout; i < g->nout && len < sizeof line; i++)
        tables_appendf(line, sizeof line, &len, M(MSG_PLAYER_OUT), tb->seat[g->out[i]].nick,
                       g->out_place[i]);
    if (g->phase != DURAK_PHASE_OVER && len < sizeof line) {
        char status[TABLES_LINE_MAX];
        status_line(t, tb, status, sizeof status);
        tables_appendf(line, sizeof line, &len, " %s", status);
    }
    outbox_add(o, OUT_PRIVMSG, tb->channel, "%s", line);
    for (int s = 0; s < tb->nseats; s++)
        if (g->hand[s] != before->hand[s] && g->hand[s])
            send_hand(t, tb, s, o);
    if (g->phase == DURAK_PHASE_OVER) {
        announce_result(t, tb, o);
        close_table(t, tb);
        return;
    }
    arm_turn(t, tb, now);
}

/* "alice leads 7♠." — the move as a sentence, before it is applied. */
static void describe_move(const tables *t, const table_t *tb, durak_action a, char *buf, size_t cap)
{
    const durak_game *g = &tb->g;
    render_opts r = ropts(t);
    const char *nick = tb->seat[g->actor].nick;
    char c[RENDER_CARD_MAX], x[RENDER_CARD_MAX];
    render_card(&r, a.card, c, sizeof c);
    switch (a.kind) {
    case DURAK_ACT_PLAY:
        snprintf(buf, cap,
                 M(g->phase == DURAK_PHASE_ATTACK   ? MSG_MOVE_LEAD
                   : g->phase == DURAK_PHASE_TAKING ? MSG_MOVE_ADD
                                                    : MSG_MOVE_THROW),
                 nick, c);
        break;
    case DURAK_ACT_BEAT:
        snprintf(buf, cap, M(MSG_MOVE_BEAT), nick, render_card(&r, a.target, x, sizeof x), c);
        break;
    case DURAK_ACT_TAKE: snprintf(buf, cap, M(MSG_MOVE_TAKE), nick); break;
    case DURAK_ACT_PASS: snprintf(buf, cap, M(MSG_MOVE_PASS), nick); break;
    case DURAK_ACT_TRANSFER:
        snprintf(buf, cap, M(MSG_MOVE_TRANSFER), nick, c,
                 tb->seat[durak_next(g, g->defender)].nick);
        break;
    default: buf[0] = '\0'; break;
    }
}

static void play_move(tables *t, table_t *tb, durak_action a, bool timed_out, double now, outbox *o)
{
    char what[512], line[600];
    durak_game before = tb->g;
    describe_move(t, tb, a, what, sizeof what);
    snprintf(line, sizeof line, "%s%s", timed_out ? M(MSG_TIMEOUT_PREFIX) : "", what);
    if (durak_apply(&tb->g, a) != DURAK_OK)
        return;
    report(t, tb, &before, a.card < 64 ? card_bit(a.card) : 0, line, now, o);
}

/* game.replace_leavers: a computer player takes over the seat, hand and all. */
static void replace_by_ai(tables *t, table_t *tb, int s, msg_id why, double now, outbox *o)
{
    char what[256], name[NICK_MAX], status[TABLES_LINE_MAX];
    snprintf(what, sizeof what, M(why), tb->seat[s].nick);
    ai_name(tb, AI_NORMAL, name, sizeof name);
    seat_t *st = &tb->seat[s];
    memset(st, 0, sizeof *st);
    snprintf(st->nick, sizeof st->nick, "%s", name);
    st->ai = AI_NORMAL;
    arm_turn(t, tb, now);
    status_line(t, tb, status, sizeof status);
    say(o, tb->channel, MSG_REPLACED, what, name, status);
}

/* R18: a seat leaves the running game (or a computer player takes it over). */
static void forfeit(tables *t, table_t *tb, int s, msg_id why, double now, outbox *o)
{
    char what[256];
    snprintf(what, sizeof what, M(why), tb->seat[s].nick);
    if (humans(tb) <= 1 && !is_ai(tb, s) && durak_in_game(&tb->g, s)) {
        say(o, tb->channel, MSG_ONLY_BOTS_LEFT, what); /* nobody left to play for */
        close_table(t, tb);
        return;
    }
    if (t->cfg.game.replace_leavers && !is_ai(tb, s)) {
        replace_by_ai(t, tb, s, why, now, o);
        return;
    }
    durak_game before = tb->g;
    if (durak_resign(&tb->g, s) != DURAK_OK)
        return;
    report(t, tb, &before, 0, what, now, o);
}

static void start_game(tables *t, table_t *tb, double now, outbox *o)
{
    render_opts r = ropts(t);
    char opts[128], seats[512], trump[RENDER_CARD_MAX], low[RENDER_CARD_MAX];
    tb->opt.players = (uint8_t)tb->nseats;
    if (!durak_new(&tb->g, &tb->opt, rng_next(&t->rng)))
        return;
    tb->playing = true;
    describe_options(&tb->opt, opts, sizeof opts);
    seat_list(tb, seats, sizeof seats);
    render_card(&r, tb->g.trump_card, trump, sizeof trump);
    if (tb->g.first_trump != CARD_NONE)
        say(o, tb->channel, MSG_GAME_START, opts, seats, trump, tb->seat[tb->g.first_seat].nick,
            render_card(&r, tb->g.first_trump, low, sizeof low));
    else
        say(o, tb->channel, MSG_GAME_START_NO_TRUMP, opts, seats, trump,
            tb->seat[tb->g.first_seat].nick);
    for (int s = 0; s < tb->nseats; s++)
        send_hand(t, tb, s, o);
    char status[TABLES_LINE_MAX];
    status_line(t, tb, status, sizeof status);
    outbox_add(o, OUT_PRIVMSG, tb->channel, "%s", status);
    arm_turn(t, tb, now);
}

/* ---- channel commands --------------------------------------------------------------- */

static void cmd_open(tables *t, const tables_who *w, const char *channel, const parsed_cmd *p,
                     double now, outbox *o)
{
    int s;
    table_t *tb = tables_find(t, channel), *other = table_of_nick(t, w->nick, &s);
    if (tb) {
        notice(o, w->nick, tb->playing ? MSG_GAME_RUNNING : MSG_LOBBY_EXISTS, channel, prefix(t));
        return;
    }
    if (other) {
        notice(o, w->nick, MSG_ALREADY_SEATED, other->channel, prefix(t));
        return;
    }
    if (!(tb = tables_open(t, channel)))
        return;
    tb->opt = durak_default_options();
    tb->opt.variant = (uint8_t)(p->variant >= 0 ? p->variant : t->cfg.game.variant);
    tb->opt.throwin = (uint8_t)(p->throwin >= 0 ? p->throwin : t->cfg.game.throwin);
    tb->opt.first5 = (uint8_t)(p->first5 >= 0 ? p->first5 : t->cfg.game.first5);
    tb->lobby_deadline = now + t->cfg.game.lobby_timeout;
    seat_player(tb, w);
    char opts[128];
    describe_options(&tb->opt, opts, sizeof opts);
    say(o, channel, MSG_LOBBY_OPEN, w->nick, opts, prefix(t), w->nick, prefix(t));
}

static void cmd_join(tables *t, const tables_who *w, table_t *tb, outbox *o)
{
    int s;
    table_t *other = table_of_nick(t, w->nick, &s);
    if (other) {
        notice(o, w->nick, other == tb ? MSG_ALREADY_HERE : MSG_ALREADY_SEATED, other->channel,
               prefix(t));
        return;
    }
    if (tb->playing) {
        notice(o, w->nick, MSG_GAME_RUNNING, tb->channel, prefix(t));
        return;
    }
    if (tb->nseats == DURAK_MAX_PLAYERS) {
        notice(o, w->nick, MSG_LOBBY_FULL, tb->channel);
        return;
    }
    seat_player(tb, w);
    char seats[512];
    seat_list(tb, seats, sizeof seats);
    say(o, tb->channel, MSG_LOBBY_JOINED, w->nick, seats, tb->nseats, tb->seat[tb->creator].nick,
        prefix(t));
}

static void cmd_leave(tables *t, const tables_who *w, table_t *tb, double now, outbox *o)
{
    int s = seat_of(t, tb, w->nick);
    if (s < 0) {
        notice(o, w->nick, MSG_NOT_SEATED_HERE, tb->channel, prefix(t));
        return;
    }
    if (tb->playing) {
        forfeit(t, tb, s, MSG_FORFEIT_LEFT, now, o);
        return;
    }
    unseat(tb, s);
    if (!humans(tb)) {
        say(o, tb->channel, MSG_LOBBY_EMPTY, w->nick);
        close_table(t, tb);
        return;
    }
    char seats[512];
    seat_list(tb, seats, sizeof seats);
    say(o, tb->channel, MSG_LOBBY_LEFT, w->nick, seats, tb->seat[tb->creator].nick, prefix(t));
}

static bool may_manage(const tables *t, const table_t *tb, const tables_who *w)
{
    return (tb->nseats && casemap_equal(t->cm, tb->seat[tb->creator].nick, w->nick))
           || is_admin(t, w);
}

static void cmd_start(tables *t, const tables_who *w, table_t *tb, double now, outbox *o)
{
    if (tb->playing) {
        notice(o, w->nick, MSG_GAME_RUNNING, tb->channel, prefix(t));
    } else if (!may_manage(t, tb, w)) {
        notice(o, w->nick, MSG_ONLY_CREATOR_START, tb->seat[tb->creator].nick);
    } else if (tb->nseats < 2) {
        notice(o, w->nick, MSG_NEED_PLAYERS, prefix(t));
    } else {
        start_game(t, tb, now, o);
    }
}

static void cmd_stop(tables *t, const tables_who *w, table_t *tb, outbox *o)
{
    if (!may_manage(t, tb, w)) {
        notice(o, w->nick, MSG_ONLY_CREATOR_STOP, tb->seat[tb->creator].nick);
        return;
    }
    say(o, tb->channel, tb->playing ? MSG_GAME_STOPPED : MSG_LOBBY_STOPPED, w->nick);
    close_table(t, tb);
}

/* !bot [easy|normal|hard] seats a computer player in the lobby; !bot remove the last one. */
static void cmd_bot(tables *t, const tables_who *w, table_t *tb, const parsed_cmd *p, outbox *o)
{
    char seats[512], name[NICK_MAX];
    if (tb->playing) {
        notice(o, w->nick, MSG_BOT_LOBBY_ONLY, prefix(t));
    } else if (!may_manage(t, tb, w)) {
        notice(o, w->nick, MSG_ONLY_CREATOR_BOT, tb->seat[tb->creator].nick);
    } else if (p->bot_remove) {
        int s = tb->nseats - 1;
        while (s >= 0 && !is_ai(tb, s))
            s--;
        if (s < 0) {
            notice(o, w->nick, MSG_BOT_NONE, prefix(t));
            return;
        }
        snprintf(name, sizeof name, "%s", tb->seat[s].nick);
        unseat(tb, s);
        seat_list(tb, seats, sizeof seats);
        say(o, tb->channel, MSG_BOT_REMOVED, name, seats, tb->nseats);
    } else if (tb->nseats == DURAK_MAX_PLAYERS) {
        notice(o, w->nick, MSG_LOBBY_FULL, tb->channel);
    } else {
        seat_ai(tb, p->bot_level >= 0 ? (ai_level)p->bot_level : AI_NORMAL);
        seat_list(tb, seats, sizeof seats);
        say(o, tb->channel, MSG_BOT_ADDED, tb->seat[tb->nseats - 1].nick, seats, tb->nseats,
            tb->seat[tb->creator].nick, prefix(t));
    }
}

static void cmd_table(tables *t, table_t *tb, outbox *o)
{
    char line[TABLES_LINE_MAX];
    if (!tb->playing) {
        char seats[512];
        seat_list(tb, seats, sizeof seats);
        say(o, tb->channel, MSG_LOBBY_STATUS, seats, tb->nseats, tb->seat[tb->creator].nick,
            prefix(t));
        return;
    }
    status_line(t, tb, line, sizeof line);
    outbox_add(o, OUT_PRIVMSG, tb->channel, "%s", line);
}

static void cmd_rules(tables *t, const tables_who *w, const table_t *tb, outbox *o)
{
    durak_options opt = tb ? tb->opt : durak_default_options();
    if (!tb) {
        opt.variant = (uint8_t)t->cfg.game.variant;
        opt.throwin = (uint8_t)t->cfg.game.throwin;
        opt.first5 = t->cfg.game.first5;
    }
    notice(o, w->nick, MSG_RULES_1, variant_name(&opt));
    notice(o, w->nick,
           opt.throwin == DURAK_THROWIN_NEIGHBOURS ? MSG_RULES_2_NEIGHBOURS : MSG_RULES_2_ALL,
           opt.first5 ? M(MSG_RULES_FIRST5) : "");
    notice(o, w->nick,
           opt.variant == DURAK_VARIANT_TRANSFER ? MSG_RULES_3_TRANSFER : MSG_RULES_3_CLASSIC);
}

/* !help [topic] in a channel, help [topic] in private: two lines at most. */
static void cmd_help(tables *t, const tables_who *w, const char *topic, bool in_private, outbox *o)
{
    const char *p = prefix(t);
    if (!topic[0] && in_private)
        topic = "moves";
    if (!topic[0] || !strcmp(topic, "commands")) {
        notice(o, w->nick, MSG_HELP_1, p);
        notice(o, w->nick, MSG_HELP_2, t->own_nick);
    } else if (!strcmp(topic, "moves") || !strcmp(topic, "cards")) {
        notice(o, w->nick, MSG_PRIVATE_HELP_1);
        notice(o, w->nick, MSG_PRIVATE_HELP_2);
    } else if (!strcmp(topic, "bots") || !strcmp(topic, "bot")) {
        notice(o, w->nick, MSG_HELP_BOTS, p, p);
    } else if (!strcmp(topic, "stats") || !strcmp(topic, "top")) {
        notice(o, w->nick, MSG_HELP_STATS, p, p);
    } else {
        notice(o, w->nick, MSG_HELP_TOPICS, topic, p);
    }
}

/* !stats [nick]: one line in the channel. */
static void cmd_stats(tables *t, const tables_who *w, const char *channel, const char *nick,
                      outbox *o)
{
    store_player p;
    char key[NICK_MAX];
    if (!t->db) {
        notice(o, w->nick, MSG_NO_STATS);
        return;
    }
    if (!nick[0])
        nick = w->nick;
    casemap_fold(t->cm, nick, key, sizeof key);
    if (!store_get_player(t->db, key, &p)) {
        say(o, channel, MSG_STATS_NONE, nick);
        return;
    }
    say(o, channel, MSG_STATS, p.display, p.games, p.firsts, p.duraks, p.draws, p.forfeits,
        (int)(p.rating + 0.5));
}

/* !top [n]: the best n (5 by default) in one line. */
static void cmd_top(tables *t, const char *channel, int n, outbox *o)
{
    store_player best[20];
    char line[TABLES_LINE_MAX];
    size_t len = 0;
    if (!t->db) {
        say(o, channel, MSG_NO_STATS);
        return;
    }
    int k = store_top(t->db, n > 0 && n <= 20 ? n : 5, best);
    line[0] = '\0';
    for (int i = 0; i < k; i++)
        tables_appendf(line, sizeof line, &len, "%s%d. %s %d (%d)", i ? ", " : "", i + 1,
                       best[i].display, (int)(best[i].rating + 0.5), best[i].games);
    if (k > 0)
        say(o, channel, MSG_TOP, line);
    else
        say(o, channel, MSG_TOP_NONE, prefix(t));
}

void tables_on_channel(tables *t, double now, const tables_who *w, const char *channel,
                       const char *text, outbox *o)
{
    if (casemap_equal(t->cm, w->nick, t->own_nick))
        return;
    parse_opts po = { prefix(t), t->cfg.ui.unicode_suits };
    parsed_cmd p;
    parse_channel(text, strlen(text), &po, &p);
    if (p.kind == PC_IGNORED)
        return;
    char key[NICK_MAX];
    casemap_fold(t->cm, w->nick, key, sizeof key);
    if (!ratelimit_allow(&t->rl, key, now))
        return;
    table_t *tb = tables_find(t, channel);
    switch (p.kind) {
    case PC_ERROR: outbox_add(o, OUT_NOTICE, w->nick, "%s", p.error); return;
    case PC_DURAK: cmd_open(t, w, channel, &p, now, o); return;
    case PC_HELP: cmd_help(t, w, p.arg, false, o); return;
    case PC_RULES: cmd_rules(t, w, tb, o); return;
    case PC_STATS: cmd_stats(t, w, channel, p.arg, o); return;
    case PC_TOP: cmd_top(t, channel, p.number, o); return;
    default: break;
    }
    if (!tb) {
        notice(o, w->nick, MSG_NO_GAME_HERE, channel, prefix(t));
        return;
    }
    switch (p.kind) {
    case PC_JOIN: cmd_join(t, w, tb, o); break;
    case PC_LEAVE: cmd_leave(t, w, tb, now, o); break;
    case PC_START: cmd_start(t, w, tb, now, o); break;
    case PC_STOP: cmd_stop(t, w, tb, o); break;
    case PC_BOT: cmd_bot(t, w, tb, &p, o); break;
    case PC_TABLE: cmd_table(t, tb, o); break;
    default: notice(o, w->nick, MSG_PRIVATE_ONLY, t->own_nick, parse_kind_name(p.kind)); break;
    }
}

/* ---- private commands: the moves ---------------------------------------------------- */

/* "No moves for you now: waiting for bob to beat or take." */
static void waiting_for(const table_t *tb, const char *nick, outbox *o)
{
    char turn[256];
    describe_turn(tb, turn, sizeof turn);
    notice(o, nick, MSG_NO_MOVES, turn);
}

static void cmd_moves(const tables *t, const table_t *tb, int s, outbox *o)
{
    if (tb->g.actor != s) {
        waiting_for(tb, tb->seat[s].nick, o);
        return;
    }
    render_opts r = ropts(t);
    durak_action a[DURAK_MAX_ACTIONS];
    char list[TABLES_LINE_MAX];
    int n = durak_legal(&tb->g, a);
    render_actions(&r, a, n, list, sizeof list);
    say(o, tb->seat[s].nick, MSG_YOUR_MOVES, list);
}

/* A bare card or `beat C` without a target: the one legal move it can mean. */
static int moves_with_card(const durak_game *g, card_t c, int kind, durak_action *found)
{
    durak_action a[DURAK_MAX_ACTIONS];
    int n = durak_legal(g, a), k = 0;
    for (int i = 0; i < n; i++)
        if (a[i].card == c && (kind < 0 || a[i].kind == kind))
            found[k++] = a[i];
    return k;
}

/* One sentence saying why a move is refused, and what to do instead. */
static void explain_refusal(const tables *t, const table_t *tb, durak_action a, durak_error e,
                            const char *nick, outbox *o)
{
    render_opts r = ropts(t);
    const durak_game *g = &tb->g;
    char c[RENDER_CARD_MAX], x[RENDER_CARD_MAX];
    render_card(&r, a.card, c, sizeof c);
    render_card(&r, a.target, x, sizeof x);
    switch (e) {
    case DURAK_ERR_NOT_IN_HAND: notice(o, nick, MSG_ERR_NOT_IN_HAND, c); break;
    case DURAK_ERR_DOES_NOT_BEAT:
        if (card_suit(a.target) == g->trump)
            notice(o, nick, MSG_ERR_DOES_NOT_BEAT_TRUMP, c, x);
        else
            notice(o, nick, MSG_ERR_DOES_NOT_BEAT, c, x, render_suit_name(card_suit(a.target)));
        break;
    case DURAK_ERR_NO_SUCH_TARGET: notice(o, nick, MSG_ERR_NO_TARGET, x); break;
    case DURAK_ERR_RANK_NOT_ON_TABLE: notice(o, nick, MSG_ERR_RANK, c); break;
    case DURAK_ERR_TABLE_FULL: notice(o, nick, MSG_ERR_FULL); break;
    case DURAK_ERR_NOT_TRANSFER_VARIANT: notice(o, nick, MSG_ERR_NO_TRANSFER_VARIANT); break;
    case DURAK_ERR_TRANSFER_COVERED: notice(o, nick, MSG_ERR_TRANSFER_COVERED); break;
    case DURAK_ERR_TRANSFER_RANK: notice(o, nick, MSG_ERR_TRANSFER_RANK, c); break;
    case DURAK_ERR_TRANSFER_TOO_MANY:
        notice(o, nick, MSG_ERR_TRANSFER_TOO_MANY, tb->seat[durak_next(g, g->defender)].nick);
        break;
    default: {
        char turn[256];
        describe_turn(tb, turn, sizeof turn);
        notice(o, nick, MSG_ERR_WRONG_PHASE, turn);
        break;
    }
    }
}

/* Turns a parsed private command into an engine action; false (and a notice) if it can't. */
static bool to_action(const tables *t, const table_t *tb, const parsed_cmd *p, const char *nick,
                      durak_action *a, outbox *o)
{
    render_opts r = ropts(t);
    char c[RENDER_CARD_MAX], list[TABLES_LINE_MAX];
    durak_action found[DURAK_MAX_ACTIONS];
    *a = (durak_action){ DURAK_ACT_PLAY, p->card, p->target };
    switch (p->kind) {
    case PC_PLAY: return true;
    case PC_TAKE: a->kind = DURAK_ACT_TAKE; return true;
    case PC_PASS: a->kind = DURAK_ACT_PASS; return true;
    case PC_TRANSFER: a->kind = DURAK_ACT_TRANSFER; return true;
    case PC_BEAT:
        a->kind = DURAK_ACT_BEAT;
        if (p->target != CARD_NONE)
            return true;
        if (cards_count(durak_uncovered(&tb->g)) == 1) {
            a->target = cards_first(durak_uncovered(&tb->g));
            return true;
        }
        if (moves_with_card(&tb->g, p->card, DURAK_ACT_BEAT, found) == 1) {
            *a = found[0];
            return true;
        }
        notice(o, nick, MSG_ERR_BEAT_WHICH, render_card(&r, p->card, c, sizeof c));
        return false;
    default: break;
    }
    int k = moves_with_card(&tb->g, p->card, -1, found); /* PC_CARD */
    render_card(&r, p->card, c, sizeof c);
    if (k == 1) {
        *a = found[0];
        return true;
    }
    if (k == 0) {
        int n = durak_legal(&tb->g, found);
        notice(o, nick, MSG_ERR_CARD_NO_MOVE, c, render_actions(&r, found, n, list, sizeof list));
    } else {
        notice(o, nick, MSG_ERR_CARD_AMBIGUOUS, c, render_actions(&r, found, k, list, sizeof list));
    }
    return false;
}

static void cmd_move(tables *t, table_t *tb, int s, const parsed_cmd *p, double now, outbox *o)
{
    const char *nick = tb->seat[s].nick;
    if (tb->g.actor != s) {
        waiting_for(tb, nick, o);
        return;
    }
    durak_action a;
    if (!to_action(t, tb, p, nick, &a, o))
        return;
    durak_error e = durak_check(&tb->g, a);
    if (e != DURAK_OK) {
        explain_refusal(t, tb, a, e, nick, o);
        return;
    }
    tb->seat[s].timeouts = 0;
    play_move(t, tb, a, false, now, o);
}

static bool is_move(parse_kind k)
{
    return k == PC_PLAY || k == PC_BEAT || k == PC_TAKE || k == PC_PASS || k == PC_TRANSFER
           || k == PC_CARD;
}

void tables_on_private(tables *t, double now, const tables_who *w, const char *text, outbox *o)
{
    if (casemap_equal(t->cm, w->nick, t->own_nick))
        return;
    parse_opts po = { prefix(t), t->cfg.ui.unicode_suits };
    parsed_cmd p;
    parse_private(text, strlen(text), &po, &p);
    char key[NICK_MAX];
    casemap_fold(t->cm, w->nick, key, sizeof key);
    int s;
    table_t *tb = table_of_nick(t, w->nick, &s);
    bool my_turn = tb && tb->playing && tb->g.actor == s;
    bool turn_command = is_move(p.kind) || p.kind == PC_MOVES || p.kind == PC_HAND;
    if (!(my_turn && turn_command) && !ratelimit_allow(&t->rl, key, now))
        return; /* on your turn, moves, hand and moves are free */
    if (p.kind == PC_ERROR) {
        outbox_add(o, OUT_NOTICE, w->nick, "%s", p.error);
    } else if (p.kind == PC_HELP) {
        cmd_help(t, w, p.arg, true, o);
    } else if (!tb) {
        notice(o, w->nick, MSG_NOT_IN_GAME, prefix(t), prefix(t));
    } else if (!tb->playing) {
        notice(o, w->nick, MSG_NOT_STARTED, tb->seat[tb->creator].nick, prefix(t), tb->channel);
    } else if (tb->seat[s].absent && !same_person(t, &tb->seat[s], w)) {
        notice(o, w->nick, MSG_SEAT_HELD, tb->channel);
    } else if (p.kind == PC_HAND) {
        send_hand(t, tb, s, o);
    } else if (p.kind == PC_MOVES) {
        cmd_moves(t, tb, s, o);
    } else if (is_move(p.kind)) {
        cmd_move(t, tb, s, &p, now, o);
    } else {
        notice(o, w->nick, MSG_CHANNEL_ONLY, parse_kind_name(p.kind), tb->channel);
    }
}

/* ---- presence ------------------------------------------------------------------------ */

void tables_on_nick(tables *t, double now, const char *old_nick, const char *new_nick, outbox *o)
{
    (void)now;
    (void)o;
    if (casemap_equal(t->cm, old_nick, t->own_nick)) {
        tables_set_own_nick(t, new_nick);
        return;
    }
    int s;
    table_t *tb = table_of_nick(t, old_nick, &s);
    if (t->db) { /* stats follow the nick */
        char old_key[NICK_MAX], new_key[NICK_MAX];
        casemap_fold(t->cm, old_nick, old_key, sizeof old_key);
        casemap_fold(t->cm, new_nick, new_key, sizeof new_key);
        store_rename_player(t->db, old_key, new_key, new_nick);
    }
    if (tb) {
        snprintf(tb->seat[s].nick, sizeof tb->seat[s].nick, "%s", new_nick);
        touch(tb);
    }
}

void tables_on_join(tables *t, double now, const tables_who *w, const char *channel, outbox *o)
{
    (void)now;
    table_t *tb = tables_find(t, channel);
    if (!tb || !tb->playing || casemap_equal(t->cm, w->nick, t->own_nick))
        return;
    for (int s = 0; s < tb->nseats; s++) {
        seat_t *st = &tb->seat[s];
        if (!st->absent || !same_person(t, st, w))
            continue;
        int other;
        if (!casemap_equal(t->cm, st->nick, w->nick) && table_of_nick(t, w->nick, &other))
            continue; /* that nick sits elsewhere */
        st->absent = false;
        touch(tb);
        snprintf(st->nick, sizeof st->nick, "%s", w->nick);
        say(o, tb->channel, MSG_REJOINED, st->nick);
        send_hand(t, tb, s, o);
        return;
    }
}

/* A seated player is gone from the channel: lobby seat freed, game seat held. */
static void player_gone(tables *t, table_t *tb, int s, double now, outbox *o)
{
    if (!tb->playing) {
        tables_who w = { tb->seat[s].nick, "", "" };
        cmd_leave(t, &w, tb, now, o);
        return;
    }
    if (!durak_in_game(&tb->g, s) || tb->seat[s].absent)
        return;
    touch(tb);
    tb->seat[s].absent = true;
    tb->seat[s].grace_deadline = now + t->cfg.game.rejoin_grace;
    say(o, tb->channel, MSG_AWAY, tb->seat[s].nick, t->cfg.game.rejoin_grace);
}

void tables_on_part(tables *t, double now, const char *nick, const char *channel, outbox *o)
{
    table_t *tb = tables_find(t, channel);
    int s = tb ? seat_of(t, tb, nick) : -1;
    if (s >= 0)
        player_gone(t, tb, s, now, o);
}

void tables_on_quit(tables *t, double now, const char *nick, outbox *o)
{
    int s;
    table_t *tb = table_of_nick(t, nick, &s);
    if (tb)
        player_gone(t, tb, s, now, o);
}

/* ---- timers ----------------------------------------------------------------------------- */

/* The bot's move for a player who timed out: take, pass, or lead the lowest
 * non-trump (else the lowest trump). */
static durak_action timeout_action(const durak_game *g)
{
    durak_action a = { DURAK_ACT_PASS, CARD_NONE, CARD_NONE };
    if (g->phase == DURAK_PHASE_DEFEND) {
        a.kind = DURAK_ACT_TAKE;
    } else if (g->phase == DURAK_PHASE_ATTACK) {
        cards_t h = g->hand[g->actor], plain = h & ~cards_of_suit(g->trump);
        cards_t pick = plain ? plain : h;
        card_t best = cards_first(pick);
        for (cards_t s = pick; s; s &= s - 1)
            if (card_rank(cards_first(s)) < card_rank(best))
                best = cards_first(s);
        a.kind = DURAK_ACT_PLAY;
        a.card = best;
    }
    return a;
}

static void turn_timed_out(tables *t, table_t *tb, double now, outbox *o)
{
    int s = tb->g.actor;
    if (++tb->seat[s].timeouts >= t->cfg.game.max_timeouts) {
        forfeit(t, tb, s, MSG_FORFEIT_TIMEOUTS, now, o);
        return;
    }
    play_move(t, tb, timeout_action(&tb->g), true, now, o);
}

static double warn_time(const tables *t, const table_t *tb)
{
    return tb->turn_deadline - t->cfg.game.turn_timeout / 3.0;
}

static void tick_table(tables *t, table_t *tb, double now, outbox *o)
{
    if (!tb->playing) {
        if (now >= tb->lobby_deadline) {
            say(o, tb->channel, MSG_LOBBY_TIMEOUT, prefix(t));
            close_table(t, tb);
        }
        return;
    }
    for (int s = 0; s < tb->nseats && tb->used; s++)
        if (tb->seat[s].absent && now >= tb->seat[s].grace_deadline && durak_in_game(&tb->g, s))
            forfeit(t, tb, s, MSG_FORFEIT_GONE, now, o);
    if (!tb->used || is_ai(tb, tb->g.actor)) /* computer players have no turn timer */
        return;
    if (now >= tb->turn_deadline) {
        turn_timed_out(t, tb, now, o);
    } else if (!tb->warned && now >= warn_time(t, tb)) {
        tb->warned = true;
        touch(tb);
        notice(o, tb->seat[tb->g.actor].nick, MSG_TURN_WARNING,
               (int)(tb->turn_deadline - now + 0.5), tb->channel);
    }
}

void tables_on_tick(tables *t, double now, outbox *o)
{
    if (t->paused)
        return;
    for (int i = 0; i < TABLES_MAX; i++)
        if (t->tab[i].used)
            tick_table(t, &t->tab[i], now, o);
}

static double earliest(double a, double b) { return a < 0 || (b >= 0 && b < a) ? b : a; }

double tables_next_deadline(const tables *t)
{
    double next = -1;
    if (t->paused)
        return -1;
    for (int i = 0; i < TABLES_MAX; i++) {
        const table_t *tb = &t->tab[i];
        if (!tb->used)
            continue;
        if (!tb->playing) {
            next = earliest(next, tb->lobby_deadline);
            continue;
        }
        if (!is_ai(tb, tb->g.actor))
            next = earliest(next, tb->warned ? tb->turn_deadline : warn_time(t, tb));
        else if (!tb->ai_pending)
            next = earliest(next, tb->ai_due);
        for (int s = 0; s < tb->nseats; s++)
            if (tb->seat[s].absent && durak_in_game(&tb->g, s))
                next = earliest(next, tb->seat[s].grace_deadline);
    }
    return next;
}

void tables_on_disconnect(tables *t, double now)
{
    if (t->paused)
        return;
    t->paused = true;
    t->paused_at = now;
    for (int i = 0; i < TABLES_MAX; i++)
        touch(&t->tab[i]); /* saved again with their timers stopped */
}

void tables_close_channel(tables *t, const char *channel, outbox *o)
{
    table_t *tb = tables_find(t, channel);
    if (!tb)
        return;
    say(o, tb->channel, MSG_CHANNEL_DROPPED);
    close_table(t, tb);
}

/* After a reconnect or a restart: the table again, and hands after a restart. */
static void announce_back(tables *t, table_t *tb, outbox *o)
{
    char line[TABLES_LINE_MAX], seats[512];
    bool restored = tb->restored;
    tb->restored = false;
    if (!tb->playing) {
        if (restored) {
            seat_list(tb, seats, sizeof seats);
            say(o, tb->channel, MSG_LOBBY_RESTORED, seats, tb->nseats, tb->seat[tb->creator].nick,
                prefix(t));
        }
        return;
    }
    status_line(t, tb, line, sizeof line);
    say(o, tb->channel, restored ? MSG_RESTORED : MSG_RESUMED, line);
    for (int s = 0; restored && s < tb->nseats; s++)
        if (durak_in_game(&tb->g, s))
            send_hand(t, tb, s, o);
}

void tables_on_reconnect(tables *t, double now, outbox *o)
{
    if (!t->paused)
        return;
    double shift = now - t->paused_at;
    t->paused = false;
    for (int i = 0; i < TABLES_MAX; i++) {
        table_t *tb = &t->tab[i];
        if (!tb->used)
            continue;
        tb->lobby_deadline += shift;
        tb->turn_deadline += shift;
        for (int s = 0; s < tb->nseats; s++)
            tb->seat[s].grace_deadline += shift;
        touch(tb);
        announce_back(t, tb, o);
    }
}

/* ---- life cycle ---------------------------------------------------------------------------- */

tables *tables_new(const bot_config *cfg, uint64_t seed)
{
    tables *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->cfg = *cfg;
    t->cm = CASEMAP_RFC1459;
    t->paused = true; /* until the first connection */
    snprintf(t->own_nick, sizeof t->own_nick, "%s", cfg->irc.nick);
    rng_seed(&t->rng, seed);
    ratelimit_init(&t->rl, 4, 0.5);
    return t;
}

void tables_free(tables *t) { free(t); }

void tables_reconfigure(tables *t, const bot_config *cfg) { t->cfg = *cfg; }

void tables_set_casemapping(tables *t, casemap m) { t->cm = m; }

void tables_set_store(tables *t, store *db) { t->db = db; }

void tables_set_own_nick(tables *t, const char *nick)
{
    snprintf(t->own_nick, sizeof t->own_nick, "%s", nick);
}

size_t tables_count(const tables *t)
{
    size_t n = 0;
    for (int i = 0; i < TABLES_MAX; i++)
        n += t->tab[i].used;
    return n;
}

/* ---- computer players ----------------------------------------------------------------------- */

bool tables_ai_next_job(tables *t, double now, tables_ai_job *job)
{
    if (t->paused)
        return false;
    for (int i = 0; i < TABLES_MAX; i++) {
        table_t *tb = &t->tab[i];
        if (!tb->used || !tb->playing || tb->ai_pending || !is_ai(tb, tb->g.actor)
            || now < tb->ai_due)
            continue;
        tb->ai_pending = true;
        snprintf(job->channel, sizeof job->channel, "%s", tb->channel);
        job->version = tb->version;
        durak_view_of(&tb->g, tb->g.actor, &job->view);
        job->params = ai_default_params((ai_level)tb->seat[tb->g.actor].ai);
        job->params.seed = rng_next(&t->rng);
        return true;
    }
    return false;
}

void tables_ai_result(tables *t, double now, const tables_ai_job *job, durak_action a, outbox *o)
{
    table_t *tb = tables_find(t, job->channel);
    if (!tb || !tb->playing || tb->version != job->version || !is_ai(tb, tb->g.actor))
        return; /* the game moved on meanwhile */
    tb->ai_pending = false;
    if (t->paused) /* decided again once connected */
        return;
    if (durak_check(&tb->g, a) != DURAK_OK) /* never expected: act as on a time-out */
        a = timeout_action(&tb->g);
    play_move(t, tb, a, false, now, o);
}
