/* irc.h — the IRC adapter, the only user of libircclient: a session whose callbacks become one
 * event value each, handed to one function; its descriptors (its own lines only: see link_send). */
#ifndef DURAK_IRC_H
#define DURAK_IRC_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/select.h>

typedef enum {
    IRC_EV_NUMERIC,  /* code, params/count as the server sent them */
    IRC_EV_PRIVMSG,  /* from nick!user@host to target (a channel or the bot): text */
    IRC_EV_NOTICE,   /* likewise, by NOTICE */
    IRC_EV_CTCP,     /* a CTCP request from nick: text is "VERSION", "PING 123", ... */
    IRC_EV_NICK,     /* nick is now arg */
    IRC_EV_JOIN,     /* nick!user@host joined target */
    IRC_EV_PART,     /* nick left target */
    IRC_EV_KICK,     /* arg was kicked from target by nick; text is the reason */
    IRC_EV_QUIT,     /* nick quit */
    IRC_EV_ERROR,    /* the server closes the link: text */
    IRC_EV_ACCOUNT,  /* account-notify: nick's services account is now arg ("*": logged out) */
    IRC_EV_LISTED,   /* made by conn of a 315: the member list of target asked for is complete */
    IRC_EV_KEPT_OUT, /* made by conn of a 471, 473..475 or 477: the bot's join of target refused */
    IRC_EV_MUTED,    /* made by conn of a 404: channel target refused a line of the bot's */
    IRC_EV_MODES,    /* made by conn of a MODE of channel target: its modes changed */
    IRC_EV_GONE,     /* made by conn of a 401 for a nick: target is on no server (quit unseen) */
    IRC_EV_OTHER     /* any other line (a PONG, a MODE, ...), its command in arg: proof of life */
} irc_event_kind;

/* One line from the server. Strings are never NULL ("" when absent) and live during the call. */
typedef struct {
    irc_event_kind kind;
    const char *nick, *user, *host; /* who sent it */
    const char *account;            /* their services account, "" when none or unknown */
    const char *target;             /* the channel, or the nick a message was sent to */
    const char *arg;                /* NICK: the new nick; KICK: who was kicked */
    const char *text;               /* the message, the reason, the CTCP request */
    unsigned code; /* IRC_EV_NUMERIC; a JOIN made of a WHO reply (352, 354): that reply's */
    const char **params;
    unsigned count;
} irc_event;

typedef void (*irc_event_fn)(void *ctx, const irc_event *ev);

typedef struct irc_client irc_client;

/* Every line heard becomes one call of on_event(ctx, &event), from inside irc_client_process. */
irc_client *irc_client_new(irc_event_fn on_event, void *ctx);
/* Closes the session, if any, and frees. */
void irc_client_free(irc_client *c);

/* Starts a session on fd, a connected stream socket (the relay's socket pair; taken: closed here
 * on failure too), and registers (PASS, NICK, USER). nick, user, realname and password must not
 * hold '%' (libircclient uses them as printf formats): refused with err. */
bool irc_client_connect(irc_client *c, int fd, const char *password, const char *nick,
                        const char *user, const char *realname, char *err, size_t errlen);
/* Ends the session (never call it from inside on_event: drop after irc_client_process). */
void irc_client_close(irc_client *c);
bool irc_client_open(const irc_client *c);

/* The session's descriptors, for select(). */
void irc_client_fds(irc_client *c, fd_set *in, fd_set *out, int *maxfd);
/* Reads and writes what the descriptors allow, calling on_event for each line; false with err
 * when the connection is broken. */
bool irc_client_process(irc_client *c, fd_set *in, fd_set *out, char *err, size_t errlen);
/* Adds the session's socket to in: the relay just wrote to it, so irc_client_process reads it in
 * the same turn of the loop. Only then: libircclient takes a read that would block for a broken
 * connection, and a socket pair holds what was written to it when the write returns. */
void irc_client_mark_readable(irc_client *c, fd_set *in);
/* Whether irc_client_process will write to the socket: it is in out. */
bool irc_client_writing(irc_client *c, const fd_set *out);

#endif
