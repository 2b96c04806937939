/* ai_mcts.c — the hard player: single-observer information-set MCTS (a fresh determinization
 * each iteration, UCB with availability counts), normal-policy playouts, endgame search. */
#include "ai_mcts.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "ai_policy.h"
#include "determinize.h"
#include "rng.h"

enum {
    MCTS_FIRST_NODES = 1 << 16, /* the tree's first pool (24 bytes a node), doubled as it fills */
    MCTS_MAX_NODES = 1 << 20,   /* the most it grows to: 24 MB, some 5 s of search */
    MCTS_MAX_DEPTH = 96,        /* tree levels followed per iteration */
    MCTS_PLAYOUT_CAP = 4000,    /* actions; a playout that long counts as a draw */
    MCTS_LATE_RANDOM = 400,     /* thousandths of playout moves at random, stock empty */
    MCTS_STOP_EVERY = 16,       /* between early-stop checks; a multiple of AI_CLOCK_EVERY */
    SOLVE_NODES_PER_ITERATION = 64, /* the endgame search's node cap per iteration allowed */
    MCTS_LOG_TABLE = 4096           /* availability counts whose log is looked up */
};
static const double MCTS_EXPLORE = 1.0; /* UCB exploration constant, rewards in [0, 1] */

typedef struct {
    durak_action act; /* the action that leads here */
    uint8_t player;   /* who chose it; `wins` are theirs */
    int32_t child, sibling;
    uint32_t visits, avail;
    float wins;
} mcts_node;

typedef struct {
    const durak_view *view;
    mcts_node *nodes;
    int nnodes, cap;
    rng_t rng;
    long iterations;
    durak_action acts[DURAK_MAX_ACTIONS]; /* scratch: legal actions */
    int child_of[DURAK_MAX_ACTIONS];      /* scratch: their nodes, -1 if untried */
    uint32_t keys[DURAK_MAX_ACTIONS];     /* scratch: action_key of each legal action */
    double log_of[MCTS_LOG_TABLE];        /* log(n): UCB took one call of log per child */
} mcts_tree;

/* An action as one number: equal keys, equal actions. */
static uint32_t action_key(durak_action a)
{
    return (uint32_t)a.kind | (uint32_t)a.card << 8 | (uint32_t)a.target << 16;
}

static bool same_action(durak_action a, durak_action b) { return action_key(a) == action_key(b); }

/* ---- tree ------------------------------------------------------------------ */

/* Room for one more node: a fixed pool of 65,536 froze the tree part way through 96 of 98 of
 * expert's one-second searches (measured). Nodes are addressed by index, so moving is safe. */
static bool node_room(mcts_tree *t)
{
    if (t->nnodes < t->cap)
        return true;
    mcts_node *more = t->cap < MCTS_MAX_NODES ? realloc(t->nodes, sizeof *more * 2 * t->cap) : NULL;
    if (!more)
        return false;
    t->nodes = more;
    t->cap *= 2;
    return true;
}

static int node_add(mcts_tree *t, int parent, durak_action act, int player)
{
    if (!node_room(t))
        return -1;
    int i = t->nnodes++;
    mcts_node *n = &t->nodes[i];
    memset(n, 0, sizeof *n);
    n->act = act;
    n->player = (uint8_t)player;
    n->child = -1;
    n->sibling = parent >= 0 ? t->nodes[parent].child : -1;
    if (parent >= 0)
        t->nodes[parent].child = i;
    return i;
}

/* Fills t->child_of for the legal actions in t->acts; returns how many are untried. The
 * legal actions are distinct and so are a node's children, so each child matches at most
 * one action and the first equal key is the one (keys compared as numbers: this matching
 * was the search's largest cost after the playouts). */
