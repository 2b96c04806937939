/* test_loop.c — the event loop: timers fire once at their deadline and may set themselves
 * again, the wait ends at the nearest deadline, a ready descriptor is processed before the
 * timers, and the stages run after both, in their order; epoll's registrations follow the sets;
 * a held wait reads nothing until its hold ends. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "loop.h"

static double fake_now;
static double fake_clock(void) { return fake_now; }

typedef struct {
    char trace[256];
    int fired;
    loop *l;
    int id;
    double again; /* > 0: the timer sets itself again this far ahead */
} recorder;

static void note(recorder *r, const char *what)
{
    strncat(r->trace, what, sizeof r->trace - strlen(r->trace) - 1);
}

static void timer_a(void *ctx, double now)
{
    recorder *r = ctx;
    (void)now;
    r->fired++;
    note(r, "A");
    if (r->again > 0)
        loop_timer_set(r->l, r->id, now + r->again);
}

static void timer_b(void *ctx, double now)
{
    (void)now;
    note(ctx, "B");
}

static void stage_1(void *ctx, double now)
{
    (void)now;
    note(ctx, "1");
}

static void stage_2(void *ctx, double now)
{
    (void)now;
    note(ctx, "2");
}

static void test_timers_fire_once_at_their_deadline(void **state)
{
    (void)state;
    fake_now = 100;
    loop *l = loop_new(fake_clock);
    recorder r = { .l = l };
    r.id = loop_timer_add(l, "a", timer_a, &r);
    int b = loop_timer_add(l, "b", timer_b, &r);
    assert_true(r.id >= 0 && b >= 0);
    assert_true(loop_next_deadline(l) < 0); /* off until set */
    loop_timer_set(l, r.id, 105);
    loop_timer_set(l, b, 103);
    assert_true(loop_next_deadline(l) == 103);
    loop_once(l, 0, NULL); /* nothing due yet */
    assert_string_equal(r.trace, "");
    fake_now = 104;
    loop_once(l, 0, NULL);
    assert_string_equal(r.trace, "B");
    assert_true(loop_timer_deadline(l, b) < 0); /* switched off when it fired */
    fake_now = 200;
    loop_once(l, 0, NULL);
    loop_once(l, 0, NULL);
    assert_string_equal(r.trace, "BA");
    assert_int_equal(r.fired, 1);
    loop_free(l);
}

static void test_a_timer_sets_itself_again(void **state)
{
    (void)state;
    fake_now = 0;
    loop *l = loop_new(fake_clock);
    recorder r = { .l = l, .again = 10 };
    r.id = loop_timer_add(l, "a", timer_a, &r);
    loop_timer_set(l, r.id, 5);
    for (fake_now = 0; fake_now <= 40; fake_now += 1)
        loop_once(l, 0, NULL);
    assert_int_equal(r.fired, 4); /* 5, 15, 25, 35 */
    assert_true(loop_timer_deadline(l, r.id) == 45);
    loop_free(l);
}

/* A non-finite or negative deadline switches the timer off (a NaN must not stop the others). */
static void test_bad_deadlines_are_off(void **state)
{
    (void)state;
    fake_now = 0;
    loop *l = loop_new(fake_clock);
    recorder r = { .l = l };
    r.id = loop_timer_add(l, "a", timer_a, &r);
    int b = loop_timer_add(l, "b", timer_b, &r);
    loop_timer_set(l, r.id, NAN);
    loop_timer_set(l, b, 3);
    assert_true(loop_timer_deadline(l, r.id) < 0);
    assert_true(loop_next_deadline(l) == 3);
    loop_timer_set(l, b, -7);
    assert_true(loop_next_deadline(l) < 0);
    loop_free(l);
}

static void test_stages_run_in_order_after_the_timers(void **state)
{
    (void)state;
    fake_now = 0;
    loop *l = loop_new(fake_clock);
    recorder r = { .l = l };
    assert_true(loop_stage_add(l, "one", stage_1, &r));
    assert_true(loop_stage_add(l, "two", stage_2, &r));
    r.id = loop_timer_add(l, "a", timer_a, &r);
    loop_timer_set(l, r.id, 0);
    loop_once(l, 0, NULL);
    loop_once(l, 0, NULL);
    assert_string_equal(r.trace, "A1212");
    loop_free(l);
}

typedef struct {
    int fd;
    int processed;
    recorder *r;
    int eofs; /* reads that found the writer gone */
} pipe_source;

static void pipe_fds(void *ctx, fd_set *in, fd_set *out, int *maxfd)
{
    pipe_source *p = ctx;
    (void)out;
    FD_SET(p->fd, in);
    if (p->fd > *maxfd)
        *maxfd = p->fd;
}

static void pipe_process(void *ctx, fd_set *in, fd_set *out, double now)
{
    pipe_source *p = ctx;
    char buf[16];
    (void)out;
    (void)now;
    if (!FD_ISSET(p->fd, in))
        return;
    p->processed++;
    note(p->r, "R");
    ssize_t n = read(p->fd, buf, sizeof buf);
    assert_true(n >= 0);
    p->eofs += n == 0;
}

/* With the real clock: the wait ends at the nearest deadline, and a descriptor that is ready
 * is read before the timers and the stages of the same iteration. */
