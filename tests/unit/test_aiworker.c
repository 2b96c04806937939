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

int main(void)
{
    const struct CMUnitTest tests[] = { cmocka_unit_test(test_decisions_come_back) };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
