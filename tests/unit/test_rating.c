/* test_rating: the pairwise Elo model: the expectation formula, two-player results worked by hand,
 * symmetry, zero sum, ties between equals, the K/(N-1) scaling, only the order of ranks counts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "rating.h"

#define EPS 1e-9

/* cmocka 1.1's assert_float_equal compares floats: too coarse for ratings near 1500. */
#define assert_near(a, b, eps) assert_near_at((a), (b), (eps), __FILE__, __LINE__)
static void assert_near_at(double a, double b, double eps, const char *file, int line)
{
    if (fabs(a - b) <= eps)
        return;
    print_error("%.12g is not %.12g (within %g)\n", a, b, eps);
    _fail(file, line);
}

static void test_expected(void **state)
{
    (void)state;
    assert_near(rating_expected(1500, 1500), 0.5, EPS);
    /* 400 points apart: E = 1 / (1 + 10^-1) = 10/11 for the stronger, 1/11 for the weaker. */
    assert_near(rating_expected(1900, 1500), 10.0 / 11.0, EPS);
    assert_near(rating_expected(1500, 1900), 1.0 / 11.0, EPS);
    assert_near(rating_expected(1234, 1567) + rating_expected(1567, 1234), 1.0, EPS);
}

static void test_two_equals(void **state)
{
    (void)state;
    double before[2] = { RATING_INITIAL, RATING_INITIAL }, after[2];
    int rank[2] = { 1, 2 };
    /* K = 32 / (2 - 1) = 32; the winner scores 1 where 0.5 was expected: +16. */
    rating_update(2, before, rank, after);
    assert_near(after[0], 1516, EPS);
    assert_near(after[1], 1484, EPS);
}

static void test_two_upset(void **state)
{
    (void)state;
    double before[2] = { 1600, 1400 }, after[2];
    int rank[2] = { 2, 1 }; /* the weaker wins */
    /* E(1400 vs 1600) = 1 / (1 + 10^(200/400)) = 1 / (1 + 3.16227766) = 0.24025307;
	 * 32 * (1 - 0.24025307) = 24.31190165. */
    rating_update(2, before, rank, after);
    assert_near(after[1], 1424.3119016527, 1e-6);
    assert_near(after[0], 1575.6880983473, 1e-6);
}

static void test_symmetric(void **state)
{
    (void)state;
    double a[3] = { 1610, 1390, 1500 }, b[3] = { 1500, 1610, 1390 }, after_a[3], after_b[3];
    int rank_a[3] = { 2, 1, 3 }, rank_b[3] = { 3, 2, 1 }; /* the same game, seats rotated */
    rating_update(3, a, rank_a, after_a);
    rating_update(3, b, rank_b, after_b);
    assert_near(after_a[0], after_b[1], EPS);
    assert_near(after_a[1], after_b[2], EPS);
    assert_near(after_a[2], after_b[0], EPS);
    /* Swapping who won a two-player game between equals mirrors the change. */
    double eq[2] = { 1550, 1550 }, w[2], l[2];
    rating_update(2, eq, (int[]){ 1, 2 }, w);
    rating_update(2, eq, (int[]){ 2, 1 }, l);
    assert_near(w[0] - 1550, 1550 - l[0], EPS);
    assert_near(w[0], l[1], EPS);
}

static double sum(int n, const double *x)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}

static void test_zero_sum(void **state)
{
    (void)state;
    static const double pairs[][2] = { { 1500, 1500 }, { 1800, 1200 }, { 1234.5, 1678.25 } };
    static const int outcomes[][2] = { { 1, 2 }, { 2, 1 }, { 1, 1 } };
    for (size_t p = 0; p < sizeof pairs / sizeof *pairs; p++)
        for (size_t o = 0; o < sizeof outcomes / sizeof *outcomes; o++) {
            double after[2];
            rating_update(2, pairs[p], outcomes[o], after);
            assert_near(after[0] - pairs[p][0], -(after[1] - pairs[p][1]), EPS);
        }
    double six[6] = { 1500, 1720, 1380, 1610, 1490, 1555 }, after[6];
    rating_update(6, six, (int[]){ 3, 1, 6, 2, 2, 5 }, after);
    assert_near(sum(6, after), sum(6, six), 1e-7);
}

static void test_tie_between_equals(void **state)
{
    (void)state;
    double two[2] = { 1700, 1700 }, after2[2];
    rating_update(2, two, (int[]){ 1, 1 }, after2);
    assert_near(after2[0], 1700, EPS);
    assert_near(after2[1], 1700, EPS);
    double four[4] = { 1500, 1500, 1500, 1500 }, after4[4];
    rating_update(4, four, (int[]){ 4, 4, 4, 4 }, after4);
    for (int i = 0; i < 4; i++)
        assert_near(after4[i], 1500, EPS);
    /* A tie between a stronger and a weaker player moves points to the weaker. */
    double uneven[2] = { 1600, 1400 }, after[2];
    rating_update(2, uneven, (int[]){ 1, 1 }, after);
    assert_true(after[0] < 1600 && after[1] > 1400);
}

