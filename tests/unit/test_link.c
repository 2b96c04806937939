/* test_link: the TLS relay against a TLS echo server on 127.0.0.1, with a throwaway PKI made
 * here (OpenSSL API): verified round trips, refused certificates and their log lines, CertFP, ends;
 * a server name that cannot be resolved. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include "clock.h"
#include "link.h"
#include "link_drive.h"
#include "local_listen.h"

/* ---- the throwaway PKI, made once for the group ---- */

struct pki_cert {
    X509 *cert;
    EVP_PKEY *key;
};

struct pki {
    char dir[64];
    long serial;
    struct pki_cert ca, other_ca;
    struct pki_cert good;    /* localhost and 127.0.0.1, by ca */
    struct pki_cert wrong;   /* irc.example.net, by ca */
    struct pki_cert unknown; /* localhost and 127.0.0.1, by other_ca */
    struct pki_cert expired; /* localhost and 127.0.0.1, by ca, expired yesterday */
    struct pki_cert client;  /* durakbot-client, by other_ca: for CertFP */
    char ca_pem[128], garbage_pem[128], client_pem[128], client_key[128], client_both[128],
        other_key[128];
};

static void pki_ext(X509 *x, X509 *issuer, int nid, const char *value)
{
    X509V3_CTX v3;
    X509V3_set_ctx(&v3, issuer, x, NULL, NULL, 0);
    X509_EXTENSION *ext = X509V3_EXT_conf_nid(NULL, &v3, nid, value);
    assert_non_null(ext);
    assert_int_equal(X509_add_ext(x, ext, -1), 1);
    X509_EXTENSION_free(ext);
}

/* A certificate for cn (and san, "DNS:a,IP:b"; NULL for a CA), valid from days_from to days_to
 * from now, signed by issuer (NULL: by itself, a CA). */
static struct pki_cert pki_make(struct pki *p, const char *cn, const char *san,
                                const struct pki_cert *issuer, long days_from, long days_to)
{
    struct pki_cert c = { X509_new(), EVP_EC_gen("P-256") };
    assert_non_null(c.cert);
    assert_non_null(c.key);
    X509_set_version(c.cert, 2);
    ASN1_INTEGER_set(X509_get_serialNumber(c.cert), ++p->serial);
    X509_gmtime_adj(X509_getm_notBefore(c.cert), days_from * 86400);
    X509_gmtime_adj(X509_getm_notAfter(c.cert), days_to * 86400);
    X509_set_pubkey(c.cert, c.key);
    X509_NAME *name = X509_get_subject_name(c.cert);
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, (const unsigned char *)cn, -1, -1, 0);
    X509 *signer = issuer ? issuer->cert : c.cert;
    X509_set_issuer_name(c.cert, X509_get_subject_name(signer));
    if (!issuer) {
        pki_ext(c.cert, signer, NID_basic_constraints, "critical,CA:TRUE");
        pki_ext(c.cert, signer, NID_key_usage, "critical,keyCertSign,cRLSign");
    } else {
        pki_ext(c.cert, signer, NID_basic_constraints, "CA:FALSE");
        if (san)
            pki_ext(c.cert, signer, NID_subject_alt_name, san);
    }
    assert_true(X509_sign(c.cert, issuer ? issuer->key : c.key, EVP_sha256()) > 0);
    return c;
}

static void pki_write(const char *path, X509 *cert, EVP_PKEY *key)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    if (cert)
        assert_int_equal(PEM_write_X509(f, cert), 1);
    if (key)
        assert_int_equal(PEM_write_PrivateKey(f, key, NULL, NULL, 0, NULL, NULL), 1);
    assert_int_equal(fclose(f), 0);
}

static void pki_free(struct pki_cert *c)
{
    X509_free(c->cert);
    EVP_PKEY_free(c->key);
}

