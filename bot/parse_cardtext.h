/* parse_cardtext.h — cards as people type them to the bot: ranks and suits in several alphabets, a
 * card read back or written, and the T that could mean the ten or the ace. */

/* Ranks: 10 or T, J Q K A, Cyrillic В Д К Т, French V D R. Suits: ♠ ♣ ♦ ♥ and white ones, s c d h,
 * Cyrillic п т к б ч, p t ca co. */
#ifndef DURAK_PARSE_CARDTEXT_H
#define DURAK_PARSE_CARDTEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "card.h"

enum { CARDTEXT_SIZE = 8 }; /* "10♥" and its NUL fit */

/* What is wrong with a word meant as a card (see parse_cardtext_fault_of). */
typedef enum {
    CARDTEXT_NO_SUIT,    /* a rank alone: "7" */
    CARDTEXT_SUIT_FIRST, /* suit, then rank: "h7" */
    CARDTEXT_BAD_RANK,   /* something, then a suit: "1h", "Xs" */
    CARDTEXT_BAD_SUIT,   /* a rank, then something that is no one suit: "7hearts", "J♦♦" */
    CARDTEXT_NOT_CARD,   /* anything else */
} cardtext_fault;

/* A card written rank then suit, exactly filling s[0..n) (no punctuation around it); CARD_NONE
 * if not. A variation selector may follow the suit; rank first settles К: "Кк" is K♣. */
card_t parse_cardtext_read(const char *s, size_t n);
enum { CARDTEXT_OTHER_SIZE = 16 };

/* Is the card word s[0..n) (exactly, as parse_cardtext_read) a T whose suit is of the other
 * script ("Tп", "Тs"), so that it could mean the ten or the ace? Then how to type each, the
 * user's suit spelling kept: ten_text "10п", ace_text "Тп" (for "Тs": "10s" and "As", the ace
 * in the suit's script, neither of them ambiguous in turn). */
bool parse_cardtext_t_ambiguous(const char *s, size_t n, char ten_text[CARDTEXT_OTHER_SIZE],
                                char ace_text[CARDTEXT_OTHER_SIZE]);
/* Does a word that is neither a command nor a card look like an attempt at a card (it starts
 * with a digit or holds a suit symbol)? */
bool parse_cardtext_looks_like_card(const char *s, size_t n);
/* Why s[0..n), not a card, is not one; *example is a card to show instead (its rank or suit
 * taken from the word where there is one). A rank written as a Russian word ("дамой") is a rank
 * alone (CARDTEXT_NO_SUIT). */
cardtext_fault parse_cardtext_fault_of(const char *s, size_t n, card_t *example);
/* The suit a whole word spells: a letter or symbol as in a card ("п", "♠", "s"), or a Russian
 * suit word ("пик", "червей"); -1 if none. */
int parse_cardtext_suit(const char *s, size_t n);
/* Writes a card: "7♥" (unicode_suits) or "7h"; "?" for a non-card. Returns buf. */
char *parse_cardtext_write(card_t c, bool unicode_suits, char buf[CARDTEXT_SIZE]);

#endif
