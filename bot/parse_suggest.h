/* parse_suggest.h — how near two words are, for "did you mean": the edits between two folded
 * UTF-8 words, and how many a typo of a word of that length may hold. */
#ifndef DURAK_PARSE_SUGGEST_H
#define DURAK_PARSE_SUGGEST_H

#include <stddef.h>

/* The edits from a[0..na) to b[0..nb), UTF-8 compared by code point: a letter added, dropped or
 * changed, or two neighbours swapped. -1 when either is not UTF-8 or has over 24 letters. */
int parse_suggest_edits(const char *a, size_t na, const char *b, size_t nb);
/* The most edits a mistyped word a[0..na) may hold and still be read as a typo of a word: 1, or 2
 * from six letters on; 0 under three letters ("hi", "ok": every short word is near some command)
 * and for what is not UTF-8. */
int parse_suggest_most(const char *a, size_t na);

#endif
