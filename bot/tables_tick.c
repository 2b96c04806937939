/* tables_tick.c — the timers of every table and the computer players' jobs: time-outs, the turn
 * timer, the next deadline, the pause on a disconnect, the worker's jobs and their results. */

/* The timers: a lobby's time-out, the rejoin grace, the stop vote's end, the turn timer (warning,
 * then the move made for the player, or a forfeit), the next deadline, the pause on a disconnect,
 * and the jobs for the worker (computer players' moves, hints) and their results. Called by the
 * loop; calls down into the game flow (tables_play) and the output side. */
#include <stdio.h>

#include "tables_internal.h"

/* ---- the turn timer ---- */

/* A decision that may be passed is a pass on time-out, and does not count towards
 * game.max_timeouts; the max_timeouts-th time-out in a row of one that must be made forfeits. */
static void timed_out(tables *t, table_t *tb, double now, outbox *o)
{
    int s = tb->g.actor;
    if (render_optional(&tb->g)) {
        tb->seat[s].passed_late = now;
        play_move(t, tb, (durak_action){ DURAK_ACT_PASS, CARD_NONE, CARD_NONE }, true, now, o);
        return;
    }
    if (++tb->seat[s].timeouts >= t->cfg.game.max_timeouts) {
        play_forfeit(t, tb, s, MSG_FORFEIT_TIMEOUTS, now, o);
        return;
    }
    durak_action a = turn_timeout_action(&tb->g);
    /* The player reading their private window hears what the warning said would be done; a private
     * game's one window says it with the move, and a pass on time-out above is no move of theirs. */
    if (!tb->solo && tables_hears(tb, s)) {
        const char *nick = tb->seat[s].nick;
        char act[128];
        render_opts r = tables_ropts_to(t, nick);
        tables_notice(o, nick, MSG_TIMED_OUT_MOVED, tables_where(t, tb, nick),
                      render_action(&r, a, act, sizeof act));
    }
    play_move(t, tb, a, true, now, o);
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
        snprintf(then, sizeof then, "%s",
                 msg_in(r.lang, tables_forfeit_loses_team(t, tb) ? MSG_WARN_FORFEIT_TEAM
                                                                 : MSG_WARN_FORFEIT));
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

static void turn_tick(tables *t, table_t *tb, double now, outbox *o)
{
    if (tables_is_ai(tb, tb->g.actor) || tb->turn_paused) /* no timer, or it stands still */
        return;
    if (now >= tb->turn_deadline)
        timed_out(t, tb, now, o);
    else if (!tb->warned && !render_optional(&tb->g) && now >= warn_time(t, tb))
        warn(t, tb, now, o);
}

static double turn_due(const tables *t, const table_t *tb)
{
    if (!tables_is_ai(tb, tb->g.actor) && tb->turn_paused)
        return -1;
    if (!tables_is_ai(tb, tb->g.actor))
        return tb->warned || render_optional(&tb->g) ? tb->turn_deadline : warn_time(t, tb);
    return tb->ai_pending ? -1 : tb->ai_due;
}

/* ---- the rejoin grace, the stop vote ---- */

/* Are two or more people playing in tb, none of them here? Then nobody has won: after an outage
 * that took them all, the seat checked last would win against one as absent as they. (A person
 * alone against computer players forfeits as ever: leaving is no way out of a lost game.) */
static bool people_all_gone(const table_t *tb)
{
    int people = 0;
    for (int s = 0; s < tb->nseats; s++) {
        if (tables_is_ai(tb, s) || !durak_in_game(&tb->g, s))
            continue;
        if (!tb->seat[s].absent)
            return false;
        people++;
    }
    return people >= 2;
}

/* Seats whose rejoin grace ran out forfeit; with all the game's people gone, it ends unrated. */
static void grace_tick(tables *t, table_t *tb, double now, outbox *o)
{
    for (int s = 0; s < tb->nseats && tb->used; s++) {
        if (!tb->seat[s].absent || now < tb->seat[s].grace_deadline || !durak_in_game(&tb->g, s))
            continue;
        if (people_all_gone(tb)) {
            tables_say(o, tb->channel, MSG_NOBODY_BACK);
            end_no_result(t, tb, "nobody playing came back in time", o); /* !again once back */
            return;
        }
        play_forfeit(t, tb, s, MSG_FORFEIT_GONE, now, o);
    }
}

/* A stop vote that ran out fails. */
static void stop_vote_tick(table_t *tb, double now, outbox *o)
{
    if (!tb->stop_votes || now < tb->stop_deadline)
        return;
    tb->stop_votes = 0;
    tables_touch(tb);
    tables_say(o, tb->channel, MSG_STOP_VOTE_FAILED);
}

static double stop_vote_deadline(const table_t *tb)
{
    return tb->stop_votes ? tb->stop_deadline : -1;
}

/* ---- every table ---- */

/* A lobby's seats held after a restart or reconnect (tables_on_listed) whose grace ran out are
 * freed, from the end as a lobby closes up. */
static void lobby_grace_tick(tables *t, table_t *tb, double now, outbox *o)
{
    for (int s = tb->nseats - 1; s >= 0 && tb->used && !tb->playing; s--)
        if (s < tb->nseats && tb->seat[s].absent && now >= tb->seat[s].grace_deadline)
            lobby_unseat(t, tb, s, now, o);
}

static void tick_table(tables *t, table_t *tb, double now, outbox *o)
{
    if (!tb->playing) {
        lobby_grace_tick(t, tb, now, o);
        if (tb->used && !tb->playing && now >= tb->lobby_deadline) {
            tables_say(o, tb->channel, MSG_LOBBY_TIMEOUT, tables_prefix(t));
            tables_close(t, tb);
        }
        return;
    }
    grace_tick(t, tb, now, o);
    if (tb->used)
        stop_vote_tick(tb, now, o);
    if (tb->used)
        turn_tick(t, tb, now, o);
}

void tables_on_tick(tables *t, double now, outbox *o)
{
    tables_bind(t, o);
    if (t->paused)
        return;
    for (int i = 0; i < t->ntab; i++)
        if (t->tab[i].used && !(t->tab[i].bot_out_at > 0)) /* out: its timers stand still */
            tick_table(t, &t->tab[i], now, o);
}

static double earliest(double a, double b) { return a < 0 || (b >= 0 && b < a) ? b : a; }

double tables_next_deadline(const tables *t)
{
    double next = -1;
    if (t->paused)
        return -1;
    for (int i = 0; i < t->ntab; i++) {
        const table_t *tb = &t->tab[i];
        if (!tb->used || tb->bot_out_at > 0)
            continue;
        if (!tb->playing) {
            next = earliest(next, tb->lobby_deadline);
            for (int s = 0; s < tb->nseats; s++)
                if (tb->seat[s].absent)
                    next = earliest(next, tb->seat[s].grace_deadline);
            continue;
        }
        next = earliest(next, turn_due(t, tb));
        next = earliest(next, stop_vote_deadline(tb));
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
    for (int i = 0; i < t->ntab; i++)
        tables_touch(&t->tab[i]); /* saved again with their timers stopped */
}

/* ---- computer players ---- */

bool tables_ai_next_job(tables *t, double now, tables_ai_job *job)
{
    if (t->paused)
        return false;
    for (int i = 0; i < t->ntab; i++) {
        table_t *tb = &t->tab[i];
        if (tb->used && tb->playing && hint_next_job(t, tb, job))
            return true;
        if (!tb->used || !tb->playing || tb->ai_pending || !tables_is_ai(tb, tb->g.actor)
            || now < tb->ai_due || tb->bot_out_at > 0)
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
