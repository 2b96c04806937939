/* parser.h — the command parser: one line of IRC text in, one typed command or typed
 * error out. No IRC, no game state, no heap, no locale; at most 512 bytes of input are read. */
#ifndef DURAK_PARSER_H
#define DURAK_PARSER_H

#include <stdbool.h>
#include <stddef.h>

#include "card.h"
#include "parse_cardtext.h"

enum {
    PARSE_MAX_LINE = 512, /* bytes of a line that are looked at; the rest is ignored */
    PARSE_ARG_SIZE = 64,
    PARSE_ERROR_SIZE = 512, /* a Russian sentence takes about twice the bytes of English */
    PARSE_CARD_TEXT_SIZE = CARDTEXT_SIZE, /* "10♥" and its NUL fit */
};

typedef enum {
    PC_IGNORED,
    PC_ERROR,
    /* channel */
    PC_DURAK,
    PC_JOIN,
    PC_LEAVE,
    PC_START,
    PC_STOP,
    PC_TABLE,
    PC_HELP,
    PC_RULES,
    PC_BOT,
    PC_STATS,
    PC_TOP,
    PC_AGAIN, /* a rematch with the same seats */
    PC_LAST,  /* the channel's last recorded game */
    /* private (PC_HELP, PC_STATS, PC_TOP, PC_RULES too) */
    PC_PLAY,
    PC_BEAT,
    PC_TAKE,
    PC_PASS,
    PC_TRANSFER,
    PC_HAND,
    PC_MOVES,
    PC_CARD,
    PC_SET, /* set [what [on|off]]: the words after it in arg, lower case; in a channel too
             * ("!langue fr", and "!set ..." where a game is) */
    /* a private game against computer players, spectators */
    PC_SOLO,    /* private "play [classic|transfer] [easy|normal|hard] [N]": variant, bot_level,
                 * number (players 2..6) or -1 each */
    PC_WATCH,   /* channel */
    PC_UNWATCH, /* channel */
    PC_HINT,    /* hint: the move the hard player would make */
    PC_KIND_COUNT
} parse_kind;

/* parsed_cmd.rank of "a trump" ("козырем", "atout"): any card of the trump suit. */
enum { PARSE_RANK_TRUMP = 100 };

typedef struct {
    parse_kind kind;
    card_t card, target; /* CARD_NONE when absent; beat C [T]: card = C, target = T */
    int rank; /* PC_PLAY, PC_BEAT, PC_TRANSFER, PC_CARD: a card named by its rank alone ("6"),
               * card.h's count (0 for a 2), or PARSE_RANK_TRUMP for a trump ("бью козырем");
               * card is then CARD_NONE and the hand says which card is meant ("бью 7ч козырем",
               * "бью 7ч дамой": target is 7ч). -1 otherwise */
    bool of_trumps; /* with a rank: the card of that rank in the trump suit ("бью 9 козырной") */
    bool lowest; /* with PARSE_RANK_TRUMP: of the trumps that make the move, the lowest ("бью
                     * младшим козырем") */
    int variant; /* PC_DURAK: DURAK_VARIANT_CLASSIC/TRANSFER (engine/durak.h), -1 when not given */
    int throwin; /* PC_DURAK: DURAK_THROWIN_ALL/NEIGHBOURS, -1 when not given */
    int first5;  /* PC_DURAK: 1 when given, -1 when not */
    int teams;   /* PC_DURAK: 1 when given (R19), -1 when not */
    int bot_level;            /* PC_BOT: 0 easy, 1 normal, 2 hard, 3 expert, -1 when not given */
    int bot_remove;           /* PC_BOT: 1 for "bot remove" */
    int number;               /* PC_TOP: 1..999 as asked; PC_SOLO: players 2..6; -1 when absent */
    char arg[PARSE_ARG_SIZE]; /* PC_HELP topic (lower case), PC_STATS nick, PC_TOP "bots" or
                               * "solo"; "" */
    char error[PARSE_ERROR_SIZE]; /* PC_ERROR: one sentence, valid UTF-8, no control bytes */
    /* The language (msg_lang) of the command word when it is Russian, French or Spanish and no
     * other language's word too ("!дурак", "беру"); -1 for English and shared words. A game
     * opened, or a reply asked for, in those words speaks that language. !durak's options tell
     * it too, English ones included ("!durak transfer": English). */
    int lang;
    /* PC_ERROR for a move's word that the parser alone cannot make right: "перевод" without a
     * card (card CARD_NONE), or two moves in one line, "хожу 6♠ 6♦" (card: the first). Its kind
     * (PC_PLAY, PC_BEAT, PC_TRANSFER): the game may say more, such as that no transfer is
     * possible now. PC_IGNORED otherwise. */
    parse_kind move;
    /* PC_ERROR for a first word that is no command, card or move ("абв"): not a mistyped move, so
     * counted against the flood limit even on the sender's turn. */
    bool no_move;
} parsed_cmd;

typedef struct {
    const char *prefix; /* channel command prefix; NULL or "" means "!" */
    bool unicode_suits; /* cards in error examples: 7♥ (true) or 7h (false) */
    bool no_transfer;   /* the player's game is classic: a bare t means take */
    int lang;           /* the sender's language (msg_lang) for the errors; 0: English */
    bool lang_chosen;   /* lang is the sender's own setting: the words they type do not change it
                         * (else errors follow the language of the command word, see lang above) */
    bool no_game;       /* the sender plays no running game: "play 7" cannot mean a card, nor
                         * "7" a card of their hand */
    bool game_here;     /* parse_channel: a game or lobby is open in the channel, so a command's
                         * near miss ("!strat") is answered; other bots' words are left alone */
    bool no_seat;       /* parse_private: the sender sits at no table, not even a lobby's: a word
                         * that is no command is answered with how to play */
    uint64_t hand;      /* parse_private: the sender's cards in a running game (0: not known): a
                         * card asked about as ambiguous ("8c") that is neither is told so */
} parse_opts;

/* A line said in a channel. Without the prefix, or with a word that is not ours: PC_IGNORED.
 * `line` need not be NUL-terminated and may hold any bytes; `o` may be NULL (defaults). */
void parse_channel(const char *line, size_t len, const parse_opts *o, parsed_cmd *out);

/* A private message to the bot (always for us: anything unknown is a PC_ERROR).
 * An optional leading prefix is accepted ("!play 7h"). */
void parse_private(const char *line, size_t len, const parse_opts *o, parsed_cmd *out);

/* One card word as users type it ("7h", "10♠", "T♠", "Кк", "(7♥)."); CARD_NONE if it is not
 * exactly one card. The word must already be free of mIRC formatting codes. (The tests check
 * render_card's output with it.) */
card_t parse_card(const char *s, size_t len);

/* Writes a card for error examples: "7♥" or "7h"; "?" for a non-card. Returns buf. */
char *parse_write_card(card_t c, bool unicode_suits, char buf[PARSE_CARD_TEXT_SIZE]);

/* The kind's command word ("play", "durak"), or "ignored", "error", "card". */
const char *parse_kind_name(parse_kind k);

#endif
