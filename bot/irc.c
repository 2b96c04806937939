/* irc.c — the IRC adapter: libircclient session, registration, nick collisions, ISUPPORT, CTCP,
 * own PING timer, reconnect back-off, and the pselect() loop timed by the nearest timer (ae model). */
#define _POSIX_C_SOURCE 200809L
#include "irc.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <time.h>

#include <libircclient.h>

#include "aiworker.h"
#include "casemap.h"
#include "log.h"
#include "outbox.h"
#include "persist.h"
#include "rng.h"
#include "service.h"
#include "tlsrelay.h"

#ifndef DURAKBOT_VERSION
#define DURAKBOT_VERSION "unknown"
#endif

enum {
    SEND_LINES_PER_TURN = 2, /* libircclient's output buffer holds 1024 bytes */
    SEND_BYTES_PER_TURN = 1000,
    NICK_TRIES = 8,
    JOIN_LINE_MAX = 400,
};
#define BACKOFF_FIRST 1.0
#define BACKOFF_MAX 300.0
#define QUIT_FLUSH_SECONDS 1.0
#define PING_LINE "PING :durakbot"

typedef enum { PING_NONE, PING_QUEUED, PING_SENT } ping_state;

struct ircad {
    bot_config cfg;
    tables *t;
    outq *q;
    store *db;       /* where tables are saved after every change; may be NULL */
    aiworker *ai;    /* computer players' decisions on threads; may be NULL */
    tlsrelay *relay; /* irc.tls: the loopback relay of this connection */
    bool (*reload)(void *ctx, bot_config *out); /* SIGHUP: the new config, or false */
    void *reload_ctx;
    outbox box;
    irc_session_t *s; /* NULL while waiting to reconnect */
    casemap cmap;
    char nick[128]; /* the bot's nick on the server now */
    int nick_tries;
    bool registered;       /* 001 seen on this connection */
    bool joined;           /* JOINs sent (after NickServ's answer or irc.nickserv_wait) */
    double join_at;        /* when to join without NickServ's answer */
    bool announced;        /* READY=1 sent to the service manager */
    size_t games_reported; /* games in the last STATUS= */
    double watchdog_iv, watchdog_at;
    bool ready;    /* end of MOTD seen: channels joined, tables resumed */
    bool paused;   /* tables_on_disconnect called, tables_on_reconnect not yet */
    bool stopping; /* shutting down: events are no longer routed */
    bool drop;     /* set inside callbacks: drop the connection after processing */
    char drop_why[160];
    double now;        /* monotonic seconds of the current loop turn */
    double connect_at; /* when this connection attempt started */
    double last_rx;    /* when the last line came in */
    ping_state ping;
    double ping_at; /* when our PING was queued, then when it was sent */
    double backoff, reconnect_at;
    double ctcp_next; /* CTCP replies: at most one a second */
    rng_t rng;        /* reconnect jitter, fallback nicks */
};

/* ---- small helpers ---- */

static double clock_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double jitter(ircad *a) /* 0.8 .. 1.2 */
{
    return 0.8 + 0.4 * (double)(rng_next(&a->rng) >> 11) / (double)(1ULL << 53);
}

/* Copies src (NULL as "") into dst, cut to cap - 1 bytes. */
static void copy_str(char *dst, size_t cap, const char *src)
{
    size_t n = src ? strlen(src) : 0;
    if (n >= cap)
        n = cap - 1;
    memcpy(dst, src ? src : "", n);
    dst[n] = '\0';
}

static bool is_channel(const char *target)
{
    return target && target[0] && strchr("#&+!", target[0]);
}

static void request_drop(ircad *a, const char *why)
{
    if (!a->drop)
        copy_str(a->drop_why, sizeof a->drop_why, why);
    a->drop = true;
}

/* "nick!user@host" into its parts; any part may be missing. */
typedef struct {
    char nick[128], user[128], host[256];
} who_buf;

