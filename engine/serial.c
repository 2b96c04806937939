/* serial.c — durak_game <-> one text line, versions D1 and D2; a game that breaks an invariant
 * (durak_validate) is refused with the reason. */

/* Fields in a fixed order; derived fields are recomputed. D2 adds the teams option (R19) after
 * the deck; a game without teams is still written as D1, so its line stays the one older builds
 * read. */
#include "serial.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "durak.h"
#include "textbuf.h"

/* ---- writing --------------------------------------------------------------- */

static void put_cards(textbuf *w, const uint8_t *cards, int n)
{
    char c[3];
    if (n == 0)
        textbuf_put(w, " -");
    else
        textbuf_put(w, " ");
    for (int i = 0; i < n; i++)
        textbuf_put(w, "%s", cards[i] == CARD_NONE ? "--" : card_format(cards[i], c));
}

int durak_serialize(const durak_game *g, char *buf, size_t cap)
{
    textbuf w = { buf, cap, 0, false };
    const durak_options *o = &g->opt;
    char tc[3], ft[3];
    textbuf_put(&w, "D%d %d,%d,%d,%d,%d", o->teams ? 2 : 1, o->players, o->variant, o->throwin,
                o->first5, o->deck);
    if (o->teams)
        textbuf_put(&w, ",%d", o->teams);
    textbuf_put(&w, " %d,%d,%d,%d,%d,%d,%d", g->phase, g->actor, g->attacker, g->defender,
                g->leader, g->limit, g->passed);
    put_cards(&w, g->attack, g->nattack);
    put_cards(&w, g->cover, g->nattack);
    textbuf_put(&w, " %s,%d,%d,%s", card_format(g->trump_card, tc), g->trump_owner, g->first_seat,
                g->first_trump == CARD_NONE ? "--" : card_format(g->first_trump, ft));
    put_cards(&w, g->stock, g->stock_len);
    textbuf_put(&w, " %d,%d,%d,%d,%d,%d,%d", g->in_game, g->forfeited, g->bout_first_out, g->result,
                g->result_seat, g->first_bout, g->bouts);
    textbuf_put(&w, " "); /* out: seat:place pairs */
    for (int i = 0; i < g->nout; i++)
        textbuf_put(&w, "%s%d:%d", i ? "," : "", g->out[i], g->out_place[i]);
    if (!g->nout)
        textbuf_put(&w, "-");
    for (int s = 0; s < o->players; s++)
        textbuf_put(&w, "%s%" PRIx64, s ? "," : " ", g->hand[s]);
    for (int s = 0; s < o->players; s++)
        textbuf_put(&w, "%s%" PRIx64, s ? "," : " ", g->known[s]);
    textbuf_put(&w, " %" PRIx64 ",%" PRIx64 " %d", g->discard, g->seen_discard, g->nhistory);
    for (int i = 0; i < g->nhistory && i < DURAK_MAX_HISTORY; i++)
        textbuf_put(&w, "%s%" PRIx64, i ? "," : " ", g->history[i]);
    if (w.overflow)
        return -1;
    return (int)w.len;
}

/* ---- reading --------------------------------------------------------------- */

typedef struct {
    const char *p;
    const char *field; /* what is being read, for the reason */
    const char *why;   /* the first reason the line is refused, or NULL */
} reader;

static void refuse(reader *r)
{
    if (!r->why)
        r->why = r->field;
}

static void expect(reader *r, char c)
{
    if (*r->p == c)
        r->p++;
    else
        refuse(r);
}

static uint64_t read_num(reader *r, int base, uint64_t max)
{
    uint64_t v = 0;
    int digits = 0;
    for (;; r->p++, digits++) {
        char ch = *r->p;
        int d = ch >= '0' && ch <= '9'                 ? ch - '0'
                : base == 16 && ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
                                                       : -1;
        if (d < 0)
            break;
        if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base) {
            refuse(r);
            return 0;
        }
        v = v * (uint64_t)base + (uint64_t)d;
    }
    if (!digits || v > max)
        refuse(r);
    return v;
}

