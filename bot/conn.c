/* conn.c — one IRC connection after another: registration, joins, the own PING timer, jittered
 * reconnect back-off, events handed on (ISUPPORT, CTCP: conn_isupport.c, conn_ctcp.c). */

/* Registration's nick tries and NickServ go through conn_owner.h; refused channels through
 * conn_rejoin.h. */
#define _POSIX_C_SOURCE 200809L
#include "conn.h"
#include "conn_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conn_chanop.h"
#include "conn_link.h"
#include "conn_ctcp.h"
#include "conn_isupport.h"
#include "conn_lag.h"
#include "log.h"
#include "conn_numeric.h"
#include "conn_members.h"
#include "conn_owner.h"
#include "conn_rejoin.h"
#include "conn_write.h"
#include "rng.h"
#include "link.h"
#include "strcopy.h"

#ifndef DURAKBOT_VERSION
#define DURAKBOT_VERSION "unknown"
#endif

#define BACKOFF_FIRST 5.0  /* at least a server's reconnect throttle (ircd-hybrid's) */
#define STABLE_AFTER 300.0 /* the back-off starts over only after a connection stayed up so long */
#define BACKOFF_MAX 300.0

static bool is_me(const conn *c, const char *nick) { return casemap_equal(c->cmap, nick, c->nick); }

void conn_request_drop(conn *c, const char *why)
{
    if (!c->drop)
        copy_str(c->drop_why, sizeof c->drop_why, why);
    c->drop = true;
}

static void push_raw(conn *c, const char *line)
{
    char shown[64];
    if (!outq_push_raw(c->q, line))
        log_msg(LOG_WARNING,
                "send queue refused \"%s\" (over 510 bytes, or 4096 lines waiting); dropped",
                outq_log_line(line, 40, shown, sizeof shown));
}

/* ---- the timers: each deadline is worked out here only ---- */

static double ping_deadline(const conn *c)
{
    double iv = c->cfg.irc.ping_interval;
    if (!c->registered)
        return c->connect_at + iv;
    return c->ping == PING_NONE ? c->last_rx + iv : c->ping_at + iv;
}

void conn_arm_ping(conn *c)
{
    loop_timer_set(c->l, c->t_ping, irc_client_open(c->irc) ? ping_deadline(c) : -1);
}

/* ---- registration ---- */

static void on_welcome(conn *c, const irc_event *ev, double now)
{
    if (ev->count >= 1 && ev->params[0][0])
        copy_str(c->nick, sizeof c->nick, ev->params[0]);
    c->registered = true;
    c->up_since = now;
    c->h.own_nick(c->h.ctx, c->nick);
    log_msg(LOG_NOTICE, "registered on %s:%d as %s; joining %d channel(s)", c->cfg.irc.server,
            c->cfg.irc.port, c->nick, c->cfg.irc.nchannels);
    conn_owner_welcome(c->owner, c->nick, now); /* the channels are joined once it is settled */
}

/* The games go on while the channels are joined and the bot is under its own nick (or cannot
 * get it back); under another nick they pause and their lines wait (conn_owner_holding). */
static void sync_games(conn *c, double now)
{
    bool on = c->ready && !conn_owner_holding(c->owner);
    if (on && !c->games_on) {
        c->paused = false;
        c->h.ready(c->h.ctx, now);
    } else if (!on && c->games_on) {
        char why[320];
        snprintf(why, sizeof why, "under the nick %s, not %s, until it is taken back", c->nick,
                 conn_owner_nick(c->owner));
        c->h.lost(c->h.ctx, now, why);
    }
    c->games_on = on;
}

/* End of MOTD: the channels are joined (the JOINs go out first) and the games go on. */
static void on_ready(conn *c, double now)
{
    c->motd = true;
    if (c->ready || !c->registered || !c->joined)
        return;
    c->ready = true;
    sync_games(c, now);
}

/* After conn_owner.h or conn_rejoin.h heard a line or ran their timer: join once NickServ answered (or
 * irc.nickserv_wait passed), retry channels that wanted identification, hold or free the games,
 * arm the timer. */
