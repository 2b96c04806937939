/* link_cap.c — CAP negotiation and SASL for the relay: CAP LS, REQ of what the server offers,
 * AUTHENTICATE PLAIN or EXTERNAL, CAP END, and servers without CAP (see link_cap.h). */
#define _POSIX_C_SOURCE 200809L
#include "link_cap.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <openssl/evp.h>

#include "log.h"

/* What the bot asks for when the server offers it (sasl only when SASL is configured). */
static const char *const WANTED[] = { "sasl",    "account-notify", "extended-join", "away-notify",
                                      "chghost", "multi-prefix",   "message-tags",  "account-tag" };

enum { SASL_CHUNK = 400 };

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
send_line(link_cap *c, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line || c->out_len + (size_t)n + 2 > sizeof c->out)
        return; /* a server answering in turn never fills it; one that floods CAP loses lines */
    memcpy(c->out + c->out_len, line, (size_t)n);
    memcpy(c->out + c->out_len + n, "\r\n", 2);
    c->out_len += (size_t)n + 2;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
fail(link_cap *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->error, sizeof c->error, fmt, ap);
    va_end(ap);
    c->state = LINK_CAP_FAILED;
}

static void finish(link_cap *c)
{
    send_line(c, "CAP END");
    c->state = LINK_CAP_DONE;
    memset(c->pass, 0, sizeof c->pass); /* not needed again on this connection */
}

static const char *mech_name(link_sasl m) { return m == LINK_SASL_EXTERNAL ? "EXTERNAL" : "PLAIN"; }

void link_cap_start(link_cap *c, link_sasl mech, const char *user, const char *pass, bool required)
{
    memset(c, 0, sizeof *c);
    c->mech = mech;
    snprintf(c->user, sizeof c->user, "%s", user ? user : "");
    snprintf(c->pass, sizeof c->pass, "%s", pass ? pass : "");
    c->required = required && mech != LINK_SASL_NONE;
    c->state = LINK_CAP_LS;
    send_line(c, "CAP LS 302");
}

/* Whether the space-separated list has name (a value after '=' ignored). */
static bool list_has(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; (p = strstr(p, name)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == '\0' || p[n] == ' ' || p[n] == '='))
            return true;
    return false;
}

/* SASL cannot be done (not offered, refused): fatal when required (false), else a warning and on
 * without it (true). */
static bool sasl_give_up(link_cap *c, const char *why)
{
    if (c->required) {
        fail(c,
             "SASL: %s; the bot does not go on unauthenticated (irc.sasl_required = true): "
             "check irc.sasl_mechanism, irc.sasl_username and the password, or set "
             "irc.sasl_required = false",
             why);
        return false;
    }
    if (c->mech != LINK_SASL_NONE)
        log_msg(LOG_WARNING, "SASL: %s; going on without it (irc.sasl_required = false)", why);
    c->mech = LINK_SASL_NONE;
    return true;
}

static void without_sasl(link_cap *c, const char *why)
{
    if (sasl_give_up(c, why))
        finish(c);
}

static void on_ls_done(link_cap *c)
{
    char req[512] = "";
    if (c->mech != LINK_SASL_NONE && !list_has(c->offered, "sasl")
        && !sasl_give_up(c, "the server offers no SASL (no \"sasl\" in CAP LS; servers such as "
                            "InspIRCd offer it only while services are linked: are they up?)"))
        return;
    for (size_t i = 0; i < sizeof WANTED / sizeof WANTED[0]; i++) {
        if (i == 0 && c->mech == LINK_SASL_NONE)
            continue;
        if (list_has(c->offered, WANTED[i]) && strlen(req) + strlen(WANTED[i]) + 2 < sizeof req)
            snprintf(req + strlen(req), sizeof req - strlen(req), "%s%s", req[0] ? " " : "",
                     WANTED[i]);
    }
    if (!req[0]) {
        finish(c);
        return;
    }
    send_line(c, "CAP REQ :%s", req);
    c->state = LINK_CAP_REQ;
}

static void on_ack(link_cap *c, const char *list, bool nak)
{
    if (!nak)
        snprintf(c->acked + strlen(c->acked), sizeof c->acked - strlen(c->acked), "%s%s",
                 c->acked[0] ? " " : "", list);
    if (c->mech == LINK_SASL_NONE) {
        finish(c);
    } else if (list_has(c->acked, "sasl")) {
        send_line(c, "AUTHENTICATE %s", mech_name(c->mech));
        c->state = LINK_CAP_SASL;
    } else {
        without_sasl(c, nak ? "the server refused CAP REQ sasl" : "the server offers no SASL");
    }
}

