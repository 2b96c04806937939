/* conn_chanop.c — the bot's operator status per channel, and private lines rewritten as CPRIVMSG or
 * CNOTICE to a nick who shares a channel where the bot is an operator (see conn_chanop.h). */
#define _POSIX_C_SOURCE 200809L
#include "conn_chanop.h"
#include "strcopy.h"

#include <stdio.h>
#include <string.h>

void conn_chanop_clear(chanop *o) { memset(o, 0, sizeof *o); }

static const char *pmodes(const chanop *o) { return o->pmodes[0] ? o->pmodes : "qaohv"; }
static const char *pchars(const chanop *o) { return o->pchars[0] ? o->pchars : "~&@%+"; }

static int find(const chanop *o, casemap cm, const char *chan)
{
    for (int i = 0; i < o->nops; i++)
        if (casemap_equal(cm, o->ops[i], chan))
            return i;
    return -1;
}

bool conn_chanop_is_op(const chanop *o, casemap cm, const char *chan)
{
    return find(o, cm, chan) >= 0;
}

static void set_op(chanop *o, casemap cm, const char *chan, bool op)
{
    int i = find(o, cm, chan);
    if (op && i < 0 && o->nops < CHANOP_MAX && strlen(chan) < sizeof o->ops[0])
        copy_str(o->ops[o->nops++], sizeof o->ops[0], chan);
    else if (!op && i >= 0)
        memcpy(o->ops[i], o->ops[--o->nops], sizeof o->ops[0]);
}

void conn_chanop_isupport(chanop *o, const isupport *is)
{
    o->cprivmsg |= is->cprivmsg;
    o->cnotice |= is->cnotice;
    if (is->prefix_modes[0]) {
        copy_str(o->pmodes, sizeof o->pmodes, is->prefix_modes);
        copy_str(o->pchars, sizeof o->pchars, is->prefix_chars);
    }
    if (is->chanmodes[0])
        copy_str(o->chanmodes, sizeof o->chanmodes, is->chanmodes);
}

/* 353: me = #chan :[prefixes]nick ...: an operator is '@' or a rank above it. */
static void on_names(chanop *o, casemap cm, const irc_event *ev, const char *me)
{
    if (ev->count < 4 || !casemap_is_channel(ev->params[2]))
        return;
    const char *pc = pchars(o), *at = strchr(pc, '@');
    size_t top = at ? (size_t)(at - pc) + 1 : 0; /* pc[0 .. top) count as operator */
    for (const char *p = ev->params[3]; *p;) {
        bool op = false;
        for (; *p && *p != ' ' && strchr(pc, *p); p++)
            op |= (size_t)(strchr(pc, *p) - pc) < top;
        size_t n = strcspn(p, " ");
        char nick[64];
        snprintf(nick, sizeof nick, "%.*s", (int)(n < 63 ? n : 63), p);
        if (n && casemap_equal(cm, nick, me))
            set_op(o, cm, ev->params[2], op);
        p += n;
        p += strspn(p, " ");
    }
}

/* Whether mode letter m, set (plus) or unset, takes a parameter: PREFIX modes and CHANMODES
 * types A and B always, C when set. */
static bool takes_param(const chanop *o, char m, bool plus)
{
    if (strchr(pmodes(o), m))
        return true;
    const char *cm = o->chanmodes[0] ? o->chanmodes : "beI,k,l,";
    for (int type = 0; *cm && type < 3; cm++) {
        if (*cm == ',')
            type++;
        else if (*cm == m)
            return type < 2 || plus;
    }
    return false;
}

/* MODE #chan +ol-v x me y */
static void on_mode(chanop *o, casemap cm, const irc_event *ev, const char *me)
{
    if (ev->count < 2 || !casemap_is_channel(ev->params[0]))
        return;
    bool plus = true;
    unsigned arg = 2;
    for (const char *p = ev->params[1]; *p; p++) {
        if (*p == '+' || *p == '-') {
            plus = *p == '+';
            continue;
        }
        if (!takes_param(o, *p, plus))
            continue;
        if (arg >= ev->count)
            return;
        const char *who = ev->params[arg++];
        if (*p == 'o' && casemap_equal(cm, who, me))
            set_op(o, cm, ev->params[0], plus);
    }
}

void conn_chanop_on_event(chanop *o, casemap cm, const irc_event *ev, const char *me)
{
    switch (ev->kind) {
    case IRC_EV_NUMERIC:
        if (ev->code == 353)
            on_names(o, cm, ev, me);
        break;
    case IRC_EV_OTHER:
        if (!strcmp(ev->arg, "MODE"))
            on_mode(o, cm, ev, me);
        break;
    case IRC_EV_JOIN:
    case IRC_EV_PART:
        if (casemap_equal(cm, ev->nick, me))
            set_op(o, cm, ev->target, false);
        break;
    case IRC_EV_KICK:
        if (casemap_equal(cm, ev->arg, me))
            set_op(o, cm, ev->target, false);
        break;
    default: break;
    }
}

const char *conn_chanop_line(chanop *o, const members *m, casemap cm, const char *line)
{
    if (!line)
        return NULL;
    bool priv = !strncmp(line, "PRIVMSG ", 8), notice = !strncmp(line, "NOTICE ", 7);
    if (!((priv && o->cprivmsg) || (notice && o->cnotice)))
        return line;
    const char *target = line + (priv ? 8 : 7), *rest = strchr(target, ' ');
    char nick[64];
    size_t n = rest ? (size_t)(rest - target) : 0;
    if (!n || n >= sizeof nick || strchr("#&+!@$%~", target[0]) || memchr(target, '@', n))
        return line; /* a channel, STATUSMSG, a server mask or nick@server */
    memcpy(nick, target, n);
    nick[n] = '\0';
    for (int i = 0; i < o->nops; i++) {
        if (!conn_members_in(m, cm, o->ops[i], nick))
            continue;
        int len = snprintf(o->line, sizeof o->line, "C%s %s %s%s", priv ? "PRIVMSG" : "NOTICE",
                           nick, o->ops[i], rest);
        return len > 0 && len <= 510 ? o->line : line;
    }
    return line;
}
