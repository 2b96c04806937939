/* conn_rejoin.c — the configured channels joined, with their keys, in as few JOIN lines as the
 * server allows, and those refused or kicked from joined again, each with its back-off. */
#define _POSIX_C_SOURCE 200809L
#include "conn_rejoin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "outq_log.h"

#define RETRY_FIRST 30.0
#define RETRY_MAX 600.0
#define INVITE_FIRST 5.0  /* an INVITE brings the JOIN forward at most this often (s) ... */
#define INVITE_MAX 60.0   /* ... the gap doubling with each one heard while still refused */
#define JOIN_LINE_MAX 400 /* bytes of one JOIN line of several channels */
#define KICK_FIRST 30.0   /* a kick soon after the last one is answered this much later ... */
#define KICK_QUIET 600.0  /* ... "soon": within this long of the rejoin after it */

struct rejoin_entry {
    bool used;
    char channel[64];
    unsigned code;
    double due; /* -1: waits for conn_rejoin_now */
    double backoff;
    double invited;    /* when an INVITE last brought the join forward */
    double invite_gap; /* until the next one is heard: INVITE_FIRST, doubling to INVITE_MAX */
};

/* Kicks are remembered past the rejoin (which forgets the channel's rejoin_entry). */
struct kick_entry {
    bool used;
    char channel[64];
    double back;  /* when the bot was to be back in after the last kick */
    double delay; /* how long it waited then: 0, then KICK_FIRST doubling to RETRY_MAX */
};

struct rejoin {
    outq *q;
    struct rejoin_entry e[CONFIG_MAX_CHANNELS];
    struct kick_entry k[CONFIG_MAX_CHANNELS];
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
    memset(r->k, 0, sizeof r->k);
    r->join_max = 0;
}

void conn_rejoin_isupport(rejoin *r, const isupport *is)
{
    if (is->has_targmax)
        r->join_max = is->join_max;
}

static void push(rejoin *r, const char *line)
{
    char shown[64]; /* a JOIN's keys hidden */
    if (!outq_push_raw(r->q, line))
        log_msg(LOG_WARNING, "send queue refused \"%s\"; dropped",
                outq_log_line(line, 40, shown, sizeof shown));
}

/* channel's key in cfg's channel_settings (NULL: none), and its entry's index in *at (if at). */
static const char *key_of(const bot_config *cfg, const char *channel, int *at)
{
    const config_channel *c =
        config_channel_of(cfg->channel_settings, cfg->nchannel_settings, channel);
    if (!c || !c->key[0])
        return NULL;
    if (at)
        *at = (int)(c - cfg->channel_settings);
    return c->key;
}

void conn_rejoin_join(rejoin *r, const bot_config *cfg, const char *channel)
{
    char line[160];
    const char *key = key_of(cfg, channel, NULL);
    snprintf(line, sizeof line, "JOIN %s%s%s", channel, key ? " " : "", key ? key : "");
    push(r, line);
}

/* One JOIN line of several channels: JOIN pairs its keys with its channels in order, so the
 * channels with a key come first. */
struct join_line {
    char chans[JOIN_LINE_MAX + 64], keys[JOIN_LINE_MAX];
    size_t nchans, nkeys;
    unsigned n;
};

static void flush(rejoin *r, struct join_line *j)
{
    char line[sizeof j->chans + sizeof j->keys + 8];
    if (j->n) {
        snprintf(line, sizeof line, "JOIN %s%s%.*s", j->chans, j->nkeys ? " " : "", (int)j->nkeys,
                 j->keys);
        push(r, line);
    }
    j->nchans = j->nkeys = j->n = 0;
}

