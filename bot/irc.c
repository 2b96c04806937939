/* irc.c — the IRC adapter: a libircclient session, each callback turned into one irc_event
 * (nick, user@host, target, text) for one handler; raw lines out; nothing else decides here. */
#define _POSIX_C_SOURCE 200809L
#include "irc.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <libircclient.h>

#include "link.h"
#include "strcopy.h"

struct irc_client {
    irc_session_t *s; /* NULL while not connected */
    irc_event_fn on_event;
    void *ctx;
};

/* "nick!user@host" into its parts; any part may be missing. */
typedef struct {
    char nick[128], user[128], host[256], account[64];
} origin_buf;

/* The connection layer appends the sender's account to the prefix after LINK_ACCOUNT_SEP. */
static void split_origin(const char *origin, origin_buf *b)
{
    char tmp[512];
    copy_str(tmp, sizeof tmp, origin);
    char *sep = strrchr(tmp, LINK_ACCOUNT_SEP);
    b->account[0] = '\0';
    if (sep) {
        *sep++ = '\0';
        copy_str(b->account, sizeof b->account, sep);
    }
    char *at = strchr(tmp, '@');
    if (at)
        *at++ = '\0';
    char *bang = strchr(tmp, '!');
    if (bang)
        *bang++ = '\0';
    copy_str(b->nick, sizeof b->nick, tmp);
    copy_str(b->user, sizeof b->user, bang);
    copy_str(b->host, sizeof b->host, at);
}

static const char *param(const char **params, unsigned count, unsigned i)
{
    return i < count && params[i] ? params[i] : "";
}

/* Hands one event to the handler: from `origin`, with the line's parameters. */
static void deliver(irc_session_t *s, irc_event ev, const char *origin, const char **params,
                    unsigned count)
{
    irc_client *c = irc_get_ctx(s);
    origin_buf b;
    split_origin(origin, &b);
    ev.nick = b.nick;
    ev.user = b.user;
    ev.host = b.host;
    ev.account = b.account; /* from the account tag, passed on by the connection layer */
    ev.params = params;
    ev.count = count;
    if (!ev.target)
        ev.target = "";
    if (!ev.arg)
        ev.arg = "";
    if (!ev.text)
        ev.text = "";
    c->on_event(c->ctx, &ev);
}

/* Events about someone: without an origin or the parameters they need, only proof of life. */
static void from_someone(irc_session_t *s, irc_event ev, const char *origin, const char **params,
                         unsigned count, unsigned need)
{
    if (!origin || count < need)
        ev = (irc_event){ .kind = IRC_EV_OTHER };
    deliver(s, ev, origin, params, count);
}

/* A server or services without a user@host ("irc.example.net") is never answered. */
static bool from_user(const char *origin) { return origin && strchr(origin, '!'); }

static void on_message(irc_session_t *s, const char *event, const char *origin, const char **params,
                       unsigned count)
{
    irc_event ev = { .kind = IRC_EV_PRIVMSG };
    (void)event;
    ev.target = param(params, count, 0);
    ev.text = param(params, count, 1);
    from_someone(s, ev, from_user(origin) ? origin : NULL, params, count, 2);
}

static void on_notice(irc_session_t *s, const char *event, const char *origin, const char **params,
                      unsigned count)
{
    irc_event ev = { .kind = IRC_EV_NOTICE };
    (void)event;
    ev.target = param(params, count, 0);
    ev.text = param(params, count, 1);
    from_someone(s, ev, origin, params, count, 2);
}

static void on_ctcp(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    irc_event ev = { .kind = IRC_EV_CTCP };
    (void)event;
    ev.text = param(params, count, 0);
    from_someone(s, ev, from_user(origin) ? origin : NULL, params, count, 1);
}

static void on_nick(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    irc_event ev = { .kind = IRC_EV_NICK };
    (void)event;
    ev.arg = param(params, count, 0);
    from_someone(s, ev, origin, params, count, 1);
}

static void on_join(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    irc_event ev = { .kind = IRC_EV_JOIN };
    (void)event;
    ev.target = param(params, count, 0);
    from_someone(s, ev, origin, params, count, 1);
}

static void on_part(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    irc_event ev = { .kind = IRC_EV_PART };
    (void)event;
    ev.target = param(params, count, 0);
    from_someone(s, ev, origin, params, count, 1);
}

static void on_kick(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    irc_event ev = { .kind = count >= 2 ? IRC_EV_KICK : IRC_EV_OTHER };
    (void)event;
    ev.target = param(params, count, 0);
    ev.arg = param(params, count, 1);
    ev.text = param(params, count, 2);
    deliver(s, ev, origin, params, count);
}

static void on_quit(irc_session_t *s, const char *event, const char *origin, const char **params,
                    unsigned count)
{
    irc_event ev = { .kind = IRC_EV_QUIT };
    (void)event;
    ev.text = param(params, count, 0);
    from_someone(s, ev, origin, params, count, 0);
}

static void on_other(irc_session_t *s, const char *event, const char *origin, const char **params,
                     unsigned count)
{
    irc_event ev = { .kind = event && !strcmp(event, "ERROR") ? IRC_EV_ERROR : IRC_EV_OTHER };
    ev.text = param(params, count, 0);
    ev.arg = event;
    if (event && !strcmp(event, "ACCOUNT")) {
        ev = (irc_event){ .kind = IRC_EV_ACCOUNT, .arg = param(params, count, 0) };
        from_someone(s, ev, origin, params, count, 1);
        return;
    }
    deliver(s, ev, origin, params, count);
}

