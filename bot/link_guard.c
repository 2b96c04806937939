/* link_guard.c — the wire guard: one line from the server read (tags), cut, parsed, checked
 * against libircclient's crashes (see link_guard.h) and written again in canonical form. */
#define _POSIX_C_SOURCE 200809L
#include "link_guard.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "link.h"

size_t link_utf8_cut(const char *s, size_t len, size_t max)
{
    if (len <= max)
        return len;
    size_t n = max;
    for (int back = 0; back < 3 && n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80; back++)
        n--;
    return ((unsigned char)s[n] & 0xC0) == 0x80 ? max : n;
}

const char *link_verdict_name(link_verdict v)
{
    static const char *const names[LINK_DROP_KINDS] = {
        [LINK_OK] = "ok",
        [LINK_DROP_NUL] = "a NUL byte",
        [LINK_DROP_NO_COMMAND] = "no command",
        [LINK_DROP_BAD_COMMAND] = "a malformed command",
        [LINK_DROP_NUMERIC_000] = "numeric 000",
        [LINK_DROP_NO_PARAMS] = "a numeric without parameters",
        [LINK_DROP_FEW_PARAMS] = "too few parameters",
        [LINK_DROP_NO_PREFIX] = "NICK without a prefix",
        [LINK_DROP_BAD_PREFIX] = "a malformed prefix",
        [LINK_DROP_CTCP] = "a DCC or empty CTCP",
        [LINK_DROP_BAD_NICK] = "a nick with control bytes or spaces",
    };
    return v >= 0 && v < LINK_DROP_KINDS ? names[v] : "empty";
}

bool link_msg_is(const link_msg *m, const char *cmd) { return !strcasecmp(m->command, cmd); }

/* An IRCv3 tag value's escapes (\: \s \\ \r \n) undone, into out (cap bytes, cut). */
static void tag_unescape(const char *v, size_t len, char *out, size_t cap)
{
    size_t o = 0;
    for (size_t i = 0; i < len && o + 1 < cap; i++) {
        char ch = v[i];
        if (ch == '\\' && i + 1 < len) {
            char e = v[++i];
            ch = e == ':' ? ';' : e == 's' ? ' ' : e == 'r' ? '\r' : e == 'n' ? '\n' : e;
        }
        out[o++] = ch;
    }
    out[o] = '\0';
}

/* "k1=v1;k2;+client/k3=v3": the one tag the bot reads, account. (Not `bot`: a bridge marked as
 * a bot relays people, who are answered as anyone.) */
static void read_tags(const char *tags, size_t len, link_msg *m)
{
    const char *p = tags, *end = tags + len;
    while (p < end) {
        const char *semi = memchr(p, ';', (size_t)(end - p));
        const char *stop = semi ? semi : end;
        const char *eq = memchr(p, '=', (size_t)(stop - p));
        size_t klen = (size_t)((eq ? eq : stop) - p);
        if (klen == 7 && !memcmp(p, "account", 7) && eq)
            tag_unescape(eq + 1, (size_t)(stop - eq - 1), m->account, sizeof m->account);
        p = stop + 1;
    }
    for (char *a = m->account; *a; a++)
        if ((unsigned char)*a <= ' ' || *a == 0x7f) { /* an account is one printable word */
            m->account[0] = '\0';
            break;
        }
}

static char *skip_spaces(char *p)
{
    while (*p == ' ')
        p++;
    return p;
}

/* The next space-separated word, terminated in place; p moves past it. */
static char *word(char **p)
{
    char *w = *p, *sp = strchr(w, ' ');
    if (sp) {
        *sp = '\0';
        *p = sp + 1;
    } else {
        *p = w + strlen(w);
    }
    return w;
}

static link_verdict check_prefix(const char *prefix)
{
    if (!prefix[0])
        return LINK_DROP_BAD_PREFIX;
    for (const char *s = prefix; *s; s++)
        if ((unsigned char)*s < 0x21 || *s == 0x7f)
            return LINK_DROP_BAD_PREFIX;
    return LINK_OK;
}

static link_verdict check_command(const char *cmd)
{
    size_t n = strlen(cmd), letters = 0, digits = 0;
    for (size_t i = 0; i < n; i++) {
        letters += (cmd[i] >= 'A' && cmd[i] <= 'Z') || (cmd[i] >= 'a' && cmd[i] <= 'z');
        digits += cmd[i] >= '0' && cmd[i] <= '9';
    }
    if (n == 0)
        return LINK_DROP_NO_COMMAND;
    if (n == 3 && digits == 3)
        return strcmp(cmd, "000") ? LINK_OK : LINK_DROP_NUMERIC_000;
    return letters == n ? LINK_OK : LINK_DROP_BAD_COMMAND;
}

static int params_needed(const char *cmd)
{
    static const struct {
        const char *cmd;
        int need;
    } table[] = { { "PRIVMSG", 2 }, { "NOTICE", 2 }, { "KICK", 2 },  { "INVITE", 2 }, { "JOIN", 1 },
                  { "PART", 1 },    { "NICK", 1 },   { "TOPIC", 1 }, { "MODE", 1 } };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (!strcasecmp(cmd, table[i].cmd))
            return table[i].need;
    return 0;
}

/* A nick the bot may write at the head of its own channel lines: no control bytes, no spaces (a
 * server's "\001ACTION" would frame a CTCP there). Prefixes are checked as a whole already. */