static int match_children(mcts_tree *t, int parent, int n)
{
    int untried = n;
    for (int i = 0; i < n; i++) {
        t->child_of[i] = -1;
        t->keys[i] = action_key(t->acts[i]);
    }
    for (int c = t->nodes[parent].child; c >= 0; c = t->nodes[c].sibling) {
        uint32_t k = action_key(t->nodes[c].act);
        for (int i = 0; i < n; i++)
            if (t->keys[i] == k) {
                t->child_of[i] = c;
                untried--;
                break;
            }
    }
    return untried;
}

/* Adds an untried action: the normal player's choice first, else one at random. */
static int expand(mcts_tree *t, int parent, const durak_game *g, int n, int untried)
{
    durak_action pref = ai_policy_normal(g);
    int pick = -1;
    for (int i = 0; i < n && pick < 0; i++)
        if (t->child_of[i] < 0 && same_action(t->acts[i], pref))
            pick = i;
    if (pick < 0) {
        int k = (int)rng_below(&t->rng, (uint64_t)untried);
        for (int i = 0; i < n; i++)
            if (t->child_of[i] < 0 && k-- == 0)
                pick = i;
    }
    return node_add(t, parent, t->acts[pick], g->actor);
}

/* UCB1 among the children legal in this determinization; counts their availability. */
static int select_ucb(mcts_tree *t, int n)
{
    int best = -1;
    double best_score = -1.0;
    for (int i = 0; i < n; i++) {
        mcts_node *c = &t->nodes[t->child_of[i]];
        c->avail++;
        double ln = c->avail < MCTS_LOG_TABLE ? t->log_of[c->avail] : log((double)c->avail);
        double score = c->wins / c->visits + MCTS_EXPLORE * sqrt(ln / c->visits);
        if (score > best_score) {
            best_score = score;
            best = t->child_of[i];
        }
    }
    return best;
}

/* ---- one iteration ------------------------------------------------------------ */

/* Every seat plays the normal player's move (from its own view) to the end, but once the
 * stock is empty, a move in MCTS_LATE_RANDOM thousandths is a random legal one: averaged,
 * such playouts of a dealt-out game agree with its exact result more often than normal's. */
static void playout(mcts_tree *t, durak_game *g)
{
    for (int steps = 0; !durak_over(g) && steps < MCTS_PLAYOUT_CAP; steps++) {
        if (g->stock_len == 0 && rng_below(&t->rng, 1000) < MCTS_LATE_RANDOM) {
            int n = durak_legal(g, t->acts);
            durak_apply_legal(g, t->acts[rng_below(&t->rng, (uint64_t)n)]);
        } else {
            durak_apply_legal(g, ai_policy_normal(g)); /* the policies play legal moves */
        }
    }
}

static void backprop(mcts_tree *t, const int *path, int depth, const durak_game *g)
{
    for (int i = 0; i < depth; i++) {
        mcts_node *n = &t->nodes[path[i]];
        n->visits++;
        if (i > 0)
            n->wins += ai_reward(g, n->player);
    }
}

/* Follows the tree (selection), adds one node (expansion), plays out, backs up. */
static void iterate(mcts_tree *t)
{
    durak_game g;
    int path[MCTS_MAX_DEPTH + 1], depth = 0, node = 0;
    t->iterations++;
    if (!determinize_sample(t->view, &t->rng, &g))
        return;
    path[depth++] = 0;
    while (!durak_over(&g) && depth <= MCTS_MAX_DEPTH) {
        int n = durak_legal(&g, t->acts);
        int untried = match_children(t, node, n);
        int next = untried ? expand(t, node, &g, n, untried) : select_ucb(t, n);
        if (next < 0)
            break;
        durak_apply_legal(&g, t->nodes[next].act); /* matched to this game's legal moves */
        path[depth++] = node = next;
        if (untried)
            break;
    }
    playout(t, &g);
    backprop(t, path, depth, &g);
}

/* ---- the decision -------------------------------------------------------------- */

/* The root's two most visited children's visit counts. */
static void root_top2(const mcts_tree *t, uint32_t *first, uint32_t *second, int *best)
{
    *first = *second = 0;
    *best = -1;
    for (int c = t->nodes[0].child; c >= 0; c = t->nodes[c].sibling) {
        uint32_t v = t->nodes[c].visits;
        if (*best < 0 || v > *first) {
            *second = *first;
            *first = v;
            *best = c;
        } else if (v > *second) {
            *second = v;
        }
    }
}

