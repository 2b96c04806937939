/* teams.c — teams of two (durak(7): R19): who partners whom, the next opponent, the end
 * when one team is left, and who lost. Without teams every seat is its own team. */
#include "durak.h"

int durak_team_count(const durak_options *o) { return o->teams ? o->players / 2 : o->players; }

int durak_team_of(const durak_game *g, int seat)
{
    return g->opt.teams ? seat % (g->opt.players / 2) : seat;
}

int durak_partner(const durak_game *g, int seat)
{
    int half = g->opt.players / 2;
    return g->opt.teams ? (seat + half) % g->opt.players : -1;
}

int durak_opponent_after(const durak_game *g, int seat)
{
    if (!g->opt.teams)
        return durak_next(g, seat);
    int n = g->opt.players, team = durak_team_of(g, seat);
    for (int i = 1; i < n; i++) {
        int s = (seat + i) % n;
        if (durak_in_game(g, s) && durak_team_of(g, s) != team)
            return s;
    }
    return -1;
}

bool durak_one_team_left(const durak_game *g)
{
    if (!g->opt.teams || !g->in_game)
        return false;
    int team = durak_team_of(g, __builtin_ctz(g->in_game));
    for (int s = 0; s < g->opt.players; s++)
        if (durak_in_game(g, s) && durak_team_of(g, s) != team)
            return false;
    return true;
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
