/* link_pump.c — the relay's work once connected, in the caller's loop: the server's side over SSL
 * or plain TCP, bytes relayed unchanged or (IRC mode) as whole lines through the guard and CAP. */

/* In IRC mode the server's lines go through the wire guard to libircclient, CAP LS first, then
 * libircclient's lines and the relay's CAP/SASL lines, whole lines each. */
#define _POSIX_C_SOURCE 200809L
#include "link_internal.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include <openssl/err.h>

#include "clock.h"
#include "log.h"

enum { IO_WAIT = -1, IO_END = -2 };

/* After SSL_read/SSL_write returned rc: what to wait for, eof, or the end. */
static ssize_t link_ssl_result(struct link_conn *c, int rc, bool reading)
{
    int e = SSL_get_error(c->ssl, rc);
    if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) {
        c->remote_ev |= e == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT;
        return IO_WAIT;
    }
    if (e == SSL_ERROR_ZERO_RETURN && reading)
        return 0;
    char why[256];
    link_fail(c->r, "TLS: the connection to %s:%d broke: %s", c->r->host, c->r->port,
              e == SSL_ERROR_SYSCALL && ERR_peek_error() == 0 ? strerror(errno ? errno : EPIPE)
                                                              : link_ssl_reason(why, sizeof why));
    return IO_END;
}

/* A TLS port ends a connection that does not start TLS without a word: plain text that ends
 * before the server said a line gets what to do about it. */
static bool link_maybe_tls(const struct link_conn *c) { return !c->ssl && !c->heard; }

static ssize_t link_plain_result(struct link_conn *c, ssize_t n, short ev)
{
    if (n >= 0)
        return n;
    if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
        c->remote_ev |= ev;
        return IO_WAIT;
    }
    int port = c->r->port;
    if (link_maybe_tls(c))
        link_fail(c->r,
                  "link: the connection to %s:%d broke: %s (the server closed the connection "
                  "before saying anything: if port %d expects TLS, set irc.tls = true)",
                  c->r->host, port, strerror(errno), port);
    else
        link_fail(c->r, "link: the connection to %s:%d broke: %s", c->r->host, port,
                  strerror(errno));
    return IO_END;
}

/* n > 0 bytes read, 0 at the server's end, IO_WAIT (remote_ev set) or IO_END (logged). A plain
 * socket a short read drained is left to poll: reading it again until EAGAIN cost a failed
 * recv per line and direction (measured: 12 of a move's 37 system calls). Over TLS, OpenSSL may
 * hold bytes that poll cannot see, so that side reads until SSL_read wants more. */
static ssize_t remote_read(struct link_conn *c, char *buf, size_t len)
{
    if (!c->ssl) {
        if (c->remote_idle) {
            c->remote_ev |= POLLIN;
            return IO_WAIT;
        }
        ssize_t n = recv(c->remote, buf, len, 0);
        c->remote_idle = n < 0 || (size_t)n < len;
        return link_plain_result(c, n, POLLIN);
    }
    errno = 0;
    ERR_clear_error();
    int n = SSL_read(c->ssl, buf, (int)len);
    return n > 0 ? n : link_ssl_result(c, n, true);
}

static ssize_t remote_write(struct link_conn *c, const char *buf, size_t len)
{
    if (!c->ssl) {
        ssize_t n = link_plain_result(c, send(c->remote, buf, len, MSG_NOSIGNAL), POLLOUT);
        return n == 0 ? IO_WAIT : n;
    }
    errno = 0;
    ERR_clear_error();
    int n = SSL_write(c->ssl, buf, (int)len);
    return n > 0 ? n : link_ssl_result(c, n, false);
}

/* Each step: it moved bytes, it must wait, or the relay ends. */
enum link_step { STEP_WAIT, STEP_MOVED, STEP_END };

static enum link_step from_io(ssize_t n, struct link_buf *b, bool *eof)
{
    if (n == IO_END)
        return STEP_END;
    if (n == IO_WAIT)
        return STEP_WAIT;
    if (n == 0 && eof)
        *eof = true;
    else
        b->off += (size_t)n;
    return STEP_MOVED;
}

/* Writes b's pending bytes to libircclient. */
static enum link_step to_local(struct link_conn *c, struct link_buf *b)
{
    if (b->off == b->len)
        return STEP_WAIT;
    ssize_t w = send(c->local, b->data + b->off, b->len - b->off, MSG_NOSIGNAL);
    if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
        c->local_ev |= POLLOUT;
        return STEP_WAIT;
    }
    if (w < 0)
        return STEP_END; /* libircclient went away: nothing to report */
    b->off += (size_t)w;
    c->gave = true;
    if (b->off == b->len)
        b->off = b->len = 0;
    return STEP_MOVED;
}

