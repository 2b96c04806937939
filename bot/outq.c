/* outq.c — the send queue, the only writer to the server: raw lines, game lines, low lines (WHO),
 * replies to single users; one token bucket; lines split at 400 bytes; round-robin by target. */

/* Replies are bounded and dropped when stale; lines are split on word and UTF-8 boundaries (at a
 * separator near the end), and no CR/LF/NUL comes from text. */
#include "outq.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "outq_cut.h"
#include "outq_fifo.h"
#include "outq_penalty.h"

/* A token this close to whole counts as whole: n lines at `rate` per second take exactly n / rate s. */
#define OUTQ_EPSILON 1e-9

struct outq_target {
    struct outq_target *next;
    struct outq_fifo lines;
    size_t n;      /* lines in it */
    uint32_t hash; /* of name: most targets a push walks past differ in it, so no strcmp */
    char name[];
};

/* The targets of one class, served one line each in turn: the first target's line goes next; a
 * target with lines left then goes last, and so does a newcomer. (A turn that walked the list
 * while newcomers were added at its end never came back to the targets before it as long as
 * newcomers kept coming: a busy bot starved whole games.) */
struct outq_ring {
    struct outq_target *targets; /* in the order they are served */
    struct outq_target *tail;    /* the last of them */
    size_t len;                  /* lines in all */
};

struct outq {
    int burst;
    double rate;
    double tokens;
    double last;               /* when tokens was last brought up to date */
    bool started;              /* last is meaningful */
    outq_penalty pen;          /* a penalty server's clock, when it has one */
    struct outq_fifo raw, low; /* low: only while no game line waits (outq_push_low) */
    size_t nraw, nlow;
    struct outq_ring game, reply, stream; /* stream: spectators' copies, after the replies */
    size_t text_max, raw_max;      /* OUTQ_MAX_TEXT and OUTQ_MAX_RAW, or less (outq_set_line_len) */
    size_t src_nick, src_userhost; /* of the bot's nick and its "!user@host"; 0: not known */
    bool starved;                  /* a reply has waited OUTQ_REPLY_STARVE (as of the last look) */
    size_t pushed;                 /* game lines, replies and streams pushed: outq_mark */
    unsigned games_in_a_row;       /* game lines sent since the last reply */
};

/* ---- the token bucket ---- */

static double outq_tokens_at(const outq *q, double now)
{
    if (!q->started)
        return q->burst;
    double t = q->tokens;
    if (now > q->last)
        t += (now - q->last) * q->rate;
    return t > q->burst ? q->burst : t;
}

static void outq_refill(outq *q, double now)
{
    q->tokens = outq_tokens_at(q, now);
    if (!q->started || now > q->last)
        q->last = now;
    q->started = true;
}

void outq_set_rate(outq *q, int burst, double rate)
{
    q->burst = burst < 1 ? 1 : burst;
    q->rate = rate >= 0.01 ? rate : 0.01;
    if (q->tokens > q->burst)
        q->tokens = q->burst;
}

outq *outq_new(int burst, double rate)
{
    outq *q = calloc(1, sizeof *q);
    if (!q)
        return NULL;
    outq_set_rate(q, burst, rate);
    q->tokens = q->burst;
    outq_set_line_len(q, 0);
    return q;
}

void outq_set_line_len(outq *q, size_t linelen)
{
    size_t room = OUTQ_MAX_RAW + 2 - OUTQ_MAX_TEXT; /* what a relayed line adds to the text */
    if (linelen == 0 || linelen > OUTQ_MAX_RAW + 2)
        linelen = OUTQ_MAX_RAW + 2;
    if (linelen < OUTQ_MIN_LINE)
        linelen = OUTQ_MIN_LINE;
    q->raw_max = linelen - 2;
    q->text_max = linelen - room;
}

size_t outq_raw_max(const outq *q) { return q->raw_max; }

void outq_set_source(outq *q, const char *nick, const char *user, const char *host)
{
    q->src_nick = strlen(nick);
    if (user && host)
        q->src_userhost = 2 + strlen(user) + strlen(host);
}

