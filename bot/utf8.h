/* utf8.h — UTF-8 for the parser: decoding one character, the characters read as spaces or dropped
 * as invisible, and users' text made safe to echo back (printable, valid, bounded). */
#ifndef DURAK_UTF8_H
#define DURAK_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Length of the valid UTF-8 sequence at s (n bytes available) and its code point; 0 if invalid. */
size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);
/* Is s[0..n) valid UTF-8 throughout (no overlong forms, surrogates or code points past U+10FFFF)? */
bool utf8_valid(const char *s, size_t n);
/* Length of a Unicode space (no-break, en, em, thin, ideographic...) at s, else 0. */
size_t utf8_space_len(const unsigned char *s, size_t n);
/* Length of an invisible character at s (variation selectors, zero-width spaces, BOM, direction
 * marks, embeddings and isolates), else 0. */
size_t utf8_invisible_len(const unsigned char *s, size_t n);
/* May the code point be shown as it is: no control, C1 control, zero-width or direction mark,
 * embedding, override or isolate? (Echoes and the log print only these.) */
bool utf8_is_shown(uint32_t cp);
/* Copies src[0..n) into dst (at least max + 4 bytes) as printable, valid UTF-8 of at most
 * max bytes: '?' for anything else (controls, C1, direction overrides), "…" when cut. */
void utf8_sanitize(char *dst, const char *src, size_t n, size_t max);
/* In place, '?' for each character that changes how the rest of a line reads in a client: C1
 * controls (NEL breaks a line), line and paragraph separators, direction embeddings, overrides
 * and isolates. For the bot's lines, where names and words come from users; the bot writes none
 * of them, and the mIRC codes and zero-width spaces it writes are kept. */
void utf8_defuse(char *s);
/* Cuts a NUL-terminated string at its first invalid UTF-8 sequence (a cut by snprintf). */
void utf8_cut_invalid(char *s);
/* Where to cut s at most n bytes in so as not to split a character: n, moved back over the
 * continuation bytes at s[n] (s[n] is read; 0 if s[0..n] are all continuation bytes). */
static inline size_t utf8_char_start(const char *s, size_t n)
{
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--;
    return n;
}

#endif
