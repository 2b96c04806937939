/* conn_nickserv.c — who NickServ is: the target of the bot's lines to it, which notices and which
 * numerics come from it or are about it, and what its replies say (see conn_nickserv.h). */
#define _POSIX_C_SOURCE 200809L
#include "conn_nickserv.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "log.h"
#include "strcopy.h"

void conn_nickserv_set(nickserv *ns, const char *target, const char *host)
{
    copy_str(ns->target, sizeof ns->target, target && target[0] ? target : "NickServ");
    const char *at = strchr(ns->target, '@');
    size_t n = at ? (size_t)(at - ns->target) : strlen(ns->target);
    snprintf(ns->nick, sizeof ns->nick, "%.*s", (int)n, ns->target);
    copy_str(ns->server, sizeof ns->server, at ? at + 1 : "");
    copy_str(ns->host, sizeof ns->host, host && host[0] ? host : ns->server);
    ns->told = false;
}

void conn_nickserv_reset(nickserv *ns) { ns->told = false; }

void conn_nickserv_line(const nickserv *ns, const char *text, char *out, size_t cap)
{
    snprintf(out, cap, "PRIVMSG %s :%s", ns->target, text);
}

bool conn_nickserv_from(nickserv *ns, casemap cm, const irc_event *ev)
{
    if (!ev->nick || !casemap_equal(cm, ev->nick, ns->nick))
        return false;
    const char *host = ev->host ? ev->host : "";
    if (!ns->host[0] || !strcasecmp(host, ns->host))
        return true;
    if (!ns->told) {
        ns->told = true;
        log_msg(LOG_WARNING,
                "NickServ: ignoring a notice from %s!%s@%s: services speak from %s (if theirs is "
                "another host, set irc.nickserv_host)",
                ev->nick, ev->user ? ev->user : "", host, ns->host);
    }
    return false;
}

/* ev's parameter i names the target: its nick, and its server when it has one (the server
 * echoes the target as it was sent). */
static bool param_is(const irc_event *ev, unsigned i, casemap cm, const char *nick,
                     const char *server)
{
    if (ev->count <= i || !ev->params[i])
        return false;
    const char *p = ev->params[i];
    if (!server)
        return casemap_equal(cm, p, nick);
    const char *at = strchr(p, '@');
    char head[64];
    if (!at || (size_t)(at - p) >= sizeof head)
        return false;
    snprintf(head, sizeof head, "%.*s", (int)(at - p), p);
    return casemap_equal(cm, head, nick) && !strcasecmp(at + 1, server);
}

bool conn_nickserv_absent(const nickserv *ns, casemap cm, const irc_event *ev, char *why,
                          size_t cap)
{
    const char *server = ns->server[0] ? ns->server : NULL;
    if (ev->code == 401 && param_is(ev, 1, cm, ns->nick, server))
        snprintf(why, cap, "no such nick %s (401)", ns->target);
    else if (ev->code == 402 && server && ev->count > 1 && ev->params[1]
             && !strcasecmp(ev->params[1], server))
        snprintf(why, cap, "no such server %s (402)", server);
    else if (ev->code == 440)
        snprintf(why, cap, "services are down (440)");
    else
        return false;
    return true;
}

/* ---- what NickServ says ---- */

static bool says(const char *text, const char *const *phrases)
{
    for (; *phrases; phrases++)
        if (strstr(text, *phrases))
            return true;
    return false;
}

static const char *const SUCCESS[] = { "You are now identified for", "Password accepted",
                                       "You are already logged in as", "You are already identified",
                                       NULL };
static const char *const WRONG_PW[] = { "Invalid password for", "Password incorrect", NULL };
static const char *const NOT_REG[] = { "is not a registered nickname", "isn't registered", NULL };
static const char *const UNKNOWN_CMD[] = { "Invalid command", "Unknown command", NULL };
static const char *const GHOSTED[] = { "has been ghosted", "has been killed", NULL };

nickserv_says conn_nickserv_says(const char *text)
{
    if (!text)
        return NS_SAYS_OTHER;
    if (says(text, SUCCESS))
        return NS_SAYS_SUCCESS;
    if (says(text, WRONG_PW))
        return NS_SAYS_WRONG_PW;
    if (says(text, NOT_REG))
        return NS_SAYS_NOT_REG;
    if (says(text, UNKNOWN_CMD))
        return NS_SAYS_UNKNOWN_CMD;
    if (says(text, GHOSTED))
        return NS_SAYS_GHOSTED;
    return NS_SAYS_OTHER;
}
