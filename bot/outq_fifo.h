/* outq_fifo.h — the send queue's lines and their FIFOs: a line built from its parts, the FIFOs
 * that hold raw lines and each target's lines. Used by outq.c only. */
#ifndef DURAK_OUTQ_FIFO_H
#define DURAK_OUTQ_FIFO_H

#include <stdbool.h>
#include <stddef.h>

struct outq_line {
    struct outq_line *next;
    double at;  /* when it was queued (replies: for their age) */
    size_t seq; /* its push, counted from the queue's start (outq_sent_through) */
    bool begun; /* a reply's line whose answer began to go out: it goes on, however old */
    char text[];
};

struct outq_fifo {
    struct outq_line *head, *tail;
};

/* A line "a b :c" (b, c may be NULL: "a"), with CR and LF turned into spaces; NULL if out of
 * memory. */
struct outq_line *outq_line_new(const char *a, const char *b, const char *c, size_t clen);
void outq_fifo_add(struct outq_fifo *f, struct outq_line *l);
/* Appends all of src to dst; src becomes empty. */
void outq_fifo_splice(struct outq_fifo *dst, struct outq_fifo *src);
/* Frees the head line (f is not empty). */
void outq_fifo_pop(struct outq_fifo *f);
void outq_fifo_free(struct outq_fifo *f);
size_t outq_fifo_count(const struct outq_fifo *f);

#endif
