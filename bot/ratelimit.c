/* ratelimit.c — per-user command limits, a token bucket per key in a fixed table (least recently
 * used key evicted), so one nick cannot make the bot flood a channel. No clock: time comes in. */
#include "ratelimit.h"

#include <string.h>

/* A token this close to whole counts as whole: n commands take exactly n / per_second seconds. */
#define RATELIMIT_EPSILON 1e-9

void ratelimit_init(ratelimit *rl, int burst, double per_second)
{
    memset(rl, 0, sizeof *rl);
    rl->burst = burst < 1 ? 1 : burst;
    rl->per_second = per_second >= 0.001 ? per_second : 0.001;
}

/* The slot of key, or the one to give it (free, else least recently used; then *fresh is set). */
static struct ratelimit_slot *ratelimit_find(ratelimit *rl, const char *key, bool *fresh)
{
    struct ratelimit_slot *victim = &rl->slots[0];
    for (int i = 0; i < RATELIMIT_SLOTS; i++) {
        struct ratelimit_slot *s = &rl->slots[i];
        if (s->key[0] && strncmp(s->key, key, RATELIMIT_KEY - 1) == 0) {
            *fresh = false;
            return s;
        }
        if (victim->key[0] && (!s->key[0] || s->last < victim->last))
            victim = s;
    }
    *fresh = true;
    return victim;
}

bool ratelimit_allow(ratelimit *rl, const char *key, double now)
{
    bool fresh;
    if (!key || !*key)
        key = "?";
    struct ratelimit_slot *s = ratelimit_find(rl, key, &fresh);
    if (fresh) {
        memset(s->key, 0, sizeof s->key);
        strncpy(s->key, key, RATELIMIT_KEY - 1);
        s->tokens = rl->burst;
        s->refused = s->told = false;
    } else if (now > s->last) {
        s->tokens += (now - s->last) * rl->per_second;
        if (s->tokens >= rl->burst - RATELIMIT_EPSILON) { /* quiet long enough: the flood is over */
            s->tokens = rl->burst;
            s->told = false;
        }
    }
    if (fresh || now > s->last)
        s->last = now;
    s->refused = s->tokens < 1 - RATELIMIT_EPSILON;
    if (s->refused)
        return false;
    s->tokens -= 1;
    return true;
}

bool ratelimit_tell(ratelimit *rl, const char *key, double *wait)
{
    bool fresh;
    struct ratelimit_slot *s = ratelimit_find(rl, key && *key ? key : "?", &fresh);
    if (fresh || !s->refused || s->told)
        return false;
    s->told = true;
    *wait = (1 - s->tokens) / rl->per_second;
    return true;
}