static void test_wait_ends_at_the_deadline_or_on_input(void **state)
{
    (void)state;
    loop *l = loop_new(clock_monotonic);
    recorder r = { .l = l };
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pipe_source p = { fds[0], 0, &r, 0 };
    assert_true(loop_source_add(l, (loop_source){ pipe_fds, pipe_process, &p }));
    loop_stage_add(l, "one", stage_1, &r);
    r.id = loop_timer_add(l, "a", timer_a, &r);
    double start = clock_monotonic();
    loop_timer_set(l, r.id, start + 0.05);
    loop_once(l, 5, NULL); /* wakes for the timer, not after 5 s */
    double took = clock_monotonic() - start;
    assert_true(took >= 0.04 && took < 1.0);
    assert_string_equal(r.trace, "A1");
    assert_int_equal(write(fds[1], "x", 1), 1);
    loop_timer_set(l, r.id, loop_now(l)); /* due now too */
    loop_once(l, 5, NULL);
    assert_string_equal(r.trace, "A1RA1");
    assert_int_equal(p.processed, 1);
    close(fds[0]);
    close(fds[1]);
    loop_free(l);
}

/* The stage a writer would be: it holds the next wait's reading for hold_for seconds. */
typedef struct {
    loop *l;
    double hold_for;
} holder;

static void stage_hold(void *ctx, double now)
{
    holder *h = ctx;
    loop_hold(h->l, now + h->hold_for);
}

/* A held wait sleeps until the hold ends and reads nothing meanwhile, so that what arrives is read
 * in one go after; the hold asked for right after it is ignored, so the next wait reads at once
 * (a writer that holds after every batch never starves the reading). A deadline before the
 * hold's end still ends the wait. */
static void test_a_held_wait_reads_after_the_hold(void **state)
{
    (void)state;
    loop *l = loop_new(clock_monotonic);
    recorder r = { .l = l };
    holder h = { l, 0.1 };
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pipe_source p = { fds[0], 0, &r, 0 };
    assert_true(loop_source_add(l, (loop_source){ pipe_fds, pipe_process, &p }));
    loop_stage_add(l, "hold", stage_hold, &h);
    assert_int_equal(write(fds[1], "x", 1), 1);
    loop_once(l, 5, NULL); /* not held yet: reads, then the stage holds */
    assert_int_equal(p.processed, 1);
    assert_int_equal(write(fds[1], "y", 1), 1);
    double start = clock_monotonic();
    loop_once(l, 5, NULL); /* held: sleeps 0.1 s though "y" is there */
    double took = clock_monotonic() - start;
    assert_true(took >= 0.09 && took < 1.0);
    assert_int_equal(p.processed, 1);
    start = clock_monotonic();
    loop_once(l, 5, NULL); /* the stage's hold after a held wait is ignored: reads at once */
    assert_true(clock_monotonic() - start < 0.05);
    assert_int_equal(p.processed, 2);
    loop_hold(l, loop_now(l) + 2);
    r.id = loop_timer_add(l, "a", timer_a, &r);
    loop_timer_set(l, r.id, loop_now(l) + 0.05);
    start = clock_monotonic();
    loop_once(l, 5, NULL); /* held for 2 s, but the timer is due in 0.05 */
    took = clock_monotonic() - start;
    assert_true(took >= 0.04 && took < 1.0);
    assert_int_equal(r.fired, 1);
    close(fds[0]);
    close(fds[1]);
    loop_free(l);
}

/* A descriptor closed and its number given to a new pipe between two waits: once the source says
 * so (loop_forget_fds), the new pipe's input ends the wait, though the number and the wish are
 * the same as before. The loop kept its registration by number, and close took the old one. */
static void test_a_reused_number_is_watched(void **state)
{
    (void)state;
    recorder r = { 0 };
    int fds[2], again[2];
    loop *l = loop_new(clock_monotonic);
    assert_int_equal(pipe(fds), 0);
    pipe_source p = { fds[0], 0, &r, 0 };
    assert_true(loop_source_add(l, (loop_source){ pipe_fds, pipe_process, &p }));
    loop_once(l, 0.01, NULL); /* watched */
    close(fds[0]);
    close(fds[1]);
    assert_int_equal(pipe(again), 0);
    assert_int_equal(again[0], fds[0]); /* the lowest numbers free: the same */
    loop_forget_fds(l);
    assert_int_equal(write(again[1], "x", 1), 1);
    double start = clock_monotonic();
    loop_once(l, 2, NULL);
    assert_true(clock_monotonic() - start < 1.0);
    assert_int_equal(p.processed, 1);
    close(again[0]);
    close(again[1]);
    loop_free(l);
}

/* A pipe whose writer is gone is ready to read (its end of file), as select says. */
static void test_a_hang_up_is_ready(void **state)
{
    (void)state;
    recorder r = { 0 };
    int fds[2];
    loop *l = loop_new(clock_monotonic);
    assert_int_equal(pipe(fds), 0);
    pipe_source p = { fds[0], 0, &r, 0 };
    assert_true(loop_source_add(l, (loop_source){ pipe_fds, pipe_process, &p }));
    loop_once(l, 0.01, NULL);
    close(fds[1]);
    double start = clock_monotonic();
    loop_once(l, 2, NULL);
    assert_true(clock_monotonic() - start < 1.0);
    assert_int_equal(p.eofs, 1);
    close(fds[0]);
    loop_free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_timers_fire_once_at_their_deadline),
        cmocka_unit_test(test_a_timer_sets_itself_again),
        cmocka_unit_test(test_bad_deadlines_are_off),
        cmocka_unit_test(test_stages_run_in_order_after_the_timers),
        cmocka_unit_test(test_wait_ends_at_the_deadline_or_on_input),
        cmocka_unit_test(test_a_held_wait_reads_after_the_hold),
        cmocka_unit_test(test_a_reused_number_is_watched),
        cmocka_unit_test(test_a_hang_up_is_ready),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
