/* log_capture.h — for unit tests: what the bot logs (bot/log.h, to stderr) between
 * log_capture() and log_captured(), read back as one string (at most 4 KiB). */
#ifndef DURAK_TEST_LOG_CAPTURE_H
#define DURAK_TEST_LOG_CAPTURE_H

#include <stdio.h>
#include <unistd.h>

#include "log.h"

static FILE *log_capture_tmp;
static int log_capture_fd;

/* From now on stderr goes to a temporary file, every level logged. */
static inline void log_capture(void)
{
    log_capture_tmp = tmpfile();
    assert_non_null(log_capture_tmp);
    fflush(stderr);
    log_capture_fd = dup(2);
    dup2(fileno(log_capture_tmp), 2);
    log_set_level(LOG_DEBUG);
}

/* stderr back, and what was logged since log_capture() (valid until the next call). */
static inline const char *log_captured(void)
{
    static char buf[4096];
    fflush(stderr);
    log_set_level(-1);
    dup2(log_capture_fd, 2);
    close(log_capture_fd);
    rewind(log_capture_tmp);
    size_t n = fread(buf, 1, sizeof buf - 1, log_capture_tmp);
    buf[n] = '\0';
    fclose(log_capture_tmp);
    return buf;
}

#endif
