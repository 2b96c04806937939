/* parse_fold.h — a word folded for comparison, without a locale: case, Latin accents and ё away,
 * and in a Cyrillic word the Latin letters that look like Cyrillic ones read as those. */
#ifndef DURAK_PARSE_FOLD_H
#define DURAK_PARSE_FOLD_H

#include <stddef.h>

/* Writes s[0..n) folded for comparison into out (cap bytes): ASCII and Latin-1 letters lower
 * case without accents (œ as oe), Cyrillic А–Я and Ё lower case with ё as е; in a word with any
 * Cyrillic letter, the Latin letters that look like Cyrillic ones as those (a e o p c x y k m t b h:
 * "дурaк" is "дурак"); other bytes as they are. Returns the length, or (size_t)-1 if it does not
 * fit. No locale is used. */
size_t parse_fold(const char *s, size_t n, char *out, size_t cap);

#endif
