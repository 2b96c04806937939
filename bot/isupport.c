/* isupport.c — the 005 tokens the bot uses (see isupport.h). */
#include "isupport.h"

#include <stdio.h>
#include <string.h>

bool isupport_botmode_line(isupport_botmode *b, const isupport *is, const char *nick, char *line,
                           size_t cap)
{
    if (!is->bot_mode)
        return false;
    b->asked = is->bot_mode;
    snprintf(line, cap, "MODE %s +%c", nick, is->bot_mode);
    return true;
}

void isupport_read(const irc_event *ev, isupport *out)
{
    *out = (isupport){ .cm = CASEMAP_RFC1459 };
    for (unsigned i = 1; i < ev->count; i++) {
        const char *p = ev->params[i];
        char b = p[0] == 'B' ? p[4] : '\0';
        if (!strncmp(p, "CASEMAPPING=", 12)) {
            out->has_casemapping = true;
            out->cm = casemap_from_name(p + 12);
        } else if (!strncmp(p, "BOT=", 4) && ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z'))) {
            out->bot_mode = b;
        } else if (!strcmp(p, "WHOX")) {
            out->whox = true;
        }
    }
}
