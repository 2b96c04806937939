/* conn_loop.c — the connection's turn in the loop: its descriptors (libircclient's and the
 * relay's), the work after a wait, the write stage and the timers they arm. */

/* The write stage: the send queue through conn_write.h's writer, holding the games' lines while the
 * bot is not under its own nick. */
#define _POSIX_C_SOURCE 200809L
#include "conn_internal.h"

#include <string.h>

#include "conn_link.h"
#include "conn_write.h"

/* ---- the writer's hands (bot/conn_write.h) ---- */

static const char *write_peek(void *ctx, double now)
{
    conn *c = ctx;
    if (conn_owner_holding(c->owner) && !outq_has_raw(c->q))
        return NULL; /* the games' lines wait for the bot's own nick */
    return conn_chanop_line(&c->ops, c->members, c->cmap, outq_peek(c->q, now));
}

static link_send_result write_send(void *ctx, const char *line)
{
    return link_send(((conn *)ctx)->relay, line);
}

static void write_sent(void *ctx, const char *line, double now)
{
    conn *c = ctx;
    if (c->ping == PING_QUEUED && !strcmp(line, PING_LINE)) {
        c->ping = PING_SENT;
        c->ping_at = now;
    }
    conn_lag_sent(&c->lag, line, now);
    conn_who_sent(&c->who, line, now);
    outq_commit(c->q, now);
}

static bool write_flush(void *ctx)
{
    link_relay *r = ((conn *)ctx)->relay;
    link_process(r, NULL, NULL); /* what it gives libircclient wakes the loop */
    return link_sending(r);
}

/* A saturated bucket's lines go a few at a time (OUTQ_BATCH_SECONDS), not one per token: one
 * wake-up of the loop and of the relay per line before. */
void conn_write(void *ctx, double now)
{
    conn *c = ctx;
    bool up = irc_client_open(c->irc) && c->registered;
    if (up)
        conn_lag_tick(&c->lag, c->q, now);
    if (up && outq_wait_batch(c->q, now, OUTQ_BATCH_SECONDS) == 0) {
        conn_write_io io = { write_peek, write_send, write_sent, write_flush, c };
        if (conn_write_lines(&io, now) == CONN_WRITE_BROKEN)
            conn_request_drop(c, "the connection to the server closed");
    }
    if (c->drop)
        conn_drop_connection(c, now, c->drop_why);
    up = irc_client_open(c->irc) && c->registered;
    double w = up ? outq_wait_batch(c->q, now, OUTQ_BATCH_SECONDS) : -1;
    double p = up && w != 0 ? conn_lag_next(&c->lag) : -1;
    /* w == 0: the lines that may go wait in the relay's buffer for the socket (its descriptor
     * wakes the loop), or are held for the bot's nick (an event frees them) */
    loop_timer_set(c->l, c->t_write, w > 0 && (p < 0 || now + w < p) ? now + w : p);
    /* While lines wait for the bucket, what the server says is read once a batch, not as each
     * line comes: a move read sooner is answered no sooner, and each wake-up cost as much CPU as
     * the move (bench_load, 30 games: 1.2 wake-ups a move before, 0.7 after). */
    if (w > 0)
        loop_hold(c->l, now + (w < OUTQ_BATCH_SECONDS ? w : OUTQ_BATCH_SECONDS));
    conn_arm_ping(c);
}

void conn_wake(void *ctx, double now)
{
    (void)ctx;
    (void)now; /* the write stage runs after every iteration */
}

/* The relay's CAP/SASL answer is due: it moves on without one. */
void conn_link_due(void *ctx, double now)
{
    conn *c = ctx;
    (void)now;
    link_process(c->relay, NULL, NULL); /* what it gives libircclient wakes the loop */
    loop_timer_set(c->l, c->t_link, link_deadline(c->relay));
}

void conn_fds(void *ctx, fd_set *in, fd_set *out, int *maxfd)
{
    conn *c = ctx;
    conn_link_fds(c->relay, c->irc, in, out, maxfd);
}

/* Only after a wait in which a descriptor was ready: while the TCP connect is still pending,
 * libircclient reports an idle call as an invalid state. */
void conn_process(void *ctx, fd_set *in, fd_set *out, double now)
{
    conn *c = ctx;
    char err[256];
    if (!conn_link_process(c->relay, c->irc, in, out, err, sizeof err))
        conn_request_drop(c, err);
    if (c->drop)
        conn_drop_connection(c, now, c->drop_why);
    loop_timer_set(c->l, c->t_link, link_deadline(c->relay));
    conn_arm_ping(c);
}
