/* render_teams.c — teams of two in words (R19): a team, all the teams, why a team game ended
 * and which team lost, from the engine's state and the seat names. */
#include "render_teams.h"

#include <stdio.h>

#include "messages.h"

enum { TEAM_TEXT_MAX = 2 * 64 + 2 };

/* Team `team` (0..players/2-1) of a team game: "alice+carol". */
static void render_team(const render_seats *s, const durak_game *g, int team, char *buf, size_t cap)
{
    int partner = durak_partner(g, team);
    if (team < 0 || team >= s->n || partner < 0 || partner >= s->n) {
        snprintf(buf, cap, "?");
        return;
    }
    snprintf(buf, cap, "%s+%s", s->name[team], s->name[partner]);
}

/* Every team but `skip`, joined by `sep`. */
static void team_list(const render_seats *s, const durak_game *g, int skip, const char *sep,
                      char *buf, size_t cap)
{
    char one[TEAM_TEXT_MAX];
    size_t len = 0;
    buf[0] = '\0';
    for (int t = 0; t < durak_team_count(&g->opt); t++) {
        if (t == skip)
            continue;
        render_team(s, g, t, one, sizeof one);
        render_appendf(buf, cap, &len, "%s%s", len ? sep : "", one);
    }
}

void render_team_seats(const render_opts *r, const render_seats *s, const durak_game *g, char *buf,
                       size_t cap)
{
    char seats[512], teams[512];
    render_seat_list(s, seats, sizeof seats);
    if (!g->opt.teams) {
        snprintf(buf, cap, "%s", seats);
        return;
    }
    team_list(s, g, -1, msg_in(r->lang, MSG_WORD_VS), teams, sizeof teams);
    snprintf(buf, cap, msg_in(r->lang, MSG_TEAMS_SEATS), seats, teams);
}

void render_team_verdict(const render_opts *r, const render_seats *s, const durak_game *g,
                         char *buf, size_t cap)
{
    char team[TEAM_TEXT_MAX];
    int seat = g->result_seat;
    buf[0] = '\0';
    if (!durak_over(g) || g->result != DURAK_RESULT_TEAM_LOST || seat >= s->n)
        return;
    if ((g->forfeited >> seat) & 1) { /* R19: a forfeit ends a team game at once */
        snprintf(buf, cap, msg_in(r->lang, MSG_RESULT_TEAM_FORFEIT), s->name[seat]);
        return;
    }
    render_team(s, g, durak_team_of(g, seat), team, sizeof team);
    snprintf(buf, cap, msg_in(r->lang, MSG_RESULT_ONE_TEAM), team);
}

void render_team_result(const render_opts *r, const render_seats *s, const durak_game *g, char *buf,
                        size_t cap)
{
    char loser[TEAM_TEXT_MAX], winners[512];
    int lost = durak_losing_team(g);
    buf[0] = '\0';
    if (!g->opt.teams || lost < 0)
        return;
    render_team(s, g, lost, loser, sizeof loser);
    team_list(s, g, lost, msg_in(r->lang, MSG_WORD_AND), winners, sizeof winners);
    snprintf(buf, cap, msg_in(r->lang, MSG_RESULT_TEAM_LOST), loser, winners);
}
