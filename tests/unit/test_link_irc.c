/* test_link_irc: the relay in IRC mode over plain TCP against a scripted server on 127.0.0.1:
 * registration starts at once (NICK/USER right after CAP LS), the CAP wait is bounded, lines are
 * never interleaved, a server that registers without CAP ends the wait, refusals are not logged,
 * no memory for the relay, a legacy encoding's line in pieces, a reset mid-line, a server that
 * ends before a word (what to do: irc.tls = true), libircclient's end going away; the bot's own lines (link_send) between whole lines, converted, held when full; "auto" knowing
 * who writes UTF-8 from one connection to the next. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "failalloc.h"
#include "link.h"
#include "link_drive.h"
#include "link_enc.h"
#include "local_listen.h"

/* libircclient's end of the relay's socket pair, made blocking as the tests read and write it. */
static int client_end(int fd)
{
    assert_true(fd >= 0);
    assert_int_equal(fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK), 0);
    return fd;
}

static void say(int fd, const char *text)
{
    assert_int_equal(send(fd, text, strlen(text), MSG_NOSIGNAL), (ssize_t)strlen(text));
}

/* Appends what fd sends to buf (NUL-terminated) until it holds want or ms pass; true if it does. */
static bool read_until(int fd, char *buf, size_t cap, const char *want, int ms)
{
    double end = clock_monotonic() + ms / 1000.0;
    size_t len = strlen(buf);
    while (!strstr(buf, want)) {
        double left = (end - clock_monotonic()) * 1000.0;
        struct pollfd p = { fd, POLLIN, 0 };
        if (left <= 0 || poll(&p, 1, (int)left + 1) != 1)
            return false;
        ssize_t n = recv(fd, buf + len, cap - 1 - len, 0);
        if (n <= 0)
            return false;
        len += (size_t)n;
        buf[len] = '\0';
    }
    return true;
}

/* The relay to a scripted server: srv is the server's side, cli libircclient's. */
struct setup {
    link_relay *r;
    int listen, srv, cli, port;
    double t0;
};

static void open_relay_in(struct setup *s, link_sasl sasl, bool required, int cap_wait_ms,
                          int encoding, link_enc_people *people)
{
    int port, local;
    char err[256] = "";
    s->listen = listen_local(&port);
    link_opts o = { .host = "127.0.0.1",
                    .port = port,
                    .plain = true,
                    .irc = true,
                    .sasl = sasl,
                    .sasl_user = "durakbot",
                    .sasl_pass = "sekrit",
                    .sasl_required = required,
                    .cap_wait_ms = cap_wait_ms,
                    .encoding = encoding,
                    .people = people };
    s->r = drive_start(&o, &local, err, sizeof err);
    if (!s->r)
        fail_msg("link_start: %s", err);
    s->cli = client_end(local);
    s->srv = accept(s->listen, NULL, NULL);
    assert_true(s->srv >= 0);
    s->t0 = clock_monotonic();
    s->port = port;
}

/* The same to a server whose text is UTF-8. */
static void open_relay(struct setup *s, link_sasl sasl, bool required, int cap_wait_ms)
{
    open_relay_in(s, sasl, required, cap_wait_ms, 0, NULL);
}

static void close_relay(struct setup *s)
{
    close(s->cli);
    drive_stop(s->r);
    if (s->srv >= 0)
        close(s->srv);
    close(s->listen);
}

/* A server that ignores CAP LS (ircd 2.11): NICK and USER reach it at once, its 001 reaches
 * libircclient, and no CAP END follows (nothing to end) even after the CAP wait. */
