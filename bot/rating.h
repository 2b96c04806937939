/* rating.h — the players' rating, Elo generalised to several players (pairwise Elo). Pure
 * arithmetic: no storage, no I/O; the store module keeps the numbers. */

/* The model (durak(7) says it for players). A game of N players is scored as the N(N-1)/2
 * two-player games its final ranking implies: placing above someone is a win (1), sharing their
 * place a tie (1/2), placing below a loss (0). The durak ranks last; a player who forfeited ranks
 * below everyone still in at the end; in a draw the players still in share the last place. Each of
 * a player's N-1 pairwise results S is compared with what Elo expects from the ratings before the
 * game,
 *     E = 1 / (1 + 10^((R_opponent - R_player) / 400)),
 * and the rating moves by K / (N-1) * sum(S - E), with K = 32. Dividing by N-1 makes one game worth
 * about one two-player game whatever N is: at most 32 points, 16 between equals for a clean win.
 * Everyone starts at 1500. The changes of a game sum to zero, so the average stays 1500.
 *
 * Why this and not TrueSkill: one number per player instead of two (skill and uncertainty), the
 * update fits in one line and can be checked by hand, and "1500, +16 for a win" is what players
 * already know from chess. It learns slower about newcomers than TrueSkill would; for a channel
 * bot where the same people play many games that is a fair price. */
#ifndef DURAK_RATING_H
#define DURAK_RATING_H

#define RATING_INITIAL 1500.0 /* a new player's rating */
#define RATING_K 32.0         /* the most one game can move a rating (before the 1/(N-1) split) */
#define RATING_SCALE 400.0    /* 400 points apart: the stronger expects to score 10 times as much */

/* What a player rated `a` is expected to score against one rated `b`: in (0, 1); a tie is 1/2. */
double rating_expected(double a, double b);

/* New ratings after one game of n players: before[i] is player i's rating before the game, rank[i]
 * their final rank (lower is better, equal ranks are a tie; only the order matters, so places
 * 1, 2, 2, 4 and 0, 5, 5, 9 give the same result). after[i] receives the new rating; after must not
 * overlap before. With n < 2 nobody played anybody: after is a copy of before. */
void rating_update(int n, const double *before, const int *rank, double *after);

/* Teams of two (R19): the same, but partners do not play each other: team[i] is player i's
 * team, and only pairs on different teams count, K split over each player's opponents. Each
 * partner's rating moves as a win or a loss against every player of the other teams. */
void rating_update_teams(int n, const double *before, const int *rank, const int *team,
                         double *after);

#endif
