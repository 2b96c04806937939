/* outq_fifo.c — the send queue's lines and their FIFOs: a line built from its parts (CR and LF
 * made spaces), added, spliced, popped, counted (see outq_fifo.h). */
#include "outq_fifo.h"

#include <stdlib.h>
#include <string.h>

/* A line "a b :c" (b, c may be NULL: "a"), with CR and LF turned into spaces. */
struct outq_line *outq_line_new(const char *a, const char *b, const char *c, size_t clen)
{
    size_t alen = strlen(a), blen = b ? strlen(b) : 0;
    size_t len = alen + (b ? 1 + blen : 0) + (c ? 2 + clen : 0);
    struct outq_line *l = malloc(sizeof *l + len + 1);
    if (!l)
        return NULL;
    l->next = NULL;
    l->at = 0;
    l->seq = 0;
    l->begun = false;
    char *p = l->text;
    memcpy(p, a, alen), p += alen;
    if (b)
        *p++ = ' ', memcpy(p, b, blen), p += blen;
    if (c)
        *p++ = ' ', *p++ = ':', memcpy(p, c, clen), p += clen;
    *p = '\0';
    for (p = l->text; (p = strpbrk(p, "\r\n")) != NULL;)
        *p = ' ';
    return l;
}

void outq_fifo_add(struct outq_fifo *f, struct outq_line *l)
{
    if (f->tail)
        f->tail->next = l;
    else
        f->head = l;
    f->tail = l;
}

/* Appends all of src to dst; src becomes empty. */
void outq_fifo_splice(struct outq_fifo *dst, struct outq_fifo *src)
{
    if (!src->head)
        return;
    if (dst->tail)
        dst->tail->next = src->head;
    else
        dst->head = src->head;
    dst->tail = src->tail;
    src->head = src->tail = NULL;
}

void outq_fifo_pop(struct outq_fifo *f)
{
    struct outq_line *l = f->head;
    f->head = l->next;
    if (!f->head)
        f->tail = NULL;
    free(l);
}

void outq_fifo_free(struct outq_fifo *f)
{
    while (f->head)
        outq_fifo_pop(f);
}

size_t outq_fifo_count(const struct outq_fifo *f)
{
    size_t n = 0;
    for (const struct outq_line *l = f->head; l; l = l->next)
        n++;
    return n;
}
