/* link.c — the connection layer's relay (see link.h): start and stop, the connecting thread and
 * its waits, the socket pair with libircclient, the TCP connection, the hand-over to the loop. */
#define _POSIX_C_SOURCE 200809L
#include "link_internal.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "clock.h"
#include "log.h"

/* ---- errors ---- */

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
bool
link_fail(link_relay *r, const char *fmt, ...)
{
    char line[sizeof r->error];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&r->lock);
    memcpy(r->error, line, sizeof line);
    pthread_mutex_unlock(&r->lock);
    return false; /* not logged here: the caller logs it once, with what it does next */
}

/* ---- waiting: every wait also watches the stop pipe ---- */

int link_wait(link_relay *r, int fd, short ev, double deadline)
{
    for (;;) {
        struct pollfd p[2] = { { r->stop_pipe[0], POLLIN, 0 }, { fd, ev, 0 } };
        double left_ms = (deadline - clock_monotonic()) * 1000.0;
        int n = poll(p, 2, left_ms < 0 ? 0 : (int)left_ms);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 || p[0].revents)
            return -1;
        return n == 0 ? 0 : 1;
    }
}

static bool link_nonblock(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    return fl >= 0 && fcntl(fd, F_SETFL, fl | O_NONBLOCK) == 0;
}

/* Non-blocking, and no Nagle delay: lines are small and wanted now. */
static bool link_tune(int fd)
{
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return link_nonblock(fd);
}

/* ---- the remote side: TCP (TLS in link_tls.c) ---- */

/* Connects to one address without blocking past the deadline; errno tells why not. */
static int link_connect_one(link_relay *r, const struct addrinfo *ai)
{
    int fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
    if (fd < 0)
        return -1;
    int err = 0, rc = -1;
    socklen_t elen = sizeof err;
    if (!link_tune(fd))
        err = errno;
    else if ((rc = connect(fd, ai->ai_addr, ai->ai_addrlen)) != 0 && errno != EINPROGRESS)
        err = errno;
    else if (rc != 0) {
        int w = link_wait(r, fd, POLLOUT, clock_monotonic() + LINK_CONNECT_MS / 1000.0);
        if (w <= 0)
            err = w == 0 ? ETIMEDOUT : ECANCELED;
        else if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &elen) != 0)
            err = errno;
    }
    if (err) {
        close(fd);
        errno = err;
        return -1;
    }
    return fd;
}

static int link_connect(link_relay *r)
{
    int err = 0;
    for (const struct addrinfo *ai = r->addrs; ai; ai = ai->ai_next) {
        errno = 0;
        int fd = link_connect_one(r, ai);
        if (fd >= 0)
            return fd;
        err = errno;
        if (err == ECANCELED)
            return -1;
    }
    link_fail(r, "%s: cannot connect to %s:%d: %s (check irc.server and irc.port)", r->what,
              r->host, r->port, strerror(err));
    return -1;
}

/* ---- the thread ---- */

static void link_conn_close(struct link_conn *c)
{
    if (c->local >= 0)
        close(c->local); /* first: libircclient sees the end now */
    SSL_free(c->ssl);
    if (c->remote >= 0)
        close(c->remote);
}

static void link_conn_free(struct link_conn *c)
{
    link_pump_end(c);
    link_conn_close(c);
    free(c);
}

/* Connects, then hands the connection to the caller's loop (ready_pipe) and ends: the lines then
 * move in the bot's one thread, so a line costs no switch between threads (measured: a third of
 * the bot's wake-ups a move). */
static void *link_main(void *arg)
{
    link_relay *r = arg;
    struct link_conn *c = calloc(1, sizeof *c);
    if (!c) {
        link_fail(r, "%s relay: out of memory", r->what);
        close(r->local); /* as after a failed connect: libircclient sees the end now */
        r->local = -1;
        return NULL;
    }
    c->r = r, c->local = c->remote = -1;
    /* none open yet: free closes */
    c->enc = (link_enc){ .enc = LINK_ENC_UTF8, .in = (iconv_t)-1, .out = (iconv_t)-1 };
    c->local = r->local; /* the thread's from here on */
    r->local = -1;
    c->remote = link_connect(r);
    if (c->remote >= 0 && (r->plain || link_handshake(c)) && link_pump_begin(c)) {
        link_log_connected(c);
        r->conn = c;
        ssize_t n;
        do
            n = write(r->ready_pipe[1], "x", 1);
        while (n < 0 && errno == EINTR);
        return NULL;
    }
    link_conn_free(c);
    return NULL;
}

