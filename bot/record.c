/* record.c — a game's record: moves appended as they are played, the moves as text and back,
 * the replay through the engine, the durak-cli commands, and the deal's SHA-256 fingerprint. */
#include "record.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "sha256.h"

/* indexed by durak_act_kind, then RECORD_RESIGN and RECORD_REPLACED */
static const char record_kinds[] = "pbtsxra";

void record_start(game_record *r, const durak_options *opt, uint64_t seed,
                  const uint8_t salt_bytes[RECORD_SALT_BYTES])
{
    memset(r, 0, offsetof(game_record, move));
    r->known = true;
    r->opt = *opt;
    r->seed = seed;
    for (int i = 0; i < RECORD_SALT_BYTES; i++)
        snprintf(r->salt + 2 * i, 3, "%02x", salt_bytes[i]);
}

void record_add(game_record *r, uint8_t kind, uint8_t card, uint8_t target, int seat, double secs)
{
    if (!r->known)
        return;
    if (r->nmoves == RECORD_MOVES_MAX) {
        r->truncated = true;
        return;
    }
    uint32_t ms = secs > 0 ? (secs * 1000.0 < 4e9 ? (uint32_t)(secs * 1000.0) : 4000000000u) : 0;
    if (r->nmoves && ms < r->move[r->nmoves - 1].ms)
        ms = r->move[r->nmoves - 1].ms;
    r->move[r->nmoves++] = (record_move){ kind, card, target, (uint8_t)seat, ms };
}

void record_commit_string(const game_record *r, char out[RECORD_COMMIT_MAX])
{
    snprintf(out, RECORD_COMMIT_MAX, "durak-deal-v1:%" PRIu64 ":%s", r->seed, r->salt);
}

bool record_fingerprint(const game_record *r, char out[RECORD_DIGEST_HEX])
{
    char text[RECORD_COMMIT_MAX];
    uint8_t md[SHA256_SIZE];
    record_commit_string(r, text);
    sha256(text, strlen(text), md);
    for (int i = 0; i < SHA256_SIZE; i++)
        snprintf(out + 2 * i, 3, "%02x", md[i]);
    return true;
}

/* Writes v in decimal at p; returns the end. */
static char *put_decimal(char *p, uint32_t v)
{
    char digits[10];
    int n = 0;
    do
        digits[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    while (n > 0)
        *p++ = digits[--n];
    return p;
}

static char *put_hex2(char *p, uint8_t v)
{
    static const char hex[] = "0123456789abcdef";
    *p++ = hex[v >> 4];
    *p++ = hex[v & 15];
    return p;
}

/* By hand, not snprintf: a running table's snapshot writes every move of its game on each change,
 * and snprintf made that a twentieth of the bot's CPU under load (perf, bench_load). */
bool record_format_moves(const game_record *r, char *buf, size_t cap)
{
    if (cap < 2)
        return false;
    snprintf(buf, cap, "-");
    size_t len = 0;
    for (int i = 0; i < r->nmoves; i++) {
        const record_move *m = &r->move[i];
        char token[1 + 1 + 2 + 2 + 3 + 10], *p = token; /* ",", kind, card, target, seat, ms */
        if (i)
            *p++ = ',';
        *p++ = record_kinds[m->kind];
        p = put_hex2(p, m->card);
        p = put_hex2(p, m->target);
        p = put_decimal(p, m->seat);
        p = put_decimal(p, m->ms);
        size_t n = (size_t)(p - token);
        if (n >= cap - len)
            return false;
        memcpy(buf + len, token, n);
        len += n;
        buf[len] = '\0';
    }
    return true;
}

static int hex2(const char *s)
{
    int v = 0;
    for (int i = 0; i < 2; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0)
            return -1;
        v = 16 * v + d;
    }
    return v;
}

static bool card_ok(int c) { return c == CARD_NONE || (c >= 0 && c < 64 && (c & 15) < RANK_COUNT); }

/* One token "<k><cc><tt><s><ms>" into *m; false if malformed. */
static bool parse_move(const char *tok, size_t n, record_move *m)
{
    const char *k = n ? strchr(record_kinds, tok[0]) : NULL;
    if (n < 7 || n > 16 || !k || !tok[0])
        return false;
    int kind = (int)(k - record_kinds), card = hex2(tok + 1), target = hex2(tok + 3);
    int seat = tok[5] - '0';
    bool late = target == RECORD_TIMED_OUT && record_may_time_out((uint8_t)kind);
    if (!card_ok(card) || !(card_ok(target) || late) || seat < 0 || seat >= DURAK_MAX_PLAYERS)
        return false;
    unsigned long long ms = 0;
    for (size_t i = 6; i < n; i++) {
        if (tok[i] < '0' || tok[i] > '9')
            return false;
        ms = 10 * ms + (unsigned long long)(tok[i] - '0');
    }
    if (ms > UINT32_MAX)
        return false;
    *m =
        (record_move){ (uint8_t)kind, (uint8_t)card, (uint8_t)target, (uint8_t)seat, (uint32_t)ms };
    return true;
}

