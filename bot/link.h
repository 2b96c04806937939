/* link.h — the connection layer: the only code on the IRC server's socket, relaying between
 * libircclient and the server over plain TCP or TLS. */

/* libircclient gets one end of a socket pair; a thread connects to the real server, over plain TCP
 * or a verified TLS connection (OpenSSL; Debian builds libircclient without TLS, CAP or SASL), the
 * blocking part. It then hands the connection over and ends: the caller's loop relays the bytes
 * (link_fds, link_process), in the same thread as libircclient.
 *
 * In IRC mode (opts.irc) the relay also holds:
 * - the wire guard (link_guard.h): the server's bytes are split into lines (CR LF, or either
 *   alone), IRCv3 tags read then stripped, lines cut to 510 bytes at a UTF-8 boundary (940 once
 *   converted from irc.encoding), every line rewritten in one canonical form, and the lines
 *   libircclient 1.9 cannot survive dropped and counted (each kind logged once, with its first
 *   bytes, and the count when the connection ends);
 * - irc.encoding (link_enc.h): each line from the server converted to UTF-8 before the guard, and
 *   libircclient's lines converted from UTF-8 to the server's encoding, whole lines at a time;
 * - CAP negotiation and SASL (link_cap.h): CAP LS 302 goes first, libircclient's PASS/NICK/USER
 *   right after it (a server with CAP holds registration until CAP END, so SASL completes first;
 *   a server without CAP registers the bot at once); the relay's own lines and libircclient's are
 *   sent as whole lines, never one inside the other.
 *
 * How what the relay reads reaches the bot: in band, in the lines libircclient gets, so it
 * can never be out of step with them:
 * - the sender's services account from the `account` tag is appended to the line's prefix after
 *   the byte LINK_ACCOUNT_SEP ("nick!user@host\x1Faccount"); a prefix never carries that byte
 *   otherwise (the guard drops prefixes with control bytes), and irc.c splits it off again;
 * - 005 ISUPPORT lines are split into lines of at most 8 tokens (libircclient keeps 10 params);
 * - extended-join, account-notify (ACCOUNT) and WHOX replies (354) carry accounts as parameters,
 *   which libircclient passes on as they are;
 * - SASL's outcome arrives as the server's numerics 900/903, passed on like any numeric.
 * Only the relay's failure (a refused certificate, SASL refused) goes the other way, by
 * link_failed after libircclient has seen the connection close. */
#ifndef DURAK_LINK_H
#define DURAK_LINK_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/select.h>

#define LINK_ACCOUNT_SEP '\x1f'

typedef enum { LINK_SASL_NONE, LINK_SASL_PLAIN, LINK_SASL_EXTERNAL } link_sasl;

typedef struct {
    const char *host; /* the server: a DNS name (sent as SNI, checked against the certificate) or an
	                          IP address (checked against the certificate's IP addresses) */
    int port;
    bool verify; /* false: no certificate check at all, and a warning at each connection */
    const char
        *ca_file; /* PEM file of the CAs to trust (only those); NULL or "": the system store */
    const char *cert_file; /* client certificate chain (PEM) for CertFP; NULL or "": none */
    const char *key_file;  /* its private key (PEM, not encrypted); NULL or "": in cert_file */
    bool plain;            /* plain TCP, no TLS (the fields above are then unused) */
    bool irc;              /* the IRC layer (guard, CAP, SASL); false: bytes relayed unchanged */
    link_sasl sasl;        /* LINK_SASL_NONE: no SASL */
    const char *sasl_user; /* PLAIN: the account; EXTERNAL: the authzid ("" for none) */
    const char *sasl_pass; /* PLAIN only */
    bool sasl_required;    /* SASL must succeed, or the connection ends (an error, a back-off) */
    int encoding; /* IRC mode: the server's link_encoding (link_enc.h); 0 is UTF-8, unconverted */
    /* "auto": who writes UTF-8 (link_enc.h), the caller's so that it outlives the connection;
     * touched in the loop's thread only (link_process, link_send), never the relay's; NULL: no
     * one is known, all lines go in the legacy set */
    struct link_enc_people *people;
    int cap_wait_ms; /* IRC mode: CAP and SASL end (CAP END) at most this long after connecting,
                        answered or not; 0: LINK_CAP_MS for each step. Shorter than the caller's
                        own registration timeout, so the two never race */
} link_opts;

typedef struct link_relay link_relay;

/* Loads the CA file, certificate and key of o as a connection would, without connecting: for
 * start-up and --check-config. On error returns false and writes one line into err, e.g.
 * "TLS: cannot read irc.tls_cert /etc/durakbot/bot.pem: No such file or directory". */
bool link_check(const link_opts *o, char *err, size_t errlen);

/* Resolves o->host (blocking, like libircclient's own connect), loads the TLS files as link_check,
 * makes a socket pair (local stream sockets, non-blocking: *local_fd is libircclient's end, the
 * caller's to close) and starts the relay thread. The thread connects to o->host:o->port, does
 * the TLS handshake (unless o->plain) and hands over; link_process then relays both ways until
 * either side closes. Any failure closes the relay's end, so libircclient sees a disconnect;
 * link_failed then tells why in one line, which the relay does not log itself (the caller logs
 * it once, with its retry).
 * Returns NULL and writes one line into err if it cannot start (the host does not resolve, a file
 * does not load, no socket or thread). o is copied. */
link_relay *link_start(const link_opts *o, int *local_fd, char *err, size_t errlen);

/* The descriptors the relay waits on, added to the loop's sets (the hand-over's pipe while it
 * connects, then the two sides'). */
void link_fds(link_relay *r, fd_set *in, fd_set *out, int *maxfd);
/* Moves what can move after a wait (in, out: the ready sets, or NULL), takes the connection over
 * once the thread has made it, and closes the local side when the relay ends (libircclient then
 * reads the end). True if it gave libircclient bytes: its socket may be read without waiting. */
bool link_process(link_relay *r, const fd_set *in, const fd_set *out);
typedef enum { LINK_SENT, LINK_SEND_FULL, LINK_SEND_CLOSED } link_send_result;
/* IRC mode: one line of the bot's (no CR LF) for the server, past libircclient and the socket
 * pair; it goes at the next link_process, between whole lines of libircclient's. FULL: the server's
 * socket has not taken the lines before it yet (link_sending); CLOSED: no connection. */
link_send_result link_send(link_relay *r, const char *line);
/* Bytes of link_send's wait for the server's socket (its descriptor wakes the loop). */
bool link_sending(link_relay *r);
/* libircclient just wrote to its socket: the relay takes those bytes to the server now, not
 * after the loop's next wait. */
void link_flush(link_relay *r);
/* When link_process must run even if no descriptor is ready (the CAP/SASL answer's deadline, in
 * clock_monotonic seconds), or -1. */
double link_deadline(link_relay *r);

/* If the relay failed (the server could not be reached, its certificate was refused, SASL was
 * refused, ...), writes that log line into why and returns true; false while it works or after a
 * normal close. */
bool link_failed(link_relay *r, char *why, size_t len);

/* Lines the wire guard dropped on this connection so far. */
unsigned link_dropped(link_relay *r);

/* Closes both sides, joins the thread, frees r (NULL is fine). Returns promptly at any stage. */
void link_stop(link_relay *r);

#endif
