/* outq.h — the send queue, the only writer to the server: raw lines, game lines, low lines (WHO),
 * then replies to single users, paced by one token bucket. No I/O, no clock. */

/* It serves, in order: (1) raw lines of the connection (registration, JOIN, PING, MODE), which
 * game lines and replies never crowd out; (2) game lines (PRIVMSG/NOTICE/PART that the game needs:
 * its channel, hands, turn prompts, move replies), in turn between targets so that one busy channel
 * cannot starve another; (2a) the connection's low lines (WHO), once no game line waits; (3)
 * replies to single users, in turn between targets, bounded per target (the newest reply only) and
 * dropped unsent once older than OUTQ_REPLY_TTL — but once a reply has waited OUTQ_REPLY_STARVE
 * while game lines kept the bucket busy, every OUTQ_REPLY_SHARE-th line is a reply, so that a busy
 * bot still answers !help before the TTL; (4) streams to single users (spectators' copies), the
 * same but keeping the older lines in order. One token bucket paces them all. Lines are split at
 * 400 bytes on word and UTF-8 boundaries; no CR/LF/NUL from text. */
#ifndef DURAK_OUTQ_H
#define DURAK_OUTQ_H

#include <stdbool.h>
#include <stddef.h>

#include "outq_log.h"

#define OUTQ_MAX_TEXT 400       /* bytes of text in one PRIVMSG/NOTICE line */
#define OUTQ_MAX_LINES 4096     /* game lines queued in all; raw lines have a bound of their own */
#define OUTQ_MAX_RAW 510        /* bytes of one raw line (512 with CR LF) */
#define OUTQ_MAX_RAW_LINES 4096 /* raw lines queued: only a server gone wrong comes near it */
#define OUTQ_REPLY_LINES 8      /* lines of replies one target may have waiting */
#define OUTQ_MAX_REPLIES 1024   /* lines of replies queued in all */
#define OUTQ_MIN_LINE 256       /* the shortest line length a server's LINELEN may set */
#define OUTQ_REPLY_TTL 30.0     /* seconds a reply stays useful; older ones are dropped unsent */
#define OUTQ_REPLY_STARVE 5.0   /* seconds a reply waits behind game lines before it gets ... */
#define OUTQ_REPLY_SHARE 4      /* ... one line in this many, while any reply has waited as long */

typedef struct outq outq;

/* Token bucket: `burst` lines at once, then `rate` lines per second. burst < 1 counts as 1,
 * a rate below 0.01 (or NaN) as 0.01. Returns NULL if out of memory. */
outq *outq_new(int burst, double rate);
void outq_free(outq *q);
/* New limits; tokens in hand above the new burst are dropped. */
void outq_set_rate(outq *q, int burst, double rate);
/* The server's line length (ISUPPORT LINELEN, with CR LF; 0: the standard 512): raw lines may be
 * linelen - 2 bytes and texts are cut to leave the room a relayed line's prefix, command and
 * target take at 512 (512 - OUTQ_MAX_TEXT). Never above the standard; at least OUTQ_MIN_LINE.
 * Applies to lines pushed from then on. */
void outq_set_line_len(outq *q, size_t linelen);
/* A penalty server (ISUPPORT PENALTY, bot/outq_penalty.h): besides the bucket, a line waits while
 * the server's clock would be too far ahead to read it; off: the bucket alone (a new connection). */
void outq_set_penalty(outq *q, bool on, double now);
/* Who the server says the bot is, from its own JOIN (nick!user@host; user and host NULL: the nick
 * alone changed): others receive a line as ":nick!user@host CMD target :text", so from then on a
 * text is cut to fit that whole line in the line length; before, it may be OUTQ_MAX_TEXT bytes.
 * A long host and a long channel name made a 400-byte text lose its end on the way. */
void outq_set_source(outq *q, const char *nick, const char *user, const char *host);
/* The longest raw line outq_push_raw takes now: OUTQ_MAX_RAW, less after outq_set_line_len. */
size_t outq_raw_max(const outq *q);

/* Queues a game line: cmd (PRIVMSG, NOTICE, PART) to target with text. CR and LF become spaces;
 * text ends at its NUL. Text longer than OUTQ_MAX_TEXT bytes (less after outq_set_line_len) goes
 * in several lines, split on a space where there is one (else on a UTF-8 character boundary),
 * never inside a UTF-8 sequence or an mIRC colour code \x03NN,NN. Empty text queues nothing and
 * returns true. Returns false and queues nothing if the game lines would be more than
 * OUTQ_MAX_LINES, if cmd is not all letters, if target is empty or holds a space, a comma or a
 * control character, or if out of memory. */
