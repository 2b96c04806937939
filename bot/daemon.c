/* daemon.c — the loop's context: IRC events into tables, timers for the tables and the watchdog,
 * the stages persist → queue (→ the write), ended games' last lines, SIGHUP and shutdown. */
#define _POSIX_C_SOURCE 200809L
#include "daemon.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "conn.h"
#include "log.h"
#include "outbox.h"
#include "persist.h"
#include "service.h"
#include "site.h"

#define QUIT_FLUSH_SECONDS 1.0
/* A due timer waited this long for the server's answer after CONN_QUIET of silence: it was
 * frozen (or its link as good as dead), and the games get the silence back. A server merely
 * reading the bot's lines late is not silent that long: it relays the players' lines meanwhile,
 * and once the bot's queue has drained a penalty server (ircd 2.11) answers at once. */
#define STALL_SECONDS 3.0
/* Finished games followed until their end lines leave the send queue; beyond, a game's row stays
 * until the next start, which says its result again. */
#define ENDED_MAX 64

/* A finished game whose row PERSIST_ENDED_KEY is saved: its end lines queued up to `mark` (once
 * `queued`), or, found at start, to be said again at the first connection (`tell`). */
typedef struct {
    long long id;
    char where[64];
    size_t mark;
    bool queued, tell;
} ended_game;

struct daemon_ctx {
    bot_config cfg;
    loop *l;
    conn *c;
    tables *t;
    outq *q;
    store *db;
    persist *persist; /* what the store could not take yet, retried */
    aiworker *ai;
    site_worker *site; /* the web pages' refresh (NULL: no site.dir) */
    site_options site_opt;
    outbox box; /* what tables said in this iteration */
    bool (*reload)(void *ctx, bot_config *out);
    void *reload_ctx;
    bool announced;        /* READY=1 sent to the service manager */
    size_t games_reported; /* games in the last STATUS= */
    double watchdog_iv;
    int t_tables, t_watchdog, t_persist;
    /* A table's timer fell due while the server was silent: it waits for the server's answer
     * (conn_answering) from held_at; the server was last heard at quiet_since. 0: none waits. */
    double held_at, quiet_since;
    ended_game ended[ENDED_MAX];
    int nended;
};

static void report_status(daemon_ctx *d)
{
    char status[768];
    size_t games = tables_count(d->t);
    snprintf(status, sizeof status, "%s %s:%d as %s; %d channel(s); %zu game(s) open",
             conn_ready(d->c) ? "connected to" : "connecting to", d->cfg.irc.server,
             d->cfg.irc.port, conn_nick(d->c), d->cfg.irc.nchannels, games);
    d->games_reported = games;
    if (!d->announced && conn_ready(d->c)) {
        d->announced = true;
        service_ready(status);
    } else {
        service_status(status);
    }
}

/* ---- the connection's hooks: events into tables ---- */

/* How long a game line to target queued now waits, for the turn timers the tables arm: the send
 * queue as it stands, and this iteration's lines to target not yet in it. */
static double backlog_of(void *ctx, const char *target)
{
    daemon_ctx *d = ctx;
    size_t more = 0;
    for (size_t i = 0; i < d->box.len; i++)
        more += !strcmp(d->box.items[i].target, target);
    return outq_backlog(d->q, loop_now(d->l), target, more);
}

static bool site_behind(void *ctx) { return site_worker_behind(((daemon_ctx *)ctx)->site); }

