/* owner_fixture.h — for the unit tests of conn_owner (test_conn_owner, test_conn_nickserv): an
 * owner with its config and send queue, events fed to it, and every line it queued. */
#ifndef DURAK_TEST_OWNER_FIXTURE_H
#define DURAK_TEST_OWNER_FIXTURE_H

#include <stdio.h>
#include <string.h>

#include "config.h"
#include "conn_owner.h"
#include "irc.h"
#include "log.h"
#include "outq.h"

typedef struct {
    bot_config cfg;
    outq *q;
    owner *o;
} fixture;

/* cmocka's setup: the default config with a NickServ password, and irc.nickserv_target unless
 * NULL. */
static inline int owner_setup(void **state, const char *nickserv_target)
{
    static fixture f;
    config_defaults(&f.cfg);
    strcpy(f.cfg.irc.nickserv_password, "sekrit");
    if (nickserv_target)
        strcpy(f.cfg.irc.nickserv_target, nickserv_target);
    f.q = outq_new(50, 50);
    f.o = conn_owner_new(f.q, &f.cfg);
    log_set_level(-1);
    *state = &f;
    return 0;
}

static inline int teardown(void **state)
{
    fixture *f = *state;
    conn_owner_free(f->o);
    outq_free(f->q);
    return 0;
}

static inline void feed(owner *o, irc_event e, double now)
{
    conn_owner_on_event(o, CASEMAP_RFC1459, &e, now);
}

/* Every line the send queue lets out, joined by '\n', and the queue emptied. */
static inline const char *drain(outq *q)
{
    static char buf[4096];
    size_t n = 0;
    const char *l;
    buf[0] = '\0';
    while ((l = outq_peek(q, 1e9)) && n + strlen(l) + 2 < sizeof buf) {
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", n ? "\n" : "", l);
        outq_commit(q, 1e9);
    }
    return buf;
}

/* The numeric `code` from the server irc.test, with its parameters. */
static inline irc_event numeric(unsigned code, const char **params, unsigned count)
{
    return (irc_event){ .kind = IRC_EV_NUMERIC,
                        .code = code,
                        .nick = "irc.test",
                        .user = "",
                        .host = "",
                        .account = "",
                        .target = "",
                        .arg = "",
                        .text = "",
                        .params = params,
                        .count = count };
}

#endif
