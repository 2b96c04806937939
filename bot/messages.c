/* messages.c — the message tables: the types of each id's arguments, and the English texts.
 * Add an id to messages.h, its types and its text here; keep texts one sentence, saying what to do. */
#include "messages.h"
#include "messages_tables.h"

#include <stddef.h>

/* The types of each message's arguments, in order: 's' a string (const char *), 'd' an int.
 * One table for every language: a translation may reorder its arguments only with %N$ forms. */
static const char *const msg_types[MSG_COUNT] = {
    [MSG_PARSE_DURAK_OPTION] = "ss",
    [MSG_PARSE_DURAK_CONFLICT] = "ssss",
    [MSG_PARSE_BOT_OPTION] = "ssss",
    [MSG_PARSE_TOP_NUMBER] = "ss",
    [MSG_PARSE_STATS_NICK] = "sss",
    [MSG_PARSE_EXTRA_WORD] = "sss",
    [MSG_PARSE_NEEDS_CARD] = "ss",
    [MSG_PARSE_NOT_CARD] = "ss",
    [MSG_PARSE_NO_SUIT] = "ss",
    [MSG_PARSE_SUIT_FIRST] = "ss",
    [MSG_PARSE_BAD_RANK] = "ss",
    [MSG_PARSE_TWO_CARDS] = "sss",
    [MSG_PARSE_UNKNOWN_PRIVATE] = "s",
    [MSG_PARSE_AMBIGUOUS] = "ss",
    [MSG_PARSE_CHANNEL_ONLY] = "ss",
    [MSG_TURN_LEAD] = "",
    [MSG_TURN_DEFEND] = "s",
    [MSG_TURN_DEFEND_TRANSFER] = "s",
    [MSG_TURN_THROWIN] = "",
    [MSG_TURN_TAKING] = "s",
    [MSG_LINE_ACT] = "ss",
    [MSG_WAIT_THROWIN] = "",
    [MSG_WAIT_ADDING] = "",
    [MSG_STATUS] = "sds",
    [MSG_STATUS_TABLE] = "s",
    [MSG_YOUR_TURN] = "sssss",
    [MSG_HAND] = "sss",
    [MSG_RESULT_DURAK] = "s",
    [MSG_RESULT_DRAW] = "",
    [MSG_RESULT_WON] = "s",
    [MSG_RESULT_NONE] = "",
    [MSG_BOUT_TAKEN] = "sds",
    [MSG_BOUT_BEATEN] = "",
    [MSG_TRUMP_DRAWN] = "ss",
    [MSG_PLAYER_OUT] = "sd",
    [MSG_MOVE_LEAD] = "ss",
    [MSG_MOVE_ADD] = "ss",
    [MSG_MOVE_THROW] = "ss",
    [MSG_MOVE_BEAT] = "sss",
    [MSG_MOVE_TAKE] = "s",
    [MSG_MOVE_TRANSFER] = "sss",
    [MSG_TIMEOUT_PREFIX] = "",
    [MSG_FORFEIT_LEFT] = "s",
    [MSG_FORFEIT_TIMEOUTS] = "s",
    [MSG_FORFEIT_GONE] = "s",
    [MSG_GAME_START] = "sssss",
    [MSG_GAME_START_NO_TRUMP] = "ssss",
    [MSG_GAME_RUNNING] = "ss",
    [MSG_LOBBY_EXISTS] = "ss",
    [MSG_ALREADY_SEATED] = "ss",
    [MSG_ALREADY_HERE] = "ss",
    [MSG_LOBBY_OPEN] = "sssss",
    [MSG_LOBBY_FULL] = "s",
    [MSG_LOBBY_JOINED] = "ssdss",
    [MSG_NOT_SEATED_HERE] = "ss",
    [MSG_LOBBY_EMPTY] = "s",
    [MSG_LOBBY_LEFT] = "ssss",
    [MSG_ONLY_CREATOR_START] = "s",
    [MSG_NEED_PLAYERS] = "s",
    [MSG_ONLY_CREATOR_STOP] = "s",
    [MSG_GAME_STOPPED] = "s",
    [MSG_LOBBY_STOPPED] = "s",
    [MSG_LOBBY_STATUS] = "sdss",
    [MSG_RULES_1] = "s",
    [MSG_RULES_2_ALL] = "s",
    [MSG_RULES_2_NEIGHBOURS] = "s",
    [MSG_RULES_FIRST5] = "",
    [MSG_RULES_3_TRANSFER] = "",
    [MSG_RULES_3_CLASSIC] = "",
    [MSG_HELP_1] = "s",
    [MSG_HELP_2] = "s",
    [MSG_NO_GAME_HERE] = "ss",
    [MSG_PRIVATE_ONLY] = "ss",
    [MSG_NO_MOVES] = "ss",
    [MSG_YOUR_MOVES] = "s",
    [MSG_ERR_NOT_IN_HAND] = "s",
    [MSG_ERR_DOES_NOT_BEAT_TRUMP] = "ss",
    [MSG_ERR_DOES_NOT_BEAT] = "sss",
    [MSG_ERR_NO_TARGET] = "s",
    [MSG_ERR_RANK] = "s",
    [MSG_ERR_FULL] = "",
    [MSG_ERR_NO_TRANSFER_VARIANT] = "",
    [MSG_ERR_TRANSFER_COVERED] = "",
    [MSG_ERR_TRANSFER_RANK] = "s",
    [MSG_ERR_TRANSFER_TOO_MANY] = "s",
    [MSG_ERR_WRONG_PHASE] = "s",
    [MSG_ERR_BEAT_WHICH] = "ss",
    [MSG_ERR_CARD_NO_MOVE] = "ss",
    [MSG_ERR_CARD_AMBIGUOUS] = "ss",
    [MSG_PRIVATE_HELP_1] = "",
    [MSG_PRIVATE_HELP_2] = "",
    [MSG_NOT_IN_GAME] = "ss",
    [MSG_NOT_STARTED] = "sss",
    [MSG_SEAT_HELD] = "ss",
    [MSG_CHANNEL_ONLY] = "ss",
    [MSG_REJOINED] = "ss",
    [MSG_AWAY] = "sds",
    [MSG_LOBBY_TIMEOUT] = "s",
    [MSG_TURN_WARNING] = "dsss",
    [MSG_WARN_FORFEIT] = "",
    [MSG_WARN_AUTO] = "s",
    [MSG_FORFEIT_YOU] = "ss",
    [MSG_RESUMED] = "s",
    [MSG_RESTORED] = "s",
    [MSG_LOBBY_RESTORED] = "sdss",
    [MSG_STATS] = "sdsddddd",
    [MSG_STATS_NONE] = "s",
    [MSG_TOP] = "s",
    [MSG_TOP_NONE] = "s",
    [MSG_NO_STATS] = "",
    [MSG_BOT_LOBBY_ONLY] = "s",
    [MSG_ONLY_CREATOR_BOT] = "s",
    [MSG_BOT_NONE] = "s",
    [MSG_BOT_REMOVED] = "ssd",
    [MSG_BOT_ADDED] = "ssdss",
    [MSG_REPLACED] = "sss",
    [MSG_ONLY_BOTS_LEFT] = "s",
    [MSG_RESULT_REPEAT] = "",
    [MSG_CHANNEL_DROPPED] = "",
    [MSG_STORE_FULL] = "",
    [MSG_STORE_READONLY] = "",
    [MSG_STORE_LOCKED] = "",
    [MSG_STORE_FAILING] = "",
    [MSG_STORE_BACK] = "",
    [MSG_HELP_BOTS] = "ss",
    [MSG_HELP_STATS] = "ss",
    [MSG_HELP_TOPICS] = "ss",
    [MSG_WORD_CLASSIC] = "",
    [MSG_WORD_TRANSFER] = "",
    [MSG_WORD_ALL] = "",
    [MSG_WORD_NEIGHBOURS] = "",
    [MSG_OPTIONS] = "sss",
    [MSG_OPTIONS_FIRST5] = "",
    [MSG_AWAY_MARK] = "",
    [MSG_NO_CARDS] = "",
    [MSG_EMPTY_TABLE] = "",
    [MSG_WORD_SPADE] = "",
    [MSG_WORD_CLUB] = "",
    [MSG_WORD_DIAMOND] = "",
    [MSG_WORD_HEART] = "",
    [MSG_RESULT_PLACES] = "s",
    [MSG_RESULT_FORFEITED] = "s",
    [MSG_RESULT_RATINGS] = "s",
    [MSG_RESULT_AGAIN] = "s",
    [MSG_AGAIN_OPEN] = "sssss",
    [MSG_AGAIN_AGREED] = "ss",
    [MSG_AGAIN_NONE] = "ss",
    [MSG_STOP_VOTE] = "sdds",
    [MSG_STOP_VOTE_FAILED] = "",
    [MSG_STOP_AGREED] = "",
    [MSG_STOP_NOT_SEATED] = "s",
    [MSG_HELP_SHORT] = "sss",
    [MSG_HELP_SENT] = "ss",
    [MSG_MOVE_IN_CHANNEL] = "sss",
    [MSG_SET_DONE] = "s",
    [MSG_SET_SHOW] = "ssss",
    [MSG_SET_BAD] = "s",
    [MSG_WORD_CARDS_ONE] = "",
    [MSG_WORD_CARDS_FEW] = "",
    [MSG_WORD_CARDS_MANY] = "",
    [MSG_WORD_GAMES_ONE] = "",
    [MSG_WORD_GAMES_FEW] = "",
    [MSG_WORD_GAMES_MANY] = "",
    [MSG_WORD_SECONDS_ONE] = "",
    [MSG_WORD_SECONDS_FEW] = "",
    [MSG_WORD_SECONDS_MANY] = "",
    [MSG_CMD_PLAY] = "",
    [MSG_CMD_BEAT] = "",
    [MSG_CMD_TAKE] = "",
    [MSG_CMD_PASS] = "",
    [MSG_CMD_TRANSFER] = "",
    [MSG_RANK_J] = "",
    [MSG_RANK_Q] = "",
    [MSG_RANK_K] = "",
    [MSG_RANK_A] = "",
    [MSG_SUIT_LETTER_SPADE] = "",
    [MSG_SUIT_LETTER_CLUB] = "",
    [MSG_SUIT_LETTER_DIAMOND] = "",
    [MSG_SUIT_LETTER_HEART] = "",
    [MSG_CARD_OR] = "ss",
    [MSG_LANG_NAME] = "",
    [MSG_SET_LANGUAGE] = "s",
    [MSG_SET_LANG_BAD] = "s",
    [MSG_HELP_CARDS] = "",
    [MSG_SET_DEFAULT] = "",
};

