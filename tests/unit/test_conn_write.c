/* test_conn_write: the writer against a stand-in for the relay (a small buffer, refused lines
 * when full, as link_send does) and for a socket that takes so many bytes: every line the queue
 * gives goes in one call while the socket takes them, and the writer never stops with lines that
 * may go, an empty buffer and nothing to wake it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "conn_write.h"

enum { BUF = 1024, LINES = 64 };

typedef struct {
    char buf[BUF]; /* the relay's buffer (smaller than the real one, to fill it) */
    size_t len;
    size_t room; /* bytes the socket takes from now on (SIZE_MAX: all) */
    size_t wire; /* bytes the socket took */
    int flushes; /* calls of flush */
    bool broken; /* the socket is broken */
    char line[LINES][520];
    int nlines, next; /* queued lines; the next to go */
    int tokens;       /* lines the bucket lets go */
} fake;

static const char *fake_peek(void *ctx, double now)
{
    fake *f = ctx;
    (void)now;
    return f->next < f->nlines && f->tokens > 0 ? f->line[f->next] : NULL;
}

static link_send_result fake_send(void *ctx, const char *line)
{
    fake *f = ctx;
    size_t n = strlen(line);
    if (f->broken)
        return LINK_SEND_CLOSED;
    if (n + 2 > sizeof f->buf - f->len)
        return LINK_SEND_FULL;
    memcpy(f->buf + f->len, line, n);
    memcpy(f->buf + f->len + n, "\r\n", 2);
    f->len += n + 2;
    return LINK_SENT;
}

static void fake_sent(void *ctx, const char *line, double now)
{
    fake *f = ctx;
    (void)now;
    assert_string_equal(line, f->line[f->next]);
    f->next++;
    f->tokens--;
}

static bool fake_flush(void *ctx)
{
    fake *f = ctx;
    f->flushes++;
    size_t n = f->len < f->room ? f->len : f->room;
    memmove(f->buf, f->buf + n, f->len - n);
    f->len -= n;
    f->wire += n;
    if (f->room != SIZE_MAX)
        f->room -= n;
    return f->len > 0;
}

static conn_write_io io_of(fake *f)
{
    return (conn_write_io){ fake_peek, fake_send, fake_sent, fake_flush, f };
}

static void queue(fake *f, int n, size_t len)
{
    for (int i = 0; i < n; i++) {
        int k = f->nlines++;
        int used = snprintf(f->line[k], sizeof f->line[k], "PRIVMSG #c :%d ", k);
        memset(f->line[k] + used, 'x', len - (size_t)used);
        f->line[k][len] = '\0';
    }
}

static conn_write_result run(fake *f)
{
    conn_write_io io = io_of(f);
    return conn_write_lines(&io, 0);
}

/* Ten lines of len bytes the bucket lets go leave in one call, as many to a flush as the buffer
 * holds, with `flushes` flushes in all (the last finds nothing). */
static void ten_lines_go(size_t len, int flushes)
{
    static fake f;
    memset(&f, 0, sizeof f);
    f.room = SIZE_MAX;
    f.tokens = 100;
    queue(&f, 10, len);
    assert_int_equal(run(&f), CONN_WRITE_IDLE);
    assert_int_equal(f.next, 10);
    assert_int_equal(f.wire, 10 * (len + 2));
    assert_int_equal(f.len, 0);
    assert_int_equal(f.flushes, flushes);
}

static void test_all_in_one_turn(void **state)
{
    (void)state;
    ten_lines_go(100, 2); /* one batch */
}

static void test_a_buffer_at_a_time(void **state)
{
    (void)state;
    ten_lines_go(300, 5); /* 3, 3, 3 and 1 lines */
}

/* The bucket stops the writer: the rest waits for a timer, the buffer is empty. */
static void test_bucket_stops(void **state)
{
    (void)state;
    static fake f;
    memset(&f, 0, sizeof f);
    f.room = SIZE_MAX;
    f.tokens = 3;
    queue(&f, 10, 100);
    assert_int_equal(run(&f), CONN_WRITE_IDLE);
    assert_int_equal(f.next, 3);
    assert_int_equal(f.len, 0);
}

/* A socket that takes part: the rest waits in the buffer for the descriptor. */
static void test_socket_full(void **state)
{
    (void)state;
    static fake f;
    memset(&f, 0, sizeof f);
    f.room = 500;
    f.tokens = 100;
    queue(&f, 10, 300);
    assert_int_equal(run(&f), CONN_WRITE_PENDING);
    assert_true(f.len > 0);
    assert_int_equal(f.wire, 500);
}

/* Bytes a socket that would block left in the buffer (900 of them) refuse the next line; once
 * the flush wrote them, that line and the rest go too. Stopping there instead left lines that
 * may go, an empty buffer (no descriptor to wait for) and no timer: they waited for whatever
 * came next from the server. */
static void test_full_buffer_then_flushed(void **state)
{
    (void)state;
    static fake f;
    memset(&f, 0, sizeof f);
    memset(f.buf, 'y', 898);
    memcpy(f.buf + 898, "\r\n", 2);
    f.len = 900;
    f.room = SIZE_MAX;
    f.tokens = 100;
    queue(&f, 4, 300);
    conn_write_result r = run(&f);
    assert_true(r == CONN_WRITE_PENDING || f.next == f.nlines);
    assert_int_equal(r, CONN_WRITE_IDLE);
    assert_int_equal(f.next, 4);
    assert_int_equal(f.wire, 900 + 4 * 302);
}

static void test_broken(void **state)
{
    (void)state;
    static fake f;
    memset(&f, 0, sizeof f);
    f.room = SIZE_MAX;
    f.tokens = 100;
    f.broken = true;
    queue(&f, 2, 100);
    assert_int_equal(run(&f), CONN_WRITE_BROKEN);
    assert_int_equal(f.next, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_in_one_turn),
        cmocka_unit_test(test_a_buffer_at_a_time),
        cmocka_unit_test(test_bucket_stops),
        cmocka_unit_test(test_socket_full),
        cmocka_unit_test(test_full_buffer_then_flushed),
        cmocka_unit_test(test_broken),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
