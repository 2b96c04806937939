/* test_notify: the datagrams a Type=notify unit's manager reads from NOTIFY_SOCKET (a path or
 * an abstract '@' name), nothing without it, and the watchdog interval its variables ask for. */
#define _GNU_SOURCE /* abstract socket names, SOCK_CLOEXEC */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "service.h"

/* A datagram socket standing in for systemd's: bound to name ('@' first: abstract). */
static int listener(const char *name)
{
    struct sockaddr_un sun = { .sun_family = AF_UNIX };
    size_t len = strlen(name);
    memcpy(sun.sun_path, name, len);
    if (name[0] == '@')
        sun.sun_path[0] = '\0';
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    assert_true(fd >= 0);
    assert_int_equal(bind(fd, (struct sockaddr *)&sun,
                          (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len)),
                     0);
    return fd;
}

/* The next datagram, or "" when none is waiting. */
static void next_datagram(int fd, char *buf, size_t cap)
{
    ssize_t n = recv(fd, buf, cap - 1, MSG_DONTWAIT);
    buf[n > 0 ? n : 0] = '\0';
}

static void test_path_socket_hears_each_notice(void **state)
{
    (void)state;
    char dir[] = "/tmp/durak-service-XXXXXX", path[96], got[1100];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/notify", dir);
    int fd = listener(path);
    setenv("NOTIFY_SOCKET", path, 1);
    service_ready("connected to irc.example.net, 2 channels");
    next_datagram(fd, got, sizeof got);
    assert_string_equal(got, "READY=1\nSTATUS=connected to irc.example.net, 2 channels");
    service_status("3 games");
    next_datagram(fd, got, sizeof got);
    assert_string_equal(got, "STATUS=3 games");
    service_reloading();
    next_datagram(fd, got, sizeof got);
    assert_string_equal(got, "RELOADING=1\nSTATUS=reloading the configuration");
    service_watchdog();
    next_datagram(fd, got, sizeof got);
    assert_string_equal(got, "WATCHDOG=1");
    service_stopping();
    next_datagram(fd, got, sizeof got);
    assert_string_equal(got, "STOPPING=1\nSTATUS=saving games and quitting");
    /* a status longer than a datagram's room is cut, not dropped */
    char status[1500];
    memset(status, 'x', sizeof status - 1);
    status[sizeof status - 1] = '\0';
    service_status(status);
    next_datagram(fd, got, sizeof got);
    assert_int_equal(strncmp(got, "STATUS=xxx", 10), 0);
    unsetenv("NOTIFY_SOCKET");
    close(fd);
    unlink(path);
    rmdir(dir);
}

static void test_abstract_socket(void **state)
{
    (void)state;
    char name[64], got[256];
    snprintf(name, sizeof name, "@durak-service-test-%ld", (long)getpid());
    int fd = listener(name);
    setenv("NOTIFY_SOCKET", name, 1);
    service_watchdog();
    next_datagram(fd, got, sizeof got);
    assert_string_equal(got, "WATCHDOG=1");
    /* without NOTIFY_SOCKET, or with an address that is no unix socket's, nothing is sent */
    unsetenv("NOTIFY_SOCKET");
    service_watchdog();
    setenv("NOTIFY_SOCKET", "vsock:2:1234", 1);
    service_watchdog();
    unsetenv("NOTIFY_SOCKET");
    next_datagram(fd, got, sizeof got);
    assert_string_equal(got, "");
    close(fd);
}

static void test_watchdog_interval(void **state)
{
    (void)state;
    char pid[32];
    unsetenv("WATCHDOG_PID");
    unsetenv("WATCHDOG_USEC");
    assert_true(service_watchdog_interval() == 0);
    setenv("WATCHDOG_USEC", "30000000", 1); /* WatchdogSec=30: a keep-alive each 15 s */
    assert_true(service_watchdog_interval() == 15.0);
    snprintf(pid, sizeof pid, "%ld", (long)getpid());
    setenv("WATCHDOG_PID", pid, 1);
    assert_true(service_watchdog_interval() == 15.0);
    snprintf(pid, sizeof pid, "%ld", (long)getpid() + 1); /* meant for another process */
    setenv("WATCHDOG_PID", pid, 1);
    assert_true(service_watchdog_interval() == 0);
    snprintf(pid, sizeof pid, "%ldx", (long)getpid()); /* not a pid at all */
    setenv("WATCHDOG_PID", pid, 1);
    assert_true(service_watchdog_interval() == 0);
    unsetenv("WATCHDOG_PID");
    const char *bad[] = { "", "0", "-5", "30s", " 30" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        setenv("WATCHDOG_USEC", bad[i], 1);
        assert_true(service_watchdog_interval() == 0);
    }
    unsetenv("WATCHDOG_USEC");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_path_socket_hears_each_notice),
        cmocka_unit_test(test_abstract_socket),
        cmocka_unit_test(test_watchdog_interval),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
