/* tlsrelay_internal.h: what the relay's files share: tlsrelay.c (start, stop, the thread, sockets),
 * tlsrelay_tls.c (OpenSSL: context, handshake, certificate checks), tlsrelay_pump.c (the bytes). */
#ifndef DURAK_TLSRELAY_INTERNAL_H
#define DURAK_TLSRELAY_INTERNAL_H

#include "tlsrelay.h"

#include <netdb.h>
#include <pthread.h>

#include <openssl/ssl.h>

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

static inline bool tlsrelay_is_empty(const char *s) { return !s || !s[0]; }

/* Records the failure, logs it, and returns false (tlsrelay.c). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
bool tlsrelay_fail(tlsrelay *r, const char *fmt, ...);
/* Waits until fd is ready for ev (1), the deadline (clock_monotonic seconds) passes (0), or stop
 * is asked (-1). */
int tlsrelay_wait(tlsrelay *r, int fd, short ev, double deadline);

/* tlsrelay_tls.c */
/* The reason of OpenSSL's last error ("wrong version number"), and clears its queue. */
const char *tlsrelay_ssl_reason(char *buf, size_t len);
/* The client context of o: protocol floor, trust (o->ca_file or the system store), the client
 * certificate; NULL with one line in err if a file does not load. */
SSL_CTX *tlsrelay_ctx_new(const tlsrelay_opts *o, char *err, size_t errlen);
/* SNI, the name to verify, and the handshake on c->remote within TLSRELAY_HANDSHAKE_MS; false
 * (logged with tlsrelay_fail, unless stop was asked) if it fails. */
bool tlsrelay_handshake(struct tlsrelay_conn *c);
void tlsrelay_log_connected(struct tlsrelay_conn *c);

/* tlsrelay_pump.c: relays bytes both ways until either side closes, fails or stop is asked. */
void tlsrelay_pump(struct tlsrelay_conn *c);

#endif
