/* conn_who.c — the channels' member lists (WHO) asked one at a time, the next once the server
 * ended the last, as low lines of the send queue (see conn_who.h). */
#define _POSIX_C_SOURCE 200809L
#include "conn_who.h"

#include <stdio.h>
#include <string.h>

#include "conn_members.h"
#include "log.h"
#include "outq_log.h"
#include "strcopy.h"

void conn_who_clear(who_lists *w) { *w = (who_lists){ .sent_at = -1 }; }

/* Queues the first waiting channel's WHO unless one is asked already. */
static void ask_next(who_lists *w, outq *q)
{
    char line[160], shown[64];
    while (!w->asked && w->nwaiting > 0) {
        snprintf(line, sizeof line, w->whox ? "WHO %s %%tcuhnfa," MEMBERS_WHOX_TOKEN : "WHO %s",
                 w->waiting[0]);
        w->nwaiting--;
        memmove(w->waiting[0], w->waiting[1], (size_t)w->nwaiting * sizeof w->waiting[0]);
        w->sent_at = -1;
        if (!(w->asked = outq_push_low(q, line)))
            log_msg(LOG_WARNING, "send queue refused \"%s\"; dropped",
                    outq_log_line(line, 40, shown, sizeof shown));
    }
}

void conn_who_joined(who_lists *w, outq *q, casemap cm, const char *channel)
{
    bool known = false;
    for (int i = 0; i < w->nwaiting && !known; i++)
        known = casemap_equal(cm, w->waiting[i], channel);
    if (!known && w->nwaiting < CONFIG_MAX_CHANNELS)
        copy_str(w->waiting[w->nwaiting++], sizeof w->waiting[0], channel);
    ask_next(w, q);
}

void conn_who_sent(who_lists *w, const char *line, double now)
{
    if (w->asked && w->sent_at < 0 && !strncmp(line, "WHO ", 4))
        w->sent_at = now;
}

void conn_who_heard(who_lists *w, outq *q, const irc_event *ev, double now)
{
    if (!w->asked)
        return;
    if (ev->kind == IRC_EV_NUMERIC && ev->code == 315)
        w->asked = false;
    else if (w->sent_at >= 0 && now - w->sent_at >= WHO_WAIT) {
        log_msg(LOG_INFO, "no end of WHO within %.0f s; asking the next channel", WHO_WAIT);
        w->asked = false;
    }
    ask_next(w, q);
}