static tables_who split_origin(const char *origin, who_buf *b)
{
    char tmp[512];
    copy_str(tmp, sizeof tmp, origin);
    char *at = strchr(tmp, '@');
    if (at)
        *at++ = '\0';
    char *bang = strchr(tmp, '!');
    if (bang)
        *bang++ = '\0';
    copy_str(b->nick, sizeof b->nick, tmp);
    copy_str(b->user, sizeof b->user, bang);
    copy_str(b->host, sizeof b->host, at);
    return (tables_who){ b->nick, b->user, b->host };
}

static bool is_me(const ircad *a, const char *nick)
{
    return nick && casemap_equal(a->cmap, nick, a->nick);
}

static void report_status(ircad *a)
{
    char status[768];
    size_t games = tables_count(a->t);
    snprintf(status, sizeof status, "%s %s:%d as %s; %d channel(s); %zu game(s) open",
             a->ready ? "connected to" : "connecting to", a->cfg.irc.server, a->cfg.irc.port,
             a->nick, a->cfg.irc.nchannels, games);
    a->games_reported = games;
    if (!a->announced && a->ready) {
        a->announced = true;
        service_ready(status);
    } else {
        service_status(status);
    }
}

/* Saves what changed (before anyone hears of it), then moves what tables said into the
 * send queue. */
static void flush_outbox(ircad *a)
{
    persist_tables(a->t, a->db, a->now);
    if (tables_count(a->t) != a->games_reported)
        report_status(a);
    for (size_t i = 0; i < a->box.len; i++) {
        const out_msg *m = &a->box.items[i];
        if (!outq_push(a->q, outbox_cmd(m->kind), m->target, m->text))
            log_msg(LOG_WARNING,
                    "send queue refused a line to %s (queue full or bad target); "
                    "it is dropped: lower the traffic or raise flood.rate",
                    m->target);
    }
    outbox_clear(&a->box);
}

static void push_raw(ircad *a, const char *line)
{
    if (!outq_push_raw(a->q, line))
        log_msg(LOG_WARNING,
                "send queue refused \"%.40s\" (queue full or line too long); "
                "it is dropped",
                line);
}

static ircad *ctx_of(irc_session_t *s)
{
    ircad *a = irc_get_ctx(s);
    a->last_rx = a->now; /* every line we hear proves the server alive */
    a->ping = PING_NONE;
    return a;
}

/* The context of an event worth routing to tables: from someone, with `need` params, while
 * not shutting down; NULL otherwise. */
static ircad *routable(irc_session_t *s, const char *origin, unsigned count, unsigned need)
{
    ircad *a = ctx_of(s);
    return a->stopping || count < need || !origin ? NULL : a;
}

/* ---- registration ---- */

static void join_channels(ircad *a)
{
    char line[JOIN_LINE_MAX + 64];
    size_t len = 0;
    a->joined = true;
    for (int i = 0; i < a->cfg.irc.nchannels; i++) {
        const char *ch = a->cfg.irc.channels[i];
        if (len && len + 1 + strlen(ch) > JOIN_LINE_MAX) {
            push_raw(a, line);
            len = 0;
        }
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", len ? "," : "JOIN ", ch);
    }
    if (len)
        push_raw(a, line);
}

static void on_welcome(ircad *a, const char **params, unsigned count)
{
    if (count >= 1 && params[0][0])
        copy_str(a->nick, sizeof a->nick, params[0]);
    a->registered = true;
    a->backoff = BACKOFF_FIRST;
    tables_set_own_nick(a->t, a->nick);
    log_msg(LOG_NOTICE, "registered on %s:%d as %s; joining %d channel(s)", a->cfg.irc.server,
            a->cfg.irc.port, a->nick, a->cfg.irc.nchannels);
    if (a->cfg.irc.nickserv_password[0]) { /* join once NickServ confirms, or after the wait */
        char line[OUTQ_MAX_RAW + 1];
        snprintf(line, sizeof line, "PRIVMSG NickServ :IDENTIFY %s", a->cfg.irc.nickserv_password);
        push_raw(a, line);
        a->join_at = a->now + a->cfg.irc.nickserv_wait;
        if (a->cfg.irc.nickserv_wait > 0)
            return;
    }
    join_channels(a);
}

/* NickServ's answer to IDENTIFY (a NOTICE), or 900 RPL_LOGGEDIN: the channels can be joined. */
static void identified(ircad *a, const char *how)
{
    if (!a->registered || a->joined)
        return;
    log_msg(LOG_INFO, "NickServ: %s; joining the channels", how);
    join_channels(a);
}

