/* durak.h — libdurak: the rules of Durak (durak(7), deploy/durak.7: R1–R19) as a plain,
 * fixed-size, memcpy-copyable game state with legal actions and apply. No I/O, no heap. */
#ifndef DURAK_DURAK_H
#define DURAK_DURAK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "card.h"

enum {
    DURAK_MAX_PLAYERS = 6,
    DURAK_MAX_TABLE = 6,
    DURAK_MAX_DECK = 52,
    DURAK_MAX_ACTIONS = 384,
    DURAK_MAX_HISTORY = 128, /* R16: bouts in a row with no card leaving, then a draw */
    DURAK_SERIAL_MAX = 4096
};

typedef enum { DURAK_VARIANT_CLASSIC, DURAK_VARIANT_TRANSFER } durak_variant;
typedef enum { DURAK_THROWIN_ALL, DURAK_THROWIN_NEIGHBOURS } durak_throwin;

typedef struct {
    uint8_t players; /* 2..6 (24-card deck: 2..4) */
    uint8_t variant; /* durak_variant */
    uint8_t throwin; /* durak_throwin */
    uint8_t first5;  /* bool: first bout max 5 attack cards (R9) */
    uint8_t deck;    /* 24, 36 or 52 */
    uint8_t teams;   /* bool: teams of two, partners opposite (R19; 4 or 6 players) */
    /* bool: R10 as older versions played it, for their records to replay: with neighbours, a main
     * attacker who went out mid-bout still heads the order of throw-ins (the player after them
     * is asked first), where now the player before the defender takes their place. Never set for
     * a new game; not written by durak_serialize. */
    uint8_t r10_old;
} durak_options;

typedef enum {
    DURAK_PHASE_ATTACK,  /* the main attacker leads a card onto an empty table (R6) */
    DURAK_PHASE_DEFEND,  /* the defender answers uncovered cards (R7, R17) */
    DURAK_PHASE_THROWIN, /* all covered: attackers may throw in, in R8 order */
    DURAK_PHASE_TAKING,  /* the defender takes: attackers may add cards (R12) */
    DURAK_PHASE_OVER
} durak_phase;

typedef enum {
    DURAK_ACT_PLAY,
    DURAK_ACT_BEAT,
    DURAK_ACT_TAKE,
    DURAK_ACT_PASS,
    DURAK_ACT_TRANSFER
} durak_act_kind;

typedef struct {
    uint8_t kind;   /* durak_act_kind */
    uint8_t card;   /* PLAY, BEAT, TRANSFER: the card played */
    uint8_t target; /* BEAT: the attack card covered */
} durak_action;

typedef enum {
    DURAK_RESULT_ONGOING,
    DURAK_RESULT_DURAK,
    DURAK_RESULT_DRAW,
    DURAK_RESULT_WON,      /* after forfeits, without teams: result_seat won (R18) */
    DURAK_RESULT_TEAM_LOST /* teams: result_seat's team lost, by a forfeit or as the one
                              team left (R19); every other team won */
} durak_result;

typedef enum {
    DURAK_OK = 0,
    DURAK_ERR_GAME_OVER,         /* the game has ended */
    DURAK_ERR_NOT_YOUR_TURN,     /* another seat acts now */
    DURAK_ERR_WRONG_PHASE,       /* this kind of move is not possible now */
    DURAK_ERR_NOT_IN_HAND,       /* the card is not in the actor's hand */
    DURAK_ERR_RANK_NOT_ON_TABLE, /* thrown-in card's rank is not on the table (R8) */
    DURAK_ERR_TABLE_FULL,        /* R9 limit reached */
    DURAK_ERR_NO_SUCH_TARGET,    /* the target is not an uncovered attack card */
    DURAK_ERR_DOES_NOT_BEAT,     /* R4 */
    DURAK_ERR_NOT_TRANSFER_VARIANT,
    DURAK_ERR_TRANSFER_COVERED,  /* a card is already covered (R17) */
    DURAK_ERR_TRANSFER_RANK,     /* transfer card of another rank (R17) */
    DURAK_ERR_TRANSFER_TOO_MANY, /* the next player could not answer (R17/R9) */
    DURAK_ERR_TRANSFER_NOBODY,   /* nobody else in the game to pass to (R17, R19) */
    DURAK_ERR_BAD_ACTION,
    DURAK_ERR_BAD_SEAT
} durak_error;

