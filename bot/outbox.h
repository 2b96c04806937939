/* outbox.h — what the tables module wants said: a growing list of
 * (PRIVMSG|NOTICE|PART, target, text) that the main loop moves into the send queue. */
#ifndef DURAK_OUTBOX_H
#define DURAK_OUTBOX_H

#include <stddef.h>

typedef enum { OUT_PRIVMSG, OUT_NOTICE, OUT_PART } out_kind; /* PART: text is the reason */

typedef struct {
    out_kind kind;
    char target[64];
    char *text;
} out_msg;

typedef struct {
    out_msg *items;
    size_t len, cap;
} outbox;

void outbox_init(outbox *o);
void outbox_free(outbox *o);
void outbox_clear(outbox *o);
/* Appends a message (printf format). */
void outbox_add(outbox *o, out_kind kind, const char *target, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
const char *outbox_cmd(out_kind kind); /* "PRIVMSG" / "NOTICE" / "PART" */

#endif
