/* textbuf.h — printf-formatted text appended to a fixed buffer, noting when it did not fit: the
 * engine's one writer of text lines (the serialization, the arena's agent protocol). */
#ifndef DURAK_TEXTBUF_H
#define DURAK_TEXTBUF_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char *buf;
    size_t cap, len;
    bool overflow; /* something did not fit: buf holds what came before it */
} textbuf;

/* Appends the formatted text, or sets overflow (and appends nothing) if it does not fit. */
void textbuf_put(textbuf *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
