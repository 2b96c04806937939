/* ai_ismcts.c — SO-ISMCTS written plainly from Cowling, Powley and Whitehouse (2012),
 * Algorithm 1, kept apart from the hard player's search so that it stays an outside yardstick. */
#include "ai_ismcts.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "determinize.h"
#include "rng.h"

enum {
    ISMCTS_MAX_NODES = 1 << 18, /* the tree's fixed pool; once full, no more expansion */
    ISMCTS_MAX_DEPTH = 128,     /* tree levels followed per iteration */
    ISMCTS_PLAYOUT_CAP = 4000   /* actions; a playout that long ends as a draw */
};
/* The paper's exploration constant k for rewards in [0, 1] (its experiments use 0.7). */
static const double ISMCTS_K = 0.7;

typedef struct {
    durak_action act; /* a(v): the action that leads here */
    uint8_t player;   /* who played it; `reward` is that seat's */
    int32_t child, sibling;
    uint32_t visits, avail; /* n(v) and the availability count n'(v) */
    float reward;           /* r(v) */
} is_node;

typedef struct {
    is_node *nodes;
    int nnodes;
    rng_t rng;
    durak_action acts[DURAK_MAX_ACTIONS]; /* scratch: the actions legal in d */
    int child_of[DURAK_MAX_ACTIONS];      /* scratch: their children, -1 if untried */
} is_tree;

static bool same_action(durak_action a, durak_action b)
{
    return a.kind == b.kind && a.card == b.card && a.target == b.target;
}

static int node_add(is_tree *t, int parent, durak_action act, int player)
{
    if (t->nnodes >= ISMCTS_MAX_NODES)
        return -1;
    int i = t->nnodes++;
    is_node *n = &t->nodes[i];
    memset(n, 0, sizeof *n);
    n->act = act;
    n->player = (uint8_t)player;
    n->child = -1;
    n->sibling = parent >= 0 ? t->nodes[parent].child : -1;
    if (parent >= 0)
        t->nodes[parent].child = i;
    return i;
}

/* c(v, d) and u(v, d): matches v's children to the n actions legal in d; returns |u(v, d)|. */
static int compatible(is_tree *t, int v, int n)
{
    int untried = n;
    for (int i = 0; i < n; i++)
        t->child_of[i] = -1;
    for (int c = t->nodes[v].child; c >= 0; c = t->nodes[c].sibling)
        for (int i = 0; i < n; i++)
            if (t->child_of[i] < 0 && same_action(t->nodes[c].act, t->acts[i])) {
                t->child_of[i] = c;
                untried--;
                break;
            }
    return untried;
}

/* Every child compatible with d gains one availability (the paper does it while backing
 * up; nothing reads these counts in between, so doing it here is the same). */
static void count_available(is_tree *t, int n)
{
    for (int i = 0; i < n; i++)
        if (t->child_of[i] >= 0)
            t->nodes[t->child_of[i]].avail++;
}

/* SELECT's step: argmax over c(v, d) of r/n + k sqrt(ln n' / n). */
static int select_ucb(is_tree *t, int n)
{
    int best = -1;
    double best_score = -1.0;
    for (int i = 0; i < n; i++) {
        const is_node *c = &t->nodes[t->child_of[i]];
        double score = c->reward / c->visits + ISMCTS_K * sqrt(log((double)c->avail) / c->visits);
        if (score > best_score) {
            best_score = score;
            best = t->child_of[i];
        }
    }
    return best;
}

/* EXPAND: an action of u(v, d) chosen uniformly at random becomes a child. */
static int expand(is_tree *t, int v, int actor, int n, int untried)
{
    int k = (int)rng_below(&t->rng, (uint64_t)untried);
    for (int i = 0; i < n; i++)
        if (t->child_of[i] < 0 && k-- == 0)
            return t->child_of[i] = node_add(t, v, t->acts[i], actor);
    return -1;
}

/* SIMULATE: uniformly random legal actions to the end. */
static void playout(is_tree *t, durak_game *d)
{
    for (int steps = 0; !durak_over(d) && steps < ISMCTS_PLAYOUT_CAP; steps++) {
        int n = durak_legal(d, t->acts);
        if (n <= 0)
            return;
        durak_apply_legal(d, t->acts[rng_below(&t->rng, (uint64_t)n)]);
    }
}

/* One iteration: determinize, select, expand, simulate, backpropagate. */
static void iterate(is_tree *t, const durak_view *view)
{
    durak_game d;
    int path[ISMCTS_MAX_DEPTH + 1], depth = 0, v = 0;
    if (!determinize_sample(view, &t->rng, &d))
        return;
    path[depth++] = 0;
    while (!durak_over(&d) && depth <= ISMCTS_MAX_DEPTH) {
        int n = durak_legal(&d, t->acts);
        int untried = compatible(t, v, n);
        int actor = d.actor;
        int next = untried ? expand(t, v, actor, n, untried) : select_ucb(t, n);
        if (next < 0)
            break; /* the pool is full: simulate from here */
        count_available(t, n);
        durak_apply_legal(&d, t->nodes[next].act);
        path[depth++] = v = next;
        if (untried)
            break;
    }
    playout(t, &d);
    for (int i = 0; i < depth; i++) {
        is_node *n = &t->nodes[path[i]];
        n->visits++;
        n->reward += ai_reward(&d, n->player);
    }
}

static bool stopped(const ai_limits *lim, long done)
{
    return (lim->max_count > 0 && done >= lim->max_count)
           || (done % AI_CLOCK_EVERY == 0 && ai_limits_clock_expired(lim));
}

durak_action ai_ismcts_choose(const durak_view *v, uint64_t seed, const ai_limits *lim,
                              long *iterations)
{
    durak_action a = { DURAK_ACT_PASS, CARD_NONE, CARD_NONE };
    is_tree *t = malloc(sizeof *t);
    is_node *nodes = malloc(sizeof(is_node) * ISMCTS_MAX_NODES);
    long done = 0;
    if (t && nodes) {
        t->nodes = nodes;
        t->nnodes = 0;
        rng_seed(&t->rng, seed);
        node_add(t, -1, a, v->seat);
        do
            iterate(t, v);
        while (!stopped(lim, ++done));
        /* The final choice: the root's most visited child. */
        uint32_t most = 0;
        for (int c = t->nodes[0].child; c >= 0; c = t->nodes[c].sibling)
            if (t->nodes[c].visits > most) {
                most = t->nodes[c].visits;
                a = t->nodes[c].act;
            }
    }
    free(nodes);
    free(t);
    if (iterations)
        *iterations = done;
    return a;
}
