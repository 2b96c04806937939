/* tables_hint.c — `/msg durakbot hint` on one's turn: whether the game allows it, the hard player's
 * move computed on the worker from the asking seat's view, the reason, the count. */

/* The count goes up once a position, however often it is asked there; asked again, the same
 * hint is said again (the search, on a clock, could pick another move and contradict it). */
#include "ai_hint.h"
#include "tables_internal.h"

#include <stdio.h>

/* Does tb allow hints: game.hints is "always", or "private" and tb is a private game. The one
 * place that decides it. */
static bool tables_hints_allowed(const tables *t, const table_t *tb)
{
    return t->cfg.game.hints == CONFIG_HINTS_ALWAYS
           || (t->cfg.game.hints == CONFIG_HINTS_PRIVATE && tb->solo);
}

static void say_hint(const tables *t, const table_t *tb, int s, const durak_view *v, durak_action a,
                     outbox *o);

void hint_request(const tables *t, table_t *tb, int s, outbox *o)
{
    const char *nick = tb->seat[s].nick;
    if (!tables_hints_allowed(t, tb))
        tables_notice(o, nick,
                      t->cfg.game.hints == CONFIG_HINTS_OFF ? MSG_HINT_OFF : MSG_HINT_SOLO_ONLY,
                      t->own_nick);
    else if (tb->g.actor != s)
        tables_notice(o, nick, MSG_HINT_NOT_YOUR_TURN, tables_where(t, tb, nick));
    else if (tb->seat[s].hinted == tb->version + 1u /* given in this very position */
             && durak_check(&tb->g, tb->seat[s].hint) == DURAK_OK) {
        durak_view v;
        durak_view_of(&tb->g, s, &v);
        say_hint(t, tb, s, &v, tb->seat[s].hint, o);
    } else if (tb->hint_wanted)
        tables_notice(o, nick, MSG_HINT_PENDING);
    else
        tb->hint_wanted = (uint8_t)(s + 1);
}

bool hint_next_job(tables *t, table_t *tb, tables_ai_job *job)
{
    int s = tb->hint_wanted - 1;
    if (!tb->hint_wanted || tb->hint_running || t->paused)
        return false;
    tb->hint_running = true;
    snprintf(job->channel, sizeof job->channel, "%s", tb->channel);
    job->version = tb->version;
    job->hint_seat = s;
    durak_view_of(&tb->g, s, &job->view); /* the seat's own view: a hint cannot peek */
    job->params = ai_default_params(AI_HARD);
    job->params.seed = rng_next(&t->rng);
    return true;
}

/* The hint's sentence from the facts ai_hint_explain read in the view. */
static void say_hint(const tables *t, const table_t *tb, int s, const durak_view *v, durak_action a,
                     outbox *o)
{
    render_opts r = tables_ropts_to(t, tb->seat[s].nick);
    char mv[64], card[RENDER_CARD_MAX];
    const char *nick = tb->seat[s].nick;
    ai_hint_facts f = ai_hint_explain(v, a);
    const char *who = f.seat >= 0 ? tb->seat[f.seat].nick : "";
    if (f.card != CARD_NONE)
        render_card(&r, f.card, card, sizeof card);
    render_action(&r, a, mv, sizeof mv);
    switch (f.reason) {
    case HINT_ONLY_MOVE: tables_say(o, nick, MSG_HINT_ONLY, mv); break;
    case HINT_TAKE_CANNOT: tables_say(o, nick, MSG_HINT_TAKE_CANNOT, mv, card); break;
    case HINT_TAKE_TRUMPS: tables_say(o, nick, MSG_HINT_TAKE_TRUMPS, mv, f.n1, f.n2, f.n3); break;
    case HINT_TAKE_MANY: tables_say(o, nick, MSG_HINT_TAKE_MANY, mv, f.n1, f.n2); break;
    case HINT_BEAT_TRUMP:
        tables_say(o, nick, MSG_HINT_BEAT_TRUMP, mv, render_suit_name(&r, f.n1));
        break;
    case HINT_BEAT_LOWEST: tables_say(o, nick, MSG_HINT_BEAT_LOWEST, mv); break;
    case HINT_BEAT_KEEPS: tables_say(o, nick, MSG_HINT_BEAT_KEEPS, mv, card); break;
    case HINT_LEAD_PAIR: tables_say(o, nick, MSG_HINT_LEAD_PAIR, mv, f.n1); break;
    case HINT_LEAD_LOWEST: tables_say(o, nick, MSG_HINT_LEAD_LOWEST, mv); break;
    case HINT_LEAD_KEEPS: tables_say(o, nick, MSG_HINT_LEAD_KEEPS, mv, card); break;
    case HINT_ADD: tables_say(o, nick, MSG_HINT_ADD, mv, who, f.n1); break;
    case HINT_ADD_TAKING: tables_say(o, nick, MSG_HINT_ADD_TAKING, mv, who); break;
    case HINT_PASS: tables_say(o, nick, MSG_HINT_PASS, mv, f.n1, f.n2); break;
    default:
        tables_say(o, nick, MSG_HINT_TRANSFER, mv, f.n1,
                   msg_plural(r.lang, f.n1, MSG_WORD_CARDS_ONE), who, f.n2);
        break;
    }
}

void hint_result(tables *t, const tables_ai_job *job, durak_action a, outbox *o)
{
    table_t *tb = tables_find(t, job->channel);
    if (!tb || !tb->playing || !tb->hint_running)
        return;
    tb->hint_wanted = 0;
    tb->hint_running = false;
    int s = job->hint_seat;
    if (tb->version != job->version || tb->g.actor != s || s >= tb->nseats
        || durak_check(&tb->g, a) != DURAK_OK)
        return; /* the player moved meanwhile: the hint is for a position gone */
    if (tb->seat[s].hinted != tb->version + 1u) { /* counted once a position, said each time */
        tb->seat[s].hints++;
        tb->seat[s].hinted = tb->version + 1u;
    }
    tb->seat[s].hint = a;
    say_hint(t, tb, s, &job->view, a, o);
}

double hint_deadline(const table_t *tb) { return tb->hint_wanted && !tb->hint_running ? 0 : -1; }

void hint_counts(const table_t *tb, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int s = 0; s < tb->nseats; s++)
        if (tb->seat[s].hints > 0)
            render_appendf(buf, cap, &len, "%s%s %d", len ? ", " : "", tb->seat[s].nick,
                           tb->seat[s].hints);
}