/* ---- the connection in the caller's loop ---- */

static bool link_own_conn(link_relay *r)
{
    if (!r->joined) {
        struct pollfd p = { r->ready_pipe[0], POLLIN, 0 };
        if (poll(&p, 1, 0) != 1)
            return false;
        pthread_join(r->thread, NULL);
        r->joined = true;
    }
    return r->conn != NULL;
}

static void link_fd(int fd, short ev, fd_set *in, fd_set *out, int *maxfd)
{
    if (fd < 0 || !ev)
        return;
    if (ev & POLLIN)
        FD_SET(fd, in);
    if (ev & POLLOUT)
        FD_SET(fd, out);
    if (fd > *maxfd)
        *maxfd = fd;
}

void link_fds(link_relay *r, fd_set *in, fd_set *out, int *maxfd)
{
    if (!r)
        return;
    if (!r->joined)
        link_fd(r->ready_pipe[0], POLLIN, in, out, maxfd);
    else if (r->conn) {
        link_fd(r->conn->local, r->conn->local_ev, in, out, maxfd);
        link_fd(r->conn->remote, r->conn->remote_ev, in, out, maxfd);
    }
}

static bool link_ready(int fd, const fd_set *in, const fd_set *out)
{
    return fd >= 0 && ((in && FD_ISSET(fd, in)) || (out && FD_ISSET(fd, out)));
}

bool link_process(link_relay *r, const fd_set *in, const fd_set *out)
{
    if (!r || !link_own_conn(r))
        return false;
    struct link_conn *c = r->conn;
    if (link_ready(c->local, in, out))
        c->local_idle = false;
    if (link_ready(c->remote, in, out))
        c->remote_idle = false;
    c->gave = false;
    bool open = link_pump_run(c), gave = c->gave;
    if (!open) {
        r->conn = NULL;
        link_conn_free(c); /* the local side first: libircclient sees the end */
    }
    return gave;
}

void link_flush(link_relay *r)
{
    if (r && r->joined && r->conn) {
        r->conn->local_idle = false;
        link_process(r, NULL, NULL);
    }
}

link_send_result link_send(link_relay *r, const char *line)
{
    return r && r->irc && r->joined && r->conn ? link_pump_send(r->conn, line) : LINK_SEND_CLOSED;
}

bool link_sending(link_relay *r) { return r && r->joined && r->conn && link_pump_sending(r->conn); }

double link_deadline(link_relay *r)
{
    return r && r->joined && r->conn ? link_pump_deadline(r->conn) : -1;
}

/* ---- start and stop ---- */

static bool link_resolve(link_relay *r, char *err, size_t errlen)
{
    struct addrinfo hints = { 0 };
    char port[16];
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    snprintf(port, sizeof port, "%d", r->port);
    int rc = getaddrinfo(r->host, port, &hints, &r->addrs);
    if (rc == 0)
        return true;
    snprintf(err, errlen, "%s: cannot resolve %s: %s (check irc.server)", r->what, r->host,
             rc == EAI_SYSTEM ? strerror(errno) : gai_strerror(rc));
    r->addrs = NULL;
    return false;
}