/* End of MOTD: the channels are joined (the JOINs go out first) and the games go on. */
static void on_ready(ircad *a)
{
    if (a->ready || !a->registered || !a->joined)
        return;
    a->ready = true;
    a->paused = false;
    tables_on_reconnect(a->t, a->now, &a->box);
    flush_outbox(a);
    report_status(a);
}

static void try_next_nick(ircad *a)
{
    const char *base = a->cfg.irc.nick;
    if (a->registered)
        return;
    if (++a->nick_tries > NICK_TRIES) {
        request_drop(a, "every nick tried is taken; set another irc.nick");
        return;
    }
    char old[sizeof a->nick];
    copy_str(old, sizeof old, a->nick);
    if (a->nick_tries <= 4)
        snprintf(a->nick, sizeof a->nick, "%s%.*s", base, a->nick_tries, "____");
    else
        snprintf(a->nick, sizeof a->nick, "%.6s%03u", base, (unsigned)rng_below(&a->rng, 1000));
    log_msg(LOG_WARNING, "nick %s is not available; trying %s", old, a->nick);
    irc_send_raw(a->s, "NICK %s", a->nick);
}

static void set_bot_mode(ircad *a, const char *letters)
{
    char line[160];
    if (!letters[0] || !strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", letters[0]))
        return;
    snprintf(line, sizeof line, "MODE %s +%c", a->nick, letters[0]);
    push_raw(a, line);
}

/* 005 ISUPPORT: libircclient keeps at most 10 params, so read whatever arrived, in every 005. */
static void on_isupport(ircad *a, const char **params, unsigned count)
{
    for (unsigned i = 1; i < count; i++) {
        const char *p = params[i];
        if (!strncmp(p, "CASEMAPPING=", 12)) {
            a->cmap = casemap_from_name(p + 12);
            tables_set_casemapping(a->t, a->cmap);
        } else if (!strncmp(p, "BOT=", 4)) {
            set_bot_mode(a, p + 4);
        }
    }
}

/* 352 RPL_WHOREPLY "me #chan user host server nick flags :hops realname" after our WHO: each
 * member counts as joined, so a player who came back while the bot was away sits again. */
static void on_who_reply(ircad *a, const char **params, unsigned count)
{
    if (count < 6 || !is_channel(params[1]) || is_me(a, params[5]))
        return;
    tables_who w = { params[5], params[2], params[3] };
    tables_on_join(a->t, a->now, &w, params[1], &a->box);
    flush_outbox(a);
}

static void log_refused(unsigned code, const char **params, unsigned count)
{
    const char *what = count >= 2 ? params[1] : "?";
    const char *why = count >= 3 ? params[count - 1] : "";
    switch (code) {
    case 403:
    case 405:
    case 471:
    case 473:
    case 474:
    case 475:
    case 477:
        log_msg(LOG_WARNING,
                "cannot join %s: %s (%u); check the channel's modes and bans or "
                "irc.channels",
                what, why, code);
        break;
    case 464: log_msg(LOG_ERR, "the server refused the password (464); check irc.password"); break;
    case 465:
        log_msg(LOG_ERR, "the server says the bot is banned (465): %s; ask its operators", what);
        break;
    default: break;
    }
}

static void on_numeric(irc_session_t *s, unsigned code, const char *origin, const char **params,
                       unsigned count)
{
    ircad *a = ctx_of(s);
    (void)origin;
    if (a->stopping)
        return;
    switch (code) {
    case 1: on_welcome(a, params, count); break;
    case 5: on_isupport(a, params, count); break;
    case 352: on_who_reply(a, params, count); break;
    case 376:
    case 422: on_ready(a); break;
    case 900: identified(a, "logged in (900)"); break;
    case 432:
    case 433:
    case 436:
    case 437: try_next_nick(a); break;
    default: log_refused(code, params, count); break;
    }
}

/* ---- messages and presence ---- */

static void on_message(irc_session_t *s, const char *event, const char *origin, const char **params,
                       unsigned count)
{
    ircad *a = routable(s, origin, count, 2);
    who_buf b;
    (void)event;
    if (!a)
        return;
    tables_who w = split_origin(origin, &b);
    if (is_channel(params[0]))
        tables_on_channel(a->t, a->now, &w, params[0], params[1], &a->box);
    else
        tables_on_private(a->t, a->now, &w, params[1], &a->box);
    flush_outbox(a);
}

static void on_nick(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    ircad *a = routable(s, origin, count, 1);
    who_buf b;
    (void)event;
    if (!a)
        return;
    split_origin(origin, &b);
    if (is_me(a, b.nick)) {
        copy_str(a->nick, sizeof a->nick, params[0]);
        tables_set_own_nick(a->t, a->nick);
        log_msg(LOG_NOTICE, "the server changed the bot's nick from %s to %s", b.nick, a->nick);
    }
    tables_on_nick(a->t, a->now, b.nick, params[0], &a->box);
    flush_outbox(a);
}

static void on_join(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    ircad *a = routable(s, origin, count, 1);
    who_buf b;
    (void)event;
    if (!a)
        return;
    tables_who w = split_origin(origin, &b);
    if (is_me(a, b.nick)) {
        char line[160];
        log_msg(LOG_INFO, "joined %s", params[0]);
        snprintf(line, sizeof line, "WHO %s", params[0]);
        push_raw(a, line); /* who is here: players may have come back while we were away */
        on_ready(a);       /* in case the server sends no end of MOTD */
    }
    tables_on_join(a->t, a->now, &w, params[0], &a->box);
    flush_outbox(a);
}

static void on_part(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    ircad *a = routable(s, origin, count, 1);
    who_buf b;
    (void)event;
    if (!a)
        return;
    split_origin(origin, &b);
    tables_on_part(a->t, a->now, b.nick, params[0], &a->box);
    flush_outbox(a);
}

static void on_kick(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    ircad *a = ctx_of(s);
    char line[160];
    (void)event;
    (void)origin;
    if (a->stopping || count < 2)
        return;
    if (is_me(a, params[1])) {
        log_msg(LOG_WARNING, "kicked from %s (%s); joining it again", params[0],
                count >= 3 ? params[2] : "no reason");
        snprintf(line, sizeof line, "JOIN %s", params[0]);
        push_raw(a, line);
    }
    tables_on_part(a->t, a->now, params[1], params[0], &a->box);
    flush_outbox(a);
}

static void on_quit(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    ircad *a = routable(s, origin, 1, 1);
    who_buf b;
    (void)event;
    (void)params;
    (void)count;
    if (!a)
        return;
    split_origin(origin, &b);
    tables_on_quit(a->t, a->now, b.nick, &a->box);
    flush_outbox(a);
}

/* ---- CTCP and the rest ---- */

static bool printable_ascii(const char *s, size_t max)
{
    size_t n = 0;
    for (; s[n]; n++)
        if (n >= max || s[n] < 0x20 || s[n] > 0x7e)
            return false;
    return true;
}

static void on_ctcp(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    ircad *a = routable(s, origin, count, 1);
    who_buf b;
    char reply[160];
    (void)event;
    if (!a || a->now < a->ctcp_next)
        return;
    split_origin(origin, &b);
    if (!strcmp(params[0], "VERSION"))
        snprintf(reply, sizeof reply, "\001VERSION durakbot %s\001", DURAKBOT_VERSION);
    else if (!strncmp(params[0], "PING", 4) && printable_ascii(params[0], 100))
        snprintf(reply, sizeof reply, "\001%s\001", params[0]);
    else
        return;
    a->ctcp_next = a->now + 1.0;
    if (!outq_push(a->q, "NOTICE", b.nick, reply))
        log_msg(LOG_WARNING, "send queue refused a CTCP reply to %s; it is dropped", b.nick);
}

static void on_notice(irc_session_t *s, const char *event, const char *origin, const char **params,
                      unsigned count)
{
    ircad *a = routable(s, origin, count, 2);
    who_buf b;
    (void)event;
    if (!a)
        return;
    split_origin(origin, &b);
    if (casemap_equal(a->cmap, b.nick, "NickServ"))
        identified(a, params[1]);
}

static void on_other(irc_session_t *s, const char *event, const char *origin, const char **params,
                     unsigned count)
{
    ircad *a = ctx_of(s); /* a PONG (or any line) clears the PING timer */
    (void)origin;
    if (event && !strcmp(event, "ERROR"))
        log_msg(a->stopping ? LOG_INFO : LOG_WARNING, "the server closes the link: %s",
                count >= 1 ? params[0] : "no reason given");
}

static void on_ignored(irc_session_t *s, const char *event, const char *origin, const char **params,
                       unsigned count)
{
    (void)event;
    (void)origin;
    (void)params;
    (void)count;
    ctx_of(s);
}

static const irc_callbacks_t CALLBACKS = {
    .event_nick = on_nick,
    .event_quit = on_quit,
    .event_join = on_join,
    .event_part = on_part,
    .event_mode = on_ignored,
    .event_umode = on_ignored,
    .event_topic = on_ignored,
    .event_kick = on_kick,
    .event_channel = on_message,
    .event_privmsg = on_message,
    .event_notice = on_notice,
    .event_channel_notice = on_ignored,
    .event_invite = on_ignored,
    .event_ctcp_req = on_ctcp,
    .event_ctcp_rep = on_ignored,
    .event_ctcp_action = on_ignored,
    .event_unknown = on_other,
    .event_numeric = on_numeric,
};

/* ---- connection life ---- */

static bool has_percent(const bot_config *c)
{
    return strchr(c->irc.nick, '%') || strchr(c->irc.username, '%') || strchr(c->irc.realname, '%')
           || strchr(c->irc.password, '%');
}

static void schedule_reconnect(ircad *a, bool was_up, const char *why)
{
    double delay = a->backoff * jitter(a);
    a->reconnect_at = a->now + delay;
    a->backoff = a->backoff * 2 > BACKOFF_MAX ? BACKOFF_MAX : a->backoff * 2;
    log_msg(LOG_WARNING, "%s %s:%d: %s;%s retrying in %.1f s",
            was_up ? "lost the connection to" : "cannot connect to", a->cfg.irc.server,
            a->cfg.irc.port, why, a->paused ? " games are paused;" : "", delay);
}

static void connection_reset(ircad *a)
{
    if (a->s)
        irc_destroy_session(a->s);
    a->s = NULL;
    tlsrelay_stop(a->relay);
    a->relay = NULL;
    a->registered = a->ready = a->drop = a->joined = false;
    a->ping = PING_NONE;
    a->nick_tries = 0;
    /* the queue is kept: what the games said before the drop (a result, a hand) goes out on
     * the next connection, after its JOINs (raw lines go first) */
}

static void drop_connection(ircad *a, const char *why)
{
    char tls_why[512];
    if (a->relay && tlsrelay_failed(a->relay, tls_why, sizeof tls_why))
        why = tls_why;
    bool was_up = a->registered;
    connection_reset(a);
    if (a->stopping) {
        log_msg(LOG_INFO, "connection closed: %s", why);
        return;
    }
    if (was_up && !a->paused) {
        tables_on_disconnect(a->t, a->now);
        a->paused = true;
    }
    schedule_reconnect(a, was_up, why);
    char status[1024];
    snprintf(status, sizeof status, "disconnected from %.255s:%d (%.500s); reconnecting",
             a->cfg.irc.server, a->cfg.irc.port, why);
    service_status(status);
}

/* libircclient uses nick, username, realname and password as printf formats: config rejects '%',
 * and this refuses again rather than hand one over. */
static void start_connect(ircad *a)
{
    const bot_config *c = &a->cfg;
    if (has_percent(c)) {
        log_msg(LOG_ERR, "irc.nick, username, realname or password holds '%%'; remove it");
        a->reconnect_at = a->now + BACKOFF_MAX;
        return;
    }
    a->s = irc_create_session((irc_callbacks_t *)&CALLBACKS);
    if (!a->s) {
        schedule_reconnect(a, false, "out of memory creating the session");
        return;
    }
    irc_set_ctx(a->s, a);
    copy_str(a->nick, sizeof a->nick, c->irc.nick);
    a->connect_at = a->last_rx = a->now;
    const char *host = c->irc.server;
    int port = c->irc.port;
    if (c->irc.tls) { /* libircclient has no TLS: talk through the relay */
        tlsrelay_opts o = { c->irc.server,      c->irc.port,     c->irc.tls_verify,
                            c->irc.tls_ca_file, c->irc.tls_cert, c->irc.tls_key };
        char err[1024];
        if (!(a->relay = tlsrelay_start(&o, &port, err, sizeof err))) {
            drop_connection(a, err);
            return;
        }
        host = "127.0.0.1";
    }
    log_msg(LOG_INFO, "connecting to %s:%d%s as %s", c->irc.server, c->irc.port,
            c->irc.tls ? " over TLS" : "", a->nick);
    if (irc_connect(a->s, host, (unsigned short)port, c->irc.password[0] ? c->irc.password : NULL,
                    c->irc.nick, c->irc.username, c->irc.realname))
        drop_connection(a, irc_strerror(irc_errno(a->s)));
}

/* The own PING timer: libircclient answers the server's PINGs and hides them. */
static double ping_deadline(const ircad *a)
{
    double iv = a->cfg.irc.ping_interval;
    if (!a->registered)
        return a->connect_at + iv;
    return a->ping == PING_NONE ? a->last_rx + iv : a->ping_at + iv;
}

static void check_ping(ircad *a)
{
    char why[96];
    if (!a->s || a->now < ping_deadline(a))
        return;
    if (!a->registered || a->ping != PING_NONE) {
        snprintf(why, sizeof why, "the server did not answer for %d s",
                 a->registered ? 2 * a->cfg.irc.ping_interval : a->cfg.irc.ping_interval);
        drop_connection(a, why);
        return;
    }
    push_raw(a, PING_LINE);
    a->ping = PING_QUEUED;
    a->ping_at = a->now;
}

/* At most two lines (1000 bytes) a turn: libircclient's buffer holds 1024 and fails when full. */
static void send_lines(ircad *a)
{
    size_t bytes = 0;
    for (int n = 0; a->s && a->registered && n < SEND_LINES_PER_TURN; n++) {
        const char *line = outq_peek(a->q, a->now);
        if (!line || bytes + strlen(line) + 2 > SEND_BYTES_PER_TURN)
            return;
        if (irc_send_raw(a->s, "%s", line)) {
            if (irc_errno(a->s) != LIBIRC_ERR_NOMEM)
                request_drop(a, irc_strerror(irc_errno(a->s)));
            return; /* NOMEM: the line stays queued until the buffer drains */
        }
        if (a->ping == PING_QUEUED && !strcmp(line, PING_LINE)) {
            a->ping = PING_SENT;
            a->ping_at = a->now;
        }
        bytes += strlen(line) + 2;
        outq_commit(a->q, a->now);
    }
}

static void on_ai_done(void *ctx, const tables_ai_job *job, durak_action act)
{
    ircad *a = ctx;
    tables_ai_result(a->t, a->now, job, act, &a->box);
}

/* Computer players whose turn it is: each decision on its own thread (inline if none). */
static void start_ai_jobs(ircad *a)
{
    tables_ai_job job;
    while (tables_ai_next_job(a->t, a->now, &job))
        if (!a->ai || !aiworker_start(a->ai, &job))
            on_ai_done(a, &job, ai_choose(&job.view, &job.params, NULL));
    flush_outbox(a);
}

static void run_timers(ircad *a)
{
    if (!a->s && !a->stopping && a->now >= a->reconnect_at)
        start_connect(a);
    if (a->registered && !a->joined && a->now >= a->join_at) {
        log_msg(LOG_WARNING,
                "NickServ did not confirm within %d s; joining anyway "
                "(check irc.nickserv_password)",
                a->cfg.irc.nickserv_wait);
        join_channels(a);
    }
    double d = tables_next_deadline(a->t);
    if (d >= 0 && a->now >= d) {
        tables_on_tick(a->t, a->now, &a->box);
        flush_outbox(a);
    }
    start_ai_jobs(a);
    check_ping(a);
    if (a->watchdog_iv > 0 && a->now >= a->watchdog_at) {
        service_watchdog();
        a->watchdog_at = a->now + a->watchdog_iv;
    }
}

static double min_d(double x, double y) { return x < y ? x : y; }

/* Seconds until the nearest timer; a writable socket or a line in wakes pselect sooner. */
static double next_timeout(const ircad *a)
{
    double t = a->now + 3600;
    double d = tables_next_deadline(a->t);
    if (d >= 0)
        t = min_d(t, d);
    if (!a->s)
        t = min_d(t, a->reconnect_at);
    else
        t = min_d(t, ping_deadline(a));
    if (a->registered && !a->joined)
        t = min_d(t, a->join_at);
    if (a->watchdog_iv > 0)
        t = min_d(t, a->watchdog_at);
    if (a->s && a->registered) {
        double w = outq_wait(a->q, a->now);
        if (w > 0) /* w == 0 here means the output buffer is full: its fd wakes us */
            t = min_d(t, a->now + w);
    }
    return t > a->now ? t - a->now : 0;
}

static struct timespec to_timespec(double sec)
{
    struct timespec ts;
    ts.tv_sec = (time_t)sec;
    ts.tv_nsec = (long)((sec - (double)ts.tv_sec) * 1e9);
    return ts;
}

/* One wait and one round of libircclient I/O (which runs the callbacks). */
static void wait_and_process(ircad *a, double timeout, const sigset_t *waitmask)
{
    fd_set in, out;
    int maxfd = 0;
    FD_ZERO(&in);
    FD_ZERO(&out);
    if (a->s)
        irc_add_select_descriptors(a->s, &in, &out, &maxfd);
    int aifd = a->ai ? aiworker_fd(a->ai) : -1;
    if (aifd >= 0) {
        FD_SET(aifd, &in);
        maxfd = aifd > maxfd ? aifd : maxfd;
    }
    struct timespec ts = to_timespec(timeout);
    int n = pselect(maxfd + 1, &in, &out, NULL, &ts, waitmask);
    a->now = clock_now();
    if (n < 0) {
        if (errno != EINTR)
            log_msg(LOG_ERR, "pselect failed: %s; retrying", strerror(errno));
        return;
    }
    if (n > 0 && aifd >= 0 && FD_ISSET(aifd, &in)) {
        aiworker_collect(a->ai, on_ai_done, a);
        flush_outbox(a);
        n--;
    }
    /* only when a descriptor is ready: while the TCP connect is still pending, libircclient
     * reports an idle call as an invalid state */
    if (n > 0 && a->s && irc_process_select_descriptors(a->s, &in, &out))
        request_drop(a, irc_strerror(irc_errno(a->s)));
    if (a->drop)
        drop_connection(a, a->drop_why);
}

static bool has_channel(const bot_config *c, casemap m, const char *channel)
{
    for (int i = 0; i < c->irc.nchannels; i++)
        if (casemap_equal(m, c->irc.channels[i], channel))
            return true;
    return false;
}

/* Parts channels gone from the config (ending their games) and joins new ones. */
static void apply_channels(ircad *a, const bot_config *nc)
{
    char line[160];
    for (int i = 0; i < a->cfg.irc.nchannels; i++) {
        const char *ch = a->cfg.irc.channels[i];
        if (has_channel(nc, a->cmap, ch))
            continue;
        tables_close_channel(a->t, ch, &a->box);
        flush_outbox(a);
        /* in the channel's own queue, so that it leaves after the game's last line there
         * (a +n channel refuses lines from outside) */
        if (a->joined && !outq_push(a->q, "PART", ch, "no longer served"))
            log_msg(LOG_WARNING, "send queue refused the PART of %s; it is dropped", ch);
        log_msg(LOG_NOTICE, "leaving %s: no longer in irc.channels", ch);
    }
    for (int i = 0; i < nc->irc.nchannels; i++) {
        const char *ch = nc->irc.channels[i];
        if (has_channel(&a->cfg, a->cmap, ch))
            continue;
        snprintf(line, sizeof line, "JOIN %s", ch);
        if (a->joined)
            push_raw(a, line);
        log_msg(LOG_NOTICE, "joining %s: new in irc.channels", ch);
    }
}

static bool same_server(const bot_config *x, const bot_config *y)
{
    return !strcmp(x->irc.server, y->irc.server) && x->irc.port == y->irc.port
           && x->irc.tls == y->irc.tls && !strcmp(x->irc.nick, y->irc.nick)
           && !strcmp(x->irc.password, y->irc.password);
}

/* SIGHUP: a new config, applied without dropping games; a bad one keeps the old. */
static void handle_hup(ircad *a, volatile sig_atomic_t *signals)
{
    if (!(*signals & IRCAD_SIG_HUP))
        return;
    *signals &= ~IRCAD_SIG_HUP;
    bot_config nc;
    service_reloading();
    if (!a->reload || !a->reload(a->reload_ctx, &nc)) {
        log_msg(LOG_ERR, "SIGHUP: the new configuration is not used; the bot goes on with "
                         "the old one");
        a->announced = false; /* READY=1 again after RELOADING=1 */
        report_status(a);
        return;
    }
    apply_channels(a, &nc);
    if (!same_server(&a->cfg, &nc))
        log_msg(LOG_NOTICE, "SIGHUP: the server, port, TLS, nick or password changed; "
                            "that takes effect at the next connection");
    outq_set_rate(a->q, nc.flood.burst, nc.flood.rate);
    tables_reconfigure(a->t, &nc);
    a->cfg = nc;
    log_msg(LOG_NOTICE, "SIGHUP: configuration reloaded");
    a->announced = false; /* READY=1 again after RELOADING=1 */
    report_status(a);
}

/* QUIT goes last, after what the bucket lets out in about a second; then wait for the close. */
static void shut_down(ircad *a, const sigset_t *waitmask)
{
    double end = a->now + QUIT_FLUSH_SECONDS;
    service_stopping();
    tables_on_disconnect(a->t, a->now); /* every table saved, timers stopped */
    flush_outbox(a);
    a->stopping = true;
    while (a->s && a->registered && outq_len(a->q) > 0 && a->now < end - 0.3) {
        send_lines(a);
        wait_and_process(a, min_d(next_timeout(a), end - 0.3 - a->now), waitmask);
    }
    if (a->s && a->registered && !irc_send_raw(a->s, "QUIT :%s", "durakbot is shutting down")) {
        while (a->s && a->now < end) /* the server closes the link after QUIT */
            wait_and_process(a, end - a->now, waitmask);
    }
    connection_reset(a);
    log_msg(LOG_NOTICE, "stopped");
}

/* ---- public ---- */

ircad *ircad_new(const bot_config *cfg, tables *t, outq *q, store *db, aiworker *ai, uint64_t seed)
{
    ircad *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->cfg = *cfg;
    a->t = t;
    a->q = q;
    a->db = db;
    a->ai = ai;
    a->watchdog_iv = service_watchdog_interval();
    outbox_init(&a->box);
    a->cmap = CASEMAP_RFC1459;
    a->backoff = BACKOFF_FIRST;
    rng_seed(&a->rng, seed);
    copy_str(a->nick, sizeof a->nick, cfg->irc.nick);
    return a;
}

void ircad_set_reload(ircad *a, bool (*reload)(void *ctx, bot_config *out), void *ctx)
{
    a->reload = reload;
    a->reload_ctx = ctx;
}

void ircad_free(ircad *a)
{
    if (!a)
        return;
    if (a->s)
        irc_destroy_session(a->s);
    tlsrelay_stop(a->relay);
    outbox_free(&a->box);
    free(a);
}

int ircad_run(ircad *a, volatile sig_atomic_t *signals, const sigset_t *waitmask)
{
    a->now = clock_now();
    a->reconnect_at = a->now;
    while (!(*signals & IRCAD_SIG_STOP)) {
        handle_hup(a, signals);
        a->now = clock_now();
        run_timers(a);
        send_lines(a);
        if (a->drop)
            drop_connection(a, a->drop_why);
        wait_and_process(a, next_timeout(a), waitmask);
    }
    log_msg(LOG_NOTICE, "stop signal received: quitting");
    shut_down(a, waitmask);
    return 0;
}