/* Reads what libircclient sent into b (appending; only when b is empty once writing to the
 * server started, as SSL_write wants the same bytes again after a retry). */
static enum link_step from_local(struct link_conn *c, struct link_buf *b)
{
    if (c->local_eof || b->len == sizeof b->data)
        return STEP_WAIT;
    if (c->local_idle) { /* drained by a short read: poll tells when more comes */
        c->local_ev |= POLLIN;
        return STEP_WAIT;
    }
    size_t room = sizeof b->data - b->len;
    ssize_t n = recv(c->local, b->data + b->len, room, 0);
    c->local_idle = n < 0 || (size_t)n < room;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
        c->local_ev |= POLLIN;
        return STEP_WAIT;
    }
    if (n <= 0)
        c->local_eof = true;
    else
        b->len += (size_t)n;
    return STEP_MOVED;
}

static enum link_step to_remote(struct link_conn *c, struct link_buf *b)
{
    if (b->off == b->len)
        return STEP_WAIT;
    enum link_step s = from_io(remote_write(c, b->data + b->off, b->len - b->off), b, NULL);
    if (b->off == b->len)
        b->off = b->len = 0;
    return s;
}

/* ---- raw mode: bytes as they are ---- */

static enum link_step raw_down(struct link_conn *c)
{
    struct link_buf *b = &c->down;
    if (b->off == b->len && !c->remote_eof) {
        ssize_t n = remote_read(c, b->data, sizeof b->data);
        if (n == IO_END || n == IO_WAIT)
            return n == IO_END ? STEP_END : STEP_WAIT;
        if (n == 0)
            c->remote_eof = true;
        c->heard |= n > 0;
        b->len = (size_t)n, b->off = 0;
        return STEP_MOVED;
    }
    return to_local(c, b);
}

static enum link_step raw_up(struct link_conn *c)
{
    struct link_buf *b = &c->up;
    if (b->off == b->len && !c->local_eof)
        return from_local(c, b);
    return to_remote(c, b);
}

/* ---- IRC mode: lines ---- */

static void log_drop(struct link_conn *c, link_verdict v, const char *line, size_t len)
{
    link_relay *r = c->r;
    pthread_mutex_lock(&r->lock);
    r->dropped++;
    pthread_mutex_unlock(&r->lock);
    if (r->logged & (1u << v))
        return;
    r->logged |= 1u << v;
    char shown[64];
    size_t n = 0;
    for (size_t i = 0; i < len && n + 1 < sizeof shown && n < 40; i++)
        shown[n++] = (unsigned char)line[i] < 0x20 || line[i] == 0x7f ? '?' : line[i];
    shown[n] = '\0';
    log_msg(LOG_WARNING,
            "wire guard: dropped a line from %s:%d with %s (it starts \"%s\"); such lines are "
            "counted, not logged again: the count is logged when the connection ends",
            r->host, r->port, link_verdict_name(v), shown);
}

/* When the answer to CAP/SASL lines sent now is due: LINK_CAP_MS, or the end of cap_wait_ms. */
static double cap_due(const struct link_conn *c)
{
    double due = clock_monotonic() + LINK_CAP_MS / 1000.0;
    return c->cap_end_at > 0 && c->cap_end_at < due ? c->cap_end_at : due;
}

/* Moves what link_cap wants to send into the inject buffer, once it is empty. */
static void take_cap_output(struct link_conn *c)
{
    struct link_buf *b = &c->inject;
    if (!c->cap.out_len || b->off != b->len)
        return;
    memcpy(b->data, c->cap.out, c->cap.out_len);
    b->off = 0, b->len = c->cap.out_len;
    c->cap.out_len = 0;
    c->cap_deadline = cap_due(c);
}

