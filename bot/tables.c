/* tables.c — the tables' life cycle, lookups and shared output helpers, and the timers that
 * span lobby, play and presence (tick, next deadline, pause on disconnect, computer players). */
#include "tables.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tables_internal.h"
#include "utf8.h"

/* ---- output ---- */

static void emit(outbox *o, out_kind kind, const char *target, msg_id id, va_list ap)
{
    char line[TABLES_LINE_MAX];
    msg_lang lang = o->lang_of ? (msg_lang)o->lang_of(o->lang_ctx, target) : MSG_LANG_EN;
    vsnprintf(line, sizeof line, msg_in(lang, id), ap);
    utf8_cut_invalid(line); /* a cut line ends on a whole character */
    outbox_add_prio(o, tables_line_prio(kind, id), kind, target, "%s", line);
}

void tables_say(outbox *o, const char *target, msg_id id, ...)
{
    va_list ap;
    va_start(ap, id);
    emit(o, OUT_PRIVMSG, target, id, ap);
    va_end(ap);
}

void tables_notice(outbox *o, const char *target, msg_id id, ...)
{
    va_list ap;
    va_start(ap, id);
    emit(o, OUT_NOTICE, target, id, ap);
    va_end(ap);
}

render_seats tables_names(const table_t *tb)
{
    render_seats s = { .n = tb->nseats };
    for (int i = 0; i < tb->nseats; i++) {
        s.name[i] = tb->seat[i].nick;
        s.away[i] = tb->seat[i].absent;
        if (!tables_is_ai(tb, i))
            render_quiet_name(&s, i);
    }
    return s;
}

void tables_send_hand(const tables *t, const table_t *tb, int s, outbox *o)
{
    if (tables_is_ai(tb, s) || !tables_hears(tb, s))
        return;
    render_opts r = tables_ropts_to(t, tb->seat[s].nick);
    char hand[512], trump[RENDER_CARD_MAX];
    render_hand(&r, tb->g.hand[s], tb->g.trump, hand, sizeof hand);
    render_card(&r, tb->g.trump_card, trump, sizeof trump);
    tables_say(o, tb->seat[s].nick, MSG_HAND, tables_where(t, tb, tb->seat[s].nick), hand, trump);
}

void tables_say_status(const tables *t, const table_t *tb, outbox *o)
{
    render_opts r = tables_ropts_to(t, tb->channel);
    render_seats names = tables_names(tb);
    char line[TABLES_LINE_MAX];
    render_table_line(&r, &names, &tb->g, line, sizeof line);
    outbox_add(o, OUT_PRIVMSG, tb->channel, "%s", line);
}

/* ---- lookup ---- */

table_t *tables_find(tables *t, const char *channel)
{
    for (int i = 0; i < TABLES_MAX; i++)
        if (t->tab[i].used && casemap_equal(t->cm, t->tab[i].channel, channel))
            return &t->tab[i];
    return NULL;
}

int tables_seat_of(const tables *t, const table_t *tb, const char *nick)
{
    for (int s = 0; s < tb->nseats; s++)
        if (!tables_is_ai(tb, s) && casemap_equal(t->cm, tb->seat[s].nick, nick))
            return s;
    return -1;
}

table_t *tables_of_nick(tables *t, const char *nick, int *seat)
{
    for (int i = 0; i < TABLES_MAX; i++) {
        if (!t->tab[i].used)
            continue;
        int s = tables_seat_of(t, &t->tab[i], nick);
        if (s >= 0) {
            *seat = s;
            return &t->tab[i];
        }
    }
    return NULL;
}

bool tables_same_person(const tables *t, const seat_t *st, const tables_who *w)
{
    if (st->ai >= 0)
        return false;
    if (st->account[0])
        return w->account && casemap_equal(t->cm, st->account, w->account);
    return !strcmp(st->user, w->user) && casemap_equal(t->cm, st->host, w->host);
}

bool tables_refuse_stranger(const tables *t, const table_t *tb, int s, const tables_who *w,
                            outbox *o)
{
    if (tables_same_person(t, &tb->seat[s], w))
        return false;
    tables_notice(o, w->nick, MSG_SEAT_HELD, tb->seat[s].nick,
                  tb->solo ? tables_text(t, w->nick, MSG_SOLO_WHERE_OTHER) : tb->channel);
    return true;
}

void tables_stats_key(const tables *t, const char *nick, const char *account, char *key, size_t cap)
{
    if (account && account[0] && cap > 1) {
        key[0] = '@';
        casemap_fold(t->cm, account, key + 1, cap - 1);
    } else {
        casemap_fold(t->cm, nick, key, cap);
    }
}

