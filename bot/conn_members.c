/* conn_members.c — channel members' services accounts (see conn_members.h): a plain array of
 * (channel, nick, account), searched linearly; channels hold hundreds, not millions. */
#define _POSIX_C_SOURCE 200809L
#include "conn_members.h"
#include "strcopy.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    char chan[64], nick[64], account[64];
} member;

struct members {
    member *v;
    size_t n, cap;
    char answer[64]; /* what conn_members_on_event returns */
};

enum { MEMBERS_MAX = 20000 };

/* "*" (extended-join, ACCOUNT) and "0" (WHOX) mean: not logged in. */
static const char *account_of(const char *s) { return !strcmp(s, "*") || !strcmp(s, "0") ? "" : s; }

members *conn_members_new(void) { return calloc(1, sizeof(members)); }

void conn_members_free(members *m)
{
    if (m)
        free(m->v);
    free(m);
}

void conn_members_clear(members *m) { m->n = 0; }

static member *find(members *m, casemap cm, const char *chan, const char *nick)
{
    for (size_t i = 0; i < m->n; i++)
        if (casemap_equal(cm, m->v[i].nick, nick)
            && (!chan || casemap_equal(cm, m->v[i].chan, chan)))
            return &m->v[i];
    return NULL;
}

bool conn_members_in(const members *m, casemap cm, const char *chan, const char *nick)
{
    for (size_t i = 0; i < m->n; i++)
        if (casemap_equal(cm, m->v[i].nick, nick) && casemap_equal(cm, m->v[i].chan, chan))
            return true;
    return false;
}

static void set(members *m, casemap cm, const char *chan, const char *nick, const char *account)
{
    member *e = find(m, cm, chan, nick);
    if (!e) {
        if (m->n == m->cap) {
            size_t cap = m->cap ? 2 * m->cap : 64;
            member *v = cap <= MEMBERS_MAX ? realloc(m->v, cap * sizeof *v) : NULL;
            if (!v)
                return; /* the account stays unknown: the games fall back to nick!user@host */
            m->v = v, m->cap = cap;
        }
        e = &m->v[m->n++];
        copy_str(e->chan, sizeof e->chan, chan);
        copy_str(e->nick, sizeof e->nick, nick);
    }
    copy_str(e->account, sizeof e->account, account);
}

/* Every entry of nick (chan NULL) or of chan (nick NULL), or the one (chan, nick): removed. */
static void forget(members *m, casemap cm, const char *chan, const char *nick)
{
    for (size_t i = 0; i < m->n;) {
        member *e = &m->v[i];
        if ((!nick || casemap_equal(cm, e->nick, nick))
            && (!chan || casemap_equal(cm, e->chan, chan)))
            *e = m->v[--m->n];
        else
            i++;
    }
}

static void each_of(members *m, casemap cm, const char *nick, const char *account,
                    const char *new_nick)
{
    for (size_t i = 0; i < m->n; i++) {
        if (!casemap_equal(cm, m->v[i].nick, nick))
            continue;
        if (account)
            copy_str(m->v[i].account, sizeof m->v[i].account, account);
        if (new_nick)
            copy_str(m->v[i].nick, sizeof m->v[i].nick, new_nick);
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
    const member *e = who[0] ? find(m, cm, NULL, who) : NULL;
    copy_str(m->answer, sizeof m->answer, ev->account[0] ? ev->account : e ? e->account : "");
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
    const member *known = find(m, cm, p[0], nick);
    set(m, cm, p[0], nick, whox ? account_of(p[5]) : known ? known->account : "");
    const member *e = find(m, cm, p[0], nick);
    *join = (irc_event){ .kind = IRC_EV_JOIN,
                         .code = ev->code,
                         .nick = nick,
                         .user = p[1],
                         .host = p[2],
                         .account = e ? e->account : "",
                         .target = p[0],
                         .arg = "",
                         .text = "" };
    return true;
}
