/* tables_end.c — the end of a game: its result for the stats, the last line (the durak or the
 * draw, places, forfeiters, rating changes, the rematch offer), !again, and the vote to !stop. */
#include <stdio.h>
#include <string.h>

#include "tables_internal.h"

#define SEP " \xC2\xB7 "
#define STOP_VOTE_SECONDS 30.0

static int players_holding(const durak_game *g)
{
    int n = 0;
    for (int s = 0; s < g->opt.players; s++)
        n += g->hand[s] != 0;
    return n;
}

/* R14, R15, R18: each seat's place for the stats, queued for tables_take_results. Players
 * still in at the end (a draw, or the winner after forfeits) share the place after the last
 * one out. Computer players' keys start with '*' (no nick can), so !top can leave them out. */
static pending_result *queue_result(tables *t, const table_t *tb)
{
    const durak_game *g = &tb->g;
    int last = g->nout ? g->out_place[g->nout - 1] + 1 : 1;
    if (!t->db || g->result == DURAK_RESULT_ONGOING || t->nresults == TABLES_MAX)
        return NULL;
    pending_result *p = &t->results[t->nresults++];
    p->r = (store_result){ .n = tb->nseats, .draw = g->result == DURAK_RESULT_DRAW };
    p->rec = tb->rec;
    for (int s = 0; s < tb->nseats; s++) {
        store_seat *st = &p->r.seat[s];
        char *key = p->key[s] + tb->solo; /* a private game's records: under '+' */
        size_t cap = sizeof p->key[s] - tb->solo;
        p->key[s][0] = '+';
        if (tables_is_ai(tb, s)) {
            key[0] = '*';
            casemap_fold(t->cm, tb->seat[s].nick, key + 1, cap - 1);
        } else {
            tables_stats_key(t, tables_seat_key_nick(&tb->seat[s]), tb->seat[s].account, key, cap);
        }
        snprintf(p->display[s], sizeof p->display[s], "%s", tb->seat[s].nick);
        st->key = p->key[s];
        st->display = p->display[s];
        st->forfeited = (g->forfeited >> s) & 1;
        st->durak = g->result == DURAK_RESULT_DURAK && g->result_seat == s;
        st->team = g->opt.teams ? 1 + durak_team_of(g, s) : 0; /* R19 */
        st->team_lost = g->opt.teams && durak_seat_lost(g, s);
        st->place = st->forfeited ? 1 : last;
        for (int i = 0; i < g->nout; i++)
            if (g->out[i] == s)
                st->place = g->out_place[i];
    }
    return p;
}

/* "alice 1512 (+12), bob 1488 (-12)": each person's rating after the game, as the store will
 * record it; "" without stats. */
static void rating_changes(tables *t, const table_t *tb, const pending_result *p, char *buf,
                           size_t cap)
{
    double before[DURAK_MAX_PLAYERS], after[DURAK_MAX_PLAYERS];
    size_t len = 0;
    buf[0] = '\0';
    if (!p || !store_preview_game(t->db, &p->r, before, after))
        return;
    for (int s = 0; s < tb->nseats; s++) {
        if (tables_is_ai(tb, s))
            continue;
        int now = (int)(after[s] + 0.5), change = now - (int)(before[s] + 0.5);
        render_appendf(buf, cap, &len, "%s%s %d (%+d)", len ? ", " : "", tb->seat[s].nick, now,
                       change);
    }
}

#define M(id) msg_in(lang, id)

/* The first sentence: who is the durak, or why nobody is. */
static void verdict(msg_lang lang, const table_t *tb, char *buf, size_t cap)
{
    render_opts r = { false, true, lang };
    const durak_game *g = &tb->g;
    render_seats names = tables_names(tb);
    int s;
    for (s = 0; tb->solo && s < tb->nseats && tables_is_ai(tb, s);)
        s++;
    if (tb->solo && s < tb->nseats && ((g->forfeited >> s) & 1))
        snprintf(buf, cap, M(MSG_SOLO_FORFEIT), tb->seat[s].nick);
    else if (g->result == DURAK_RESULT_TEAM_LOST) /* R19 */
        render_team_verdict(&r, &names, g, buf, cap);
    else if (g->result == DURAK_RESULT_DURAK)
        snprintf(buf, cap, M(MSG_RESULT_DURAK), tb->seat[g->result_seat].nick);
    else if (g->result == DURAK_RESULT_DRAW && players_holding(g) > 0)
        snprintf(buf, cap, "%s", M(MSG_RESULT_REPEAT)); /* R16 */
    else if (g->result == DURAK_RESULT_DRAW)
        snprintf(buf, cap, "%s", M(MSG_RESULT_DRAW));
    else if (g->result_seat < DURAK_MAX_PLAYERS)
        snprintf(buf, cap, M(MSG_RESULT_WON), tb->seat[g->result_seat].nick);
    else
        snprintf(buf, cap, "%s", M(MSG_RESULT_NONE));
}