void conn_rejoin_join_all(rejoin *r, const bot_config *cfg)
{
    struct join_line j = { .n = 0 };
    size_t max = outq_raw_max(r->q); /* the server's LINELEN, as the queue keeps it */
    if (max > JOIN_LINE_MAX)
        max = JOIN_LINE_MAX;
    for (int keyed = 1; keyed >= 0; keyed--)
        for (int i = 0; i < cfg->irc.nchannels; i++) {
            const char *ch = cfg->irc.channels[i], *key = key_of(cfg, ch, NULL);
            if (!key != !keyed)
                continue;
            size_t len = 5 + j.nchans + (j.nkeys ? 1 + j.nkeys : 0);
            size_t more = 1 + strlen(ch) + (key ? 1 + strlen(key) : 0);
            if (j.n && (len + more > max || (r->join_max && j.n == r->join_max)))
                flush(r, &j);
            j.n++;
            j.nchans += (size_t)snprintf(j.chans + j.nchans, sizeof j.chans - j.nchans, "%s%s",
                                         j.nchans ? "," : "", ch);
            if (key)
                j.nkeys += (size_t)snprintf(j.keys + j.nkeys, sizeof j.keys - j.nkeys, "%s%s",
                                            j.nkeys ? "," : "", key);
        }
    flush(r, &j);
}

static struct rejoin_entry *find(rejoin *r, casemap cm, const char *channel)
{
    for (int i = 0; i < CONFIG_MAX_CHANNELS; i++)
        if (r->e[i].used && casemap_equal(cm, r->e[i].channel, channel))
            return &r->e[i];
    return NULL;
}

/* channel's entry, a new one if it has none (NULL: no room). */
static struct rejoin_entry *entry(rejoin *r, casemap cm, const char *channel)
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
    return e;
}

/* Why code keeps the bot out of channel, into buf: for a key (475), the key of
 * channel_settings to give or fix, never the key itself. */
static const char *meaning(unsigned code, const bot_config *cfg, const char *channel, char *buf,
                           size_t cap)
{
    int at;
    if (code == 475 && key_of(cfg, channel, &at)) {
        snprintf(buf, cap, "it refused the key channel_settings[%d].key gives (+k): fix that key",
                 at);
        return buf;
    }
    switch (code) {
    case 437: return "it is closed for a while (a join throttle, +j, or a netsplit)";
    case 470: return "the server sent the bot to another channel instead (+L)";
    case 480: return "too many joins there lately (+j)";
    case 471: return "the channel is full (+l)";
    case 473: return "it is invite only (+i)";
    case 474: return "the bot is banned there (+b)";
    case 475: return "it needs a key (+k): give it as key in the channel's channel_settings entry";
    default: return "it needs a registered, identified nick (+R or the like)";
    }
}

void conn_rejoin_refused(rejoin *r, casemap cm, const bot_config *cfg, const char *channel,
                         unsigned code, const char *why, const char *no_retry, double now)
{
    char buf[160];
    struct rejoin_entry *e = entry(r, cm, channel);
    if (!e)
        return;
    e->code = code;
    if (no_retry) {
        e->due = -1;
        log_msg(LOG_WARNING, "cannot join %s: %s (%u: %s); not tried again: %s", channel,
                meaning(code, cfg, channel, buf, sizeof buf), code, why, no_retry);
        return;
    }
    e->due = now + e->backoff;
    log_msg(LOG_WARNING, "cannot join %s: %s (%u: %s); trying again in %.0f s", channel,
            meaning(code, cfg, channel, buf, sizeof buf), code, why, e->backoff);
    e->backoff = e->backoff * 2 > RETRY_MAX ? RETRY_MAX : e->backoff * 2;
}

bool conn_rejoin_is_refusal(const irc_event *ev)
{
    unsigned c = ev->code;
    /* 437 about a nick is registration's "unavailable", tried with the next nick */
    return ev->count >= 2 && casemap_is_channel(ev->params[1])
           && (c == 437 || c == 470 || c == 471 || (c >= 473 && c <= 475) || c == 477 || c == 480);
}

void conn_rejoin_on_numeric(rejoin *r, casemap cm, const bot_config *cfg, const irc_event *ev,
                            const char *no_retry, double now)
{
    if (conn_rejoin_is_refusal(ev))
        conn_rejoin_refused(r, cm, cfg, ev->params[1], ev->code,
                            ev->count >= 3 ? ev->params[ev->count - 1] : "", no_retry, now);
}

