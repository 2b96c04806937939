/* conn_internal.h — the connection's state, shared by conn.c (its life, registration) and
 * conn_loop.c (its turn in the loop, the writer's hands): apart so each is a file one reads whole. */
#ifndef DURAK_CONN_INTERNAL_H
#define DURAK_CONN_INTERNAL_H

#include "conn.h"
#include "conn_chanop.h"
#include "conn_isupport.h"
#include "conn_lag.h"
#include "conn_members.h"
#include "conn_numeric.h"
#include "conn_owner.h"
#include "conn_rejoin.h"
#include "conn_who.h"
#include "link.h"
#include "link_enc.h"
#include "rng.h"

#define PING_LINE "PING :durakbot"

typedef enum { PING_NONE, PING_QUEUED, PING_SENT } ping_state;

struct conn {
    bot_config cfg;
    loop *l;
    outq *q;
    conn_hooks h;
    irc_client *irc;
    link_relay *relay;      /* the loopback relay of this connection (bot/link.h) */
    link_enc_people people; /* irc.encoding "auto": who writes UTF-8, kept across reconnects */
    casemap cmap;
    members *members;             /* channel members' accounts */
    owner *owner;                 /* the nick and NickServ */
    rejoin *rejoin;               /* refused channels */
    bool irc2;                    /* 004: IRCnet's ircd (version 2.10 or 2.11) */
    bool penalty;                 /* and ISUPPORT PENALTY: it charges each line seconds, its way */
    isupport_botmode bmode;       /* the bot user mode asked for, its refusal logged once */
    conn_cannot_send cannot_send; /* the last 404 logged */
    char nick[128];               /* the bot's nick on the server now */
    bool registered;              /* 001 seen on this connection */
    bool joined; /* JOINs sent (once conn_owner_settled: NickServ answered, or the wait passed) */
    bool burst_done; /* a numeric after 001–005: ISUPPORT is known, JOINs may be built */
    bool motd;       /* end of MOTD (or a JOIN of ours) seen */
    bool erroneous;  /* a nick tried at registration was refused as erroneous (432) */
    bool ready;      /* end of MOTD seen: channels joined */
    bool games_on;   /* ready and under its own nick: the games go on (hooks ready/lost) */
    bool paused;     /* lost after it was up, not ready again yet: the games wait */
    bool stopping;   /* shutting down: events are no longer handed on */
    bool drop;       /* set inside callbacks: drop the connection after processing */
    char drop_why[160];
    double connect_at; /* when this connection attempt started */
    double last_rx;    /* when the last line came in */
    ping_state ping;
    double ping_at; /* when our PING was queued, then when it was sent */
    double backoff;
    double up_since;  /* when 001 came */
    bool refused;     /* a KILL or a throttle: this connection counts as failed however long */
    double ctcp_next; /* CTCP replies: at most one a second */
    rng_t rng;        /* reconnect jitter, fallback nicks */
    int t_reconnect, t_ping, t_write, t_owner, t_link;
    lag lag;       /* the PONG delay paces the send queue */
    chanop ops;    /* where the bot is a channel operator: CPRIVMSG */
    who_lists who; /* the member lists asked one channel at a time */
};

/* conn.c */
void conn_request_drop(conn *c, const char *why); /* inside callbacks: dropped after the turn */
void conn_drop_connection(conn *c, double now, const char *why);
void conn_arm_ping(conn *c);

/* conn_loop.c: the loop's source, stage and timers */
void conn_fds(void *ctx, fd_set *in, fd_set *out, int *maxfd);
void conn_process(void *ctx, fd_set *in, fd_set *out, double now);
void conn_wake(void *ctx, double now);
void conn_link_due(void *ctx, double now);

#endif
