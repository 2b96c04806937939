/* render.c — the text form of cards, hands, tables and moves for IRC, with mIRC
 * colour 04 for red suits and \x0F to end it (safe before any following digit). */
#include "render.h"

#include <stdio.h>
#include <string.h>

#include "messages.h"
#include "mirc.h"

const char *render_suit(const render_opts *r, int suit)
{
    return r->unicode ? card_suit_symbol(suit & 3)
                      : msg_in(r->lang, (msg_id)(MSG_SUIT_LETTER_SPADE + (suit & 3)));
}

const char *render_suit_name(const render_opts *r, int suit)
{
    return msg_in(r->lang, (msg_id)(MSG_WORD_SPADE + (suit & 3)));
}

char *render_card(const render_opts *r, card_t c, char *buf, size_t cap)
{
    if (c == CARD_NONE || card_rank(c) >= RANK_COUNT) {
        snprintf(buf, cap, "?");
        return buf;
    }
    bool red = card_suit(c) == SUIT_DIAMONDS || card_suit(c) == SUIT_HEARTS;
    char text[RENDER_CARD_MAX - (sizeof MIRC_COLOUR MIRC_RED MIRC_RESET - 1)]; /* room for red */
    msg_card(r->lang, card_rank(c), card_suit(c), r->unicode, text, sizeof text);
    if (r->colors && red)
        snprintf(buf, cap, MIRC_COLOUR MIRC_RED "%s" MIRC_RESET, text);
    else
        snprintf(buf, cap, "%s", text);
    return buf;
}

/* Appends to buf at *len, never past cap. */
static void append(char *buf, size_t cap, size_t *len, const char *s)
{
    size_t n = strlen(s);
    if (*len + n >= cap) /* cut, at a character's start: "♥" or "ч" never in halves */
        for (n = cap - 1 - *len; n && ((unsigned char)s[n] & 0xC0) == 0x80;)
            n--;
    memcpy(buf + *len, s, n);
    *len += n;
    buf[*len] = '\0';
}

char *render_hand(const render_opts *r, cards_t hand, int trump, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    if (!hand) {
        append(buf, cap, &len, msg_in(r->lang, MSG_NO_CARDS));
        return buf;
    }
    static const int order[4][3] = { { 1, 2, 3 }, { 0, 2, 3 }, { 0, 1, 3 }, { 0, 1, 2 } };
    int suits[4];
    memcpy(suits, order[trump & 3], sizeof order[0]);
    suits[3] = trump & 3;
    for (int i = 0; i < 4; i++) {
        cards_t s = hand & cards_of_suit(suits[i]);
        if (s && len)
            append(buf, cap, &len, " \xC2\xB7 "); /* " · " between suits */
        for (bool first = true; s; s &= s - 1, first = false) {
            char c[RENDER_CARD_MAX];
            if (!first)
                append(buf, cap, &len, " ");
            append(buf, cap, &len, render_card(r, cards_first(s), c, sizeof c));
        }
    }
    return buf;
}

char *render_table(const render_opts *r, const durak_game *g, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    if (!g->nattack)
        append(buf, cap, &len, msg_in(r->lang, MSG_EMPTY_TABLE));
    for (int i = 0; i < g->nattack; i++) {
        char a[RENDER_CARD_MAX], c[RENDER_CARD_MAX];
        if (i)
            append(buf, cap, &len, " ");
        append(buf, cap, &len, render_card(r, g->attack[i], a, sizeof a));
        append(buf, cap, &len, "/");
        append(buf, cap, &len,
               g->cover[i] == CARD_NONE ? "?" : render_card(r, g->cover[i], c, sizeof c));
    }
    return buf;
}

char *render_action(const render_opts *r, durak_action a, char *buf, size_t cap)
{
    char c[RENDER_CARD_MAX], t[RENDER_CARD_MAX];
    unsigned k = (unsigned)a.kind - DURAK_ACT_PLAY;
    const char *word = k <= DURAK_ACT_TRANSFER - DURAK_ACT_PLAY
                           ? msg_in(r->lang, (msg_id)(MSG_CMD_PLAY + k))
                           : "?";
    switch (a.kind) {
    case DURAK_ACT_PLAY:
    case DURAK_ACT_TRANSFER:
        snprintf(buf, cap, "%s %s", word, render_card(r, a.card, c, sizeof c));
        break;
    case DURAK_ACT_BEAT: /* "beat C" when the target goes without saying (CARD_NONE) */
        snprintf(buf, cap, "%s %s%s%s", word, render_card(r, a.card, c, sizeof c),
                 a.target == CARD_NONE ? "" : " ",
                 a.target == CARD_NONE ? "" : render_card(r, a.target, t, sizeof t));
        break;
    case DURAK_ACT_TAKE:
    case DURAK_ACT_PASS: snprintf(buf, cap, "%s", word); break;
    default: snprintf(buf, cap, "?"); break;
    }
    return buf;
}

/* Whether a[i] is a beat whose card covers no other card of the list: then "beat C" says it all,
 * as the bot completes a beat whose card covers one uncovered card (durak_complete_beat). */
static bool beat_says_it_all(const durak_action *a, int n, int i)
{
    if (a[i].kind != DURAK_ACT_BEAT)
        return false;
    for (int j = 0; j < n; j++)
        if (j != i && a[j].kind == DURAK_ACT_BEAT && a[j].card == a[i].card)
            return false;
    return true;
}

char *render_actions(const render_opts *r, const durak_action *a, int n, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        char m[64];
        durak_action x = a[i];
        if (beat_says_it_all(a, n, i))
            x.target = CARD_NONE;
        if (i)
            append(buf, cap, &len, " | ");
        append(buf, cap, &len, render_action(r, x, m, sizeof m));
    }
    return buf;
}
