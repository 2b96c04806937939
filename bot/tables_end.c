/* tables_end.c — the end of a game: its result for the stats, the last line (the durak or the
 * draw, places, forfeiters, ratings as they will be saved, the rematch offer), seats for !again. */
#include <stdio.h>
#include <string.h>

#include "log.h"
#include "tables_internal.h"

#define SEP " \xC2\xB7 "

static int players_holding(const durak_game *g)
{
    int n = 0;
    for (int s = 0; s < g->opt.players; s++)
        n += g->hand[s] != 0;
    return n;
}

/* R19: of the players still in when a team game ends (a forfeit ends it at once), those whose team
 * lost come after those whose team won, instead of sharing their place: else a loser who never
 * went out would count as out first. */
static void team_places(store_result *r, int last)
{
    int won = 0;
    for (int s = 0; s < r->n; s++)
        won += r->seat[s].team && !r->seat[s].forfeited && r->seat[s].place == last
               && !r->seat[s].team_lost;
    for (int s = 0; s < r->n; s++)
        if (r->seat[s].team && !r->seat[s].forfeited && r->seat[s].place == last
            && r->seat[s].team_lost)
            r->seat[s].place = last + won;
}

/* R14, R15, R18: each seat's place for the stats, queued for tables_take_games. Players
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
    record_language(t, tb, &p->rec); /* a Russian game in an English channel: a Russian page */
    for (int s = 0; s < tb->nseats; s++) {
        store_seat *st = &p->r.seat[s];
        const seat_t *seat = &tb->seat[s];
        bool left = tables_seat_replaced(seat); /* the leaver's forfeit, not the computer's game */
        char *key = p->key[s] + tb->solo;       /* a private game's records: under '+' */
        size_t cap = sizeof p->key[s] - tb->solo;
        p->key[s][0] = '+';
        if (tables_is_ai(tb, s) && !left) {
            key[0] = '*';
            casemap_fold(t->cm, seat->nick, key + 1, cap - 1);
        } else {
            tables_stats_key(t, tables_seat_key_nick(seat), seat->account, key, cap);
        }
        /* without an account the record is the nick's the seat started with: shown under it */
        snprintf(p->display[s], sizeof p->display[s], "%s",
                 !left && (tables_is_ai(tb, s) || seat->account[0]) ? seat->nick
                                                                    : tables_seat_key_nick(seat));
        st->key = p->key[s];
        st->display = p->display[s];
        st->forfeited = left || ((g->forfeited >> s) & 1);
        st->durak = !left && g->result == DURAK_RESULT_DURAK && g->result_seat == s;
        st->team = g->opt.teams ? 1 + durak_team_of(g, s) : 0; /* R19 */
        /* R18: a leaver's own result is a forfeit, a loss, whatever the computer player did */
        st->team_lost = g->opt.teams && (left || durak_seat_lost(g, s));
        st->place = st->forfeited ? 1 : last;
        for (int i = 0; i < g->nout; i++)
            if (g->out[i] == s)
                st->place = g->out_place[i];
    }
    team_places(&p->r, last);
    return p;
}

/* The rating key gets from the results said and not saved yet, or NULL: the store's holds. */
static double *unsaved_of(tables *t, const char *key)
{
    for (int i = 0; i < t->nunsaved; i++)
        if (!strcmp(t->unsaved_key[i], key))
            return &t->unsaved[i];
    return NULL;
}

/* Each seat's rating before and after r as the store will record them: after the results still
 * waiting to be saved (kept in memory while the store cannot be written, bot/persist.c), which r
 * then joins. False if that cannot be known: then no rating is said until all are saved. */
