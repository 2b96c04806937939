/* ai_solve.c — exact endgame search: depth-first AND/OR search over full-information
 * games (is `me` safe from being the durak?), with a transposition table and move ordering. */
#include "ai_solve.h"

#include <stdlib.h>
#include <string.h>

#include "ai_policy.h"
#include "rng.h"

enum { SOLVE_TT_BITS = 17, SOLVE_MAX_DEPTH = 256, SOLVE_CLOCK_EVERY = 1024 };

typedef struct {
    uint64_t key; /* 0: empty */
    uint8_t safe;
} solve_entry;

/* One level of the search, kept off the thread's stack. */
typedef struct {
    durak_action acts[DURAK_MAX_ACTIONS];
    durak_game next;
} solve_frame;

typedef struct {
    int me;
    bool win; /* "safe" is a win: a draw counts as lost */
    long nodes;
    const ai_limits *lim;
    bool stopped;
    solve_entry *tt;
    solve_frame *frames; /* SOLVE_MAX_DEPTH + 1 */
} solve_ctx;

bool ai_limits_clock_expired(const ai_limits *l)
{
    return l->now_ms && l->now_ms() >= l->deadline_ms;
}

/* Everything that decides the rest of the game: hands, the table as sets, whose turn. */
static uint64_t state_key(const durak_game *g)
{
    cards_t attack = 0, cover = 0;
    for (int i = 0; i < g->nattack; i++) {
        attack |= card_bit(g->attack[i]);
        if (g->cover[i] != CARD_NONE)
            cover |= card_bit(g->cover[i]);
    }
    uint64_t small = (uint64_t)g->phase | (uint64_t)g->actor << 8 | (uint64_t)g->attacker << 16
                     | (uint64_t)g->defender << 24 | (uint64_t)g->limit << 32
                     | (uint64_t)g->passed << 40 | (uint64_t)g->in_game << 48
                     | (uint64_t)g->first_bout << 56;
    uint64_t h = rng_mix64(small ^ UINT64_C(0x51ED270B27F0D3A1));
    h ^= rng_mix64(attack + UINT64_C(0x1234567)) ^ rng_mix64(cover * 3 + UINT64_C(0x89ABCDEF));
    h ^= rng_mix64(durak_uncovered(g) * 5 + 77);
    for (int s = 0; s < g->opt.players; s++)
        h ^= rng_mix64(g->hand[s] + RNG_GOLDEN_GAMMA * (uint64_t)(s + 1));
    return h | 1;
}

/* Safe unless `me` (with teams: my team, R19) lost, or, searching for a win, drew. */
static int outcome(const solve_ctx *c, const durak_game *g)
{
    return c->win ? ai_reward(g, c->me) == 1.f : !durak_seat_lost(g, c->me);
}

static bool should_stop(solve_ctx *c)
{
    c->nodes++;
    if ((c->lim->max_count > 0 && c->nodes > c->lim->max_count)
        || (c->nodes % SOLVE_CLOCK_EVERY == 0 && ai_limits_clock_expired(c->lim)))
        c->stopped = true;
    return c->stopped;
}

/* Legal actions with the normal player's choice first (a good guess for either side). */
static int ordered_moves(const durak_game *g, durak_action *acts)
{
    int n = durak_legal(g, acts);
    durak_action pref = ai_policy_normal(g);
    for (int i = 1; i < n; i++)
        if (memcmp(&acts[i], &pref, sizeof pref) == 0) {
            acts[i] = acts[0];
            acts[0] = pref;
            break;
        }
    return n;
}

static int solve_rec(solve_ctx *c, const durak_game *g, int depth);

/* Tries the moves: `me` needs one safe move, the others one move that makes `me` lose. */
static int solve_moves(solve_ctx *c, const durak_game *g, int depth, durak_action *best)
{
    solve_frame *f = &c->frames[depth];
    int n = ordered_moves(g, f->acts);
    bool mine = durak_team_of(g, g->actor) == durak_team_of(g, c->me); /* R19: my partner too */
    for (int i = 0; i < n; i++) {
        f->next = *g;
        durak_apply_legal(&f->next, f->acts[i]);
        int v = solve_rec(c, &f->next, depth + 1);
        if (v < 0)
            return -1;
        if (v == (int)mine) {
            if (best)
                *best = f->acts[i];
            return v;
        }
    }
    return !mine;
}

static int solve_rec(solve_ctx *c, const durak_game *g, int depth)
{
    if (durak_over(g))
        return outcome(c, g);
    if (depth >= SOLVE_MAX_DEPTH || should_stop(c))
        return -1;
    uint64_t key = state_key(g);
    solve_entry *e = &c->tt[key & ((1u << SOLVE_TT_BITS) - 1)];
    if (e->key == key)
        return e->safe;
    int v = solve_moves(c, g, depth, NULL);
    if (v >= 0) {
        e->key = key;
        e->safe = (uint8_t)v;
    }
    return v;
}

/* One search: for a win (win) or for not losing, within lim; -1 if it stopped. */
static int solve_for(const durak_game *g, int me, bool win, const ai_limits *lim, solve_entry *tt,
                     solve_frame *frames, durak_action *best)
{
    solve_ctx c = { me, win, 0, lim, false, tt, frames };
    memset(tt, 0, sizeof(solve_entry) << SOLVE_TT_BITS);
    return solve_moves(&c, g, 0, best);
}

solve_outcome ai_solve(const durak_game *g, int me, const ai_limits *lim, durak_action *best)
{
    if (durak_over(g) || durak_actor(g) != me)
        return SOLVE_UNKNOWN;
    solve_entry *tt = calloc((size_t)1 << SOLVE_TT_BITS, sizeof(solve_entry));
    solve_frame *frames = malloc(sizeof(solve_frame) * (SOLVE_MAX_DEPTH + 1));
    int v = -1;
    if (tt && frames) {
        ai_limits half = *lim; /* the win first, in half of what there is */
        if (half.now_ms) {
            double now = half.now_ms();
            half.deadline_ms = now + (half.deadline_ms - now) / 2;
        }
        half.max_count = lim->max_count > 1 ? lim->max_count / 2 : lim->max_count; /* 0: none */
        v = solve_for(g, me, true, &half, tt, frames, best) == 1 ? 1 : -1;
        if (v < 0)
            v = solve_for(g, me, false, lim, tt, frames, best);
    }
    free(frames);
    free(tt);
    return v < 0 ? SOLVE_UNKNOWN : (solve_outcome)v;
}