void outq_set_penalty(outq *q, bool on, double now)
{
    if (on && !q->pen.on) /* CAP LS, NICK and USER were charged a second each */
        q->pen = (outq_penalty){ true, 3.0, now };
    q->pen.on = on;
}

/* ---- targets in turn ---- */

/* FNV-1a: a busy queue holds a target per channel and player, and every push looks its own up. */
static uint32_t outq_name_hash(const char *name)
{
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        h = (h ^ *p) * 16777619u;
    return h;
}

static struct outq_target *outq_target_find(struct outq_ring *r, const char *name)
{
    uint32_t h = outq_name_hash(name);
    for (struct outq_target *t = r->targets; t; t = t->next)
        if (t->hash == h && strcmp(t->name, name) == 0)
            return t;
    return NULL;
}

static struct outq_target *outq_target_get(struct outq_ring *r, const char *name)
{
    struct outq_target *t = outq_target_find(r, name);
    if (t)
        return t;
    size_t n = strlen(name);
    if (!(t = calloc(1, sizeof *t + n + 1)))
        return NULL;
    memcpy(t->name, name, n + 1);
    t->hash = outq_name_hash(name);
    if (r->tail)
        r->tail->next = t;
    else
        r->targets = t;
    r->tail = t;
    return t;
}

/* Unlinks and frees t, emptied. */
static void outq_target_remove(struct outq_ring *r, struct outq_target *t)
{
    struct outq_target **p = &r->targets, *prev = NULL;
    while (*p != t)
        prev = *p, p = &(*p)->next;
    *p = t->next;
    if (r->tail == t)
        r->tail = prev;
    free(t);
}

/* Drops t's first line unsent; an emptied target goes away. */
static void outq_target_drop(struct outq_ring *r, struct outq_target *t)
{
    outq_fifo_pop(&t->lines);
    t->n--;
    r->len--;
    if (!t->lines.head)
        outq_target_remove(r, t);
}

/* Drops t's first line not begun: a newer reply replaces older ones, but an answer begun goes on
 * to its end (outq_ring_send). t holds one (push_reply counts them). */
static void outq_target_drop_unbegun(struct outq_ring *r, struct outq_target *t)
{
    struct outq_line *prev = NULL, *l = t->lines.head;
    for (; l->begun; l = l->next)
        prev = l;
    if (!prev) {
        outq_target_drop(r, t);
        return;
    }
    prev->next = l->next;
    t->lines.tail = t->lines.tail == l ? prev : t->lines.tail;
    free(l);
    t->n--;
    r->len--;
}

/* Sends the first target's head line: an emptied target goes away, else it goes last. The rest
 * of its answer (the lines queued with it) is begun: it goes on to its end, where a reply of three
 * lines on a slow server lost its last two. */
static void outq_ring_send(struct outq_ring *r)
{
    struct outq_target *t = r->targets;
    for (struct outq_line *l = t->lines.head->next; l && l->at == t->lines.head->at; l = l->next)
        l->begun = true;
    bool last = !t->lines.head->next;
    outq_target_drop(r, t); /* the last line: t is removed */
    if (last || !t->next)
        return;
    r->targets = t->next;
    t->next = NULL;
    r->tail->next = t;
    r->tail = t;
}

static void outq_ring_clear(struct outq_ring *r)
{
    while (r->targets) {
        struct outq_target *t = r->targets;
        r->targets = t->next;
        outq_fifo_free(&t->lines);
        free(t);
    }
    r->tail = NULL;
    r->len = 0;
}

/* ---- the queue ---- */

/* Builds every line of text into out; false (out emptied) if more than room lines or out of memory. */
static bool outq_split(const char *cmd, const char *target, const char *text, size_t room,
                       size_t max, struct outq_fifo *out)
{
    size_t n = strlen(text), count = 0;
    while (n > 0) {
        size_t rest = n;
        size_t len = n > max ? outq_cut(text, n, max, &rest) : n;
        struct outq_line *l = ++count <= room ? outq_line_new(cmd, target, text, len) : NULL;
        if (!l) {
            outq_fifo_free(out);
            return false;
        }
        outq_fifo_add(out, l);
        text += rest, n -= rest;
    }
    return true;
}