static void pki_files(struct pki *p)
{
    snprintf(p->ca_pem, sizeof p->ca_pem, "%s/ca.pem", p->dir);
    snprintf(p->garbage_pem, sizeof p->garbage_pem, "%s/garbage.pem", p->dir);
    snprintf(p->client_pem, sizeof p->client_pem, "%s/client.pem", p->dir);
    snprintf(p->client_key, sizeof p->client_key, "%s/client.key", p->dir);
    snprintf(p->client_both, sizeof p->client_both, "%s/client-both.pem", p->dir);
    snprintf(p->other_key, sizeof p->other_key, "%s/other.key", p->dir);
    pki_write(p->ca_pem, p->ca.cert, NULL);
    pki_write(p->client_pem, p->client.cert, NULL);
    pki_write(p->client_key, NULL, p->client.key);
    pki_write(p->client_both, p->client.cert, p->client.key);
    pki_write(p->other_key, NULL, p->good.key);
    FILE *f = fopen(p->garbage_pem, "w");
    assert_non_null(f);
    fputs("this is not a certificate\n", f);
    fclose(f);
}

static int pki_setup(void **state)
{
    struct pki *p = calloc(1, sizeof *p);
    assert_non_null(p);
    strcpy(p->dir, "/tmp/durak-tls-XXXXXX");
    assert_non_null(mkdtemp(p->dir));
    const char *local = "DNS:localhost,IP:127.0.0.1";
    p->ca = pki_make(p, "Durak Test CA", NULL, NULL, -1, 30);
    p->other_ca = pki_make(p, "Some Other CA", NULL, NULL, -1, 30);
    p->good = pki_make(p, "localhost", local, &p->ca, -1, 30);
    p->wrong = pki_make(p, "irc.example.net", "DNS:irc.example.net", &p->ca, -1, 30);
    p->unknown = pki_make(p, "localhost", local, &p->other_ca, -1, 30);
    p->expired = pki_make(p, "localhost", local, &p->ca, -10, -1);
    p->client = pki_make(p, "durakbot-client", "DNS:durakbot-client", &p->other_ca, -1, 30);
    pki_files(p);
    *state = p;
    return 0;
}

static int pki_teardown(void **state)
{
    struct pki *p = *state;
    const char *files[] = { p->ca_pem,     p->garbage_pem, p->client_pem,
                            p->client_key, p->client_both, p->other_key };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        unlink(files[i]);
    rmdir(p->dir);
    struct pki_cert *certs[] = { &p->ca,      &p->other_ca, &p->good,  &p->wrong,
                                 &p->unknown, &p->expired,  &p->client };
    for (size_t i = 0; i < sizeof certs / sizeof certs[0]; i++)
        pki_free(certs[i]);
    free(p);
    return 0;
}

/* ---- sockets ---- */

/* A connected socket to addr:port, or -1 with errno. */
/* Reads up to len bytes within 10 s: the count, 0 at EOF, -1 on timeout or error. */
static ssize_t read_some(int fd, char *buf, size_t len)
{
    struct pollfd p = { fd, POLLIN, 0 };
    if (poll(&p, 1, 10000) != 1)
        return -1;
    return recv(fd, buf, len, 0);
}

static void read_exactly(int fd, char *buf, size_t len)
{
    for (size_t got = 0; got < len;) {
        ssize_t n = read_some(fd, buf + got, len - got);
        if (n <= 0)
            fail_msg("expected %zu more bytes, got %s", len - got,
                     n == 0 ? "EOF" : "nothing within 10 s");
        got += (size_t)n;
    }
}

static void assert_eof(int fd)
{
    char buf[64];
    assert_int_equal(read_some(fd, buf, sizeof buf), 0);
}

static void roundtrip(int fd, const char *text, size_t len)
{
    char *back = malloc(len + 1);
    assert_non_null(back);
    assert_int_equal(send(fd, text, len, 0), (ssize_t)len);
    read_exactly(fd, back, len);
    assert_memory_equal(back, text, len);
    free(back);
}

/* ---- the echo server: one connection, TLS (or plain text when ctx is NULL) ---- */

struct echo {
    SSL_CTX *ctx;
    int listen_fd, port;
    pthread_t thread;
    bool handshake_ok;
    char sni[256];       /* the SNI the client sent, "" for none */
    char client_cn[128]; /* the CN of the client's certificate, "" for none */
};

