/* service.c — sd_notify(3)'s datagram protocol for Type=notify units, spoken directly; every
 * call is a no-op when NOTIFY_SOCKET is unset (not started by systemd). */
#define _GNU_SOURCE /* SOCK_CLOEXEC */
#include "service.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

/* The protocol is one datagram of NEWLINE-separated assignments to the AF_UNIX socket named by
 * NOTIFY_SOCKET ('@' first: the abstract namespace), which systemd documents as stable and
 * gives a stand-alone implementation of in sd_notify(3). libsystemd did this for us, and
 * loading it and the five compression and crypto libraries it needs cost 0.96 MiB of the
 * bot's 8.1 MiB RSS at 30 games (bench_load, /proc/PID/smaps). */
static void notify(const char *fmt, ...)
{
    const char *path = getenv("NOTIFY_SOCKET");
    struct sockaddr_un sun = { .sun_family = AF_UNIX };
    size_t plen = path ? strlen(path) : 0;
    if (plen == 0 || plen >= sizeof sun.sun_path || (path[0] != '/' && path[0] != '@'))
        return;
    memcpy(sun.sun_path, path, plen);
    if (sun.sun_path[0] == '@')
        sun.sun_path[0] = '\0';
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return;
    socklen_t alen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + plen);
    if (connect(fd, (struct sockaddr *)&sun, alen) == 0) {
        size_t len = (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1;
        if (write(fd, msg, len) < 0) {
            /* nothing to do: the service manager is gone, and so is its watchdog */
        }
    }
    close(fd);
}

void service_ready(const char *status) { notify("READY=1\nSTATUS=%s", status); }

void service_status(const char *status) { notify("STATUS=%s", status); }

void service_reloading(void) { notify("RELOADING=1\nSTATUS=reloading the configuration"); }

void service_stopping(void) { notify("STOPPING=1\nSTATUS=saving games and quitting"); }

/* s, all decimal digits (no sign, space or unit), in *v. */
static bool whole_number(const char *s, unsigned long long *v)
{
    char *end;
    if (!s || s[0] < '0' || s[0] > '9')
        return false;
    *v = strtoull(s, &end, 10);
    return *end == '\0';
}

/* As sd_watchdog_enabled(3): WATCHDOG_USEC, when WATCHDOG_PID is unset or names this process. */
double service_watchdog_interval(void)
{
    const char *pid = getenv("WATCHDOG_PID");
    unsigned long long us, p;
    if (!whole_number(getenv("WATCHDOG_USEC"), &us) || us == 0
        || (pid && (!whole_number(pid, &p) || p != (unsigned long long)getpid())))
        return 0;
    return (double)us / 2e6;
}

void service_watchdog(void) { notify("WATCHDOG=1"); }