static last_game *last_of(tables *t, const char *channel)
{
    for (int i = 0; i < TABLES_MAX; i++)
        if (t->last[i].used && casemap_equal(t->cm, t->last[i].channel, channel))
            return &t->last[i];
    return NULL;
}

/* The game's seats and options, kept for !again once the table is gone. */
static void remember(tables *t, const table_t *tb)
{
    last_game *l = last_of(t, tb->channel);
    for (int i = 0; i < TABLES_MAX && !l; i++)
        if (!t->last[i].used)
            l = &t->last[i];
    if (!l)
        l = &t->last[0];
    l->used = true;
    snprintf(l->channel, sizeof l->channel, "%s", tb->channel);
    l->opt = tb->opt;
    l->nseats = tb->nseats;
    l->creator = tb->creator;
    memcpy(l->seat, tb->seat, sizeof l->seat);
}

void end_announce(tables *t, table_t *tb, outbox *o)
{
    render_opts r = tables_ropts_to(t, tb->channel); /* a private game's: its player's */
    msg_lang lang = r.lang;
    render_seats names = tables_names(tb);
    char line[2 * TABLES_LINE_MAX], part[TABLES_LINE_MAX];
    size_t len = 0;
    pending_result *p = queue_result(t, tb);
    verdict(lang, tb, part, sizeof part);
    render_appendf(line, sizeof line, &len, "%s", part);
    render_team_result(&r, &names, &tb->g, part, sizeof part);
    if (part[0]) {
        render_appendf(line, sizeof line, &len, SEP);
        render_appendf(line, sizeof line, &len, "%s", part);
    }
    render_places(&names, &tb->g, part, sizeof part);
    if (part[0]) {
        render_appendf(line, sizeof line, &len, SEP);
        render_appendf(line, sizeof line, &len, M(MSG_RESULT_PLACES), part);
    }
    render_forfeiters(&names, &tb->g, part, sizeof part);
    if (part[0]) {
        render_appendf(line, sizeof line, &len, SEP);
        render_appendf(line, sizeof line, &len, M(MSG_RESULT_FORFEITED), part);
    }
    hint_counts(tb, part, sizeof part);
    if (part[0]) {
        render_appendf(line, sizeof line, &len, SEP);
        render_appendf(line, sizeof line, &len, M(MSG_RESULT_HINTS), part);
    }
    rating_changes(t, tb, p, part, sizeof part);
    if (part[0]) {
        render_appendf(line, sizeof line, &len, SEP);
        render_appendf(line, sizeof line, &len,
                       M(tb->solo ? MSG_RESULT_RATINGS_SOLO : MSG_RESULT_RATINGS), part);
    }
    if (tb->solo) {
        render_appendf(line, sizeof line, &len, SEP);
        render_appendf(line, sizeof line, &len, M(MSG_SOLO_AGAIN), t->own_nick);
    } else if (tables_humans(tb) > 0 && tb->g.result != DURAK_RESULT_ONGOING) {
        remember(t, tb);
        render_appendf(line, sizeof line, &len, SEP);
        render_appendf(line, sizeof line, &len, M(MSG_RESULT_AGAIN), tables_prefix(t));
    }
    outbox_add(o, OUT_PRIVMSG, tb->channel, "%s", line);
}

#undef M
void end_abandon(tables *t, table_t *tb, int s, outbox *o)
{
    durak_game *g = &tb->g;
    if (!durak_over(g) && durak_resign(g, s) != DURAK_OK) /* never expected */
        g->forfeited |= (uint8_t)(1u << s);
    if (g->result == DURAK_RESULT_ONGOING) { /* the computer players still in share the place */
        g->result = DURAK_RESULT_WON;
        g->result_seat = DURAK_MAX_PLAYERS;
    }
    end_announce(t, tb, o);
    tables_close(t, tb);
}

/* ---- !again: the same seats, computer players included ---- */

static bool all_agreed(const table_t *tb)
{
    for (int s = 0; s < tb->nseats; s++)
        if (!tables_is_ai(tb, s) && !((tb->agreed >> s) & 1))
            return false;
    return true;
}

static void waiting_list(const table_t *tb, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int s = 0; s < tb->nseats; s++)
        if (!tables_is_ai(tb, s) && !((tb->agreed >> s) & 1))
            render_appendf(buf, cap, &len, "%s%s", len ? ", " : "", tb->seat[s].nick);
}