static void after_owner(conn *c, owner_id before, double now)
{
    if (c->registered && c->burst_done && !c->joined && conn_owner_settled(c->owner)) {
        c->joined = true;
        conn_rejoin_join_all(c->rejoin, &c->cfg);
        if (c->motd)
            on_ready(c, now);
    }
    if (before != OWNER_ID_OK && conn_owner_identity(c->owner) == OWNER_ID_OK)
        conn_rejoin_now(c->rejoin, 477, now);
    sync_games(c, now);
    double a = conn_owner_deadline(c->owner), b = conn_rejoin_deadline(c->rejoin);
    loop_timer_set(c->l, c->t_owner, a < 0 ? b : b < 0 || a < b ? a : b);
}

static void owner_due(void *ctx, double now)
{
    conn *c = ctx;
    owner_id before = conn_owner_identity(c->owner);
    conn_owner_tick(c->owner, now);
    conn_rejoin_tick(c->rejoin, &c->cfg, now);
    after_owner(c, before, now);
}

static void try_next_nick(conn *c, unsigned code)
{
    if (c->registered)
        return;
    char old[sizeof c->nick], line[160];
    copy_str(old, sizeof old, c->nick);
    c->erroneous |= code == 432; /* not "taken": a character or a length the server refuses */
    if (!conn_owner_next_nick(c->owner, (unsigned)rng_below(&c->rng, 1000), c->nick,
                              sizeof c->nick)) {
        conn_request_drop(c, c->erroneous ? "every nick tried is taken or refused as erroneous "
                                            "(432); set another irc.nick or irc.alt_nicks"
                                          : "every nick tried is taken; set another irc.nick or "
                                            "irc.alt_nicks");
        return;
    }
    log_msg(LOG_WARNING, "nick %s is not available; trying %s", old, c->nick);
    snprintf(line, sizeof line, "NICK %s", c->nick);
    if (link_send(c->relay, line) == LINK_SEND_CLOSED)
        conn_request_drop(c, "the connection to the server closed");
    link_process(c->relay, NULL, NULL);
}

/* IRCnet's penalty clock: kept by the send queue, lag probes rare, fewer lines from the games. */
static void set_penalty(conn *c, bool on, double now)
{
    if (c->penalty == on)
        return;
    c->penalty = on;
    outq_set_penalty(c->q, on, now);
    conn_lag_penalty(&c->lag, on);
    c->h.penalty(c->h.ctx, on);
}

/* 005 ISUPPORT (bot/conn_isupport.h): nicks compare per CASEMAPPING; the bot mode is set; WHOX;
 * what CPRIVMSG needs; the rejoin's batch, the line and nick lengths, PENALTY. */
static void on_isupport(conn *c, const irc_event *ev, double now)
{
    isupport is;
    char line[160];
    conn_isupport_read(ev, &is);
    if (is.has_casemapping)
        c->h.casemapping(c->h.ctx, c->cmap = is.cm);
    if (conn_isupport_botmode_line(&c->bmode, &is, c->nick, line, sizeof line))
        push_raw(c, line);
    c->who.whox |= is.whox;
    conn_chanop_isupport(&c->ops, &is);
    conn_rejoin_isupport(c->rejoin, &is);
    if (is.linelen)
        outq_set_line_len(c->q, is.linelen);
    if (is.nicklen)
        conn_owner_nicklen(c->owner, is.nicklen);
    /* ngIRCd says PENALTY too but counts otherwise: the clock the bot keeps is ircd 2.11's */
    if (is.penalty && c->irc2 && !c->penalty)
        log_msg(LOG_INFO, "the server charges each line seconds (PENALTY): lines paced by its "
                          "clock, only what the channel cannot show sent privately");
    set_penalty(c, c->penalty || (is.penalty && c->irc2), now);
}

/* 352/354 after our WHO: each member counts as joined, so a player who came back while the bot
 * was away sits again; WHOX also tells their account. */
static void on_who_reply(conn *c, const irc_event *ev, double now)
{
    irc_event join;
    if (conn_members_who_reply(c->members, c->cmap, ev, c->nick, &join))
        c->h.event(c->h.ctx, &join, now);
}

/* An event conn makes of a numeric about a channel or a nick, its second parameter (IRC_EV_LISTED,
 * IRC_EV_KEPT_OUT, IRC_EV_MUTED, IRC_EV_GONE). */
static void made_event(conn *c, irc_event_kind kind, const irc_event *ev, double now)
{
    irc_event made = { .kind = kind,
                       .nick = "",
                       .user = "",
                       .host = "",
                       .account = "",
                       .target = ev->params[1],
                       .arg = "",
                       .text = "",
                       .code = ev->code };
    c->h.event(c->h.ctx, &made, now);
}