static void on_event(void *ctx, const irc_event *ev, double now)
{
    daemon_ctx *d = ctx;
    tables_who w = { ev->nick, ev->user, ev->host, ev->account,
                     ev->kind == IRC_EV_JOIN && ev->code };
    switch (ev->kind) {
    case IRC_EV_PRIVMSG:
        if (casemap_is_channel(ev->target))
            tables_on_channel(d->t, now, &w, ev->target, ev->text, &d->box);
        else
            tables_on_private(d->t, now, &w, ev->text, &d->box);
        break;
    case IRC_EV_NICK: tables_on_nick(d->t, now, ev->nick, ev->arg, &d->box); break;
    case IRC_EV_JOIN: tables_on_join(d->t, now, &w, ev->target, &d->box); break;
    case IRC_EV_PART: tables_on_part(d->t, now, ev->nick, ev->target, &d->box); break;
    case IRC_EV_KICK: tables_on_part(d->t, now, ev->arg, ev->target, &d->box); break;
    case IRC_EV_QUIT: tables_on_quit(d->t, now, ev->nick, ev->text, &d->box); break;
    case IRC_EV_LISTED: tables_on_listed(d->t, now, ev->target, &d->box); break;
    case IRC_EV_KEPT_OUT: tables_on_bot_out(d->t, now, ev->target); break;
    case IRC_EV_MUTED: tables_on_bot_muted(d->t, now, ev->target); break;
    case IRC_EV_MODES: tables_on_modes(d->t, now, ev->target, &d->box); break;
    case IRC_EV_GONE: tables_on_gone(d->t, ev->target); break;
    default: break;
    }
}

/* ---- finished games' last lines ---- */

static void ended_add(daemon_ctx *d, long long id, const char *where, bool tell)
{
    if (d->nended == ENDED_MAX) {
        log_msg(LOG_WARNING,
                "%s: %d finished games wait for their last lines to go out; game #%lld stays "
                "marked until the next start, which says its result again",
                where, ENDED_MAX, id);
        return;
    }
    ended_game *e = &d->ended[d->nended++];
    *e = (ended_game){ .id = id, .tell = tell };
    snprintf(e->where, sizeof e->where, "%s", where);
}

/* The games whose end lines have all left the send queue: their rows go. */
static void ended_heard(daemon_ctx *d)
{
    for (int i = d->nended - 1; i >= 0; i--)
        if (d->ended[i].queued && outq_sent_through(d->q, d->ended[i].mark)) {
            persist_said(d->persist, d->ended[i].id);
            d->ended[i] = d->ended[--d->nended];
        }
}

/* Those found at start: their results, before anything else the channels hear. */
static void ended_tell(daemon_ctx *d)
{
    for (int i = 0; i < d->nended; i++)
        if (d->ended[i].tell) {
            tables_tell_ended(d->t, d->ended[i].id, d->ended[i].where, &d->box);
            d->ended[i].tell = false;
        }
}

static void on_ready(void *ctx, double now)
{
    daemon_ctx *d = ctx;
    tables_reconfigure(d->t, &d->cfg); /* a reloaded irc.encoding is the wire's from now on */
    ended_tell(d);
    tables_on_reconnect(d->t, now, &d->box);
    report_status(d);
}

static void on_lost(void *ctx, double now, const char *why)
{
    daemon_ctx *d = ctx;
    char status[1024];
    /* a timer that waited for the server: nobody could play since it went silent */
    tables_on_disconnect(d->t, d->held_at > 0 ? d->quiet_since : now);
    d->held_at = 0;
    snprintf(status, sizeof status, "disconnected from %.255s:%d (%.500s); reconnecting",
             d->cfg.irc.server, d->cfg.irc.port, why);
    service_status(status);
}

static void on_own_nick(void *ctx, const char *nick)
{
    tables_set_own_nick(((daemon_ctx *)ctx)->t, nick);
}

static void on_casemapping(void *ctx, casemap m)
{
    tables_set_casemapping(((daemon_ctx *)ctx)->t, m);
}

static void on_penalty(void *ctx, bool on) { tables_set_penalty(((daemon_ctx *)ctx)->t, on); }

/* ---- computer players ---- */

static void on_ai_done(void *ctx, const tables_ai_job *job, durak_action act)
{
    daemon_ctx *d = ctx;
    tables_ai_result(d->t, loop_now(d->l), job, act, &d->box);
}