static int echo_accept_any(int ok, X509_STORE_CTX *x)
{
    (void)ok, (void)x;
    return 1; /* like an IRC server doing CertFP: any client certificate, the fingerprint is what counts */
}

static void echo_peer(struct echo *e, SSL *ssl)
{
    const char *sni = SSL_get_servername(ssl, TLSEXT_NAMETYPE_host_name);
    snprintf(e->sni, sizeof e->sni, "%s", sni ? sni : "");
    X509 *peer = SSL_get1_peer_certificate(ssl);
    if (peer)
        X509_NAME_get_text_by_NID(X509_get_subject_name(peer), NID_commonName, e->client_cn,
                                  sizeof e->client_cn);
    X509_free(peer);
}

/* Echoes until EOF; a chunk holding "BYE" is echoed, then the server closes; on one holding "RST"
 * it resets the connection (no close_notify, an RST), echoing nothing. */
static void echo_tls(struct echo *e, int fd)
{
    SSL *ssl = SSL_new(e->ctx);
    SSL_set_fd(ssl, fd);
    if (SSL_accept(ssl) == 1) {
        e->handshake_ok = true;
        echo_peer(e, ssl);
        char buf[8192];
        int n;
        while ((n = SSL_read(ssl, buf, sizeof buf - 1)) > 0) {
            buf[n] = '\0';
            if (strstr(buf, "RST")) {
                struct linger reset = { 1, 0 };
                setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
                break;
            }
            if (SSL_write(ssl, buf, n) != n)
                break;
            if (strstr(buf, "BYE")) {
                SSL_shutdown(ssl);
                break;
            }
        }
    }
    SSL_free(ssl);
    ERR_clear_error();
}

static void *echo_main(void *arg)
{
    struct echo *e = arg;
    struct pollfd p = { e->listen_fd, POLLIN, 0 };
    if (poll(&p, 1, 20000) != 1)
        return NULL;
    int fd = accept(e->listen_fd, NULL, NULL);
    if (fd < 0)
        return NULL;
    struct timeval tv = { 20, 0 };
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one); /* no 40 ms Nagle stalls */
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    if (e->ctx)
        echo_tls(e, fd);
    else if (write(fd, "NOTICE * :*** this is not TLS\r\n", 31) < 0)
        perror("echo");
    close(fd);
    OPENSSL_thread_stop();
    return NULL;
}

/* Starts an echo server with cert (NULL: plain text); want_client asks for a client certificate. */
static void echo_start(struct echo *e, const struct pki_cert *cert, bool want_client)
{
    memset(e, 0, sizeof *e);
    if (cert) {
        e->ctx = SSL_CTX_new(TLS_server_method());
        assert_non_null(e->ctx);
        assert_int_equal(SSL_CTX_use_certificate(e->ctx, cert->cert), 1);
        assert_int_equal(SSL_CTX_use_PrivateKey(e->ctx, cert->key), 1);
        if (want_client)
            SSL_CTX_set_verify(e->ctx, SSL_VERIFY_PEER, echo_accept_any);
    }
    e->listen_fd = listen_local(&e->port);
    assert_int_equal(pthread_create(&e->thread, NULL, echo_main, e), 0);
}

static void echo_join(struct echo *e)
{
    pthread_join(e->thread, NULL);
    close(e->listen_fd);
    SSL_CTX_free(e->ctx);
}

/* ---- per test: the PKI, and stderr captured into a file (the relay logs there) ---- */

struct fixture {
    struct pki *pki;
    char log_path[128];
    int saved_stderr;
    char log[8192];
};