static void on_numeric(irc_session_t *s, unsigned code, const char *origin, const char **params,
                       unsigned count)
{
    irc_event ev = { .kind = IRC_EV_NUMERIC, .code = code };
    deliver(s, ev, origin, params, count);
}

static const irc_callbacks_t CALLBACKS = {
    .event_nick = on_nick,
    .event_quit = on_quit,
    .event_join = on_join,
    .event_part = on_part,
    .event_mode = on_other,
    .event_umode = on_other,
    .event_topic = on_other,
    .event_kick = on_kick,
    .event_channel = on_message,
    .event_privmsg = on_message,
    .event_notice = on_notice,
    .event_channel_notice = on_other,
    .event_invite = on_other,
    .event_ctcp_req = on_ctcp,
    .event_ctcp_rep = on_other,
    .event_ctcp_action = on_other,
    .event_unknown = on_other,
    .event_numeric = on_numeric,
};

irc_client *irc_client_new(irc_event_fn on_event, void *ctx)
{
    irc_client *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->on_event = on_event;
    c->ctx = ctx;
    return c;
}

void irc_client_close(irc_client *c)
{
    if (c->s)
        irc_destroy_session(c->s);
    c->s = NULL;
}

void irc_client_free(irc_client *c)
{
    if (!c)
        return;
    irc_client_close(c);
    free(c);
}

bool irc_client_open(const irc_client *c) { return c->s != NULL; }

static bool has_percent(const char *s) { return s && strchr(s, '%'); }

/* libircclient's socket (irc_add_select_descriptors sets only that one), or -1; out (may be NULL)
 * then holds it if libircclient wants to write. */
static int irc_client_sock(irc_client *c, fd_set *out)
{
    fd_set in, none;
    int maxfd = -1;
    if (!out)
        out = &none;
    FD_ZERO(&in);
    FD_ZERO(out);
    if (c->s)
        irc_add_select_descriptors(c->s, &in, out, &maxfd);
    return maxfd;
}

/* A listening socket on 127.0.0.1 at a free port (*port) that nobody accepts from, or -1. */
static int irc_listen_once(int *port)
{
    struct sockaddr_in a = { 0 };
    socklen_t alen = sizeof a;
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd >= 0
        && (bind(fd, (struct sockaddr *)&a, sizeof a) != 0 || listen(fd, 1) != 0
            || getsockname(fd, (struct sockaddr *)&a, &alen) != 0)) {
        close(fd);
        fd = -1;
    }
    *port = ntohs(a.sin_port);
    return fd;
}

/* libircclient connects only by address: it connects to a listener of ours that never accepts,
 * and that socket is replaced by fd (dup2) before libircclient reads or writes it. Once the
 * socket is writable it only asks that it has a peer, which a socket pair has. */
static bool irc_client_adopt(irc_client *c, int fd, const char *password, const char *nick,
                             const char *user, const char *realname, char *err, size_t errlen)
{
    int port, listener = irc_listen_once(&port);
    if (listener < 0) {
        snprintf(err, errlen, "cannot listen on 127.0.0.1 for libircclient: %s", strerror(errno));
        return false;
    }
    bool ok = !irc_connect(c->s, "127.0.0.1", (unsigned short)port,
                           password && password[0] ? password : NULL, nick, user, realname);
    int sock = ok ? irc_client_sock(c, NULL) : -1;
    if (!ok)
        snprintf(err, errlen, "%s", irc_strerror(irc_errno(c->s)));
    else if (sock < 0 || dup2(fd, sock) < 0) {
        snprintf(err, errlen, "cannot give libircclient its socket: %s", strerror(errno));
        ok = false;
    }
    close(listener);
    return ok;
}

bool irc_client_connect(irc_client *c, int fd, const char *password, const char *nick,
                        const char *user, const char *realname, char *err, size_t errlen)
{
    irc_client_close(c);
    bool ok = false;
    if (has_percent(nick) || has_percent(user) || has_percent(realname) || has_percent(password))
        snprintf(err, errlen, "irc.nick, username, realname or password holds '%%'; remove it");
    else if (!(c->s = irc_create_session((irc_callbacks_t *)&CALLBACKS)))
        snprintf(err, errlen, "out of memory creating the session");
    else {
        irc_set_ctx(c->s, c);
        if (!(ok = irc_client_adopt(c, fd, password, nick, user, realname, err, errlen)))
            irc_client_close(c);
    }
    close(fd);
    return ok;
}

void irc_client_fds(irc_client *c, fd_set *in, fd_set *out, int *maxfd)
{
    if (c->s)
        irc_add_select_descriptors(c->s, in, out, maxfd);
}

bool irc_client_process(irc_client *c, fd_set *in, fd_set *out, char *err, size_t errlen)
{
    if (c->s && irc_process_select_descriptors(c->s, in, out)) {
        snprintf(err, errlen, "%s", irc_strerror(irc_errno(c->s)));
        return false;
    }
    return true;
}

void irc_client_mark_readable(irc_client *c, fd_set *in)
{
    int fd = irc_client_sock(c, NULL);
    if (fd >= 0)
        FD_SET(fd, in);
}

bool irc_client_writing(irc_client *c, const fd_set *out)
{
    int fd = irc_client_sock(c, NULL);
    return fd >= 0 && FD_ISSET(fd, out);
}
