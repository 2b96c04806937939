/* service.c — sd_notify(3) messages for Type=notify units; every call is a no-op
 * when NOTIFY_SOCKET is unset (not started by systemd). */
#include "service.h"

#include <stdint.h>
#include <stdio.h>
#include <systemd/sd-daemon.h>

void service_ready(const char *status) { sd_notifyf(0, "READY=1\nSTATUS=%s", status); }

void service_status(const char *status) { sd_notifyf(0, "STATUS=%s", status); }

void service_reloading(void) { sd_notify(0, "RELOADING=1\nSTATUS=reloading the configuration"); }

void service_stopping(void) { sd_notify(0, "STOPPING=1\nSTATUS=saving games and quitting"); }

double service_watchdog_interval(void)
{
    uint64_t usec = 0;
    if (sd_watchdog_enabled(0, &usec) <= 0 || usec == 0)
        return 0;
    return (double)usec / 2e6;
}

void service_watchdog(void) { sd_notify(0, "WATCHDOG=1"); }