static int fixture_setup(void **state)
{
    struct fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->pki = *state;
    snprintf(f->log_path, sizeof f->log_path, "%s/log", f->pki->dir);
    fflush(stderr);
    f->saved_stderr = dup(2);
    int fd = open(f->log_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(fd >= 0 && f->saved_stderr >= 0);
    dup2(fd, 2);
    close(fd);
    *state = f;
    return 0;
}

/* Restores stderr and reads what was logged into f->log. */
static const char *fixture_log(struct fixture *f)
{
    if (f->saved_stderr < 0)
        return f->log;
    fflush(stderr);
    dup2(f->saved_stderr, 2);
    close(f->saved_stderr);
    f->saved_stderr = -1;
    FILE *fp = fopen(f->log_path, "r");
    assert_non_null(fp);
    size_t n = fread(f->log, 1, sizeof f->log - 1, fp);
    f->log[n] = '\0';
    fclose(fp);
    return f->log;
}

static int fixture_teardown(void **state)
{
    struct fixture *f = *state;
    fixture_log(f);
    if (f->log[0])
        print_message("relay log:\n%s", f->log);
    unlink(f->log_path);
    free(f);
    return 0;
}

static link_opts opts(const char *host, int port, const char *ca_file)
{
    link_opts o = { .host = host, .port = port, .verify = true, .ca_file = ca_file };
    return o;
}

/* The relay, and libircclient's end of its socket pair in *fd (blocking, as the tests read it). */
static link_relay *start(const link_opts *o, int *fd)
{
    char err[512] = "";
    link_relay *r = drive_start(o, fd, err, sizeof err);
    if (!r)
        fail_msg("link_start: %s", err);
    assert_true(*fd >= 0);
    assert_int_equal(fcntl(*fd, F_SETFL, fcntl(*fd, F_GETFL) & ~O_NONBLOCK), 0);
    return r;
}

/* The relay refuses: the client sees EOF, link_failed tells why; the relay does not log it (the
 * caller logs it once, with its retry). */
static void assert_refused(struct fixture *f, const link_opts *o, const struct pki_cert *cert,
                           const char *want)
{
    struct echo e;
    echo_start(&e, cert, false);
    link_opts o2 = *o;
    o2.port = e.port;
    int fd;
    link_relay *r = start(&o2, &fd);
    assert_eof(fd);
    char why[512], line[600];
    assert_true(link_failed(r, why, sizeof why));
    drive_stop(r);
    echo_join(&e);
    close(fd);
    char expect[512];
    snprintf(expect, sizeof expect, want, e.port); /* want may hold %d for the port */
    assert_string_equal(why, expect);
    snprintf(line, sizeof line, "%s\n", expect);
    assert_null(strstr(fixture_log(f), line));
}

/* ---- verified connections ---- */

static void run_roundtrip(struct fixture *f, const char *host, const char *want_sni)
{
    struct echo e;
    echo_start(&e, &f->pki->good, false);
    link_opts o = opts(host, e.port, f->pki->ca_pem);
    int fd;
    link_relay *r = start(&o, &fd);
    const char *reg = "NICK durakbot\r\nUSER durak 0 * :Durak card game\r\n";
    roundtrip(fd, reg, strlen(reg));
    char *big = malloc(8192);
    assert_non_null(big);
    for (int i = 0; i < 32; i++) { /* 256 KiB through both buffers */
        memset(big, 'a' + i % 26, 8192);
        roundtrip(fd, big, 8192);
    }
    free(big);
    close(fd);
    echo_join(&e); /* ends when the relay passes the close on */
    assert_false(link_failed(r, NULL, 0));
    drive_stop(r);
    assert_true(e.handshake_ok);
    assert_string_equal(e.sni, want_sni);
    assert_string_equal(e.client_cn, "");
    char line[256];
    snprintf(line, sizeof line, "<6>TLS: connected to %s:%d (TLSv1.3, ", host, e.port);
    assert_non_null(strstr(fixture_log(f), line));
    assert_non_null(strstr(f->log, "), certificate verified\n"));
}

static void test_verified_ip(void **state)
{
    run_roundtrip(*state, "127.0.0.1", ""); /* no SNI for an IP address (RFC 6066) */
}

static void test_verified_name(void **state)
{
    run_roundtrip(*state, "localhost",
                  "localhost"); /* may try ::1 first: refused, then 127.0.0.1 */
}

static void test_server_closes(void **state)
{
    struct fixture *f = *state;
    struct echo e;
    echo_start(&e, &f->pki->good, false);
    link_opts o = opts("127.0.0.1", e.port, f->pki->ca_pem);
    int fd;
    link_relay *r = start(&o, &fd);
    roundtrip(fd, "QUIT :BYE\r\n", 11); /* the server echoes it, then closes */
    assert_eof(fd);
    assert_false(link_failed(r, NULL, 0));
    drive_stop(r);
    echo_join(&e);
    close(fd);
    char line[128];
    snprintf(line, sizeof line, "<6>TLS: 127.0.0.1:%d closed the connection\n", e.port);
    assert_non_null(strstr(fixture_log(f), line));
}

/* The TLS connection breaks in the middle of a line (a reset): libircclient's end closes and
 * link_failed says which connection broke and why, for the caller to log with its retry. */
static void test_server_resets(void **state)
{
    struct fixture *f = *state;
    struct echo e;
    echo_start(&e, &f->pki->good, false);
    link_opts o = opts("127.0.0.1", e.port, f->pki->ca_pem);
    int fd;
    link_relay *r = start(&o, &fd);
    roundtrip(fd, "NICK durakbot\r\n", 15);
    assert_int_equal(write(fd, "PRIVMSG #x :RST and half a li", 29), 29);
    assert_eof(fd);
    echo_join(&e);
    char why[512], want[256];
    assert_true(link_failed(r, why, sizeof why));
    drive_stop(r);
    close(fd);
    snprintf(want, sizeof want, "TLS: the connection to 127.0.0.1:%d broke: %s", e.port,
             strerror(ECONNRESET));
    assert_string_equal(why, want);
}

static void test_client_certificate(void **state)
{
    struct fixture *f = *state;
    for (int both = 0; both < 2; both++) { /* key in its own file, then in the certificate's */
        struct echo e;
        echo_start(&e, &f->pki->good, true);
        link_opts o = opts("localhost", e.port, f->pki->ca_pem);
        o.cert_file = both ? f->pki->client_both : f->pki->client_pem;
        o.key_file = both ? "" : f->pki->client_key;
        int fd;
        link_relay *r = start(&o, &fd);
        roundtrip(fd, "PING :x\r\n", 9);
        close(fd);
        echo_join(&e);
        drive_stop(r);
        assert_string_equal(e.client_cn, "durakbot-client");
    }
    assert_non_null(strstr(fixture_log(f), ", client certificate sent), certificate verified"));
}

/* ---- refused certificates ---- */

static void test_wrong_host_ip(void **state)
{
    struct fixture *f = *state;
    link_opts o = opts("127.0.0.1", 0, f->pki->ca_pem);
    assert_refused(f, &o, &f->pki->wrong,
                   "TLS: certificate for irc.example.net does not match host 127.0.0.1 (port %d): "
                   "check irc.server, "
                   "it must be a name the certificate holds");
}

static void test_wrong_host_name(void **state)
{
    struct fixture *f = *state;
    link_opts o = opts("localhost", 0, f->pki->ca_pem);
    assert_refused(f, &o, &f->pki->wrong,
                   "TLS: certificate for irc.example.net does not match host localhost (port %d): "
                   "check irc.server, "
                   "it must be a name the certificate holds");
}

static void test_unknown_ca_system_store(void **state)
{
    struct fixture *f = *state;
    link_opts o = opts("127.0.0.1", 0, NULL);
    assert_refused(f, &o, &f->pki->unknown,
                   "TLS: certificate for localhost, 127.0.0.1 from 127.0.0.1:%d (issued by Some "
                   "Other CA) is not "
                   "signed by a CA of the system store: set irc.tls_ca_file to the PEM file of the "
                   "CA that signed it");
}

static void test_unknown_ca_file(void **state)
{
    struct fixture *f = *state;
    char want[512];
    link_opts o = opts("127.0.0.1", 0, f->pki->ca_pem);
    snprintf(want, sizeof want,
             "TLS: certificate for localhost, 127.0.0.1 from 127.0.0.1:%%d (issued by Some Other "
             "CA) is not signed "
             "by a CA in irc.tls_ca_file %s: check irc.tls_ca_file",
             f->pki->ca_pem);
    assert_refused(f, &o, &f->pki->unknown, want);
}

static void test_expired(void **state)
{
    struct fixture *f = *state;
    link_opts o = opts("127.0.0.1", 0, f->pki->ca_pem);
    assert_refused(f, &o, &f->pki->expired,
                   "TLS: certificate for localhost, 127.0.0.1 from 127.0.0.1:%d has expired: check "
                   "this machine's "
                   "clock, or ask the server's operators to renew it");
}

/* verify = false: a certificate for another host, from an unknown CA, is taken, with a warning. */
static void test_no_verify(void **state)
{
    struct fixture *f = *state;
    struct echo e;
    echo_start(&e, &f->pki->wrong, false);
    link_opts o = opts("127.0.0.1", e.port, NULL);
    o.verify = false;
    int fd;
    link_relay *r = start(&o, &fd);
    roundtrip(fd, "PING :x\r\n", 9);
    close(fd);
    echo_join(&e);
    assert_false(link_failed(r, NULL, 0));
    drive_stop(r);
    char line[300];
    snprintf(line, sizeof line,
             "<4>TLS: connected to 127.0.0.1:%d WITHOUT checking its certificate (irc.tls_verify = "
             "false): anyone on "
             "the way can read and change the traffic; set irc.tls_verify = true\n",
             e.port);
    assert_non_null(strstr(fixture_log(f), line));
}

/* ---- the network ---- */

static void test_connection_refused(void **state)
{
    struct fixture *f = *state;
    int closed_port;
    close(listen_local(&closed_port)); /* a port nobody listens on */
    link_opts o = opts("127.0.0.1", closed_port, f->pki->ca_pem);
    int fd;
    link_relay *r = start(&o, &fd);
    assert_eof(fd);
    char why[256], want[256];
    assert_true(link_failed(r, why, sizeof why));
    drive_stop(r);
    close(fd);
    snprintf(
        want, sizeof want,
        "TLS: cannot connect to 127.0.0.1:%d: Connection refused (check irc.server and irc.port)",
        closed_port);
    assert_string_equal(why, want);
}

static void test_not_tls(void **state)
{
    struct fixture *f = *state;
    struct echo e;
    echo_start(&e, NULL, false);
    link_opts o = opts("127.0.0.1", e.port, f->pki->ca_pem);
    int fd;
    link_relay *r = start(&o, &fd);
    assert_eof(fd);
    char why[512], prefix[128];
    assert_true(link_failed(r, why, sizeof why));
    drive_stop(r);
    echo_join(&e);
    close(fd);
    snprintf(prefix, sizeof prefix, "TLS: handshake with 127.0.0.1:%d failed: ", e.port);
    assert_memory_equal(why, prefix, strlen(prefix));
    snprintf(prefix, sizeof prefix,
             " (is it a TLS port? if port %d is plain, set irc.tls = false; else check irc.port: "
             "IRC over TLS is usually on 6697)",
             e.port);
    assert_non_null(strstr(why, prefix));
}

/* A plain server that waits for a line (ngircd: a ClientHello has no line end) and then closes:
 * the handshake met a clean end, said as such, with what to do. */
static void test_not_tls_closes(void **state)
{
    struct fixture *f = *state;
    int port;
    int plain = listen_local(&port);
    link_opts o = opts("127.0.0.1", port, f->pki->ca_pem);
    int fd;
    link_relay *r = start(&o, &fd);
    int srv = accept(plain, NULL, NULL);
    char hello[4096], why[512], want[512]; /* a ClientHello is one write of some 300 bytes */
    assert_true(read_some(srv, hello, sizeof hello) > 0); /* read: the close is no reset */
    close(srv);
    assert_eof(fd);
    assert_true(link_failed(r, why, sizeof why));
    drive_stop(r);
    close(fd);
    close(plain);
    snprintf(want, sizeof want,
             "TLS: 127.0.0.1:%d closed the connection during the TLS handshake (is it a TLS port? "
             "if port %d is plain, set irc.tls = false; else check irc.port: IRC over TLS is "
             "usually on 6697)",
             port, port);
    assert_string_equal(why, want);
}

/* ---- stopping ---- */

static void test_stop_before_connect(void **state)
{
    struct fixture *f = *state;
    int fd, full_port;
    int full = listen_local(&full_port), filler = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)full_port) };
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    /* a backlog of 0 holds one connection never accepted: the relay's SYN is then dropped, and
     * its connect stays pending */
    assert_int_equal(listen(full, 0), 0);
    assert_int_equal(connect(filler, (struct sockaddr *)&a, sizeof a), 0);
    link_opts o = opts("127.0.0.1", full_port, f->pki->ca_pem);
    link_relay *r = start(&o, &fd);
    double t0 = clock_monotonic();
    drive_stop(r);
    assert_true(clock_monotonic() - t0 < 1.0);
    drive_stop(NULL);
    assert_eof(fd); /* libircclient's end sees the relay gone */
    close(fd);
    close(filler);
    close(full);
}

