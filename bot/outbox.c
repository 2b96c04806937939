/* outbox.c — the list of messages the tables module produced in one event; a stage of the loop
 * (daemon.c) moves it into the send queue. */
#define _POSIX_C_SOURCE 200809L
#include "outbox.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "utf8.h"

void outbox_init(outbox *o) { memset(o, 0, sizeof *o); }

void outbox_clear(outbox *o)
{
    for (size_t i = 0; i < o->len; i++)
        free(o->items[i].text);
    o->len = 0;
}

void outbox_free(outbox *o)
{
    outbox_clear(o);
    free(o->items);
    outbox_init(o);
}

static void outbox_vadd(outbox *o, out_prio prio, out_kind kind, const char *target,
                        const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    char *text = NULL;
    int n = vsnprintf(NULL, 0, fmt, ap);
    if (n >= 0 && (text = malloc((size_t)n + 1)) != NULL) {
        vsnprintf(text, (size_t)n + 1, fmt, again);
        utf8_defuse(text); /* a nick's direction override would turn the rest of the line */
    }
    va_end(again);
    if (text && o->len == o->cap) {
        size_t cap = o->cap ? o->cap * 2 : 16;
        out_msg *items = realloc(o->items, cap * sizeof *items);
        if (items) {
            o->items = items;
            o->cap = cap;
        }
    }
    if (!text || o->len == o->cap) {
        if (n >= 0) /* the player misses it: the operator at least knows */
            log_msg(LOG_ERR, "out of memory: a line to %s is lost", target);
        free(text);
        return;
    }
    out_msg *m = &o->items[o->len++];
    m->kind = kind;
    m->prio = prio;
    snprintf(m->target, sizeof m->target, "%s", target);
    m->text = text;
}

void outbox_add(outbox *o, out_kind kind, const char *target, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    outbox_vadd(o, kind == OUT_NOTICE ? OUT_REPLY : OUT_GAME, kind, target, fmt, ap);
    va_end(ap);
}

void outbox_add_prio(outbox *o, out_prio prio, out_kind kind, const char *target, const char *fmt,
                     ...)
{
    va_list ap;
    va_start(ap, fmt);
    outbox_vadd(o, prio, kind, target, fmt, ap);
    va_end(ap);
}

const char *outbox_cmd(out_kind kind)
{
    return kind == OUT_NOTICE ? "NOTICE" : kind == OUT_PART ? "PART" : "PRIVMSG";
}
