/* log.c — one line per message to stderr as "<N>text", N the syslog priority, so journald shows
 * levels (a terminal also gets the time). Owns the level filter; no control byte or bad UTF-8. */
#define _POSIX_C_SOURCE 200809L /* localtime_r, isatty */
#include "log.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "utf8.h"

/* The one piece of state: the level set by log_set_level. */
static int log_level = LOG_INFO;

void log_set_level(int max_prio)
{
    log_level = max_prio < LOG_EMERG ? LOG_EMERG : max_prio > LOG_DEBUG ? LOG_DEBUG : max_prio;
}

/* CR, LF and tab become spaces, any other character not shown as it is (utf8_is_shown) and
 * each byte that is not UTF-8 a '?'. */
static void log_write(int prio, char *text)
{
    unsigned char *in = (unsigned char *)text, *out = in;
    size_t left = strlen(text);
    while (left) {
        uint32_t cp = 0;
        size_t n = utf8_decode(in, left, &cp);
        bool shown = n && utf8_is_shown(cp); /* a kick's reason could move a terminal's cursor */
        n = n ? n : 1;
        if (shown) {
            memmove(out, in, n);
            out += n;
        } else {
            *out++ = *in == '\r' || *in == '\n' || *in == '\t' ? ' ' : '?';
        }
        in += n;
        left -= n;
    }
    *out = '\0';
    static int tty = -1; /* run by hand (durakbot(8)'s EXAMPLES): journald stamps its own lines */
    char when[32] = "";
    time_t now = time(NULL);
    struct tm local;
    if (tty < 0)
        tty = isatty(STDERR_FILENO);
    if (tty && localtime_r(&now, &local))
        strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S ", &local);
    fprintf(stderr, "%s<%d>%s\n", when, prio, text);
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