static const char *const msg_english[MSG_COUNT] = {
    [MSG_PARSE_DURAK_OPTION] =
        "unknown option \"%s\" for %sdurak: use classic|transfer, all|neighbours, first5",
    [MSG_PARSE_DURAK_CONFLICT] =
        "\"%s\" and \"%s\" cannot both be chosen: pick one, e.g. %sdurak %s",
    [MSG_PARSE_BOT_OPTION] =
        "unknown option \"%s\" for %sbot: use %sbot easy|normal|hard, or %sbot remove",
    [MSG_PARSE_TOP_NUMBER] = "\"%s\" is not a number from 1 to 20: try %stop 10",
    [MSG_PARSE_STATS_NICK] =
        "\"%s\" is not a nick: type %sstats and a nick, or %sstats alone for yours",
    [MSG_PARSE_EXTRA_WORD] = "\"%s\" after %s is not understood: type just %s",
    [MSG_PARSE_NEEDS_CARD] = "%s needs a card to play: %s",
    [MSG_PARSE_NOT_CARD] = "\"%s\" is not a card: try %s",
    [MSG_PARSE_NO_SUIT] = "\"%s\" is not a card: add the suit after the rank, e.g. %s",
    [MSG_PARSE_SUIT_FIRST] = "\"%s\" is not a card: write the rank first, e.g. %s",
    [MSG_PARSE_BAD_RANK] = "\"%s\" is not a card: the rank is one of 6 7 8 9 10 J Q K A, e.g. %s",
    [MSG_PARSE_TWO_CARDS] = "send one card at a time: to cover %s with %s, type %s",
    [MSG_PARSE_UNKNOWN_PRIVATE] =
        "\"%s\" is not a command or a card: type moves to see your moves, or help for all commands",
    [MSG_PARSE_AMBIGUOUS] = "\"%s\" could mean %s: type one of them",
    [MSG_PARSE_CHANNEL_ONLY] = "%s%s is a channel command: type it in the channel, not to me",
    [MSG_TURN_LEAD] = "lead a card",
    [MSG_TURN_DEFEND] = "beat %s or take",
    [MSG_TURN_DEFEND_TRANSFER] = "beat %s, take or transfer",
    [MSG_TURN_THROWIN] = "throw in a card of a rank on the table, or pass",
    [MSG_TURN_TAKING] = "add cards for %s to take, or pass",
    [MSG_LINE_ACT] = "%s: %s",
    [MSG_WAIT_THROWIN] = "throw-ins may follow",
    [MSG_WAIT_ADDING] = "cards may be added",
    [MSG_STATUS] = "trump %s \xC2\xB7 stock %d \xC2\xB7 hands %s",
    [MSG_STATUS_TABLE] = "table %s",
    [MSG_YOUR_TURN] = "Your turn in %s: %s \xE2\x80\x94 %s \xC2\xB7 hand: %s (trump %s)",
    [MSG_HAND] = "Your hand in %s: %s (trump %s)",
    [MSG_RESULT_DURAK] = "Game over: %s is the durak!",
    [MSG_RESULT_DRAW] =
        "Game over: a draw: the last players went out together, nobody is the durak.",
    [MSG_RESULT_WON] = "Game over: %s wins as the others left; nobody is the durak.",
    [MSG_RESULT_NONE] = "Game over: everybody left; no result.",
    [MSG_BOUT_TAKEN] = "%s picks up %d %s",
    [MSG_BOUT_BEATEN] = "Bito",
    [MSG_TRUMP_DRAWN] = "%s draws the last card, the trump %s",
    [MSG_PLAYER_OUT] = "%s is out (place %d)",
    [MSG_MOVE_LEAD] = "%s leads %s",
    [MSG_MOVE_ADD] = "%s adds %s",
    [MSG_MOVE_THROW] = "%s throws in %s",
    [MSG_MOVE_BEAT] = "%s beats %s with %s",
    [MSG_MOVE_TAKE] = "%s takes",
    [MSG_MOVE_TRANSFER] = "%s transfers with %s to %s",
    [MSG_TIMEOUT_PREFIX] = "Time is up: ",
    [MSG_FORFEIT_LEFT] = "%s leaves the game and forfeits",
    [MSG_FORFEIT_TIMEOUTS] = "%s timed out too often and forfeits",
    [MSG_FORFEIT_GONE] = "%s did not come back in time and forfeits",
    [MSG_GAME_START] = "Durak (%s) starts: %s. Trump: %s. %s holds the lowest trump, %s, and "
                       "attacks first. Play by private message to me (try: moves).",
    [MSG_GAME_START_NO_TRUMP] = "Durak (%s) starts: %s. Trump: %s. Nobody holds a trump, so %s "
                                "attacks first. Play by private message to me (try: moves).",
    [MSG_GAME_RUNNING] = "A game is already running in %s; wait for it to end (%stable shows it).",
    [MSG_LOBBY_EXISTS] = "A game is already open in %s: type %sjoin to take a seat.",
    [MSG_ALREADY_SEATED] =
        "You already sit at the game in %s: finish it, or type %sleave there first.",
    [MSG_ALREADY_HERE] = "You are already seated in %s (%sleave gives up your seat).",
    [MSG_LOBBY_OPEN] =
        "%s opens a game of Durak (%s): type %sjoin to play; %s starts it with %sstart.",
    [MSG_LOBBY_FULL] = "The game in %s is full (6 players): wait for the next one.",
    [MSG_LOBBY_JOINED] = "%s joins: %s (%d/6). %s can start with %sstart.",
    [MSG_NOT_SEATED_HERE] = "You are not seated in %s: type %sjoin to take a seat.",
    [MSG_LOBBY_EMPTY] = "%s leaves; nobody is left, so the game is closed.",
    [MSG_LOBBY_LEFT] = "%s leaves. Seated: %s; %s can start with %sstart.",
    [MSG_ONLY_CREATOR_START] = "Only %s, who opened the game, or an admin can start it.",
    [MSG_NEED_PLAYERS] = "At least 2 players are needed: others can type %sjoin.",
    [MSG_ONLY_CREATOR_STOP] = "Only %s, who opened the game, or an admin can stop it.",
    [MSG_GAME_STOPPED] = "%s stops the game; no result.",
    [MSG_LOBBY_STOPPED] = "%s closes the game before it started.",
    [MSG_LOBBY_STATUS] = "Waiting to start: %s (%d/6). %s can start with %sstart.",
    [MSG_RULES_1] = "Durak (%s), 36 cards 6 to A: the suit of the card under the stock is trump "
                    "and the lowest trump attacks first. Cover each attack card with a higher card "
                    "of its suit or any trump, or take the whole table.",
    [MSG_RULES_2_ALL] =
        "When all is covered, the other players may throw in cards of a rank already on the table: "
        "at most 6 a bout%s, and never more than the defender held.",
    [MSG_RULES_2_NEIGHBOURS] =
        "When all is covered, the defender's two neighbours may throw in cards of a rank already "
        "on the table: at most 6 a bout%s, and never more than the defender held.",
    [MSG_RULES_FIRST5] = " (5 in the first bout)",
    [MSG_RULES_3_TRANSFER] =
        "Before covering anything the defender may transfer: add a card of the same rank and the "
        "next player defends. After each bout all draw up to 6; once the stock is empty, whoever "
        "has no cards is out; the last one holding cards is the durak.",
    [MSG_RULES_3_CLASSIC] = "After each bout all draw up to 6; once the stock is empty, whoever "
                            "has no cards is out; the last one holding cards is the durak.",
    [MSG_HELP_1] =
        "Commands: %1$sdurak [classic|transfer] [all|neighbours] [first5] opens a game; %1$sjoin, "
        "%1$sleave, %1$sstart, %1$sstop, %1$stable, %1$sbot [easy|normal|hard], %1$sstats [nick], "
        "%1$stop [n], %1$srules, %1$shelp [moves|cards|bots|stats].",
    [MSG_HELP_2] = "Play by private message to %s: play C, beat C [T], take, pass, transfer C, "
                   "hand, moves; cards like 7h, 10s, Qd or 7\xE2\x99\xA5"
                   ".",
    [MSG_NO_GAME_HERE] = "No game in %s: open one with %sdurak.",
    [MSG_PRIVATE_ONLY] = "Moves go by private message: /msg %s %s",
    [MSG_NO_MOVES] = "No moves for you now: it is %s's turn to %s.",
    [MSG_YOUR_MOVES] = "Your moves: %s",
    [MSG_ERR_NOT_IN_HAND] = "You have no %s: type hand to see your cards.",
    [MSG_ERR_DOES_NOT_BEAT_TRUMP] = "%s does not beat %s: play a higher trump, or take.",
    [MSG_ERR_DOES_NOT_BEAT] = "%s does not beat %s: play a higher %s or a trump, or take.",
    [MSG_ERR_NO_TARGET] =
        "%s is not an uncovered card on the table: type moves to see what to beat.",
    [MSG_ERR_RANK] =
        "%s cannot be added: only ranks already on the table may be thrown in (or type pass).",
    [MSG_ERR_FULL] = "No more cards may be added to this bout: type pass.",
    [MSG_ERR_NO_TRANSFER_VARIANT] = "This game is classic Durak, without transfers: beat or take.",
    [MSG_ERR_TRANSFER_COVERED] = "No transfer once a card is covered: beat or take.",
    [MSG_ERR_TRANSFER_RANK] = "%s cannot transfer: a transfer needs the rank of the attack cards.",
    [MSG_ERR_TRANSFER_TOO_MANY] = "No transfer: %s could not answer that many cards; beat or take.",
    [MSG_ERR_WRONG_PHASE] = "That move is not possible now: you are to %s (type moves to see how).",
    [MSG_ERR_BEAT_WHICH] = "Say which card %s should cover: %s",
    [MSG_ERR_CARD_NO_MOVE] = "%s is not a move now. Your moves: %s",
    [MSG_ERR_CARD_AMBIGUOUS] = "%s can mean %s: type the whole move.",
    [MSG_PRIVATE_HELP_1] =
        "Moves: play C (lead or throw in), beat C [T] (cover T with C), take, pass, transfer C; a "
        "bare card works when it means one move. hand shows your cards, moves your legal moves.",
    [MSG_PRIVATE_HELP_2] =
        "Cards: a rank 6 7 8 9 10 J Q K A (T for 10) then a suit s c d h or \xE2\x99\xA0"
        " \xE2\x99\xA3"
        " \xE2\x99\xA6"
        " \xE2\x99\xA5"
        ", e.g. 7h, 10s, Qd. Games are opened and joined in a channel.",
    [MSG_NOT_IN_GAME] =
        "You are not in a game: open one in a channel with %sdurak, or join one with %sjoin.",
    [MSG_NOT_STARTED] = "The game has not started yet: %s can start it with %sstart in %s.",
    [MSG_SEAT_HELD] = "The seat of %s in %s is held for its player, who sat down from another "
                      "address or account: to the bot you are someone else, so play under your "
                      "own nick.",
    [MSG_CHANNEL_ONLY] = "%s is a channel command: type it in %s.",
    [MSG_REJOINED] = "%s \xC2\xB7 %s is back and plays on.",
    [MSG_AWAY] = "%s left; their seat is held for %d %s.",
    [MSG_LOBBY_TIMEOUT] =
        "Nobody started the game in time, so it is closed: open a new one with %sdurak.",
    [MSG_TURN_WARNING] = "Hurry: %d %s left for your move in %s; %s",
    [MSG_WARN_FORFEIT] = "one more time-out forfeits the game.",
    [MSG_WARN_AUTO] = "if time runs out, I %s for you.",
    [MSG_FORFEIT_YOU] = "You are out of the game in %s: %s",
    [MSG_RESUMED] = "The connection is back; the game goes on. %s",
    [MSG_RESTORED] = "I am back after a restart; the game goes on. %s",
    [MSG_LOBBY_RESTORED] =
        "I am back after a restart; still waiting to start: %s (%d/6). %s can start with %sstart.",
    [MSG_STATS] = "%s: %d %s, out first %d, durak %d, draws %d, forfeits %d; rating %d.",
    [MSG_STATS_NONE] = "No games recorded for %s yet.",
    [MSG_TOP] = "Top players (rating, games): %s",
    [MSG_TOP_NONE] = "No games recorded yet: play one with %sdurak.",
    [MSG_NO_STATS] = "Stats are not kept: the bot has no database (see its log).",
    [MSG_BOT_LOBBY_ONLY] =
        "Computer players take seats before the game starts: open a new one with %sdurak.",
    [MSG_ONLY_CREATOR_BOT] = "Only %s, who opened the game, or an admin can seat computer players.",
    [MSG_BOT_NONE] = "No computer player is seated: add one with %sbot easy|normal|hard.",
    [MSG_BOT_REMOVED] = "%s leaves: %s (%d/6).",
    [MSG_BOT_ADDED] = "Computer player %s joins: %s (%d/6). %s can start with %sstart.",
    [MSG_REPLACED] = "%s; %s takes over the seat \xC2\xB7 %s",
    [MSG_ONLY_BOTS_LEFT] = "%s. Only computer players are left, so the game ends with no result.",
    [MSG_RESULT_REPEAT] = "Game over: a draw, nobody is the durak: the same position came back "
                          "with no card gone (rule R16).",
    [MSG_CHANNEL_DROPPED] = "I no longer serve this channel (my configuration changed), so the "
                            "game ends with no result.",
    [MSG_STORE_FULL] = "results are not being saved: the disk is full (I keep them and try again; "
                       "please tell an admin).",
    [MSG_STORE_READONLY] = "results are not being saved: the database cannot be written (I keep "
                           "them and try again; please tell an admin).",
    [MSG_STORE_LOCKED] = "results are not being saved: another program holds the database locked "
                         "(I keep them and try again; please tell an admin).",
    [MSG_STORE_FAILING] = "results are not being saved: the database fails (I keep them and try "
                          "again; please tell an admin).",
    [MSG_STORE_BACK] = "Results are being saved again; none was lost.",
    [MSG_HELP_BOTS] =
        "Computer players: in a lobby, %sbot easy|normal|hard seats one (normal by default) and "
        "%sbot remove takes the last one out; they see only what a player at their seat would see.",
    [MSG_HELP_STATS] =
        "%sstats [nick] shows games, times out first, times durak, draws, forfeits and the rating; "
        "%stop [n] the best n players by rating (Elo over each game's ranking).",
    [MSG_HELP_TOPICS] = "No help on \"%s\": try %shelp with commands, moves, cards, bots or stats.",
    [MSG_WORD_CLASSIC] = "classic",
    [MSG_WORD_TRANSFER] = "transfer",
    [MSG_WORD_ALL] = "all",
    [MSG_WORD_NEIGHBOURS] = "neighbours",
    [MSG_OPTIONS] = "%s, throw-in by %s%s",
    [MSG_OPTIONS_FIRST5] = ", first bout 5 cards",
    [MSG_AWAY_MARK] = " (away)",
    [MSG_NO_CARDS] = "(none)",
    [MSG_EMPTY_TABLE] = "(empty)",
    [MSG_WORD_SPADE] = "spade",
    [MSG_WORD_CLUB] = "club",
    [MSG_WORD_DIAMOND] = "diamond",
    [MSG_WORD_HEART] = "heart",
    [MSG_RESULT_PLACES] = "places: %s",
    [MSG_RESULT_FORFEITED] = "forfeited: %s",
    [MSG_RESULT_RATINGS] = "ratings: %s",
    [MSG_RESULT_AGAIN] = "%sagain for a rematch",
    [MSG_AGAIN_OPEN] = "Rematch: %s. It starts when each of them has typed %sagain (waiting for "
                       "%s), or when %s types %sstart.",
    [MSG_AGAIN_AGREED] = "%s is in for the rematch; waiting for %s.",
    [MSG_AGAIN_NONE] = "There is no finished game to play again in %s: open one with %sdurak.",
    [MSG_STOP_VOTE] = "%s wants to stop the game (no result): %d of %d agree so far; more than "
                      "half must type %sstop within 30 seconds.",
    [MSG_STOP_VOTE_FAILED] = "Not enough players agreed to stop, so the game goes on.",
    [MSG_STOP_AGREED] = "The players agreed to stop the game; no result.",
    [MSG_STOP_NOT_SEATED] = "Only the players of the game (or an admin) can stop it; type %sleave "
                            "if you sit and want out.",
    [MSG_HELP_SHORT] =
        "%1$s: %2$sdurak opens a game, %2$sjoin takes a seat, %2$sstart deals; you play by private "
        "message to %3$s. More: %2$shelp commands, moves, cards, bots or stats.",
    [MSG_HELP_SENT] = "%s: the help on %s is in a private message to you.",
    [MSG_MOVE_IN_CHANNEL] = "%s: moves go by private message: /msg %s %s",
    [MSG_SET_DONE] = "Saved: %s.",
    [MSG_SET_SHOW] = "Your settings: private lines by %s, colours %s, turn line %s, language %s. "
                     "Change one with: set notice|privmsg, set colours on|off, set turn on|off, "
                     "set language en|ru|fr|es.",
    [MSG_SET_BAD] = "\"%s\" is not a setting: type set notice, set privmsg, set colours on|off, "
                    "set turn on|off or set language en|ru|fr|es.",
    [MSG_WORD_CARDS_ONE] = "card",
    [MSG_WORD_CARDS_FEW] = "cards",
    [MSG_WORD_CARDS_MANY] = "cards",
    [MSG_WORD_GAMES_ONE] = "game",
    [MSG_WORD_GAMES_FEW] = "games",
    [MSG_WORD_GAMES_MANY] = "games",
    [MSG_WORD_SECONDS_ONE] = "second",
    [MSG_WORD_SECONDS_FEW] = "seconds",
    [MSG_WORD_SECONDS_MANY] = "seconds",
    [MSG_CMD_PLAY] = "play",
    [MSG_CMD_BEAT] = "beat",
    [MSG_CMD_TAKE] = "take",
    [MSG_CMD_PASS] = "pass",
    [MSG_CMD_TRANSFER] = "transfer",
    [MSG_RANK_J] = "J",
    [MSG_RANK_Q] = "Q",
    [MSG_RANK_K] = "K",
    [MSG_RANK_A] = "A",
    [MSG_SUIT_LETTER_SPADE] = "s",
    [MSG_SUIT_LETTER_CLUB] = "c",
    [MSG_SUIT_LETTER_DIAMOND] = "d",
    [MSG_SUIT_LETTER_HEART] = "h",
    [MSG_CARD_OR] = "%s or %s",
    [MSG_LANG_NAME] = "English",
    [MSG_SET_LANGUAGE] = "Saved: your private lines are now in %s.",
    [MSG_SET_LANG_BAD] = "\"%s\" is not a language I speak: type set language en, ru, fr or es.",
    [MSG_HELP_CARDS] =
        "Cards: ranks 6 7 8 9 10 J (jack) Q (queen) K (king) A (ace), T for 10; suits s spades "
        "\xE2\x99\xA0, c clubs \xE2\x99\xA3, d diamonds \xE2\x99\xA6, h hearts \xE2\x99\xA5: "
        "7h, 10s, Qd, A\xE2\x99\xA3. Russian letters work too: 7\xD1\x87, \xD0\x94\xD0\xB1.",
    [MSG_SET_DEFAULT] = "default",
};

/* One table per language, each with every id (tests/test_messages.c checks). */
static const char *const *const msg_tables[MSG_LANG_COUNT] = {
    [MSG_LANG_EN] = msg_english,
    [MSG_LANG_RU] = msg_russian,
    [MSG_LANG_FR] = msg_french,
    [MSG_LANG_ES] = msg_spanish,
};

const char *msg_text_in(msg_lang lang, msg_id id)
{
    if ((unsigned)lang >= MSG_LANG_COUNT || (unsigned)id >= MSG_COUNT)
        return NULL;
    return msg_tables[lang][id];
}

const char *msg_in(msg_lang lang, msg_id id)
{
    const char *text = msg_text_in(lang, id);
    return text ? text : "";
}

const char *msg_text(msg_id id) { return msg_in(MSG_LANG_EN, id); }

const char *msg_arg_types(msg_id id) { return (unsigned)id < MSG_COUNT ? msg_types[id] : NULL; }
