/* log: one line per message to stderr as "<N>text", N the syslog priority, so journald shows levels.
 * Owns the level filter; CR and LF never reach the log from a message. */
#include "log.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The one piece of state: the level set by log_set_level. */
static int log_level = LOG_INFO;

void log_set_level(int max_prio)
{
    log_level = max_prio < LOG_EMERG ? LOG_EMERG : max_prio > LOG_DEBUG ? LOG_DEBUG : max_prio;
}

static void log_write(int prio, char *text)
{
    for (char *p = text; (p = strpbrk(p, "\r\n")) != NULL;)
        *p = ' ';
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
