/* parse_token.c — cleaning a line and handling its words: which bytes separate words, which vanish,
 * and the punctuation ignored around a word. */
#include "parse_token.h"

#include <ctype.h>
#include <string.h>

#include "mirc.h"
#include "utf8.h"

/* Punctuation ignored around words. */
static const char WORD_PUNCT[] = ".,;:!?\"'()[]{}<>*_~|`";

/* Quotation marks and ellipsis ignored around words, besides WORD_PUNCT. */
static const char *const wide_punct[] = {
    "\xC2\xAB",     "\xC2\xBB",     "\xE2\x80\x98", "\xE2\x80\x99",
    "\xE2\x80\x9C", "\xE2\x80\x9D", "\xE2\x80\xA6",
};

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* French elision at a word's start, "l'as", "d’atout", "j'attaque": the bytes of "l'", "d'" or
 * "j'" (either apostrophe) when a letter follows, so that the word is read as "as", "atout",
 * "attaque" (je goes as le does); else 0. */
static size_t elision_len(const unsigned char *s, size_t n)
{
    size_t k = n >= 2 && s[1] == '\'' ? 2 : n >= 4 && !memcmp(s + 1, "\xE2\x80\x99", 3) ? 4 : 0;
    bool letter = k && k < n && (isalpha(s[k]) || s[k] >= 0x80);
    return letter && strchr("lLdDjJ", s[0]) ? k : 0;
}

size_t parse_token_clean_line(char *dst, const char *line, size_t len)
{
    const unsigned char *s = (const unsigned char *)line;
    size_t n = len, o = 0, i = 0, k;
    while (i < n) {
        unsigned char b = s[i];
        if ((o == 0 || dst[o - 1] == ' ') && (k = elision_len(s + i, n - i)) != 0)
            i += k; /* the article goes, as "le" and "la" are passed over */
        else if ((k = mirc_code_len(line + i, n - i)) != 0)
            i += k;
        else if (b < 0x20 || b == 0x7F) {
            dst[o++] = ' ';
            i++;
        } else if (b < 0x80)
            dst[o++] = (char)s[i++];
        else if ((k = utf8_space_len(s + i, n - i)) != 0) {
            dst[o++] = ' ';
            i += k;
        } else if ((k = utf8_invisible_len(s + i, n - i)) != 0)
            i += k;
        else
            dst[o++] = (char)s[i++];
    }
    dst[o] = '\0';
    return o;
}

static size_t wide_punct_at(const char *s, size_t n, bool at_end)
{
    for (size_t i = 0; i < COUNT_OF(wide_punct); i++) {
        size_t k = strlen(wide_punct[i]);
        if (n >= k && memcmp(at_end ? s + n - k : s, wide_punct[i], k) == 0)
            return k;
    }
    return 0;
}

token parse_token_strip(token t, const char *lead, const char *trail)
{
    for (;;) {
        size_t k = t.n ? wide_punct_at(t.s, t.n, false) : 0;
        if (t.n && byte_in((unsigned char)t.s[0], lead))
            k = 1;
        if (k == 0)
            break;
        t.s += k;
        t.n -= k;
    }
    for (;;) {
        size_t k = t.n ? wide_punct_at(t.s, t.n, true) : 0;
        if (t.n && byte_in((unsigned char)t.s[t.n - 1], trail))
            k = 1;
        if (k == 0)
            break;
        t.n -= k;
    }
    return t;
}

token parse_token_trim(token t) { return parse_token_strip(t, WORD_PUNCT, WORD_PUNCT); }

token parse_token_trim_end(token t) { return parse_token_strip(t, "", WORD_PUNCT); }

/* Does the word equal `lower` (lower-case ASCII), in any ASCII case? */
static bool parse_token_is(token t, const char *lower)
{
    size_t n = strlen(lower);
    if (t.n != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (byte_lower((unsigned char)t.s[i]) != (unsigned char)lower[i])
            return false;
    return true;
}

bool parse_token_starts_with(token t, const char *text, size_t len)
{
    return len > 0 && t.n >= len && memcmp(t.s, text, len) == 0;
}

const token_word *parse_token_find(const token_word *list, size_t count, token t)
{
    for (size_t i = 0; i < count; i++)
        if (parse_token_is(t, list[i].text))
            return &list[i];
    return NULL;
}
