/* conn_nickserv.h — who NickServ is: where the bot's lines to it go (irc.nickserv_target), which
 * lines come from it (its nick, and its host), which say it is absent, and what its replies say. */

/* The password must reach services and no one else, and only services may say whether it was
 * taken: on a network whose services are down and whose server does not reserve their nicks,
 * anyone can take the nick NickServ. irc.nickserv_target "NickServ@services.example.net" is
 * delivered by the server only to a NickServ on that server (InspIRCd, UnrealIRCd: the nick on
 * that server, else 401; ircd-hybrid, solanum, ircd 2.x: routed to that server, else 402, and
 * Atheme or Anope there take it); a NOTICE counts as NickServ's only from its nick and, when
 * known, its host (irc.nickserv_host, else the server named in the target: Atheme's and Anope's
 * example configs and most networks give services that host). A plain "NickServ" with no host
 * trusts the nick, as before. */
#ifndef DURAK_CONN_NICKSERV_H
#define DURAK_CONN_NICKSERV_H

#include <stdbool.h>
#include <stddef.h>

#include "casemap.h"
#include "irc.h"

typedef struct {
    char target[128]; /* where lines go: "NickServ" or "NickServ@services.example.net" */
    char nick[64];    /* its nick: what its notices come from */
    char server[128]; /* the server named in target, "" for none */
    char host[256];   /* its notices come from this host; "" for any */
    bool told;        /* a notice from its nick and another host was logged (once a connection) */
} nickserv;

/* irc.nickserv_target and irc.nickserv_host (both checked by the config loader; "" for the
 * target is "NickServ"); a notice from another host is logged once again. */
void conn_nickserv_set(nickserv *ns, const char *target, const char *host);
/* A new connection: a notice from another host is logged once again. */
void conn_nickserv_reset(nickserv *ns);

/* "PRIVMSG <target> :<text>" into out. */
void conn_nickserv_line(const nickserv *ns, const char *text, char *out, size_t cap);

/* Whether ev (a NOTICE) comes from NickServ: its nick and, when one is known, its host. One from
 * its nick and another host is not (logged once a connection, with the host it came from). */
bool conn_nickserv_from(nickserv *ns, casemap cm, const irc_event *ev);

/* Why ev (a numeric) says NickServ is not there, into why ("no such nick NickServ (401)"), or
 * false: 401 for the target, 402 for its server, 440 services down. */
bool conn_nickserv_absent(const nickserv *ns, casemap cm, const irc_event *ev, char *why,
                          size_t cap);

typedef enum {
    NS_SAYS_OTHER,       /* a nag, help, anything else */
    NS_SAYS_SUCCESS,     /* identified (Atheme, Anope, older services) */
    NS_SAYS_WRONG_PW,    /* the password was refused */
    NS_SAYS_NOT_REG,     /* the nick is not registered */
    NS_SAYS_UNKNOWN_CMD, /* these services do not know the command (REGAIN on Anope) */
    NS_SAYS_GHOSTED      /* GHOST did it */
} nickserv_says;

/* What a notice from NickServ says, from the services' known replies. */
nickserv_says conn_nickserv_says(const char *text);

#endif