/* 315 ends a WHO: of a channel, the bot's own when it joined (it asks no other), so whoever was
 * not listed is not there. */
static void on_who_end(conn *c, const irc_event *ev, double now)
{
    if (ev->count >= 2 && casemap_is_channel(ev->params[1]))
        made_event(c, IRC_EV_LISTED, ev, now);
}

static void on_numeric(conn *c, const irc_event *ev, double now)
{
    c->burst_done |= c->registered && ev->code > 5; /* 005 told TARGMAX and LINELEN: JOINs go */
    if (conn_rejoin_is_refusal(ev)) { /* tried again later, unless in vain; its game waits */
        conn_rejoin_on_numeric(c->rejoin, c->cmap, &c->cfg, ev,
                               ev->code == 477 ? conn_owner_hopeless(c->owner) : NULL, now);
        made_event(c, IRC_EV_KEPT_OUT, ev, now);
        return;
    }
    switch (ev->code) {
    case 1: on_welcome(c, ev, now); break;
    case 4: c->irc2 = ev->count > 2 && !strncmp(ev->params[2], "2.1", 3); break;
    case 5: on_isupport(c, ev, now); break;
    case 352:
    case 354: on_who_reply(c, ev, now); break;
    case 315: on_who_end(c, ev, now); break;
    case 376:
    case 422: on_ready(c, now); break;
    case 401: /* a line to a nick it shares no channel with, who quit: a spectator there stops */
        if (ev->count >= 2 && !casemap_is_channel(ev->params[1]))
            made_event(c, IRC_EV_GONE, ev, now);
        break;
    case 404: /* its game waits: nobody would see it (and it learns of -m, +v by IRC_EV_MODES) */
        conn_numeric_log_cannot_send(&c->cannot_send, ev, now);
        if (ev->count >= 2 && casemap_is_channel(ev->params[1]))
            made_event(c, IRC_EV_MUTED, ev, now);
        break;
    case 432:
    case 433:
    case 436:
    case 437: try_next_nick(c, ev->code); break;
    default: conn_numeric_log_refusal(ev, &c->bmode); break;
    }
}

/* ---- the other lines ---- */

/* Our own nick changed, kicked from a channel, joined one: noted before the games hear it; false
 * when they are not to hear it (a channel the server joined the bot to, not one of its own). */
static bool about_me(conn *c, const irc_event *ev, double now)
{
    char line[160];
    bool asks = ev->kind == IRC_EV_PRIVMSG || ev->kind == IRC_EV_JOIN || ev->kind == IRC_EV_KICK;
    bool theirs = !asks || !casemap_is_channel(ev->target)
                  || conn_rejoin_wanted(c->cmap, &c->cfg, ev->target);
    if (ev->kind == IRC_EV_NICK && is_me(c, ev->nick)) {
        log_msg(LOG_INFO, "the bot's nick is now %s (was %s)", ev->arg, ev->nick);
        copy_str(c->nick, sizeof c->nick, ev->arg);
        outq_set_source(c->q, c->nick, NULL, NULL);
        c->h.own_nick(c->h.ctx, c->nick);
    } else if (ev->kind == IRC_EV_KICK && is_me(c, ev->arg)) {
        log_msg(LOG_WARNING, "kicked from %s by %s (%s)", ev->target,
                ev->nick[0] ? ev->nick : "the server", ev->text[0] ? ev->text : "no reason");
        if (theirs)
            conn_rejoin_kicked(c->rejoin, c->cmap, &c->cfg, ev->target, now);
    } else if (ev->kind == IRC_EV_JOIN && is_me(c, ev->nick) && !theirs) {
        log_msg(LOG_NOTICE, "the server joined the bot to %s, not one of irc.channels: leaving it",
                ev->target);
        snprintf(line, sizeof line, "PART %s", ev->target);
        push_raw(c, line);
    } else if (ev->kind == IRC_EV_JOIN && is_me(c, ev->nick)) {
        log_msg(LOG_INFO, "joined %s", ev->target);
        outq_set_source(c->q, c->nick, ev->user, ev->host); /* how others see our lines */
        conn_rejoin_forget(c->rejoin, c->cmap, ev->target);
        conn_who_joined(&c->who, c->q, c->cmap, ev->target); /* who is back, for held seats */
        on_ready(c, now); /* in case the server sends no end of MOTD */
    }
    /* no game in a channel not its own: its lines, and the bot's JOIN there, stay here */
    return theirs
           || !(ev->kind == IRC_EV_PRIVMSG || (ev->kind == IRC_EV_JOIN && is_me(c, ev->nick)));
}

