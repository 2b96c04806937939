/* link_tls.c — the relay's OpenSSL side: the client context (trust, client certificate), the
 * per-connection setup (SNI, the name to verify), the handshake and its failures in plain words. */
#define _POSIX_C_SOURCE 200809L
#include "link_internal.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>

#include <openssl/err.h>
#include <openssl/x509v3.h>

#include "clock.h"
#include "log.h"

const char *link_ssl_reason(char *buf, size_t len)
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

/* ---- the context: trust, client certificate ---- */

/* Encrypted keys are not supported: never prompt on a terminal for a pass phrase. */
static int link_no_passphrase(char *buf, int size, int rwflag, void *u)
{
    (void)buf, (void)size, (void)rwflag, (void)u;
    return 0;
}

static bool link_readable(const char *key, const char *path, char *err, size_t errlen)
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

static bool link_ctx_trust(SSL_CTX *ctx, const link_opts *o, char *err, size_t errlen)
{
    char why[256];
    if (link_is_empty(o->ca_file)) {
        if (SSL_CTX_set_default_verify_paths(ctx) == 1)
            return true;
        snprintf(err, errlen,
                 "TLS: cannot load the system CA store: %s (apt-get install ca-certificates)",
                 link_ssl_reason(why, sizeof why));
        return false;
    }
    if (!link_readable("irc.tls_ca_file", o->ca_file, err, errlen))
        return false;
    if (SSL_CTX_load_verify_locations(ctx, o->ca_file, NULL) == 1)
        return true;
    snprintf(err, errlen,
             "TLS: cannot load irc.tls_ca_file %s: %s (it must hold PEM certificates, "
             "-----BEGIN CERTIFICATE-----)",
             o->ca_file, link_ssl_reason(why, sizeof why));
    return false;
}

static bool link_ctx_client_cert(SSL_CTX *ctx, const link_opts *o, char *err, size_t errlen)
{
    char why[256];
    const char *key = link_is_empty(o->key_file) ? o->cert_file : o->key_file;
    const char *key_name =
        link_is_empty(o->key_file) ? "irc.tls_cert (for its key)" : "irc.tls_key";
    if (!link_readable("irc.tls_cert", o->cert_file, err, errlen)
        || !link_readable(key_name, key, err, errlen))
        return false;
    if (SSL_CTX_use_certificate_chain_file(ctx, o->cert_file) != 1) {
        snprintf(err, errlen, "TLS: cannot load irc.tls_cert %s: %s (it must be a PEM certificate)",
                 o->cert_file, link_ssl_reason(why, sizeof why));
        return false;
    }
    bool loaded = SSL_CTX_use_PrivateKey_file(ctx, key, SSL_FILETYPE_PEM) == 1;
    if (!loaded && ERR_GET_REASON(ERR_peek_last_error()) != X509_R_KEY_VALUES_MISMATCH) {
        snprintf(err, errlen,
                 "TLS: cannot load the private key from %s %s: %s (it must be a PEM key without a "
                 "pass phrase)",
                 key_name, key, link_ssl_reason(why, sizeof why));
        return false;
    }
    if (!loaded || SSL_CTX_check_private_key(ctx) != 1) {
        snprintf(err, errlen,
                 "TLS: the key in %s %s does not belong to irc.tls_cert %s: %s (use the key made "
                 "with that certificate)",
                 key_name, key, o->cert_file, link_ssl_reason(why, sizeof why));
        return false;
    }
    return true;
}

SSL_CTX *link_ctx_new(const link_opts *o, char *err, size_t errlen)
{
    char why[256];
    ERR_clear_error();
    SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
    if (!ctx) {
        snprintf(err, errlen, "TLS: cannot set up OpenSSL: %s", link_ssl_reason(why, sizeof why));
        return NULL;
    }
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    SSL_CTX_set_options(ctx, SSL_OP_IGNORE_UNEXPECTED_EOF); /* IRC servers often just close */
    SSL_CTX_set_mode(ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    SSL_CTX_set_default_passwd_cb(ctx, link_no_passphrase);
    SSL_CTX_set_verify(ctx, o->verify ? SSL_VERIFY_PEER : SSL_VERIFY_NONE, NULL);
    bool ok = link_ctx_trust(ctx, o, err, errlen)
              && (link_is_empty(o->cert_file) || link_ctx_client_cert(ctx, o, err, errlen));
    if (!ok) {
        SSL_CTX_free(ctx);
        return NULL;
    }
    return ctx;
}

bool link_check(const link_opts *o, char *err, size_t errlen)
{
    SSL_CTX *ctx = link_ctx_new(o, err, errlen);
    SSL_CTX_free(ctx);
    return ctx != NULL;
}

/* ---- one connection: SNI, verification, handshake ---- */

static bool link_is_ip(const char *host)
{
    unsigned char buf[sizeof(struct in6_addr)];
    return inet_pton(AF_INET, host, buf) == 1 || inet_pton(AF_INET6, host, buf) == 1;
}

/* SNI and the name the certificate must hold. */
static bool link_ssl_new(struct link_conn *c)
{
    link_relay *r = c->r;
    c->ssl = SSL_new(r->ctx);
    if (!c->ssl || SSL_set_fd(c->ssl, c->remote) != 1)
        return false;
    bool ip = link_is_ip(r->host);
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
static void link_printable(char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
            *s = '?';
}

static void link_append(char *out, size_t len, const char *name)
{
    size_t used = strlen(out);
    if (used < len)
        snprintf(out + used, len - used, "%s%s", used ? ", " : "", name);
}

/* The names a certificate is for: its DNS names and IP addresses, else its common name. */
static void link_cert_names(X509 *x, char *out, size_t len)
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
            link_append(out, len, name);
    }
    GENERAL_NAMES_free(gens);
    if (!out[0] && x)
        X509_NAME_get_text_by_NID(X509_get_subject_name(x), NID_commonName, out, (int)len);
    if (!out[0])
        snprintf(out, len, "an unnamed host");
    link_printable(out);
}

