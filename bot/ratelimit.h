/* ratelimit.h — per-user command limits, a token bucket per key in a fixed table (least recently
 * used key evicted), so one nick cannot make the bot flood a channel. No clock: time comes in. */
#ifndef DURAK_RATELIMIT_H
#define DURAK_RATELIMIT_H

#include <stdbool.h>

#define RATELIMIT_SLOTS 256
#define RATELIMIT_KEY 64 /* bytes kept of a key: longer keys are told apart by these only */
#define RATELIMIT_DEFAULT_BURST 4  /* commands at once */
#define RATELIMIT_DEFAULT_RATE 0.5 /* then commands per second: one per 2 s */

struct ratelimit_slot {
    char key[RATELIMIT_KEY]; /* "" when free */
    double tokens;
    double last;  /* the time of the last call for this key: refill and least-recently-used */
    bool refused; /* its last call was refused */
    bool told;    /* ratelimit_tell said so since the bucket was last full */
};

typedef struct ratelimit {
    int burst;
    double per_second;
    struct ratelimit_slot slots[RATELIMIT_SLOTS];
} ratelimit;

/* Empties the table: every key starts with `burst` commands, then gets `per_second` more a second.
 * burst < 1 counts as 1; per_second below 0.001 (or NaN) as 0.001. */
void ratelimit_init(ratelimit *rl, int burst, double per_second);

/* May key (a casefolded nick: the caller folds) run a command at `now` (seconds, monotonic)?
 * True spends one token. A new key takes a free slot or the least recently used one. */
bool ratelimit_allow(ratelimit *rl, const char *key, double now);

/* After ratelimit_allow refused key: true the first time since its bucket was last full, with
 * *wait the seconds until the next is allowed; false after that. A flood is told once that it is
 * too fast, not answered line for line, nor again each time a token lets one command through: it
 * is told again only after a pause long enough to refill the whole burst. */
bool ratelimit_tell(ratelimit *rl, const char *key, double *wait);

#endif
