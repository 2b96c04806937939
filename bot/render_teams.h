/* render_teams.h — teams of two in words (R19): "alice+carol", the start line's seats with the
 * teams, and the end: why a team game ended without a durak, and which team lost. */
#ifndef DURAK_RENDER_TEAMS_H
#define DURAK_RENDER_TEAMS_H

#include <stddef.h>

#include "render_game.h"

/* Those below write in r's language. The seat list, and with teams the teams: "alice, bob, carol, dave; teams alice+carol vs
 * bob+dave". */
void render_team_seats(const render_opts *r, const render_seats *s, const durak_game *g, char *buf,
                       size_t cap);
/* The end's first sentence when a team game ended without a durak or a draw (a forfeit, or one
 * team left); "" otherwise. */
void render_team_verdict(const render_opts *r, const render_seats *s, const durak_game *g,
                         char *buf, size_t cap);
/* "Team bob+dave lost, alice+carol won." once a team game has a losing team; "" otherwise. */
void render_team_result(const render_opts *r, const render_seats *s, const durak_game *g, char *buf,
                        size_t cap);

#endif
