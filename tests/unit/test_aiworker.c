/* test_aiworker.c — decisions made on worker threads come back through the pipe,
 * legal and for the job they were asked for. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <poll.h>
#include <string.h>
#include <time.h>

#include "aiworker.h"

typedef struct {
    int got;
    tables_ai_job jobs[8];
    durak_action acts[8];
} results;

static void on_result(void *ctx, const tables_ai_job *job, durak_action a)
{
    results *r = ctx;
    r->jobs[r->got] = *job;
    r->acts[r->got++] = a;
}

static void test_decisions_come_back(void **state)
{
    (void)state;
    aiworker *w = aiworker_new();
    assert_non_null(w);
    durak_options opt = durak_default_options();
    durak_game g[3];
    for (int i = 0; i < 3; i++) {
        tables_ai_job job;
        memset(&job, 0, sizeof job);
        assert_true(durak_new(&g[i], &opt, (uint64_t)i));
        durak_view_of(&g[i], durak_actor(&g[i]), &job.view);
        job.params = ai_default_params((ai_level)i);
        job.params.budget_ms = 20;
        job.version = (uint32_t)i;
        assert_true(aiworker_start(w, &job));
    }
    results r = { 0 };
    for (int tries = 0; r.got < 3 && tries < 100; tries++) {
        struct pollfd p = { aiworker_fd(w), POLLIN, 0 };
        poll(&p, 1, 100);
        aiworker_collect(w, on_result, &r);
    }
    assert_int_equal(r.got, 3);
    for (int i = 0; i < 3; i++) {
        uint32_t v = r.jobs[i].version;
        assert_int_equal(durak_check(&g[v], r.acts[i]), DURAK_OK);
    }
    aiworker_free(w);
}

/* Stopping the bot while an expert thinks with a budget of 10 s: the decision ends at once, and
 * freeing the worker takes nothing like the budget, or the 2 s a SIGTERM may take in all. */
static void test_free_stops_a_long_decision(void **state)
{
    (void)state;
    aiworker *w = aiworker_new();
    assert_non_null(w);
    durak_options opt = durak_default_options();
    durak_game g;
    tables_ai_job job;
    memset(&job, 0, sizeof job);
    assert_true(durak_new(&g, &opt, 5));
    durak_view_of(&g, durak_actor(&g), &job.view);
    job.params = ai_default_params(AI_EXPERT);
    job.params.budget_ms = 10000;
    assert_true(aiworker_start(w, &job));
    struct timespec pause = { 0, 200 * 1000 * 1000 }, t0, t1;
    nanosleep(&pause, NULL); /* thinking */
    clock_gettime(CLOCK_MONOTONIC, &t0);
    aiworker_free(w);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double took = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    assert_true(took < 1.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = { cmocka_unit_test(test_decisions_come_back),
                                        cmocka_unit_test(test_free_stops_a_long_decision) };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
