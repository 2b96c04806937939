/* test_ratelimit: per-user command limits: burst, refill, independent keys, least-recently-used
 * eviction from the fixed table. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ratelimit.h"

static int setup(void **state)
{
    ratelimit *rl = malloc(sizeof *rl);
    assert_non_null(rl);
    ratelimit_init(rl, RATELIMIT_DEFAULT_BURST, RATELIMIT_DEFAULT_RATE);
    *state = rl;
    return 0;
}

static int teardown(void **state)
{
    free(*state);
    return 0;
}

static int allowed(ratelimit *rl, const char *key, int tries, double now)
{
    int n = 0;
    for (int i = 0; i < tries; i++)
        n += ratelimit_allow(rl, key, now);
    return n;
}

static void test_twenty_help_get_a_few(void **state)
{
    ratelimit *rl = *state;
    int answered = 0;
    for (int i = 0; i < 20; i++) /* twenty !help in two seconds */
        answered += ratelimit_allow(rl, "flooder", i * 0.1);
    assert_int_equal(answered, 4); /* the burst; the next token comes at 2.0 s */
    assert_true(ratelimit_allow(rl, "flooder", 2.0));
    assert_false(ratelimit_allow(rl, "flooder", 2.0));
}

/* A flood is told once, with the wait, even as a token lets a command through now and then;
 * after a pause that refills the whole burst, a new flood is told again. */
static void test_told_once(void **state)
{
    ratelimit *rl = *state;
    double wait = -1;
    assert_false(ratelimit_tell(rl, "a", &wait)); /* never seen: nothing refused */
    assert_int_equal(allowed(rl, "a", 4, 0), 4);
    assert_false(ratelimit_tell(rl, "a", &wait)); /* allowed so far */
    assert_false(ratelimit_allow(rl, "a", 0.5));
    assert_true(ratelimit_tell(rl, "a", &wait));
    assert_true(wait > 1.49 && wait < 1.51); /* a token each 2 s: 0.25 of one came in 0.5 s */
    assert_false(ratelimit_allow(rl, "a", 1.0));
    assert_false(ratelimit_tell(rl, "a", &wait)); /* the same run: said already */
    assert_true(ratelimit_allow(rl, "a", 2.0));
    assert_false(ratelimit_allow(rl, "a", 2.1));
    assert_false(ratelimit_tell(rl, "a", &wait)); /* one token came, the flood goes on */
    assert_true(ratelimit_allow(rl, "a", 4.0));
    assert_false(ratelimit_allow(rl, "a", 4.5));
    assert_false(ratelimit_tell(rl, "a", &wait));
    /* quiet 8 s: the whole burst back (4 tokens, one per 2 s); a new flood */
    assert_int_equal(allowed(rl, "a", 5, 12.5), 4);
    assert_true(ratelimit_tell(rl, "a", &wait));
}

static void test_refill_rate(void **state)
{
    ratelimit *rl = *state;
    assert_int_equal(allowed(rl, "a", 10, 0), 4);
    assert_false(ratelimit_allow(rl, "a", 1.999));
    assert_true(ratelimit_allow(rl, "a", 2.0));
    assert_false(ratelimit_allow(rl, "a", 3.0));
    assert_true(ratelimit_allow(rl, "a", 4.0));
    assert_int_equal(allowed(rl, "a", 10, 1000), 4); /* idle: back to the burst, no more */
}

static void test_keys_independent(void **state)
{
    ratelimit *rl = *state;
    assert_int_equal(allowed(rl, "alice", 10, 0), 4);
    assert_int_equal(allowed(rl, "bob", 10, 0), 4);
    assert_int_equal(allowed(rl, "alice", 10, 0), 0);
    assert_true(ratelimit_allow(rl, "", 0)); /* an empty key is a key too */
}

static void test_custom_limits(void **state)
{
    ratelimit *rl = *state;
    ratelimit_init(rl, 1, 3.0);
    assert_int_equal(allowed(rl, "x", 5, 0), 1);
    assert_false(ratelimit_allow(rl, "x", 0.3));
    assert_true(ratelimit_allow(rl, "x", 1.0 / 3.0));
    ratelimit_init(rl, 0, 0); /* clamped: 1, 0.001/s */
    assert_int_equal(allowed(rl, "x", 5, 0), 1);
    assert_false(ratelimit_allow(rl, "x", 999));
    assert_true(ratelimit_allow(rl, "x", 1000));
}

static void test_lru_eviction(void **state)
{
    ratelimit *rl = *state;
    char key[32];
    assert_int_equal(allowed(rl, "victim", 10, 0), 4);
    assert_int_equal(allowed(rl, "keeper", 10, 0.5), 4);
    for (int i = 0; i < RATELIMIT_SLOTS - 2; i++) { /* fills the table */
        snprintf(key, sizeof key, "n%d", i);
        assert_true(ratelimit_allow(rl, key, 0.8));
    }
    assert_false(ratelimit_allow(rl, "victim", 1)); /* still there, still limited */
    assert_false(ratelimit_allow(rl, "keeper", 1.5));
    assert_true(ratelimit_allow(rl, "newcomer", 1.6)); /* evicts n0, used least recently (0.8) */
    assert_false(ratelimit_allow(rl, "victim", 1.6));
    assert_false(ratelimit_allow(rl, "keeper", 1.6));
    for (int i = 0; i < RATELIMIT_SLOTS; i++) { /* now evicts everything older */
        snprintf(key, sizeof key, "m%d", i);
        assert_true(ratelimit_allow(rl, key, 1.7));
    }
    assert_int_equal(allowed(rl, "victim", 10, 1.7), 4); /* forgotten: a fresh bucket */
}

static void test_long_keys(void **state)
{
    ratelimit *rl = *state;
    char a[200], b[200];
    memset(a, 'k', sizeof a - 1);
    a[sizeof a - 1] = '\0';
    memcpy(b, a, sizeof b);
    b[150] = 'z'; /* differs only beyond RATELIMIT_KEY: the same bucket */
    assert_int_equal(allowed(rl, a, 2, 0), 2);
    assert_int_equal(allowed(rl, b, 10, 0), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_twenty_help_get_a_few, setup, teardown),
        cmocka_unit_test_setup_teardown(test_told_once, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refill_rate, setup, teardown),
        cmocka_unit_test_setup_teardown(test_keys_independent, setup, teardown),
        cmocka_unit_test_setup_teardown(test_custom_limits, setup, teardown),
        cmocka_unit_test_setup_teardown(test_lru_eviction, setup, teardown),
        cmocka_unit_test_setup_teardown(test_long_keys, setup, teardown),
    };
    return cmocka_run_group_tests_name("ratelimit", tests, NULL, NULL);
}