static void test_stop_while_relaying(void **state)
{
    struct fixture *f = *state;
    struct echo e;
    echo_start(&e, &f->pki->good, false);
    link_opts o = opts("127.0.0.1", e.port, f->pki->ca_pem);
    int fd;
    link_relay *r = start(&o, &fd);
    roundtrip(fd, "PING :x\r\n", 9);
    double t0 = clock_monotonic();
    drive_stop(r);
    assert_true(clock_monotonic() - t0 < 1.0);
    assert_eof(fd);
    close(fd);
    echo_join(&e); /* the server saw the end too */
}

/* A server that accepts TCP and never answers the handshake: stop still returns at once. */
static void test_stop_during_handshake(void **state)
{
    struct fixture *f = *state;
    int silent_port;
    int silent = listen_local(&silent_port);
    link_opts o = opts("127.0.0.1", silent_port, f->pki->ca_pem);
    int fd;
    link_relay *r = start(&o, &fd);
    struct pollfd p = { silent, POLLIN, 0 };
    assert_int_equal(poll(&p, 1, 5000), 1); /* the relay connected */
    double t0 = clock_monotonic();
    drive_stop(r);
    assert_true(clock_monotonic() - t0 < 1.0);
    assert_eof(fd);
    close(fd);
    close(silent);
}

