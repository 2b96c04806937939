/* outq: the send queue, the only writer to the server: token bucket, lines split at 400 bytes on word
 * and UTF-8 boundaries, no CR/LF/NUL from text, round-robin between targets. No I/O, no clock. */
#ifndef DURAK_OUTQ_H
#define DURAK_OUTQ_H

#include <stdbool.h>
#include <stddef.h>

#define OUTQ_MAX_TEXT 400   /* bytes of text in one PRIVMSG/NOTICE line */
#define OUTQ_MAX_LINES 4096 /* lines queued in all */
#define OUTQ_MAX_RAW 510    /* bytes of one raw line (512 with CR LF) */

typedef struct outq outq;

/* Token bucket: `burst` lines at once, then `rate` lines per second. burst < 1 counts as 1,
 * a rate below 0.01 (or NaN) as 0.01. Returns NULL if out of memory. */
outq *outq_new(int burst, double rate);
void outq_free(outq *q);
/* New limits; tokens in hand above the new burst are dropped. */
void outq_set_rate(outq *q, int burst, double rate);

/* Queues cmd (PRIVMSG or NOTICE) to target with text. CR and LF become spaces; text ends at its NUL.
 * Text longer than OUTQ_MAX_TEXT bytes goes in several lines, split on a space where there is one
 * (else on a UTF-8 character boundary), never inside a UTF-8 sequence or an mIRC colour code \x03NN,NN.
 * Empty text queues nothing and returns true. Returns false and queues nothing if the queue would hold
 * more than OUTQ_MAX_LINES lines, if cmd is not all letters, if target is empty or holds a space,
 * a comma or a control character, or if out of memory. */
bool outq_push(outq *q, const char *cmd, const char *target, const char *text);
/* Queues a whole line ("MODE nick +B", "PING :x") ahead of every PRIVMSG/NOTICE; CR and LF become
 * spaces; counted by the bucket like any line. Returns false and queues nothing if it is empty, longer
 * than OUTQ_MAX_RAW bytes, or the queue is full. */
bool outq_push_raw(outq *q, const char *line);

/* The next line allowed at `now` (seconds, any monotonic origin), without CR LF, or NULL if the
 * queue is empty or the bucket has no token yet. Raw lines first, then one line per target in
 * turn (each target's lines in order). The pointer is valid until outq_commit, outq_clear or
 * outq_free. Peeking sends nothing and may be repeated. */
const char *outq_peek(outq *q, double now);
/* The line outq_peek returned was sent: removes it and spends a token. */
void outq_commit(outq *q, double now);
/* Seconds until outq_peek may return a line: 0 if now, -1 if the queue is empty. */
double outq_wait(const outq *q, double now);
/* Lines queued. */
size_t outq_len(const outq *q);
/* Drops every line and refills the bucket (a new connection starts with a full burst). */
void outq_clear(outq *q);

#endif
