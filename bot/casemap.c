/* casemap.c — per-CASEMAPPING lower-casing (RFC 1459 folds []\~ to {}|^) and
 * wildcard hostmask matching. */
#include "casemap.h"

#include <stdio.h>
#include <string.h>

casemap casemap_from_name(const char *name)
{
    if (!strcmp(name, "ascii"))
        return CASEMAP_ASCII;
    if (!strcmp(name, "strict-rfc1459"))
        return CASEMAP_STRICT_RFC1459;
    return CASEMAP_RFC1459;
}

static char fold_char(casemap m, char c)
{
    if (c >= 'A' && c <= 'Z')
        return (char)(c - 'A' + 'a');
    if (m == CASEMAP_ASCII)
        return c;
    switch (c) {
    case '[': return '{';
    case ']': return '}';
    case '\\': return '|';
    case '~': return m == CASEMAP_RFC1459 ? '^' : c;
    default: return c;
    }
}

void casemap_fold(casemap m, const char *in, char *out, size_t cap)
{
    size_t i = 0;
    if (!cap)
        return;
    for (; in[i] && i + 1 < cap; i++)
        out[i] = fold_char(m, in[i]);
    out[i] = '\0';
}

bool casemap_equal(casemap m, const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (fold_char(m, *a) != fold_char(m, *b))
            return false;
    return *a == *b;
}

static bool wild_match(casemap m, const char *p, const char *s)
{
    const char *star = NULL, *resume = NULL;
    while (*s) {
        if (*p == '*') {
            star = p++;
            resume = s;
        } else if (*p == '?' || (*p && fold_char(m, *p) == fold_char(m, *s))) {
            p++;
            s++;
        } else if (star) {
            p = star + 1;
            s = ++resume;
        } else {
            return false;
        }
    }
    while (*p == '*')
        p++;
    return *p == '\0';
}

bool casemap_mask_match(casemap m, const char *mask, const char *nick, const char *user,
                        const char *host)
{
    char full[512];
    snprintf(full, sizeof full, "%s!%s@%s", nick, user, host);
    return wild_match(m, mask, full);
}

bool casemap_mask_any(casemap m, const char (*masks)[128], int n, const char *nick,
                      const char *user, const char *host)
{
    for (int i = 0; i < n; i++)
        if (casemap_mask_match(m, masks[i], nick, user, host))
            return true;
    return false;
}

bool casemap_is_channel(const char *name) { return name[0] && strchr("#&+!", name[0]); }