typedef struct durak_game {
    durak_options opt;
    uint8_t phase;    /* durak_phase */
    uint8_t actor;    /* seat to act (meaningless when over) */
    uint8_t attacker; /* main attacker: leader or last to transfer */
    uint8_t defender;
    uint8_t leader;                  /* who led the bout: draws first (R13) */
    uint8_t limit;                   /* max attack cards this bout (R9) */
    uint8_t nattack;                 /* attack cards on the table */
    uint8_t ncovered;                /* of which covered */
    uint8_t attack[DURAK_MAX_TABLE]; /* CARD_NONE beyond nattack */
    uint8_t cover[DURAK_MAX_TABLE];  /* CARD_NONE while uncovered */
    uint8_t trump_card;              /* the face-up card (R3) */
    uint8_t trump;                   /* its suit */
    uint8_t trump_owner; /* seat holding the trump card (R3, R13), 0xFF while in stock */
    uint8_t first_seat;  /* R5: who attacked first */
    uint8_t first_trump; /* R5: the lowest trump that decided it, or CARD_NONE */
    uint8_t stock_len;   /* cards left in the stock, trump card included */
    uint8_t
        stock[DURAK_MAX_DECK]; /* stock[stock_len-1] is drawn next; stock[0] is the trump card */
    uint8_t in_game;           /* bit mask: seats still in the game */
    uint8_t forfeited;         /* bit mask: seats that forfeited (R18) */
    uint8_t passed;            /* THROWIN/TAKING: attackers who passed (R8, R12) */
    uint8_t nout;              /* players out, in order (R14) */
    uint8_t out[DURAK_MAX_PLAYERS];
    uint8_t out_place[DURAK_MAX_PLAYERS]; /* 1-based; out in the same bout share it */
    uint8_t bout_first_out;               /* nout when this bout began */
    uint8_t result;                       /* durak_result */
    uint8_t result_seat;  /* the durak, the winner after forfeits, or a seat of the losing
                            team (R15, R18, R19) */
    uint8_t first_bout;   /* bool: still the game's first bout (first5) */
    uint16_t table_ranks; /* ranks on the table, bit = rank (R8) */
    uint16_t bouts;       /* bouts begun */
    uint16_t nhistory;    /* R16: bouts begun since a card last left the game (<= 128) */
    cards_t hand[DURAK_MAX_PLAYERS];
    cards_t known[DURAK_MAX_PLAYERS]; /* cards everybody knows to be in that hand */
    cards_t discard;                  /* cards out of the game */
    cards_t seen_discard;             /* of those, the ones everybody saw (table cards) */
    /* Derived from attack[] and cover[] (kept by every move, recomputed when a game is read):
     * the moves and the players ask for these sets far more often than the table changes. */
    cards_t table;                       /* every card on the table */
    cards_t uncovered;                   /* the attack cards not covered yet */
    uint64_t history[DURAK_MAX_HISTORY]; /* R16: their situations' hashes, 0 beyond nhistory */
} durak_game;

/* What one seat may see: the game with hidden cards removed. Other hands hold only
 * their `known` cards and the stock only the trump card; counts are exact. */
typedef struct {
    uint8_t seat;
    uint8_t hand_count[DURAK_MAX_PLAYERS];
    uint8_t discard_count; /* pub.discard holds only the cards everybody saw */
    durak_game pub;
} durak_view;

/* Defaults: 2 players, classic, all, first5 off, 36 cards, no teams. */
durak_options durak_default_options(void);
/* Checks the options; returns NULL or a reason ("players must be 2..6"). */
const char *durak_check_options(const durak_options *opt);

/* Deals a new game (R2, R3, R5) from a shuffled deck: `order` is the whole deck,
 * top card first. Returns false if the options or the order are invalid. */
bool durak_new_ordered(durak_game *g, const durak_options *opt, const card_t *order, int n);
/* Shuffles with the seeded PRNG (R2) and deals. */
bool durak_new(durak_game *g, const durak_options *opt, uint64_t seed);

static inline bool durak_over(const durak_game *g) { return g->phase == DURAK_PHASE_OVER; }
/* The seat to act now, or -1 when the game is over. */
static inline int durak_actor(const durak_game *g)
{
    return g->phase == DURAK_PHASE_OVER ? -1 : g->actor;
}
/* Fills `out` (room for DURAK_MAX_ACTIONS) with the actor's legal actions; returns count.
 * Entries past the count are scratch: they may be overwritten. */
int durak_legal(const durak_game *g, durak_action *out);
/* Checks an action by the actor; DURAK_OK or why not. Never changes the game. */
durak_error durak_check(const durak_game *g, durak_action a);
/* Applies an action by the actor; an illegal one changes nothing. */
durak_error durak_apply(durak_game *g, durak_action a);
/* Applies an action known to be legal (one durak_legal listed, as the searches apply them)
 * without checking it again: durak_check is 8% of a search's time. Asserted in debug builds. */
