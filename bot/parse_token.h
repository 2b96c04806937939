/* parse_token.h — the words of a line for the parser: the line cleaned (mIRC codes, control bytes,
 * Unicode spaces, invisible characters) and a word compared or stripped of its punctuation. */
#ifndef DURAK_PARSE_TOKEN_H
#define DURAK_PARSE_TOKEN_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* A word: n bytes at s, not NUL-terminated. */
typedef struct {
    const char *s;
    size_t n;
} token;

/* A word and what it stands for, in a table searched by parse_token_find. */
typedef struct {
    const char *text; /* lower-case ASCII */
    int value;
} token_word;

/* ASCII classes (no locale). */
static inline bool byte_is_digit(unsigned char b) { return b >= '0' && b <= '9'; }
static inline bool byte_is_letter(unsigned char b)
{
    return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
}
/* Is b one of the bytes of set (b != NUL)? */
static inline bool byte_in(unsigned char b, const char *set)
{
    return b != 0 && strchr(set, b) != NULL;
}
static inline unsigned char byte_lower(unsigned char b)
{
    return (b >= 'A' && b <= 'Z') ? (unsigned char)(b - 'A' + 'a') : b;
}
/* Has s[0..n) a Russian letter (U+0400..U+047F: a lead byte 0xD0 or 0xD1), up to its first space
 * when word (one word's)? */
static inline bool bytes_have_cyrillic(const char *s, size_t n, bool word)
{
    for (size_t i = 0; i < n && !(word && s[i] == ' '); i++)
        if (s[i] == (char)0xD0 || s[i] == (char)0xD1)
            return true;
    return false;
}

/* Writes line[0..len) into dst (room for len + 1) without mIRC formatting codes, with one space
 * for each other control byte or Unicode space, without invisible characters, and without a
 * French elided article at a word's start ("l'as": "as"); returns the length written (<= len). */
size_t parse_token_clean_line(char *dst, const char *line, size_t len);

/* The word without the ASCII punctuation of `lead` before it and of `trail` after it; quotation
 * marks « » ‘ ’ “ ” and the ellipsis … go at both ends too. */
token parse_token_strip(token t, const char *lead, const char *trail);
/* The word without punctuation around it: . , ; : ! ? " ' ( ) [ ] { } < > * _ ~ | ` and the above. */
token parse_token_trim(token t);
/* The word without punctuation after it. */
token parse_token_trim_end(token t);
/* Does the word start with the len bytes of text (len > 0)? */
bool parse_token_starts_with(token t, const char *text, size_t len);
/* The first entry of list[0..count) whose text t is (the same word, ASCII case aside), or NULL. */
const token_word *parse_token_find(const token_word *list, size_t count, token t);

#endif