static bool link_copy_opts(link_relay *r, const link_opts *o, char *err, size_t errlen)
{
    if (link_is_empty(o->host) || o->port < 1 || o->port > 65535
        || strlen(o->host) >= sizeof r->host
        || (o->ca_file && strlen(o->ca_file) >= sizeof r->ca_file)) {
        snprintf(err, errlen,
                 "%s: bad relay options (host \"%s\", port %d): check irc.server and irc.port",
                 r->what, o->host ? o->host : "", o->port);
        return false;
    }
    snprintf(r->host, sizeof r->host, "%s", o->host);
    snprintf(r->ca_file, sizeof r->ca_file, "%s", o->ca_file ? o->ca_file : "");
    r->port = o->port;
    r->verify = o->verify;
    r->irc = o->irc;
    r->sasl = o->sasl;
    r->sasl_required = o->sasl_required;
    r->encoding = (link_encoding)o->encoding;
    r->people = o->people;
    r->cap_wait_ms = o->cap_wait_ms > 0 ? o->cap_wait_ms : 0;
    link_enc e; /* iconv must know it before the thread needs it */
    if (o->irc && !link_enc_open(&e, r->encoding, err, errlen))
        return false;
    if (o->irc)
        link_enc_close(&e);
    snprintf(r->sasl_user, sizeof r->sasl_user, "%s", o->sasl_user ? o->sasl_user : "");
    snprintf(r->sasl_pass, sizeof r->sasl_pass, "%s", o->sasl_pass ? o->sasl_pass : "");
    r->client_cert = !link_is_empty(o->cert_file);
    return true;
}

/* The thread gets every signal blocked: they belong to the main loop's pselect(). It takes the
 * pair's end `local`. */
static bool link_spawn(link_relay *r, int local)
{
    r->local = local;
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int rc = pthread_create(&r->thread, NULL, link_main, r);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    errno = rc;
    return rc == 0;
}

static void link_free(link_relay *r)
{
    if (r->local >= 0)
        close(r->local);
    for (int i = 0; i < 2; i++) {
        if (r->stop_pipe[i] >= 0)
            close(r->stop_pipe[i]);
        if (r->ready_pipe[i] >= 0)
            close(r->ready_pipe[i]);
    }
    if (r->addrs)
        freeaddrinfo(r->addrs);
    SSL_CTX_free(r->ctx);
    memset(r->sasl_pass, 0, sizeof r->sasl_pass);
    pthread_mutex_destroy(&r->lock);
    free(r);
}

link_relay *link_start(const link_opts *o, int *local_fd, char *err, size_t errlen)
{
    char dummy[1];
    if (!err || errlen == 0)
        err = dummy, errlen = sizeof dummy;
    link_relay *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "link: out of memory");
        return NULL;
    }
    r->plain = o->plain;
    r->what = o->plain ? "link" : "TLS";
    int pair[2] = { -1, -1 };
    r->local = r->stop_pipe[0] = r->stop_pipe[1] = r->ready_pipe[0] = r->ready_pipe[1] = -1;
    pthread_mutex_init(&r->lock, NULL);
    if (!link_copy_opts(r, o, err, errlen) || !link_resolve(r, err, errlen)
        || (!r->plain && !(r->ctx = link_ctx_new(o, err, errlen)))) {
        link_free(r);
        return NULL;
    }
    if (pipe(r->stop_pipe) != 0 || pipe(r->ready_pipe) != 0
        || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, pair) != 0
        || !link_spawn(r, pair[0])) {
        snprintf(err, errlen, "%s relay: cannot make its socket pair or start its thread: %s",
                 r->what, strerror(errno));
        if (pair[1] >= 0)
            close(pair[1]);
        r->local = pair[0]; /* closed by link_free, if the thread did not start */
        link_free(r);
        return NULL;
    }
    *local_fd = pair[1];
    return r;
}

bool link_failed(link_relay *r, char *why, size_t len)
{
    pthread_mutex_lock(&r->lock);
    bool failed = r->error[0] != '\0';
    if (failed && why && len)
        snprintf(why, len, "%s", r->error);
    pthread_mutex_unlock(&r->lock);
    return failed;
}

unsigned link_dropped(link_relay *r)
{
    pthread_mutex_lock(&r->lock);
    unsigned n = r->dropped;
    pthread_mutex_unlock(&r->lock);
    return n;
}

void link_stop(link_relay *r)
{
    if (!r)
        return;
    ssize_t n;
    do
        n = write(r->stop_pipe[1], "x", 1);
    while (n < 0 && errno == EINTR);
    if (!r->joined)
        pthread_join(r->thread, NULL);
    if (r->conn)
        link_conn_free(r->conn);
    link_free(r);
}
