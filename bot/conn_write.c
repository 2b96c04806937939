/* conn_write.c — the writer: the send queue into the relay's buffer and on to the socket, in one
 * turn of the loop as long as both take lines (see conn_write.h). */
#include "conn_write.h"

#include <string.h>

conn_write_result conn_write_lines(const conn_write_io *io, double now)
{
    for (bool refused_before = false;;) {
        int n = 0;
        size_t bytes = 0;
        bool refused = false; /* the buffer held too much for the next line */
        for (; n < CONN_WRITE_LINES; n++) {
            const char *line = io->peek(io->ctx, now);
            if (!line || bytes + strlen(line) + 2 > CONN_WRITE_BYTES)
                break;
            link_send_result r = io->send(io->ctx, line);
            if (r == LINK_SEND_CLOSED)
                return CONN_WRITE_BROKEN;
            if ((refused = r == LINK_SEND_FULL))
                break;
            bytes += strlen(line) + 2;
            io->sent(io->ctx, line, now);
        }
        if (io->flush(io->ctx))
            return CONN_WRITE_PENDING;
        /* Nothing went in: no line may go, unless bytes left by a socket that would block refused
         * it. The flush wrote those, so the line goes now: stopping here would leave it with the
         * buffer empty (no descriptor to wake the loop) and no timer. A line refused by an empty
         * buffer (never: lines are at most 512 bytes) does not spin. */
        if (n == 0 && (!refused || refused_before))
            return CONN_WRITE_IDLE;
        refused_before = n == 0;
    }
}