/* The lines of text to target as a FIFO stamped `at`, at most room of them; false if invalid,
 * too many or out of memory. */
static bool outq_lines(outq *q, const char *cmd, const char *target, const char *text, size_t room,
                       double at, struct outq_fifo *lines)
{
    lines->head = lines->tail = NULL;
    if (!outq_word_valid(cmd, true) || !outq_word_valid(target, false) || !text)
        return false;
    size_t n = strlen(text);
    char *clean = malloc(n + 1);
    if (!clean)
        return false;
    memcpy(clean, text, n + 1);
    for (char *p = clean; (p = strpbrk(p, "\r\n")) != NULL;)
        *p = ' ';
    size_t src = q->src_userhost ? 2 + q->src_nick + q->src_userhost : 0; /* ":nick!u@h " */
    size_t max = outq_text_room(q->text_max, q->raw_max, src, cmd, target);
    bool ok = outq_split(cmd, target, clean, room, max, lines);
    free(clean);
    q->pushed++;
    for (struct outq_line *l = lines->head; l; l = l->next) {
        l->at = at;
        l->seq = q->pushed;
    }
    return ok;
}

/* Appends lines (not empty) to name's FIFO in ring r; false (lines freed) if out of memory. */
static bool outq_ring_add(struct outq_ring *r, const char *name, struct outq_fifo *lines)
{
    struct outq_target *t = outq_target_get(r, name);
    if (!t) {
        outq_fifo_free(lines);
        return false;
    }
    size_t n = outq_fifo_count(lines);
    t->n += n;
    r->len += n;
    outq_fifo_splice(&t->lines, lines);
    return true;
}

bool outq_push(outq *q, const char *cmd, const char *target, const char *text)
{
    struct outq_fifo lines;
    if (text && !*text && outq_word_valid(cmd, true) && outq_word_valid(target, false))
        return true;
    if (!outq_lines(q, cmd, target, text, OUTQ_MAX_LINES - q->game.len, 0, &lines))
        return false;
    return outq_ring_add(&q->game, target, &lines);
}

/* A reply, or with `keep` a line of a stream (a ring of its own, so that a reply to the same
 * person never drops it): the older lines of target stay, only the bound drops from them. A
 * reply to a channel keeps its older ones too: they answer other people (each held to the
 * command limit), and the newest-only rule dropped one person's !stats for another's !top. */
static bool push_reply(outq *q, const char *cmd, const char *target, const char *text, double now,
                       bool stream)
{
    struct outq_ring *ring = stream ? &q->stream : &q->reply;
    bool keep = stream || strchr("#&+!", target ? target[0] : '\0') != NULL;
    struct outq_fifo lines;
    if (text && !*text && outq_word_valid(cmd, true) && outq_word_valid(target, false))
        return true;
    if (!outq_lines(q, cmd, target, text, OUTQ_REPLY_LINES, now, &lines))
        return false;
    size_t n = outq_fifo_count(&lines);
    struct outq_target *t = outq_target_find(ring, target);
    size_t older = 0, unbegun = 0; /* what the bound will drop of t, and may */
    if (t) {
        for (const struct outq_line *l = t->lines.head; l; l = l->next) {
            unbegun += !l->begun;
            older += !keep && !l->begun && l->at < now;
        }
        size_t same = t->n - older;
        older += same + n > OUTQ_REPLY_LINES ? same + n - OUTQ_REPLY_LINES : 0;
        older = older > unbegun ? unbegun : older; /* past the bound while an answer ends */
    }
    if (q->reply.len + q->stream.len - older + n > OUTQ_MAX_REPLIES) {
        outq_fifo_free(&lines);
        return false;
    }
    for (; older > 0; older--) /* from the head; emptied, t goes and comes back last in turn */
        outq_target_drop_unbegun(ring, t);
    return outq_ring_add(ring, target, &lines);
}

