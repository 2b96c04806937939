/* render.h — cards, hands, tables and moves as IRC text: Unicode suits or s/c/d/h,
 * hearts and diamonds in red (mIRC colour 04) when colours are on. No game logic. */
#ifndef DURAK_RENDER_H
#define DURAK_RENDER_H

#include <stdbool.h>
#include <stddef.h>

#include "durak.h"

typedef struct {
    bool colors;
    bool unicode; /* ♠♣♦♥, or s c d h */
} render_opts;

enum { RENDER_CARD_MAX = 24 };

/* "7♥" (coloured), "10♠", "Qh". Returns buf. */
char *render_card(const render_opts *r, card_t c, char *buf, size_t cap);
/* A suit symbol or letter: "♥" / "h". */
const char *render_suit(const render_opts *r, int suit);
/* "spade", "club", "diamond", "heart". */
const char *render_suit_name(int suit);
/* Grouped by suit, trumps last, each by rank: "6♠ 9♠ J♠ · 7♣ · 8♥ A♥". "(none)" if empty. */
char *render_hand(const render_opts *r, cards_t hand, int trump, char *buf, size_t cap);
/* Attack/cover pairs in play order: "7♠/9♠ 8♣/?"; "(empty)" if none. */
char *render_table(const render_opts *r, const durak_game *g, char *buf, size_t cap);
/* A move as the command that makes it: "beat 9♠ 7♠", "take", "play 7♥". */
char *render_action(const render_opts *r, durak_action a, char *buf, size_t cap);
/* Moves joined by " | ". */
char *render_actions(const render_opts *r, const durak_action *a, int n, char *buf, size_t cap);

#endif
