/* teams.c — teams of two (durak(7): R19): who partners whom, the next opponent, the end
 * when one team is left, and who lost. Without teams every seat is its own team. */
#include "durak.h"

int durak_team_count(const durak_options *o) { return o->teams ? o->players / 2 : o->players; }

/* Seats 0..players-1 hold no more; teams need 4 or 6 players, so a seat's team and partner
 * are one subtraction away (no division: these sit on the rules' hottest paths). */
int durak_team_of(const durak_game *g, int seat)
{
    int half = g->opt.players / 2;
    return g->opt.teams && seat >= half ? seat - half : seat;
}

int durak_partner(const durak_game *g, int seat)
{
    int half = g->opt.players / 2;
    if (!g->opt.teams)
        return -1;
    return seat >= half ? seat - half : seat + half;
}

/* The seats of `seat`'s team as a bit mask. */
static unsigned team_seats(const durak_game *g, int seat)
{
    int partner = durak_partner(g, seat);
    return (1u << seat) | (partner >= 0 ? 1u << partner : 0u);
}

int durak_opponent_after(const durak_game *g, int seat)
{
    if (!g->opt.teams)
        return durak_next(g, seat);
    unsigned m = g->in_game & ~team_seats(g, seat), above = m & ~((2u << seat) - 1u);
    if (above)
        return __builtin_ctz(above);
    return m ? __builtin_ctz(m) : -1;
}

bool durak_one_team_left(const durak_game *g)
{
    if (!g->opt.teams || !g->in_game)
        return false;
    return (g->in_game & ~team_seats(g, __builtin_ctz(g->in_game))) == 0;
}

int durak_losing_team(const durak_game *g)
{
    if (!durak_over(g) || g->result_seat >= g->opt.players)
        return -1;
    if (g->result == DURAK_RESULT_DURAK || g->result == DURAK_RESULT_TEAM_LOST)
        return durak_team_of(g, g->result_seat);
    return -1;
}

bool durak_seat_lost(const durak_game *g, int seat)
{
    int lost = durak_losing_team(g);
    return lost >= 0 && lost == durak_team_of(g, seat);
}