void durak_apply_legal(durak_game *g, durak_action a);
/* Completes `beat C` without a target, the short form players type: true and the whole
 * action in *out when it can mean only one move — exactly one attack card is uncovered
 * (the target, whether or not C beats it, so that durak_check says why not), or else
 * exactly one legal move covers some card with C. False when the game is over, nothing
 * is uncovered, or C could cover several cards (or none). */
bool durak_complete_beat(const durak_game *g, card_t card, durak_action *out);
/* R17: the defender may transfer now if they hold a card of the attack's rank. Only what every
 * player sees decides it (the variant, nothing covered, the next defender's count of cards, a card
 * of the rank not seen elsewhere), never the defender's hand: a line to the others may say "or
 * transfer" without telling them more. */
bool durak_transfer_open(const durak_game *g);
/* R18: seat leaves the game. */
durak_error durak_resign(durak_game *g, int seat);

/* Checks every invariant the engine relies on (cards each in one place, seats, counters,
 * phase against table and turn, result against seats); NULL when all hold, else the first
 * one broken, as a sentence. Every game the engine makes passes; durak_deserialize
 * refuses a line whose game does not. */
const char *durak_validate(const durak_game *g);

/* Cards still uncovered on the table. */
static inline cards_t durak_uncovered(const durak_game *g) { return g->uncovered; }
/* All cards on the table. */
static inline cards_t durak_table_cards(const durak_game *g) { return g->table; }
/* Every card on the table of `before` with the one the move `a` plays (none for a pass, a take or
 * a forfeit's stand-in): what a bout that `a` ends leaves (R11, R12). */
static inline cards_t durak_table_after(const durak_game *before, durak_action a)
{
    bool card =
        a.kind == DURAK_ACT_PLAY || a.kind == DURAK_ACT_BEAT || a.kind == DURAK_ACT_TRANSFER;
    return before->table | (card && a.card < 64 ? card_bit(a.card) : 0);
}
/* The cards the move `a` (a pass of no card: a forfeit) leaves uncovered on the table of
 * `before`: none when it ends a bout by covering the last card or passing (R11), some when a
 * game ends under an attack (R18, R19). */
static inline cards_t durak_open_after(const durak_game *before, durak_action a)
{
    cards_t open = before->uncovered, card = a.card < 64 ? card_bit(a.card) : 0;
    if (a.kind == DURAK_ACT_PLAY || a.kind == DURAK_ACT_TRANSFER)
        return open | card;
    return a.kind == DURAK_ACT_BEAT && a.target < 64 ? open & ~card_bit(a.target) : open;
}
/* The seats that may add cards to this bout at all, as a bit mask (R8, R10, R19): everyone but the
 * defender; with neighbours the players either side of them (with teams the main attacker too);
 * never the defender's partner. Whether one has a card to add is not asked. */
unsigned durak_throwers(const durak_game *g);
/* Seat is still in the game (holds cards, or can still draw). */
bool durak_in_game(const durak_game *g, int seat);
/* The next seat clockwise after `seat` that is in the game. */
int durak_next(const durak_game *g, int seat);

/* ---- teams of two (R19, teams.c) ---- */
/* Teams in a game with these options: players/2 with teams, else one per player. */
int durak_team_count(const durak_options *o);
/* The seat's team: seat % (players/2) with teams (0+2, 1+3; 0+3, 1+4, 2+5), else the seat. */
int durak_team_of(const struct durak_game *g, int seat);
/* The seat's partner, or -1 without teams. */
int durak_partner(const struct durak_game *g, int seat);
/* The next seat clockwise after `seat` in the game and not on its team (R19: whom `seat`
 * attacks or transfers to); without teams durak_next. -1 when there is none. */
int durak_opponent_after(const struct durak_game *g, int seat);
/* Teams, and everyone still in the game is on one team (R19: that team loses). */
bool durak_one_team_left(const struct durak_game *g);
/* The team that lost a finished game (the durak's team, or R19's losing team; without
 * teams the durak's seat); -1 while running, for a draw or a win after forfeits. */
int durak_losing_team(const struct durak_game *g);
/* The game is over and the seat's team lost (without teams: the seat is the durak). */
bool durak_seat_lost(const struct durak_game *g, int seat);

/* What `seat` may see. */
void durak_view_of(const durak_game *g, int seat, durak_view *v);

const char *durak_error_text(durak_error e);
const char *durak_phase_name(int phase);
/* "play 7S", "beat 9S 7S", "take", "pass", "transfer 7H". */
char *durak_action_format(durak_action a, char *buf, size_t cap);

#include "serial.h"

#endif