/* Computer players whose turn it is: each decision on its own thread (inline if none). */
static void start_ai_jobs(daemon_ctx *d, double now)
{
    tables_ai_job job;
    while (tables_ai_next_job(d->t, now, &job))
        if (!d->ai || !aiworker_start(d->ai, &job))
            on_ai_done(d, &job, ai_choose(&job.view, &job.params, NULL));
}

/* A game's pages are written: its address is told where it was played, in the game's language
 * (the table is gone, and a channel's own may differ: !дурак in an English channel). Only now:
 * said earlier, a page that then failed to be written was a 404. */
static void on_pages_written(void *ctx, const site_written *g)
{
    daemon_ctx *d = ctx;
    char url[320];
    if (site_page_url(d->site_opt.url, 'g', g->game, url, sizeof url))
        tables_game_page(d->t, g->where, msg_lang_of_code(g->lang), url, &d->box);
}

/* The two threads' pipes: computer players' decisions, web pages written. */
static void workers_fds(void *ctx, fd_set *in, fd_set *out, int *maxfd)
{
    daemon_ctx *d = ctx;
    int fd[2] = { d->ai ? aiworker_fd(d->ai) : -1, site_worker_fd(d->site) };
    (void)out;
    for (int i = 0; i < 2; i++)
        if (fd[i] >= 0) {
            FD_SET(fd[i], in);
            *maxfd = fd[i] > *maxfd ? fd[i] : *maxfd;
        }
}

static void workers_process(void *ctx, fd_set *in, fd_set *out, double now)
{
    daemon_ctx *d = ctx;
    (void)out;
    (void)now;
    if (d->ai && aiworker_fd(d->ai) >= 0 && FD_ISSET(aiworker_fd(d->ai), in))
        aiworker_collect(d->ai, on_ai_done, d);
    if (site_worker_fd(d->site) >= 0 && FD_ISSET(site_worker_fd(d->site), in))
        site_worker_collect(d->site, on_pages_written, d);
}

/* ---- the web pages ---- */

/* A finished game is saved: its pages are refreshed on the site's thread, and with site.url its
 * address follows the result's lines once they are written (the id is known only now). */
static void on_game_saved(void *ctx, long long id, const char *channel, const char *language)
{
    site_worker_game(((daemon_ctx *)ctx)->site, id, channel, language);
    ended_add(ctx, id, channel, false); /* its end lines are still to be queued or written */
}

static void on_person_changed(void *ctx, const char *key, bool everywhere)
{
    site_worker_person(((daemon_ctx *)ctx)->site, key, everywhere);
}

/* ---- timers and stages ---- */

/* A time-out or a forfeit is for a player who did not act; with the server silent, a frozen one
 * may hold what they sent. The timers wait for it to answer (stage_persist) or for the link to
 * drop (on_lost). */
static void tables_due(void *ctx, double now)
{
    daemon_ctx *d = ctx;
    if (!conn_answering(d->c, now)) {
        d->held_at = now;
        d->quiet_since = conn_heard_at(d->c);
        loop_timer_set(d->l, d->t_tables, -1);
        return;
    }
    tables_on_tick(d->t, now, &d->box);
    start_ai_jobs(d, now);
}

/* The server spoke again after a timer waited for it: after a long silence every game gets it
 * back; the timers run (at once, for the one due). */
static void held_answered(daemon_ctx *d)
{
    double heard = conn_heard_at(d->c);
    if (d->held_at <= 0 || heard < d->held_at)
        return;
    if (heard - d->held_at >= STALL_SECONDS) {
        log_msg(LOG_WARNING, "the server did not answer for %.0f s; the games get that time back",
                heard - d->quiet_since);
        tables_on_stall(d->t, d->quiet_since, heard, &d->box);
    }
    d->held_at = 0;
}

static void watchdog_due(void *ctx, double now)
{
    daemon_ctx *d = ctx;
    service_watchdog();
    loop_timer_set(d->l, d->t_watchdog, now + d->watchdog_iv);
}

/* A retry of the store is due: the stage below makes it. */
static void persist_due(void *ctx, double now)
{
    (void)ctx;
    (void)now;
}