static void test_register_at_once(void **state)
{
    (void)state;
    struct setup s;
    char got[2048] = "", down[2048] = "";
    open_relay(&s, LINK_SASL_NONE, false, 300);
    say(s.cli, "NICK durakbot\r\nUSER durak 0 * :Durak\r\n");
    assert_true(read_until(s.srv, got, sizeof got, "USER durak 0 * :Durak\r\n", 5000));
    assert_true(clock_monotonic() - s.t0 < 1.0);
    assert_string_equal(got, "CAP LS 302\r\nNICK durakbot\r\nUSER durak 0 * :Durak\r\n");
    say(s.srv, ":irc2.test 020 * :Please wait while we process your connection.\r\n"
               ":irc2.test 001 durakbot :Welcome\r\n");
    assert_true(read_until(s.cli, down, sizeof down, " 001 durakbot", 5000));
    assert_non_null(strstr(down, " 020 * :Please wait"));
    assert_false(read_until(s.srv, got, sizeof got, "CAP END", 800));
    say(s.srv, "PING :irc2.test\r\n"); /* libircclient answers the PINGs now */
    assert_true(read_until(s.cli, down, sizeof down, "PING :irc2.test", 5000));
    assert_false(link_failed(s.r, NULL, 0));
    close_relay(&s);
}

/* irc.encoding cp1251: a PRIVMSG of 400 Cyrillic letters, 430 bytes as the server sends it,
 * reaches libircclient whole, 800 bytes of UTF-8 text (cut at 510 bytes once converted, half of
 * it was lost). */
static void test_converted_line_whole(void **state)
{
    (void)state;
    struct setup s;
    static char got[4096], line[600], want[1000];
    open_relay_in(&s, LINK_SASL_NONE, false, 0, LINK_ENC_CP1251, NULL);
    say(s.cli, "NICK durakbot\r\nUSER durak 0 * :Durak\r\n");
    assert_true(read_until(s.srv, got, sizeof got, "USER durak", 5000));
    say(s.srv, ":cp.test 001 durakbot :Welcome\r\n");
    int n = snprintf(line, sizeof line, ":anna!a@h PRIVMSG durakbot :");
    memset(line + n, 0xE1, 400); /* б */
    memcpy(line + n + 400, "\r\n", 3);
    say(s.srv, line);
    for (int i = 0; i < 400; i++)
        memcpy(want + 2 * i, "\xD0\xB1", 2);
    strcpy(want + 800, "\r\n");
    got[0] = '\0';
    assert_true(read_until(s.cli, got, sizeof got, want, 5000));
    close_relay(&s);
}

/* irc.encoding cp1251, libircclient's line arriving in two pieces after a whole one: the whole
 * line goes out converted at once, the piece waits for the rest of its line, and the server gets
 * both lines whole, in cp1251. */
static void test_converted_line_in_pieces(void **state)
{
    (void)state;
    struct setup s;
    char got[2048] = "";
    open_relay_in(&s, LINK_SASL_NONE, false, 0, LINK_ENC_CP1251, NULL);
    say(s.cli, "NICK durakbot\r\nPRIVMSG #x :\xD0\xB4\xD0\xB0\r\nPRIVMSG #y :\xD0\xB1");
    assert_true(read_until(s.srv, got, sizeof got, "PRIVMSG #x :\xE4\xE0\r\n", 5000));
    assert_null(strstr(got, "#y"));
    struct timespec pause = { 0, 100 * 1000 * 1000 };
    nanosleep(&pause, NULL); /* the relay has waited on the piece by now */
    say(s.cli, "\xD0\xB2\r\nQUIT\r\n");
    assert_true(read_until(s.srv, got, sizeof got, "QUIT\r\n", 5000));
    assert_non_null(strstr(got, "PRIVMSG #x :\xE4\xE0\r\nPRIVMSG #y :\xE1\xE2\r\nQUIT\r\n"));
    assert_false(link_failed(s.r, NULL, 0));
    close_relay(&s);
}

/* The server's connection breaks in the middle of a line (a reset, not a close): libircclient's
 * end closes, and link_failed names the server and the reason, for the caller to log with its
 * retry. */
