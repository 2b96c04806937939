/* mirc.c — mIRC formatting codes: their lengths in a text and stripping them. The code set is
 * mIRC's (https://modern.ircdocs.horse/formatting): \x02 \x0F \x11 \x16 \x1D \x1E \x1F, \x03, \x04. */
#include "mirc.h"

#include <stdbool.h>
#include <string.h>

static bool mirc_is_digit(char ch) { return ch >= '0' && ch <= '9'; }

static bool mirc_is_hex(char ch)
{
    return mirc_is_digit(ch) || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
}

static bool mirc_is_toggle(char ch)
{
    return ch != '\0'
           && strchr(MIRC_BOLD MIRC_RESET MIRC_MONOSPACE MIRC_REVERSE MIRC_ITALIC MIRC_STRIKETHROUGH
                         MIRC_UNDERLINE,
                     ch)
                  != NULL;
}

size_t mirc_colour_len(const char *s, size_t n)
{
    size_t i = 1;
    while (i < 3 && i < n && mirc_is_digit(s[i]))
        i++;
    if (i > 1 && i + 1 < n && s[i] == ',' && mirc_is_digit(s[i + 1])) {
        i += 2;
        if (i < n && mirc_is_digit(s[i]))
            i++;
    }
    return i;
}

static bool mirc_hex6(const char *s, size_t n)
{
    if (n < 6)
        return false;
    for (size_t i = 0; i < 6; i++)
        if (!mirc_is_hex(s[i]))
            return false;
    return true;
}

/* Bytes of the \x04 code at s[0]: 1 plus "RRGGBB[,RRGGBB]" when present. */
static size_t mirc_hex_colour_len(const char *s, size_t n)
{
    if (!mirc_hex6(s + 1, n - 1))
        return 1;
    if (n >= 14 && s[7] == ',' && mirc_hex6(s + 8, n - 8))
        return 14;
    return 7;
}

size_t mirc_code_len(const char *s, size_t n)
{
    if (n == 0)
        return 0;
    if (s[0] == MIRC_COLOUR[0])
        return mirc_colour_len(s, n);
    if (s[0] == MIRC_HEX_COLOUR[0])
        return mirc_hex_colour_len(s, n);
    return mirc_is_toggle(s[0]) ? 1 : 0;
}

size_t mirc_strip(char *dst, const char *src, size_t n)
{
    size_t i = 0, o = 0;
    while (i < n) {
        size_t k = mirc_code_len(src + i, n - i);
        if (k == 0)
            dst[o++] = src[i++];
        else
            i += k;
    }
    dst[o] = '\0';
    return o;
}
