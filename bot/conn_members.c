/* conn_members.c — channel members' services accounts (see conn_members.h): an array of
 * (channel, nick, account) entries, found through a hash of the folded nick. */
#define _POSIX_C_SOURCE 200809L
#include "conn_members.h"
#include "strcopy.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Every event asks for its sender's entry, and a netsplit's return brings thousands of JOINs at
 * once: a linear search made 20,000 JOINs cost seconds. Entries of one nick (one per shared
 * channel) share a bucket's chain; a freed entry goes on a free list and is used again. */
typedef struct {
    char chan[64], nick[64], account[64]; /* chan "" marks a free entry */
    uint32_t hash;                        /* of the folded nick */
    int next;                             /* the next entry in its bucket, or on the free list */
} member;

struct members {
    member *v;
    int n, cap;      /* entries used (free ones included), allocated */
    int *head;       /* cap buckets (a power of two), each the first entry of its chain or -1 */
    int free;        /* the first free entry or -1 */
    char answer[64]; /* what conn_members_on_event returns */
};

enum { MEMBERS_MAX = 16384 }; /* entries; past it, newcomers' accounts stay unknown */

/* "*" (extended-join, ACCOUNT) and "0" (WHOX) mean: not logged in. */
static const char *account_of(const char *s) { return !strcmp(s, "*") || !strcmp(s, "0") ? "" : s; }

static uint32_t nick_hash(casemap cm, const char *nick)
{
    char folded[64];
    casemap_fold(cm, nick, folded, sizeof folded);
    uint32_t h = 2166136261u; /* FNV-1a */
    for (const char *p = folded; *p; p++)
        h = (h ^ (unsigned char)*p) * 16777619u;
    return h;
}

static int *bucket(const members *m, uint32_t hash)
{
    return &m->head[hash & (uint32_t)(m->cap - 1)];
}

members *conn_members_new(void)
{
    members *m = calloc(1, sizeof(members));
    if (m)
        m->free = -1;
    return m;
}

void conn_members_free(members *m)
{
    if (m)
        free(m->v), free(m->head);
    free(m);
}

void conn_members_clear(members *m)
{
    m->n = 0, m->free = -1;
    for (int b = 0; b < m->cap; b++)
        m->head[b] = -1;
}

/* The entry (chan, nick), or nick's first entry when chan is NULL; -1 when none. */
static int find(const members *m, casemap cm, const char *chan, const char *nick)
{
    if (!m->cap)
        return -1;
    uint32_t h = nick_hash(cm, nick);
    for (int i = *bucket(m, h); i >= 0; i = m->v[i].next)
        if (m->v[i].hash == h && casemap_equal(cm, m->v[i].nick, nick)
            && (!chan || casemap_equal(cm, m->v[i].chan, chan)))
            return i;
    return -1;
}

bool conn_members_in(const members *m, casemap cm, const char *chan, const char *nick)
{
    return find(m, cm, chan, nick) >= 0;
}

static void link_entry(members *m, int i)
{
    int *b = bucket(m, m->v[i].hash);
    m->v[i].next = *b, *b = i;
}

static bool grow(members *m)
{
    int cap = m->cap ? 2 * m->cap : 64;
    member *v = cap <= MEMBERS_MAX ? realloc(m->v, (size_t)cap * sizeof *v) : NULL;
    if (v)
        m->v = v;
    int *head = v ? malloc((size_t)cap * sizeof *head) : NULL;
    if (!head)
        return false;
    free(m->head);
    m->head = head, m->cap = cap;
    for (int b = 0; b < cap; b++)
        head[b] = -1;
    for (int i = 0; i < m->n; i++)
        if (m->v[i].chan[0])
            link_entry(m, i);
    return true;
}

/* The entry (chan, nick), made if new, with account; its index, or -1 when the list is full. */
static int set(members *m, casemap cm, const char *chan, const char *nick, const char *account)
{
    int i = find(m, cm, chan, nick);
    if (i < 0) {
        if (m->free < 0 && m->n == m->cap && !grow(m))
            return -1; /* the account stays unknown: the games fall back to nick!user@host */
        if (m->free >= 0)
            i = m->free, m->free = m->v[i].next;
        else
            i = m->n++;
        copy_str(m->v[i].chan, sizeof m->v[i].chan, chan);
        copy_str(m->v[i].nick, sizeof m->v[i].nick, nick);
        m->v[i].hash = nick_hash(cm, nick);
        link_entry(m, i);
    }
    copy_str(m->v[i].account, sizeof m->v[i].account, account);
    return i;
}

/* Takes nick's entries (in chan, or in every channel when chan is NULL) out of their chain and
 * returns them as a list linked by next. */