/* CAP <target> LS|ACK|NAK [*] :list */
static void on_cap(link_cap *c, const link_msg *m)
{
    if (m->nparams < 3)
        return;
    const char *sub = m->params[1];
    bool more = m->nparams >= 4 && !strcmp(m->params[2], "*");
    const char *list = m->params[m->nparams - 1];
    if (!strcasecmp(sub, "LS") && c->state == LINK_CAP_LS) {
        size_t used = strlen(c->offered);
        snprintf(c->offered + used, sizeof c->offered - used, "%s%s", used ? " " : "", list);
        if (!more)
            on_ls_done(c);
    } else if ((!strcasecmp(sub, "ACK") || !strcasecmp(sub, "NAK")) && c->state == LINK_CAP_REQ) {
        on_ack(c, list, !strcasecmp(sub, "NAK"));
    }
}

/* AUTHENTICATE + from the server: our credentials, base64, in pieces of 400. */
static void on_authenticate(link_cap *c)
{
    if (c->state != LINK_CAP_SASL)
        return;
    if (c->mech == LINK_SASL_EXTERNAL) {
        if (c->user[0]) {
            unsigned char b64[400];
            EVP_EncodeBlock(b64, (const unsigned char *)c->user, (int)strlen(c->user));
            send_line(c, "AUTHENTICATE %s", b64);
        } else {
            send_line(c, "AUTHENTICATE +");
        }
        return;
    }
    /* "user\0user\0pass" with the longest of each the config takes, and its base64 */
    unsigned char raw[2 * sizeof c->user + sizeof c->pass], b64[4 * (sizeof raw / 3 + 1) + 1];
    size_t ul = strlen(c->user), pl = strlen(c->pass);
    memcpy(raw, c->user, ul);
    raw[ul] = '\0';
    memcpy(raw + ul + 1, c->user, ul);
    raw[2 * ul + 1] = '\0';
    memcpy(raw + 2 * ul + 2, c->pass, pl);
    int n = EVP_EncodeBlock(b64, raw, (int)(2 * ul + 2 + pl));
    for (int off = 0; off < n; off += SASL_CHUNK)
        send_line(c, "AUTHENTICATE %.*s", n - off < SASL_CHUNK ? n - off : SASL_CHUNK, b64 + off);
    if (n % SASL_CHUNK == 0)
        send_line(c, "AUTHENTICATE +");
    memset(raw, 0, sizeof raw); /* the password's copies: not left on the stack */
    memset(b64, 0, sizeof b64);
}

static void on_sasl_numeric(link_cap *c, int code, const link_msg *m)
{
    const char *why = m->params[m->nparams - 1];
    if (code == 903 || code == 907) {
        log_msg(LOG_NOTICE, "SASL: logged in with %s%s%s", mech_name(c->mech),
                c->user[0] ? " as " : "", c->user);
        finish(c);
    } else if (code == 902 || code == 904 || code == 905 || code == 906) {
        char what[700];
        snprintf(what, sizeof what, "%s authentication%s%s refused by the server (%03d: %s)",
                 mech_name(c->mech), c->user[0] ? " as " : "", c->user, code, why);
        if (c->state == LINK_CAP_SASL && code != 906)
            send_line(c, "AUTHENTICATE *");
        without_sasl(c, what);
    }
}

/* 001 while negotiating: the server registered the bot without a word to CAP LS (it does not know
 * CAP, as ircd 2.11). Nothing is left to end; SASL cannot happen any more. */
static bool on_welcome(link_cap *c)
{
    if (!sasl_give_up(c,
                      "the server registered the bot without answering CAP LS (it knows no CAP)"))
        return true; /* failed: the relay ends before libircclient counts itself registered */
    c->state = LINK_CAP_DONE;
    return false;
}

bool link_cap_on_line(link_cap *c, const link_msg *m)
{
    if (c->state >= LINK_CAP_DONE)
        return false;
    int code = m->command[0] >= '0' && m->command[0] <= '9' ? atoi(m->command) : 0;
    if (link_msg_is(m, "CAP")) {
        on_cap(c, m);
    } else if (link_msg_is(m, "AUTHENTICATE")) {
        if (m->nparams >= 1 && !strcmp(m->params[0], "+"))
            on_authenticate(c);
    } else if (link_msg_is(m, "PING")) {
        send_line(c, "PONG :%s", m->nparams ? m->params[m->nparams - 1] : "");
    } else if ((code == 421 || code == 451) && m->nparams >= 2
               && !strcasecmp(m->params[1], "CAP")) {
        without_sasl(c, "the server does not know CAP");
    } else if (code >= 902 && code <= 908) {
        on_sasl_numeric(c, code, m);
    } else if (code == 1 && !strcmp(m->command, "001")) {
        return on_welcome(c);
    } else {
        return false;
    }
    return true;
}

void link_cap_timeout(link_cap *c)
{
    if (c->state < LINK_CAP_DONE)
        without_sasl(c, "the server did not answer CAP LS or AUTHENTICATE in time");
}
