/* ctcp.c — CTCP VERSION and PING replies (see ctcp.h). */
#define _POSIX_C_SOURCE 200809L
#include "ctcp.h"

#include <stdio.h>
#include <string.h>

static bool printable_ascii(const char *s, size_t max)
{
    size_t n = 0;
    for (; s[n]; n++)
        if (n >= max || s[n] < 0x20 || s[n] > 0x7e)
            return false;
    return true;
}

bool ctcp_reply(const char *request, const char *version, char *reply, size_t len)
{
    if (!strcmp(request, "VERSION"))
        snprintf(reply, len, "\001VERSION durakbot %s\001", version);
    else if (!strncmp(request, "PING", 4) && printable_ascii(request, 100))
        snprintf(reply, len, "\001%s\001", request);
    else
        return false;
    return true;
}
