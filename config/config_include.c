/* config_include.c — @include checked before libconfig sees it: a directory, a special file, a
 * name libconfig would misread or deep nesting is a FILE:LINE error, not an exit of the process. */
#define _POSIX_C_SOURCE 200809L
#include "config_include.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct inc_scan {
    const char *file, *s, *incdir;
    size_t len, pos;
    unsigned line;
    int depth;
    char *err;
    size_t errlen;
};

static bool inc_text(const char *file, const char *text, size_t len, const char *incdir, int depth,
                     char *err, size_t errlen);

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static bool
inc_fail(struct inc_scan *sc, const char *fmt, ...)
{
    if (!sc->err || !sc->errlen)
        return false;
    int n = snprintf(sc->err, sc->errlen, "%s:%u: ", sc->file, sc->line);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < sc->errlen)
        vsnprintf(sc->err + n, sc->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

/* The whole of a regular file (NUL-terminated), or NULL with why filled. */
static char *inc_read(const char *path, size_t *len, char *why, size_t cap)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        snprintf(why, cap, "cannot open it: %s", strerror(errno));
        return NULL;
    }
    char *buf = NULL;
    if (fstat(fd, &st) != 0)
        snprintf(why, cap, "cannot read it: %s", strerror(errno));
    else if (S_ISDIR(st.st_mode))
        snprintf(why, cap, "it is a directory (include a file)");
    else if (!S_ISREG(st.st_mode))
        snprintf(why, cap, "it is not a regular file (include a plain text file)");
    else if (st.st_size > CONFIG_INCLUDE_MAX)
        snprintf(why, cap, "it is larger than %d bytes", CONFIG_INCLUDE_MAX);
    else if (!(buf = malloc((size_t)st.st_size + 1)))
        snprintf(why, cap, "out of memory");
    ssize_t got = buf ? read(fd, buf, (size_t)st.st_size) : -1;
    if (buf && got < 0) {
        snprintf(why, cap, "cannot read it: %s", strerror(errno));
        free(buf);
        buf = NULL;
    }
    close(fd);
    if (buf) {
        *len = (size_t)got;
        buf[got] = '\0';
    }
    return buf;
}

/* The name of `@include "NAME"` read as libconfig reads it (to the first unescaped quote, across
 * lines, \\ and \" unescaped); false with the error filled if it is not a plain file name. */
static bool inc_name(struct inc_scan *sc, const char *p, size_t left, size_t *i, char *name,
                     size_t cap)
{
    size_t n = 0;
    for (; *i < left && p[*i] != '"'; (*i)++) {
        unsigned char c = (unsigned char)p[*i];
        if (c == '\\' && *i + 1 < left && (p[*i + 1] == '\\' || p[*i + 1] == '"'))
            c = (unsigned char)p[++*i];
        else if (c == '\\')
            return inc_fail(sc, "@include: a backslash in the file name (write the name plainly)");
        else if (c < ' ' || c == 0x7f)
            return inc_fail(sc, "@include: the file name has a control character or a line break "
                                "(write @include \"NAME\" on one line)");
        if (n + 1 >= cap)
            return inc_fail(sc, "@include: the file name is longer than %zu bytes", cap - 1);
        name[n++] = (char)c;
    }
    name[n] = '\0';
    if (*i >= left)
        return inc_fail(sc,
                        "@include: the file name has no closing quote (write @include \"NAME\")");
    return true;
}

/* At sc->pos: `@include "NAME"` (the line began with blanks only). */
static bool inc_directive(struct inc_scan *sc)
{
    const char *p = sc->s + sc->pos + strlen("@include");
    size_t left = sc->len - sc->pos - strlen("@include");
    size_t i = 0;
    while (i < left && (p[i] == ' ' || p[i] == '\t'))
        i++;
    if (i == 0 || i >= left || p[i] != '"')
        return true; /* not a directive: libconfig reports the syntax */
    char name[512], full[1100], why[256];
    i++;
    if (!inc_name(sc, p, left, &i, name, sizeof name))
        return false;
    if (name[0] == '/') /* libconfig would read it as incdir + name, a path that is not there */
        return inc_fail(sc,
                        "@include: \"%s\" is an absolute path; included files are named relative "
                        "to the config's folder (write it so, from %s, or move the file there)",
                        name, sc->incdir);
    snprintf(full, sizeof full, "%s/%s", sc->incdir, name);
    sc->pos += strlen("@include") + i + 1;
    if (sc->depth + 1 >= CONFIG_INCLUDE_DEPTH)
        return inc_fail(sc,
                        "@include: \"%s\" is nested more than %d files deep (include fewer levels)",
                        name, CONFIG_INCLUDE_DEPTH);
    size_t len = 0;
    char *text = inc_read(full, &len, why, sizeof why);
    if (!text)
        return inc_fail(sc, "@include: \"%s\" (%s): %s", name, full, why);
    bool ok = inc_text(name, text, len, sc->incdir, sc->depth + 1, sc->err, sc->errlen);
    free(text);
    return ok;
}

/* Skips a string or a comment at sc->pos, counting lines. */
static void inc_skip(struct inc_scan *sc)
{
    const char *s = sc->s;
    if (s[sc->pos] == '"') {
        for (sc->pos++; sc->pos < sc->len && s[sc->pos] != '"'; sc->pos++) {
            if (s[sc->pos] == '\\' && sc->pos + 1 < sc->len)
                sc->pos++;
            sc->line += s[sc->pos] == '\n';
        }
    } else if (s[sc->pos] == '#' || s[sc->pos + 1] == '/') {
        while (sc->pos < sc->len && s[sc->pos] != '\n')
            sc->pos++;
        return;
    } else {
        for (sc->pos += 2; sc->pos + 1 < sc->len && strncmp(s + sc->pos, "*/", 2); sc->pos++)
            sc->line += s[sc->pos] == '\n';
        sc->pos++;
    }
    sc->pos++;
}

static bool inc_text(const char *file, const char *text, size_t len, const char *incdir, int depth,
                     char *err, size_t errlen)
{
    struct inc_scan sc = { file, text, incdir, len, 0, 1, depth, err, errlen };
    bool line_start = true;
    while (sc.pos < sc.len) {
        char ch = text[sc.pos], next = sc.pos + 1 < len ? text[sc.pos + 1] : '\0';
        if (ch == '"' || ch == '#' || (ch == '/' && (next == '/' || next == '*'))) {
            inc_skip(&sc);
            line_start = false;
        } else if (ch == '@' && line_start && !strncmp(text + sc.pos, "@include", 8)) {
            if (!inc_directive(&sc))
                return false;
            line_start = false;
        } else {
            sc.line += ch == '\n';
            line_start = ch == '\n' || (line_start && (ch == ' ' || ch == '\t'));
            sc.pos++;
        }
    }
    return true;
}

bool config_include_check(const char *file, const char *text, size_t len, const char *incdir,
                          char *err, size_t errlen)
{
    return inc_text(file, text, len, incdir, 0, err, errlen);
}