static bool preview(tables *t, const store_result *r, double *before, double *after)
{
    int max = (int)(sizeof t->unsaved / sizeof t->unsaved[0]);
    bool ok = t->nunsaved >= 0 && store_preview_game(t->db, r, before, after);
    for (int i = 0; ok && i < r->n; i++) {
        const double *known = unsaved_of(t, r->seat[i].key);
        before[i] = known ? *known : before[i];
    }
    if (ok)
        store_rate(r, before, after);
    for (int i = 0; ok && i < r->n; i++) {
        double *known = unsaved_of(t, r->seat[i].key);
        if (!known && (ok = t->nunsaved < max)) {
            snprintf(t->unsaved_key[t->nunsaved], NICK_MAX, "%s", r->seat[i].key);
            known = &t->unsaved[t->nunsaved++];
        }
        if (ok)
            *known = after[i];
    }
    if (!ok)
        t->nunsaved = -1;
    return ok;
}

void tables_results_saved(tables *t)
{
    if (!t->nresults)
        t->nunsaved = 0;
}

/* "alice 1512 (+12), bob 1488 (-12)": each person's rating after the game, as the store will
 * record it; "" without stats. A private game's one person reads theirs without their nick. */
static void rating_changes(tables *t, const table_t *tb, const pending_result *p, char *buf,
                           size_t cap)
{
    double before[DURAK_MAX_PLAYERS], after[DURAK_MAX_PLAYERS];
    size_t len = 0;
    buf[0] = '\0';
    if (!p || !preview(t, &p->r, before, after))
        return;
    for (int s = 0; s < tb->nseats; s++) {
        bool left = tables_seat_replaced(&tb->seat[s]); /* the leaver's rating moved: say it */
        if (tables_is_ai(tb, s) && !left)
            continue;
        int now = (int)(after[s] + 0.5), change = now - (int)(before[s] + 0.5);
        if (!tb->solo)
            render_appendf(buf, cap, &len, "%s%s ", len ? ", " : "",
                           left ? tables_seat_key_nick(&tb->seat[s]) : tb->seat[s].nick);
        render_appendf(buf, cap, &len, "%d (%+d)", now, change);
    }
}

#define M(id) msg_in(lang, id)

/* The hints a private game's one person took (computer players take none). */
static int hints_taken(const table_t *tb)
{
    int n = 0;
    for (int s = 0; s < tb->nseats; s++)
        n += tb->seat[s].hints;
    return n;
}

/* The first sentence: who is the durak, or why nobody is. */
static void verdict(msg_lang lang, const table_t *tb, char *buf, size_t cap)
{
    render_opts r = { false, true, lang, false };
    const durak_game *g = &tb->g;
    render_seats names = tables_names(tb);
    size_t len = 0;
    int s = tables_solo_seat(tb);
    bool solo_forfeit = s >= 0 && ((g->forfeited >> s) & 1); /* said to that person */
    buf[0] = '\0';
    if (solo_forfeit && tb->forfeit_why) {
        char why[256]; /* said to that person: "Game over: You timed out too often and forfeit." */
        names.you[s] = true;
        render_said(&r, &names, s, -1, why, sizeof why, &len, (msg_id)(tb->forfeit_why - 1),
                    tb->seat[s].nick);
        snprintf(buf, cap, M(MSG_SOLO_FORFEIT_WHY), why);
    } else if (solo_forfeit) { /* stop */
        snprintf(buf, cap, "%s", M(MSG_SOLO_FORFEIT));
    } else if (s >= 0 && g->result == DURAK_RESULT_WON && g->result_seat == DURAK_MAX_PLAYERS) {
        snprintf(buf, cap, "%s", M(MSG_SOLO_STOP_OUT)); /* stopped by its person, out already */
    } else if (g->result == DURAK_RESULT_TEAM_LOST)     /* R19 */
        render_team_verdict(&r, &names, g, buf, cap);
    else if (g->result == DURAK_RESULT_DURAK)
        render_said(&r, &names, g->result_seat, -1, buf, cap, &len, MSG_RESULT_DURAK,
                    tb->seat[g->result_seat].nick);
    else if (g->result == DURAK_RESULT_DRAW && players_holding(g) > 0) /* R16: which ending */
        snprintf(buf, cap, "%s",
                 M(g->nhistory >= DURAK_MAX_HISTORY ? MSG_RESULT_QUIET : MSG_RESULT_REPEAT));
    else if (g->result == DURAK_RESULT_DRAW)
        snprintf(buf, cap, "%s", M(MSG_RESULT_DRAW));
    else if (g->result_seat < DURAK_MAX_PLAYERS)
        snprintf(buf, cap, M(MSG_RESULT_WON), tb->seat[g->result_seat].nick);
    else
        snprintf(buf, cap, "%s", M(MSG_RESULT_BOTS_WIN));
}