static bool bad_nick(const char *n)
{
    for (; *n; n++)
        if ((unsigned char)*n <= ' ' || *n == 0x7f)
            return true;
    return false;
}

static link_verdict check_msg(const link_msg *m)
{
    bool numeric = m->command[0] >= '0' && m->command[0] <= '9';
    if (numeric && m->nparams == 0)
        return LINK_DROP_NO_PARAMS;
    if (link_msg_is(m, "NICK") && !m->prefix)
        return LINK_DROP_NO_PREFIX;
    if (m->nparams < params_needed(m->command))
        return LINK_DROP_FEW_PARAMS;
    /* NICK's new nick; a WHO reply's nick, sixth in 352 and in the bot's WHOX (%tcuhnfa,152) */
    if ((link_msg_is(m, "NICK") && bad_nick(m->params[0]))
        || ((!strcmp(m->command, "352") || !strcmp(m->command, "354")) && m->nparams > 5
            && bad_nick(m->params[5])))
        return LINK_DROP_BAD_NICK;
    if (link_msg_is(m, "PRIVMSG") || link_msg_is(m, "NOTICE")) {
        const char *text = m->params[1];
        if (text[0] == '\001' && (!text[1] || !strncasecmp(text + 1, "DCC ", 4)))
            return LINK_DROP_CTCP;
    }
    return LINK_OK;
}

static void parse_params(char *p, link_msg *m)
{
    while (*(p = skip_spaces(p)) && m->nparams < LINK_PARAMS_MAX) {
        if (*p == ':' || m->nparams == LINK_PARAMS_MAX - 1) {
            m->params[m->nparams++] = p + (*p == ':');
            return;
        }
        m->params[m->nparams++] = word(&p);
    }
}

link_verdict link_msg_parse(char *line, size_t len, link_msg *m)
{
    return link_msg_parse_cut(line, len, LINK_LINE_MAX, m);
}

link_verdict link_msg_parse_cut(char *line, size_t len, size_t max, link_msg *m)
{
    memset(m, 0, sizeof *m);
    if (memchr(line, '\0', len))
        return LINK_DROP_NUL;
    line[len] = '\0';
    char *p = line;
    bool tagged = p[0] == '@';
    if (tagged) {
        char *tags = word(&p) + 1;
        read_tags(tags, strlen(tags), m);
    }
    p = skip_spaces(p);
    size_t rest = strlen(p);
    if (rest > max) {
        p[link_utf8_cut(p, rest, max)] = '\0';
        m->cut = true;
    }
    if (!*p)
        return tagged ? LINK_DROP_NO_COMMAND : LINK_EMPTY;
    if (*p == ':') {
        p++;
        if (!strchr(p, ' '))
            return LINK_DROP_NO_COMMAND;
        m->prefix = word(&p);
        link_verdict v = check_prefix(m->prefix);
        if (v != LINK_OK)
            return v;
        p = skip_spaces(p);
    }
    m->command = word(&p);
    link_verdict v = check_command(m->command);
    if (v != LINK_OK)
        return v;
    parse_params(p, m);
    return check_msg(m);
}

/* ---- writing for libircclient ---- */

typedef struct {
    char *out;
    size_t cap, len;
} sink;

static void put(sink *s, const char *str)
{
    size_t n = strlen(str);
    if (s->len + n + 1 > s->cap)
        n = s->cap > s->len + 1 ? s->cap - s->len - 1 : 0;
    memcpy(s->out + s->len, str, n);
    s->len += n;
    s->out[s->len] = '\0';
}

static void put_head(sink *s, const link_msg *m, bool annotate)
{
    if (m->prefix) {
        char sep[2] = { LINK_ACCOUNT_SEP, '\0' };
        put(s, ":");
        put(s, m->prefix);
        if (annotate && m->account[0]) {
            put(s, sep);
            put(s, m->account);
        }
        put(s, " ");
    }
    put(s, m->command);
}

/* One line: the head, params[from..to) as words, then the last parameter after ':'. */
static void put_line(sink *s, const link_msg *m, bool annotate, int first, int from, int to,
                     const char *last)
{
    put_head(s, m, annotate);
    if (first >= 0) {
        put(s, " ");
        put(s, m->params[first]);
    }
    for (int i = from; i < to; i++) {
        put(s, " ");
        put(s, m->params[i]);
    }
    put(s, " :");
    put(s, last ? last : "");
    put(s, "\r\n");
}

size_t link_msg_write(const link_msg *m, bool annotate, char *out, size_t cap)
{
    sink s = { out, cap, 0 };
    int n = m->nparams;
    if (!strcmp(m->command, "005") && n - 2 > LINK_ISUPPORT_PER_LINE) {
        for (int i = 1; i < n - 1; i += LINK_ISUPPORT_PER_LINE) {
            int to = i + LINK_ISUPPORT_PER_LINE < n - 1 ? i + LINK_ISUPPORT_PER_LINE : n - 1;
            put_line(&s, m, annotate, 0, i, to, m->params[n - 1]);
        }
        return s.len;
    }
    /* with no parameter at all, an empty one: libircclient reads past the end otherwise */
    put_line(&s, m, annotate, -1, 0, n > 0 ? n - 1 : 0, n > 0 ? m->params[n - 1] : "");
    return s.len;
}
