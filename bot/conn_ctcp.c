/* conn_ctcp.c — the CTCP replies: VERSION with the bot's version, PING echoed back when short
 * printable ASCII; one a second at most, queued as a NOTICE to its sender (see conn_ctcp.h). */
#define _POSIX_C_SOURCE 200809L
#include "conn_ctcp.h"

#include <stdio.h>
#include <string.h>

#include "log.h"

static bool printable_ascii(const char *s, size_t max)
{
    size_t n = 0;
    for (; s[n]; n++)
        if (n >= max || s[n] < 0x20 || s[n] > 0x7e)
            return false;
    return true;
}

/* The NOTICE text (with its \001 marks) answering request ("VERSION", "PING 123"); false for a
 * request the bot does not answer (or a PING holding other than printable ASCII). */
static bool conn_ctcp_reply(const char *request, const char *version, char *reply, size_t len)
{
    if (!strcmp(request, "VERSION"))
        snprintf(reply, len, "\001VERSION durakbot %s\001", version);
    else if (!strncmp(request, "PING", 4) && printable_ascii(request, 100))
        snprintf(reply, len, "\001%s\001", request);
    else
        return false;
    return true;
}

void conn_ctcp_answer(outq *q, const char *nick, const char *request, const char *version,
                      double now, double *next)
{
    char reply[160];
    if (now < *next || !conn_ctcp_reply(request, version, reply, sizeof reply))
        return;
    *next = now + 1.0;
    if (!outq_push_reply(q, "NOTICE", nick, reply, now))
        log_msg(LOG_WARNING, "send queue refused a CTCP reply to %s; it is dropped", nick);
}