/* A channel's modes changed (-m, +v for the bot, -b): a game waiting because the channel refused
 * the bot's lines (IRC_EV_MUTED) tries again. */
static void on_channel_mode(conn *c, const irc_event *ev, double now)
{
    if (ev->count < 1 || !casemap_is_channel(ev->params[0]))
        return;
    irc_event modes = *ev;
    modes.kind = IRC_EV_MODES;
    modes.target = ev->params[0];
    c->h.event(c->h.ctx, &modes, now);
}

static void on_line(conn *c, const irc_event *line, double now)
{
    irc_event with_account = *line;
    with_account.account = conn_members_on_event(c->members, c->cmap, line, c->nick);
    conn_chanop_on_event(&c->ops, c->cmap, line, c->nick);
    const irc_event *ev = &with_account;
    c->last_rx = now; /* every line we hear proves the server alive */
    c->ping = PING_NONE;
    conn_lag_heard(&c->lag, c->q, ev, now);
    conn_who_heard(&c->who, c->q, ev, now);
    if (ev->kind == IRC_EV_ERROR) {
        log_msg(c->stopping ? LOG_INFO : LOG_WARNING, "the server closes the link: %s",
                ev->text[0] ? ev->text : "no reason given");
        c->refused |= strstr(ev->text, "Killed") || strstr(ev->text, "throttled")
                      || strstr(ev->text, "too fast");
    }
    if (!c->stopping && ev->kind == IRC_EV_OTHER && !strcmp(ev->arg, "MODE"))
        on_channel_mode(c, ev, now);
    if (!c->stopping && ev->kind == IRC_EV_OTHER && !strcmp(ev->arg, "INVITE") && ev->count >= 2)
        conn_rejoin_invited(c->rejoin, c->cmap, ev->params[1], now);
    if (c->stopping || ev->kind == IRC_EV_OTHER || ev->kind == IRC_EV_ERROR
        || ev->kind == IRC_EV_ACCOUNT)
        return;
    conn_owner_on_event(c->owner, c->cmap, ev, now); /* NickServ, 900, the bot's own NICK */
    switch (ev->kind) {
    case IRC_EV_NUMERIC: on_numeric(c, ev, now); return;
    case IRC_EV_CTCP:
        conn_ctcp_answer(c->q, ev->nick, ev->text, DURAKBOT_VERSION, now, &c->ctcp_next);
        return;
    case IRC_EV_NOTICE: return;
    case IRC_EV_PRIVMSG:
        if (conn_owner_holding(c->owner)) { /* the games pause until the nick is back */
            if (conn_owner_refused(c->owner, now) && is_me(c, ev->target)
                && casemap_mask_any(c->cmap, (const char(*)[128])c->cfg.admins, c->cfg.nadmins,
                                    ev->nick, ev->user, ev->host))
                conn_owner_tell_admin(c->owner, ev->nick, c->cfg.game.language, now);
            return;
        }
        break;
    default: break;
    }
    if (about_me(c, ev, now))
        c->h.event(c->h.ctx, ev, now);
}

static void on_event(void *ctx, const irc_event *line)
{
    conn *c = ctx;
    double now = loop_now(c->l);
    owner_id before = conn_owner_identity(c->owner);
    on_line(c, line, now);
    after_owner(c, before, now);
}

/* ---- connection life ---- */

static double jitter(conn *c) /* 0.8 .. 1.2 */
{
    return 0.8 + 0.4 * (double)(rng_next(&c->rng) >> 11) / (double)(1ULL << 53);
}

/* One log line per failed attempt or lost connection. The relay's own failure (by link_failed:
 * the server refused, its certificate, SASL) names the server already and is an error. */
