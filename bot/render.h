/* render.h — cards, hands, tables and moves as IRC text in a language: Unicode suits or its
 * letters (s/c/d/h, п/к/б/ч...), hearts and diamonds in red (mIRC colour 04) when colours are on. */
#ifndef DURAK_RENDER_H
#define DURAK_RENDER_H

#include <stdbool.h>
#include <stddef.h>

#include "durak.h"
#include "messages.h"

typedef struct {
    bool colors;
    bool unicode;    /* ♠♣♦♥, or the language's letters (s c d h) */
    msg_lang lang;   /* the texts, the rank and suit letters and the move words */
    bool ask_public; /* a public line names who decides whether to throw in (else asked apart) */
} render_opts;

enum { RENDER_CARD_MAX = 24 };

/* "7♥" (coloured), "10♠", "Qh"; Russian "Дч", French "Rp". Returns buf. */
char *render_card(const render_opts *r, card_t c, char *buf, size_t cap);
/* A suit symbol or the language's letter: "♥" / "h" / "ч" (render_card's; the tests read it). */
const char *render_suit(const render_opts *r, int suit);
/* "spade", "club", "diamond", "heart" in the language. */
const char *render_suit_name(const render_opts *r, int suit);
/* Grouped by suit, trumps last, each by rank: "6♠ 9♠ J♠ · 7♣ · 8♥ A♥". "(none)" if empty. */
char *render_hand(const render_opts *r, cards_t hand, int trump, char *buf, size_t cap);
/* Attack/cover pairs in play order: "7♠/9♠ 8♣/?"; "(empty)" if none. */
char *render_table(const render_opts *r, const durak_game *g, char *buf, size_t cap);
/* A move as the command that makes it, in the words of the language: "beat 9♠ 7♠", "take",
 * "play 7♥"; Russian "бью 9♠ 7♠", "беру"; a beat without a target (CARD_NONE) "beat 9♠". */
char *render_action(const render_opts *r, durak_action a, char *buf, size_t cap);
/* Moves joined by " | ", each as short as the bot still understands it: "beat 9♠" for a beat
 * whose card covers no other card of the list (the list holds every beat with that card). */
char *render_actions(const render_opts *r, const durak_action *a, int n, char *buf, size_t cap);

#endif
