/* outq_cut.h — the shape of one IRC line: its words, how much text it holds, where a longer text
 * is cut (the send queue's splitting). Pure: no allocation, no state. */
#ifndef DURAK_OUTQ_CUT_H
#define DURAK_OUTQ_CUT_H

#include <stdbool.h>
#include <stddef.h>

/* The least text a line holds, however long the names around it: a cut piece must say something */
#define OUTQ_MIN_TEXT 64

/* The length of the next piece of s (n > max bytes left): up to a separator of the game's lines
 * (" · " in the piece's last half, else " | " in its last quarter), else up to its last space,
 * else the most whole UTF-8 characters and colour codes that fit. *rest is where the next piece
 * begins (past the separator or the spaces). */
size_t outq_cut(const char *s, size_t n, size_t max, size_t *rest);

/* Whether s is a command word (letters_only: letters only) or a target (no space, comma or
 * control character); not empty. */
bool outq_word_valid(const char *s, bool letters_only);
/* The bytes of text one line to target may hold: text_max, or less where the line the server
 * relays, ":nick!user@host " (src bytes; 0: not known) then "CMD target :" and the text, would be
 * longer than raw_max; never less than OUTQ_MIN_TEXT. */
size_t outq_text_room(size_t text_max, size_t raw_max, size_t src, const char *cmd,
                      const char *target);

#endif
