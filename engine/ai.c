/* ai.c — the computer players' entry point: picks the level's rule, turns the parameters
 * and the clock into search limits, and always answers with a legal action. */
#include "ai.h"

#include <string.h>

#include "ai_ismcts.h"
#include "ai_mcts.h"
#include "ai_policy.h"
#include "determinize.h"
#include "rng.h"

static const char *const level_names[] = { "easy", "normal", "hard", "expert", "ismcts" };

/* Share of the budget the search may use: the rest covers its last iteration and
 * freeing its pools. */
static const double BUDGET_SHARE = 0.97;

ai_params ai_default_params(ai_level level)
{
    ai_params p = { level, 0, level == AI_EXPERT ? AI_EXPERT_BUDGET_MS : AI_DEFAULT_BUDGET_MS, 0 };
    return p;
}

const char *ai_level_name(ai_level l)
{
    return (unsigned)l < sizeof level_names / sizeof level_names[0] ? level_names[l] : NULL;
}

bool ai_level_parse(const char *name, ai_level *out)
{
    for (unsigned i = 0; i < sizeof level_names / sizeof level_names[0]; i++)
        if (strcmp(name, level_names[i]) == 0) {
            *out = (ai_level)i;
            return true;
        }
    return false;
}

static ai_limits limits_of(const ai_params *p, double (*now_ms)(void))
{
    ai_limits l = { now_ms, 0, p->max_iterations > 0 ? p->max_iterations : 0 };
    bool expert = p->level == AI_EXPERT;
    int budget = p->budget_ms > 0 ? p->budget_ms : ai_default_params(p->level).budget_ms;
    if (now_ms)
        l.deadline_ms = now_ms() + budget * BUDGET_SHARE;
    else if (l.max_count <= 0)
        l.max_count = expert ? AI_EXPERT_ITERATIONS : AI_DEFAULT_ITERATIONS;
    return l;
}

/* `consistent`: the view's counts add up (else the searches, which sample, play normal). */
static durak_action by_level(const durak_view *v, const durak_game *g, const ai_params *p,
                             double (*now_ms)(void), bool consistent)
{
    ai_limits l;
    if (p->level == AI_EASY)
        return ai_policy_easy(g);
    if (p->level >= AI_HARD && consistent) {
        l = limits_of(p, now_ms);
        if (p->level == AI_ISMCTS)
            return ai_ismcts_choose(v, p->seed, &l, NULL);
        return ai_mcts_choose(v, p->seed, &l, NULL);
    }
    return ai_policy_normal(g);
}

durak_action ai_choose(const durak_view *v, const ai_params *p, double (*now_ms)(void))
{
    durak_action none = { AI_NO_ACTION, CARD_NONE, CARD_NONE };
    durak_action acts[DURAK_MAX_ACTIONS];
    durak_game g;
    if (durak_over(&v->pub) || v->pub.actor != v->seat)
        return none;
    bool consistent = determinize_for_moves(v, p->seed, &g);
    int n = durak_legal(&g, acts);
    if (n <= 1)
        return n ? acts[0] : none;
    durak_action a = by_level(v, &g, p, now_ms, consistent);
    return durak_check(&g, a) == DURAK_OK ? a : acts[0];
}
