/* render_game.h — a game told in sentences: the options, the seats, whose turn it is, a move,
 * the end of a bout, the public status line. Reads the engine's state; no seats, no I/O. */
#ifndef DURAK_RENDER_GAME_H
#define DURAK_RENDER_GAME_H

#include <stdbool.h>
#include <stddef.h>

#include "durak.h"
#include "render.h"

/* The names at a table, seat by seat, and who is away (held seats). */
typedef struct {
    int n;
    const char *name[DURAK_MAX_PLAYERS];
    bool away[DURAK_MAX_PLAYERS];
} render_seats;

/* printf onto buf at *len, clamped: a long line is cut, never overrun. */
void render_appendf(char *buf, size_t cap, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* "classic" / "transfer". */
const char *render_variant(const durak_options *o);
/* "classic, throw-in by all" and so on (MSG_OPTIONS). */
void render_options(const durak_options *o, char *buf, size_t cap);
/* "alice, bob, Hard[bot]". */
void render_seat_list(const render_seats *s, char *buf, size_t cap);
/* "bob to defend" etc.: who must act now, by name so that clients highlight it. */
void render_turn(const render_seats *s, const durak_game *g, char *buf, size_t cap);
/* The public status: who acts, table, trump, stock, hand sizes. */
void render_status(const render_opts *r, const render_seats *s, const durak_game *g, char *buf,
                   size_t cap);
/* "alice leads 7♠." — move `a` as a sentence, said of the game before it is applied. */
void render_move(const render_opts *r, const render_seats *s, const durak_game *g, durak_action a,
                 char *buf, size_t cap);
/* The public line after a move or a forfeit: `what` (the move said), how the bout ended (taken
 * or beaten, R11, R12), the trump card drawn (R13), players out (R14), then the status line
 * unless the game is over. `played` is the card the move put on the table, if any. */
void render_report(const render_opts *r, const render_seats *s, const durak_game *before,
                   const durak_game *g, cards_t played, const char *what, char *buf, size_t cap);
/* The players out, in order with their places: "carol (1), alice (2)"; "-" when none. */
void render_out_order(const render_seats *s, const durak_game *g, char *buf, size_t cap);

#endif
