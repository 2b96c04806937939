/* messages.c — the message tables: the English texts (messages_types.c has the types of each
 * id's arguments). Add an id to messages.h, its types there and its text here: one sentence,
 * saying what to do. */
#include "messages.h"
#include "messages_tables.h"

#include <stddef.h>

static const char *const msg_english[MSG_COUNT] = {
    [MSG_PARSE_DURAK_OPTION] =
        "unknown option \"%s\" for %sdurak: use classic|transfer, all|neighbours, first5, teams",
    [MSG_PARSE_DURAK_CONFLICT] =
        "\"%s\" and \"%s\" cannot both be chosen: pick one, e.g. %sdurak %s",
    [MSG_PARSE_BOT_OPTION] =
        "unknown option \"%s\" for %sbot: use %sbot easy|normal|hard|expert, or %sbot remove",
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
        "Commands: %1$sdurak [classic|transfer] [all|neighbours] [first5] [teams] opens a game; "
        "%1$sjoin, %1$sleave, %1$sstart, %1$sstop, %1$stable, %1$sbot [easy|normal|hard|expert], "
        "%1$sstats [nick], %1$stop [n], %1$swatch, %1$slast, %1$srules, "
        "%1$shelp [moves|cards|bots|stats|solo].",
    [MSG_HELP_2] = "Play by private message to %s: play C, beat C [T], take, pass, transfer C, "
                   "hand, moves, hint; cards like 7h, 10s, Qd or 7\xE2\x99\xA5"
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
    [MSG_ERR_WRONG_PHASE] = "That move is not possible now: you are to %s. Your moves: %s",
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
        ", e.g. 7h, 10s, Qd. Games are opened and joined in a channel; alone against computer "
        "players: play [easy|normal|hard] [2-6] (help solo).",
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
    [MSG_BOT_NONE] = "No computer player is seated: add one with %sbot easy|normal|hard|expert.",
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
        "Computer players: in a lobby, %sbot easy|normal|hard|expert seats one (normal by default) "
        "and "
        "%sbot remove takes the last one out; they see only what a player at their seat would see.",
    [MSG_HELP_STATS] =
        "%sstats [nick] shows games, times out first, times durak, draws, forfeits and the rating; "
        "%stop [n] the best n players by rating (Elo over each game's ranking); %slast the "
        "channel's last game, with the id durakbot --export-game takes.",
    [MSG_HELP_TOPICS] =
        "No help on \"%s\": try %shelp with commands, moves, cards, bots, stats or solo.",
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
        "message to %3$s. More: %2$shelp commands, moves, cards, bots, stats or solo; alone "
        "against "
        "computer players: /msg %3$s play.",
    [MSG_HELP_SENT] = "%s: the help on %s is in a private message to you.",
    [MSG_MOVE_IN_CHANNEL] = "%s: moves go by private message: /msg %s %s",
    [MSG_SET_DONE] = "Saved: %s.",
    [MSG_SET_SHOW] = "Your settings: private lines by %s, colours %s, turn line %s, language %s. "
                     "Change one with: set notice|privmsg, set colours on|off, set turn on|off, "
                     "set language en|ru|fr|es.",
    [MSG_SET_BAD] = "\"%s\" is not a setting: type set notice, set privmsg, set colours on|off, "
                    "set turn on|off or set language en|ru|fr|es.",
    [MSG_PARSE_READ_ACE] = "%s = %s (Cyrillic \xD0\xA2 is the ace); for %s type %s.",
    [MSG_PARSE_READ_TEN] = "%s = %s (Latin T is the ten); for %s type %s.",
    [MSG_OPTIONS_TEAMS] = ", teams of two",
    [MSG_TEAMS_SEATS] = "%s; teams %s",
    [MSG_TEAMS_NEED_4_OR_6] =
        "A teams game needs 4 or 6 players, partners sitting opposite, "
        "not %d: others can type %sjoin, or add a computer player with %sbot.",
    [MSG_RESULT_TEAM_LOST] = "Team %s loses, %s won.",
    [MSG_RESULT_ONE_TEAM] = "Game over: only %s are left, and partners never play each other.",
    [MSG_RESULT_TEAM_FORFEIT] = "Game over: %s left, which ends a team game at once.",
    [MSG_RULES_TEAMS] =
        "Teams of two: partners sit opposite (1st+3rd and 2nd+4th to join; with 6: 1st+4th, "
        "2nd+5th, 3rd+6th) and never play each other: the next opponent defends, and a "
        "defender's partner never throws in. The durak's team loses, so does a team left alone; "
        "a player who leaves ends the game and their team loses.",
    [MSG_PARSE_SOLO_WORD] = "\"%s\" is not a choice of play: start a private game with play "
                            "[classic|transfer] [easy|normal|hard] [2-6] (in any order, each at "
                            "most once), or play a card, e.g. play 7h.",
    [MSG_PARSE_SOLO_PLAYERS] = "A private game has 2 to 6 players (you and 1 to 5 computer "
                               "players), not %s: e.g. play hard 3.",
    [MSG_SOLO_WHERE] = "your private game",
    [MSG_SOLO_WHERE_OTHER] = "a private game",
    [MSG_SOLO_ALREADY] = "You already have a private game: play on (moves shows your choices), or "
                         "end it with /msg %s stop (it counts as a forfeit).",
    [MSG_SOLO_UNKNOWN] = "I cannot tell who you are (no account, no user@host), and a private game "
                         "must follow you: try again in a moment.",
    [MSG_SOLO_FULL] = "Too many private games are running: try again later.",
    [MSG_SOLO_STOPPED] = "You stop your private game; it counts as a forfeit.",
    [MSG_SOLO_FORFEIT] = "Game over: %s leaves the private game and forfeits.",
    [MSG_SOLO_NO_GAME] = "You have no private game to stop: start one with /msg %s play.",
    [MSG_SOLO_AGAIN] = "another: /msg %s play",
    [MSG_STATS_SOLO] = "%s alone against computer players: %d %s, out first %d, durak %d, "
                       "forfeits %d; solo rating %d.",
    [MSG_TOP_SOLO] = "Top players alone against computer players (solo rating, games): %s",
    [MSG_TOP_SOLO_NONE] = "No private games recorded yet: start one with /msg %s play.",
    [MSG_TOP_BOTS] = "Top computer players (rating, games): %s",
    [MSG_HELP_SOLO] = "Alone: /msg %s play [classic|transfer] [easy|normal|hard] [2-6] deals you a "
                      "private game against computer players (stop ends it, %stop solo ranks "
                      "them); %swatch in a channel sends you its game's public lines, %sunwatch "
                      "stops.",
    [MSG_WATCH_ON] = "You watch the game in %s: its public lines come to you privately (never a "
                     "hand) until %sunwatch, the game ends or you leave %s.",
    [MSG_WATCH_LINE] = "[%s] %s",
    [MSG_WATCH_OFF] = "You no longer watch the game in %s.",
    [MSG_WATCH_NOT] = "You are not watching the game in %s: %swatch starts.",
    [MSG_WATCH_SEATED] = "You play in the game in %s, so you cannot watch it: its lines and your "
                         "hand come to you anyway.",
    [MSG_WATCH_NO_GAME] = "No game is running in %s to watch: %swatch works once one has started.",
    [MSG_WATCH_FULL] = "The game in %s already has %d spectators, the most it takes: try again "
                       "later.",
    [MSG_WATCH_ALREADY] = "You already watch the game in %s (%sunwatch stops).",
    [MSG_DEAL_FINGERPRINT] =
        "Deal fingerprint: %s (SHA-256 of its seed and salt, shown at the end).",
    [MSG_DEAL_REVEAL] = "Deal: seed=%s salt=%s \xE2\x80\x94 check: printf '%%s' '%s' | sha256sum",
    [MSG_LAST_GAME] = "Last game #%d (%s, %d players, %d min): %s \xE2\x80\x94 durakbot "
                      "--export-game %d",
    [MSG_LAST_NONE] = "No finished game is recorded in %s yet; open one with %sdurak.",
    [MSG_LAST_STORE] = "The game records cannot be read now (the state database is not "
                       "available); try again later.",
    [MSG_LAST_DURAK] = "durak %s",
    [MSG_LAST_DRAW] = "a draw",
    [MSG_LAST_WON] = "%s won (the others left)",
    [MSG_LAST_PLACE] = "%s place %d",
    [MSG_LAST_LEFT] = "%s left",
    [MSG_HINT_ONLY] = "hint: %s \xE2\x80\x94 it is your only move.",
    [MSG_HINT_TAKE_CANNOT] = "hint: %s \xE2\x80\x94 nothing in your hand covers %s.",
    [MSG_HINT_TAKE_TRUMPS] = "hint: %s \xE2\x80\x94 covering needs a trump for %d of them "
                             "(trumps in your hand: %d; uncovered cards: %d).",
    [MSG_HINT_TAKE_MANY] = "hint: %s \xE2\x80\x94 uncovered cards: %d; cards that may still be "
                           "added: %d.",
    [MSG_HINT_BEAT_TRUMP] = "hint: %s \xE2\x80\x94 you hold no higher %s, so only a trump covers "
                            "it.",
    [MSG_HINT_BEAT_LOWEST] = "hint: %s \xE2\x80\x94 the lowest card you hold that covers it.",
    [MSG_HINT_BEAT_KEEPS] = "hint: %s \xE2\x80\x94 your lower cover %s stays in your hand.",
    [MSG_HINT_LEAD_PAIR] = "hint: %s \xE2\x80\x94 you hold more of that rank to add later (%d in "
                           "all).",
    [MSG_HINT_LEAD_LOWEST] = "hint: %s \xE2\x80\x94 your cheapest card.",
    [MSG_HINT_LEAD_KEEPS] = "hint: %s \xE2\x80\x94 your cheapest card, %s, is kept for later.",
    [MSG_HINT_ADD] = "hint: %s \xE2\x80\x94 its rank is on the table (cards in %s's hand: %d).",
    [MSG_HINT_ADD_TAKING] = "hint: %s \xE2\x80\x94 %s is taking, so the card goes to them.",
    [MSG_HINT_PASS] = "hint: %s \xE2\x80\x94 cards you could add: %d, trumps among them: %d.",
    [MSG_HINT_TRANSFER] = "hint: %s \xE2\x80\x94 it passes %d %s on to %s (cards in their hand: "
                          "%d).",
    [MSG_HINT_OFF] = "Hints are not allowed in this game (game.hints is \"%s\").",
    [MSG_HINT_NOT_YOUR_TURN] = "A hint is for your turn in %s: ask again when it is yours.",
    [MSG_HINT_PENDING] = "Your hint is being worked out: it comes in a moment.",
    [MSG_RESULT_HINTS] = "hints taken: %s",
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
    [MSG_CMD_DURAK] = "durak",
    [MSG_CMD_JOIN] = "join",
    [MSG_CMD_LEAVE] = "leave",
    [MSG_CMD_START] = "start",
    [MSG_CMD_STOP] = "stop",
    [MSG_CMD_TABLE] = "table",
    [MSG_CMD_RULES] = "rules",
    [MSG_CMD_HELP] = "help",
    [MSG_CMD_BOT] = "bot",
    [MSG_CMD_STATS] = "stats",
    [MSG_CMD_TOP] = "top",
    [MSG_CMD_AGAIN] = "again",
    [MSG_CMD_HAND] = "hand",
    [MSG_CMD_MOVES] = "moves",
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
    [MSG_TOPIC_COMMANDS] = "commands",
    [MSG_TOPIC_MOVES] = "moves",
    [MSG_TOPIC_CARDS] = "cards",
    [MSG_TOPIC_BOTS] = "bots",
    [MSG_TOPIC_STATS] = "stats",
    [MSG_TOPIC_SOLO] = "solo",
    [MSG_WORD_VS] = " vs ",
    [MSG_WORD_AND] = " and ",
    [MSG_NICK_REFUSED] = "I am %s, not %s: NickServ refused my password, so services renamed me "
                         "and I stay silent. Fix irc.nickserv_password (or SASL) in my config, "
                         "then send me SIGHUP.",
    [MSG_CMD_LAST] = "last",
    [MSG_CMD_WATCH] = "watch",
    [MSG_CMD_UNWATCH] = "unwatch",
    [MSG_CMD_HINT] = "hint",
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
