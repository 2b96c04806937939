/* messages.h — every sentence a user can see, keyed by id, with its arguments' types; one table of
 * texts per language (en, ru, fr, es), each with every id. Texts are printf formats. */
#ifndef DURAK_MESSAGES_H
#define DURAK_MESSAGES_H

#include <stdbool.h>
#include <stddef.h>

/* Each id's comment names its arguments, in order; their types are msg_arg_types(id), and
 * tests/test_messages.c checks every language's text against them. */
typedef enum {
    /* parser: channel commands */
    MSG_PARSE_DURAK_OPTION,   /* word, prefix */
    MSG_PARSE_DURAK_CONFLICT, /* first word, second word, prefix, second word's canonical name */
    MSG_PARSE_BOT_OPTION,     /* word, prefix, prefix, prefix */
    MSG_PARSE_TOP_NUMBER,     /* word, prefix */
    MSG_PARSE_STATS_NICK,     /* word, prefix, prefix */
    /* parser: both */
    MSG_PARSE_EXTRA_WORD, /* word, command as understood, same command */
    /* parser: private commands and cards */
    MSG_PARSE_NEEDS_CARD,      /* command name, example command */
    MSG_PARSE_NOT_CARD,        /* word, example cards ("7♥ or 7h") */
    MSG_PARSE_NO_SUIT,         /* word, example cards */
    MSG_PARSE_SUIT_FIRST,      /* word, example cards */
    MSG_PARSE_BAD_RANK,        /* word, example cards */
    MSG_PARSE_TWO_CARDS,       /* covered card, covering card, example command */
    MSG_PARSE_UNKNOWN_PRIVATE, /* word */
    MSG_PARSE_AMBIGUOUS,       /* word, the choices */
    MSG_PARSE_CHANNEL_ONLY,    /* prefix, command name */
    /* tables: lobby, play, timers */
    MSG_TURN_LEAD,            /* what the actor must do (no nick): lead */
    MSG_TURN_DEFEND,          /* uncovered cards */
    MSG_TURN_DEFEND_TRANSFER, /* uncovered cards */
    MSG_TURN_THROWIN,         /* (optional) */
    MSG_TURN_TAKING,          /* defender (optional) */
    MSG_LINE_ACT,             /* actor, task: a public line's head, highlighting the actor */
    MSG_WAIT_THROWIN,         /* an optional decision is asked privately: throw-ins */
    MSG_WAIT_ADDING,          /* likewise: cards added for the taker */
    MSG_STATUS,               /* trump card, stock (int), hand counts in seat order */
    MSG_STATUS_TABLE,         /* the table's pairs */
    MSG_YOUR_TURN,            /* channel, task, moves, hand, trump card */
    MSG_HAND,                 /* channel, hand, trump card */
    MSG_RESULT_DURAK,         /* durak, places */
    MSG_RESULT_DRAW,          /* places */
    MSG_RESULT_WON,           /* winner */
    MSG_RESULT_NONE,
    MSG_BOUT_TAKEN, /* defender, cards (int), msg_plural(MSG_WORD_CARDS_ONE) */
    MSG_BOUT_BEATEN,
    MSG_TRUMP_DRAWN,   /* nick, trump card */
    MSG_PLAYER_OUT,    /* nick, place (int) */
    MSG_MOVE_LEAD,     /* nick, card */
    MSG_MOVE_ADD,      /* nick, card */
    MSG_MOVE_THROW,    /* nick, card */
    MSG_MOVE_BEAT,     /* nick, covered card, card */
    MSG_MOVE_TAKE,     /* nick */
    MSG_MOVE_TRANSFER, /* nick, card, next nick */
    MSG_TIMEOUT_PREFIX,
    MSG_FORFEIT_LEFT,        /* nick */
    MSG_FORFEIT_TIMEOUTS,    /* nick */
    MSG_FORFEIT_GONE,        /* nick */
    MSG_GAME_START,          /* options, players, trump card, first nick, lowest trump */
    MSG_GAME_START_NO_TRUMP, /* options, players, trump card, first nick */
    MSG_GAME_RUNNING,        /* channel, prefix */
    MSG_LOBBY_EXISTS,        /* channel, prefix */
    MSG_ALREADY_SEATED,      /* channel, prefix */
    MSG_ALREADY_HERE,        /* channel, prefix */
    MSG_LOBBY_OPEN,          /* nick, options, prefix, nick, prefix */
    MSG_LOBBY_FULL,          /* channel */
    MSG_LOBBY_JOINED,        /* nick, players, seated (int), creator, prefix */
    MSG_NOT_SEATED_HERE,     /* channel, prefix */
    MSG_LOBBY_EMPTY,         /* nick */
    MSG_LOBBY_LEFT,          /* nick, players, creator, prefix */
    MSG_ONLY_CREATOR_START,  /* creator */
    MSG_NEED_PLAYERS,        /* prefix */
    MSG_ONLY_CREATOR_STOP,   /* creator */
    MSG_GAME_STOPPED,        /* nick */
    MSG_LOBBY_STOPPED,       /* nick */
    MSG_LOBBY_STATUS,        /* players, seated (int), creator, prefix */
    MSG_RULES_1,             /* variant */
    MSG_RULES_2_ALL,         /* first5 note */
    MSG_RULES_2_NEIGHBOURS,  /* first5 note */
    MSG_RULES_FIRST5,
    MSG_RULES_3_TRANSFER,
    MSG_RULES_3_CLASSIC,
    MSG_HELP_1,                  /* prefix (used as %1$s throughout) */
    MSG_HELP_2,                  /* bot nick */
    MSG_NO_GAME_HERE,            /* channel, prefix */
    MSG_PRIVATE_ONLY,            /* bot nick, command */
    MSG_NO_MOVES,                /* whose turn (nick), their task */
    MSG_YOUR_MOVES,              /* moves */
    MSG_ERR_NOT_IN_HAND,         /* card */
    MSG_ERR_DOES_NOT_BEAT_TRUMP, /* card, covered card */
    MSG_ERR_DOES_NOT_BEAT,       /* card, covered card, suit name */
    MSG_ERR_NO_TARGET,           /* card */
    MSG_ERR_RANK,                /* card */
    MSG_ERR_FULL,
    MSG_ERR_NO_TRANSFER_VARIANT,
    MSG_ERR_TRANSFER_COVERED,
    MSG_ERR_TRANSFER_RANK,     /* card */
    MSG_ERR_TRANSFER_TOO_MANY, /* next nick */
    MSG_ERR_WRONG_PHASE,       /* whose turn */
    MSG_ERR_BEAT_WHICH,        /* card, the beats it can make */
    MSG_ERR_CARD_NO_MOVE,      /* card, moves */
    MSG_ERR_CARD_AMBIGUOUS,    /* card, moves */
    MSG_PRIVATE_HELP_1,
    MSG_PRIVATE_HELP_2,
    MSG_NOT_IN_GAME,    /* prefix, prefix */
    MSG_NOT_STARTED,    /* creator, prefix, channel */
    MSG_SEAT_HELD,      /* nick, channel: a stranger holds a seated person's nick */
    MSG_CHANNEL_ONLY,   /* command, channel */
    MSG_REJOINED,       /* the line head naming whose turn it is, nick */
    MSG_AWAY,           /* nick, seconds (int), msg_plural(MSG_WORD_SECONDS_ONE) */
    MSG_LOBBY_TIMEOUT,  /* prefix */
    MSG_TURN_WARNING,   /* seconds (int), msg_plural(MSG_WORD_SECONDS_ONE), channel, then */
    MSG_WARN_FORFEIT,   /* the next time-out forfeits */
    MSG_WARN_AUTO,      /* the move the bot makes then */
    MSG_FORFEIT_YOU,    /* channel, why (told privately) */
    MSG_RESUMED,        /* status line */
    MSG_RESTORED,       /* status line */
    MSG_LOBBY_RESTORED, /* players, seated (int), creator, prefix */
    MSG_STATS,      /* nick, games, msg_plural(MSG_WORD_GAMES_ONE), firsts, duraks, draws, forfeits,
                  rating (ints but the word) */
    MSG_STATS_NONE, /* nick */
    MSG_TOP,        /* list */
    MSG_TOP_NONE,   /* prefix */
    MSG_NO_STATS,
    MSG_BOT_LOBBY_ONLY,   /* prefix */
    MSG_ONLY_CREATOR_BOT, /* creator */
    MSG_BOT_NONE,         /* prefix */
    MSG_BOT_REMOVED,      /* bot name, players, seated (int) */
    MSG_BOT_ADDED,        /* bot name, players, seated (int), creator, prefix */
    MSG_REPLACED,         /* what happened, bot name, status line */
    MSG_ONLY_BOTS_LEFT,   /* what happened */
    MSG_RESULT_REPEAT,
    MSG_CHANNEL_DROPPED,
    /* persist: the state database fails (once per channel until it works again), then works */
    MSG_STORE_FULL,
    MSG_STORE_READONLY,
    MSG_STORE_LOCKED,
    MSG_STORE_FAILING,
    MSG_STORE_BACK,
    MSG_HELP_BOTS,   /* prefix, prefix */
    MSG_HELP_STATS,  /* prefix, prefix, prefix */
    MSG_HELP_TOPICS, /* topic, prefix */
    /* words and fragments used inside other sentences */
    MSG_WORD_CLASSIC,
    MSG_WORD_TRANSFER,
    MSG_WORD_ALL,
    MSG_WORD_NEIGHBOURS,
    MSG_OPTIONS, /* variant word, throw-in word, first5 fragment */
    MSG_OPTIONS_FIRST5,
    MSG_AWAY_MARK,
    MSG_NO_CARDS,
    MSG_EMPTY_TABLE,
    MSG_WORD_SPADE, /* the suits' names, in suit order (card.h): spade, club, diamond, heart */
    MSG_WORD_CLUB,
    MSG_WORD_DIAMOND,
    MSG_WORD_HEART,
    MSG_RESULT_PLACES,    /* places in order ("1. carol, 2. alice") */
    MSG_RESULT_FORFEITED, /* nicks */
    MSG_RESULT_RATINGS,   /* "alice 1512 (+12), bob 1488 (-12)" */
    MSG_RESULT_AGAIN,     /* prefix */
    MSG_AGAIN_OPEN,       /* seats, prefix, waiting, creator, prefix */
    MSG_AGAIN_AGREED,     /* nick, waiting */
    MSG_AGAIN_NONE,       /* channel, prefix */
    MSG_STOP_VOTE,        /* nick, votes (int), people (int), prefix */
    MSG_STOP_VOTE_FAILED,
    MSG_STOP_AGREED,
    MSG_STOP_NOT_SEATED, /* prefix */
    MSG_HELP_SHORT,      /* nick, prefix, bot nick */
    MSG_HELP_SENT,       /* nick, topic */
    MSG_MOVE_IN_CHANNEL, /* nick, bot nick, the move */
    MSG_SET_DONE,        /* the setting as now set */
    MSG_SET_SHOW,        /* notice/privmsg, on/off, on/off */
    MSG_SET_BAD,         /* word */
    /* words and cards in every language: how a card typed with T or Т was read */
    MSG_PARSE_READ_ACE, /* word, card as read, the card a Latin T would give, how to type it */
    MSG_PARSE_READ_TEN, /* word, card as read, the card a Cyrillic Т would give, how to type it */
    /* teams of two (R19) */
    MSG_OPTIONS_TEAMS,       /* fragment after the options */
    MSG_TEAMS_SEATS,         /* seat list, teams ("alice+carol vs bob+dave") */
    MSG_TEAMS_NEED_4_OR_6,   /* seats (int), prefix, prefix */
    MSG_RESULT_TEAM_LOST,    /* losing team, the teams that won */
    MSG_RESULT_ONE_TEAM,     /* the team left */
    MSG_RESULT_TEAM_FORFEIT, /* nick */
    MSG_RULES_TEAMS,         /* !rules' fourth line in a teams game */
    /* a private game against computer players (play, stop, !top solo), spectators */
    MSG_PARSE_SOLO_WORD,    /* the word, quoted */
    MSG_PARSE_SOLO_PLAYERS, /* the number, quoted */
    MSG_SOLO_WHERE,         /* what "in %s" says of a private game */
    MSG_SOLO_WHERE_OTHER,   /* the same, to someone else than its player */
    MSG_SOLO_ALREADY,       /* bot nick */
    MSG_SOLO_UNKNOWN,
    MSG_SOLO_FULL,
    MSG_SOLO_STOPPED,
    MSG_SOLO_FORFEIT, /* nick */
    MSG_SOLO_NO_GAME, /* bot nick */
    MSG_SOLO_AGAIN,   /* bot nick */
    MSG_STATS_SOLO, /* nick, games, msg_plural(MSG_WORD_GAMES_ONE), firsts, duraks, forfeits, rating (ints) */
    MSG_TOP_SOLO,      /* list */
    MSG_TOP_SOLO_NONE, /* bot nick */
    MSG_TOP_BOTS,      /* list: !top bots */
    MSG_HELP_SOLO,     /* bot nick, prefix, prefix, prefix */
    MSG_WATCH_ON,      /* channel, prefix, channel */
    MSG_WATCH_LINE,    /* channel, the game's line */
    MSG_WATCH_OFF,     /* channel */
    MSG_WATCH_NOT,     /* channel, prefix */
    MSG_WATCH_SEATED,  /* channel */
    MSG_WATCH_NO_GAME, /* channel, prefix */
    MSG_WATCH_FULL,    /* channel, most spectators (int) */
    MSG_WATCH_ALREADY, /* channel, prefix */
    /* game records and provably fair deals */
    MSG_DEAL_FINGERPRINT, /* SHA-256 of the committed string, in hex */
    MSG_DEAL_REVEAL,      /* seed (decimal), salt (hex), the committed string */
    MSG_LAST_GAME,  /* game id, variant, players (int), minutes (int), summary, game id (int) */
    MSG_LAST_NONE,  /* channel, prefix */
    MSG_LAST_STORE, /* (the state database cannot be read) */
    MSG_LAST_DURAK, /* durak: the summary's head */
    MSG_LAST_DRAW,  /* (a draw: the summary's head) */
    MSG_LAST_WON,   /* winner after the others forfeited */
    MSG_LAST_PLACE, /* nick, place (int) */
    MSG_LAST_LEFT,  /* nick (forfeited) */
    /* hints: the move (as `moves` writes it) first, then the reason's facts */
    MSG_HINT_ONLY,        /* move */
    MSG_HINT_TAKE_CANNOT, /* move, the card nothing covers */
    MSG_HINT_TAKE_TRUMPS, /* move, cards needing a trump (int), trumps held (int), uncovered (int) */
    MSG_HINT_TAKE_MANY,   /* move, uncovered (int), more that may be added (int) */
    MSG_HINT_BEAT_TRUMP,  /* move, the suit */
    MSG_HINT_BEAT_LOWEST,   /* move */
    MSG_HINT_BEAT_KEEPS,    /* move, the cheaper card that also covers */
    MSG_HINT_LEAD_PAIR,     /* move, cards of that rank held (int) */
    MSG_HINT_LEAD_LOWEST,   /* move */
    MSG_HINT_LEAD_KEEPS,    /* move, the cheapest card */
    MSG_HINT_ADD,           /* move, the defender, their cards (int) */
    MSG_HINT_ADD_TAKING,    /* move, the defender */
    MSG_HINT_PASS,          /* move, cards that could be added (int), trumps among them (int) */
    MSG_HINT_TRANSFER,      /* move, cards passed on (int), msg_plural(MSG_WORD_CARDS_ONE), the new
                          defender, their cards (int) */
    MSG_HINT_OFF,           /* the game.hints setting */
    MSG_HINT_NOT_YOUR_TURN, /* channel */
    MSG_HINT_PENDING,
    MSG_RESULT_HINTS, /* "alice 2, bob 1" */
    /* languages: plural words (one, few, many: msg_plural picks), the words of moves
     * as that language's players type them, card letters, and the language setting */
    MSG_WORD_CARDS_ONE, /* "card", as picked up: "picks up 1 card" (ru: карту) */
    MSG_WORD_CARDS_FEW, /* 2-4 in Russian (карты); others as MANY */
    MSG_WORD_CARDS_MANY,
    MSG_WORD_GAMES_ONE, /* "game", counted in the stats */
    MSG_WORD_GAMES_FEW,
    MSG_WORD_GAMES_MANY,
    MSG_WORD_SECONDS_ONE, /* "second", a time left or held */
    MSG_WORD_SECONDS_FEW,
    MSG_WORD_SECONDS_MANY,
    MSG_CMD_PLAY, /* the move words as typed in private, in render_action order */
    MSG_CMD_BEAT,
    MSG_CMD_TAKE,
    MSG_CMD_PASS,
    MSG_CMD_TRANSFER,
    MSG_CMD_DURAK, /* the other command words as typed (channel ones without the prefix) */
    MSG_CMD_JOIN,
    MSG_CMD_LEAVE,
    MSG_CMD_START,
    MSG_CMD_STOP,
    MSG_CMD_TABLE,
    MSG_CMD_RULES,
    MSG_CMD_HELP,
    MSG_CMD_BOT,
    MSG_CMD_STATS,
    MSG_CMD_TOP,
    MSG_CMD_AGAIN,
    MSG_CMD_HAND,
    MSG_CMD_MOVES,
    MSG_RANK_J, /* rank letters (6 to 10 are digits everywhere): J, Q, K, A */
    MSG_RANK_Q,
    MSG_RANK_K,
    MSG_RANK_A,
    MSG_SUIT_LETTER_SPADE, /* suit letters without Unicode suits, in suit order */
    MSG_SUIT_LETTER_CLUB,
    MSG_SUIT_LETTER_DIAMOND,
    MSG_SUIT_LETTER_HEART,
    MSG_CARD_OR,        /* a card written two ways: "7♥ or 7h" */
    MSG_LANG_NAME,      /* the language's own name: "English", "русский" */
    MSG_SET_LANGUAGE,   /* the language set (its name) */
    MSG_SET_LANG_BAD,   /* word: not a language */
    MSG_HELP_CARDS,     /* !help cards: the card names of this language */
    MSG_SET_DEFAULT,    /* how private lines go when set notice|privmsg was not used */
    MSG_TOPIC_COMMANDS, /* the help topics' names, as in "help cards" */
    MSG_TOPIC_MOVES,
    MSG_TOPIC_CARDS,
    MSG_TOPIC_BOTS,
    MSG_TOPIC_STATS,
    MSG_TOPIC_SOLO,
    MSG_WORD_VS,      /* between the teams at the start: " vs " */
    MSG_WORD_AND,     /* between the teams that won: " and " */
    MSG_NICK_REFUSED, /* to an admin writing privately while services renamed the bot because
                         NickServ refused its password: the nick now, irc.nick */
    MSG_CMD_LAST,     /* the command words added later, as typed (msg_command) */
    MSG_CMD_WATCH,
    MSG_CMD_UNWATCH,
    MSG_CMD_HINT,
    MSG_COUNT
} msg_id;

