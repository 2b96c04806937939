/* parse_fold.c — a word folded for comparison, without a locale: case, Latin accents and ё away,
 * and in a Cyrillic word the Latin letters that look like Cyrillic ones read as those. */
#include "parse_fold.h"

#include <stdbool.h>
#include <string.h>

#include "parse_token.h"

/* Latin-1 lower-case letters U+00E0..U+00FF without their accents; '?' keeps the letter. */
static const char latin1_base[] = "aaaaaa?ceeeeiiii?nooooo?ouuuuy?y";

/* Folds the character at s (n > 0 bytes); writes it to out and returns the bytes read. */
static size_t fold_char(const unsigned char *s, size_t n, char fold[3], size_t *flen)
{
    unsigned char a = s[0], b = n > 1 ? s[1] : 0;
    *flen = 2;
    if (a == 0xC3 && b >= 0x80 && b <= 0xBF && b != 0x97 && b != 0xB7) {
        unsigned char lower = b < 0xA0 && b != 0x9F ? (unsigned char)(b + 0x20) : b;
        char base = lower >= 0xA0 ? latin1_base[lower - 0xA0] : '?';
        if (base != '?') {
            fold[0] = base, *flen = 1;
        } else {
            fold[0] = (char)a, fold[1] = (char)lower;
        }
        return 2;
    }
    if (a == 0xC5 && (b == 0x92 || b == 0x93)) { /* Œ œ */
        fold[0] = 'o', fold[1] = 'e';
        return 2;
    }
    if ((a == 0xD0 && b == 0x81) || (a == 0xD1 && b == 0x91)) { /* Ё ё: е */
        fold[0] = (char)0xD0, fold[1] = (char)0xB5;
        return 2;
    }
    if (a == 0xD0 && b >= 0x90 && b <= 0xAF) { /* А..Я */
        unsigned cp = 0x430u + (b - 0x90u);
        fold[0] = (char)(0xC0 | (cp >> 6)), fold[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    fold[0] = (char)byte_lower(a), *flen = 1;
    return 1;
}

/* In a word with Cyrillic letters, the Latin letters that look like Cyrillic ones (a keyboard's
 * layout switched mid-word: "дурaк", "пeреводной", "cложный") read as those, folded. */
static void cyrillic_lookalike(char f[3], size_t *flen)
{
    static const char latin[] = "aeopcxykmtbh";
    static const char *const cyrillic[] = { "а", "е", "о", "р", "с", "х",
                                            "у", "к", "м", "т", "в", "н" };
    const char *at = *flen == 1 && f[0] ? strchr(latin, f[0]) : NULL;
    if (at) {
        memcpy(f, cyrillic[at - latin], 2);
        *flen = 2;
    }
}

size_t parse_fold(const char *s, size_t n, char *out, size_t cap)
{
    size_t len = 0;
    bool cyrillic = false; /* the word at i has a Cyrillic letter */
    for (size_t i = 0; i < n;) {
        char f[3];
        size_t flen;
        if (i == 0 || s[i - 1] == ' ')
            cyrillic = bytes_have_cyrillic(s + i, n - i, true);
        i += fold_char((const unsigned char *)s + i, n - i, f, &flen);
        if (cyrillic)
            cyrillic_lookalike(f, &flen);
        if (len + flen >= cap)
            return (size_t)-1;
        memcpy(out + len, f, flen);
        len += flen;
    }
    out[len] = '\0';
    return len;
}