static uint8_t read_u8(reader *r, uint64_t max) { return (uint8_t)read_num(r, 10, max); }

static uint8_t read_card(reader *r)
{
    if (r->p[0] == '-' && r->p[1] == '-') {
        r->p += 2;
        return CARD_NONE;
    }
    if (!r->p[0] || !r->p[1]) {
        refuse(r);
        return CARD_NONE;
    }
    card_t c = card_parse(r->p);
    if (c == CARD_NONE || (r->p[0] >= 'a' && r->p[0] <= 'z') || (r->p[1] >= 'a'))
        refuse(r); /* canonical spelling only */
    r->p += 2;
    return c;
}

/* " -" or " C1C2..." into cards; returns how many. */
static int read_cards(reader *r, uint8_t *cards, int max)
{
    expect(r, ' ');
    if (*r->p == '-' && r->p[1] != '-') {
        r->p++;
        return 0;
    }
    int n = 0;
    while (!r->why && *r->p && *r->p != ' ') {
        if (n == max) {
            refuse(r);
            break;
        }
        cards[n++] = read_card(r);
    }
    return n;
}

static void read_options(reader *r, durak_game *g)
{
    durak_options *o = &g->opt;
    r->field = "not a saved game (it must start with D1 or D2)";
    expect(r, 'D');
    int version = *r->p == '2' ? 2 : 1;
    expect(r, (char)('0' + version));
    r->field = "bad options field"; /* "D1" alone is one */
    expect(r, ' ');
    o->players = read_u8(r, DURAK_MAX_PLAYERS), expect(r, ',');
    o->variant = read_u8(r, 1), expect(r, ',');
    o->throwin = read_u8(r, 1), expect(r, ',');
    o->first5 = read_u8(r, 1), expect(r, ',');
    o->deck = read_u8(r, 52);
    if (version == 2) {
        expect(r, ',');
        o->teams = read_u8(r, 1);
        if (!o->teams)
            refuse(r); /* a game without teams is written as D1: one line per game */
    }
    if (!r->why && durak_check_options(o))
        r->why = durak_check_options(o);
}

static void read_turn(reader *r, durak_game *g)
{
    r->field = "bad turn field (phase, actor, attacker, defender, leader, limit, passed)";
    expect(r, ' ');
    g->phase = read_u8(r, DURAK_PHASE_OVER), expect(r, ',');
    g->actor = read_u8(r, 255), expect(r, ',');
    g->attacker = read_u8(r, 255), expect(r, ',');
    g->defender = read_u8(r, 255), expect(r, ',');
    g->leader = read_u8(r, 255), expect(r, ',');
    g->limit = read_u8(r, DURAK_MAX_TABLE), expect(r, ',');
    g->passed = read_u8(r, 63);
}

/* The derived fields (ncovered, table_ranks, table, uncovered) are computed here;
 * durak_validate checks that the covers beat. */
static void read_table(reader *r, durak_game *g)
{
    r->field = "bad table field";
    g->nattack = (uint8_t)read_cards(r, g->attack, DURAK_MAX_TABLE);
    int ncover = read_cards(r, g->cover, DURAK_MAX_TABLE);
    if (ncover != g->nattack)
        refuse(r);
    for (int i = 0; i < g->nattack && !r->why; i++) {
        if (g->attack[i] == CARD_NONE) {
            refuse(r);
            break;
        }
        g->table_ranks |= (uint16_t)(1u << card_rank(g->attack[i]));
        g->table |= card_bit(g->attack[i]);
        if (g->cover[i] != CARD_NONE) {
            g->ncovered++;
            g->table_ranks |= (uint16_t)(1u << card_rank(g->cover[i]));
            g->table |= card_bit(g->cover[i]);
        } else {
            g->uncovered |= card_bit(g->attack[i]);
        }
    }
}

