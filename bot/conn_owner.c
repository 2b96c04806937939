/* conn_owner.c — the nick is the bot's own: registration's nick tries, NickServ IDENTIFY and its
 * answers, taking the nick back, holding the bot's lines meanwhile (see conn_owner.h). */

/* Taking the nick back: REGAIN, RECOVER, GHOST + NICK. */
#define _POSIX_C_SOURCE 200809L
#include "conn_owner.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conn_nickserv.h"
#include "log.h"
#include "messages.h"
#include "strcopy.h"

enum { NICK_TRIES = 8 };
#define ID_ANSWER_WAIT 30.0 /* irc.nickserv_wait = 0: NickServ counts as absent after so long */
#define ID_RETRY_FIRST 15.0 /* NickServ absent: IDENTIFY again after this, doubling */
#define ID_RETRY_MAX 300.0
#define STEP_WAIT 10.0   /* REGAIN or RECOVER changed nothing in so long: the next way */
#define GHOST_WAIT 2.0   /* after GHOST, NICK */
#define ROUND_FIRST 30.0 /* every way tried and still another nick: again after this, doubling */
#define ROUND_MAX 300.0
#define TELL_EVERY 60.0 /* held after a refused password: said at most this often */

/* The ways to take the nick back, in the order they are tried. */
typedef enum {
    RG_IDLE,
    RG_WAIT_ID, /* IDENTIFY first, the rest once identified */
    RG_REGAIN,
    RG_RECOVER,
    RG_GHOST,
    RG_NICK,
    RG_LATER /* every way tried: the round again after round_backoff */
} regain_step;

struct owner {
    outq *q;
    char nick[64];
    char own[64];         /* irc.nick as this server allows it: cut to its NICKLEN, else the same */
    bool cut_told;        /* the cut was logged (once a run) */
    double told_at;       /* conn_owner_refused logged it last then (< 0: never) */
    double told_admin_at; /* conn_owner_tell_admin told an admin then (< 0: never) */
    char alt[CONFIG_MAX_ALT_NICKS][64];
    int nalt;
    char pw[256];
    nickserv ns; /* irc.nickserv_target and irc.nickserv_host */
    int wait; /* irc.nickserv_wait: no answer to IDENTIFY in so long: NickServ counts as absent */
    casemap cm;
    /* this connection */
    int tries;
    bool registered;
    char me[128];
    bool logged_in;
    owner_id id;
    double id_due, id_backoff; /* SENT: the answer's deadline; ABSENT: the next IDENTIFY */
    regain_step step;
    regain_step first; /* the first way worth trying: REGAIN, unless services did not know it */
    double step_due, round_backoff;
    bool unregistered; /* services say irc.nick is not registered: no way but NICK */
};

