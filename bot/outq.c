/* outq: the send queue, the only writer to the server: token bucket, lines split at 400 bytes on word
 * and UTF-8 boundaries, no CR/LF/NUL from text, round-robin between targets. No I/O, no clock. */
#include "outq.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mirc.h"

/* A token this close to whole counts as whole: n lines at `rate` per second take exactly n / rate s. */
#define OUTQ_EPSILON 1e-9

struct outq_line {
    struct outq_line *next;
    char text[];
};

struct outq_fifo {
    struct outq_line *head, *tail;
};

struct outq_target {
    struct outq_target *next;
    struct outq_fifo lines;
    char name[];
};

struct outq {
    int burst;
    double rate;
    double tokens;
    double last;  /* when tokens was last brought up to date */
    bool started; /* last is meaningful */
    struct outq_fifo raw;
    struct outq_target *targets; /* in order of arrival */
    struct outq_target *turn;    /* the target whose line goes next */
    size_t len;
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
    return q;
}

/* ---- lines and FIFOs ---- */

/* A line "a b :c" (b, c may be NULL: "a"), with CR and LF turned into spaces. */
static struct outq_line *outq_line_new(const char *a, const char *b, const char *c, size_t clen)
{
    size_t alen = strlen(a), blen = b ? strlen(b) : 0;
    size_t len = alen + (b ? 1 + blen : 0) + (c ? 2 + clen : 0);
    struct outq_line *l = malloc(sizeof *l + len + 1);
    if (!l)
        return NULL;
    l->next = NULL;
    char *p = l->text;
    memcpy(p, a, alen), p += alen;
    if (b)
        *p++ = ' ', memcpy(p, b, blen), p += blen;
    if (c)
        *p++ = ' ', *p++ = ':', memcpy(p, c, clen), p += clen;
    *p = '\0';
    for (p = l->text; (p = strpbrk(p, "\r\n")) != NULL;)
        *p = ' ';
    return l;
}

static void outq_fifo_add(struct outq_fifo *f, struct outq_line *l)
{
    if (f->tail)
        f->tail->next = l;
    else
        f->head = l;
    f->tail = l;
}

/* Appends all of src to dst; src becomes empty. */
static void outq_fifo_splice(struct outq_fifo *dst, struct outq_fifo *src)
{
    if (!src->head)
        return;
    if (dst->tail)
        dst->tail->next = src->head;
    else
        dst->head = src->head;
    dst->tail = src->tail;
    src->head = src->tail = NULL;
}

static void outq_fifo_pop(struct outq_fifo *f)
{
    struct outq_line *l = f->head;
    f->head = l->next;
    if (!f->head)
        f->tail = NULL;
    free(l);
}

static void outq_fifo_free(struct outq_fifo *f)
{
    while (f->head)
        outq_fifo_pop(f);
}

/* ---- targets in turn ---- */

static struct outq_target *outq_target_get(outq *q, const char *name)
{
    struct outq_target **p = &q->targets;
    for (; *p; p = &(*p)->next)
        if (strcmp((*p)->name, name) == 0)
            return *p;
    size_t n = strlen(name);
    struct outq_target *t = calloc(1, sizeof *t + n + 1);
    if (!t)
        return NULL;
    memcpy(t->name, name, n + 1);
    *p = t;
    if (!q->turn)
        q->turn = t;
    return t;
}

static void outq_target_remove(outq *q, struct outq_target *t)
{
    struct outq_target **p = &q->targets;
    while (*p != t)
        p = &(*p)->next;
    *p = t->next;
    free(t);
}

/* Sends the turn's head line: the turn passes to the next target; an emptied target goes away. */
static void outq_target_pop(outq *q)
{
    struct outq_target *t = q->turn;
    outq_fifo_pop(&t->lines);
    struct outq_target *next = t->next ? t->next : q->targets;
    if (!t->lines.head) {
        outq_target_remove(q, t);
        if (next == t)
            next = q->targets;
    }
    q->turn = next;
}

/* ---- splitting text ---- */

static bool outq_is_cont(char ch) { return ((unsigned char)ch & 0xC0) == 0x80; }

/* The largest cut <= OUTQ_MAX_TEXT in s (n > OUTQ_MAX_TEXT bytes) that splits no UTF-8 sequence and
 * no colour code; if the text is not UTF-8 at all, OUTQ_MAX_TEXT. */
