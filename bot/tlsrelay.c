/* tlsrelay: TLS for libircclient, which Debian builds without it. A thread accepts one connection on
 * 127.0.0.1 and relays it over a verified TLS connection (OpenSSL) to the real server. */
#define _POSIX_C_SOURCE 200809L
#include "tlsrelay.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
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
#include <time.h>
#include <unistd.h>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include "log.h"

enum {
    TLSRELAY_ACCEPT_MS = 60000,  /* libircclient connects at once; this only bounds a leak */
    TLSRELAY_CONNECT_MS = 15000, /* per address of the server */
    TLSRELAY_HANDSHAKE_MS = 30000,
    TLSRELAY_BUF = 16384,
};

struct tlsrelay {
    char host[256];
    int port;
    bool verify, client_cert;
    char ca_file[256]; /* "" for the system store: for the messages */
    SSL_CTX *ctx;
    struct addrinfo *addrs;
    int listen_fd, local_port;
    int stop_pipe[2]; /* a byte in [1] wakes every wait of the thread: stop */
    pthread_t thread;
    pthread_mutex_t lock; /* guards error */
    char error[512];      /* the failure's log line; "" while none */
};

/* One direction of the relay: bytes read from one side, not yet written to the other. */
struct tlsrelay_buf {
    char data[TLSRELAY_BUF];
    size_t len, off;
};

/* What the thread owns while it runs. */
struct tlsrelay_conn {
    tlsrelay *r;
    int local, remote;
    SSL *ssl;
    struct tlsrelay_buf up, down; /* up: libircclient -> server; down: server -> libircclient */
    bool local_eof, remote_eof;
    short local_ev, remote_ev; /* what the last steps wait for */
};

/* ---- errors ---- */

static bool tlsrelay_is_empty(const char *s) { return !s || !s[0]; }

/* The reason of OpenSSL's last error ("wrong version number"), and clears its queue. */
static const char *tlsrelay_ssl_reason(char *buf, size_t len)
{
    unsigned long e = ERR_peek_last_error();
    const char *reason = e ? ERR_reason_error_string(e) : NULL;
    if (reason)
        snprintf(buf, len, "%s", reason);
    else if (e)
        ERR_error_string_n(e, buf, len);
    else
        snprintf(buf, len, "unknown error");
    ERR_clear_error();
    return buf;
}

/* Records the failure, logs it, and returns false. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static bool
tlsrelay_fail(tlsrelay *r, const char *fmt, ...)
{
    char line[sizeof r->error];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&r->lock);
    memcpy(r->error, line, sizeof line);
    pthread_mutex_unlock(&r->lock);
    log_msg(LOG_ERR, "%s", line);
    return false;
}

/* ---- the context: trust, client certificate ---- */

/* Encrypted keys are not supported: never prompt on a terminal for a pass phrase. */
static int tlsrelay_no_passphrase(char *buf, int size, int rwflag, void *u)
{
    (void)buf, (void)size, (void)rwflag, (void)u;
    return 0;
}

static bool tlsrelay_readable(const char *key, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (f) {
        fclose(f);
        return true;
    }
    snprintf(err, errlen, "TLS: cannot read %s %s: %s (fix the path or the file's permissions)",
             key, path, strerror(errno));
    return false;
}

static bool tlsrelay_ctx_trust(SSL_CTX *ctx, const tlsrelay_opts *o, char *err, size_t errlen)
{
    char why[256];
    if (tlsrelay_is_empty(o->ca_file)) {
        if (SSL_CTX_set_default_verify_paths(ctx) == 1)
            return true;
        snprintf(err, errlen,
                 "TLS: cannot load the system CA store: %s (apt-get install ca-certificates)",
                 tlsrelay_ssl_reason(why, sizeof why));
        return false;
    }
    if (!tlsrelay_readable("irc.tls_ca_file", o->ca_file, err, errlen))
        return false;
    if (SSL_CTX_load_verify_locations(ctx, o->ca_file, NULL) == 1)
        return true;
    snprintf(err, errlen,
             "TLS: cannot load irc.tls_ca_file %s: %s (it must hold PEM certificates, "
             "-----BEGIN CERTIFICATE-----)",
             o->ca_file, tlsrelay_ssl_reason(why, sizeof why));
    return false;
}