static void schedule_reconnect(conn *c, double now, bool was_up, const char *why, bool relay)
{
    double delay = c->backoff * jitter(c);
    loop_timer_set(c->l, c->t_reconnect, now + delay);
    c->backoff = c->backoff * 2 > BACKOFF_MAX ? BACKOFF_MAX : c->backoff * 2;
    const char *paused = c->paused ? " games are paused;" : "";
    if (relay)
        log_msg(LOG_ERR, "%s%s;%s retrying in %.1f s", was_up ? "lost the connection: " : "", why,
                paused, delay);
    else
        log_msg(LOG_WARNING, "%s %s:%d: %s;%s retrying in %.1f s",
                was_up ? "lost the connection to" : "cannot connect to", c->cfg.irc.server,
                c->cfg.irc.port, why, paused, delay);
}

/* The relay's end: how many lines the wire guard dropped, as its first warning of each kind
 * promised (only the first of a kind is logged). */
static void stop_relay(conn *c)
{
    unsigned dropped = c->relay ? link_dropped(c->relay) : 0;
    if (dropped)
        log_msg(LOG_NOTICE, "wire guard: %u line(s) from %s:%d dropped on this connection", dropped,
                c->cfg.irc.server, c->cfg.irc.port);
    link_stop(c->relay);
}

void conn_close(conn *c)
{
    irc_client_close(c->irc);
    stop_relay(c);
    c->relay = NULL;
    c->registered = c->ready = c->games_on = c->drop = c->joined = false;
    c->burst_done = c->motd = c->erroneous = false;
    outq_set_line_len(c->q, 0);
    c->irc2 = false;
    c->bmode.asked = '\0';    /* the next connection asks for its bot mode again */
    set_penalty(c, false, 0); /* the next server says again whether it charges lines */
    conn_members_clear(c->members);
    conn_owner_reset(c->owner);
    conn_rejoin_clear(c->rejoin);
    conn_lag_reset(&c->lag);
    conn_chanop_clear(&c->ops);
    conn_who_clear(&c->who);
    c->ping = PING_NONE;
    loop_timer_set(c->l, c->t_ping, -1);
    loop_timer_set(c->l, c->t_write, -1);
    loop_timer_set(c->l, c->t_owner, -1);
    loop_timer_set(c->l, c->t_link, -1);
    outq_drop_raw(c->q); /* this connection's; the next one registers and joins anew */
    /* the rest is kept: what the games said before the drop (a result, a hand) goes out on
     * the next connection, after its JOINs (raw lines go first) */
}

void conn_drop_connection(conn *c, double now, const char *why)
{
    char tls_why[1024];
    bool relay = c->relay && link_failed(c->relay, tls_why, sizeof tls_why);
    if (relay)
        why = tls_why;
    bool was_up = c->registered;
    bool stable = was_up && !c->refused && now - c->up_since >= STABLE_AFTER;
    c->refused = false;
    conn_close(c);
    if (c->stopping) {
        log_msg(LOG_INFO, "connection closed: %s", why);
        return;
    }
    if (stable)
        c->backoff = BACKOFF_FIRST;
    c->paused |= was_up;
    c->h.lost(c->h.ctx, now, why);
    schedule_reconnect(c, now, was_up, why, relay);
}

static void start_connect(void *ctx, double now)
{
    conn *c = ctx;
    const bot_config *cf = &c->cfg;
    char err[1024];
    if (c->stopping || irc_client_open(c->irc))
        return;
    if (conn_has_percent(
            cf)) { /* libircclient uses them as printf formats; config refuses '%' too */
        log_msg(LOG_ERR, "irc.nick, username, realname or password holds '%%'; remove it");
        loop_timer_set(c->l, c->t_reconnect, now + BACKOFF_MAX);
        return;
    }
    copy_str(c->nick, sizeof c->nick, cf->irc.nick);
    c->connect_at = c->last_rx = now;
    int fd;
    if (!(c->relay = conn_start_relay(cf, &c->people, &fd, err, sizeof err))) {
        conn_drop_connection(c, now, err);
        return;
    }
    log_msg(LOG_INFO, "connecting to %s:%d%s as %s", cf->irc.server, cf->irc.port,
            cf->irc.tls ? " over TLS" : "", c->nick);
    if (!irc_client_connect(c->irc, fd, cf->irc.password, cf->irc.nick, cf->irc.username,
                            cf->irc.realname, err, sizeof err)) {
        conn_drop_connection(c, now, err);
        return;
    }
    loop_forget_fds(c->l); /* the last connection's numbers may be this one's */
    conn_arm_ping(c);
}

