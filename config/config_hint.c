/* config_hint.c — what to type instead, for libconfig's own parse errors: a fixed advice per
 * error, or one built from the line it points at (a dotted key, the name given twice). */
#include "config_hint.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The start of line `line` (1-based) of text, its end in *eol. */
static const char *line_at(const char *text, size_t len, int line, const char **eol)
{
    const char *p = text, *end = text + len;
    for (int l = 1; l < line && p < end; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        p = nl ? nl + 1 : end;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    *eol = nl ? nl : end;
    return p;
}

/* The README names keys as irc.port; typed so, libconfig sees a syntax error. If the line is
 * "group.key = value", the hint shows it written as a group. */
static bool dotted_hint(const char *text, const char *p, const char *eol, char *hint, size_t cap)
{
    (void)text;
    while (p < eol && isspace((unsigned char)*p))
        p++;
    size_t group = strspn(p, "abcdefghijklmnopqrstuvwxyz_"), key;
    if (!group || p + group >= eol || p[group] != '.'
        || !(key = strspn(p + group + 1, "abcdefghijklmnopqrstuvwxyz_")))
        return false;
    const char *v = p + group + 1 + key;
    while (v < eol && isspace((unsigned char)*v))
        v++;
    if (v >= eol || (*v != '=' && *v != ':'))
        return false;
    for (v++; v < eol && isspace((unsigned char)*v); v++)
        ;
    const char *ve = eol;
    while (ve > v && (isspace((unsigned char)ve[-1]) || ve[-1] == ';'))
        ve--;
    snprintf(hint, cap, " (a dotted key is written inside its group: %.*s = { %.*s = %.*s; };)",
             (int)group, p, (int)key, p + group + 1, (int)(ve - v), v);
    return true;
}

/* libconfig's setting names: [A-Za-z*][-A-Za-z0-9_*]*. */
static bool name_char(char c) { return isalnum((unsigned char)c) || strchr("-_*", c); }

/* The next setting's name ("name =" or "name :") in [*p, end), past strings and comments; its
 * length in *n, *p moved past it. NULL when there is none. */
static const char *next_name(const char **p, const char *end, size_t *n)
{
    const char *s = *p;
    while (s < end) {
        if (*s == '"') {
            for (s++; s < end && *s != '"'; s++)
                s += *s == '\\' && s + 1 < end;
            s++;
        } else if (*s == '#' || (*s == '/' && s + 1 < end && s[1] == '/')) {
            while (s < end && *s != '\n')
                s++;
        } else if (*s == '/' && s + 1 < end && s[1] == '*') {
            const char *close = NULL;
            for (const char *c = s + 2; c + 1 < end && !close; c++)
                close = c[0] == '*' && c[1] == '/' ? c : NULL;
            s = close ? close + 2 : end;
        } else if ((isalpha((unsigned char)*s) || *s == '*') && (s == *p || !name_char(s[-1]))) {
            const char *name = s;
            while (s < end && name_char(*s))
                s++;
            const char *q = s;
            while (q < end && (*q == ' ' || *q == '\t'))
                q++;
            if (q < end && (*q == '=' || *q == ':')) {
                *n = (size_t)(s - name);
                *p = s;
                return name;
            }
        } else {
            s++;
        }
    }
    *p = end;
    return NULL;
}

static bool named_in(const char *from, const char *end, const char *name, size_t n)
{
    size_t m;
    for (const char *q; (q = next_name(&from, end, &m));)
        if (m == n && !memcmp(q, name, n))
            return true;
    return false;
}

/* libconfig says only "duplicate setting name", at the line of the second one: of the names on
 * that line, the one that also stands before it, if only one does. */
static bool duplicate_hint(const char *text, const char *p, const char *eol, char *hint, size_t cap)
{
    const char *found = NULL, *name;
    size_t n, fn = 0;
    int count = 0;
    while ((name = next_name(&p, eol, &n)))
        if (named_in(text, name, name, n) && (!found || fn != n || memcmp(found, name, n))) {
            found = name;
            fn = n;
            count++;
        }
    if (count != 1)
        return false;
    snprintf(hint, cap, " (%.*s is given twice in the same place: keep one)", (int)fn, found);
    return true;
}

const char *config_hint(const char *error, const char *text, size_t len, int line, char *hint,
                        size_t cap)
{
    static const struct {
        const char *error, *hint;
        bool (*from_line)(const char *text, const char *p, const char *eol, char *hint, size_t cap);
    } hints[] = {
        { "syntax error",
          " (each setting is name = value; with strings in double quotes, groups in { } and lists "
          "in [ ]: look at this line and the one before it)",
          dotted_hint },
        { "duplicate setting name", " (a key or group given twice in the same place: keep one)",
          duplicate_hint },
        { "mismatched element type in array",
          " (a list [ ] holds values of one type: every channel a string in double quotes, like "
          "[ \"#durak\", \"#cards\" ])",
          NULL },
    };
    for (size_t i = 0; error && i < sizeof hints / sizeof hints[0]; i++) {
        if (strcmp(error, hints[i].error))
            continue;
        const char *eol, *p = text ? line_at(text, len, line, &eol) : NULL;
        if (p && hints[i].from_line && hints[i].from_line(text, p, eol, hint, cap))
            return hint;
        snprintf(hint, cap, "%s", hints[i].hint);
        return hint;
    }
    snprintf(hint, cap, "%s", "");
    return hint;
}