static void test_server_connection_breaks(void **state)
{
    (void)state;
    struct setup s;
    char got[2048] = "", down[2048] = "", why[512], want[256];
    open_relay(&s, LINK_SASL_NONE, false, 0);
    say(s.cli, "NICK durakbot\r\nUSER durak 0 * :Durak\r\n");
    assert_true(read_until(s.srv, got, sizeof got, "USER durak", 5000));
    say(s.srv, ":irc.test 001 durakbot :Welcome\r\n:irc.test 002 durakbot :Your ho");
    assert_true(read_until(s.cli, down, sizeof down, " 001 durakbot", 5000));
    struct linger reset = { 1, 0 };
    assert_int_equal(setsockopt(s.srv, SOL_SOCKET, SO_LINGER, &reset, sizeof reset), 0);
    close(s.srv); /* an RST */
    s.srv = -1;
    assert_false(read_until(s.cli, down, sizeof down, "002", 5000)); /* EOF, the piece dropped */
    assert_true(link_failed(s.r, why, sizeof why));
    snprintf(want, sizeof want, "link: the connection to 127.0.0.1:%d broke: %s", s.port,
             strerror(ECONNRESET));
    assert_string_equal(why, want);
    close_relay(&s);
}

/* A TLS port that gets plain text ends the connection without a word, by a close or a reset:
 * link_failed then says what to do about it; a server that said a line and closed is no failure. */
static void test_silent_end_hints_tls(void **state)
{
    (void)state;
    for (int how = 0; how < 3; how++) { /* a close, a reset, a close after a line */
        struct setup s;
        char got[2048] = "", down[2048] = "", why[1024], want[512];
        open_relay(&s, LINK_SASL_NONE, false, 0);
        /* read, so that a close is a close and not a reset for unread bytes */
        assert_true(read_until(s.srv, got, sizeof got, "CAP LS 302\r\n", 5000));
        struct linger reset = { 1, 0 };
        if (how == 1)
            assert_int_equal(setsockopt(s.srv, SOL_SOCKET, SO_LINGER, &reset, sizeof reset), 0);
        if (how == 2)
            say(s.srv, ":irc.test NOTICE * :*** Looking up your hostname\r\n");
        close(s.srv);
        s.srv = -1;
        assert_false(read_until(s.cli, down, sizeof down, "never", 5000)); /* EOF */
        if (how == 2) {
            assert_non_null(strstr(down, "Looking up your hostname"));
            assert_false(link_failed(s.r, NULL, 0));
        } else {
            assert_true(link_failed(s.r, why, sizeof why));
            if (how == 0)
                snprintf(want, sizeof want,
                         "link: 127.0.0.1:%d closed the connection before saying anything (if "
                         "port %d expects TLS, set irc.tls = true)",
                         s.port, s.port);
            else
                snprintf(want, sizeof want,
                         "link: the connection to 127.0.0.1:%d broke: %s (the server closed the "
                         "connection before saying anything: if port %d expects TLS, set "
                         "irc.tls = true)",
                         s.port, strerror(ECONNRESET), s.port);
            assert_string_equal(why, want);
        }
        close_relay(&s);
    }
}

/* libircclient's end goes away (it stops reading) while the server sends: the relay ends and
 * closes the server's connection, with nothing to report (it was the bot's own doing). */
static void test_client_end_goes_away(void **state)
{
    (void)state;
    struct setup s;
    char got[2048] = "";
    open_relay(&s, LINK_SASL_NONE, false, 0);
    say(s.cli, "NICK durakbot\r\nUSER durak 0 * :Durak\r\n");
    assert_true(read_until(s.srv, got, sizeof got, "USER durak", 5000));
    assert_int_equal(shutdown(s.cli, SHUT_RD), 0); /* its writes to libircclient fail: EPIPE */
    say(s.srv, ":irc.test 001 durakbot :Welcome\r\n");
    assert_false(read_until(s.srv, got, sizeof got, "never", 5000)); /* EOF, not the timeout */
    assert_true(clock_monotonic() - s.t0 < 4.0);
    assert_false(link_failed(s.r, NULL, 0));
    close_relay(&s);
}