/* One line of the server's (len bytes at line, terminated in place). */
static void on_line(struct link_conn *c, char *line, size_t len)
{
    link_msg m;
    char raw[48];
    size_t max = LINK_LINE_MAX;
    if (link_enc_active(&c->enc)) { /* UTF-8 from here on: a letter may take 2 bytes, not 1 */
        len = link_enc_in(&c->enc, line, len, c->conv, sizeof c->conv - 1);
        line = c->conv;
        line[len] = '\0';
        max = LINK_CONVERTED_MAX;
    }
    size_t rawlen = len < sizeof raw ? len : sizeof raw;
    memcpy(raw, line, rawlen);
    link_verdict v = link_msg_parse_cut(line, len, max, &m);
    if (v == LINK_EMPTY)
        return;
    if (v != LINK_OK) {
        log_drop(c, v, raw, rawlen);
        return;
    }
    if (m.cut && !(c->r->logged & 1u)) {
        c->r->logged |= 1u;
        log_msg(LOG_INFO, "wire guard: cut a line over %zu bytes from %s:%d (it starts \"%.30s\")",
                max, c->r->host, c->r->port, m.prefix ? m.prefix : m.command);
    }
    c->heard = true;
    if (link_cap_on_line(&c->cap, &m))
        return;
    struct link_buf *d = &c->down;
    d->len += link_msg_write(&m, true, d->data + d->len, sizeof d->data - d->len);
}

/* Splits the server's bytes in c->in into lines while there is room for them in c->down. */
static bool irc_lines(struct link_conn *c)
{
    struct link_buf *in = &c->in;
    bool moved = false;
    while (in->off < in->len && sizeof c->down.data - c->down.len > LINK_OUT_MAX
           && c->cap.state != LINK_CAP_FAILED) {
        char *start = in->data + in->off;
        size_t avail = in->len - in->off, n = 0;
        while (n < avail && start[n] != '\r' && start[n] != '\n')
            n++;
        bool whole = n < avail;
        if (!whole && avail < sizeof in->data - 1 && !c->remote_eof)
            break; /* wait for the rest of the line */
        if (!c->skipping)
            on_line(c, start, n);
        c->skipping = !whole && !c->remote_eof; /* an overlong line: drop up to its end */
        in->off += n + whole;
        moved = true;
    }
    if (in->off == in->len)
        in->off = in->len = 0;
    else if (in->off > 0 && in->len == sizeof in->data - 1) {
        memmove(in->data, in->data + in->off, in->len - in->off);
        in->len -= in->off, in->off = 0;
    }
    return moved;
}

static enum link_step irc_down(struct link_conn *c)
{
    enum link_step given = to_local(c, &c->down);
    if (given != STEP_WAIT)
        return given; /* STEP_END: libircclient's end went away, so does the relay */
    if (irc_lines(c))
        return STEP_MOVED;
    struct link_buf *in = &c->in;
    if (c->remote_eof || in->len >= sizeof in->data - 1)
        return STEP_WAIT;
    ssize_t n = remote_read(c, in->data + in->len, sizeof in->data - 1 - in->len);
    if (n == IO_END)
        return STEP_END;
    if (n == IO_WAIT)
        return STEP_WAIT;
    if (n == 0)
        c->remote_eof = true;
    in->len += (size_t)n;
    return STEP_MOVED;
}

/* A legacy encoding: moves libircclient's whole lines (all at its end) from upraw into c->up,
 * converted, while they fit. */
static bool convert_up(struct link_conn *c)
{
    struct link_buf *raw = &c->upraw, *up = &c->up;
    bool moved = false;
    while (raw->off < raw->len) {
        char *start = raw->data + raw->off;
        size_t avail = raw->len - raw->off;
        char *nl = memchr(start, '\n', avail);
        size_t n = nl                                             ? (size_t)(nl - start) + 1
                   : c->local_eof || raw->len == sizeof raw->data ? avail
                                                                  : 0;
        if (n == 0 || sizeof up->data - up->len < n)
            break;
        up->len += link_enc_out(&c->enc, start, n, up->data + up->len, sizeof up->data - up->len);
        raw->off += n;
        moved = true;
    }
    if (raw->off == raw->len)
        raw->off = raw->len = 0;
    else if (raw->off > 0) {
        memmove(raw->data, raw->data + raw->off, raw->len - raw->off);
        raw->len -= raw->off, raw->off = 0;
    }
    return moved;
}

/* What libircclient sent, into c->up: as it is, or through upraw in the server's encoding. */
static enum link_step local_in(struct link_conn *c)
{
    if (!link_enc_active(&c->enc))
        return from_local(c, &c->up);
    if (convert_up(c))
        return STEP_MOVED;
    enum link_step s = from_local(c, &c->upraw);
    return convert_up(c) ? STEP_MOVED : s;
}

/* The bot's lines skip libircclient and the socket pair: a send and a receive fewer for each
 * batch, and no poll to learn whether libircclient's buffer may be written. */
