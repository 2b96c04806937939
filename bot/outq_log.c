/* outq_log.c — an IRC line as it may be logged (bot/outq_log.h): the secrets in it (PASS, IDENTIFY
 * to services, channel keys and the like) hidden behind " [hidden]", and the line cut to a size. */
#include "outq_log.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "utf8.h"

/* The word at *p (up to a space or the end); *p moves past it and the spaces after it. */
static size_t outq_word(const char **p)
{
    size_t n = strcspn(*p, " ");
    *p += n;
    *p += strspn(*p, " ");
    return n;
}

static bool outq_word_is(const char *w, size_t n, const char *const *set)
{
    for (; *set; set++)
        if (strlen(*set) == n && strncasecmp(w, *set, n) == 0)
            return true;
    return false;
}

/* A service: "NickServ", "Q@CServe.quakenet.org". */
static bool outq_is_service(const char *w, size_t n)
{
    return memchr(w, '@', n) || (n >= 4 && strncasecmp(w + n - 4, "serv", 4) == 0);
}

/* The length of line to keep before " [hidden]", or the whole length when it holds no secret. */
static size_t outq_secret_at(const char *line)
{
    static const char *const whole[] = { "PASS", "AUTHENTICATE", "OPER", "NICKSERV", "NS", NULL };
    static const char *const msgs[] = { "PRIVMSG", "NOTICE", "SQUERY", NULL };
    static const char *const verbs[] = { "IDENTIFY", "REGAIN", "GHOST", "RECOVER", "RELEASE",
                                         "REGISTER", "LOGIN",  "AUTH",  NULL };
    const char *p = line + strspn(line, " ");
    if (*p == '@')
        outq_word(&p);
    if (*p == ':')
        outq_word(&p);
    const char *cmd = p;
    size_t cn = outq_word(&p);
    if (outq_word_is(cmd, cn, whole))
        return *p ? (size_t)(cmd + cn - line) : strlen(line);
    if (cn == 4 && strncasecmp(cmd, "JOIN", 4) == 0) { /* the channels kept, their keys hidden */
        const char *chans = p;
        size_t kn = outq_word(&p);
        return *p ? (size_t)(chans + kn - line) : strlen(line);
    }
    if (!outq_word_is(cmd, cn, msgs))
        return strlen(line);
    const char *target = p;
    size_t tn = outq_word(&p);
    if (*p == ':')
        p++;
    const char *verb = p;
    size_t vn = strcspn(p, " ");
    const char *after = verb + vn;
    if (!after[strspn(after, " ")])
        return strlen(line); /* one word: nothing after it to hide */
    if (outq_is_service(target, tn) || outq_word_is(verb, vn, verbs))
        return (size_t)(after - line);
    return strlen(line);
}

const char *outq_log_line(const char *line, size_t max, char *out, size_t cap)
{
    static const char hidden[] = " [hidden]";
    size_t keep = outq_secret_at(line ? line : "");
    int n =
        snprintf(out, cap, "%.*s%s", (int)keep, line ? line : "", line && line[keep] ? hidden : "");
    size_t len = n < 0 ? 0 : (size_t)n >= cap ? cap - 1 : (size_t)n;
    if (len > max)
        len = max;
    len = utf8_char_start(out, len);
    out[len] = '\0';
    return out;
}