static void read_trump_and_stock(reader *r, durak_game *g)
{
    r->field = "bad trump field";
    expect(r, ' ');
    g->trump_card = read_card(r), expect(r, ',');
    g->trump_owner = read_u8(r, 255), expect(r, ',');
    g->first_seat = read_u8(r, DURAK_MAX_PLAYERS - 1), expect(r, ',');
    g->first_trump = read_card(r);
    if (g->trump_card == CARD_NONE)
        refuse(r);
    g->trump = (uint8_t)card_suit(g->trump_card);
    r->field = "bad stock field";
    g->stock_len = (uint8_t)read_cards(r, g->stock, DURAK_MAX_DECK);
    for (int i = 0; i < g->stock_len; i++) /* "--" means an uncovered card, never stock */
        if (g->stock[i] == CARD_NONE)
            refuse(r);
}

static void read_seats(reader *r, durak_game *g)
{
    r->field = "bad seats field (in game, forfeited, first out, result, winner, first bout, "
               "bouts)";
    expect(r, ' ');
    g->in_game = read_u8(r, 63), expect(r, ',');
    g->forfeited = read_u8(r, 63), expect(r, ',');
    g->bout_first_out = read_u8(r, DURAK_MAX_PLAYERS), expect(r, ',');
    g->result = read_u8(r, DURAK_RESULT_TEAM_LOST), expect(r, ',');
    g->result_seat = read_u8(r, 255), expect(r, ',');
    g->first_bout = read_u8(r, 1), expect(r, ',');
    g->bouts = (uint16_t)read_num(r, 10, UINT16_MAX);
    r->field = "bad out field (seat:place pairs)";
    expect(r, ' ');
    if (*r->p == '-') {
        r->p++;
        return;
    }
    do {
        if (g->nout == DURAK_MAX_PLAYERS) {
            refuse(r);
            return;
        }
        g->out[g->nout] = read_u8(r, DURAK_MAX_PLAYERS - 1), expect(r, ':');
        g->out_place[g->nout] = read_u8(r, DURAK_MAX_PLAYERS);
        g->nout++;
    } while (!r->why && *r->p == ',' && r->p++);
}

static void read_sets(reader *r, cards_t *sets, int n)
{
    expect(r, ' ');
    for (int i = 0; i < n && !r->why; i++) {
        if (i)
            expect(r, ',');
        sets[i] = read_num(r, 16, UINT64_MAX);
    }
}

static void read_history(reader *r, durak_game *g)
{
    r->field = "bad history field (R16)";
    expect(r, ' ');
    uint16_t n = (uint16_t)read_num(r, 10, UINT16_MAX);
    int used = n < DURAK_MAX_HISTORY ? n : DURAK_MAX_HISTORY;
    if (used)
        read_sets(r, g->history, used);
    /* Lines written before R16's bound counted on past 128 in a ring of 128: such a game
     * has had 128 quiet bouts already, and its next bout is a draw either way. */
    g->nhistory = (uint16_t)used;
}

static void read_all(reader *r, durak_game *g)
{
    read_options(r, g);
    if (r->why)
        return;
    read_turn(r, g);
    read_table(r, g);
    read_trump_and_stock(r, g);
    read_seats(r, g);
    r->field = "bad hands field";
    read_sets(r, g->hand, g->opt.players);
    r->field = "bad known cards field";
    read_sets(r, g->known, g->opt.players);
    r->field = "bad discard field";
    read_sets(r, &g->discard, 1);
    expect(r, ',');
    g->seen_discard = read_num(r, 16, UINT64_MAX);
    read_history(r, g);
    r->field = "text after the last field";
    if (*r->p)
        refuse(r);
}

const char *durak_restore(durak_game *g, const char *line)
{
    reader r = { line, NULL, NULL };
    memset(g, 0, sizeof *g);
    memset(g->attack, CARD_NONE, sizeof g->attack);
    memset(g->cover, CARD_NONE, sizeof g->cover);
    memset(g->stock, CARD_NONE, sizeof g->stock);
    memset(g->out, 0xFF, sizeof g->out);
    read_all(&r, g);
    return r.why ? r.why : durak_validate(g);
}

bool durak_deserialize(durak_game *g, const char *line) { return durak_restore(g, line) == NULL; }