static size_t outq_char_cut(const char *s, size_t n)
{
    size_t cut = OUTQ_MAX_TEXT;
    while (cut > 0 && outq_is_cont(s[cut]))
        cut--;
    if (cut == 0)
        cut = OUTQ_MAX_TEXT;
    for (size_t i = cut > 6 ? cut - 6 : 1; i < cut; i++)
        if (s[i] == MIRC_COLOUR[0] && i + mirc_colour_len(s + i, n - i) > cut)
            return i;
    return cut;
}

/* The length of the next piece of s (n > OUTQ_MAX_TEXT bytes left); *rest is where the next begins. */
static size_t outq_cut(const char *s, size_t n, size_t *rest)
{
    size_t sp = OUTQ_MAX_TEXT;
    while (sp > 0 && s[sp] != ' ')
        sp--;
    if (sp == 0) {
        *rest = outq_char_cut(s, n);
        return *rest;
    }
    *rest = sp;
    while (*rest < n && s[*rest] == ' ')
        (*rest)++;
    size_t end = sp;
    while (end > 0 && s[end - 1] == ' ')
        end--;
    return end > 0 ? end : sp;
}

/* ---- the queue ---- */

static bool outq_valid_word(const char *s, bool letters_only)
{
    if (!s || !*s)
        return false;
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        bool letter = (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z');
        if (letters_only ? !letter : (ch <= ' ' || ch == ',' || ch == 0x7f))
            return false;
    }
    return true;
}

/* Builds every line of text into out; false (out emptied) if more than room lines or out of memory. */
static bool outq_split(const char *cmd, const char *target, const char *text, size_t room,
                       struct outq_fifo *out)
{
    size_t n = strlen(text), count = 0;
    while (n > 0) {
        size_t rest = n;
        size_t len = n > OUTQ_MAX_TEXT ? outq_cut(text, n, &rest) : n;
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

static size_t outq_fifo_count(const struct outq_fifo *f)
{
    size_t n = 0;
    for (const struct outq_line *l = f->head; l; l = l->next)
        n++;
    return n;
}

bool outq_push(outq *q, const char *cmd, const char *target, const char *text)
{
    struct outq_fifo lines = { NULL, NULL };
    if (!outq_valid_word(cmd, true) || !outq_valid_word(target, false) || !text)
        return false;
    if (!*text)
        return true;
    size_t n = strlen(text);
    char *clean = malloc(n + 1);
    if (!clean)
        return false;
    memcpy(clean, text, n + 1);
    for (char *p = clean; (p = strpbrk(p, "\r\n")) != NULL;)
        *p = ' ';
    bool ok = outq_split(cmd, target, clean, OUTQ_MAX_LINES - q->len, &lines);
    free(clean);
    struct outq_target *t = ok ? outq_target_get(q, target) : NULL;
    if (!t) {
        outq_fifo_free(&lines);
        return false;
    }
    q->len += outq_fifo_count(&lines);
    outq_fifo_splice(&t->lines, &lines);
    return true;
}

bool outq_push_raw(outq *q, const char *line)
{
    size_t n = line ? strlen(line) : 0;
    if (n == 0 || n > OUTQ_MAX_RAW || q->len >= OUTQ_MAX_LINES)
        return false;
    struct outq_line *l = outq_line_new(line, NULL, NULL, 0);
    if (!l)
        return false;
    outq_fifo_add(&q->raw, l);
    q->len++;
    return true;
}

static const char *outq_head(const outq *q)
{
    if (q->raw.head)
        return q->raw.head->text;
    return q->turn ? q->turn->lines.head->text : NULL;
}

const char *outq_peek(outq *q, double now)
{
    outq_refill(q, now);
    if (q->len == 0 || q->tokens < 1 - OUTQ_EPSILON)
        return NULL;
    return outq_head(q);
}

void outq_commit(outq *q, double now)
{
    outq_refill(q, now);
    if (q->len == 0)
        return;
    if (q->raw.head)
        outq_fifo_pop(&q->raw);
    else
        outq_target_pop(q);
    q->len--;
    q->tokens -= 1;
}

double outq_wait(const outq *q, double now)
{
    if (q->len == 0)
        return -1;
    double t = outq_tokens_at(q, now);
    return t >= 1 - OUTQ_EPSILON ? 0 : (1 - t) / q->rate;
}

size_t outq_len(const outq *q) { return q->len; }

void outq_clear(outq *q)
{
    outq_fifo_free(&q->raw);
    while (q->targets) {
        struct outq_target *t = q->targets;
        q->targets = t->next;
        outq_fifo_free(&t->lines);
        free(t);
    }
    q->turn = NULL;
    q->len = 0;
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
