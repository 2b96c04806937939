/* outq_penalty.h — the send queue's model of a penalty server's clock (ISUPPORT PENALTY: IRCnet's
 * ircd 2.11), which charges each line seconds and reads a client only while it is < 10 s ahead. */
#ifndef DURAK_OUTQ_PENALTY_H
#define DURAK_OUTQ_PENALTY_H

#include <stdbool.h>

/* ircd 2.11 stops reading a client once its clock is MAXPENALTY (10) s ahead of the server's
 * whole-second clock: a line goes when the bot's own count, to the second, is at most this. */
#define PENALTY_AHEAD 8.0

typedef struct {
    bool on;     /* the server said PENALTY in 005 */
    double debt; /* seconds the server's clock is ahead of now, at `at` */
    double at;
} outq_penalty;

/* What ircd 2.11 charges for a line (common/parse.c: 1 + bytes after the command / 100, plus
 * what the command returns: 1 per target of PRIVMSG, NOTICE and WHO, 2 for JOIN, 4 for PART,
 * 1 for the rest), in seconds. */
int outq_penalty_cost(const char *line);
/* Seconds until a line may go at `now` (0: now; always 0 when off). */
double outq_penalty_wait(const outq_penalty *p, double now);
/* The line went at `now`: its cost is added (nothing when off). */
void outq_penalty_spend(outq_penalty *p, const char *line, double now);

#endif
