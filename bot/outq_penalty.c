/* outq_penalty.c — a penalty server's clock, counted on the bot's side: each line's cost in seconds
 * as ircd 2.11 charges it, the debt that decays, the wait before the next (see outq_penalty.h). */
#include "outq_penalty.h"

#include <string.h>

/* ircd 2.11's handlers' returns, by command (s_user.c, channel.c). */
static int command_cost(const char *cmd, size_t len, const char *params)
{
    static const struct {
        const char *cmd;
        int cost; /* 0: one per target, the first parameter's comma-separated names */
    } rows[] = { { "PRIVMSG", 0 }, { "NOTICE", 0 }, { "WHO", 0 }, { "JOIN", 2 }, { "PART", 4 } };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (strlen(rows[i].cmd) != len || strncmp(rows[i].cmd, cmd, len))
            continue;
        if (rows[i].cost)
            return rows[i].cost;
        const char *t = params + (*params == ' ');
        int n = 1;
        for (size_t k = strcspn(t, " "); k > 0; k--)
            n += t[k - 1] == ',';
        return n;
    }
    return 1;
}

int outq_penalty_cost(const char *line)
{
    size_t cmd = strcspn(line, " ");
    const char *params = line + cmd; /* " target :text": what the server counts */
    return 1 + (int)(strlen(params) / 100) + command_cost(line, cmd, params);
}

static double debt_at(const outq_penalty *p, double now)
{
    double d = p->debt - (now - p->at);
    return d > 0 ? d : 0;
}

double outq_penalty_wait(const outq_penalty *p, double now)
{
    if (!p->on)
        return 0;
    double d = debt_at(p, now);
    return d > PENALTY_AHEAD ? d - PENALTY_AHEAD : 0;
}

void outq_penalty_spend(outq_penalty *p, const char *line, double now)
{
    if (!p->on)
        return;
    p->debt = debt_at(p, now) + outq_penalty_cost(line);
    p->at = now;
}