bool outq_push_reply(outq *q, const char *cmd, const char *target, const char *text, double now)
{
    return push_reply(q, cmd, target, text, now, false);
}

bool outq_push_stream(outq *q, const char *cmd, const char *target, const char *text, double now)
{
    return push_reply(q, cmd, target, text, now, true);
}

/* A whole line into fifo (raw or low), counted in *n; the two share OUTQ_MAX_RAW_LINES. */
static bool push_whole(outq *q, struct outq_fifo *fifo, size_t *n, const char *line)
{
    size_t len = line ? strlen(line) : 0;
    if (len == 0 || len > q->raw_max || q->nraw + q->nlow >= OUTQ_MAX_RAW_LINES)
        return false;
    struct outq_line *l = outq_line_new(line, NULL, NULL, 0);
    if (!l)
        return false;
    outq_fifo_add(fifo, l);
    ++*n;
    return true;
}

bool outq_push_raw(outq *q, const char *line) { return push_whole(q, &q->raw, &q->nraw, line); }
bool outq_push_low(outq *q, const char *line) { return push_whole(q, &q->low, &q->nlow, line); }

void outq_drop_raw(outq *q)
{
    outq_fifo_free(&q->raw);
    outq_fifo_free(&q->low);
    q->nraw = q->nlow = 0;
}

bool outq_has_raw(const outq *q) { return q->raw.head != NULL; }

/* Replies and streams' lines queued more than OUTQ_REPLY_TTL before now go unsent, but for the
 * rest of an answer begun. */
static void outq_expire_ring(struct outq_ring *ring, double now)
{
    struct outq_target *t = ring->targets;
    while (t) {
        struct outq_target *next = t->next;
        while (t->lines.head && !t->lines.head->begun && now - t->lines.head->at > OUTQ_REPLY_TTL) {
            bool last = !t->lines.head->next;
            outq_target_drop(ring, t);
            if (last)
                break; /* t is gone */
        }
        t = next;
    }
}

static void outq_expire(outq *q, double now)
{
    outq_expire_ring(&q->reply, now);
    outq_expire_ring(&q->stream, now);
}

size_t outq_len(const outq *q)
{
    return q->nraw + q->nlow + q->game.len + q->reply.len + q->stream.len;
}

/* When the longest-waiting reply was queued (its target's oldest line, the first to go); HUGE_VAL
 * for none. */
static double outq_reply_oldest(const outq *q)
{
    double at = HUGE_VAL;
    for (const struct outq_target *t = q->reply.targets; t; t = t->next)
        at = t->lines.head->at < at ? t->lines.head->at : at;
    return at;
}

/* Has a reply waited OUTQ_REPLY_STARVE at now (its target's oldest line, the first to go)? */
static bool outq_reply_starved(const outq *q, double now)
{
    return now - outq_reply_oldest(q) >= OUTQ_REPLY_STARVE;
}

/* The ring whose line goes next: game lines, then replies, then streams; but while a reply
 * starves, every OUTQ_REPLY_SHARE-th line is a reply. */
static struct outq_ring *outq_next_ring(outq *q)
{
    bool reply_turn = q->starved && q->games_in_a_row + 1 >= OUTQ_REPLY_SHARE;
    return q->game.targets && !reply_turn ? &q->game
           : q->reply.targets             ? &q->reply
           : q->game.targets              ? &q->game
                                          : &q->stream;
}

/* The low lines' turn: one waits and no game line does. */
static bool outq_low_turn(const outq *q) { return q->low.head && !q->game.targets; }

/* The line to go next, tokens or not (the queue is not empty). */
static const char *outq_peek_any(outq *q)
{
    if (q->raw.head || outq_low_turn(q))
        return (q->raw.head ? q->raw.head : q->low.head)->text;
    return outq_next_ring(q)->targets->lines.head->text;
}

const char *outq_peek(outq *q, double now)
{
    outq_refill(q, now);
    outq_expire(q, now);
    q->starved = outq_reply_starved(q, now);
    if (outq_len(q) == 0 || q->tokens < 1 - OUTQ_EPSILON || outq_penalty_wait(&q->pen, now) > 0)
        return NULL;
    return outq_peek_any(q);
}

