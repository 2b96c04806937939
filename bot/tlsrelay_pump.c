/* tlsrelay_pump: the relay thread's byte pumping once TLS is up: libircclient's bytes to the server
 * over SSL_write, the server's to libircclient, each direction buffered, until either side ends. */
#define _POSIX_C_SOURCE 200809L
#include "tlsrelay_internal.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>

#include <openssl/err.h>

#include "log.h"

/* The result of one step: it moved bytes, it must wait, or the relay ends. */
enum tlsrelay_step { STEP_WAIT, STEP_MOVED, STEP_END };

/* After SSL_read/SSL_write returned rc: wait for what OpenSSL wants, or end. */
static enum tlsrelay_step tlsrelay_ssl_step(struct tlsrelay_conn *c, int rc, bool reading)
{
    int e = SSL_get_error(c->ssl, rc);
    if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) {
        c->remote_ev |= e == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT;
        return STEP_WAIT;
    }
    if (e == SSL_ERROR_ZERO_RETURN && reading) {
        c->remote_eof = true;
        return STEP_MOVED;
    }
    char why[256];
    tlsrelay_fail(c->r, "TLS: the connection to %s:%d broke: %s", c->r->host, c->r->port,
                  e == SSL_ERROR_SYSCALL && ERR_peek_error() == 0
                      ? strerror(errno ? errno : EPIPE)
                      : tlsrelay_ssl_reason(why, sizeof why));
    return STEP_END;
}

static enum tlsrelay_step tlsrelay_down(struct tlsrelay_conn *c)
{
    struct tlsrelay_buf *b = &c->down;
    if (b->off == b->len && !c->remote_eof) {
        errno = 0;
        ERR_clear_error();
        int n = SSL_read(c->ssl, b->data, sizeof b->data);
        if (n <= 0)
            return tlsrelay_ssl_step(c, n, true);
        b->len = (size_t)n, b->off = 0;
    }
    if (b->off == b->len)
        return STEP_MOVED; /* eof just seen */
    ssize_t w = send(c->local, b->data + b->off, b->len - b->off, MSG_NOSIGNAL);
    if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
        c->local_ev |= POLLOUT;
        return STEP_WAIT;
    }
    if (w < 0)
        return STEP_END; /* libircclient went away: nothing to report */
    b->off += (size_t)w;
    return STEP_MOVED;
}

static enum tlsrelay_step tlsrelay_up(struct tlsrelay_conn *c)
{
    struct tlsrelay_buf *b = &c->up;
    if (b->off == b->len && !c->local_eof) {
        ssize_t n = recv(c->local, b->data, sizeof b->data, 0);
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
            c->local_ev |= POLLIN;
            return STEP_WAIT;
        }
        if (n <= 0) {
            c->local_eof = true;
            return STEP_MOVED;
        }
        b->len = (size_t)n, b->off = 0;
    }
    if (b->off == b->len)
        return STEP_MOVED;
    errno = 0;
    ERR_clear_error();
    int w = SSL_write(c->ssl, b->data + b->off, (int)(b->len - b->off));
    if (w <= 0)
        return tlsrelay_ssl_step(c, w, false);
    b->off += (size_t)w;
    return STEP_MOVED;
}

/* Waits for what the last steps asked for; false when stop is asked. */
static bool tlsrelay_pump_wait(struct tlsrelay_conn *c)
{
    struct pollfd p[3] = { { c->r->stop_pipe[0], POLLIN, 0 },
                           { c->local_ev ? c->local : -1, c->local_ev, 0 },
                           { c->remote_ev ? c->remote : -1, c->remote_ev, 0 } };
    int n = poll(p, 3, -1);
    return !(n < 0 && errno != EINTR) && !p[0].revents;
}

/* The server closed and libircclient has everything the server sent. */
static bool tlsrelay_server_done(struct tlsrelay_conn *c)
{
    if (!c->remote_eof || c->down.off != c->down.len)
        return false;
    log_msg(LOG_INFO, "TLS: %s:%d closed the connection", c->r->host, c->r->port);
    return true;
}

/* libircclient closed and the server has everything it sent. */
static bool tlsrelay_client_done(struct tlsrelay_conn *c)
{
    if (!c->local_eof || c->up.off != c->up.len)
        return false;
    SSL_shutdown(c->ssl); /* close_notify, if it goes out at once */
    return true;
}

void tlsrelay_pump(struct tlsrelay_conn *c)
{
    for (;;) {
        c->local_ev = c->remote_ev = 0;
        enum tlsrelay_step down = tlsrelay_down(c);
        if (down == STEP_END || tlsrelay_server_done(c))
            return;
        enum tlsrelay_step up = tlsrelay_up(c);
        if (up == STEP_END || tlsrelay_client_done(c))
            return;
        if (down != STEP_MOVED && up != STEP_MOVED && !tlsrelay_pump_wait(c))
            return;
    }
}