/* The languages that have a table of texts (messages.c, messages_ru.c, _fr.c, _es.c). */
typedef enum { MSG_LANG_EN, MSG_LANG_RU, MSG_LANG_FR, MSG_LANG_ES, MSG_LANG_COUNT } msg_lang;

/* The English text of a message (never NULL; "" for an id out of range). */
const char *msg_text(msg_id id);
/* The text of a message in a language's table; NULL for an id the table lacks or out of range. */
const char *msg_text_in(msg_lang lang, msg_id id);
/* The text in lang, or "" for an id out of range (the tests make sure none is missing). */
const char *msg_in(msg_lang lang, msg_id id);
/* "en", "ru", "fr", "es"; NULL out of range. */
const char *msg_lang_code(msg_lang lang);
/* The language of a code ("ru", any case); -1 when none. */
int msg_lang_of_code(const char *code);
/* The plural form of n in lang: 0 one, 1 few, 2 many (Russian: 1, 21 one; 2-4, 22 few; 5-20,
 * 25, 0 many; English and Spanish: 1 one, else many; French: 0 and 1 one, else many). */
int msg_plural_form(msg_lang lang, int n);
/* The word for n of a plural triple whose ONE id is `one` (then FEW, then MANY). */
const char *msg_plural(msg_lang lang, int n, msg_id one);
/* The word lang's players type for the command whose English word is `english` ("join" ->
 * "играть", "moves" -> "coups"); `english` itself when it is none of them. */
const char *msg_command(msg_lang lang, const char *english);
/* A card as text in lang: rank as card.h counts (0 for a 2 ... 12 for an ace), suit 0-3
 * (spade, club, diamond, heart): "10♠", or the language's letters without Unicode: "Дч". */
char *msg_card(msg_lang lang, int rank, int suit, bool unicode, char *buf, size_t cap);
/* The types of a message's arguments, in order, one char each: 's' a string (const char *),
 * 'd' an int; "" for none. The same in every language. NULL for an id out of range. */
const char *msg_arg_types(msg_id id);

#endif
