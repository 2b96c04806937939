/* conn_link.c — the relay of one connection from the configuration, its turn in the loop with
 * libircclient's, and the QUIT that ends it (see conn_link.h). */
#include "conn_link.h"

#include <stdio.h>
#include <string.h>

#include "messages.h"
#include "outq.h"

bool conn_has_percent(const bot_config *c)
{
    return strchr(c->irc.nick, '%') || strchr(c->irc.username, '%') || strchr(c->irc.realname, '%')
           || strchr(c->irc.password, '%');
}

link_opts conn_link_opts(const bot_config *cf)
{
    return (link_opts){ .host = cf->irc.server,
                        .port = cf->irc.port,
                        .verify = cf->irc.tls_verify,
                        .ca_file = cf->irc.tls_ca_file,
                        .cert_file = cf->irc.tls_cert,
                        .key_file = cf->irc.tls_key,
                        .plain = !cf->irc.tls,
                        .irc = true,
                        .sasl = (link_sasl)cf->irc.sasl_mechanism, /* CONFIG_SASL_* alike */
                        .sasl_user = cf->irc.sasl_username,
                        .sasl_pass = cf->irc.sasl_password,
                        .sasl_required = cf->irc.sasl_required,
                        .encoding = cf->irc.encoding, /* CONFIG_ENC_* alike */
                        /* CAP and SASL end well before conn.c gives up on registering (after
                         * irc.ping_interval): the two timeouts never race */
                        .cap_wait_ms = cf->irc.ping_interval * 750 };
}

/* Every connection goes through the relay (bot/link.h): TLS or plain, the wire guard, CAP, SASL;
 * libircclient talks to its end of a socket pair. */
link_relay *conn_start_relay(const bot_config *cf, link_enc_people *people, int *fd, char *err,
                             size_t errlen)
{
    link_opts o = conn_link_opts(cf);
    o.people = people;
    return link_start(&o, fd, err, errlen);
}

void conn_link_fds(link_relay *r, irc_client *irc, fd_set *in, fd_set *out, int *maxfd)
{
    link_fds(r, in, out, maxfd);
    irc_client_fds(irc, in, out, maxfd);
}

bool conn_link_process(link_relay *r, irc_client *irc, fd_set *in, fd_set *out, char *err,
                       size_t errlen)
{
    if (link_process(r, in, out))
        irc_client_mark_readable(irc, in);
    bool writing = irc_client_writing(irc, out);
    bool ok = irc_client_process(irc, in, out, err, errlen);
    if (writing)
        link_flush(r);
    return ok;
}

link_send_result conn_link_quit(link_relay *r, const bot_config *cf)
{
    char line[OUTQ_MAX_RAW + 1];
    snprintf(line, sizeof line, "QUIT :%s",
             msg_in(msg_lang_checked(cf->game.language), MSG_BOT_QUIT));
    return link_send(r, line);
}