static bool tlsrelay_ctx_client_cert(SSL_CTX *ctx, const tlsrelay_opts *o, char *err, size_t errlen)
{
    char why[256];
    const char *key = tlsrelay_is_empty(o->key_file) ? o->cert_file : o->key_file;
    const char *key_name =
        tlsrelay_is_empty(o->key_file) ? "irc.tls_cert (for its key)" : "irc.tls_key";
    if (!tlsrelay_readable("irc.tls_cert", o->cert_file, err, errlen)
        || !tlsrelay_readable(key_name, key, err, errlen))
        return false;
    if (SSL_CTX_use_certificate_chain_file(ctx, o->cert_file) != 1) {
        snprintf(err, errlen, "TLS: cannot load irc.tls_cert %s: %s (it must be a PEM certificate)",
                 o->cert_file, tlsrelay_ssl_reason(why, sizeof why));
        return false;
    }
    bool loaded = SSL_CTX_use_PrivateKey_file(ctx, key, SSL_FILETYPE_PEM) == 1;
    if (!loaded && ERR_GET_REASON(ERR_peek_last_error()) != X509_R_KEY_VALUES_MISMATCH) {
        snprintf(err, errlen,
                 "TLS: cannot load the private key from %s %s: %s (it must be a PEM key without a "
                 "pass phrase)",
                 key_name, key, tlsrelay_ssl_reason(why, sizeof why));
        return false;
    }
    if (!loaded || SSL_CTX_check_private_key(ctx) != 1) {
        snprintf(err, errlen,
                 "TLS: the key in %s %s does not belong to irc.tls_cert %s: %s (use the key made "
                 "with that certificate)",
                 key_name, key, o->cert_file, tlsrelay_ssl_reason(why, sizeof why));
        return false;
    }
    return true;
}

