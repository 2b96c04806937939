/* test_irc.c — bot/irc.c with libircclient on a socket pair: irc_client_send without a session,
 * with libircclient's output buffer full (later, not broken), and once the server is gone. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>

#include <libircclient.h>

#include "irc.h"

static void ignore(void *ctx, const irc_event *ev)
{
    (void)ctx;
    (void)ev;
}

/* One turn of the loop: select on the session's descriptors (1 s at most), then process. */
static bool turn(irc_client *c, char *err, size_t errlen)
{
    fd_set in, out;
    int maxfd = -1;
    FD_ZERO(&in);
    FD_ZERO(&out);
    irc_client_fds(c, &in, &out, &maxfd);
    assert_true(maxfd >= 0);
    struct timeval tv = { 1, 0 };
    assert_true(select(maxfd + 1, &in, &out, NULL, &tv) >= 0);
    return irc_client_process(c, &in, &out, err, errlen);
}

/* Turns of the loop until the peer has read `want` (everything read is appended to buf). */
static void turn_until_read(irc_client *c, int peer, char *buf, size_t cap, const char *want)
{
    char err[128];
    size_t len = strlen(buf);
    for (int i = 0; i < 50 && !strstr(buf, want); i++) {
        assert_true(turn(c, err, sizeof err));
        struct pollfd p = { peer, POLLIN, 0 };
        while (poll(&p, 1, 0) == 1 && len < cap - 1) {
            ssize_t n = recv(peer, buf + len, cap - 1 - len, 0);
            assert_true(n > 0);
            len += (size_t)n;
            buf[len] = '\0';
        }
    }
    assert_non_null(strstr(buf, want));
}

/* No session (before the first connection, after a drop): a line cannot go, and the error says
 * why rather than being empty. */
static void test_send_without_session(void **state)
{
    (void)state;
    irc_client *c = irc_client_new(ignore, NULL);
    assert_non_null(c);
    char err[128] = "";
    assert_int_equal(irc_client_send(c, "NICK durakbot", err, sizeof err), IRC_SEND_BROKEN);
    assert_string_equal(err, "not connected");
    irc_client_free(c);
}

/* libircclient's output buffer full (it writes only when processed): FULL, which the writer waits
 * out, never BROKEN, which would drop a healthy connection; once the buffer went out, the line
 * goes. After the server closed the connection: processing fails with libircclient's reason, and
 * a line then is BROKEN with its error. */
static void test_send_full_then_broken(void **state)
{
    (void)state;
    int sv[2];
    char err[128] = "", seen[8192] = "";
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    irc_client *c = irc_client_new(ignore, NULL);
    assert_true(irc_client_connect(c, sv[0], "", "durakbot", "durak", "Durak", err, sizeof err));
    turn_until_read(c, sv[1], seen, sizeof seen, "USER durak");

    char line[501];
    memset(line, 'x', sizeof line - 1);
    line[sizeof line - 1] = '\0';
    memcpy(line, "PRIVMSG #durak :", 16);
    int sent = 0;
    irc_send_result r;
    while ((r = irc_client_send(c, line, err, sizeof err)) == IRC_SENT && sent < 10)
        sent++;
    assert_int_equal(r, IRC_SEND_FULL);
    assert_true(sent >= 1);
    seen[0] = '\0';
    turn_until_read(c, sv[1], seen, sizeof seen, "xx\r\n");
    assert_int_equal(irc_client_send(c, line, err, sizeof err), IRC_SENT);
    seen[0] = '\0';
    turn_until_read(c, sv[1], seen, sizeof seen, "xx\r\n"); /* nothing left to write */

    close(sv[1]);
    bool ok = true;
    for (int i = 0; i < 50 && ok; i++)
        ok = turn(c, err, sizeof err);
    assert_false(ok);
    assert_true(!strcmp(err, irc_strerror(LIBIRC_ERR_TERMINATED)) /* libircclient 1.9 */
                || !strcmp(err, irc_strerror(LIBIRC_ERR_CLOSED)));
    err[0] = '\0';
    assert_int_equal(irc_client_send(c, "PING :x", err, sizeof err), IRC_SEND_BROKEN);
    assert_string_equal(err, irc_strerror(LIBIRC_ERR_STATE));
    irc_client_free(c);
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN); /* as durakbot's main does: a closed peer is an error, not a kill */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_send_without_session),
        cmocka_unit_test(test_send_full_then_broken),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
