/* outq_cut.h — where a text too long for one IRC line is cut (the send queue's splitting). Pure:
 * no allocation, no state. */
#ifndef DURAK_OUTQ_CUT_H
#define DURAK_OUTQ_CUT_H

#include <stddef.h>

/* The length of the next piece of s (n > max bytes left): up to a separator of the game's lines
 * (" · " in the piece's last half, else " | " in its last quarter), else up to its last space,
 * else the most whole UTF-8 characters and colour codes that fit. *rest is where the next piece
 * begins (past the separator or the spaces). */
size_t outq_cut(const char *s, size_t n, size_t max, size_t *rest);

#endif
