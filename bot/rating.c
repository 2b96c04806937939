/* rating.c — the players' rating, Elo generalised to several players (pairwise Elo). Pure
 * arithmetic: no storage, no I/O; the store keeps the numbers. rating.h explains the model. */
#include "rating.h"

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

double rating_expected(double a, double b)
{
    return 1.0 / (1.0 + pow(10.0, (b - a) / RATING_SCALE));
}

/* Player i's score against player j from their ranks: win 1, tie 1/2, loss 0. */
static double rating_score(int rank_i, int rank_j)
{
    if (rank_i < rank_j)
        return 1.0;
    return rank_i == rank_j ? 0.5 : 0.0;
}

/* Whether i and j played each other: not the same player, nor partners. */
static bool opponents(const int *team, int i, int j)
{
    return i != j && (!team || team[i] != team[j]);
}

void rating_update_teams(int n, const double *before, const int *rank, const int *team,
                         double *after)
{
    for (int i = 0; i < n; i++) {
        double sum = 0;
        int faced = 0;
        for (int j = 0; j < n; j++)
            if (opponents(team, i, j)) {
                sum += rating_score(rank[i], rank[j]) - rating_expected(before[i], before[j]);
                faced++;
            }
        after[i] = faced ? before[i] + RATING_K / faced * sum : before[i];
    }
}

void rating_update(int n, const double *before, const int *rank, double *after)
{
    rating_update_teams(n, before, rank, NULL, after);
}