/* A server that says nothing at all: NICK/USER at once, CAP END when the CAP wait ends (so the
 * caller's registration timeout, longer, never fires first). */
static void test_cap_wait_bounded(void **state)
{
    (void)state;
    struct setup s;
    char got[2048] = "";
    open_relay(&s, LINK_SASL_NONE, false, 400);
    say(s.cli, "NICK durakbot\r\nUSER durak 0 * :Durak\r\n");
    assert_true(read_until(s.srv, got, sizeof got, "CAP END\r\n", 5000));
    double took = clock_monotonic() - s.t0;
    assert_true(took >= 0.3 && took < 2.0);
    assert_string_equal(got, "CAP LS 302\r\nNICK durakbot\r\nUSER durak 0 * :Durak\r\nCAP END\r\n");
    close_relay(&s);
}

/* SASL with a server that holds registration: NICK/USER go at once, the server registers the
 * bot only after CAP END, which comes after SASL succeeded. The CAP REQ that became due while
 * libircclient's NICK was half sent goes after its end of line, not inside it. */
static void test_sasl_whole_lines(void **state)
{
    (void)state;
    struct setup s;
    char got[4096] = "";
    open_relay(&s, LINK_SASL_PLAIN, true, 0);
    say(s.cli, "NICK dur");
    assert_true(read_until(s.srv, got, sizeof got, "NICK dur", 5000));
    say(s.srv, ":s CAP * LS :sasl multi-prefix\r\n");
    struct timespec pause = { 0, 300 * 1000 * 1000 };
    nanosleep(&pause, NULL); /* the relay has the CAP REQ by now */
    say(s.cli, "akbot\r\nUSER durak 0 * :Durak\r\n");
    assert_true(read_until(s.srv, got, sizeof got, "CAP REQ :sasl multi-prefix\r\n", 5000));
    assert_true(read_until(s.srv, got, sizeof got, "USER durak 0 * :Durak\r\n", 5000));
    assert_non_null(strstr(got, "CAP LS 302\r\nNICK durakbot\r\n"));
    say(s.srv, ":s CAP * ACK :sasl multi-prefix\r\n");
    assert_true(read_until(s.srv, got, sizeof got, "AUTHENTICATE PLAIN\r\n", 5000));
    say(s.srv, "AUTHENTICATE +\r\n");
    assert_true(read_until(s.srv, got, sizeof got,
                           "AUTHENTICATE ZHVyYWtib3QAZHVyYWtib3QAc2Vrcml0\r\n", 5000));
    assert_null(strstr(got, "CAP END"));
    say(s.srv, ":s 903 * :SASL authentication successful\r\n");
    assert_true(read_until(s.srv, got, sizeof got, "CAP END\r\n", 5000));
    close_relay(&s);
}

/* SASL required and the server registers the bot without knowing CAP: the relay ends, with
 * why, and libircclient never sees the 001. */
static void test_required_sasl_no_cap(void **state)
{
    (void)state;
    struct setup s;
    char got[2048] = "", down[2048] = "", why[1024];
    open_relay(&s, LINK_SASL_PLAIN, true, 0);
    say(s.cli, "NICK durakbot\r\nUSER durak 0 * :Durak\r\n");
    assert_true(read_until(s.srv, got, sizeof got, "USER durak", 5000));
    say(s.srv, ":irc2.test 001 durakbot :Welcome\r\n");
    assert_false(read_until(s.cli, down, sizeof down, "001", 3000)); /* EOF instead */
    assert_true(link_failed(s.r, why, sizeof why));
    assert_non_null(strstr(why, "SASL: the server registered the bot without answering CAP LS"));
    close_relay(&s);
}

