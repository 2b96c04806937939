/* log.h — one line per message to stderr as "<N>text", N the syslog priority, so journald shows
 * levels. Owns the level filter; CR and LF never reach the log from a message. */
#ifndef DURAK_LOG_H
#define DURAK_LOG_H

#include <syslog.h> /* LOG_ERR, LOG_WARNING, LOG_NOTICE, LOG_INFO, LOG_DEBUG */

#if defined(__GNUC__)
#define LOG_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define LOG_PRINTF(f, a)
#endif

/* Writes "<prio>text\n" to stderr if prio <= the level; CR and LF in the text become spaces. */
void log_msg(int prio, const char *fmt, ...) LOG_PRINTF(2, 3);

/* Messages with a priority above max_prio are dropped (default LOG_INFO; LOG_DEBUG shows all): the
 * tests quieten or capture the log with it; the bot keeps the default. */
void log_set_level(int max_prio);

#endif
