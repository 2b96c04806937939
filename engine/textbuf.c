/* textbuf.c — appending formatted text to a fixed buffer (see textbuf.h), for the serialization and
 * durak-arena's agent protocol: what does not fit sets overflow and is not appended. */
#include "textbuf.h"

#include <stdarg.h>
#include <stdio.h>

void textbuf_put(textbuf *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = w->len < w->cap ? w->cap - w->len : 0;
    int n = vsnprintf(w->buf + w->len, room, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= room)
        w->overflow = true;
    else
        w->len += (size_t)n;
}
