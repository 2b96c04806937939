/* conn_write.h — the writer: the send queue's lines into libircclient's output buffer and on to
 * the socket, as often as both take them, in one turn of the loop. */

/* It moves the send queue's lines into libircclient's output buffer (1024 bytes: two lines at most
 * each time) and that buffer on to the socket, as often as both take them, in one turn of the loop:
 * a turn per two lines cost a select and a run of every stage each. libircclient is reached through
 * conn_write_io only, so the rules below are tested without a socket
 * (tests/unit/test_conn_write.c). */
#ifndef DURAK_CONN_WRITE_H
#define DURAK_CONN_WRITE_H

#include <stddef.h>

#include "irc.h"

typedef struct {
    /* The line that may go now, or NULL: the bucket is empty, the queue is, or it is held. */
    const char *(*peek)(void *ctx, double now);
    /* Into libircclient's buffer; FULL leaves it for the next try. */
    irc_send_result (*send)(void *ctx, const char *line, char *err, size_t errlen);
    /* The line is in the buffer: the queue lets it go (and whoever counts lines is told). */
    void (*sent)(void *ctx, const char *line, double now);
    /* The buffer to the socket if it takes it now (irc_client_flush). */
    irc_flush_result (*flush)(void *ctx, char *err, size_t errlen);
    void *ctx;
} conn_write_io;

typedef enum {
    CONN_WRITE_IDLE,    /* the buffer is empty: no more may go now (peek said NULL) */
    CONN_WRITE_PENDING, /* bytes wait for the socket: its descriptor wakes the loop */
    CONN_WRITE_BROKEN   /* the connection is broken (err) */
} conn_write_result;

enum {
    CONN_WRITE_LINES = 2,    /* lines put in libircclient's 1024-byte buffer between flushes */
    CONN_WRITE_BYTES = 1000, /* and their bytes with CR LF */
};

/* Writes every line peek gives until it gives none or the socket stops taking them. IDLE means
 * nothing is left in libircclient's buffer, so a line still queued waits for the bucket (a
 * timer) or an event, never for the descriptor. */
conn_write_result conn_write_lines(const conn_write_io *io, double now, char *err, size_t errlen);

#endif