/* ---- files and options ---- */

static void assert_check_fails(const link_opts *o, const char *want)
{
    char err[512] = "";
    int fd = -1;
    assert_false(link_check(o, err, sizeof err));
    assert_string_equal(err, want);
    err[0] = '\0';
    assert_null(drive_start(o, &fd, err, sizeof err));
    assert_string_equal(err, want);
    assert_int_equal(fd, -1);
}

static void test_files(void **state)
{
    struct fixture *f = *state;
    struct pki *p = f->pki;
    char err[512], want[512], missing[128];
    link_opts o = opts("127.0.0.1", 6697, p->ca_pem);
    assert_true(link_check(&o, err, sizeof err));
    o.ca_file = NULL;
    assert_true(link_check(&o, err, sizeof err)); /* the system store */
    o.cert_file = p->client_pem, o.key_file = p->client_key;
    assert_true(link_check(&o, err, sizeof err));

    snprintf(missing, sizeof missing, "%s/missing.pem", p->dir);
    o = opts("127.0.0.1", 6697, missing);
    snprintf(want, sizeof want,
             "TLS: cannot read irc.tls_ca_file %s: No such file or directory (fix the path or the "
             "file's permissions)",
             missing);
    assert_check_fails(&o, want);
    o.ca_file = p->garbage_pem;
    assert_false(link_check(&o, err, sizeof err));
    snprintf(want, sizeof want, "TLS: cannot load irc.tls_ca_file %s: ", p->garbage_pem);
    assert_memory_equal(err, want, strlen(want));

    o = opts("127.0.0.1", 6697, NULL);
    o.cert_file = missing;
    snprintf(want, sizeof want,
             "TLS: cannot read irc.tls_cert %s: No such file or directory (fix the path or the "
             "file's permissions)",
             missing);
    assert_check_fails(&o, want);
    o.cert_file = p->client_pem; /* no key inside, none given */
    assert_false(link_check(&o, err, sizeof err));
    snprintf(
        want, sizeof want,
        "TLS: cannot load the private key from irc.tls_cert (for its key) %s: ", p->client_pem);
    assert_memory_equal(err, want, strlen(want));
    o.key_file = p->other_key;
    assert_false(link_check(&o, err, sizeof err));
    snprintf(want, sizeof want,
             "TLS: the key in irc.tls_key %s does not belong to irc.tls_cert %s: ", p->other_key,
             p->client_pem);
    assert_memory_equal(err, want, strlen(want));
}

