/* link_internal.h — what the relay's files share: link.c (start, stop, the thread, sockets, the
 * hand-over), link_tls.c (OpenSSL), link_pump.c (the bytes, and the lines in IRC mode). */

/* link_tls.c: context, handshake, certificate checks; link_pump.c: the bytes, and in IRC mode the
 * lines through link_guard and link_cap. */
#ifndef DURAK_LINK_INTERNAL_H
#define DURAK_LINK_INTERNAL_H

#include "link.h"
#include "link_cap.h"
#include "link_enc.h"
#include "link_guard.h"

#include <netdb.h>
#include <pthread.h>

#include <openssl/ssl.h>

enum {
    LINK_CONNECT_MS = 15000, /* per address of the server */
    LINK_HANDSHAKE_MS = 30000,
    LINK_BUF = 16384,
    LINK_CAP_MS = 15000, /* an answer to CAP LS, then to each SASL step */
};

struct link_relay {
    char host[256];
    int port;
    bool verify, client_cert;
    bool plain, irc;  /* no TLS; the IRC layer (guard, CAP, SASL) */
    const char *what; /* "TLS" or "link", for the messages */
    link_sasl sasl;
    char sasl_user[256], sasl_pass[256];
    bool sasl_required;
    link_encoding encoding;  /* the server's (IRC mode) */
    link_enc_people *people; /* link_opts.people */
    int cap_wait_ms;         /* link_opts.cap_wait_ms */
    char ca_file[256];       /* "" for the system store: for the messages */
    SSL_CTX *ctx;
    struct addrinfo *addrs;
    int local;         /* the relay's end of the socket pair, until the thread takes it */
    int stop_pipe[2];  /* a byte in [1] wakes every wait of the thread: stop */
    int ready_pipe[2]; /* a byte in [1]: the thread connected and ended; conn is the caller's */
    pthread_t thread;
    bool joined;            /* the thread has been joined */
    struct link_conn *conn; /* the connection, once handed over (the caller's thread only) */
    pthread_mutex_t lock;   /* guards error (dropped is the loop thread's, as is logged) */
    char error[1024];       /* the failure's log line; "" while none */
    unsigned dropped;       /* lines the guard dropped */
    unsigned logged;        /* bit per link_verdict logged (bit 0, LINK_OK: a line cut) */
};

/* One direction of the relay: bytes read from one side, not yet written to the other. */
struct link_buf {
    char data[LINK_BUF];
    size_t len, off;
};

/* A connection: the thread's while it connects, then the caller's loop's. */
struct link_conn {
    link_relay *r;
    int local, remote;
    SSL *ssl;
    struct link_buf up, down; /* up: libircclient -> server; down: server -> libircclient */
    struct link_buf in;       /* IRC mode: the server's bytes not yet split into lines */
    struct link_buf inject;   /* IRC mode: the relay's own lines to the server (CAP, SASL) */
    struct link_buf own;   /* IRC mode: the bot's lines from link_send, in the server's encoding */
    bool own_held;         /* a write of own began and has not ended: link_send waits */
    bool skipping;         /* IRC mode: the rest of an overlong line is thrown away */
    link_enc enc;          /* IRC mode: the server's encoding (irc.encoding) */
    struct link_buf upraw; /* a legacy encoding: libircclient's bytes not yet converted */
    char conv[3 * LINK_BUF]; /* a legacy encoding: one line of the server's in UTF-8 */
    link_cap cap;
    double cap_deadline; /* the answer to the last CAP/SASL line is due by then */
    double cap_end_at;   /* cap_wait_ms after connecting (0: none) */
    bool up_mid_line;    /* what went to the server of libircclient's ended inside a line */
    bool local_eof, remote_eof;
    bool local_idle, remote_idle; /* plain sockets a short read drained: not read again until
                                     poll says they are readable */
    short local_ev, remote_ev;    /* what the last steps wait for */
    bool gave;                    /* bytes went to libircclient since link_process last looked */
    bool heard; /* the server sent a line (raw mode: a byte): it speaks what the relay does */
};

static inline bool link_is_empty(const char *s) { return !s || !s[0]; }

/* Records the failure for link_failed (not logged: the caller logs it once) and returns false
 * (link.c). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
bool link_fail(link_relay *r, const char *fmt, ...);
/* Waits until fd is ready for ev (1), the deadline (clock_monotonic seconds) passes (0), or stop
 * is asked (-1). */
int link_wait(link_relay *r, int fd, short ev, double deadline);

/* link_tls.c */
/* The reason of OpenSSL's last error ("wrong version number"), and clears its queue. */
const char *link_ssl_reason(char *buf, size_t len);
/* The client context of o: protocol floor, trust (o->ca_file or the system store), the client
 * certificate; NULL with one line in err if a file does not load. */
SSL_CTX *link_ctx_new(const link_opts *o, char *err, size_t errlen);
/* SNI, the name to verify, and the handshake on c->remote within LINK_HANDSHAKE_MS; false
 * (logged with link_fail, unless stop was asked) if it fails. */
bool link_handshake(struct link_conn *c);
void link_log_connected(struct link_conn *c);

/* link_pump.c: relays both ways, bytes as they are or (r->irc) lines through the guard with CAP
 * and SASL first, in steps the caller's loop runs when a descriptor is ready. */
/* The encoding (c->enc set to none before) and CAP's start; false (link_fail) if the encoding
 * cannot be opened. */
bool link_pump_begin(struct link_conn *c);
/* Moves what can move until every step waits (c->local_ev, remote_ev then say for what); false
 * when the relay ends: either side closed, or it failed (link_fail). */
bool link_pump_run(struct link_conn *c);
/* When the answer to the relay's CAP or SASL line is due (clock_monotonic), or -1. */
double link_pump_deadline(const struct link_conn *c);
void link_pump_end(struct link_conn *c);
/* link_send and link_sending (link.h) on a connection. */
link_send_result link_pump_send(struct link_conn *c, const char *line);
bool link_pump_sending(const struct link_conn *c);

#endif