bool outq_push(outq *q, const char *cmd, const char *target, const char *text);
/* Queues a reply to one user (or a public answer to one user's request) at `now`: split and
 * checked as by outq_push. It goes after every game line. Replies to the target (a user: not a
 * channel, where each answers someone else) queued at an earlier `now` and not yet sent are
 * dropped (the newest reply only; lines pushed at the same `now` are one reply), and of the
 * target's lines at most the last OUTQ_REPLY_LINES are kept.
 * Returns false and queues nothing if it is invalid, longer than OUTQ_REPLY_LINES lines, or the
 * replies would be more than OUTQ_MAX_REPLIES lines. */
bool outq_push_reply(outq *q, const char *cmd, const char *target, const char *text, double now);
/* The same for a line of a stream to one user (a spectator's copies of a game's lines): the older
 * lines to the target are kept, in order, but for the last OUTQ_REPLY_LINES and the TTL. */
bool outq_push_stream(outq *q, const char *cmd, const char *target, const char *text, double now);
/* Queues a whole line ("MODE nick +B", "PING :x") ahead of every PRIVMSG/NOTICE; CR and LF become
 * spaces; counted by the bucket like any line. Game lines and replies never take its room: it is
 * refused (false) only if empty, longer than OUTQ_MAX_RAW bytes, if OUTQ_MAX_RAW_LINES raw lines
 * wait already, or if out of memory. */
bool outq_push_raw(outq *q, const char *line);
/* The same for a low line: it goes only while no game line waits, then before replies and
 * streams. A WHO: a server may charge seconds for it and read the bot's next line only after
 * them (ngIRCd: one), so a game line behind a burst of them waited that long. */
bool outq_push_low(outq *q, const char *line);
/* Drops the raw and low lines not sent yet: they belong to a connection that is gone. */
void outq_drop_raw(outq *q);
/* Whether a raw line waits (outq_peek then returns raw lines first): the writer holding the games'
 * lines sends only while this is true (low lines wait with the games' lines). */
bool outq_has_raw(const outq *q);

/* The next line allowed at `now` (seconds, any monotonic origin), without CR LF, or NULL if the
 * queue is empty or the bucket has no token yet. Raw lines first, then game lines, one line per
 * target in turn (each target's lines in order), then low lines, then replies, then streams, the
 * same way; replies and streams' lines older than OUTQ_REPLY_TTL are dropped first. The pointer is valid until
 * outq_commit, outq_clear or outq_free. Peeking sends nothing and may be repeated. */
const char *outq_peek(outq *q, double now);
/* The line outq_peek returned was sent: removes it and spends a token. */
void outq_commit(outq *q, double now);
/* Seconds until outq_peek may return a line: 0 if now, -1 if the queue is empty (after dropping
 * the stale replies). The writer waits for a batch (outq_wait_batch); the tests read this. */
double outq_wait(outq *q, double now);
/* Like outq_wait, but for a batch: 0 once min(queued, burst, rate * max_delay) lines (at least
 * one) may go, or any raw line; -1 if the queue is empty. A writer that waits for it sends a
 * saturated bucket's lines a few at a time, every max_delay seconds or sooner, not one per token:
 * a line waits at most max_delay longer, and the pace (burst + rate * t) is the same. A line held
 * by a penalty server's clock counts as for outq_wait. */
double outq_wait_batch(outq *q, double now, double max_delay);
/* Seconds until a game line to target queued now, after `more` others to it, would go: the raw
 * lines, target's own, as many of each other target's as go before it in turn, and the replies
 * that take their share once one has waited OUTQ_REPLY_STARVE, at the bucket's pace (a penalty
 * server's clock aside); 0 when they fit in the tokens at hand. */
double outq_backlog(outq *q, double now, const char *target, size_t more);
/* The writer's max_delay: the longest a line waits for others to go with it. */
#define OUTQ_BATCH_SECONDS 0.1
/* Lines queued. */
size_t outq_len(const outq *q);
/* A mark of the lines pushed so far (game lines, replies, streams; not raw or low lines). */
size_t outq_mark(const outq *q);
/* Whether every line pushed up to `mark` has left the queue: written (outq_commit), or dropped. */
bool outq_sent_through(const outq *q, size_t mark);
/* Drops every line and refills the bucket (a new connection starts with a full burst). */
void outq_clear(outq *q);

#endif
