/* conn_write.h — the writer: the send queue's lines into the relay's buffer and on to the server's
 * socket, as often as both take them, in one turn of the loop. */

/* The lines go to the relay (link_send), past libircclient and the socket pair, and the relay's
 * buffer on to the socket once per batch (link_process): one send for many lines. The relay is
 * reached through conn_write_io only, so the rules below are tested without a socket
 * (tests/unit/test_conn_write.c). */
#ifndef DURAK_CONN_WRITE_H
#define DURAK_CONN_WRITE_H

#include <stdbool.h>

#include "link.h"

typedef struct {
    /* The line that may go now, or NULL: the bucket is empty, the queue is, or it is held. */
    const char *(*peek)(void *ctx, double now);
    /* Into the relay's buffer; FULL leaves it for the next try, CLOSED ends the connection. */
    link_send_result (*send)(void *ctx, const char *line);
    /* The line is in the buffer: the queue lets it go (and whoever counts lines is told). */
    void (*sent)(void *ctx, const char *line, double now);
    /* The buffer to the socket, as much as it takes now; true if bytes still wait (link_sending). */
    bool (*flush)(void *ctx);
    void *ctx;
} conn_write_io;

typedef enum {
    CONN_WRITE_IDLE,    /* the buffer is empty: no more may go now (peek said NULL) */
    CONN_WRITE_PENDING, /* bytes wait for the socket: its descriptor wakes the loop */
    CONN_WRITE_BROKEN   /* the connection is gone */
} conn_write_result;

enum {
    CONN_WRITE_LINES = 16,   /* lines put in the relay's buffer between flushes */
    CONN_WRITE_BYTES = 8192, /* and their bytes with CR LF: half that buffer */
};

/* Writes every line peek gives until it gives none or the socket stops taking them. IDLE means
 * nothing is left in the relay's buffer, so a line still queued waits for the bucket (a timer) or
 * an event, never for the descriptor. */
conn_write_result conn_write_lines(const conn_write_io *io, double now);

#endif