/* Stage 1: what changed is saved before anyone hears of it; the tables' timer follows them. */
static void stage_persist(void *ctx, double now)
{
    daemon_ctx *d = ctx;
    held_answered(d);
    ended_heard(d);
    if (!persist_hold(d->persist, outq_wait_batch(d->q, now, OUTQ_BATCH_SECONDS), now))
        persist_step(d->persist, d->t, now, &d->box);
    loop_timer_set(d->l, d->t_persist, persist_next_due(d->persist));
    loop_timer_set(d->l, d->t_tables, d->held_at > 0 ? -1 : tables_next_deadline(d->t));
    if (tables_count(d->t) != d->games_reported)
        report_status(d);
}

/* Stage 2: what tables said goes into the send queue, game lines ahead of replies. */
static void stage_queue(void *ctx, double now)
{
    daemon_ctx *d = ctx;
    tables_route_lines(d->t, &d->box); /* private games to their players, spectators' copies */
    tables_rank_lines(d->t, &d->box);
    tables_apply_prefs(d->t, &d->box);
    for (size_t i = 0; i < d->box.len; i++) {
        const out_msg *m = &d->box.items[i];
        if (tables_private_key(m->target)) /* never expected after routing: a private key */
            log_msg(LOG_ERR, "a line to the private game %s was not routed; it is dropped",
                    m->target);
        else if (m->prio == OUT_REPLY) /* best effort: refused only when over 1024 lines wait */
            outq_push_reply(d->q, outbox_cmd(m->kind), m->target, m->text, now);
        else if (m->prio == OUT_STREAM)
            outq_push_stream(d->q, outbox_cmd(m->kind), m->target, m->text, now);
        else if (!outq_push(d->q, outbox_cmd(m->kind), m->target, m->text))
            log_msg(LOG_WARNING,
                    "send queue refused a line to %s (full, an invalid target or out of memory); "
                    "it is dropped: if it is full, lower the traffic or raise flood.rate",
                    m->target);
    }
    outbox_clear(&d->box);
    for (int i = 0; i < d->nended; i++) /* a saved game's end lines are in the queue now */
        if (!d->ended[i].queued && !d->ended[i].tell) {
            d->ended[i].mark = outq_mark(d->q);
            d->ended[i].queued = true;
        }
}

/* ---- SIGHUP ---- */

static bool has_channel(const bot_config *c, casemap m, const char *channel)
{
    for (int i = 0; i < c->irc.nchannels; i++)
        if (casemap_equal(m, c->irc.channels[i], channel))
            return true;
    return false;
}

/* Parts channels gone from the config (ending their games) and joins new ones. */
static void apply_channels(daemon_ctx *d, const bot_config *nc)
{
    casemap m = conn_casemap(d->c);
    for (int i = 0; i < d->cfg.irc.nchannels; i++) {
        const char *ch = d->cfg.irc.channels[i];
        if (has_channel(nc, m, ch))
            continue;
        tables_close_channel(d->t, ch, &d->box);
        /* after the game's last line in the channel's own queue (a +n channel refuses lines
         * from outside) */
        if (conn_joined(d->c))
            outbox_add(&d->box, OUT_PART, ch, "no longer served");
        log_msg(LOG_NOTICE, "leaving %s: no longer in irc.channels", ch);
    }
    for (int i = 0; i < nc->irc.nchannels; i++) {
        const char *ch = nc->irc.channels[i];
        if (has_channel(&d->cfg, m, ch))
            continue;
        conn_join(d->c, ch);
        log_msg(LOG_NOTICE, "joining %s: new in irc.channels", ch);
    }
}

/* The irc keys only a connection reads (the relay's TLS, SASL and encoding; registration): a new
 * value waits for the next one. Compared as bytes: a loaded config is zeroed first. */
#define IRC_KEY(field)                                                                             \
    {                                                                                              \
        "irc." #field, offsetof(bot_config, irc.field), sizeof(((bot_config *)0)->irc.field)       \
    }