/* The rematch lobby: the last game's seats whose people are not seated elsewhere now. */
static table_t *open_rematch(tables *t, const last_game *l, double now)
{
    table_t *tb = tables_open(t, l->channel);
    if (!tb)
        return NULL;
    tb->opt = l->opt;
    tb->rematch = true;
    tb->lobby_deadline = now + t->cfg.game.lobby_timeout;
    for (int s = 0; s < l->nseats; s++) {
        int other;
        if (l->seat[s].ai < 0 && tables_of_nick(t, l->seat[s].nick, &other))
            continue;
        seat_t *st = &tb->seat[tb->nseats++];
        *st = l->seat[s];
        st->absent = st->unconfirmed = false;
        st->timeouts = 0;
        if (s == l->creator)
            tb->creator = tb->nseats - 1;
    }
    while (tables_is_ai(tb, tb->creator) && tb->creator + 1 < tb->nseats)
        tb->creator++;
    return tb;
}

/* The person's seat in the last game of the channel, or -1. */
static int played_last(const tables *t, const last_game *l, const tables_who *w)
{
    for (int s = 0; l && s < l->nseats; s++)
        if (casemap_equal(t->cm, l->seat[s].nick, w->nick) && tables_same_person(t, &l->seat[s], w))
            return s;
    return -1;
}

static void agree(tables *t, table_t *tb, int s, double now, outbox *o)
{
    char waiting[512], seats[512];
    tb->agreed |= (uint8_t)(1u << s);
    tables_touch(tb);
    if (all_agreed(tb) && tb->nseats >= 2) {
        play_start(t, tb, now, o);
        return;
    }
    waiting_list(tb, waiting, sizeof waiting);
    if (__builtin_popcount(tb->agreed) > 1) {
        tables_say(o, tb->channel, MSG_AGAIN_AGREED, tb->seat[s].nick, waiting);
        return;
    }
    render_seats names = tables_names(tb);
    render_seat_list(&names, seats, sizeof seats);
    tables_say(o, tb->channel, MSG_AGAIN_OPEN, seats, tables_prefix(t), waiting,
               tb->seat[tb->creator].nick, tables_prefix(t));
}

void end_again(tables *t, const tables_who *w, const char *channel, double now, outbox *o)
{
    table_t *tb = tables_find(t, channel);
    if (tb && (tb->playing || !tb->rematch)) {
        tables_notice(o, w->nick, tb->playing ? MSG_GAME_RUNNING : MSG_LOBBY_EXISTS, channel,
                      tables_prefix(t));
        return;
    }
    if (tb) {
        int s = tables_seat_of(t, tb, w->nick);
        if (s < 0)
            tables_notice(o, w->nick, MSG_NOT_SEATED_HERE, channel, tables_prefix(t));
        else if (!tables_refuse_stranger(t, tb, s, w, o))
            agree(t, tb, s, now, o);
        return;
    }
    last_game *l = last_of(t, channel);
    int other;
    if (played_last(t, l, w) < 0 || tables_of_nick(t, w->nick, &other)) {
        tables_notice(o, w->nick, MSG_AGAIN_NONE, channel, tables_prefix(t));
        return;
    }
    if (!(tb = open_rematch(t, l, now)))
        return;
    agree(t, tb, tables_seat_of(t, tb, w->nick), now, o);
}

/* ---- !stop of a running game: the players vote ---- */

void end_stop_vote(tables *t, const tables_who *w, table_t *tb, double now, outbox *o)
{
    int s = tables_seat_of(t, tb, w->nick);
    if (s < 0 || ((tb->g.forfeited >> s) & 1)) {
        tables_notice(o, w->nick, MSG_STOP_NOT_SEATED, tables_prefix(t));
        return;
    }
    if (tables_refuse_stranger(t, tb, s, w, o))
        return;
    if (!tb->stop_votes)
        tb->stop_deadline = now + STOP_VOTE_SECONDS;
    tb->stop_votes |= (uint8_t)(1u << s);
    tables_touch(tb);
    int votes = __builtin_popcount(tb->stop_votes), people = tables_humans(tb);
    if (2 * votes > people) {
        tables_say(o, tb->channel, MSG_STOP_AGREED);
        record_reveal(tb, o);
        tables_close(t, tb);
        return;
    }
    tables_say(o, tb->channel, MSG_STOP_VOTE, w->nick, votes, people, tables_prefix(t));
}

void end_tick(table_t *tb, double now, outbox *o)
{
    if (!tb->stop_votes || now < tb->stop_deadline)
        return;
    tb->stop_votes = 0;
    tables_touch(tb);
    tables_say(o, tb->channel, MSG_STOP_VOTE_FAILED);
}

double end_deadline(const table_t *tb) { return tb->stop_votes ? tb->stop_deadline : -1; }
