/* utf8.c — UTF-8 decoding, the Unicode spaces and invisible characters the parser knows, and
 * sanitising a user's words before they are quoted in an error. No locale, no heap. */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include "utf8.h"

#include <stdbool.h>
#include <string.h>

static const char ELLIPSIS[] = "\xE2\x80\xA6";

/* Length of the valid UTF-8 sequence at s (n bytes available) and its code point; 0 if invalid. */
size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
    if (n == 0)
        return 0;
    unsigned char b = s[0];
    size_t len;
    uint32_t v, min;
    if (b < 0x80) {
        *cp = b;
        return 1;
    }
    if (b >= 0xC2 && b <= 0xDF) {
        len = 2;
        v = b & 0x1Fu;
        min = 0x80;
    } else if (b >= 0xE0 && b <= 0xEF) {
        len = 3;
        v = b & 0x0Fu;
        min = 0x800;
    } else if (b >= 0xF0 && b <= 0xF4) {
        len = 4;
        v = b & 0x07u;
        min = 0x10000;
    } else
        return 0;
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = (v << 6) | (s[i] & 0x3Fu);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return len;
}

bool utf8_valid(const char *s, size_t n)
{
    uint32_t cp;
    for (size_t i = 0, k; i < n; i += k)
        if ((k = utf8_decode((const unsigned char *)s + i, n - i, &cp)) == 0)
            return false;
    return true;
}

/* Characters that must never be echoed: controls, C1, direction overrides, separators. */
bool utf8_is_shown(uint32_t cp)
{
    if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F))
        return false;
    if ((cp >= 0x200B && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202E))
        return false;
    if ((cp >= 0x2060 && cp <= 0x2069) || cp == 0xFEFF)
        return false;
    return true;
}

/* Copies src[0..n) into dst (at least max + 4 bytes) as printable, valid UTF-8 of at most
 * max bytes: '?' for anything else, "…" when cut. */
void utf8_sanitize(char *dst, const char *src, size_t n, size_t max)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t i = 0, o = 0;
    while (i < n) {
        uint32_t cp = 0;
        size_t k = utf8_decode(s + i, n - i, &cp);
        const char *piece = src + i;
        size_t piece_len = k;
        if (k == 0 || !utf8_is_shown(cp)) {
            piece = "?";
            piece_len = 1;
            k = k ? k : 1;
        }
        if (o + piece_len > max) {
            memcpy(dst + o, ELLIPSIS, 3);
            o += 3;
            break;
        }
        memcpy(dst + o, piece, piece_len);
        o += piece_len;
        i += k;
    }
    dst[o] = '\0';
}

/* Cuts a NUL-terminated string at its first invalid UTF-8 sequence (a cut by snprintf). */
void utf8_cut_invalid(char *s)
{
    size_t n = strlen(s), i = 0;
    uint32_t cp;
    while (i < n) {
        size_t k = utf8_decode((const unsigned char *)s + i, n - i, &cp);
        if (k == 0)
            break;
        i += k;
    }
    s[i] = '\0';
}

/* Length of a Unicode space at s (read as a word separator), else 0. */
size_t utf8_space_len(const unsigned char *s, size_t n)
{
    uint32_t cp;
    size_t k = utf8_decode(s, n, &cp);
    if (k > 1
        && (cp == 0xA0 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x202F || cp == 0x205F
            || cp == 0x3000))
        return k;
    return 0;
}

/* Length of an invisible character at s (dropped), else 0: variation selectors, zero-width
 * spaces, word joiner, BOM, and the direction marks, embeddings and isolates an RTL client may put
 * around a card ("\u200F7♥" is 7♥, not the card "?7♥"). */
size_t utf8_invisible_len(const unsigned char *s, size_t n)
{
    uint32_t cp;
    size_t k = utf8_decode(s, n, &cp);
    if (k > 1
        && (cp == 0xFE0E || cp == 0xFE0F || (cp >= 0x200B && cp <= 0x200F) || cp == 0x2060
            || cp == 0xFEFF || cp == 0x061C || (cp >= 0x202A && cp <= 0x202E)
            || (cp >= 0x2066 && cp <= 0x2069)))
        return k;
    return 0;
}

void utf8_defuse(char *s)
{
    char *out = s;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        uint32_t cp = 0;
        /* the only lead bytes of those characters: 0xC2 (C1) and 0xE2 (U+2028..2069) */
        size_t k = *p == 0xC2 || *p == 0xE2 ? utf8_decode(p, strnlen((const char *)p, 4), &cp) : 0;
        bool bad = (cp >= 0x80 && cp <= 0x9F) || (cp >= 0x2028 && cp <= 0x202E)
                   || (cp >= 0x2066 && cp <= 0x2069);
        if (bad) {
            *out++ = '?';
            p += k;
        } else {
            for (size_t i = k ? k : 1; i--;)
                *out++ = (char)*p++;
        }
    }
    *out = '\0';
}
