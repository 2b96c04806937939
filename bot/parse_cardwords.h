/* parse_cardwords.h — ranks and suits written out as words: Russian ("король червей", "бью дамой")
 * by a stem and any ending, French and Spanish ("valet de pique", "sota de espadas") whole. */
#ifndef DURAK_PARSE_CARDWORDS_H
#define DURAK_PARSE_CARDWORDS_H

#include <stdbool.h>
#include <stddef.h>

/* The rank the whole word s[0..n) names ("дамой": RANK_Q, "семёрку": RANK_7), or -1. */
int parse_cardwords_rank(const char *s, size_t n);
/* The suit the whole word s[0..n) names ("пик", "червей", "бубновую", "cœur", "copas"), or -1. */
int parse_cardwords_suit(const char *s, size_t n);
/* Is s[0..n) the word between a rank and its suit ("de", "del", "des", "of")? */
bool parse_cardwords_of(const char *s, size_t n);
/* Does the whole word s[0..n) say "a trump" ("козырь", "козырем", "trump", "atout", "triunfo")? */
bool parse_cardwords_trump(const char *s, size_t n);
/* Does it say "of trumps" beside a rank ("козырная", "козырной", "козырей"), as "козырем" ("with
 * a trump") does not? */
bool parse_cardwords_of_trumps(const char *s, size_t n);
/* Does it say "the lowest" ("младшим", "младшую", "lowest")? */
bool parse_cardwords_lowest(const char *s, size_t n);

#endif