static const struct {
    const char *name;
    size_t off, size;
} CONNECTION_KEYS[] = {
    IRC_KEY(server),        IRC_KEY(port),          IRC_KEY(tls),
    IRC_KEY(tls_verify),    IRC_KEY(tls_ca_file),   IRC_KEY(tls_cert),
    IRC_KEY(tls_key),       IRC_KEY(password),      IRC_KEY(password_file),
    IRC_KEY(nick),          IRC_KEY(alt_nicks),     IRC_KEY(nalt_nicks),
    IRC_KEY(username),      IRC_KEY(realname),      IRC_KEY(sasl_mechanism),
    IRC_KEY(sasl_username), IRC_KEY(sasl_password), IRC_KEY(sasl_password_file),
    IRC_KEY(sasl_required), IRC_KEY(encoding),
};

/* Logs the connection's keys that changed, by name (none: nothing). */
static void log_connection_keys(const bot_config *x, const bot_config *y)
{
    char names[512] = "";
    size_t len = 0;
    for (size_t i = 0; i < sizeof CONNECTION_KEYS / sizeof *CONNECTION_KEYS; i++) {
        const char *a = (const char *)x + CONNECTION_KEYS[i].off;
        if (memcmp(a, (const char *)y + CONNECTION_KEYS[i].off, CONNECTION_KEYS[i].size)
            && len < sizeof names)
            len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", len ? ", " : "",
                                    CONNECTION_KEYS[i].name);
    }
    if (len)
        log_msg(LOG_NOTICE, "SIGHUP: %s changed; that takes effect at the next connection", names);
}

/* A new config, applied without dropping games; a bad one keeps the old. */
static void on_hup(void *ctx)
{
    daemon_ctx *d = ctx;
    bot_config nc;
    service_reloading();
    if (!d->reload || !d->reload(d->reload_ctx, &nc)) {
        log_msg(LOG_ERR, "SIGHUP: the new configuration is not used; the bot goes on with the "
                         "old one");
    } else {
        conn_reconfigure(d->c, &nc); /* first: a new channel's JOIN carries its new key */
        apply_channels(d, &nc);
        log_connection_keys(&d->cfg, &nc);
        if (strcmp(d->cfg.state.database, nc.state.database)) { /* the one open stays in use */
            log_msg(LOG_NOTICE, "SIGHUP: state.database changed; %s is used until the next start",
                    d->cfg.state.database);
            memcpy(nc.state.database, d->cfg.state.database, sizeof nc.state.database);
        }
        if (d->db && !store_set_synchronous(d->db, nc.state.synchronous == CONFIG_SYNC_FULL))
            log_msg(LOG_ERR, "SIGHUP: %s", store_error(d->db));
        bot_config wire = nc; /* the cards' suits as the connection's encoding carries them */
        if (conn_ready(d->c)) /* else the next connection's, nc's */
            wire.irc.encoding = d->cfg.irc.encoding;
        tables_reconfigure(d->t, &wire);
        d->site_opt = site_options_of(&nc);
        site_worker *was = d->site;
        if (d->db)
            d->site = site_worker_reconfigure(d->site, &d->site_opt, nc.state.database);
        if (d->site != was) /* its pipe closed or new */
            loop_forget_fds(d->l);
        d->cfg = nc;
        log_msg(LOG_NOTICE, "SIGHUP: configuration reloaded");
    }
    /* READY=1 again after RELOADING=1, at once: systemd holds the reload open until it comes,
     * and a bot waiting for its server would hold it past systemd's timeout. Before the start's
     * READY=1 the connection still brings it. */
    bool started = d->announced;
    d->announced = false;
    report_status(d);
    if (started && !d->announced) {
        d->announced = true;
        service_ready("configuration reloaded; connecting");
    }
}

