/* parse_cardwords.h — ranks and suits written out as Russian words ("король червей", "бью дамой",
 * "6 пик"), in any case ending, capitals and ё alike: a word stem and any Cyrillic ending. */
#ifndef DURAK_PARSE_CARDWORDS_H
#define DURAK_PARSE_CARDWORDS_H

#include <stddef.h>

/* The rank the whole word s[0..n) names ("дамой": RANK_Q, "семёрку": RANK_7), or -1. */
int parse_cardwords_rank(const char *s, size_t n);
/* The suit the whole word s[0..n) names ("пик", "червей", "бубновую"), or -1. */
int parse_cardwords_suit(const char *s, size_t n);

#endif