static void test_k_scaling(void **state)
{
    (void)state;
    /* Among equals, the winner of an N-player game scores N-1 wins where (N-1)/2 were expected:
	 * K/(N-1) * (N-1)/2 = 16 whatever N; the durak loses 16. */
    for (int n = 2; n <= 6; n++) {
        double before[6] = { 1500, 1500, 1500, 1500, 1500, 1500 }, after[6];
        int rank[6] = { 1, 2, 3, 4, 5, 6 };
        rating_update(n, before, rank, after);
        assert_near(after[0], 1516, EPS);
        assert_near(after[n - 1], 1484, EPS);
    }
    /* 4 equals, ranks 1..4: K = 32/3; second: (0 - .5) + (1 - .5) + (1 - .5) = +.5 -> +16/3. */
    double before[4] = { 1500, 1500, 1500, 1500 }, after[4];
    rating_update(4, before, (int[]){ 1, 2, 3, 4 }, after);
    assert_near(after[1], 1500 + 16.0 / 3, EPS);
    assert_near(after[2], 1500 - 16.0 / 3, EPS);
    /* No game moves anyone by more than K, however lopsided. */
    double far[3] = { 3000, 100, 100 }, moved[3];
    rating_update(3, far, (int[]){ 3, 1, 1 }, moved);
    assert_true(fabs(moved[0] - 3000) <= RATING_K);
}

static void test_only_order_counts(void **state)
{
    (void)state;
    double before[4] = { 1510, 1490, 1620, 1400 }, a[4], b[4];
    rating_update(4, before, (int[]){ 1, 2, 2, 4 }, a);
    rating_update(4, before, (int[]){ 0, 5, 5, 9 }, b);
    for (int i = 0; i < 4; i++)
        assert_near(a[i], b[i], EPS);
}

static void test_fewer_than_two(void **state)
{
    (void)state;
    double one[1] = { 1432 }, after[1] = { 0 };
    rating_update(1, one, (int[]){ 1 }, after);
    assert_near(after[0], 1432, EPS);
    rating_update(0, one, (int[]){ 1 }, after); /* touches nothing */
    assert_near(after[0], 1432, EPS);
}

/* R19: partners do not play each other; each moves as a win or a loss against the other
 * team's two players, K = 32/2. Worked by hand: E(1600 vs 1500) = 1/(1 + 10^-0.25) =
 * 0.640065000, E(1400 vs 1500) = 0.359935000.
 *   seat 0 (1600) beat 1 and 3: 16 * 2 * (1 - .640065000) = +11.51792001
 *   seat 2 (1400) beat 1 and 3: 16 * 2 * (1 - .359935000) = +20.48207999
 *   seats 1 and 3 (1500) lost to 1600 and 1400: 16 * -(.359935 + .640065) = -16 */
static void test_teams_partners_do_not_play(void **state)
{
    (void)state;
    double before[4] = { 1600, 1500, 1400, 1500 }, after[4], plain[4];
    int rank[4] = { 0, 1, 0, 1 }, team[4] = { 0, 1, 0, 1 };
    rating_update_teams(4, before, rank, team, after);
    assert_near(after[0], 1611.51792001, 1e-6);
    assert_near(after[2], 1420.48207999, 1e-6);
    assert_near(after[1], 1484, 1e-6);
    assert_near(after[3], 1484, 1e-6);
    assert_near(after[0] + after[1] + after[2] + after[3], 6000, 1e-6);
    rating_update(4, before, rank, plain); /* partners tied each other: 0 and 2 would move */
    assert_true(fabs(plain[0] - after[0]) > 1 && fabs(plain[2] - after[2]) > 1);
    /* six players, three teams: a winner's team tied the other winner, beat the losers */
    double six[6] = { 1500, 1500, 1500, 1500, 1500, 1500 }, out6[6];
    int rank6[6] = { 0, 0, 1, 0, 0, 1 }, team6[6] = { 0, 1, 2, 0, 1, 2 };
    rating_update_teams(6, six, rank6, team6, out6);
    /* K = 32/4: a winner ties the other winning team (0) and beats the losers: 8 * 2 * .5 */
    assert_near(out6[0], 1508, EPS);
    assert_near(out6[4], 1508, EPS);
    assert_near(out6[2], 1484, EPS); /* 8 * 4 * -.5 */
    assert_near(out6[5], 1484, EPS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_expected),       cmocka_unit_test(test_two_equals),
        cmocka_unit_test(test_two_upset),      cmocka_unit_test(test_symmetric),
        cmocka_unit_test(test_zero_sum),       cmocka_unit_test(test_tie_between_equals),
        cmocka_unit_test(test_k_scaling),      cmocka_unit_test(test_only_order_counts),
        cmocka_unit_test(test_fewer_than_two), cmocka_unit_test(test_teams_partners_do_not_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
