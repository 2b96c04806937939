/* outbox.h — what the tables module wants said: a growing list of (PRIVMSG|NOTICE|PART, priority,
 * target, text) that a stage of the loop (daemon.c) moves into the send queue. */
#ifndef DURAK_OUTBOX_H
#define DURAK_OUTBOX_H

#include <stddef.h>

typedef enum { OUT_PRIVMSG, OUT_NOTICE, OUT_PART } out_kind; /* PART: text is the reason */

/* Game lines go before replies in the send queue; replies to one target are bounded (the newest
 * only) and dropped after 30 s (outq.h). */
typedef enum {
    OUT_GAME,   /* a running game's lines: the table, hands, turn prompts, replies to its players */
    OUT_REPLY,  /* an answer to one user's request (a notice to them, or !stats in the channel) */
    OUT_STREAM, /* a spectator's copy of a game's line: as a reply, but the older ones are kept */
} out_prio;

typedef struct {
    out_kind kind;
    out_prio prio;
    char target[64];
    char *text;
} out_msg;

typedef struct {
    out_msg *items;
    size_t len, cap;
    /* The language (an msg_lang, bot/messages.h) of the lines to a target: set by the tables
     * module at each event, so that each sentence is written in its reader's language. NULL:
     * English. */
    int (*lang_of)(void *ctx, const char *target);
    void *lang_ctx;
} outbox;

void outbox_init(outbox *o);
void outbox_free(outbox *o);
void outbox_clear(outbox *o);
/* Appends a message (printf format); a NOTICE is a reply (OUT_REPLY), PRIVMSG and PART are game
 * lines (OUT_GAME). */
void outbox_add(outbox *o, out_kind kind, const char *target, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The same with the priority given. */
void outbox_add_prio(outbox *o, out_prio prio, out_kind kind, const char *target, const char *fmt,
                     ...) __attribute__((format(printf, 5, 6)));
const char *outbox_cmd(out_kind kind); /* "PRIVMSG" / "NOTICE" / "PART" */

#endif