/* Stops at the count or the clock, or once the leader can no longer be caught. */
static bool search_done(const mcts_tree *t, const ai_limits *lim, double start)
{
    long done = t->iterations;
    if (lim->max_count > 0 && done >= lim->max_count)
        return true;
    if (done % AI_CLOCK_EVERY)
        return false;
    double now = lim->now_ms ? lim->now_ms() : 0;
    if (lim->now_ms && now >= lim->deadline_ms)
        return true;
    if (done % MCTS_STOP_EVERY || done < 4 * MCTS_STOP_EVERY)
        return false;
    double left = lim->max_count > 0 ? (double)(lim->max_count - done) : INFINITY;
    if (lim->now_ms) {
        double per = (now - start) / (double)done;
        double by_clock = per > 0 ? (lim->deadline_ms - now) / per : INFINITY;
        left = by_clock < left ? by_clock : left;
    }
    uint32_t first, second;
    int best;
    root_top2(t, &first, &second, &best);
    return (double)(first - second) > left;
}

static durak_action mcts_search(const durak_view *v, uint64_t seed, const ai_limits *lim,
                                mcts_stats *st)
{
    mcts_tree *t = malloc(sizeof *t);
    mcts_node *nodes = malloc(sizeof(mcts_node) * MCTS_FIRST_NODES);
    durak_action a = { DURAK_ACT_PASS, CARD_NONE, CARD_NONE };
    if (t && nodes) {
        t->view = v;
        t->nodes = nodes;
        t->nnodes = 0;
        t->cap = MCTS_FIRST_NODES;
        t->iterations = 0;
        t->log_of[0] = -INFINITY;
        for (int i = 1; i < MCTS_LOG_TABLE; i++)
            t->log_of[i] = log((double)i);
        rng_seed(&t->rng, seed);
        node_add(t, -1, a, v->seat);
        double start = lim->now_ms ? lim->now_ms() : 0;
        do
            iterate(t);
        while (!search_done(t, lim, start));
        uint32_t first, second;
        int best;
        root_top2(t, &first, &second, &best);
        if (best >= 0)
            a = t->nodes[best].act;
        st->iterations = t->iterations;
        st->tree_nodes = t->nnodes;
        nodes = t->nodes;
    }
    free(nodes);
    free(t);
    return a;
}

/* Half the time (or 64 nodes per iteration allowed) for the endgame search. */
static ai_limits solve_limits(const ai_limits *lim)
{
    ai_limits s = *lim;
    if (s.now_ms) {
        double now = s.now_ms();
        s.deadline_ms = now + (s.deadline_ms - now) / 2;
    }
    if (s.max_count > 0)
        s.max_count *= SOLVE_NODES_PER_ITERATION;
    return s;
}

/* With nothing hidden and two players left, an exact search may settle it. */
static bool try_solve(const durak_view *v, uint64_t seed, const ai_limits *lim, durak_action *a)
{
    durak_game g;
    rng_t r;
    if (!determinize_is_exact(v) || bits_count(v->pub.in_game) != 2)
        return false;
    rng_seed(&r, seed);
    ai_limits sl = solve_limits(lim);
    return determinize_sample(v, &r, &g) && ai_solve(&g, v->seat, &sl, a) == SOLVE_SAFE;
}

durak_action ai_mcts_choose(const durak_view *v, uint64_t seed, const ai_limits *lim,
                            mcts_stats *stats)
{
    mcts_stats st = { 0, 0, 0 };
    durak_action a;
    if (try_solve(v, seed, lim, &a)) {
        st.solved = 1;
    } else {
        a = mcts_search(v, seed ^ UINT64_C(0x6D6374735F736565), lim, &st);
    }
    if (stats)
        *stats = st;
    return a;
}
