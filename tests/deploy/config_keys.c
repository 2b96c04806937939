/* config_keys: asks the config loader (config/config.c) which keys it accepts and of what type,
 * without a copy of its table: it feeds config_load small files in DIR and reads its errors.
 *
 *   config_keys list DIR   one line a key: "irc.port<TAB>an integer" (the loader's words for the
 *                          type); exit 0, or 1 with the reason on stderr
 *   config_keys same FILE  exit 0 if FILE loads to the same bot_config as an empty file (so it
 *                          sets keys to their defaults only), 1 if it loads to another, 2 if it
 *                          does not load (the loader's error on stderr)
 *
 * How "list" works: an unknown top-level key is refused with "unknown key (expected one of: A, B,
 * ...)"; the same inside a group lists the group's keys; a group { } as the value of a key is
 * refused with "must be <its type> (got a group { ... })". */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

#define PROBE "zz_deploy_probe"
#define UNKNOWN "unknown key (expected one of: "
#define MAX_NAMES 64

static char probe_path[4096];
static char err[2048];

/* snprintf that stops the program when buf is too small (names are short: it never is). */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void
fmt(char *buf, size_t len, const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    int n = vsnprintf(buf, len, f, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= len) {
        fprintf(stderr, "config_keys: a name longer than %zu bytes\n", len);
        exit(1);
    }
}

/* Writes text to the probe file and loads it; returns true if it loaded. */
static bool probe(const char *text)
{
    FILE *f = fopen(probe_path, "w");
    if (!f || fputs(text, f) == EOF || fclose(f) != 0) {
        fprintf(stderr, "config_keys: cannot write %s\n", probe_path);
        exit(1);
    }
    bot_config c;
    err[0] = '\0';
    return config_load(probe_path, &c, err, sizeof err);
}

/* The names of an "unknown key (expected one of: a, b)" error into names; returns how many, or -1
 * when the error is another one. */
static int expected_names(char names[][64])
{
    const char *p = strstr(err, UNKNOWN);
    const char *end = strrchr(err, ')');
    if (!p || !end)
        return -1;
    p += strlen(UNKNOWN);
    int n = 0;
    while (p < end && n < MAX_NAMES) {
        size_t len = strcspn(p, ",)");
        fmt(names[n++], 64, "%.*s", (int)len, p);
        p += len;
        while (*p == ',' || *p == ' ')
            p++;
    }
    return n;
}

/* The loader's words for the type of key (dotted), from "must be X (got a group { ... })". */
static bool key_type(const char *key, char *type, size_t len)
{
    char text[512];
    const char *dot = strchr(key, '.');
    if (dot)
        fmt(text, sizeof text, "%.*s = { %s = { }; };\n", (int)(dot - key), key, dot + 1);
    else
        fmt(text, sizeof text, "%s = { };\n", key);
    if (probe(text))
        return false;
    const char *p = strstr(err, "must be ");
    const char *q = strstr(err, " (got a group");
    if (!p || !q || q < p)
        return false;
    p += strlen("must be ");
    fmt(type, len, "%.*s", (int)(q - p), p);
    return true;
}

static bool print_key(const char *key)
{
    char type[256];
    if (!key_type(key, type, sizeof type)) {
        fprintf(stderr,
                "config_keys: %s: a group as its value gave \"%s\", not \"must be ... (got a "
                "group { ... })\"\n",
                key, err);
        return false;
    }
    printf("%s\t%s\n", key, type);
    return true;
}

static int list(const char *dir)
{
    char top[MAX_NAMES][64], inner[MAX_NAMES][64], text[512];
    fmt(probe_path, sizeof probe_path, "%s/config_keys_probe.conf", dir);
    if (probe(PROBE " = 1;\n")) {
        fprintf(stderr, "config_keys: the loader accepted the unknown key " PROBE "\n");
        return 1;
    }
    int ntop = expected_names(top);
    if (ntop <= 0) {
        fprintf(stderr,
                "config_keys: an unknown top-level key gave \"%s\", not \"" UNKNOWN "...)\"\n",
                err);
        return 1;
    }
    for (int i = 0; i < ntop; i++) {
        fmt(text, sizeof text, "%s = { " PROBE " = 1; };\n", top[i]);
        bool loaded = probe(text);
        int n = loaded ? -1 : expected_names(inner);
        if (n < 0) { /* not a group: a key of the top level */
            if (!print_key(top[i]))
                return 1;
            continue;
        }
        for (int j = 0; j < n; j++) {
            char key[160];
            fmt(key, sizeof key, "%s.%s", top[i], inner[j]);
            if (!print_key(key))
                return 1;
        }
    }
    remove(probe_path);
    return 0;
}

static int same(const char *file)
{
    bot_config want, got;
    memset(&want, 0, sizeof want);
    memset(&got, 0, sizeof got);
    if (!config_load("/dev/null", &want, err, sizeof err)) {
        fprintf(stderr, "config_keys: an empty file does not load: %s\n", err);
        return 2;
    }
    if (!config_load(file, &got, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    return memcmp(&want, &got, sizeof want) == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "list") == 0)
        return list(argv[2]);
    if (argc == 3 && strcmp(argv[1], "same") == 0)
        return same(argv[2]);
    fprintf(stderr, "usage: config_keys list DIR | config_keys same FILE\n");
    return 2;
}
