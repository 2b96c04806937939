/* log: one line per message to stderr as "<N>text", N the syslog priority, so journald shows levels.
 * Owns the level filter; no control byte or invalid UTF-8 from a message reaches the log. */
#include "log.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The one piece of state: the level set by log_set_level. */
static int log_level = LOG_INFO;

void log_set_level(int max_prio)
{
    log_level = max_prio < LOG_EMERG ? LOG_EMERG : max_prio > LOG_DEBUG ? LOG_DEBUG : max_prio;
}

/* The length of the character at s (NUL-terminated; 1 for a byte that is not valid UTF-8), and
 * whether it may be logged as it is: not a control, a C1 control or a direction override. Text
 * from IRC (a kick's reason) could otherwise move a terminal's cursor or reorder a line for
 * whoever reads the log. */
static size_t log_char(const unsigned char *s, bool *shown)
{
    static const uint32_t min[] = { 0, 0, 0x80, 0x800, 0x10000 };
    unsigned char b = s[0];
    size_t len = b < 0x80                 ? 1
                 : b >= 0xC2 && b <= 0xDF ? 2
                 : b >= 0xE0 && b <= 0xEF ? 3
                 : b >= 0xF0 && b <= 0xF4 ? 4
                                          : 0;
    uint32_t cp = len == 1 ? b : b & (0x7Fu >> len);
    for (size_t k = 1; k < len; k++) {
        if ((s[k] & 0xC0) != 0x80)
            len = 0;
        else
            cp = (cp << 6) | (s[k] & 0x3Fu);
    }
    *shown = len && cp >= min[len] && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF)
             && cp >= 0x20 && !(cp >= 0x7F && cp <= 0x9F) && !(cp >= 0x202A && cp <= 0x202E)
             && !(cp >= 0x2066 && cp <= 0x2069);
    return len ? len : 1;
}

/* CR, LF and tab become spaces, any other character that may not be logged as it is a '?'. */
static void log_write(int prio, char *text)
{
    unsigned char *in = (unsigned char *)text, *out = in;
    while (*in) {
        bool shown;
        size_t n = log_char(in, &shown);
        if (shown) {
            memmove(out, in, n);
            out += n;
        } else {
            *out++ = *in == '\r' || *in == '\n' || *in == '\t' ? ' ' : '?';
        }
        in += n;
    }
    *out = '\0';
    fprintf(stderr, "<%d>%s\n", prio, text);
}

void log_msg(int prio, const char *fmt, ...)
{
    char small[1024];
    va_list ap;
    if (prio < LOG_EMERG)
        prio = LOG_EMERG;
    if (prio > LOG_DEBUG)
        prio = LOG_DEBUG;
    if (prio > log_level)
        return;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        log_write(prio, small);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        log_write(prio, small); /* the first 1023 bytes rather than nothing */
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    log_write(prio, big);
    free(big);
}
