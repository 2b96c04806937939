/* messages_lang.c — what differs by language besides the texts: the language codes, the plural
 * rule of each language, a card and a text's suit symbols in the language's rank and suit letters. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "messages.h"

static const char *const lang_codes[MSG_LANG_COUNT] = {
    [MSG_LANG_EN] = "en",
    [MSG_LANG_RU] = "ru",
    [MSG_LANG_FR] = "fr",
    [MSG_LANG_ES] = "es",
};

const char *msg_lang_code(msg_lang lang)
{
    return (unsigned)lang < MSG_LANG_COUNT ? lang_codes[lang] : NULL;
}

msg_lang msg_lang_checked(int lang)
{
    return lang >= 0 && lang < MSG_LANG_COUNT ? (msg_lang)lang : MSG_LANG_EN;
}

int msg_lang_of_code(const char *code)
{
    for (int i = 0; code && i < MSG_LANG_COUNT; i++)
        if (!strcasecmp(code, lang_codes[i]))
            return i;
    return -1;
}

int msg_plural_form(msg_lang lang, int n)
{
    unsigned a = n < 0 ? 0u - (unsigned)n : (unsigned)n;
    switch (lang) {
    case MSG_LANG_RU:
        if (a % 10 == 1 && a % 100 != 11)
            return 0;
        if (a % 10 >= 2 && a % 10 <= 4 && (a % 100 < 12 || a % 100 > 14))
            return 1;
        return 2;
    case MSG_LANG_FR: return a <= 1 ? 0 : 2; /* "0 carte", "1 carte", "2 cartes" */
    default: return a == 1 ? 0 : 2;
    }
}

const char *msg_plural(msg_lang lang, int n, msg_id one)
{
    return msg_in(lang, (msg_id)(one + msg_plural_form(lang, n)));
}

/* The command words' rows: each one's English text is the word it is looked up by. */
static const msg_id command_words[] = {
    MSG_CMD_PLAY,  MSG_CMD_BEAT,  MSG_CMD_TAKE,  MSG_CMD_PASS,    MSG_CMD_TRANSFER, MSG_CMD_DURAK,
    MSG_CMD_JOIN,  MSG_CMD_LEAVE, MSG_CMD_START, MSG_CMD_STOP,    MSG_CMD_TABLE,    MSG_CMD_RULES,
    MSG_CMD_HELP,  MSG_CMD_BOT,   MSG_CMD_STATS, MSG_CMD_TOP,     MSG_CMD_AGAIN,    MSG_CMD_HAND,
    MSG_CMD_MOVES, MSG_CMD_LAST,  MSG_CMD_WATCH, MSG_CMD_UNWATCH, MSG_CMD_HINT,
};

const char *msg_command(msg_lang lang, const char *english)
{
    for (size_t i = 0; i < sizeof command_words / sizeof command_words[0]; i++)
        if (!strcmp(english, msg_text(command_words[i])))
            return msg_in(lang, command_words[i]);
    return english;
}

char *msg_rank(msg_lang lang, int rank, char *buf, size_t cap)
{
    if (rank >= 9 && rank <= 12)
        snprintf(buf, cap, "%s", msg_in(lang, (msg_id)(MSG_RANK_J + rank - 9)));
    else
        snprintf(buf, cap, "%d", rank + 2);
    return buf;
}

static const char *const symbols[4] = { "\xE2\x99\xA0", "\xE2\x99\xA3", "\xE2\x99\xA6",
                                        "\xE2\x99\xA5" };

char *msg_card(msg_lang lang, int rank, int suit, bool unicode, char *buf, size_t cap)
{
    char r[12];
    suit &= 3;
    snprintf(buf, cap, "%s%s", msg_rank(lang, rank, r, sizeof r),
             unicode ? symbols[suit] : msg_in(lang, (msg_id)(MSG_SUIT_LETTER_SPADE + suit)));
    return buf;
}

/* The suit (0-3) whose symbol s starts with, or -1. */
static int symbol_at(const char *s)
{
    for (int suit = 0; suit < 4; suit++)
        if (!strncmp(s, symbols[suit], 3))
            return suit;
    return -1;
}

const char *msg_in_suits(msg_lang lang, msg_id id, bool symbols_shown, char *buf, size_t cap)
{
    const char *text = msg_in(lang, id);
    if (!strchr(text, '{') && (symbols_shown || !strstr(text, "\xE2\x99")))
        return text;
    bool in_part = false;
    size_t n = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '{' || *p == '}') {
            in_part = *p == '{';
            continue;
        }
        if (in_part && !symbols_shown)
            continue;
        int suit = symbols_shown ? -1 : symbol_at(p);
        const char *piece = suit < 0 ? p : msg_in(lang, (msg_id)(MSG_SUIT_LETTER_SPADE + suit));
        size_t len = suit < 0 ? 1 : strlen(piece);
        if (n + len >= cap)
            break;
        memcpy(buf + n, piece, len);
        n += len;
        p += suit < 0 ? 0 : 2;
    }
    buf[n] = '\0';
    return buf;
}