static int take(members *m, casemap cm, const char *chan, const char *nick)
{
    int taken = -1;
    if (!m->cap)
        return taken;
    uint32_t h = nick_hash(cm, nick);
    for (int *p = bucket(m, h); *p >= 0;) {
        member *e = &m->v[*p];
        if (e->hash == h && casemap_equal(cm, e->nick, nick)
            && (!chan || casemap_equal(cm, e->chan, chan))) {
            int i = *p;
            *p = e->next, e->next = taken, taken = i;
        } else
            p = &e->next;
    }
    return taken;
}

static void release(members *m, int i)
{
    m->v[i].chan[0] = '\0';
    m->v[i].next = m->free, m->free = i;
}

/* Every entry of nick (chan NULL) or of chan (nick NULL), or the one (chan, nick): removed. */
static void forget(members *m, casemap cm, const char *chan, const char *nick)
{
    if (nick) {
        for (int i = take(m, cm, chan, nick), next; i >= 0; i = next)
            next = m->v[i].next, release(m, i);
        return;
    }
    for (int i = 0; i < m->n; i++) /* the bot left chan: rare, and worth one pass */
        if (m->v[i].chan[0] && casemap_equal(cm, m->v[i].chan, chan)) {
            char nick_of[64];
            copy_str(nick_of, sizeof nick_of, m->v[i].nick);
            forget(m, cm, chan, nick_of);
        }
}

static void each_of(members *m, casemap cm, const char *nick, const char *account,
                    const char *new_nick)
{
    for (int i = take(m, cm, NULL, nick), next; i >= 0; i = next) {
        member *e = &m->v[i];
        next = e->next;
        if (account)
            copy_str(e->account, sizeof e->account, account);
        if (new_nick) {
            copy_str(e->nick, sizeof e->nick, new_nick);
            e->hash = nick_hash(cm, new_nick);
        }
        link_entry(m, i);
    }
}

static void on_join(members *m, casemap cm, const irc_event *ev, const char *me)
{
    if (casemap_equal(cm, ev->nick, me))
        return;
    const char *acct = ev->account; /* the tag */
    if (ev->count >= 2)             /* extended-join: JOIN #chan account :realname */
        acct = account_of(ev->params[1]);
    set(m, cm, ev->target, ev->nick, acct);
}

const char *conn_members_on_event(members *m, casemap cm, const irc_event *ev, const char *me)
{
    if (ev->account[0])
        each_of(m, cm, ev->nick, ev->account, NULL);
    switch (ev->kind) {
    case IRC_EV_JOIN: on_join(m, cm, ev, me); break;
    case IRC_EV_ACCOUNT: each_of(m, cm, ev->nick, account_of(ev->arg), NULL); break;
    case IRC_EV_NICK: each_of(m, cm, ev->nick, NULL, ev->arg); break;
    case IRC_EV_PART:
        forget(m, cm, ev->target, casemap_equal(cm, ev->nick, me) ? NULL : ev->nick);
        break;
    case IRC_EV_KICK:
        forget(m, cm, ev->target, casemap_equal(cm, ev->arg, me) ? NULL : ev->arg);
        break;
    default: break;
    }
    const char *who = ev->kind == IRC_EV_NICK ? ev->arg : ev->nick;
    int e = who[0] ? find(m, cm, NULL, who) : -1;
    copy_str(m->answer, sizeof m->answer,
             ev->account[0] ? ev->account
             : e >= 0       ? m->v[e].account
                            : "");
    if (ev->kind == IRC_EV_QUIT)
        forget(m, cm, NULL, ev->nick);
    return m->answer;
}

bool conn_members_who_reply(members *m, casemap cm, const irc_event *ev, const char *me,
                            irc_event *join)
{
    /* 352: me #chan user host server nick flags :hops realname
     * 354: me 152 #chan user host nick flags account */
    bool whox = ev->code == 354;
    if (whox && (ev->count < 8 || strcmp(ev->params[1], MEMBERS_WHOX_TOKEN)))
        return false;
    if (!whox && ev->count < 6)
        return false;
    const char *const *p = ev->params + (whox ? 2 : 1);
    const char *nick = whox ? p[3] : p[4];
    if (!p[0][0] || !casemap_is_channel(p[0]) || casemap_equal(cm, nick, me))
        return false;
    int e = find(m, cm, p[0], nick); /* a plain WHO reply tells no account: a known one stays */
    if (whox || e < 0)
        e = set(m, cm, p[0], nick, whox ? account_of(p[5]) : "");
    *join = (irc_event){ .kind = IRC_EV_JOIN,
                         .code = ev->code,
                         .nick = nick,
                         .user = p[1],
                         .host = p[2],
                         .account = e >= 0 ? m->v[e].account : "",
                         .target = p[0],
                         .arg = "",
                         .text = "" };
    return true;
}