static void test_bad_options(void **state)
{
    (void)state;
    link_opts o = opts("", 6697, NULL);
    assert_check_fails(
        &(link_opts){
            .host = "127.0.0.1", .port = 6697, .verify = true, .ca_file = "/nonexistent/ca.pem" },
        "TLS: cannot read irc.tls_ca_file /nonexistent/ca.pem: No such file or directory (fix the "
        "path "
        "or the file's permissions)");
    char err[256];
    int fd = -1;
    assert_null(drive_start(&o, &fd, err, sizeof err));
    assert_string_equal(
        err, "TLS: bad relay options (host \"\", port 6697): check irc.server and irc.port");
    o = opts("127.0.0.1", 0, NULL);
    assert_null(drive_start(&o, &fd, NULL, 0));
}

/* irc.server that cannot be resolved: link_start fails at once, naming the host and irc.server,
 * over TLS and plain TCP alike. The name's first label is 64 bytes, more than a DNS label holds,
 * so the resolver refuses it before asking any server (checked with strace: no socket to port
 * 53); a name like nonexistent.invalid would go to the configured DNS server, and this test must
 * not depend on the network. */
static void test_unresolvable_host(void **state)
{
    (void)state;
    char host[80], err[512], want[160];
    memset(host, 'x', 64);
    strcpy(host + 64, ".invalid");
    link_opts o = opts(host, 6697, NULL);
    for (int plain = 0; plain < 2; plain++) {
        o.plain = plain;
        int fd = -1;
        err[0] = '\0';
        assert_null(drive_start(&o, &fd, err, sizeof err));
        assert_int_equal(fd, -1);
        snprintf(want, sizeof want, "%s: cannot resolve %s: ", plain ? "link" : "TLS", host);
        assert_memory_equal(err, want, strlen(want));
        const char *tail = " (check irc.server)";
        assert_true(strlen(err) > strlen(want) + strlen(tail));
        assert_string_equal(err + strlen(err) - strlen(tail), tail);
    }
}

