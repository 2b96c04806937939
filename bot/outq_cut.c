/* outq_cut.c — the shape of one IRC line: how much text fits it, where a longer text is cut (after
 * an item, else at a space, else between characters, never inside UTF-8 or a colour code). Pure. */
#include "outq_cut.h"

#include <string.h>

#include "mirc.h"
#include "utf8.h"

/* The largest cut <= max in s (n > max bytes) that splits no UTF-8 sequence and no colour code;
 * if the text is not UTF-8 at all, max. */
static size_t outq_char_cut(const char *s, size_t n, size_t max)
{
    size_t cut = utf8_char_start(s, max);
    if (cut == 0)
        cut = max;
    for (size_t i = cut > 6 ? cut - 6 : 1; i < cut; i++)
        if (s[i] == MIRC_COLOUR[0] && i + mirc_colour_len(s + i, n - i) > cut)
            return i;
    return cut;
}

/* A suit symbol (U+2660..U+2667) at s[i] (i + 3 <= n). */
static bool suit_at(const char *s, size_t n, size_t i)
{
    return i + 3 <= n && !memcmp(s + i, "\xE2\x99", 2) && ((unsigned char)s[i + 2] & 0xF8) == 0xA0;
}

/* Whether the separator at s[i] (n bytes in s) stands between two cards, as between the suits of
 * a hand ("В♠ · 7♣"): a card, maybe red (a colour code, then a reset after it), before it and
 * after it. A line is never cut there, which left half a hand alone on a line of its own. */
static bool between_cards(const char *s, size_t n, size_t i, size_t len)
{
    size_t end = i > 0 && s[i - 1] == MIRC_RESET[0] ? i - 1 : i, j = i + len;
    if (end < 3 || !suit_at(s, n, end - 3))
        return false;
    if (j < n && s[j] == MIRC_COLOUR[0])
        j += mirc_colour_len(s + j, n - j);
    if (j + 2 <= n && !memcmp(s + j, "10", 2))
        j += 2;
    else if (j < n && ((unsigned char)s[j] & 0xE0) == 0xC0) /* a Cyrillic rank: В, Д, К, Т */
        j += 2;
    else
        j += 1;
    return suit_at(s, n, j);
}

/* The last `sep` that starts in s(low, max] and not between two cards; 0 if none. *rest: after
 * it. */
static size_t last_sep(const char *s, size_t n, size_t max, size_t low, const char *sep,
                       size_t *rest)
{
    size_t len = strlen(sep);
    for (size_t i = max; i > low; i--)
        if (i + len <= n && !memcmp(s + i, sep, len) && !between_cards(s, n, i, len)) {
            *rest = i + len;
            return i;
        }
    return 0;
}

/* Where a piece ends with a whole item: at the last " · " in its last half ("… · на руках: 9♣ Д♣
 * (козырь В♣)" rather than "(козырь" with "В♣)" alone on the next line; a command such as
 * "printf '…' | durak-cli" whole on the next, not cut at its pipe), else at the last " | " of a
 * list in its last quarter; 0 if neither. *rest: after the separator. */
static size_t outq_sep_cut(const char *s, size_t n, size_t max, size_t *rest)
{
    size_t at = last_sep(s, n, max, max - max / 2, " \xC2\xB7 ", rest);
    return at ? at : last_sep(s, n, max, max - max / 4, " | ", rest);
}

size_t outq_cut(const char *s, size_t n, size_t max, size_t *rest)
{
    size_t at = outq_sep_cut(s, n, max, rest);
    if (at)
        return at;
    size_t sp = max;
    while (sp > 0 && s[sp] != ' ')
        sp--;
    if (sp == 0) {
        *rest = outq_char_cut(s, n, max);
        return *rest;
    }
    *rest = sp;
    while (*rest < n && s[*rest] == ' ')
        (*rest)++;
    size_t end = sp;
    while (end > 0 && s[end - 1] == ' ')
        end--;
    return end > 0 ? end : sp;
}

bool outq_word_valid(const char *s, bool letters_only)
{
    if (!s || !*s)
        return false;
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        bool letter = (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z');
        if (letters_only ? !letter : (ch <= ' ' || ch == ',' || ch == 0x7f))
            return false;
    }
    return true;
}

size_t outq_text_room(size_t text_max, size_t raw_max, size_t src, const char *cmd,
                      const char *target)
{
    size_t around = src + strlen(cmd) + 1 + strlen(target) + 2; /* "CMD target :" */
    if (!src || around + text_max <= raw_max)
        return text_max;
    return around + OUTQ_MIN_TEXT < raw_max ? raw_max - around : OUTQ_MIN_TEXT;
}
