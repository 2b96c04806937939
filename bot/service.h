/* service.h — what the service manager (systemd, Type=notify) hears: readiness, a status
 * line, reload and stop notices, and the watchdog keep-alive. Harmless without systemd. */
#ifndef DURAK_SERVICE_H
#define DURAK_SERVICE_H

/* READY=1 with a status line. */
void service_ready(const char *status);
/* STATUS=... */
void service_status(const char *status);
void service_reloading(void);
void service_stopping(void);
/* Seconds between two WATCHDOG=1 (half of WatchdogSec), or 0 when no watchdog is asked for. */
double service_watchdog_interval(void);
void service_watchdog(void);

#endif
