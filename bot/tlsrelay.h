/* tlsrelay: TLS for libircclient, which Debian builds without it. A thread accepts one connection on
 * 127.0.0.1 and relays it over a verified TLS connection (OpenSSL) to the real server. */
#ifndef DURAK_TLSRELAY_H
#define DURAK_TLSRELAY_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    const char *host; /* the server: a DNS name (sent as SNI, checked against the certificate) or an
	                          IP address (checked against the certificate's IP addresses) */
    int port;
    bool verify; /* false: no certificate check at all, and a warning at each connection */
    const char
        *ca_file; /* PEM file of the CAs to trust (only those); NULL or "": the system store */
    const char *cert_file; /* client certificate chain (PEM) for CertFP; NULL or "": none */
    const char *key_file;  /* its private key (PEM, not encrypted); NULL or "": in cert_file */
} tlsrelay_opts;

typedef struct tlsrelay tlsrelay;

/* Loads the CA file, certificate and key of o as a connection would, without connecting: for
 * start-up and --check-config. On error returns false and writes one line into err, e.g.
 * "TLS: cannot read irc.tls_cert /etc/durakbot/bot.pem: No such file or directory". */
bool tlsrelay_check(const tlsrelay_opts *o, char *err, size_t errlen);

/* Resolves o->host (blocking, like libircclient's own connect), loads the files as tlsrelay_check,
 * listens on 127.0.0.1 at an ephemeral port (stored in *local_port: give libircclient 127.0.0.1 and
 * that port) and starts the relay thread. The thread accepts one connection from this user (others
 * are refused and logged), connects to o->host:o->port, does the TLS handshake, then relays bytes
 * both ways until either side closes. Any failure is logged with log_msg in one line and closes the
 * local side, so libircclient sees a disconnect; tlsrelay_failed then tells it too.
 * Returns NULL and writes one line into err if it cannot start (the host does not resolve, a file
 * does not load, no socket or thread). o is copied. */
tlsrelay *tlsrelay_start(const tlsrelay_opts *o, int *local_port, char *err, size_t errlen);

/* If the relay failed (the server could not be reached, its certificate was refused, ...), writes
 * that log line into why and returns true; false while it works or after a normal close. */
bool tlsrelay_failed(tlsrelay *r, char *why, size_t len);

/* Closes both sides, joins the thread, frees r (NULL is fine). Returns promptly at any stage. */
void tlsrelay_stop(tlsrelay *r);

#endif