/* QUIT goes last, after what the bucket lets out in about a second; then wait for the close. */
static void shut_down(daemon_ctx *d, const sigset_t *waitmask)
{
    double end = loop_now(d->l) + QUIT_FLUSH_SECONDS;
    service_stopping();
    tables_on_disconnect(d->t, loop_now(d->l)); /* every table saved, timers stopped */
    persist_flush(d->persist, d->t, loop_now(d->l), &d->box); /* whatever the back-off */
    stage_queue(d, loop_now(d->l));
    conn_stop(d->c);
    while (conn_flushing(d->c) && loop_now(d->l) < end - 0.3)
        loop_once(d->l, end - 0.3 - loop_now(d->l), waitmask);
    conn_quit(d->c);
    while (conn_open(d->c) && loop_now(d->l) < end) /* the server closes the link after QUIT */
        loop_once(d->l, end - loop_now(d->l), waitmask);
    conn_close(d->c);
    ended_heard(d); /* what did not go out is said again at the next start */
    persist_flush(d->persist, d->t, loop_now(d->l), NULL);
    log_msg(LOG_NOTICE, "stopped");
}

/* ---- public ---- */

daemon_ctx *daemon_new(const bot_config *cfg, tables *t, outq *q, store *db, aiworker *ai,
                       uint64_t seed)
{
    daemon_ctx *d = calloc(1, sizeof *d);
    if (!d || !(d->l = loop_new(clock_monotonic)) || !(d->persist = persist_new(db))) {
        if (d)
            loop_free(d->l);
        free(d);
        return NULL;
    }
    d->cfg = *cfg;
    d->t = t;
    d->q = q;
    d->db = db;
    d->ai = ai;
    outbox_init(&d->box);
    tables_set_backlog(t, backlog_of, d);
    tables_set_site_behind(t, site_behind, d);
    d->t_tables = loop_timer_add(d->l, "tables", tables_due, d);
    d->t_watchdog = loop_timer_add(d->l, "watchdog", watchdog_due, d);
    d->t_persist = loop_timer_add(d->l, "persist retry", persist_due, d);
    if ((d->watchdog_iv = service_watchdog_interval()) > 0)
        loop_timer_set(d->l, d->t_watchdog, loop_now(d->l) + d->watchdog_iv);
    loop_source_add(d->l, (loop_source){ workers_fds, workers_process, d });
    loop_stage_add(d->l, "persist", stage_persist, d);
    loop_stage_add(d->l, "queue", stage_queue, d);
    d->site_opt = site_options_of(cfg);
    if (db && cfg->site.dir[0] && !(d->site = site_worker_start(&d->site_opt, cfg->state.database)))
        log_msg(LOG_ERR, "site: the pages in %s are not refreshed", cfg->site.dir);
    persist_set_hooks(d->persist, &(persist_hooks){ on_game_saved, on_person_changed, d });
    conn_hooks h = { on_event, on_ready, on_lost, on_own_nick, on_casemapping, on_penalty, d };
    if (!(d->c = conn_new(d->l, q, cfg, &h, seed))) { /* adds the stage "write" */
        daemon_free(d);
        return NULL;
    }
    return d;
}

void daemon_set_reload(daemon_ctx *d, bool (*reload)(void *ctx, bot_config *out), void *ctx)
{
    d->reload = reload;
    d->reload_ctx = ctx;
}

void daemon_ended(daemon_ctx *d, long long game_id, const char *where)
{
    ended_add(d, game_id, where, true);
}

void daemon_free(daemon_ctx *d)
{
    if (!d)
        return;
    conn_free(d->c);
    loop_free(d->l);
    persist_free(d->persist);
    site_worker_stop(d->site); /* after the last pages queued */
    outbox_free(&d->box);
    free(d);
}

int daemon_run(daemon_ctx *d, volatile sig_atomic_t *signals, const sigset_t *waitmask)
{
    loop_run(d->l, signals, waitmask, on_hup, d);
    log_msg(LOG_NOTICE, "stop signal received: quitting");
    shut_down(d, waitmask);
    return 0;
}