last_game *end_last_game(tables *t, const char *channel)
{
    for (int i = 0; i < TABLES_MAX; i++)
        if (t->last[i].used && casemap_equal(t->cm, t->last[i].channel, channel))
            return &t->last[i];
    return NULL;
}

void end_last_seen(tables *t, const char *channel, const char *nick, const tables_who *here)
{
    for (int i = 0; i < TABLES_MAX; i++) {
        last_game *l = &t->last[i];
        if (!l->used || (channel && !casemap_equal(t->cm, l->channel, channel)))
            continue;
        for (int s = 0; s < l->nseats; s++)
            if (l->seat[s].ai < 0 && casemap_equal(t->cm, l->seat[s].nick, nick)
                && (!here || tables_same_person(t, &l->seat[s], here)))
                l->seat[s].absent = !here;
    }
}

void end_last_renamed(tables *t, const char *old_nick, const char *new_nick)
{
    for (int i = 0; i < TABLES_MAX; i++) {
        last_game *l = &t->last[i];
        for (int s = 0; l->used && s < l->nseats; s++)
            if (l->seat[s].ai < 0 && !l->seat[s].absent
                && casemap_equal(t->cm, l->seat[s].nick, old_nick)) {
                snprintf(l->seat[s].nick, sizeof l->seat[s].nick, "%s", new_nick);
                l->dirty = t->last_dirty = true;
            }
    }
}

const seat_t *end_last_seat_of(const tables *t, const char *nick)
{
    for (int i = 0; i < TABLES_MAX; i++) {
        const last_game *l = &t->last[i];
        for (int s = 0; l->used && s < l->nseats; s++)
            if (l->seat[s].ai < 0 && !l->seat[s].absent
                && casemap_equal(t->cm, l->seat[s].nick, nick))
                return &l->seat[s];
    }
    return NULL;
}

void end_last_key(const last_game *l, char *key, size_t cap)
{
    snprintf(key, cap, "%s%s", TABLES_LAST_KEY, l->channel);
}

void end_remember(tables *t, const table_t *tb)
{
    last_game *l = end_last_game(t, tb->channel);
    for (int i = 0; i < TABLES_MAX && !l; i++)
        if (!t->last[i].used)
            l = &t->last[i];
    if (!l)
        l = &t->last[0];
    l->used = l->dirty = t->last_dirty = true;
    snprintf(l->channel, sizeof l->channel, "%s", tb->channel);
    l->opt = tb->opt;
    l->nseats = tb->nseats;
    l->creator = tb->creator;
    memcpy(l->seat, tb->seat, sizeof l->seat);
    l->lang = tb->lang;
}

/* What the last line is written from besides the table: the ratings said, the rematch offer. */
typedef struct {
    bool again;
    char ratings[TABLES_LINE_MAX]; /* rating_changes: counted once, the same in every language */
} end_facts;

/* Who forfeited, by name: the engine's forfeits, and each leaver whose seat a computer player took
 * over (game.replace_leavers): their result is still a forfeit (R18), as the record has it. */
static void forfeiters(const table_t *tb, const render_seats *names, char *buf, size_t cap)
{
    render_forfeiters(names, &tb->g, buf, cap);
    size_t len = strlen(buf);
    for (int s = 0; s < tb->nseats; s++)
        if (tables_seat_replaced(&tb->seat[s]))
            render_appendf(buf, cap, &len, "%s%s", len ? ", " : "",
                           tables_seat_key_nick(&tb->seat[s]));
}