bool tables_is_admin(const tables *t, const tables_who *w)
{
    for (int i = 0; i < t->cfg.nadmins; i++)
        if (casemap_mask_match(t->cm, t->cfg.admins[i], w->nick, w->user, w->host))
            return true;
    return false;
}

int tables_humans(const table_t *tb)
{
    int n = 0;
    for (int s = 0; s < tb->nseats; s++)
        n += !tables_is_ai(tb, s) && !((tb->g.forfeited >> s) & 1);
    return n;
}

/* ---- open, close ---- */

/* Who still hears the lines said to tb this round once it is gone (tables_route_lines). */
static void keep_route(tables *t, const table_t *tb)
{
    if (!(tb->solo || tb->nwatchers))
        return;
    gone_route *g = &t->gone[t->ngone < GONE_MAX ? t->ngone++ : GONE_MAX - 1];
    memset(g, 0, sizeof *g);
    snprintf(g->key, sizeof g->key, "%s", tb->channel);
    g->solo = tb->solo;
    for (int s = 0; tb->solo && s < tb->nseats; s++)
        if (!tables_is_ai(tb, s) && !tb->seat[s].absent && !tb->seat[s].unconfirmed)
            snprintf(g->nick[g->n++], sizeof g->nick[0], "%s", tb->seat[s].nick);
    for (int i = 0; !tb->solo && i < tb->nwatchers; i++)
        snprintf(g->nick[g->n++], sizeof g->nick[0], "%s", tb->watcher[i]);
}

void tables_close(tables *t, table_t *tb)
{
    keep_route(t, tb);
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
            tables_touch(tb);
            snprintf(tb->channel, sizeof tb->channel, "%s", channel);
            tb->solo = tables_private_key(channel);
            return tb;
        }
    }
    return NULL;
}

void tables_close_channel(tables *t, const char *channel, outbox *o)
{
    tables_bind(t, o);
    table_t *tb = tables_find(t, channel);
    if (!tb)
        return;
    tables_say(o, tb->channel, MSG_CHANNEL_DROPPED);
    tables_close(t, tb);
}

/* ---- timers ---- */

static void tick_table(tables *t, table_t *tb, double now, outbox *o)
{
    if (!tb->playing) {
        if (now >= tb->lobby_deadline) {
            tables_say(o, tb->channel, MSG_LOBBY_TIMEOUT, tables_prefix(t));
            tables_close(t, tb);
        }
        return;
    }
    presence_tick(t, tb, now, o);
    if (tb->used)
        end_tick(tb, now, o);
    if (tb->used)
        play_tick(t, tb, now, o);
}

void tables_on_tick(tables *t, double now, outbox *o)
{
    tables_bind(t, o);
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
        next = earliest(next, play_deadline(t, tb));
        next = earliest(next, end_deadline(tb));
        next = earliest(next, hint_deadline(tb));
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
        tables_touch(&t->tab[i]); /* saved again with their timers stopped */
}

/* ---- computer players ---- */

bool tables_ai_next_job(tables *t, double now, tables_ai_job *job)
{
    if (t->paused)
        return false;
    for (int i = 0; i < TABLES_MAX; i++) {
        table_t *tb = &t->tab[i];
        if (tb->used && tb->playing && hint_next_job(t, tb, job))
            return true;
        if (!tb->used || !tb->playing || tb->ai_pending || !tables_is_ai(tb, tb->g.actor)
            || now < tb->ai_due)
            continue;
        tb->ai_pending = true;
        snprintf(job->channel, sizeof job->channel, "%s", tb->channel);
        job->version = tb->version;
        job->hint_seat = -1;
        durak_view_of(&tb->g, tb->g.actor, &job->view);
        job->params = ai_default_params((ai_level)tb->seat[tb->g.actor].ai);
        if (job->params.level == AI_EXPERT)
            job->params.budget_ms = (int)(t->cfg.game.expert_budget * 1000.0 + 0.5);
        job->params.seed = rng_next(&t->rng);
        return true;
    }
    return false;
}

void tables_ai_result(tables *t, double now, const tables_ai_job *job, durak_action a, outbox *o)
{
    tables_bind(t, o);
    table_t *tb = tables_find(t, job->channel);
    if (job->hint_seat >= 0) {
        hint_result(t, job, a, o);
        return;
    }
    if (!tb || !tb->playing || tb->version != job->version || !tables_is_ai(tb, tb->g.actor))
        return; /* the game moved on meanwhile */
    tb->ai_pending = false;
    if (t->paused) /* decided again once connected */
        return;
    if (durak_check(&tb->g, a) != DURAK_OK) /* never expected: act as on a time-out */
        a = turn_timeout_action(&tb->g);
    play_move(t, tb, a, false, now, o);
}

/* ---- life cycle ---- */

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