bool conn_rejoin_wanted(casemap cm, const bot_config *cfg, const char *channel)
{
    for (int i = 0; i < cfg->irc.nchannels; i++)
        if (casemap_equal(cm, channel, cfg->irc.channels[i]))
            return true;
    return false;
}

/* channel's kick entry; add: a new one if it has none (NULL: none, or no room). */
static struct kick_entry *kick_entry(rejoin *r, casemap cm, const char *channel, bool add)
{
    for (int i = 0; i < CONFIG_MAX_CHANNELS; i++)
        if (r->k[i].used && casemap_equal(cm, r->k[i].channel, channel))
            return &r->k[i];
    for (int i = 0; add && i < CONFIG_MAX_CHANNELS; i++)
        if (!r->k[i].used) {
            r->k[i] = (struct kick_entry){ .used = true, .back = -KICK_QUIET - 1 };
            snprintf(r->k[i].channel, sizeof r->k[i].channel, "%s", channel);
            return &r->k[i];
        }
    return NULL;
}

/* A kick now and then (an operator clearing a channel, a mistaken kick) is answered by joining
 * again at once. One soon after the bot came back is someone who wants it gone for now: it waits
 * 30 s, then twice as long each time, up to RETRY_MAX, rather than fight a kick war (and a server
 * that counts joins as flood may kill it). Ten quiet minutes after a rejoin start it afresh. */
void conn_rejoin_kicked(rejoin *r, casemap cm, const bot_config *cfg, const char *channel,
                        double now)
{
    struct kick_entry *k = kick_entry(r, cm, channel, true);
    double delay = 0;
    if (k && now - k->back <= KICK_QUIET)
        delay = k->delay <= 0 ? KICK_FIRST : k->delay * 2 > RETRY_MAX ? RETRY_MAX : k->delay * 2;
    struct rejoin_entry *e = delay > 0 ? entry(r, cm, channel) : NULL;
    if (!e) { /* at once, or no room to wait */
        log_msg(LOG_INFO, "joining %s again", channel);
        conn_rejoin_join(r, cfg, channel);
        delay = 0;
    } else {
        e->code = 0;
        e->due = now + delay;
        log_msg(LOG_WARNING, "kicked from %s again soon after; joining it again in %.0f s", channel,
                delay);
    }
    if (k) {
        k->delay = delay;
        k->back = now + delay;
    }
}

void conn_rejoin_forget(rejoin *r, casemap cm, const char *channel)
{
    struct rejoin_entry *e = find(r, cm, channel);
    if (e)
        e->used = false;
}

static bool wanted(casemap cm, const char *channel, const bot_config *cfg)
{
    for (int j = 0; j < cfg->irc.nchannels; j++)
        if (casemap_equal(cm, channel, cfg->irc.channels[j]))
            return true;
    return false;
}

bool conn_rejoin_keep(rejoin *r, casemap cm, const bot_config *was, const bot_config *cfg,
                      double now)
{
    bool due = false;
    for (int i = 0; i < CONFIG_MAX_CHANNELS; i++) {
        struct rejoin_entry *e = &r->e[i];
        e->used = e->used && wanted(cm, e->channel, cfg);
        r->k[i].used = r->k[i].used && wanted(cm, r->k[i].channel, cfg);
        const char *old = key_of(was, e->channel, NULL), *key = key_of(cfg, e->channel, NULL);
        if (e->used && e->code == 475 && strcmp(old ? old : "", key ? key : "")) {
            e->due = now; /* a new key for a channel that refused the old: tried at once */
            due = true;
        }
    }
    return due;
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
        struct kick_entry *k = kick_entry(r, cm, channel, false);
        if (k && k->back > now) /* back early: its quiet minutes count from now */
            k->back = now;
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

void conn_rejoin_tick(rejoin *r, const bot_config *cfg, double now)
{
    for (int i = 0; i < CONFIG_MAX_CHANNELS; i++) {
        struct rejoin_entry *e = &r->e[i];
        if (!e->used || e->due < 0 || now < e->due)
            continue;
        e->due = -1; /* a new refusal schedules it again */
        log_msg(LOG_INFO, "trying to join %s again", e->channel);
        conn_rejoin_join(r, cfg, e->channel);
    }
}
