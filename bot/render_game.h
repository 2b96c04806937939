/* render_game.h — a game told in sentences: the options, the seats, whose turn it is, a move,
 * the end of a bout, the public status line. Reads the engine's state; no seats, no I/O. */
#ifndef DURAK_RENDER_GAME_H
#define DURAK_RENDER_GAME_H

#include <stdbool.h>
#include <stddef.h>

#include "durak.h"
#include "render.h"

enum { RENDER_NAME_MAX = 72 }; /* a nick (64 bytes at most) and a zero-width space */

/* The names at a table, seat by seat, and who is away (held seats). `quiet` is a person's nick
 * as the narration writes it, with a zero-width space after its first letter so that no client
 * highlights it (only a line's head highlights: the one who must act); "" writes name. `you`
 * marks the reader's own seat: a private game's person reads every line of it, a channel game's
 * player the lines said to them alone, and the lines that name them say "you" (render_said);
 * lists of names (the seats, the places) keep names. */
typedef struct {
    int n;
    const char *name[DURAK_MAX_PLAYERS];
    bool away[DURAK_MAX_PLAYERS];
    bool you[DURAK_MAX_PLAYERS];
    char quiet[DURAK_MAX_PLAYERS][RENDER_NAME_MAX];
} render_seats;

/* Fills s->quiet[seat] from s->name[seat] (a person's seat; computer players' names are
 * nobody's nick and stay as they are). */
void render_quiet_name(render_seats *s, int seat);
/* A seat's name as the narration writes it: quiet[seat] when set, else name[seat]. */
const char *render_told(const render_seats *s, int seat);

/* printf onto buf at *len, clamped: a long line is cut, never overrun. */
void render_appendf(char *buf, size_t cap, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Appends message id (r's language) with its arguments, said of two seats (-1: none): `subject`,
 * named by its first argument, and `object`, by its last. When one is the reader's own seat
 * (s->you) and the row has a "you" form for it (messages_you.def), that form goes instead, with
 * the same arguments but that name ("You lead 7♠" for "alice leads 7♠"). */
void render_said(const render_opts *r, const render_seats *s, int subject, int object, char *buf,
                 size_t cap, size_t *len, msg_id id, ...);

/* "classic" / "transfer" (in r's language, as everything below). */
const char *render_variant(const render_opts *r, const durak_options *o);
/* "classic, throw-in by all" and so on (MSG_OPTIONS), at most RENDER_OPTIONS_MAX bytes with every
 * option in the longest language (test_render checks it). */
enum { RENDER_OPTIONS_MAX = 192 };
void render_options(const render_opts *r, const durak_options *o, char *buf, size_t cap);
/* "alice, bob, Hard[bot]". */
void render_seat_list(const render_seats *s, char *buf, size_t cap);
/* The actor's decision may be passed (throw in, or add cards for the taker): asked privately. */
bool render_optional(const durak_game *g);
/* What the actor must do now, without a name: "lead a card", "beat 7♦ or take", ... With own
 * (read by the actor alone) "or transfer" follows their hand; else only the public facts (R17),
 * so that nobody else learns whether they hold the rank. */
void render_task(const render_opts *r, const render_seats *s, const durak_game *g, bool own,
                 char *buf, size_t cap);
/* A public line's head: "bob: beat 7♦ or take" — the actor's name first, so that their client
 * (and only theirs) highlights it. */
void render_head(const render_opts *r, const render_seats *s, const durak_game *g, char *buf,
                 size_t cap);
/* The whole status: "table 7♠/9♠ 8♣/? · trump 6♥ · stock 12 · hands 6 5 6" (counts in seat
 * order, no names; the table part only when cards are on it). With trump_named, the line it ends
 * named the trump card already (render_trump_drawn): it is left out. */
void render_status(const render_opts *r, const render_seats *s, const durak_game *g,
                   bool trump_named, char *buf, size_t cap);
/* Did the move from before to g draw the stock's last card, the trump (its event names it)? */
bool render_trump_drawn(const durak_game *before, const durak_game *g);
/* The head (or, for an optional decision, what is awaited) and the whole status (!table). */
void render_table_line(const render_opts *r, const render_seats *s, const durak_game *g, char *buf,
                       size_t cap);
/* "alice leads 7♠" — move `a` as an event, said of the game before it is applied; "" for a
 * pass (it makes no public line of its own). With the game after it (`after`, or NULL), a take
 * that ended the bout at once says the count instead: "bob picks up 2 cards". */
void render_move(const render_opts *r, const render_seats *s, const durak_game *g,
                 const durak_game *after, durak_action a, char *buf, size_t cap);
/* Who decides what, said to someone else (no highlight needed: the reader is not the actor):
 * "Hard[bot] is deciding whether to throw in a card". */
void render_decision(const render_opts *r, const render_seats *s, const durak_game *g, char *buf,
                     size_t cap);
/* What the move `a` did (a forfeit: a pass of no card): `what` (the move said), then how the
 * bout ended (R11, R12), the trump card drawn (R13), players out (R14), joined by " · "; ""
 * when nothing. */
void render_events(const render_opts *r, const render_seats *s, const durak_game *before,
                   const durak_game *g, durak_action a, const char *what, char *buf, size_t cap);
/* Whether the line after the move from `before` to g says the whole status: a bout began, or the
 * seats, the defender or the trump's owner changed. */
bool render_needs_status(const durak_game *before, const durak_game *g);
/* The public line after a move or a forfeit; false when there is nothing to say (a pass that
 * ended nothing). Someone must act: "<actor>: <task> · <what happened>", plus the whole status
 * when a bout begins or the seats, the defender or the trump's owner changed. An optional
 * decision is pending: "[table] <what happened> · throw-ins may follow". The game is over:
 * what happened. `what` is the move said (render_move, maybe with the time-out prefix), then
 * how the bout ended (R11, R12), the trump card drawn (R13), players out (R14). */
bool render_report(const render_opts *r, const render_seats *s, const durak_game *before,
                   const durak_game *g, durak_action a, const char *what, char *buf, size_t cap);
/* The places at the end: "1. carol, 2. alice" (R14), and in a draw (R15) the players still in
 * sharing the last place; "" when nobody went out. */
void render_places(const render_seats *s, const durak_game *g, char *buf, size_t cap);
/* Who forfeited (R18): "bob, dave"; "" when nobody did. */
void render_forfeiters(const render_seats *s, const durak_game *g, char *buf, size_t cap);

#endif