link_send_result link_pump_send(struct link_conn *c, const char *line)
{
    struct link_buf *b = &c->own;
    size_t n = strlen(line);
    if (c->own_held || sizeof b->data - b->len < n + 2)
        return LINK_SEND_FULL;
    char *at = b->data + b->len;
    n = link_enc_out(&c->enc, line, n, at, n); /* never longer than the UTF-8 it converts */
    memcpy(at + n, "\r\n", 2);
    b->len += n + 2;
    return LINK_SENT;
}

bool link_pump_sending(const struct link_conn *c) { return c->own.off != c->own.len; }

/* libircclient's lines go out as they come (its PASS/NICK/USER right after CAP LS 302: a server
 * with CAP holds registration until CAP END). The relay's own (CAP, SASL) and the bot's
 * (link_send) go between whole lines of its: each buffer is written out entirely before another
 * starts (SSL_write wants the same bytes again after a retry), and those two only once
 * libircclient's last byte sent ended a line. */
static enum link_step irc_up(struct link_conn *c)
{
    bool between = c->up.off == c->up.len && !c->up_mid_line;
    if (between && c->own.off == c->own.len)
        take_cap_output(c);
    if (c->inject.off != c->inject.len)
        return to_remote(c, &c->inject);
    if (between && c->own.off != c->own.len) {
        enum link_step s = to_remote(c, &c->own);
        c->own_held = c->own.off != c->own.len;
        return s;
    }
    if (c->up.off != c->up.len) {
        bool nl = c->up.data[c->up.len - 1] == '\n';
        enum link_step s = to_remote(c, &c->up);
        if (c->up.off == c->up.len)
            c->up_mid_line = !nl;
        return s;
    }
    return local_in(c);
}

/* ---- the steps ---- */

/* The server closed and libircclient has everything the server sent. */
static bool link_server_done(struct link_conn *c)
{
    link_relay *r = c->r;
    if (!c->remote_eof || c->down.off != c->down.len || c->in.off != c->in.len)
        return false;
    if (link_maybe_tls(c)) /* an error, for the caller's retry line to say what to do */
        link_fail(r,
                  "link: %s:%d closed the connection before saying anything (if port %d expects "
                  "TLS, set irc.tls = true)",
                  r->host, r->port, r->port);
    else
        log_msg(LOG_INFO, "%s: %s:%d closed the connection", r->what, r->host, r->port);
    return true;
}

/* libircclient closed and the server has everything it sent. */
static bool link_client_done(struct link_conn *c)
{
    bool pending = c->up.off != c->up.len || c->upraw.off != c->upraw.len;
    if (!c->local_eof || pending)
        return false;
    if (c->ssl)
        SSL_shutdown(c->ssl); /* close_notify, if it goes out at once */
    return true;
}

static bool link_cap_check(struct link_conn *c)
{
    if (!c->r->irc)
        return true;
    if (!link_cap_released(&c->cap) && clock_monotonic() >= c->cap_deadline)
        link_cap_timeout(&c->cap);
    if (c->cap.state != LINK_CAP_FAILED)
        return true;
    link_fail(c->r, "%s", c->cap.error);
    return false;
}

bool link_pump_begin(struct link_conn *c)
{
    link_relay *r = c->r;
    char err[256];
    if (!r->irc)
        return true;
    if (!link_enc_open(&c->enc, r->encoding, err, sizeof err))
        return link_fail(r, "%s", err);
    c->enc.people = r->people; /* only the pointer here: the table is the loop thread's */
    link_cap_start(&c->cap, r->sasl, r->sasl_user, r->sasl_pass, r->sasl_required);
    c->cap_end_at = r->cap_wait_ms ? clock_monotonic() + r->cap_wait_ms / 1000.0 : 0;
    c->cap_deadline = cap_due(c);
    return true;
}

bool link_pump_run(struct link_conn *c)
{
    link_relay *r = c->r;
    for (;;) {
        c->local_ev = c->remote_ev = 0;
        enum link_step down = r->irc ? irc_down(c) : raw_down(c);
        if (down == STEP_END || link_server_done(c) || !link_cap_check(c))
            return false;
        enum link_step up = r->irc ? irc_up(c) : raw_up(c);
        if (up == STEP_END || link_client_done(c))
            return false;
        if (down != STEP_MOVED && up != STEP_MOVED)
            return true;
    }
}

double link_pump_deadline(const struct link_conn *c)
{
    return c->r->irc && !link_cap_released(&c->cap) ? c->cap_deadline : -1;
}

void link_pump_end(struct link_conn *c)
{
    link_enc_close(&c->enc);
    memset(c->cap.pass, 0, sizeof c->cap.pass); /* as link.c wipes its copy */
}