static SSL_CTX *tlsrelay_ctx_new(const tlsrelay_opts *o, char *err, size_t errlen)
{
    char why[256];
    ERR_clear_error();
    SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
    if (!ctx) {
        snprintf(err, errlen, "TLS: cannot set up OpenSSL: %s",
                 tlsrelay_ssl_reason(why, sizeof why));
        return NULL;
    }
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    SSL_CTX_set_options(ctx, SSL_OP_IGNORE_UNEXPECTED_EOF); /* IRC servers often just close */
    SSL_CTX_set_mode(ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    SSL_CTX_set_default_passwd_cb(ctx, tlsrelay_no_passphrase);
    SSL_CTX_set_verify(ctx, o->verify ? SSL_VERIFY_PEER : SSL_VERIFY_NONE, NULL);
    bool ok = tlsrelay_ctx_trust(ctx, o, err, errlen)
              && (tlsrelay_is_empty(o->cert_file) || tlsrelay_ctx_client_cert(ctx, o, err, errlen));
    if (!ok) {
        SSL_CTX_free(ctx);
        return NULL;
    }
    return ctx;
}

bool tlsrelay_check(const tlsrelay_opts *o, char *err, size_t errlen)
{
    SSL_CTX *ctx = tlsrelay_ctx_new(o, err, errlen);
    SSL_CTX_free(ctx);
    return ctx != NULL;
}

/* ---- waiting: every wait also watches the stop pipe ---- */

static long long tlsrelay_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Waits until fd is ready for ev (1), the deadline passes (0), or stop is asked (-1). */
static int tlsrelay_wait(tlsrelay *r, int fd, short ev, long long deadline)
{
    for (;;) {
        struct pollfd p[2] = { { r->stop_pipe[0], POLLIN, 0 }, { fd, ev, 0 } };
        long long left = deadline - tlsrelay_now_ms();
        int n = poll(p, 2, left < 0 ? 0 : (int)left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 || p[0].revents)
            return -1;
        return n == 0 ? 0 : 1;
    }
}

static bool tlsrelay_stopping(tlsrelay *r)
{
    struct pollfd p = { r->stop_pipe[0], POLLIN, 0 };
    return poll(&p, 1, 0) > 0;
}

static bool tlsrelay_nonblock(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    return fl >= 0 && fcntl(fd, F_SETFL, fl | O_NONBLOCK) == 0;
}

/* Non-blocking, and no Nagle delay: lines are small and wanted now. */
static bool tlsrelay_tune(int fd)
{
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return tlsrelay_nonblock(fd);
}

/* ---- the local side: 127.0.0.1, this user only ---- */

/* The uid owning the TCP socket connected from peer to local (from /proc/net/tcp), or -1. */
static long tlsrelay_peer_uid(const struct sockaddr_in *peer, const struct sockaddr_in *local)
{
    FILE *f = fopen("/proc/net/tcp", "r");
    char line[512];
    long uid = -1;
    if (!f)
        return -1;
    while (uid < 0 && fgets(line, sizeof line, f)) {
        unsigned la, lp, ra, rp;
        long u;
        if (sscanf(line, " %*d: %x:%x %x:%x %*x %*x:%*x %*x:%*x %*x %ld", &la, &lp, &ra, &rp, &u)
                == 5
            && la == peer->sin_addr.s_addr && lp == ntohs(peer->sin_port)
            && ra == local->sin_addr.s_addr && rp == ntohs(local->sin_port))
            uid = u;
    }
    fclose(f);
    return uid;
}

/* Whether fd, just accepted, comes from a process of this user. */
static bool tlsrelay_own_user(tlsrelay *r, int fd)
{
    struct sockaddr_in peer, local;
    socklen_t plen = sizeof peer, llen = sizeof local;
    if (getpeername(fd, (struct sockaddr *)&peer, &plen) != 0
        || getsockname(fd, (struct sockaddr *)&local, &llen) != 0)
        return false;
    long uid = tlsrelay_peer_uid(&peer, &local);
    if (uid == (long)geteuid())
        return true;
    if (uid < 0) {
        log_msg(LOG_WARNING,
                "TLS relay: cannot tell which user connected to 127.0.0.1:%d (no /proc/net/tcp); "
                "accepting it",
                r->local_port);
        return true;
    }
    log_msg(LOG_WARNING,
            "TLS relay: refused a connection to 127.0.0.1:%d from another user (uid %ld): only the "
            "bot itself may use its relay",
            r->local_port, uid);
    return false;
}

static int tlsrelay_accept(tlsrelay *r)
{
    long long deadline = tlsrelay_now_ms() + TLSRELAY_ACCEPT_MS;
    for (;;) {
        int w = tlsrelay_wait(r, r->listen_fd, POLLIN, deadline);
        if (w <= 0) {
            if (w == 0)
                tlsrelay_fail(
                    r, "TLS relay: nothing connected to 127.0.0.1:%d within %d s; closing it",
                    r->local_port, TLSRELAY_ACCEPT_MS / 1000);
            return -1;
        }
        int fd = accept(r->listen_fd, NULL, NULL);
        if (fd < 0
            && (errno == EAGAIN || errno == EWOULDBLOCK || errno == ECONNABORTED || errno == EINTR))
            continue; /* gone before we took it: wait again */
        if (fd < 0) {
            tlsrelay_fail(r, "TLS relay: cannot accept on 127.0.0.1:%d: %s", r->local_port,
                          strerror(errno));
            return -1;
        }
        if (tlsrelay_own_user(r, fd) && tlsrelay_tune(fd))
            return fd;
        close(fd);
    }
}

/* ---- the remote side: TCP, then TLS ---- */

/* Connects to one address without blocking past the deadline; errno tells why not. */
static int tlsrelay_connect_one(tlsrelay *r, const struct addrinfo *ai)
{
    int fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
    if (fd < 0)
        return -1;
    int err = 0, rc = -1;
    socklen_t elen = sizeof err;
    if (!tlsrelay_tune(fd))
        err = errno;
    else if ((rc = connect(fd, ai->ai_addr, ai->ai_addrlen)) != 0 && errno != EINPROGRESS)
        err = errno;
    else if (rc != 0) {
        int w = tlsrelay_wait(r, fd, POLLOUT, tlsrelay_now_ms() + TLSRELAY_CONNECT_MS);
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

static int tlsrelay_connect(tlsrelay *r)
{
    int err = 0;
    for (const struct addrinfo *ai = r->addrs; ai; ai = ai->ai_next) {
        errno = 0;
        int fd = tlsrelay_connect_one(r, ai);
        if (fd >= 0)
            return fd;
        err = errno;
        if (err == ECANCELED)
            return -1;
    }
    tlsrelay_fail(r, "TLS: cannot connect to %s:%d: %s (check irc.server and irc.port)", r->host,
                  r->port, strerror(err));
    return -1;
}

static bool tlsrelay_is_ip(const char *host)
{
    unsigned char buf[sizeof(struct in6_addr)];
    return inet_pton(AF_INET, host, buf) == 1 || inet_pton(AF_INET6, host, buf) == 1;
}

/* SNI and the name the certificate must hold. */
static bool tlsrelay_ssl_new(struct tlsrelay_conn *c)
{
    tlsrelay *r = c->r;
    c->ssl = SSL_new(r->ctx);
    if (!c->ssl || SSL_set_fd(c->ssl, c->remote) != 1)
        return false;
    bool ip = tlsrelay_is_ip(r->host);
    if (!ip && SSL_set_tlsext_host_name(c->ssl, r->host) != 1)
        return false;
    if (!r->verify)
        return true;
    if (ip)
        return X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(c->ssl), r->host) == 1;
    SSL_set_hostflags(c->ssl, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
    return SSL_set1_host(c->ssl, r->host) == 1;
}

/* Printable: certificates come from the network. */
static void tlsrelay_printable(char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
            *s = '?';
}

static void tlsrelay_append(char *out, size_t len, const char *name)
{
    size_t used = strlen(out);
    if (used < len)
        snprintf(out + used, len - used, "%s%s", used ? ", " : "", name);
}

/* The names a certificate is for: its DNS names and IP addresses, else its common name. */
static void tlsrelay_cert_names(X509 *x, char *out, size_t len)
{
    GENERAL_NAMES *gens = x ? X509_get_ext_d2i(x, NID_subject_alt_name, NULL, NULL) : NULL;
    out[0] = '\0';
    for (int i = 0; i < sk_GENERAL_NAME_num(gens); i++) {
        const GENERAL_NAME *g = sk_GENERAL_NAME_value(gens, i);
        char name[256] = "";
        if (g->type == GEN_DNS) {
            int n = ASN1_STRING_length(g->d.dNSName);
            snprintf(name, sizeof name, "%.*s", n < 255 ? n : 255,
                     (const char *)ASN1_STRING_get0_data(g->d.dNSName));
        } else if (g->type == GEN_IPADD) {
            int n = ASN1_STRING_length(g->d.iPAddress);
            if (n == 4 || n == 16)
                inet_ntop(n == 4 ? AF_INET : AF_INET6, ASN1_STRING_get0_data(g->d.iPAddress), name,
                          sizeof name);
        }
        if (name[0])
            tlsrelay_append(out, len, name);
    }
    GENERAL_NAMES_free(gens);
    if (!out[0] && x)
        X509_NAME_get_text_by_NID(X509_get_subject_name(x), NID_commonName, out, (int)len);
    if (!out[0])
        snprintf(out, len, "an unnamed host");
    tlsrelay_printable(out);
}

static void tlsrelay_issuer(X509 *x, char *out, size_t len)
{
    if (!x
        || X509_NAME_get_text_by_NID(X509_get_issuer_name(x), NID_commonName, out, (int)len) <= 0)
        out[0] = '\0';
    if (!out[0])
        snprintf(out, len, "an unnamed issuer");
    tlsrelay_printable(out);
}

/* The log line for a certificate the verification refused. */
static bool tlsrelay_fail_verify(struct tlsrelay_conn *c, long res)
{
    tlsrelay *r = c->r;
    STACK_OF(X509) *chain = SSL_get_peer_cert_chain(c->ssl);
    X509 *leaf = sk_X509_num(chain) > 0 ? sk_X509_value(chain, 0) : NULL;
    char names[256], issuer[128];
    tlsrelay_cert_names(leaf, names, sizeof names);
    tlsrelay_issuer(leaf, issuer, sizeof issuer);
    switch (res) {
    case X509_V_ERR_HOSTNAME_MISMATCH:
    case X509_V_ERR_IP_ADDRESS_MISMATCH:
        return tlsrelay_fail(
            r,
            "TLS: certificate for %s does not match host %s (port %d): check irc.server, "
            "it must be a name the certificate holds",
            names, r->host, r->port);
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT:
    case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT:
    case X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
    case X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    case X509_V_ERR_CERT_UNTRUSTED:
        if (r->ca_file[0])
            return tlsrelay_fail(
                r,
                "TLS: certificate for %s from %s:%d (issued by %s) is not signed by a CA in "
                "irc.tls_ca_file %s: check irc.tls_ca_file",
                names, r->host, r->port, issuer, r->ca_file);
        return tlsrelay_fail(
            r,
            "TLS: certificate for %s from %s:%d (issued by %s) is not signed by a CA of the "
            "system store: set irc.tls_ca_file to the PEM file of the CA that signed it",
            names, r->host, r->port, issuer);
    case X509_V_ERR_CERT_HAS_EXPIRED:
    case X509_V_ERR_CERT_NOT_YET_VALID:
        return tlsrelay_fail(
            r,
            "TLS: certificate for %s from %s:%d %s: check this machine's clock, or ask the "
            "server's operators to renew it",
            names, r->host, r->port,
            res == X509_V_ERR_CERT_HAS_EXPIRED ? "has expired" : "is not valid yet");
    default:
        return tlsrelay_fail(
            r,
            "TLS: certificate for %s from %s:%d is refused: %s (check irc.tls_ca_file and "
            "irc.server)",
            names, r->host, r->port, X509_verify_cert_error_string(res));
    }
}

static bool tlsrelay_fail_handshake(struct tlsrelay_conn *c, int ssl_err, int sys_err)
{
    tlsrelay *r = c->r;
    char why[256];
    long res = SSL_get_verify_result(c->ssl);
    if (r->verify && res != X509_V_OK)
        return tlsrelay_fail_verify(c, res);
    if (ssl_err == SSL_ERROR_SYSCALL && ERR_peek_error() == 0)
        return tlsrelay_fail(
            r,
            "TLS: %s:%d closed the connection during the TLS handshake%s%s (is it a TLS port? "
            "check irc.port)",
            r->host, r->port, sys_err ? ": " : "", sys_err ? strerror(sys_err) : "");
    return tlsrelay_fail(
        r,
        "TLS: handshake with %s:%d failed: %s (is it a TLS port? IRC over TLS is usually "
        "6697: check irc.port)",
        r->host, r->port, tlsrelay_ssl_reason(why, sizeof why));
}

static bool tlsrelay_handshake(struct tlsrelay_conn *c)
{
    tlsrelay *r = c->r;
    long long deadline = tlsrelay_now_ms() + TLSRELAY_HANDSHAKE_MS;
    ERR_clear_error();
    if (!tlsrelay_ssl_new(c)) {
        char why[256];
        return tlsrelay_fail(r, "TLS: cannot set up the connection to %s: %s", r->host,
                             tlsrelay_ssl_reason(why, sizeof why));
    }
    for (;;) {
        errno = 0;
        int rc = SSL_connect(c->ssl);
        int sys_err = errno;
        if (rc == 1)
            return true;
        int e = SSL_get_error(c->ssl, rc);
        if (e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE)
            return tlsrelay_fail_handshake(c, e, sys_err);
        int w = tlsrelay_wait(r, c->remote, e == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT, deadline);
        if (w < 0)
            return false;
        if (w == 0)
            return tlsrelay_fail(
                r,
                "TLS: %s:%d did not complete the TLS handshake within %d s (is it a TLS "
                "port? check irc.port)",
                r->host, r->port, TLSRELAY_HANDSHAKE_MS / 1000);
    }
}

static void tlsrelay_log_connected(struct tlsrelay_conn *c)
{
    tlsrelay *r = c->r;
    const char *cc = r->client_cert ? ", client certificate sent" : "";
    if (r->verify)
        log_msg(LOG_INFO, "TLS: connected to %s:%d (%s, %s%s), certificate verified", r->host,
                r->port, SSL_get_version(c->ssl), SSL_get_cipher_name(c->ssl), cc);
    else
        log_msg(
            LOG_WARNING,
            "TLS: connected to %s:%d WITHOUT checking its certificate (irc.tls_verify = false): "
            "anyone on the way can read and change the traffic; set irc.tls_verify = true",
            r->host, r->port);
}

/* ---- relaying ---- */

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

static void tlsrelay_pump(struct tlsrelay_conn *c)
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

/* ---- the thread ---- */

static void tlsrelay_conn_close(struct tlsrelay_conn *c)
{
    if (c->local >= 0)
        close(c->local); /* first: libircclient sees the end now */
    SSL_free(c->ssl);
    if (c->remote >= 0)
        close(c->remote);
}

static void *tlsrelay_main(void *arg)
{
    tlsrelay *r = arg;
    struct tlsrelay_conn *c = calloc(1, sizeof *c);
    if (!c) {
        tlsrelay_fail(r, "TLS relay: out of memory");
        return NULL;
    }
    c->r = r, c->local = c->remote = -1;
    c->local = tlsrelay_accept(r);
    close(r->listen_fd);
    r->listen_fd = -1;
    if (c->local >= 0)
        c->remote = tlsrelay_connect(r);
    if (c->remote >= 0 && tlsrelay_handshake(c)) {
        tlsrelay_log_connected(c);
        if (!tlsrelay_stopping(r))
            tlsrelay_pump(c);
    }
    tlsrelay_conn_close(c);
    free(c);
    return NULL;
}

/* ---- start and stop ---- */

static int tlsrelay_listen(int *port)
{
    struct sockaddr_in a = { 0 };
    socklen_t alen = sizeof a;
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0 || listen(fd, 4) != 0
        || !tlsrelay_nonblock(fd) || getsockname(fd, (struct sockaddr *)&a, &alen) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    *port = ntohs(a.sin_port);
    return fd;
}

static bool tlsrelay_resolve(tlsrelay *r, char *err, size_t errlen)
{
    struct addrinfo hints = { 0 };
    char port[16];
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    snprintf(port, sizeof port, "%d", r->port);
    int rc = getaddrinfo(r->host, port, &hints, &r->addrs);
    if (rc == 0)
        return true;
    snprintf(err, errlen, "TLS: cannot resolve %s: %s (check irc.server)", r->host,
             rc == EAI_SYSTEM ? strerror(errno) : gai_strerror(rc));
    r->addrs = NULL;
    return false;
}

static bool tlsrelay_copy_opts(tlsrelay *r, const tlsrelay_opts *o, char *err, size_t errlen)
{
    if (tlsrelay_is_empty(o->host) || o->port < 1 || o->port > 65535
        || strlen(o->host) >= sizeof r->host
        || (o->ca_file && strlen(o->ca_file) >= sizeof r->ca_file)) {
        snprintf(err, errlen,
                 "TLS: bad relay options (host \"%s\", port %d): check irc.server and irc.port",
                 o->host ? o->host : "", o->port);
        return false;
    }
    snprintf(r->host, sizeof r->host, "%s", o->host);
    snprintf(r->ca_file, sizeof r->ca_file, "%s", o->ca_file ? o->ca_file : "");
    r->port = o->port;
    r->verify = o->verify;
    r->client_cert = !tlsrelay_is_empty(o->cert_file);
    return true;
}

/* The thread gets every signal blocked: they belong to the main loop's pselect(). */
static bool tlsrelay_spawn(tlsrelay *r)
{
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int rc = pthread_create(&r->thread, NULL, tlsrelay_main, r);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    errno = rc;
    return rc == 0;
}

static void tlsrelay_free(tlsrelay *r)
{
    if (r->listen_fd >= 0)
        close(r->listen_fd);
    for (int i = 0; i < 2; i++)
        if (r->stop_pipe[i] >= 0)
            close(r->stop_pipe[i]);
    if (r->addrs)
        freeaddrinfo(r->addrs);
    SSL_CTX_free(r->ctx);
    pthread_mutex_destroy(&r->lock);
    free(r);
}

tlsrelay *tlsrelay_start(const tlsrelay_opts *o, int *local_port, char *err, size_t errlen)
{
    char dummy[1];
    if (!err || errlen == 0)
        err = dummy, errlen = sizeof dummy;
    tlsrelay *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "TLS relay: out of memory");
        return NULL;
    }
    r->listen_fd = r->stop_pipe[0] = r->stop_pipe[1] = -1;
    pthread_mutex_init(&r->lock, NULL);
    if (!tlsrelay_copy_opts(r, o, err, errlen) || !tlsrelay_resolve(r, err, errlen)
        || !(r->ctx = tlsrelay_ctx_new(o, err, errlen))) {
        tlsrelay_free(r);
        return NULL;
    }
    if (pipe(r->stop_pipe) != 0 || (r->listen_fd = tlsrelay_listen(&r->local_port)) < 0
        || !tlsrelay_spawn(r)) {
        snprintf(err, errlen, "TLS relay: cannot listen on 127.0.0.1 or start its thread: %s",
                 strerror(errno));
        tlsrelay_free(r);
        return NULL;
    }
    *local_port = r->local_port;
    return r;
}

bool tlsrelay_failed(tlsrelay *r, char *why, size_t len)
{
    pthread_mutex_lock(&r->lock);
    bool failed = r->error[0] != '\0';
    if (failed && why && len)
        snprintf(why, len, "%s", r->error);
    pthread_mutex_unlock(&r->lock);
    return failed;
}

void tlsrelay_stop(tlsrelay *r)
{
    if (!r)
        return;
    ssize_t n;
    do
        n = write(r->stop_pipe[1], "x", 1);
    while (n < 0 && errno == EINTR);
    pthread_join(r->thread, NULL);
    tlsrelay_free(r);
}