/* Our PING: unanswered for irc.ping_interval, the link is dropped. */
static void send_ping(conn *c, double now)
{
    push_raw(c, PING_LINE);
    c->ping = PING_QUEUED;
    c->ping_at = now;
    conn_arm_ping(c);
}

/* The own PING timer: libircclient answers the server's PINGs and hides them. */
static void ping_due(void *ctx, double now)
{
    conn *c = ctx;
    char why[96];
    if (!irc_client_open(c->irc))
        return;
    if (!c->registered || c->ping != PING_NONE) {
        snprintf(why, sizeof why, "the server did not answer for %d s",
                 c->registered ? 2 * c->cfg.irc.ping_interval : c->cfg.irc.ping_interval);
        conn_drop_connection(c, now, why);
        return;
    }
    send_ping(c, now);
}

/* ---- public ---- */

conn *conn_new(loop *l, outq *q, const bot_config *cfg, const conn_hooks *h, uint64_t seed)
{
    conn *c = calloc(1, sizeof *c);
    if (!c || !(c->irc = irc_client_new(on_event, c)) || !(c->members = conn_members_new())
        || !(c->owner = conn_owner_new(q, cfg)) || !(c->rejoin = conn_rejoin_new(q))) {
        conn_free(c); /* what was made so far */
        return NULL;
    }
    c->cfg = *cfg;
    c->l = l;
    c->q = q;
    c->h = *h;
    c->cmap = CASEMAP_RFC1459;
    c->backoff = BACKOFF_FIRST;
    conn_lag_init(&c->lag, cfg->flood.burst, cfg->flood.rate);
    rng_seed(&c->rng, seed);
    copy_str(c->nick, sizeof c->nick, cfg->irc.nick);
    c->t_reconnect = loop_timer_add(l, "reconnect", start_connect, c);
    c->t_ping = loop_timer_add(l, "ping", ping_due, c);
    c->t_write = loop_timer_add(l, "send pace", conn_wake, c);
    c->t_owner = loop_timer_add(l, "nick and channels", owner_due, c);
    c->t_link = loop_timer_add(l, "relay's CAP answer", conn_link_due, c);
    loop_source_add(l, (loop_source){ conn_fds, conn_process, c });
    loop_stage_add(l, "write", conn_write, c);
    loop_timer_set(l, c->t_reconnect, loop_now(l));
    return c;
}

void conn_free(conn *c)
{
    if (!c)
        return;
    irc_client_free(c->irc);
    stop_relay(c);
    conn_members_free(c->members);
    conn_owner_free(c->owner);
    conn_rejoin_free(c->rejoin);
    free(c);
}

void conn_reconfigure(conn *c, const bot_config *cfg)
{
    if (conn_rejoin_keep(c->rejoin, c->cmap, &c->cfg, cfg, loop_now(c->l)))
        loop_timer_set(c->l, c->t_owner, loop_now(c->l)); /* a new key for a refused channel */
    c->cfg = *cfg;
    conn_lag_configure(&c->lag, c->q, cfg->flood.burst, cfg->flood.rate);
    conn_owner_reconfigure(c->owner, cfg);
}

void conn_join(conn *c, const char *channel)
{
    if (c->joined)
        conn_rejoin_join(c->rejoin, &c->cfg, channel);
}

bool conn_joined(const conn *c) { return c->joined; }
bool conn_ready(const conn *c) { return c->ready; }
const char *conn_nick(const conn *c) { return c->nick; }
casemap conn_casemap(const conn *c) { return c->cmap; }

bool conn_answering(conn *c, double now)
{
    if (!c->registered || now - c->last_rx < CONN_QUIET)
        return true;
    if (c->ping == PING_NONE)
        send_ping(c, now);
    return false;
}

double conn_heard_at(const conn *c) { return c->last_rx; }

void conn_stop(conn *c)
{
    c->stopping = true;
    loop_timer_set(c->l, c->t_reconnect, -1);
}

bool conn_flushing(const conn *c)
{
    return irc_client_open(c->irc) && c->registered && outq_len(c->q) > 0;
}

void conn_quit(conn *c)
{
    if (!irc_client_open(c->irc) || !c->registered
        || conn_link_quit(c->relay, &c->cfg) != LINK_SENT)
        conn_close(c);
    link_process(c->relay, NULL, NULL);
}

bool conn_open(const conn *c) { return irc_client_open(c->irc); }
