/* conn_isupport.c — the 005 tokens the bot uses, read from each 005 line as it comes, and the MODE
 * line that sets the bot user mode the server names (see conn_isupport.h). */
#include "conn_isupport.h"
#include "strcopy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool conn_isupport_botmode_line(isupport_botmode *b, const isupport *is, const char *nick,
                                char *line, size_t cap)
{
    if (!is->bot_mode || is->bot_mode == b->asked) /* a 005 sent again asks nothing again */
        return false;
    b->asked = is->bot_mode;
    snprintf(line, cap, "MODE %s +%c", nick, is->bot_mode);
    return true;
}

/* A decimal number of 1..99999 at p, ending at NUL or ','; 0 otherwise. */
static unsigned isupport_number(const char *p)
{
    char *end;
    if (*p < '0' || *p > '9')
        return 0;
    unsigned long n = strtoul(p, &end, 10);
    return (*end == '\0' || *end == ',') && n <= 99999 ? (unsigned)n : 0;
}

/* TARGMAX=PRIVMSG:4,JOIN:,NOTICE:4 — what it says of JOIN (0: no limit). */
static unsigned isupport_targmax_join(const char *p)
{
    for (; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
        if (!strncmp(p, "JOIN:", 5))
            return isupport_number(p + 5);
    return 0;
}

/* PREFIX=(ov)@+ */
static void isupport_prefix(isupport *out, const char *v)
{
    const char *close = strchr(v, ')');
    size_t n = close ? (size_t)(close - v - 1) : 0;
    if (v[0] != '(' || !n || n >= sizeof out->prefix_modes || strlen(close + 1) != n)
        return;
    memcpy(out->prefix_modes, v + 1, n);
    out->prefix_modes[n] = '\0';
    copy_str(out->prefix_chars, sizeof out->prefix_chars, close + 1);
}

void conn_isupport_read(const irc_event *ev, isupport *out)
{
    *out = (isupport){ .cm = CASEMAP_RFC1459 };
    for (unsigned i = 1; i < ev->count; i++) {
        const char *p = ev->params[i];
        char b = strncmp(p, "BOT=", 4) ? '\0' : p[4]; /* within the token: "B" alone is 2 bytes */
        if (!strncmp(p, "CASEMAPPING=", 12)) {
            out->has_casemapping = true;
            out->cm = casemap_from_name(p + 12);
        } else if ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z')) {
            out->bot_mode = b;
        } else if (!strcmp(p, "WHOX")) {
            out->whox = true;
        } else if (!strcmp(p, "PENALTY")) {
            out->penalty = true;
        } else if (!strncmp(p, "LINELEN=", 8)) {
            out->linelen = isupport_number(p + 8);
        } else if (!strncmp(p, "NICKLEN=", 8)) {
            out->nicklen = isupport_number(p + 8);
        } else if (!strncmp(p, "TARGMAX=", 8)) {
            out->has_targmax = true;
            out->join_max = isupport_targmax_join(p + 8);
        } else if (!strcmp(p, "CPRIVMSG")) {
            out->cprivmsg = true;
        } else if (!strcmp(p, "CNOTICE")) {
            out->cnotice = true;
        } else if (!strncmp(p, "PREFIX=", 7)) {
            isupport_prefix(out, p + 7);
        } else if (!strncmp(p, "CHANMODES=", 10)) {
            copy_str(out->chanmodes, sizeof out->chanmodes, p + 10);
        }
    }
}