/* A refused connect: link_failed tells why; the relay does not log it itself (the caller logs
 * one line with its retry). */
static void test_refused_not_logged(void **state)
{
    (void)state;
    int port, local;
    char err[256], why[512], want[256], log_path[] = "/tmp/test_link_irc_XXXXXX";
    close(listen_local(&port));
    int logfd = mkstemp(log_path), saved = dup(2);
    assert_true(logfd >= 0 && saved >= 0);
    fflush(stderr);
    dup2(logfd, 2);
    link_opts o = { .host = "127.0.0.1", .port = port, .plain = true, .irc = true };
    link_relay *r = drive_start(&o, &local, err, sizeof err);
    assert_non_null(r);
    int cli = client_end(local);
    char buf[64] = "";
    assert_false(read_until(cli, buf, sizeof buf, "x", 5000)); /* EOF */
    assert_true(link_failed(r, why, sizeof why));
    drive_stop(r);
    close(cli);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    snprintf(want, sizeof want,
             "link: cannot connect to 127.0.0.1:%d: Connection refused (check irc.server and "
             "irc.port)",
             port);
    assert_string_equal(why, want);
    char logged[512] = "";
    ssize_t n = pread(logfd, logged, sizeof logged - 1, 0);
    close(logfd);
    unlink(log_path);
    assert_true(n >= 0);
    assert_null(strstr(logged, "cannot connect"));
}

/* No memory for the relay's allocations, each in turn (its state in link_start, its connection
 * in its thread) until a relay needs none: link_start says so, or libircclient's end closes at
 * once with link_failed saying why, as after a refused connect (the caller logs it and
 * reconnects; a relay that kept its end open left the bot waiting for its registration timeout).
 * Then, memory back, the relay connects and registration starts. */
static void test_out_of_memory(void **state)
{
    (void)state;
    int port, local;
    char err[256], why[256];
    int lfd = listen_local(&port);
    link_opts o = { .host = "127.0.0.1", .port = port, .plain = true, .irc = true };
    long k = 1;
    for (;; k++) {
        err[0] = '\0';
        failalloc_after(k);
        link_relay *r = drive_start(&o, &local, err, sizeof err);
        if (!r) {
            bool refused = failalloc_failed();
            failalloc_off();
            assert_true(refused);
            assert_string_equal(err, "link: out of memory");
            continue;
        }
        int cli = client_end(local);
        struct pollfd p[2] = { { cli, POLLIN, 0 }, { lfd, POLLIN, 0 } };
        assert_int_equal(poll(p, 2, 3000), 1); /* the end closed, or a connection: not both */
        bool refused = failalloc_failed();
        failalloc_off();
        if (!refused) {
            assert_true(p[1].revents & POLLIN);
            int srv = accept(lfd, NULL, NULL);
            char got[256] = "";
            assert_true(read_until(srv, got, sizeof got, "CAP LS 302\r\n", 5000));
            close(srv);
            close(cli);
            drive_stop(r);
            break;
        }
        char buf[8];
        assert_true(p[0].revents & POLLIN);
        assert_int_equal(recv(cli, buf, sizeof buf, 0), 0); /* EOF */
        assert_true(link_failed(r, why, sizeof why));
        assert_string_equal(why, "link relay: out of memory");
        close(cli);
        drive_stop(r);
    }
    close(lfd);
    assert_true(k > 2); /* the relay's state and its connection */
}

/* ---- the bot's lines past libircclient (link_send) ---- */

struct send_call {
    const char *line;
    link_send_result result;
    bool sending; /* link_sending after the relay's turn */
};

static void send_on_loop(link_relay *r, void *arg)
{
    struct send_call *c = arg;
    c->result = link_send(r, c->line);
    link_process(r, NULL, NULL);
    c->sending = link_sending(r);
}

static link_send_result send_line(link_relay *r, const char *line)
{
    struct send_call c = { line, LINK_SEND_CLOSED, false };
    drive_run(r, send_on_loop, &c);
    return c.result;
}