/* The moves of text, into out (room for RECORD_MOVES_MAX) unless it is NULL: how many, or -1
 * for a malformed list. */
static int parse_moves(const char *text, record_move *out)
{
    record_move m, last = { 0 };
    int n = 0;
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, ",");
        if (n == RECORD_MOVES_MAX || !parse_move(p, len, &m) || (n && m.ms < last.ms))
            return -1;
        if (out)
            out[n] = m;
        last = m;
        n++;
        p += len;
        if (*p == ',' && *++p == '\0')
            return -1;
    }
    return n ? n : -1;
}

bool record_parse_moves(game_record *r, const char *text)
{
    if (!strcmp(text, "-")) {
        r->nmoves = 0;
        return true;
    }
    /* checked whole before r is touched, so that a malformed list leaves it as it was: in two
     * passes, with no buffer kept between calls (the site's worker thread parses too) */
    if (parse_moves(text, NULL) < 0)
        return false;
    r->nmoves = parse_moves(text, r->move);
    return true;
}

static bool replay_with(const game_record *r, int n, const durak_options *opt, durak_game *out)
{
    if (!r->known || n > r->nmoves || !durak_new(out, opt, r->seed))
        return false;
    for (int i = 0; i < n; i++) {
        const record_move *m = &r->move[i];
        if (m->kind == RECORD_REPLACED)
            continue;
        durak_error e = m->kind == RECORD_RESIGN
                            ? durak_resign(out, m->seat)
                            : (out->actor == m->seat ? durak_apply(out, record_action(m))
                                                     : DURAK_ERR_NOT_YOUR_TURN);
        if (e != DURAK_OK)
            return false;
    }
    return true;
}

bool record_replay_to(const game_record *r, int n, durak_game *out)
{
    if (replay_with(r, n, &r->opt, out))
        return true;
    durak_options older = r->opt; /* a neighbours game recorded before R10 was read anew */
    older.r10_old = 1;
    return r->opt.throwin == DURAK_THROWIN_NEIGHBOURS && !r->opt.r10_old
           && replay_with(r, n, &older, out);
}

bool record_replay(const game_record *r, durak_game *out)
{
    return record_replay_to(r, r->nmoves, out);
}

void record_cli_new(const game_record *r, char *buf, size_t cap)
{
    const durak_options *o = &r->opt;
    snprintf(buf, cap, "new players=%d variant=%s throwin=%s first5=%s deck=%d%s%s seed=%" PRIu64,
             o->players, o->variant == DURAK_VARIANT_TRANSFER ? "transfer" : "classic",
             o->throwin == DURAK_THROWIN_NEIGHBOURS ? "neighbours" : "all",
             o->first5 ? "on" : "off", o->deck, o->teams ? " teams=on" : "",
             o->r10_old ? " r10=old" : "", r->seed);
}

void record_cli_move(const record_move *m, char *buf, size_t cap)
{
    char c[3], x[3], name[32];
    switch (m->kind) {
    case DURAK_ACT_PLAY: snprintf(buf, cap, "play %s", card_format(m->card, c)); break;
    case DURAK_ACT_BEAT:
        snprintf(buf, cap, "beat %s %s", card_format(m->card, c), card_format(m->target, x));
        break;
    case DURAK_ACT_TAKE: snprintf(buf, cap, "take"); break;
    case DURAK_ACT_PASS: snprintf(buf, cap, "pass"); break;
    case DURAK_ACT_TRANSFER: snprintf(buf, cap, "transfer %s", card_format(m->card, c)); break;
    case RECORD_REPLACED:
        record_ai_name(m->card, m->target, name, sizeof name);
        snprintf(buf, cap, "# seat %d plays on as %s", m->seat, name);
        break;
    default: snprintf(buf, cap, "resign %d", m->seat); break;
    }
}

void record_ai_name(int level, int number, char *buf, size_t cap)
{
    const char *word = ai_level_name((ai_level)level);
    char first = (char)(word ? word[0] - 'a' + 'A' : 'B');
    if (number)
        snprintf(buf, cap, "%c%s%d[bot]", first, word ? word + 1 : "ot", number);
    else
        snprintf(buf, cap, "%c%s[bot]", first, word ? word + 1 : "ot");
}

bool record_durak_replacer(const game_record *r, char *name, size_t cap)
{
    int seat;
    return sscanf(r->result, "durak %d", &seat) == 1 && record_replacer(r, seat, name, cap);
}

bool record_replacer(const game_record *r, int seat, char *name, size_t cap)
{
    for (int i = r->nmoves - 1; i >= 0; i--)
        if (r->move[i].kind == RECORD_REPLACED && r->move[i].seat == seat) {
            record_ai_name(r->move[i].card, r->move[i].target, name, cap);
            return true;
        }
    return false;
}
