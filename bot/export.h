/* export.h — recorded games out of the state database: one game as a durak-cli session
 * that replays it (durakbot --export-game ID), games since a date as JSON Lines (--export-games). */
#ifndef DURAK_EXPORT_H
#define DURAK_EXPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "store.h"

/* The game of id (decimal text) as a durak-cli session into out: comments (#) with where, when
 * and who, the `new` line with the seed, every move (each after a comment with its time and
 * seat) and a last `state`, whose result: line is the recorded result. Returns the exit status:
 * 0, or 1 with a message on err (no such game, a bad id, a record that cannot be replayed). */
int export_game(store *db, const char *id, FILE *out, FILE *err);
/* Every game that ended at or after since (NULL: all) as one JSON object a line (durakbot(8), "GAME
 * RECORDS"). Returns the exit status: 0, or 1 with a message on err (a game whose moves do not
 * read is named there and left out; the others are all written). */
int export_games(store *db, const char *since, FILE *out, FILE *err);
/* "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM[:SS]" (UTC; a space may stand for the T, a Z may end it)
 * as unix time; false if it is no such date. */
bool export_parse_date(const char *text, long long *unix_time);

#endif