static void push(owner *o, const char *line)
{
    if (!outq_push_raw(o->q, line))
        log_msg(LOG_WARNING, "send queue refused a line to NickServ; it is dropped");
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
to_nickserv(owner *o, const char *fmt, ...)
{
    char text[400], line[OUTQ_MAX_RAW + 1];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    conn_nickserv_line(&o->ns, text, line, sizeof line);
    push(o, line);
}

static bool has_nick(const owner *o) { return casemap_equal(o->cm, o->me, o->own); }

/* The server cut irc.nick to len characters (its NICKLEN): the cut nick is the bot's own. */
static void cut_nick(owner *o, size_t len)
{
    size_t n = strlen(o->nick);
    if (len == 0 || len >= n || len >= sizeof o->own)
        return;
    snprintf(o->own, sizeof o->own, "%.*s", (int)len, o->nick);
    if (o->cut_told)
        return;
    o->cut_told = true;
    log_msg(LOG_WARNING,
            "irc.nick %s is %zu characters, the server allows %zu (NICKLEN): the bot goes by %s "
            "there (set an irc.nick of at most %zu characters)",
            o->nick, n, len, o->own, len);
}

/* ---- life ---- */

void conn_owner_reconfigure(owner *o, const bot_config *cfg)
{
    if (strcmp(o->nick, cfg->irc.nick)) {
        copy_str(o->nick, sizeof o->nick, cfg->irc.nick);
        copy_str(o->own, sizeof o->own, o->nick);
    }
    o->nalt = cfg->irc.nalt_nicks;
    for (int i = 0; i < o->nalt; i++)
        copy_str(o->alt[i], sizeof o->alt[i], cfg->irc.alt_nicks[i]);
    bool new_pw = strcmp(o->pw, cfg->irc.nickserv_password) != 0;
    copy_str(o->pw, sizeof o->pw, cfg->irc.nickserv_password);
    /* The log said to fix a refused password and reload: the new one goes to NickServ at the next
     * tick, on this connection (then the nick is taken back, as after any identification). */
    if (new_pw && o->pw[0] && o->id == OWNER_ID_REFUSED && o->registered) {
        o->id = OWNER_ID_ABSENT;
        o->id_due = 0;
        if (!has_nick(o)) { /* renamed meanwhile: the round goes on once identified */
            o->step = RG_WAIT_ID;
            o->step_due = -1;
        }
    }
    conn_nickserv_set(&o->ns, cfg->irc.nickserv_target, cfg->irc.nickserv_host);
    o->wait = cfg->irc.nickserv_wait;
}

void conn_owner_reset(owner *o)
{
    o->tries = 0;
    o->registered = o->logged_in = o->unregistered = false;
    o->me[0] = '\0';
    copy_str(o->own, sizeof o->own, o->nick); /* cut again by this connection's server */
    o->id = OWNER_ID_NONE;
    o->id_due = o->step_due = -1;
    o->id_backoff = ID_RETRY_FIRST;
    o->round_backoff = ROUND_FIRST;
    o->step = RG_IDLE;
    o->first = RG_REGAIN;
    conn_nickserv_reset(&o->ns);
}

owner *conn_owner_new(outq *q, const bot_config *cfg)
{
    owner *o = calloc(1, sizeof *o);
    if (!o)
        return NULL;
    o->q = q;
    o->cm = CASEMAP_RFC1459;
    o->told_at = o->told_admin_at = -1;
    conn_owner_reconfigure(o, cfg);
    conn_owner_reset(o);
    return o;
}

void conn_owner_free(owner *o)
{
    if (o)
        memset(o->pw, 0, sizeof o->pw);
    free(o);
}

bool conn_owner_next_nick(owner *o, unsigned rnd, char *out, size_t cap)
{
    int n = ++o->tries, nalt = o->nalt ? o->nalt : 1;
    if (n > nalt + NICK_TRIES)
        return false;
    if (n <= o->nalt)
        copy_str(out, cap, o->alt[n - 1]);
    else if (n <= nalt + 4) /* nick_ (when there is no list), nick__, ... */
        snprintf(out, cap, "%s%.*s", o->nick, n - nalt + (o->nalt ? 0 : 1), "_____");
    else
        snprintf(out, cap, "%.6s%03u", o->nick, rnd % 1000);
    return true;
}

/* ---- identification ---- */

static void identify(owner *o, double now)
{
    to_nickserv(o, "IDENTIFY %s %s", o->nick, o->pw);
    o->id = OWNER_ID_SENT;
    o->id_due = now + (o->wait > 0 ? o->wait : ID_ANSWER_WAIT);
}

static void next_step(owner *o, double now);
static void start_round(owner *o, double now, bool just_refused);

/* The account is ours now: take the nick back if we are under another. */
static void identified(owner *o, const char *how, double now)
{
    if (o->id != OWNER_ID_OK && o->pw[0])
        log_msg(LOG_NOTICE, "NickServ: identified for %s (%s)", o->nick, how);
    o->id = o->pw[0] ? OWNER_ID_OK : o->id;
    o->id_due = -1;
    o->id_backoff = ID_RETRY_FIRST;
    if (o->step == RG_WAIT_ID) {
        o->step = RG_IDLE;
        next_step(o, now);
    }
}

static void refused(owner *o, const char *what, double now)
{
    log_msg(LOG_ERR,
            "NickServ: %s for %s; the bot is not identified, channels that need it are not joined "
            "(check irc.nick and irc.nickserv_password, then SIGHUP)",
            what, o->nick);
    o->id = OWNER_ID_REFUSED;
    o->id_due = -1;
    if (o->step == RG_WAIT_ID) /* no services' way left: NICK now and then */
        start_round(o, now, false);
}

static void absent(owner *o, const char *why, double now)
{
    if (o->id == OWNER_ID_NONE || o->id == OWNER_ID_OK || o->id == OWNER_ID_REFUSED)
        return;
    if (o->id != OWNER_ID_ABSENT)
        log_msg(LOG_WARNING, "NickServ: %s; trying IDENTIFY again in %.0f s or when it speaks", why,
                o->id_backoff);
    o->id = OWNER_ID_ABSENT;
    o->id_due = now + o->id_backoff;
    o->id_backoff = o->id_backoff * 2 > ID_RETRY_MAX ? ID_RETRY_MAX : o->id_backoff * 2;
}

/* ---- taking the nick back ---- */

/* A round of ways to get irc.nick back; just_refused: the server has just said it is taken, so
 * without credentials the next NICK waits. */
static void start_round(owner *o, double now, bool just_refused)
{
    if (!o->registered || has_nick(o))
        return;
    if (!o->logged_in && o->id != OWNER_ID_OK && o->pw[0] && o->id != OWNER_ID_REFUSED
        && !o->unregistered) {
        if (o->id != OWNER_ID_SENT && o->id != OWNER_ID_ABSENT)
            identify(o, now);
        o->step = RG_WAIT_ID; /* on with it once identified */
        o->step_due = -1;
        return;
    }
    bool creds = (o->logged_in || o->id == OWNER_ID_OK) && !o->unregistered;
    o->step = !creds && just_refused ? RG_NICK : RG_IDLE;
    next_step(o, now);
}

/* Every way tried: the next round after the back-off, which doubles. */
static void round_later(owner *o, double now)
{
    o->step = RG_LATER;
    o->step_due = now + o->round_backoff;
    o->round_backoff = o->round_backoff * 2 > ROUND_MAX ? ROUND_MAX : o->round_backoff * 2;
}

/* One way after the other: REGAIN, RECOVER, GHOST (with credentials), NICK, then a pause. */
static void next_step(owner *o, double now)
{
    bool creds = (o->logged_in || o->id == OWNER_ID_OK) && !o->unregistered;
    regain_step s =
        o->step == RG_IDLE || o->step == RG_WAIT_ID ? o->first : (regain_step)(o->step + 1);
    if (!creds && s < RG_NICK) /* services' ways need credentials (and a registered nick) */
        s = RG_NICK;
    char line[160];
    o->step = s;
    o->step_due = now + STEP_WAIT;
    switch (s) {
    case RG_REGAIN: to_nickserv(o, "REGAIN %s", o->own); break;
    case RG_RECOVER: to_nickserv(o, "RECOVER %s", o->own); break;
    case RG_GHOST:
        to_nickserv(o, "GHOST %s", o->own);
        o->step_due = now + GHOST_WAIT;
        break;
    case RG_NICK:
        snprintf(line, sizeof line, "NICK %s", o->own);
        push(o, line);
        break;
    case RG_LATER:
        log_msg(LOG_WARNING, "still %s, not %s; trying to take the nick back in %.0f s", o->me,
                o->own, o->round_backoff);
        round_later(o, now);
        break;
    default: /* a new round; with a password, identified anew (services may have forgotten) */
        if (o->pw[0] && o->id != OWNER_ID_REFUSED && !o->unregistered) {
            o->id = OWNER_ID_NONE;
            o->logged_in = false;
        }
        start_round(o, now, false);
        break;
    }
}

static void on_own_nick(owner *o, const char *to, double now)
{
    bool had = has_nick(o);
    copy_str(o->me, sizeof o->me, to);
    if (has_nick(o)) {
        if (!had)
            log_msg(LOG_NOTICE, "the nick %s is the bot's own again", o->own);
        o->step = RG_IDLE;
        o->step_due = -1;
        o->round_backoff = ROUND_FIRST;
    } else if (had) {
        log_msg(LOG_WARNING, "renamed from %s to %s (services?); taking the nick back%s", o->own,
                to, conn_owner_holding(o) ? ", saying nothing meanwhile" : "");
        if (o->id == OWNER_ID_OK)
            o->id = OWNER_ID_NONE; /* services rename those who are not identified */
        if (o->id == OWNER_ID_REFUSED)
            round_later(o, now); /* services hold the nick after renaming: a NICK at once only
                                    raced their hold (Anope under load lost it, then renamed the
                                    bot again) */
        else
            start_round(o, now, false);
    }
}

/* ---- what NickServ says ---- */

static void on_nickserv(owner *o, const char *text, double now)
{
    bool waiting = o->id == OWNER_ID_SENT || o->id == OWNER_ID_ABSENT;
    nickserv_says what = conn_nickserv_says(text);
    if (what == NS_SAYS_SUCCESS) {
        identified(o, "its reply", now);
    } else if (waiting && what == NS_SAYS_WRONG_PW) {
        refused(o, "the password was refused", now);
    } else if (what == NS_SAYS_NOT_REG && (waiting || o->step != RG_IDLE)) {
        o->unregistered = true;
        if (waiting)
            refused(o, "the nick is not registered", now);
        else if (o->step >= RG_REGAIN && o->step <= RG_GHOST)
            next_step(o, now); /* services cannot give back a nick nobody registered: NICK now */
    } else if (what == NS_SAYS_UNKNOWN_CMD && (o->step == RG_REGAIN || o->step == RG_RECOVER)) {
        if (o->first == o->step)
            o->first = o->step + 1; /* these services do not know it: not again */
        next_step(o, now);
    } else if (what == NS_SAYS_GHOSTED && o->step == RG_GHOST) {
        next_step(o, now);
    } else if (o->id == OWNER_ID_ABSENT) {
        identify(o, now); /* NickServ is back */
    }
}

void conn_owner_welcome(owner *o, const char *me, double now)
{
    o->registered = true;
    copy_str(o->me, sizeof o->me, me);
    size_t len = strlen(me);
    char head[sizeof o->nick];
    snprintf(head, sizeof head, "%.*s", (int)len, o->nick);
    /* registered under irc.nick cut short: NICKLEN (005 comes later); not an alt nick that
     * begins irc.nick (tries: irc.nick was refused) */
    if (!o->tries && !has_nick(o) && len < strlen(o->nick) && casemap_equal(o->cm, me, head))
        cut_nick(o, len);
    if (o->pw[0] && !o->logged_in)
        identify(o, now);
    if (!has_nick(o)) {
        log_msg(LOG_WARNING, "registered as %s, not %s: taking the nick back%s", me, o->own,
                conn_owner_holding(o) ? "; the bot says nothing until then" : "");
        start_round(o, now, true);
    }
}

void conn_owner_on_event(owner *o, casemap cm, const irc_event *ev, double now)
{
    o->cm = cm;
    if (ev->kind == IRC_EV_NUMERIC && ev->code == 900) {
        o->logged_in = true;
        if (o->registered)
            identified(o, "900", now);
        return;
    }
    if (!o->registered)
        return;
    char why[200];
    if (ev->kind == IRC_EV_NUMERIC) {
        if (ev->code == 901)
            o->logged_in = false;
        else if (conn_nickserv_absent(&o->ns, cm, ev, why, sizeof why))
            absent(o, why, now);
    } else if (ev->kind == IRC_EV_NOTICE && conn_nickserv_from(&o->ns, cm, ev)) {
        on_nickserv(o, ev->text, now);
    } else if (ev->kind == IRC_EV_NICK && casemap_equal(cm, ev->nick, o->me)) {
        on_own_nick(o, ev->arg, now);
    }
}

void conn_owner_nicklen(owner *o, unsigned nicklen)
{
    bool had = has_nick(o);
    cut_nick(o, nicklen);
    if (!had && has_nick(o)) { /* the nick it has is the cut one: nothing to take back */
        o->step = RG_IDLE;
        o->step_due = -1;
    }
}

const char *conn_owner_nick(const owner *o) { return o->own; }

double conn_owner_deadline(const owner *o)
{
    double a = o->id_due, b = o->step_due;
    return a < 0 ? b : b < 0 || a < b ? a : b;
}

void conn_owner_tick(owner *o, double now)
{
    if (o->id_due >= 0 && now >= o->id_due) {
        o->id_due = -1;
        if (o->id == OWNER_ID_SENT)
            absent(o, "no answer to IDENTIFY in time (irc.nickserv_wait)", now);
        else if (o->id == OWNER_ID_ABSENT)
            identify(o, now);
    }
    if (o->step_due >= 0 && now >= o->step_due) {
        o->step_due = -1;
        if (!has_nick(o) && o->step > RG_WAIT_ID)
            next_step(o, now);
    }
}

bool conn_owner_settled(const owner *o)
{
    return !o->pw[0] || o->logged_in || o->wait == 0 || o->id != OWNER_ID_SENT;
}
owner_id conn_owner_identity(const owner *o) { return o->id; }
bool conn_owner_logged_in(const owner *o) { return o->logged_in; }

const char *conn_owner_hopeless(const owner *o)
{
    if (o->logged_in || o->id == OWNER_ID_OK)
        return NULL;
    if (o->id == OWNER_ID_REFUSED)
        return "NickServ refused the bot's identification";
    return o->pw[0] ? NULL : "the bot has no NickServ password and no SASL login";
}

bool conn_owner_refused(owner *o, double now)
{
    if (!conn_owner_holding(o) || o->id != OWNER_ID_REFUSED)
        return false;
    if (o->told_at >= 0 && now - o->told_at < TELL_EVERY)
        return true;
    o->told_at = now;
    log_msg(LOG_ERR,
            "still %s, not %s: NickServ refused the password and services renamed the bot, which "
            "says nothing meanwhile (fix irc.nickserv_password or use SASL, then SIGHUP)",
            o->me, o->own);
    return true;
}

void conn_owner_tell_admin(owner *o, const char *to, int lang, double now)
{
    if (o->told_admin_at >= 0 && now - o->told_admin_at < TELL_EVERY)
        return;
    o->told_admin_at = now;
    char text[400], line[OUTQ_MAX_RAW + 1];
    snprintf(text, sizeof text, msg_in(msg_lang_checked(lang), MSG_NICK_REFUSED), o->me, o->own);
    snprintf(line, sizeof line, "NOTICE %s :%s", to, text);
    push(o, line); /* raw: it goes out while the bot is held */
}

bool conn_owner_holding(const owner *o)
{
    return o->registered && !has_nick(o) && !o->unregistered && (o->pw[0] || o->logged_in);
}