void outq_commit(outq *q, double now)
{
    outq_refill(q, now);
    if (outq_len(q) == 0)
        return;
    outq_penalty_spend(&q->pen, outq_peek_any(q), now);
    if (q->raw.head) {
        outq_fifo_pop(&q->raw);
        q->nraw--;
    } else if (outq_low_turn(q)) {
        outq_fifo_pop(&q->low);
        q->nlow--;
    } else {
        struct outq_ring *r = outq_next_ring(q);
        q->games_in_a_row = r == &q->game    ? q->games_in_a_row + 1
                            : r == &q->reply ? 0
                                             : q->games_in_a_row;
        outq_ring_send(r);
    }
    q->tokens -= 1;
}

double outq_wait(outq *q, double now)
{
    outq_expire(q, now);
    if (outq_len(q) == 0)
        return -1;
    double t = outq_tokens_at(q, now), pen = outq_penalty_wait(&q->pen, now);
    double lines = t >= 1 - OUTQ_EPSILON ? 0 : (1 - t) / q->rate;
    return lines > pen ? lines : pen;
}

double outq_wait_batch(outq *q, double now, double max_delay)
{
    outq_expire(q, now);
    size_t len = outq_len(q);
    if (len == 0)
        return -1;
    double want = q->rate * max_delay;
    if (want > (double)len)
        want = (double)len;
    if (want > q->burst)
        want = q->burst;
    if (want < 1 || q->raw.head) /* raw lines (PONG, JOIN, the lag probe) never wait for company */
        want = 1;
    double t = outq_tokens_at(q, now), pen = outq_penalty_wait(&q->pen, now);
    double lines = t >= want - OUTQ_EPSILON ? 0 : (want - t) / q->rate;
    return lines > pen ? lines : pen; /* the writer's timer: a line held by the clock too */
}

double outq_backlog(outq *q, double now, const char *target, size_t more)
{
    struct outq_target *mine = outq_target_find(&q->game, target);
    size_t n = (mine ? mine->n : 0) + more + 1, ahead = q->nraw + (mine ? 0 : n);
    for (const struct outq_target *t = q->game.targets; t; t = t->next) /* one line each a turn */
        ahead += t == mine ? n : t->n < n ? t->n : n;
    double wait = (double)ahead - 1 - outq_tokens_at(q, now); /* the new line's own token aside */
    /* Once a reply has waited OUTQ_REPLY_STARVE, one line in OUTQ_REPLY_SHARE is a reply: those
     * of the game lines still ahead then let a reply go first, each queued reply at most once. */
    double starves_in = outq_reply_oldest(q) + OUTQ_REPLY_STARVE - now;
    double sent_by_then = outq_tokens_at(q, now) + (starves_in > 0 ? starves_in : 0) * q->rate;
    if (wait > 0 && (double)ahead - 1 > sent_by_then) {
        double shared = 1 + ((double)ahead - 1 - sent_by_then) / (OUTQ_REPLY_SHARE - 1);
        wait += shared < (double)q->reply.len ? (double)(size_t)shared : (double)q->reply.len;
    }
    return wait > 0 ? wait / q->rate : 0;
}

size_t outq_mark(const outq *q) { return q->pushed; }

bool outq_sent_through(const outq *q, size_t mark)
{
    const struct outq_ring *rings[] = { &q->game, &q->reply, &q->stream };
    for (size_t i = 0; i < sizeof rings / sizeof *rings; i++)
        for (const struct outq_target *t = rings[i]->targets; t; t = t->next)
            if (t->lines.head->seq <= mark) /* a target's lines go in the order pushed */
                return false;
    return true;
}

void outq_clear(outq *q)
{
    outq_drop_raw(q);
    outq_ring_clear(&q->game);
    outq_ring_clear(&q->reply);
    outq_ring_clear(&q->stream);
    q->tokens = q->burst;
    q->started = false;
}

void outq_free(outq *q)
{
    if (!q)
        return;
    outq_clear(q);
    free(q);
}