#define FIXTURE_TEST(fn) cmocka_unit_test_setup_teardown(fn, fixture_setup, fixture_teardown)

int main(void)
{
    static const struct CMUnitTest tests[] = {
        FIXTURE_TEST(test_verified_ip),
        FIXTURE_TEST(test_verified_name),
        FIXTURE_TEST(test_server_closes),
        FIXTURE_TEST(test_server_resets),
        FIXTURE_TEST(test_client_certificate),
        FIXTURE_TEST(test_wrong_host_ip),
        FIXTURE_TEST(test_wrong_host_name),
        FIXTURE_TEST(test_unknown_ca_system_store),
        FIXTURE_TEST(test_unknown_ca_file),
        FIXTURE_TEST(test_expired),
        FIXTURE_TEST(test_no_verify),
        FIXTURE_TEST(test_connection_refused),
        FIXTURE_TEST(test_not_tls),
        FIXTURE_TEST(test_not_tls_closes),
        FIXTURE_TEST(test_stop_before_connect),
        FIXTURE_TEST(test_stop_while_relaying),
        FIXTURE_TEST(test_stop_during_handshake),
        FIXTURE_TEST(test_files),
        FIXTURE_TEST(test_bad_options),
        FIXTURE_TEST(test_unresolvable_host),
    };
    return cmocka_run_group_tests_name("link", tests, pki_setup, pki_teardown);
}
