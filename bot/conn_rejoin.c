/* conn_rejoin.c — the configured channels joined in as few JOIN lines as the server allows, and
 * the ones it refused logged and tried again, each with its own back-off (see conn_rejoin.h). */
#define _POSIX_C_SOURCE 200809L
#include "conn_rejoin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

#define RETRY_FIRST 30.0
#define RETRY_MAX 600.0
#define INVITE_FIRST 5.0  /* an INVITE brings the JOIN forward at most this often (s) ... */
#define INVITE_MAX 60.0   /* ... the gap doubling with each one heard while still refused */
#define JOIN_LINE_MAX 400 /* bytes of one JOIN line of several channels */

struct rejoin_entry {
    bool used;
    char channel[64];
    unsigned code;
    double due; /* -1: waits for conn_rejoin_now */
    double backoff;
    double invited;    /* when an INVITE last brought the join forward */
    double invite_gap; /* until the next one is heard: INVITE_FIRST, doubling to INVITE_MAX */
};

struct rejoin {
    outq *q;
    struct rejoin_entry e[CONFIG_MAX_CHANNELS];
    unsigned join_max; /* TARGMAX JOIN: channels per JOIN line (0: any) */
};

rejoin *conn_rejoin_new(outq *q)
{
    rejoin *r = calloc(1, sizeof *r);
    if (r)
        r->q = q;
    return r;
}

void conn_rejoin_free(rejoin *r) { free(r); }

void conn_rejoin_clear(rejoin *r)
{
    memset(r->e, 0, sizeof r->e);
    r->join_max = 0;
}

void conn_rejoin_isupport(rejoin *r, const isupport *is)
{
    if (is->has_targmax)
        r->join_max = is->join_max;
}

static void push(rejoin *r, const char *line)
{
    if (!outq_push_raw(r->q, line))
        log_msg(LOG_WARNING, "send queue refused \"%.40s\"; dropped", line);
}

void conn_rejoin_join_all(rejoin *r, const bot_config *cfg)
{
    char line[JOIN_LINE_MAX + 64];
    size_t len = 0, max = outq_raw_max(r->q); /* the server's LINELEN, as the queue keeps it */
    if (max > JOIN_LINE_MAX)
        max = JOIN_LINE_MAX;
    unsigned n = 0;
    for (int i = 0; i < cfg->irc.nchannels; i++) {
        const char *ch = cfg->irc.channels[i];
        if (len && (len + 1 + strlen(ch) > max || (r->join_max && n == r->join_max))) {
            push(r, line);
            len = n = 0;
        }
        n++;
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", len ? "," : "JOIN ", ch);
    }
    if (len)
        push(r, line);
}

static struct rejoin_entry *find(rejoin *r, casemap cm, const char *channel)
{
    for (int i = 0; i < CONFIG_MAX_CHANNELS; i++)
        if (r->e[i].used && casemap_equal(cm, r->e[i].channel, channel))
            return &r->e[i];
    return NULL;
}

static const char *meaning(unsigned code)
{
    switch (code) {
    case 471: return "the channel is full (+l)";
    case 473: return "it is invite only (+i)";
    case 474: return "the bot is banned there (+b)";
    case 475: return "it needs a key (+k)";
    default: return "it needs a registered, identified nick (+R or the like)";
    }
}

void conn_rejoin_refused(rejoin *r, casemap cm, const char *channel, unsigned code, const char *why,
                         const char *no_retry, double now)
{
    struct rejoin_entry *e = find(r, cm, channel);
    for (int i = 0; !e && i < CONFIG_MAX_CHANNELS; i++)
        if (!r->e[i].used) {
            e = &r->e[i];
            *e = (struct rejoin_entry){ .used = true,
                                        .backoff = RETRY_FIRST,
                                        .invited = -INVITE_FIRST,
                                        .invite_gap = INVITE_FIRST };
            snprintf(e->channel, sizeof e->channel, "%s", channel);
        }
    if (!e)
        return;
    e->code = code;
    if (no_retry) {
        e->due = -1;
        log_msg(LOG_WARNING, "cannot join %s: %s (%u: %s); not tried again: %s", channel,
                meaning(code), code, why, no_retry);
        return;
    }
    e->due = now + e->backoff;
    log_msg(LOG_WARNING, "cannot join %s: %s (%u: %s); trying again in %.0f s", channel,
            meaning(code), code, why, e->backoff);
    e->backoff = e->backoff * 2 > RETRY_MAX ? RETRY_MAX : e->backoff * 2;
}

void conn_rejoin_on_numeric(rejoin *r, casemap cm, const irc_event *ev, const char *no_retry,
                            double now)
{
    const char *ch = ev->count >= 2 ? ev->params[1] : "";
    bool refusal = ev->code == 471 || (ev->code >= 473 && ev->code <= 475) || ev->code == 477;
    if (refusal && (ch[0] == '#' || ch[0] == '&'))
        conn_rejoin_refused(r, cm, ch, ev->code, ev->count >= 3 ? ev->params[ev->count - 1] : "",
                            no_retry, now);
}

void conn_rejoin_forget(rejoin *r, casemap cm, const char *channel)
{
    struct rejoin_entry *e = find(r, cm, channel);
    if (e)
        e->used = false;
}

void conn_rejoin_keep(rejoin *r, casemap cm, const bot_config *cfg)
{
    for (int i = 0; i < CONFIG_MAX_CHANNELS; i++) {
        bool wanted = false;
        for (int j = 0; r->e[i].used && j < cfg->irc.nchannels; j++)
            wanted |= casemap_equal(cm, r->e[i].channel, cfg->irc.channels[j]);
        r->e[i].used = wanted;
    }
}

void conn_rejoin_now(rejoin *r, unsigned code, double now)
{
    for (int i = 0; i < CONFIG_MAX_CHANNELS; i++)
        if (r->e[i].used && r->e[i].code == code)
            r->e[i].due = now;
}

/* An operator who invites the bot, finds a key (+k) still set, lifts it and invites it again is a
 * few seconds apart: the second INVITE is heard after INVITE_FIRST. A member of a channel that
 * still bans the bot, inviting it again and again, is heard less and less often (the gap doubles
 * to INVITE_MAX), so that their JOINs never crowd out the games' lines (on a penalty server a
 * JOIN costs two seconds of its clock). The gap starts again once the bot is in. */
void conn_rejoin_invited(rejoin *r, casemap cm, const char *channel, double now)
{
    struct rejoin_entry *e = find(r, cm, channel);
    if (e && now - e->invited >= e->invite_gap) {
        if (e->invited >= 0) /* not the first: the next waits longer */
            e->invite_gap = e->invite_gap * 2 > INVITE_MAX ? INVITE_MAX : e->invite_gap * 2;
        e->invited = now;
        e->due = now;
    }
}

double conn_rejoin_deadline(const rejoin *r)
{
    double d = -1;
    for (int i = 0; i < CONFIG_MAX_CHANNELS; i++)
        if (r->e[i].used && r->e[i].due >= 0 && (d < 0 || r->e[i].due < d))
            d = r->e[i].due;
    return d;
}

void conn_rejoin_tick(rejoin *r, double now)
{
    char line[96];
    for (int i = 0; i < CONFIG_MAX_CHANNELS; i++) {
        struct rejoin_entry *e = &r->e[i];
        if (!e->used || e->due < 0 || now < e->due)
            continue;
        e->due = -1; /* a new refusal schedules it again */
        snprintf(line, sizeof line, "JOIN %s", e->channel);
        log_msg(LOG_INFO, "trying to join %s again", e->channel);
        push(r, line);
    }
}