/* A line of the bot's goes to the server at once, but never inside a line of libircclient's:
 * while libircclient's USER is half sent, it waits for that line's end. */
static void test_send_between_whole_lines(void **state)
{
    (void)state;
    struct setup s;
    char got[2048] = "";
    open_relay(&s, LINK_SASL_NONE, false, 0);
    say(s.cli, "NICK durakbot\r\nUSER dur");
    assert_true(read_until(s.srv, got, sizeof got, "USER dur", 5000));
    assert_int_equal(send_line(s.r, "PRIVMSG #c :hello"), LINK_SENT);
    assert_false(read_until(s.srv, got, sizeof got, "PRIVMSG", 300));
    say(s.cli, "ak 0 * :Durak\r\n");
    assert_true(read_until(s.srv, got, sizeof got, "PRIVMSG #c :hello\r\n", 5000));
    assert_string_equal(got, "CAP LS 302\r\nNICK durakbot\r\nUSER durak 0 * :Durak\r\n"
                             "PRIVMSG #c :hello\r\n");
    close_relay(&s);
}

/* irc.encoding cp1251: the bot's UTF-8 line reaches the server in cp1251. */
static void test_send_converted(void **state)
{
    (void)state;
    struct setup s;
    char got[2048] = "";
    open_relay_in(&s, LINK_SASL_NONE, false, 0, LINK_ENC_CP1251, NULL);
    say(s.cli, "NICK durakbot\r\n");
    assert_true(read_until(s.srv, got, sizeof got, "NICK durakbot\r\n", 5000));
    assert_int_equal(send_line(s.r, "PRIVMSG #c :\xD0\xB4\xD0\xB0"), LINK_SENT); /* да */
    assert_true(read_until(s.srv, got, sizeof got, "PRIVMSG #c :\xE4\xE0\r\n", 5000));
    close_relay(&s);
}

/* irc.encoding auto: one who wrote UTF-8 on one connection gets the bot's private lines in UTF-8
 * on the next too (link_opts.people is the caller's); one never heard gets CP1251. */
static void test_auto_people_outlive_connection(void **state)
{
    (void)state;
    static link_enc_people people;
    struct setup s;
    char got[2048] = "", down[2048] = "";
    open_relay_in(&s, LINK_SASL_NONE, false, 0, LINK_ENC_AUTO_CP1251, &people);
    say(s.srv, ":Olya!o@h PRIVMSG durakbot :\xD0\xB4\xD0\xB0\r\n");
    assert_true(read_until(s.cli, down, sizeof down, "PRIVMSG durakbot", 5000));
    close_relay(&s);
    open_relay_in(&s, LINK_SASL_NONE, false, 0, LINK_ENC_AUTO_CP1251, &people);
    say(s.cli, "NICK durakbot\r\n");
    assert_true(read_until(s.srv, got, sizeof got, "NICK durakbot\r\n", 5000));
    assert_int_equal(send_line(s.r, "NOTICE Olya :\xD0\xB4\xD0\xB0"), LINK_SENT);
    assert_int_equal(send_line(s.r, "NOTICE Petr :\xD0\xB4\xD0\xB0"), LINK_SENT);
    assert_true(read_until(s.srv, got, sizeof got, "NOTICE Petr :\xE4\xE0\r\n", 5000));
    assert_non_null(strstr(got, "NOTICE Olya :\xD0\xB4\xD0\xB0\r\n"));
    close_relay(&s);
}

/* A server that stops reading: once its socket takes no more, link_send says FULL (the caller
 * keeps the line) and link_sending says bytes wait; when the server reads again, every line
 * arrives whole and in order, and link_send takes lines again. */
