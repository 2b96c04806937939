/* bench_aimem.c — the bot's memory under computer players (a tool, not a test): rounds of K
 * overlapping expert decisions on aiworker's threads, as busy channels make them; RSS after each. */
#define _POSIX_C_SOURCE 200809L
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "aiworker.h"

static long rss_kib(void)
{
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f || fscanf(f, "%ld %ld", &pages, &resident) != 2)
        resident = -1;
    if (f)
        fclose(f);
    return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static void count(void *ctx, const tables_ai_job *job, durak_action a)
{
    (void)job, (void)a;
    ++*(int *)ctx;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 12, k = argc > 2 ? atoi(argv[2]) : 6,
        budget = argc > 3 ? atoi(argv[3]) : 500;
    if (rounds < 1 || k < 1 || k > 64 || budget < 1) {
        fprintf(stderr, "usage: bench_aimem [ROUNDS=12] [K=6 overlapping decisions, <= 64] "
                        "[BUDGET_MS=500]\n");
        return 2;
    }
    aiworker *w = aiworker_new();
    if (!w)
        return 1;
    durak_options opt = durak_default_options();
    opt.players = 4;
    opt.variant = DURAK_VARIANT_TRANSFER;
    printf("round  RSS KiB (start %ld)\n", rss_kib());
    long peak = 0;
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < k; i++) {
            durak_game g;
            tables_ai_job job;
            memset(&job, 0, sizeof job);
            if (!durak_new(&g, &opt, (uint64_t)(r * k + i + 1)))
                return 1;
            durak_view_of(&g, durak_actor(&g), &job.view);
            job.params = ai_default_params(AI_EXPERT);
            job.params.budget_ms = budget;
            if (!aiworker_start(w, &job))
                return 1;
        }
        for (int got = 0; got < k;) {
            struct pollfd p = { aiworker_fd(w), POLLIN, 0 };
            poll(&p, 1, 100);
            aiworker_collect(w, count, &got);
            long now = rss_kib();
            peak = now > peak ? now : peak;
        }
        nanosleep(&(struct timespec){ 0, 200000000 }, NULL); /* threads end after answering */
        printf("%5d  %ld\n", r + 1, rss_kib());
    }
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    printf("peak %ld KiB; CPU %.1f s\n", peak,
           (double)u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + (double)u.ru_stime.tv_sec
               + u.ru_stime.tv_usec / 1e6);
    aiworker_free(w);
    return 0;
}
