/* parse_channel.h — the arguments of the channel commands that take some: durak's options,
 * bot's level, stats' nick, top's number. Each reads the rest of the line into c->out. */
#ifndef DURAK_PARSE_CHANNEL_H
#define DURAK_PARSE_CHANNEL_H

#include "parse_ctx.h"

/* durak [classic|transfer] [all|neighbours] [first5] [teams], in any order, with their aliases. */
void parse_channel_durak(parse_ctx *c);
/* bot [easy|normal|hard|expert] or bot remove. */
void parse_channel_bot(parse_ctx *c);
/* stats [nick]. */
void parse_channel_stats(parse_ctx *c);
/* top [n], n from 1 (up to 999: tables_info lists 20 at most), or top bots, or top solo. */
void parse_channel_top(parse_ctx *c);
/* Is w a word of a private game's `play`, or one it refuses as a choice, not as a card (a level,
 * even expert; a game option; a number of players up to 6, or any number from one with no game)? */
bool parse_solo_word(token w, bool no_game);
/* The rest of private "play [classic|transfer] [easy|normal|hard] [N]", any order;
 * first: the word already read after play, or NULL when there was none. */
void parse_private_solo(parse_ctx *c, const token *first);

#endif