static void link_issuer(X509 *x, char *out, size_t len)
{
    if (!x
        || X509_NAME_get_text_by_NID(X509_get_issuer_name(x), NID_commonName, out, (int)len) <= 0)
        out[0] = '\0';
    if (!out[0])
        snprintf(out, len, "an unnamed issuer");
    link_printable(out);
}

/* The log line for a certificate the verification refused. */
static bool link_fail_verify(struct link_conn *c, long res)
{
    link_relay *r = c->r;
    STACK_OF(X509) *chain = SSL_get_peer_cert_chain(c->ssl);
    X509 *leaf = sk_X509_num(chain) > 0 ? sk_X509_value(chain, 0) : NULL;
    char names[256], issuer[128];
    link_cert_names(leaf, names, sizeof names);
    link_issuer(leaf, issuer, sizeof issuer);
    switch (res) {
    case X509_V_ERR_HOSTNAME_MISMATCH:
    case X509_V_ERR_IP_ADDRESS_MISMATCH:
        return link_fail(
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
            return link_fail(
                r,
                "TLS: certificate for %s from %s:%d (issued by %s) is not signed by a CA in "
                "irc.tls_ca_file %s: check irc.tls_ca_file",
                names, r->host, r->port, issuer, r->ca_file);
        return link_fail(
            r,
            "TLS: certificate for %s from %s:%d (issued by %s) is not signed by a CA of the "
            "system store: set irc.tls_ca_file to the PEM file of the CA that signed it",
            names, r->host, r->port, issuer);
    case X509_V_ERR_CERT_HAS_EXPIRED:
    case X509_V_ERR_CERT_NOT_YET_VALID:
        return link_fail(
            r,
            "TLS: certificate for %s from %s:%d %s: check this machine's clock, or ask the "
            "server's operators to renew it",
            names, r->host, r->port,
            res == X509_V_ERR_CERT_HAS_EXPIRED ? "has expired" : "is not valid yet");
    default:
        return link_fail(
            r,
            "TLS: certificate for %s from %s:%d is refused: %s (check irc.tls_ca_file and "
            "irc.server)",
            names, r->host, r->port, X509_verify_cert_error_string(res));
    }
}

/* What to do when the server does not answer TLS (its port as the argument): most often the port
 * is plain. */
#define NOT_TLS                                                                                    \
    "(is it a TLS port? if port %d is plain, set irc.tls = false; else check irc.port: IRC over "  \
    "TLS is usually on 6697)"

static bool link_fail_handshake(struct link_conn *c, int ssl_err, int sys_err)
{
    link_relay *r = c->r;
    char why[256];
    long res = SSL_get_verify_result(c->ssl);
    if (r->verify && res != X509_V_OK)
        return link_fail_verify(c, res);
    /* an end without close_notify is a clean end here (SSL_OP_IGNORE_UNEXPECTED_EOF) */
    if ((ssl_err == SSL_ERROR_SYSCALL && ERR_peek_error() == 0) || ssl_err == SSL_ERROR_ZERO_RETURN)
        return link_fail(
            r, "TLS: %s:%d closed the connection during the TLS handshake%s%s " NOT_TLS, r->host,
            r->port, sys_err ? ": " : "", sys_err ? strerror(sys_err) : "", r->port);
    return link_fail(r, "TLS: handshake with %s:%d failed: %s " NOT_TLS, r->host, r->port,
                     link_ssl_reason(why, sizeof why), r->port);
}

bool link_handshake(struct link_conn *c)
{
    link_relay *r = c->r;
    double deadline = clock_monotonic() + LINK_HANDSHAKE_MS / 1000.0;
    ERR_clear_error();
    if (!link_ssl_new(c)) {
        char why[256];
        return link_fail(r, "TLS: cannot set up the connection to %s: %s", r->host,
                         link_ssl_reason(why, sizeof why));
    }
    for (;;) {
        errno = 0;
        int rc = SSL_connect(c->ssl);
        int sys_err = errno;
        if (rc == 1)
            return true;
        int e = SSL_get_error(c->ssl, rc);
        if (e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE)
            return link_fail_handshake(c, e, sys_err);
        int w = link_wait(r, c->remote, e == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT, deadline);
        if (w < 0)
            return false;
        if (w == 0)
            return link_fail(r,
                             "TLS: %s:%d did not complete the TLS handshake within %d s " NOT_TLS,
                             r->host, r->port, LINK_HANDSHAKE_MS / 1000, r->port);
    }
}

void link_log_connected(struct link_conn *c)
{
    link_relay *r = c->r;
    if (r->plain) {
        log_msg(LOG_INFO, "link: connected to %s:%d (plain TCP, no TLS)", r->host, r->port);
        return;
    }
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