/* The last line in r's language (the channel's, or a spectator's). */
static void end_line(const tables *t, const table_t *tb, const render_opts *rr, const void *arg,
                     char *line, size_t cap)
{
    const end_facts *f = arg;
    render_opts r = *rr;
    msg_lang lang = r.lang;
    render_seats names = tables_names(tb);
    char part[TABLES_LINE_MAX];
    size_t len = 0;
    line[0] = '\0';
    verdict(lang, tb, part, sizeof part);
    render_appendf(line, cap, &len, "%s", part);
    render_team_result(&r, &names, &tb->g, part, sizeof part);
    if (part[0]) {
        render_appendf(line, cap, &len, SEP);
        render_appendf(line, cap, &len, "%s", part);
    }
    render_places(&names, &tb->g, part, sizeof part);
    if (part[0]) {
        render_appendf(line, cap, &len, SEP);
        render_appendf(line, cap, &len, M(MSG_RESULT_PLACES), part);
    }
    forfeiters(tb, &names, part, sizeof part);
    if (part[0] && !tb->solo) { /* a private game's forfeit is its person's: the verdict said it */
        render_appendf(line, cap, &len, SEP);
        render_appendf(line, cap, &len, M(MSG_RESULT_FORFEITED), part);
    }
    hint_counts(tb, part, sizeof part);
    if (part[0]) {
        render_appendf(line, cap, &len, SEP);
        if (tb->solo) /* its one person's, said to them: "hints you took: 2" */
            render_appendf(line, cap, &len, M(MSG_RESULT_HINTS_YOU), hints_taken(tb));
        else
            render_appendf(line, cap, &len, M(MSG_RESULT_HINTS), part);
    }
    if (f->ratings[0]) {
        render_appendf(line, cap, &len, SEP);
        render_appendf(line, cap, &len, M(tb->solo ? MSG_RESULT_RATINGS_SOLO : MSG_RESULT_RATINGS),
                       f->ratings);
    }
    if (tb->solo) {
        render_appendf(line, cap, &len, SEP);
        render_appendf(line, cap, &len, M(MSG_SOLO_AGAIN), t->own_nick);
    } else if (f->again) {
        render_appendf(line, cap, &len, SEP);
        render_appendf(line, cap, &len, M(MSG_RESULT_AGAIN), tables_prefix(t));
    }
}

void end_log_no_result(const table_t *tb, const char *why)
{
    log_msg(LOG_INFO, "%s: the game ends with no result: %s", tb->channel, why);
}

void end_no_result(tables *t, table_t *tb, const char *why, outbox *o)
{
    end_log_no_result(tb, why);
    record_reveal(tb, o);
    end_remember(t, tb); /* !again plays it again, not an older game */
    tables_close(t, tb);
}

void end_announce(tables *t, table_t *tb, outbox *o)
{
    end_facts f = { false, "" };
    rating_changes(t, tb, queue_result(t, tb), f.ratings, sizeof f.ratings);
    if (!tb->solo && tb->g.result != DURAK_RESULT_ONGOING) {
        end_remember(t, tb); /* else !again would offer an older game */
        f.again = tables_humans(tb) > 0;
    }
    tables_public(t, tb, o, end_line, &f);
}

#undef M
void end_abandon(tables *t, table_t *tb, int s, bool timed_out, double now, outbox *o)
{
    durak_game *g = &tb->g;
    /* R18: one still in forfeits, in the record too (it replays to the result); one out already
     * (a private game's person who went out and stops the computer players' game) keeps their
     * place */
    if (!durak_over(g) && durak_in_game(g, s)) {
        if (durak_resign(g, s) == DURAK_OK)
            record_resign(tb, s, -1, timed_out, now);
        else
            g->forfeited |= (uint8_t)(1u << s); /* never expected */
    }
    if (g->result == DURAK_RESULT_ONGOING) { /* the computer players still in share the place */
        g->result = DURAK_RESULT_WON;
        g->result_seat = DURAK_MAX_PLAYERS;
    }
    record_result(tb); /* the record, which end_announce queues, is refused without one */
    end_announce(t, tb, o);
    record_reveal(tb, o); /* after "Game over", as it reads */
    tables_close(t, tb);
}