static void test_send_full_then_drained(void **state)
{
    (void)state;
    struct setup s;
    static char got[1 << 24]; /* loopback's socket buffers take some 4 MB before one is full */
    char line[420];
    open_relay(&s, LINK_SASL_NONE, false, 0);
    got[0] = '\0';
    assert_true(read_until(s.srv, got, sizeof got, "CAP LS 302\r\n", 5000));
    int sent = 0;
    for (; sent < 40000; sent++) {
        snprintf(line, sizeof line, "PRIVMSG #c :%06d %0390d", sent, 0);
        struct send_call c = { line, LINK_SEND_CLOSED, false };
        drive_run(s.r, send_on_loop, &c);
        if (c.result == LINK_SEND_FULL) {
            assert_true(c.sending);
            break;
        }
        assert_int_equal(c.result, LINK_SENT);
    }
    assert_true(sent > 0 && sent < 40000);
    snprintf(line, sizeof line, "PRIVMSG #c :%06d %0390d", sent, 0);
    got[0] = '\0';
    double end = clock_monotonic() + 10;
    link_send_result r;
    while ((r = send_line(s.r, line)) == LINK_SEND_FULL && clock_monotonic() < end) {
        char buf[65536];
        struct pollfd p = { s.srv, POLLIN, 0 };
        if (poll(&p, 1, 100) == 1) {
            ssize_t n = recv(s.srv, buf, sizeof buf, 0);
            assert_true(n > 0);
            size_t len = strlen(got);
            assert_true(len + (size_t)n < sizeof got);
            memcpy(got + len, buf, (size_t)n);
            got[len + (size_t)n] = '\0';
        }
    }
    assert_int_equal(r, LINK_SENT);
    snprintf(line, sizeof line, "PRIVMSG #c :%06d ", sent);
    assert_true(read_until(s.srv, got, sizeof got, line, 10000));
    assert_true(read_until(s.srv, got, sizeof got, "0\r\n", 5000)); /* the last line, whole */
    const char *at = got;
    for (int i = 0; i <= sent; i++) {
        char want[32];
        snprintf(want, sizeof want, "PRIVMSG #c :%06d ", i);
        at = strstr(at, want);
        if (!at)
            fail_msg("line %d of %d is missing", i, sent);
        assert_int_equal(strlen(at) > 409 ? at[409] : 0, '\r'); /* whole: 12 + 6 + 1 + 390 */
        at += 411;
    }
    close_relay(&s);
}

/* Before the relay has a connection, there is nowhere to send. */
static void test_send_closed(void **state)
{
    (void)state;
    int port, local;
    char err[256];
    close(listen_local(&port));
    link_opts o = { .host = "127.0.0.1", .port = port, .plain = true, .irc = true };
    link_relay *r = link_start(&o, &local, err, sizeof err);
    assert_non_null(r);
    assert_int_equal(link_send(r, "PRIVMSG #c :x"), LINK_SEND_CLOSED);
    assert_false(link_sending(r));
    link_stop(r);
    close(local);
}

int main(void)
{
    static const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_register_at_once),
        cmocka_unit_test(test_cap_wait_bounded),
        cmocka_unit_test(test_sasl_whole_lines),
        cmocka_unit_test(test_required_sasl_no_cap),
        cmocka_unit_test(test_refused_not_logged),
        cmocka_unit_test(test_converted_line_whole),
        cmocka_unit_test(test_out_of_memory),
        cmocka_unit_test(test_converted_line_in_pieces),
        cmocka_unit_test(test_server_connection_breaks),
        cmocka_unit_test(test_silent_end_hints_tls),
        cmocka_unit_test(test_client_end_goes_away),
        cmocka_unit_test(test_send_between_whole_lines),
        cmocka_unit_test(test_send_converted),
        cmocka_unit_test(test_auto_people_outlive_connection),
        cmocka_unit_test(test_send_full_then_drained),
        cmocka_unit_test(test_send_closed),
    };
    return cmocka_run_group_tests_name("link_irc", tests, NULL, NULL);
}
