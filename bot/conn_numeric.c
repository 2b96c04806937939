/* conn_numeric.c — the server's refusals (403, 405, 464, 465, and 501 or 472 to the bot user mode)
 * as log lines that say what to check; 471..477 are conn_rejoin.c's (logged, tried again). */
#include "conn_numeric.h"

#include "log.h"

#include <stdio.h>
#include <string.h>

void conn_numeric_log_cannot_send(conn_cannot_send *last, const irc_event *ev, double now)
{
    const char *channel = ev->count >= 2 ? ev->params[1] : "?";
    int slot = 0;
    for (int i = 0; i < CONN_CANNOT_SEND_KEPT; i++) {
        if (!strcmp(last->seen[i].channel, channel)) {
            if (now - last->seen[i].at < CONN_CANNOT_SEND_QUIET)
                return;
            slot = i;
            break;
        }
        if (last->seen[i].at < last->seen[slot].at)
            slot = i;
    }
    snprintf(last->seen[slot].channel, sizeof last->seen[slot].channel, "%s", channel);
    last->seen[slot].at = now;
    log_msg(LOG_WARNING,
            "cannot send to %s (404: %s): its game waits until the channel's modes change; check "
            "that the bot is in it and its modes (+m needs voice for the bot, +n, bans; +c or +S "
            "refuse the colours of ui.colors = true); said once in %d s",
            channel, ev->count >= 3 ? ev->params[ev->count - 1] : "", CONN_CANNOT_SEND_QUIET);
}

void conn_numeric_log_refusal(const irc_event *ev, isupport_botmode *bm)
{
    const char *what = ev->count >= 2 ? ev->params[1] : "?";
    const char *why = ev->count >= 3 ? ev->params[ev->count - 1] : "";
    switch (ev->code) {
    case 403:
    case 405:
        log_msg(LOG_WARNING,
                "cannot join %s: %s (%u); check the channel's modes and bans or irc.channels", what,
                why, ev->code);
        break;
    case 464: log_msg(LOG_ERR, "the server refused the password (464); check irc.password"); break;
    case 465:
        log_msg(LOG_ERR, "the server says the bot is banned (465): %s; ask its operators", what);
        break;
    case 472:
    case 501: /* ircd-hybrid says BOT=B but makes +B operator-only: 501 */
        if (bm && bm->asked && !bm->told) {
            bm->told = true;
            log_msg(LOG_NOTICE,
                    "the server refused the bot user mode +%c (%u: %s); the bot goes on without "
                    "it (it may be for operators only there)",
                    bm->asked, ev->code, ev->count >= 2 ? ev->params[ev->count - 1] : "-");
        }
        break;
    default: break;
    }
}
