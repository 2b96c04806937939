/* test_parser.c — cmocka tests of the command parser and the message table: tables of
 * input lines and the command each must give, written as text by describe(). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "durak.h"
#include "messages.h"
#include "parser.h"
#include "parse_fold.h"
#include "parse_words.h"

/* One line and what it must give. `len` counts the bytes of a literal (NULs included). */
typedef struct {
    const char *line;
    size_t len;
    const char *want;
} parse_case;

#define CASE(s, want)                                                                              \
    {                                                                                              \
        s, sizeof(s) - 1, want                                                                     \
    }

typedef void (*parse_fn)(const char *, size_t, const parse_opts *, parsed_cmd *);

#define NOT_UTF8                                                                                   \
    "error: Your IRC client does not send UTF-8 (cp1251? koi8-r?): set its charset to UTF-8 and "  \
    "type it again. / Vash IRC-klient shlyot tekst ne v UTF-8: vystavte v nyom kodirovku UTF-8."

static const parse_opts OPTS_UNICODE = { "!", true, false, 0, true, false, false, false, 0 };
static const parse_opts OPTS_ASCII = { "!", false, false, 0, true, false, false, false, 0 };
/* Cards in errors written with Unicode suits, as the bot writes them by default. */
static const parse_opts OPTS_ASCII_T = { "!", true, false, 0, true, false, false, false, 0 };

/* ---------------------------------------------------------------- describing a result */

static void put(char *buf, size_t size, const char *fmt, ...)
{
    size_t n = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + n, size - n, fmt, ap);
    va_end(ap);
}

/* The result as one line: "play 7h", "durak transfer first5", "help [rules]", "error: ...". */
static const char *describe(const parsed_cmd *p, char *buf, size_t size)
{
    static const char *const variants[] = { "classic", "transfer" };
    static const char *const throwins[] = { "all", "neighbours" };
    static const char *const levels[] = { "easy", "normal", "hard", "expert" };
    char card[PARSE_CARD_TEXT_SIZE];
    buf[0] = '\0';
    put(buf, size, "%s", parse_kind_name(p->kind));
    if (p->move != PC_IGNORED) /* the move word the tables answer from the game */
        put(buf, size, " (%s", parse_kind_name(p->move));
    if (p->card != CARD_NONE)
        put(buf, size, " %s", parse_write_card(p->card, false, card));
    if (p->move != PC_IGNORED)
        put(buf, size, ")");
    if (p->target != CARD_NONE)
        put(buf, size, " %s", parse_write_card(p->target, false, card));
    if (p->rank == PARSE_RANK_TRUMP) { /* "бью козырем": "beat a trump" */
        put(buf, size, p->lowest ? " the lowest trump" : " a trump");
    } else if (p->rank >= 0) { /* a card named by its rank alone: "play 7 of any suit" */
        parse_write_card(card_make(p->rank, 0), false, card); /* "7s" */
        put(buf, size, " %.*s of %s", (int)strlen(card) - 1, card,
            p->of_trumps ? "trumps" : "any suit");
    }
    if ((p->of_trumps && (p->rank < 0 || p->rank == PARSE_RANK_TRUMP))
        || (p->lowest && p->rank != PARSE_RANK_TRUMP))
        put(buf, size, " (of_trumps %d, lowest %d?)", p->of_trumps, p->lowest);
    if (p->variant >= 0)
        put(buf, size, " %s", p->variant <= 1 ? variants[p->variant] : "variant?");
    if (p->throwin >= 0)
        put(buf, size, " %s", p->throwin <= 1 ? throwins[p->throwin] : "throwin?");
    if (p->first5 >= 0)
        put(buf, size, p->first5 == 1 ? " first5" : " first5=%d", p->first5);
    if (p->teams >= 0)
        put(buf, size, p->teams == 1 ? " teams" : " teams=%d", p->teams);
    if (p->bot_level >= 0)
        put(buf, size, " %s", p->bot_level <= 3 ? levels[p->bot_level] : "level?");
    if (p->bot_remove)
        put(buf, size, " remove");
    if (p->number >= 0)
        put(buf, size, " %d", p->number);
    if (p->arg[0])
        put(buf, size, " [%s]", p->arg);
    if (p->error[0] || p->kind == PC_ERROR)
        put(buf, size, ": %s", p->error);
    return buf;
}

/* The input with bytes outside printable ASCII written as \xNN, for failure reports. */
static const char *escaped(const char *s, size_t n, char *buf, size_t size)
{
    buf[0] = '\0';
    for (size_t i = 0; i < n && strlen(buf) + 5 < size; i++) {
        unsigned char b = (unsigned char)s[i];
        if (b >= 0x20 && b < 0x7F)
            put(buf, size, "%c", b);
        else
            put(buf, size, "\\x%02x", b);
    }
    return buf;
}

/* Parses a copy of exactly n bytes (so that ASan sees any read past the end). */
static void run_one(parse_fn fn, const char *line, size_t n, const parse_opts *o, parsed_cmd *p)
{
    char *copy = n ? malloc(n) : NULL;
    if (n)
        memcpy(copy, line, n);
    memset(p, 0x5A, sizeof *p); /* every field must be written */
    fn(copy, n, o, p);
    free(copy);
}

static int check_one(parse_fn fn, const char *name, const char *line, size_t n, const parse_opts *o,
                     const char *want)
{
    parsed_cmd p;
    char got[512], esc[2048];
    run_one(fn, line, n, o, &p);
    describe(&p, got, sizeof got);
    if (strcmp(got, want) == 0)
        return 0;
    print_error("%s(\"%s\")\n    got:  %s\n    want: %s\n", name, escaped(line, n, esc, sizeof esc),
                got, want);
    return 1;
}

static void check_table(parse_fn fn, const char *name, const parse_case *cases, size_t count,
                        const parse_opts *o)
{
    int failures = 0;
    for (size_t i = 0; i < count; i++)
        failures += check_one(fn, name, cases[i].line, cases[i].len, o, cases[i].want);
    if (failures)
        fail_msg("%d of %zu cases failed", failures, count);
}

#define CHECK_TABLE(fn, cases, o) check_table(fn, #fn, cases, sizeof(cases) / sizeof(cases[0]), o)

/* ---------------------------------------------------------------- channel */

static const parse_case channel_cases[] = {
    /* !durak and its options */
    CASE("!durak", "durak"),
    CASE("!durak classic", "durak classic"),
    CASE("!durak transfer", "durak transfer"),
    CASE("!durak transferir", "durak transfer"),
    CASE("!durak all", "durak all"),
    CASE("!durak neighbours", "durak neighbours"),
    CASE("!durak first5", "durak first5"),
    CASE("!durak transfer neighbours first5", "durak transfer neighbours first5"),
    CASE("!durak first5 all classic", "durak classic all first5"),
    CASE("!durak teams", "durak teams"), /* R19 */
    CASE("!durak Teams transfer teams", "durak transfer teams"),
    CASE("!DURAK Transfer NEIGHBORS First5", "durak transfer neighbours first5"),
    CASE("!durak podkidnoy", "durak classic"),
    CASE("!durak podkidnoi", "durak classic"),
    CASE("!durak throwin", "durak classic"),
    CASE("!durak perevodnoy", "durak transfer"),
    CASE("!durak perevodnoi", "durak transfer"),
    CASE("!durak passing", "durak transfer"),
    CASE("!durak neighbors", "durak neighbours"),
    CASE("!durak classic podkidnoy first5 first5", "durak classic first5"),
    CASE("!durak classic, neighbours.", "durak classic neighbours"),
    CASE("!durak (transfer) | all", "durak transfer all"),
    CASE("!durak blah", "error: Unknown option \"blah\" for !durak: use classic|transfer, "
                        "all|neighbours, first5, teams"),
    CASE("!durak first6", "error: Unknown option \"first6\" for !durak: did you mean first5?"),
    CASE("!durak transfr", "error: Unknown option \"transfr\" for !durak: did you mean transfer?"),
    CASE("!durak classic transfer", "error: \"classic\" and \"transfer\" cannot both be chosen: "
                                    "pick one, e.g. !durak transfer"),
    CASE("!durak neighbours first5 all",
         "error: \"neighbours\" and \"all\" cannot both be chosen: pick one, e.g. !durak all"),
    CASE("!durak podkidnoy PASSING", "error: \"podkidnoy\" and \"PASSING\" cannot both be chosen: "
                                     "pick one, e.g. !durak transfer"),
    /* commands without arguments */
    CASE("!join", "join"),
    CASE("!leave", "leave"),
    CASE("!start", "start"),
    CASE("!stop", "stop"),
    CASE("!table", "table"),
    CASE("!rules", "rules"),
    CASE("!Join", "join"),
    CASE("!JOIN", "join"),
    CASE("   !join   ", "join"),
    CASE("!join!", "join"),
    CASE("!join.", "join"),
    CASE("!start?", "start"),
    CASE("!join now", "error: \"now\" after !join is not understood: type just !join"),
    CASE("!stop the game", "error: \"the\" after !stop is not understood: type just !stop"),
    CASE("!rules please!", "error: \"please\" after !rules is not understood: type just !rules"),
    /* help */
    CASE("!help", "help"),
    CASE("!help rules", "help [rules]"),
    CASE("!help !durak", "help [durak]"),
    CASE("!help BEAT please", "help [beat]"),
    CASE("!help \"transfer\"?", "help [transfer]"),
    /* bot */
    CASE("!bot", "bot"),
    CASE("!bot easy", "bot easy"),
    CASE("!bot normal", "bot normal"),
    CASE("!bot medium", "bot normal"),
    CASE("!bot HARD", "bot hard"),
    CASE("!bot expert", "bot expert"),
    CASE("!bot expert now",
         "error: \"now\" after !bot expert is not understood: type just !bot expert"),
    CASE("!bot remove", "bot remove"),
    CASE("!bot insane", "error: Unknown option \"insane\" for !bot: use !bot "
                        "easy|normal|hard|expert, or !bot remove"),
    CASE("!bot hard now", "error: \"now\" after !bot hard is not understood: type just !bot hard"),
    CASE("!bot remove hard",
         "error: \"hard\" after !bot remove is not understood: type just !bot remove"),
    /* stats */
    CASE("!stats", "stats"),
    CASE("!watch", "watch"),
    CASE("!unwatch", "unwatch"),
    CASE("!top solo", "top [solo]"),
    CASE("!top máquinas", "top [bots]"),
    CASE("!stats alice", "stats [alice]"),
    CASE("!stats _", "stats [_]"), /* a nick of punctuation alone */
    CASE("!stats []", "stats [[]]"),
    CASE("!stats \"|\"", "stats [|]"),
    CASE("!stats ?",
         "error: \"?\" is not a nick: type !stats and a nick, or !stats alone for yours"),
    CASE("!stats a\xe2\x80\x8blice", "stats [alice]"), /* copied from a line that names her */
    CASE("!stats @Alice_[away],", "stats [Alice_[away]]"),
    CASE("!stats bob:", "stats [bob]"),
    CASE("!stats {x}|y`-^\\", "stats [{x}|y`-^\\]"),
    CASE("!stats al!ce",
         "error: \"al!ce\" is not a nick: type !stats and a nick, or !stats alone for yours"),
    CASE("!stats \xd0\xb1\xd0\xbe\xd0\xb1",
         "error: \"\xd0\xb1\xd0\xbe\xd0\xb1\" is not a nick: type !stats and a nick, or !stats "
         "alone for yours"),
    CASE("!stats alice bob",
         "error: \"bob\" after !stats alice is not understood: type just !stats alice"),
    /* top */
    CASE("!top", "top"),
    CASE("!top 1", "top 1"),
    CASE("!top 5", "top 5"),
    CASE("!top 20", "top 20"),
    CASE("!top 05", "top 5"),
    CASE("!top 10.", "top 10"),
    CASE("!top 0", "error: \"0\" is not a number from 1 to 20: try !top 10"),
    CASE("!top 21", "top 21"), /* more than 20: the top 20, said so (test_tables) */
    CASE("!top 500", "top 500"),
    CASE("!again", "again"),
    CASE("!rematch", "again"),
    CASE("!top -1", "error: \"-1\" is not a number from 1 to 20: try !top 10"),
    CASE("!top ten", "error: \"ten\" is not a number from 1 to 20: try !top 10"),
    CASE("!top 99999999999999999999", "top 999"),
    CASE("!top 5 6", "error: \"6\" after !top 5 is not understood: type just !top 5"),
    /* the number and the board in either order */
    CASE("!top bots 3", "top 3 [bots]"),
    CASE("!top 3 solo", "top 3 [solo]"),
    CASE("!top bots bots",
         "error: \"bots\" after !top bots is not understood: type just !top bots"),
    CASE("!top 3 bots 4",
         "error: \"4\" after !top 3 bots is not understood: type just !top 3 bots"),
    CASE("!top bots ten", "error: \"ten\" is not a number from 1 to 20: try !top 10"),
    CASE("!top solo 0", "error: \"0\" is not a number from 1 to 20: try !top 10"),
    /* not for us */
    CASE("", "ignored"),
    CASE("   ", "ignored"),
    CASE("durak", "ignored"),
    CASE("join", "ignored"),
    CASE("hello !durak", "ignored"),
    CASE("!", "ignored"),
    CASE("! durak", "ignored"),
    CASE("!!durak", "ignored"),
    CASE(".durak", "ignored"),
    CASE("?join", "ignored"),
    CASE("!duraks", "error: \"!duraks\" is not a command: did you mean !durak?"), /* ours */
    CASE("!durakbot", "ignored"),
    CASE("!play 7h", "ignored"),
    CASE("!take", "ignored"),
    CASE("!moves", "ignored"),
    CASE("!weather Moscow", "ignored"),
    CASE("\x01"
         "ACTION types !durak\x01",
         "ignored"),
    CASE("\x01"
         "PING 123\x01",
         "ignored"),
    /* formatting codes, control bytes, NUL */
    CASE("\x02!join\x02", "join"),
    CASE("\x03"
         "04!durak\x03 transfer",
         "durak transfer"),
    CASE("\x03"
         "04,12!durak \x1f"
         "first5\x1f",
         "durak first5"),
    CASE("!du\x02rak", "durak"),
    CASE("\x04"
         "FF8800!start\x0f",
         "start"),
    CASE("\x16\x1d\x1e\x11!stop", "stop"),
    CASE("!join\r\n", "join"),
    CASE("!join\tnow", "error: \"now\" after !join is not understood: type just !join"),
    CASE("!join\0now", "error: \"now\" after !join is not understood: type just !join"),
    CASE("!jo\0in", "ignored"),
    CASE("\0!join", "join"),
    CASE("!join\xc2\xa0\xe2\x80\x8b", "join"),
    CASE("!durak\xc2\xa0transfer", "durak transfer"),
    CASE("!join \xff\xfe", NOT_UTF8), /* a command of ours with bytes no UTF-8: why, not "??" */
    /* !дурак from a client set to cp1251: the bytes are no UTF-8, and no command */
    CASE("!\xe4\xf3\xf0\xe0\xea", "error: Your IRC client does not send UTF-8 (cp1251? koi8-r?): "
                                  "set its charset to UTF-8 and type it again. / Vash IRC-klient "
                                  "shlyot tekst ne v UTF-8: vystavte v nyom kodirovku UTF-8."),
    CASE("\xe4\xf3\xf0\xe0\xea", "ignored"), /* chatter without the prefix stays chatter */
    CASE("!durak \xe2\x80\xae"
         "evil",
         "error: Unknown option \"evil\" for !durak: use classic|transfer, all|neighbours, "
         "first5, teams"), /* a direction override is dropped, never echoed */
    CASE("!durak abcdefghijklmnopqrstuvwxyz",
         "error: Unknown option \"abcdefghijklmnopqrst\xe2\x80\xa6\" for !durak: use "
         "classic|transfer, all|neighbours, first5, teams"),
};

static void test_channel(void **state)
{
    (void)state;
    CHECK_TABLE(parse_channel, channel_cases, &OPTS_UNICODE);
    CHECK_TABLE(parse_channel, channel_cases, NULL); /* the same defaults */
}

static const parse_case dot_prefix_cases[] = {
    CASE(".join", "join"),
    CASE(".durak transfer", "durak transfer"),
    CASE("!join", "ignored"),
    CASE(".durak x", "error: Unknown option \"x\" for .durak: use classic|transfer, "
                     "all|neighbours, first5, teams"),
    CASE(".bot x",
         "error: Unknown option \"x\" for .bot: use .bot easy|normal|hard|expert, or .bot remove"),
    CASE(".top 50", "top 50"),
    CASE(".help .rules", "help [rules]"),
};

static const parse_case word_prefix_cases[] = {
    CASE("d!start", "start"),
    CASE("D!start", "ignored"),
    CASE("d! start", "ignored"),
    CASE("d!join x", "error: \"x\" after d!join is not understood: type just d!join"),
    CASE("d!stats a b", "error: \"b\" after d!stats a is not understood: type just d!stats a"),
};

static const parse_case long_prefix_cases[] = {
    CASE("abcdefghijklmnopqrstuvwxyzdurak x",
         "error: Unknown option \"x\" for abcdefghijklmnop\xe2\x80\xa6"
         "durak: use "
         "classic|transfer, all|neighbours, first5, teams"),
};

static void test_channel_prefixes(void **state)
{
    (void)state;
    parse_opts dot = { ".", true, false, 0, true, false, false, false, 0 },
               word = { "d!", true, false, 0, true, false, false, false, 0 },
               empty = { "", true, false, 0, true, false, false, false, 0 },
               none = { NULL, false, false, 0, true, false, false, false, 0 };
    parse_opts longer = {
        "abcdefghijklmnopqrstuvwxyz", true, false, 0, true, false, false, false, 0
    };
    CHECK_TABLE(parse_channel, dot_prefix_cases, &dot);
    CHECK_TABLE(parse_channel, word_prefix_cases, &word);
    CHECK_TABLE(parse_channel, long_prefix_cases, &longer);
    assert_int_equal(check_one(parse_channel, "empty prefix", "!join", 5, &empty, "join"), 0);
    assert_int_equal(check_one(parse_channel, "NULL prefix", "!join", 5, &none, "join"), 0);
    assert_int_equal(check_one(parse_private, "dot prefix", ".take", 5, &dot, "take"), 0);
    assert_int_equal(check_one(parse_private, "word prefix", "d!take", 6, &word, "take"), 0);
    /* a bare t means take in a classic game (there is no transfer), and is asked otherwise */
    parse_opts classic = { "!", true, true, 0, true, false, false, false, 0 };
    assert_int_equal(check_one(parse_private, "t, classic", "t", 1, &classic, "take"), 0);
    assert_int_equal(check_one(parse_private, "p, classic", "p", 1, &classic,
                               "error: \"p\" could mean play (pl) or pass (pa): type one of them"),
                     0);
    assert_int_equal(check_one(parse_private, "word prefix", "d!join", 6, &word,
                               "error: d!join is a channel command: type it in the channel, "
                               "not to me"),
                     0);
}

/* ---------------------------------------------------------------- private */

static const parse_case private_cases[] = {
    /* ходы from a client set to cp1251 */
    CASE("\xf5\xee\xe4\xfb", "error: Your IRC client does not send UTF-8 (cp1251? koi8-r?): set "
                             "its charset to UTF-8 and type it again. / Vash IRC-klient shlyot "
                             "tekst ne v UTF-8: vystavte v nyom kodirovku UTF-8."),
    /* commands, aliases, short forms */
    CASE("play 7h", "play 7h"),
    CASE("PLAY 7H", "play 7h"),
    CASE("pl 7h", "play 7h"),
    CASE("throw 7h", "play 7h"),
    CASE("!play 7h", "play 7h"),
    CASE("  ! play 7h", "play 7h"),
    CASE("beat 9s 7s", "beat 9s 7s"),
    CASE("b 9s 7s", "beat 9s 7s"),
    CASE("B 9S", "beat 9s"),
    CASE("cover 9s 7s", "beat 9s 7s"),
    CASE("beat 9s", "beat 9s"),
    CASE("beat 9\xe2\x99\xa0, 7\xe2\x99\xa0.", "beat 9s 7s"),
    CASE("take", "take"),
    CASE("tk", "take"),
    CASE("TAKE!", "take"),
    CASE("!take", "take"),
    CASE("pass", "pass"),
    CASE("pa", "pass"),
    CASE("transfer 7h", "transfer 7h"),
    CASE("tr 7h", "transfer 7h"),
    CASE("hand", "hand"),
    CASE("cards", "hand"),
    CASE("moves", "moves"),
    CASE("m", "moves"),
    CASE("Moves?", "moves"),
    CASE("help", "help"),
    CASE("help beat", "help [beat]"),
    CASE("!help Transfer", "help [transfer]"),
    /* bare cards */
    CASE("7h", "card 7h"),
    CASE("10\xe2\x99\xa0", "card 10s"),
    CASE("(Q\xe2\x99\xa6)", "card Qd"),
    CASE("\xd0\xba\xd0\xba", "card Kc"),
    CASE("as", "card As"), /* an English word that is a card: the game decides */
    CASE("!7h", "card 7h"),
    /* card notations */
    CASE("play 7\xe2\x99\xa5", "play 7h"),             /* 7♥ */
    CASE("play 7\xe2\x99\xa5\xef\xb8\x8f", "play 7h"), /* 7♥️ */
    CASE("play 7\xe2\x99\xa5\xef\xb8\x8e", "play 7h"), /* 7♥ text style */
    CASE("play 7\xe2\x99\xa1", "play 7h"),             /* 7♡ */
    CASE("play 7\xe2\x99\xa6", "play 7d"),             /* 7♦ */
    CASE("play 7\xe2\x99\xa2", "play 7d"),             /* 7♢ */
    CASE("play 7\xe2\x99\xa3", "play 7c"),             /* 7♣ */
    CASE("play 7\xe2\x99\xa7", "play 7c"),             /* 7♧ */
    CASE("play 7\xe2\x99\xa0", "play 7s"),             /* 7♠ */
    CASE("play 7\xe2\x99\xa4", "play 7s"),             /* 7♤ */
    CASE("play 7\xe2\x99\xa0\xef\xb8\x8f", "play 7s"), /* 7♠️ */
    CASE("play 10\xe2\x99\xa0", "play 10s"),
    CASE("play T\xe2\x99\xa0", "play 10s"),
    CASE("play t\xe2\x99\xa0", "play 10s"),
    CASE("play 10s", "play 10s"),
    CASE("play Ts", "play 10s"),
    CASE("play TS", "play 10s"),
    CASE("play tS", "play 10s"),
    CASE("play JS", "play Js"),
    CASE("play jd", "play Jd"),
    CASE("play qd", "play Qd"),
    CASE("play Kc", "play Kc"),
    CASE("play kC", "play Kc"),
    CASE("play Ah", "play Ah"),
    CASE("play aH", "play Ah"),
    CASE("play 6d", "play 6d"),
    CASE("play 8c", "play 8c"),
    CASE("play 9h", "play 9h"),
    CASE("play 2c", "play 2c"),
    CASE("play 3d", "play 3d"),
    CASE("play 4h", "play 4h"),
    CASE("play 5s", "play 5s"),
    /* Cyrillic: ranks В Д К Т, suits п к б ч */
    CASE("play \xd0\x9a\xd0\xba", "play Kc"), /* Кк */
    CASE("play \xd0\xba\xd0\xbf", "play Ks"), /* кп */
    CASE("play \xd0\x9a\xd0\x9a", "play Kc"), /* КК */
    CASE("play \xd0\xba\xd0\x9a", "play Kc"), /* кК */
    CASE("play \xd0\x9a\xd1\x87", "play Kh"), /* Кч */
    CASE("play 10\xd0\xba", "play 10c"),      /* 10к */
    CASE("play 7\xd0\x91", "play 7d"),        /* 7Б */
    CASE("play 6\xd0\x9f", "play 6s"),        /* 6П */
    CASE("play 9\xd0\xa7", "play 9h"),        /* 9Ч */
    CASE("play \xd0\x92\xd0\xb1", "play Jd"), /* Вб */
    CASE("play \xd0\xb2\xd0\xbf", "play Js"), /* вп */
    CASE("play \xd0\xb4\xd1\x87", "play Qh"), /* дч */
    CASE("play \xd0\x94\xd0\xba", "play Qc"), /* Дк */
    CASE("play \xd0\xa2\xd0\xbf", "play As"), /* Тп */
    CASE("play \xd1\x82\xd1\x87", "play Ah"), /* тч */
    CASE("play K\xd0\xba", "play Kc"),        /* Latin K, Cyrillic к */
    CASE("play T\xd0\xb1", "error: Tб: the ten 10♦ (type play 10б) or the ace A♦ (type play Тб)? "
                           "Latin T is the ten, Cyrillic Т the ace."),
    CASE("beat \xd0\xa2\xd0\xbf \xd0\x9a\xd0\xbf", "beat As Ks"),
    /* colour-coded and decorated cards */
    CASE("play \x03"
         "04,01"
         "7\xe2\x99\xa5"
         "\x03",
         "play 7h"),
    CASE("play \x02\x03"
         "04"
         "10\xe2\x99\xa5"
         "\x0f",
         "play 10h"),
    CASE("play \x03"
         "4Q\xe2\x99\xa5",
         "play Qh"),
    CASE("play \x03"
         "123h",
         "play 3h"), /* colour 12, then 3h */
    CASE("play \x03"
         ",5h",
         "play 5h"), /* no colour: ",5h" stays */
    CASE("play \x04"
         "FF0000Q\xe2\x99\xa5\x04",
         "play Qh"),
    CASE("play \x04"
         "FF0000,00FF00"
         "9s",
         "play 9s"),
    CASE("play \x1d\x1f\x16\x1e\x11Ks", "play Ks"),
    CASE("play K\x02s", "play Ks"),
    CASE("play (7h).", "play 7h"),
    CASE("play \xc2\xab"
         "7\xe2\x99\xa5\xc2\xbb",
         "play 7h"),
    CASE("play \xe2\x80\x9c"
         "7h\xe2\x80\x9d",
         "play 7h"),
    CASE("play *7h*", "play 7h"),
    CASE("play\xe2\x80\x83"
         "7h",
         "play 7h"), /* em space */
    CASE("play \xe2\x80\x8b"
         "7\xe2\x80\x8bh",
         "play 7h"), /* zero-width spaces */
    CASE("play \xe2\x80\x8f"
         "7\xe2\x80\x8eh",
         "play 7h"), /* RLM, LRM */
    CASE("\xe2\x81\xa7"
         "7\xe2\x99\xa5\xe2\x81\xa9",
         "card 7h"), /* an isolate around a pasted card */
    CASE("play \xe2\x80\xae"
         "7h\xe2\x80\xac",
         "play 7h"), /* RLO ... PDF */
    CASE("play 7h\r\n", "play 7h"),
    CASE("play\0 7h", "play 7h"),
    CASE("play\t7h", "play 7h"),
    /* play without a card is a private game against computer players */
    CASE("play", "play"),
    CASE("play transfer hard 3", "play transfer hard 3"),
    CASE("Play 4 EASY", "play easy 4"),
    CASE("play perevodnoy", "play transfer"),
    CASE("play 6 medium classic", "play classic normal 6"),
    CASE("jugar contra la máquina", "play"), /* what a private game is, said again */
    CASE("play against the computer hard", "play hard"),
    CASE("играю против компьютера", "play"),
    CASE("stop", "stop"),
    CASE("réglages langue es", "set [language es]"), /* the parser's word for the tables */
    CASE("ajustes IDIOMA ru", "set [language ru]"),
    CASE("arrêter", "stop"), /* a private game stops in every language */
    CASE("Arreter", "stop"),
    CASE("abandonner", "stop"),
    CASE("parar", "stop"),
    CASE("abandonar", "stop"),
    CASE("play hard hard",
         "error: \"hard\" is not a choice of play: start a private game with play "
         "[classic|transfer] [easy|normal|hard] [2-6] (in any order, each at most once), or play "
         "a card, e.g. play 7h."),
    CASE("play easy 7h",
         "error: \"7h\" is not a choice of play: start a private game with play "
         "[classic|transfer] [easy|normal|hard] [2-6] (in any order, each at most once), or play "
         "a card, e.g. play 7h."),
    CASE("play hard 9", "error: A private game has 2 to 6 players (you and 1 to 5 computer "
                        "players), not 9: e.g. play hard 3."),
    CASE("pl 3", "play 3 of any suit"), /* a rank alone: the hand says which card */
    /* errors */
    CASE("pl", "error (play): play needs a card to play: play 7\xe2\x99\xa5"),
    CASE("beat", "error (beat): beat needs a card to play: beat 9\xe2\x99\xa0 7\xe2\x99\xa0"),
    CASE("b", "error (beat): beat needs a card to play: beat 9\xe2\x99\xa0 7\xe2\x99\xa0"),
    CASE("transfer", "error (transfer): transfer needs a card to play: transfer 7\xe2\x99\xa5"),
    CASE("play ...", "play"),
    CASE("play 7x",
         "error: \"7x\" is not a card: the rank is followed by one suit, e.g. 7\xe2\x99\xa5 or 7h"),
    CASE("play Kx",
         "error: \"Kx\" is not a card: the rank is followed by one suit, e.g. K\xe2\x99\xa5 or Kh"),
    CASE("play foo", "error: \"foo\" is not a card: try 7\xe2\x99\xa5 or 7h"),
    /* a game's words that are no choice of a private game: refused as such, not as cards */
    CASE("play expert", "error: \"expert\" is not a choice of play: start a private game with "
                        "play [classic|transfer] [easy|normal|hard] [2-6] (in any order, each at "
                        "most once), or play a card, e.g. play 7h."),
    CASE("play hard teams", "error: \"teams\" is not a choice of play: start a private game with "
                            "play [classic|transfer] [easy|normal|hard] [2-6] (in any order, each "
                            "at most once), or play a card, e.g. play 7h."),
    CASE("play first5", "error: \"first5\" is not a choice of play: start a private game with "
                        "play [classic|transfer] [easy|normal|hard] [2-6] (in any order, each at "
                        "most once), or play a card, e.g. play 7h."),
    CASE("play 1", "error: A private game has 2 to 6 players (you and 1 to 5 computer players), "
                   "not 1: e.g. play hard 3."),
    CASE("play 7", "play 7 of any suit"),
    CASE("play Q", "play Q of any suit"),
    CASE("play 6", "play 6 of any suit"), /* in a game; "play 5" still asks for a private game */
    CASE("play 5", "play 5"),
    CASE("play T", "error: \"T\" is not a card: add the suit after the rank, e.g. 10\xe2\x99\xa5 "
                   "or 10h"), /* the ten or the ace: asked, never settled by the hand */
    CASE("play 7 8h", "error: \"7\" is not a card: add the suit after the rank, e.g. "
                      "7\xe2\x99\xa5 or 7h"),
    CASE("play h7", "error: \"h7\" is not a card: write the rank first, e.g. 7\xe2\x99\xa5 or 7h"),
    CASE("play \xe2\x99\xa0"
         "10",
         "error: \"\xe2\x99\xa0"
         "10\" is not a card: write the rank "
         "first, e.g. 10\xe2\x99\xa0 or 10s"),
    CASE("play \xd0\xba"
         "7",
         "error: \"\xd0\xba"
         "7\" is not a card: write the rank first, e.g. "
         "7\xe2\x99\xa3 or 7c"),
    CASE("play 11h", "error: \"11h\" is not a card: the rank is one of 6 7 8 9 10 J Q K A, e.g. "
                     "10\xe2\x99\xa5 or 10h"),
    CASE("play 1\xe2\x99\xa0", "error: \"1\xe2\x99\xa0\" is not a card: the rank is one of 6 7 8 "
                               "9 10 J Q K A, e.g. 10\xe2\x99\xa0 or 10s"),
    CASE("play 0d", "error: \"0d\" is not a card: the rank is one of 6 7 8 9 10 J Q K A, e.g. "
                    "10\xe2\x99\xa6 or 10d"),
    CASE("play 7hearts", "error: \"7hearts\" is not a card: the rank is followed by one suit, e.g. "
                         "7\xe2\x99\xa5 or 7h"), /* not "the rank is one of": 7 is one */
    CASE("play J\xe2\x99\xa6\xe2\x99\xa6",
         "error: \"J\xe2\x99\xa6\xe2\x99\xa6\" is not a card: the rank is "
         "followed by one suit, e.g. J\xe2\x99\xa5 or Jh"),
    CASE("play 7h 8h",
         "error (play 7h): one card at a time: play 7\xe2\x99\xa5, then play 8\xe2\x99\xa5"),
    CASE("play 7h 7h", "error: \"7h\" after play 7\xe2\x99\xa5 is not understood: type just play "
                       "7\xe2\x99\xa5"), /* the same card twice: not "7♥, then 7♥" */
    /* R17: after a transfer its player attacks: the second card is not a second transfer */
    CASE("transfer 7h 7d", "error (transfer 7h): a transfer is made with one card: transfer "
                           "7\xe2\x99\xa5 (the other you may throw in later, as an attacker)"),
    CASE("play 7h now", "error: \"now\" after play 7\xe2\x99\xa5 is not understood: type just play "
                        "7\xe2\x99\xa5"),
    CASE("beat 9s 7s 8s", "error: \"8s\" after beat 9\xe2\x99\xa0 7\xe2\x99\xa0 is not "
                          "understood: type just beat 9\xe2\x99\xa0 7\xe2\x99\xa0"),
    CASE("beat 9s 7x",
         "error: \"7x\" is not a card: the rank is followed by one suit, e.g. 7\xe2\x99\xa5 or 7h"),
    CASE("beat 9x 7s",
         "error: \"9x\" is not a card: the rank is followed by one suit, e.g. 9\xe2\x99\xa5 or 9h"),
    CASE("take now", "error: \"now\" after take is not understood: type just take"),
    CASE("pass 7h", "error: \"7h\" after pass is not understood: type just pass"),
    CASE("hand please", "error: \"please\" after hand is not understood: type just hand"),
    CASE("moves 1", "error: \"1\" after moves is not understood: type just moves"),
    CASE("take\r\nQUIT :bye", "error: \"QUIT\" after take is not understood: type just take"),
    CASE("7h 8h", "beat 7h 8h"), /* two bare cards: as the bot reads them */
    CASE("9s 7s", "beat 9s 7s"),
    CASE("9s 7s 8s", "error: send one card at a time: to cover 7\xe2\x99\xa0 with 9\xe2\x99\xa0, "
                     "type beat 9\xe2\x99\xa0 7\xe2\x99\xa0"),
    CASE("7h please", "error: \"please\" after 7\xe2\x99\xa5 is not understood: type just "
                      "7\xe2\x99\xa5"),
    CASE("hello", "error: \"hello\" is not a command or a card: type moves to see your moves, or "
                  "help for all commands"),
    CASE("\xd0\xb4\xd0\xb0", "error: \"\xd0\xb4\xd0\xb0\" is not a command or a card: type moves "
                             "to see your moves, or help for all commands"),
    CASE("t", "error: \"t\" could mean take (tk) or transfer (tr): type one of them"),
    CASE("T 7h", "error: \"T\" could mean take (tk) or transfer (tr): type one of them"),
    CASE("p", "error: \"p\" could mean play (pl) or pass (pa): type one of them"),
    CASE("h", "error: \"h\" could mean hand, help or hint: type one of them"),
    CASE("hint", "hint"),
    CASE("HINT.", "hint"),
    CASE("hint please", "error: \"please\" after hint is not understood: type just hint"),
    CASE("join", "error: !join is a channel command: type it in the channel, not to me"),
    CASE("!durak transfer", "error: !durak is a channel command: type it in the channel, not to "
                            "me"),
    CASE("stats", "stats"), /* stats, top and rules work privately too */
    CASE("stats _", "stats [_]"),
    CASE("top 3", "top 3"),
    CASE("rules", "rules"),
    CASE("7", "card 7 of any suit"),
    CASE("10", "card 10 of any suit"),
    CASE("7 8",
         "error: \"7\" is not a card: add the suit after the rank, e.g. 7\xe2\x99\xa5 or 7h"),
    CASE("7x",
         "error: \"7x\" is not a card: the rank is followed by one suit, e.g. 7\xe2\x99\xa5 or 7h"),
    CASE("h7", "error: \"h7\" is not a command or a card: type moves to see your moves, or help "
               "for all commands"),
    CASE("\xe2\x99\xa5"
         "7",
         "error: \"\xe2\x99\xa5"
         "7\" is not a card: write the rank first, "
         "e.g. 7\xe2\x99\xa5 or 7h"),
    CASE("\xe2\x99\xa5", "error: \"\xe2\x99\xa5\" is not a card: try 7\xe2\x99\xa5 or 7h"),
    /* invalid UTF-8 and things that must never be echoed */
    /* "jugar clásico" from a Latin-1 client: why, not a quote of "??" */
    CASE("play \xff\xfe", NOT_UTF8),
    CASE("play 7\xe2\x99", NOT_UTF8),
    CASE("play 7\xc0\xb1", NOT_UTF8),     /* overlong */
    CASE("play 7\xed\xa0\x80", NOT_UTF8), /* surrogate */
    CASE("\xff",
         "error: Your IRC client does not send UTF-8 (cp1251? koi8-r?): set its charset to UTF-8 "
         "and type it again. / Vash IRC-klient shlyot tekst ne v UTF-8: vystavte v nyom "
         "kodirovku UTF-8."),
    CASE("\xe2\x80\xae"
         "evil",
         "error: \"evil\" is not a command or a card: type moves to see "
         "your moves, or help for all commands"), /* RLO dropped: never echoed */
    CASE("\xc2\x85x", "error: \"?x\" is not a command or a card: type moves to see your moves, or "
                      "help for all commands"),
    CASE("\xe2\x80\x8f"
         "x",
         "error: \"x\" is not a command or a card: type moves to see your "
         "moves, or help for all commands"), /* RLM dropped */
    CASE("abcdefghijklmnopqrstuvwxyz", "error: \"abcdefghijklmnopqrst\xe2\x80\xa6\" is not a "
                                       "command or a card: type moves to see your moves, or help "
                                       "for all commands"),
    CASE("\xe2\x99\xa5\xe2\x99\xa5\xe2\x99\xa5\xe2\x99\xa5\xe2\x99\xa5\xe2\x99\xa5\xe2\x99\xa5"
         "\xe2\x99\xa5\xe2\x99\xa5\xe2\x99\xa5",
         "error: \"\xe2\x99\xa5\xe2\x99\xa5\xe2\x99\xa5\xe2\x99\xa5\xe2\x99\xa5\xe2\x99\xa5\xe2\x80"
         "\xa6\" is not a card: the rank is one of 6 7 8 9 10 J Q K A, e.g. 10\xe2\x99\xa5 or 10h"),
    CASE("play %s%n", "error: \"%s%n\" is not a card: try 7\xe2\x99\xa5 or 7h"),
    /* nothing to answer */
    CASE("", "ignored"),
    CASE("   ", "ignored"),
    CASE("...", "ignored"),
    CASE("?", "ignored"),
    CASE("\x02\x03\x0f", "ignored"),
    CASE("\r\n", "ignored"),
    CASE("\0", "ignored"),
    CASE("!", "ignored"),
    CASE("\x01"
         "VERSION\x01",
         "ignored"),
    CASE("\x01"
         "ACTION plays 7h\x01",
         "ignored"),
};

static void test_private(void **state)
{
    (void)state;
    CHECK_TABLE(parse_private, private_cases, &OPTS_UNICODE);
}

static const parse_case private_ascii_cases[] = {
    CASE("play 7\xe2\x99\xa5", "play 7h"),
    CASE("play", "play"),
    CASE("beat", "error (beat): beat needs a card to play: beat 9s 7s"),
    CASE("transfer", "error (transfer): transfer needs a card to play: transfer 7h"),
    CASE("play 7x", "error: \"7x\" is not a card: the rank is followed by one suit, e.g. 7h"),
    CASE("play 7", "play 7 of any suit"),
    CASE("play h7", "error: \"h7\" is not a card: write the rank first, e.g. 7h"),
    CASE("play 11d", "error: \"11d\" is not a card: the rank is one of 6 7 8 9 10 J Q K A, e.g. "
                     "10d"),
    CASE("9s 7s", "beat 9s 7s"),
    CASE("7h x", "error: \"x\" after 7h is not understood: type just 7h"),
    CASE("play 7h 8h", "error (play 7h): one card at a time: play 7h, then play 8h"),
    CASE("beat 7h with 9h", "beat 7h 9h"),
    CASE("play 9h on 7h", "beat 9h 7h"),
    CASE("9h on", "error: \"on\" after 9h is not understood: type just 9h"),
    CASE("beat 9s 7s 8s", "error: \"8s\" after beat 9s 7s is not understood: type just beat 9s "
                          "7s"),
};

/* With no running game a number after play cannot be a card: it is a count of players, and one
 * out of 2..6 gets the private game's error, not "add the suit". In a game it is a card. */
static const parse_case no_game_cases[] = {
    CASE("play 7", "error: A private game has 2 to 6 players (you and 1 to 5 computer players), "
                   "not 7: e.g. play hard 3."),
    CASE("play 10", "error: A private game has 2 to 6 players (you and 1 to 5 computer players), "
                    "not 10: e.g. play hard 3."),
    CASE("играю 7", "error: В личной игре от 2 до 6 игроков (вы и от 1 до 5 компьютерных), а не "
                    "7: например, играю сложный 3."),
    CASE("play 3", "play 3"),
    CASE("play 7h", "play 7h"),
    CASE("play Q", "error: \"Q\" is not a card: add the suit after the rank, e.g. Q\xe2\x99\xa5 "
                   "or Qh"),
};

static void test_private_no_game(void **state)
{
    (void)state;
    parse_opts o = OPTS_UNICODE;
    o.lang_chosen = false;
    o.no_game = true;
    CHECK_TABLE(parse_private, no_game_cases, &o);
}

static void test_private_ascii(void **state)
{
    (void)state;
    CHECK_TABLE(parse_private, private_ascii_cases, &OPTS_ASCII);
}

/* ---------------------------------------------------------------- lengths */

/* A line of `total` bytes: `head`, spaces, and `tail` starting at byte `at`. */
static char *make_line(size_t total, const char *head, const char *tail, size_t at)
{
    char *s = malloc(total + 1);
    assert_non_null(s);
    memset(s, ' ', total);
    memcpy(s, head, strlen(head));
    if (tail)
        memcpy(s + at, tail, strlen(tail));
    s[total] = '\0';
    return s;
}

static void check_line(parse_fn fn, const char *name, char *line, size_t n, const char *want)
{
    int failed = check_one(fn, name, line, n, &OPTS_UNICODE, want);
    free(line);
    assert_int_equal(failed, 0);
}

static void test_lengths(void **state)
{
    (void)state;
    parsed_cmd p;
    char got[512];
    /* 0 bytes, even with a NULL pointer or bytes beyond len */
    parse_channel(NULL, 0, NULL, &p);
    assert_string_equal(describe(&p, got, sizeof got), "ignored");
    parse_private(NULL, 0, NULL, &p);
    assert_string_equal(describe(&p, got, sizeof got), "ignored");
    parse_private("take", 0, NULL, &p);
    assert_string_equal(describe(&p, got, sizeof got), "ignored");
    /* 1 byte */
    check_line(parse_channel, "1", make_line(1, "!", NULL, 0), 1, "ignored");
    check_line(parse_private, "1", make_line(1, "m", NULL, 0), 1, "moves");
    check_line(parse_private, "1", make_line(1, "b", NULL, 0), 1,
               "error (beat): beat needs a card to play: beat 9\xe2\x99\xa0 7\xe2\x99\xa0");
    /* 511 and 512 bytes: the last word counts */
    check_line(parse_private, "511", make_line(511, "play", "7h", 509), 511, "play 7h");
    check_line(parse_private, "512", make_line(512, "play", "7h", 510), 512, "play 7h");
    check_line(parse_channel, "511", make_line(511, "!durak", "first5", 505), 511, "durak first5");
    check_line(parse_channel, "512", make_line(512, "!durak", "first5", 506), 512, "durak first5");
    check_line(parse_channel, "512", make_line(512, "!join", NULL, 0), 512, "join");
    /* 513 and 600 bytes: only the first 512 are read */
    check_line(parse_channel, "513", make_line(513, "!durak", "first5", 507), 513,
               "error: Unknown option \"first\" for !durak: did you mean first5?");
    check_line(parse_private, "600", make_line(600, "play", "7h", 500), 600, "play 7h");
    {
        char *s = make_line(600, "play", "7h", 500);
        memcpy(s + 580, "8h", 2); /* beyond 512: never seen */
        check_line(parse_private, "600", s, 600, "play 7h");
    }
    check_line(parse_private, "600", make_line(600, "play", "10h", 510), 600,
               "play 10 of any suit"); /* its h is past 512: a rank alone */
    check_line(parse_private, "600", make_line(600, "take", "now", 590), 600, "take");
    {
        char *s = make_line(600, "", NULL, 0);
        memset(s, 'a', 600);
        check_line(parse_private, "600", s, 600,
                   "error: \"aaaaaaaaaaaaaaaaaaaa\xe2\x80\xa6\" is not a command or a card: type "
                   "moves to see your moves, or help for all commands");
    }
    {
        char *s = make_line(600, "", NULL, 0);
        memset(s, 'a', 600);
        check_line(parse_channel, "600", s, 600, "ignored");
    }
    {
        char *s = make_line(600, "", NULL, 0);
        memset(s, 0xff, 600);
        check_line(parse_private, "600", s, 600,
                   "error: Your IRC client does not send UTF-8 (cp1251? koi8-r?): set its charset "
                   "to UTF-8 "
                   "and type it again. / Vash IRC-klient shlyot tekst ne v UTF-8: vystavte v nyom "
                   "kodirovku UTF-8.");
    }
    {
        char *s = make_line(600, "", NULL, 0);
        memset(s, 0, 600);
        check_line(parse_private, "600", s, 600, "ignored");
    }
    {
        char *s = make_line(600, "!durak", NULL, 0);
        for (size_t i = 7; i + 1 < 600; i += 2)
            memcpy(s + i, "\x03", 1); /* colour codes all the way */
        check_line(parse_channel, "600", s, 600, "durak");
    }
}

/* ---------------------------------------------------------------- every language */

/* Each language's channel words as players type them: the command each must give. */
static const parse_case language_channel_cases[] = {
    /* Russian */
    CASE("!дурак", "durak"),
    CASE("!ДУРАК", "durak"),
    CASE("!Дурак переводной", "durak transfer"),
    CASE("!дурак подкидной соседи", "durak classic neighbours"),
    CASE("!дурак все first5", "durak all first5"),
    CASE("!дурак 5", "durak first5"),                           /* the number the word stands for */
    CASE("!дурак переводной первые5", "durak transfer first5"), /* as the option is shown */
    CASE("!дурак первый5", "durak first5"),
    CASE("!durak transfer 5", "durak transfer first5"),
    CASE("!играть", "join"),
    CASE("!играю", "join"), /* "I play", in the channel: a seat (privately: a move, or a game) */
    CASE("!Сесть", "join"),
    CASE("!выйти", "leave"),
    CASE("!старт", "start"),
    CASE("!го", "start"), /* the words Russian players type (QA: each was silence) */
    CASE("!поехали", "start"),
    CASE("!выхожу", "leave"),
    CASE("!не играю", "leave"),
    CASE("!рейтинг", "top"),
    CASE("!дурак пары", "durak teams"),
    CASE("!дурак командный", "durak teams"),
    CASE("!стоп", "stop"),
    CASE("!стол", "table"),
    CASE("!правила", "rules"),
    CASE("!помощь", "help"),
    CASE("!помощь карты", "help [cards]"),
    CASE("!помощь ходы", "help [moves]"),
    CASE("!бот сложный", "bot hard"),
    CASE("!бот легкий", "bot easy"),
    CASE("!бот лёгкий", "bot easy"),
    CASE("!бот убрать", "bot remove"),
    CASE("!статистика", "stats"),
    CASE("!топ боты", "top [bots]"),
    CASE("!топ 5", "top 5"),
    CASE("!ещё", "again"),
    CASE("!ЕЩЕ", "again"),
    CASE("!дурак переводной парами", "durak transfer teams"), /* R19 in each language */
    CASE("!durak équipes", "durak teams"),
    CASE("!durak parejas", "durak teams"),
    CASE("!дурак быстрый",
         "error: Unknown option \"быстрый\" for !durak: use classic|transfer, all|neighbours, "
         "first5, teams"),
    CASE("!дурак подкидной переводной",
         "error: \"подкидной\" and \"переводной\" cannot both be chosen: pick one, e.g. !durak "
         "transfer"),
    CASE("!стоп сейчас", "error: \"сейчас\" after !стоп is not understood: type just !стоп"),
    CASE("дурак", "ignored"),
    CASE("!дураки", "error: \"!дураки\" is not a command: did you mean !дурак?"),
    /* a Latin letter that looks Cyrillic, typed in a Cyrillic word (the layout switched) */
    CASE("!дурaк", "durak"),
    CASE("!дурак пeреводной", "durak transfer"),
    CASE("!бот cложный", "bot hard"),
    CASE("!CТАРТ", "start"),
    CASE("!durak", "durak"), /* all Latin: as it is */
    /* French */
    CASE("!durak classique voisins", "durak classic neighbours"),
    CASE("!durak transfert tous", "durak transfer all"),
    CASE("!rejoindre", "join"),
    CASE("!jouer", "join"),
    CASE("!quitter", "leave"),
    CASE("!commencer", "start"),
    CASE("!arrêter", "stop"),
    CASE("!ARRETER", "stop"),
    CASE("!table", "table"),
    CASE("!règles", "rules"),
    CASE("!REGLES", "rules"),
    CASE("!aide", "help"),
    CASE("!aide cartes", "help [cards]"),
    CASE("!bot difficile", "bot hard"),
    CASE("!bot retirer", "bot remove"),
    CASE("!statistiques", "stats"),
    CASE("!classement 3", "top 3"),
    CASE("!revanche", "again"),
    /* Spanish */
    CASE("!durak clásico todos", "durak classic all"),
    CASE("!durak transferencia vecinos", "durak transfer neighbours"),
    CASE("!unirse", "join"),
    CASE("!entrar", "join"), /* words a Spanish tester typed first */
    CASE("!me voy", "leave"),
    CASE("!salgo", "leave"),
    CASE("!empiezo", "start"),
    CASE("!vamos", "start"),
    CASE("!durak por parejas", "durak teams"), /* as the bot writes it */

    CASE("!me uno", "join"),
    CASE("!Me Uno.", "join"),
    CASE("!me", "ignored"),
    CASE("!me uno ya", "error: \"ya\" after !me uno is not understood: type just !me uno"),
    CASE("!join now", "error: \"now\" after !join is not understood: type just !join"),
    CASE("!jugar", "join"),
    CASE("!salir", "leave"),
    CASE("!empezar", "start"),
    CASE("!parar", "stop"),
    CASE("!mesa", "table"),
    CASE("!reglas", "rules"),
    CASE("!ayuda", "help"),
    CASE("!ayuda cartas", "help [cards]"),
    CASE("!bot fácil", "bot easy"),
    CASE("!bot facil", "bot easy"),
    CASE("!clasificación", "top"),
    CASE("!estadisticas", "stats"),
    CASE("!revancha", "again"),
};

/* Each language's moves said to the bot. */
static const parse_case language_private_cases[] = {
    /* Russian */
    CASE("хожу 7ч", "play 7h"),
    CASE("хожу Bп", "play Js"), /* a Latin B for В, the jack */
    CASE("бью bч Дч", "beat Jh Qh"),
    CASE("ХОЖУ 7Ч", "play 7h"),
    CASE("кладу 10т", "play 10c"),
    CASE("бью 9ч 7ч", "beat 9h 7h"),
    CASE("бью Вк", "beat Jc"),
    CASE("кидаю 7ч", "play 7h"),
    CASE("кину 7ч", "play 7h"),
    CASE("подкинуть 8т", "play 8c"), /* as the throw-in question puts it */
    /* a rank and its suit typed apart: one card */
    CASE("хожу 6 п", "play 6s"),
    CASE("6 п", "card 6s"),
    CASE("9 ч 7ч", "beat 9h 7h"),
    CASE("бью 9 ч 7 ч", "beat 9h 7h"),
    CASE("бью 9ч 7 ч", "beat 9h 7h"),
    CASE("play 10 \xe2\x99\xa5", "play 10h"), /* 10 ♥ */
    /* ranks and suits as Russian words, in any case ending */
    CASE("хожу 6 пик", "play 6s"),
    CASE("6 пики", "card 6s"),
    CASE("хожу 6 бубен", "play 6d"),
    CASE("бью 7 черви", "beat 7h"),
    CASE("хожу 10 бубей", "play 10d"),
    CASE("В пик", "card Js"),
    CASE("валет пик", "card Js"),
    CASE("Король Червей", "card Kh"),
    CASE("хожу дамой треф", "play Qc"),
    /* a Latin letter that looks Cyrillic, as in the commands: the keyboard's layout switched */
    CASE("хожу дaмой трeф", "play Qc"),
    CASE("бью Дaму бубeн", "beat Qd"),
    /* a suit said as an adjective, before the rank ("пиковая дама") */
    CASE("хожу червовую даму", "play Qh"),
    CASE("пиковый туз", "card As"),
    CASE("бью 7ч бубновой восьмёркой", "beat 7h 8d"),
    CASE("бью семёркой червей", "beat 7h"),
    CASE("бью туза крестей", "beat Ac"),
    CASE("бью 9 пиковой", "beat 9s"),
    CASE("бью королём", "beat K of any suit"),
    CASE("подкидываю вальта", "play J of any suit"),
    CASE("подкидываю девятку", "play 9 of any suit"),
    CASE("десятку", "card 10 of any suit"),
    CASE("хожу 6 пиво", "error: \"6\" is not a card: add the suit after the rank, e.g. 6♥ or 6h"),
    CASE("хожу T пик", "error: \"T\" is not a card: add the suit after the rank, e.g. 10♥ or 10h"),
    /* a rank alone: the hand says which card (a T, the ten or the ace, is asked) */
    CASE("хожу 6", "play 6 of any suit"),
    CASE("бью Д", "beat Q of any suit"),
    CASE("перевожу 7", "transfer 7 of any suit"),
    CASE("Д", "card Q of any suit"),
    CASE("хожу Т", "play A of any suit"), /* a Cyrillic Т is the ace */
    /* a trump, the hand to say which */
    CASE("бью козырем", "beat a trump"),
    CASE("Козырь", "card a trump"),
    CASE("couvre atout", "beat a trump"),
    CASE("cubro triunfo", "beat a trump"),
    CASE("beat trump", "beat a trump"),
    CASE("бью 7ч козырем", "beat 7h a trump"), /* that card, covered by a trump */
    CASE("couvre 7h atout", "beat 7h a trump"),
    CASE("бью 7 крестей дамой", "beat 7c Q of any suit"), /* and a rank alone */
    CASE("бью 7ч 9", "beat 7h 9 of any suit"),
    CASE("бью козырем 7ч", "beat 7h a trump"), /* the cover's rank first */
    CASE("бью дамой 7ч", "beat 7h Q of any suit"),
    CASE("couvre avec l'as le 7co", "beat 7h A of any suit"),
    CASE("бью козырем 7ч сверху",
         "error: \"козырем\" is not a card: the rank is followed by one suit, e.g. K♥ or Kh"),
    CASE("бью 7ч козырем сверху",
         "error: \"козырем\" is not a card: the rank is followed by one suit, e.g. K♥ or Kh"),
    /* a rank of trumps, and the lowest trump */
    CASE("бью 9 козырной", "beat 9 of trumps"),
    CASE("бью козырной девяткой", "beat 9 of trumps"),
    CASE("хожу туза козырей", "play A of trumps"),
    CASE("9 козырная", "card 9 of trumps"),
    CASE("бью 7ч 9 козырной", "beat 7h 9 of trumps"),
    CASE("бью младшим козырем", "beat the lowest trump"),
    CASE("beat lowest trump", "beat the lowest trump"),
    CASE("бью 7ч младшим козырем", "beat 7h the lowest trump"),
    CASE("бью 7 козырем", /* "with a trump", not "of trumps": the 7 lacks its suit */
         "error: \"7\" is not a card: add the suit after the rank, e.g. 7♥ or 7h"),
    CASE("play 3 козырной", /* after play, 2 to 5 count a private game's players */
         "error: \"козырной\" is not a choice of play: start a private game with play "
         "[classic|transfer] [easy|normal|hard] [2-6] (in any order, each at most once), or play a "
         "card, e.g. play 7h."),
    CASE("бью младшим", "error: \"младшим\" is not a card: try 7♥ or 7h"),
    CASE("бью 9 козырной сверху",
         "error: \"9\" is not a card: add the suit after the rank, e.g. 9♥ or 9h"),
    CASE("хожу T", "error: \"T\" is not a card: add the suit after the rank, e.g. 10♥ or 10h"),
    /* a word between a cover's two cards: which covers which, the hand says (tables_typed.c) */
    CASE("бью 9ч на 7ч", "beat 9h 7h"),
    CASE("кладу 9ч на 7ч", "beat 9h 7h"),
    CASE("9ч на 7ч", "beat 9h 7h"),
    CASE("9 червей на 7 червей", "beat 9h 7h"),   /* the cards in words, no verb */
    CASE("7\xE2\x9D\xA4\xEF\xB8\x8F", "card 7h"), /* ❤️, as a phone's emoji keyboard sends it */
    CASE("play 7 \xE2\x9D\xA4", "play 7h"),
    CASE("9ч 7 червей", "beat 9h 7h"),
    CASE("бью 9ч на", "error: \"на\" after бью 9♥ is not understood: type just бью 9♥"),
    CASE("кроюсь 9ч", "beat 9h"),
    CASE("отбиваюсь 9ч 7ч", "beat 9h 7h"),
    CASE("хожу 7 х", "error: \"7\" is not a card: add the suit after the rank, e.g. 7♥ or 7h"),
    CASE("хожу 7 8п", "error: \"7\" is not a card: add the suit after the rank, e.g. 7♥ or 7h"),
    CASE("крою Дб", "beat Qd"),
    /* the words Russian players type for moves (QA: each was refused) */
    CASE("захожу К♣", "play Kc"),
    CASE("хожу с 7п", "play 7s"), /* "from": the card after it */
    CASE("хожу с восьмерки", "play 8 of any suit"),
    CASE("хожу с валета пик", "play Js"),
    CASE("+ 6п", "play 6s"),
    CASE("+6п", "play 6s"), /* no space: as a chat's "+1" */
    CASE("на 7ч", "play 7h"),
    CASE("беру всё", "take"),
    CASE("беру все", "take"),
    CASE("взял", "take"),
    CASE("хватит", "pass"),
    CASE("всё", "pass"),
    CASE("пропускаю", "pass"),
    CASE("нечего", "pass"),
    CASE("сдаюсь", "stop"),
    CASE("беру", "take"),
    CASE("Беру!", "take"),
    CASE("беру карты", "take"),
    CASE("tomo las cartas", "take"),
    CASE("me llevo las cartas", "take"),
    CASE("je prends les cartes", "take"),
    CASE("je ramasse les cartes", "take"),
    CASE("взять", "take"),
    CASE("пас", "pass"),
    CASE("нет", "pass"), /* "no", to "можно подкинуть: … или пас" */
    CASE("не подкидываю", "pass"),
    CASE("Не буду", "pass"),
    CASE("бито", "pass"),
    CASE("бита", "pass"),
    CASE("отбой", "pass"), /* said at a bout's end, as бито is */
    CASE("перевожу 7б", "transfer 7d"),
    CASE("перевод 7б", "transfer 7d"),
    CASE("ход", "moves"),
    CASE("ходы", "moves"),
    CASE("карты", "hand"),
    CASE("рука", "hand"),
    CASE("мои карты", "hand"),
    CASE("помощь", "help"),
    CASE("помощь карты", "help [cards]"),
    CASE("помощь правила", "help [rules]"),
    CASE("!стат", "stats"),
    CASE("!стата", "stats"),
    CASE("правила", "rules"),
    CASE("беру 7ч", "error: \"7ч\" after беру is not understood: type just беру"),
    CASE("беру карты все",
         "error: \"все\" after беру карты is not understood: type just беру карты"),
    CASE("хожу", "error (play): хожу needs a card to play: хожу 7♥"),
    CASE("бью", "error (beat): бью needs a card to play: бью 9♠ 7♠"),
    CASE("take 7h", "error: \"7h\" after take is not understood: type just take"),
    CASE("tk 7h", "error: \"7h\" after take is not understood: type just take"),
    CASE("хожу 7х", "error: \"7х\" is not a card: the rank is followed by one suit, e.g. 7♥ or 7h"),
    CASE("играть", "error: !играть is a channel command: type it in the channel, not to me"),
    CASE("абырвалг",
         "error: \"абырвалг\" is not a command or a card: type moves to see your moves, or help "
         "for all commands"),
    /* French */
    CASE("joue 7co", "play 7h"),
    CASE("je joue Dp", "play Qs"),
    CASE("JOUE Vca", "play Jd"),
    CASE("couvre 9t 7t", "beat 9c 7c"),
    CASE("joue 7", "play 7 of any suit"),
    CASE("couvre 7t avec 9t", "beat 7c 9c"),
    CASE("couvre 7t par 9t", "beat 7c 9c"),
    CASE("joue 9t sur 7t", "beat 9c 7c"),
    CASE("je couvre Rca", "beat Kd"),
    CASE("ramasse", "take"),
    CASE("je ramasse", "take"),
    CASE("Je ramasse.", "take"),
    CASE("passe", "pass"),
    CASE("je passe", "pass"),
    CASE("transfère 7p", "transfer 7s"),
    CASE("transfere 7p", "transfer 7s"),
    CASE("TRANSFÈRE 7p", "transfer 7s"),
    CASE("main", "hand"),
    CASE("coups", "moves"),
    CASE("aide", "help"),
    CASE("je", "error: \"je\" is not a command or a card: type moves to see your moves, or help "
               "for all commands"),
    /* the verbs of the French prompts ("attaquez avec", "ajoutez", "ne bat pas") and the table's
     * "coupe", elided je and all */
    CASE("j'attaque avec le 8 de trèfle", "play 8c"),
    CASE("J’ajoute le 8 de coeur", "play 8h"),
    CASE("attaque 8t", "play 8c"),
    CASE("ajoute 8co", "play 8h"),
    CASE("bats 9p", "beat 9s"),
    CASE("je bats avec le 9 de pique", "beat 9s"),
    CASE("coupe 9p", "beat 9s"),
    CASE("je coupe 7ca 9ca", "beat 7d 9d"),
    CASE("je ramasse tout", "take"),
    CASE("je prends tout", "take"),
    CASE("paramètres", "set"),
    CASE("cojo las cartas", "take"),
    CASE("me las llevo todas", "take"),
    CASE("me lo llevo", "take"),
    /* Spanish */
    CASE("juego 7co", "play 7h"),
    CASE("cubro Kd 9d", "beat Kd 9d"),
    CASE("cubro Rp", "beat Ks"),
    CASE("juego Q", "play Q of any suit"),
    CASE("cubro 7co con 9co", "beat 7h 9h"),
    CASE("9co sobre 7co", "beat 9h 7h"),
    CASE("tomo", "take"),
    CASE("cojo", "take"),
    CASE("me las llevo", "take"),
    CASE("cubro 10", "beat 10 of any suit"),
    CASE("robo", "take"),
    CASE("me llevo", "take"),
    /* articles and "with" before a card say nothing of it */
    CASE("tiro el 6 de diamantes", "play 6d"),
    CASE("juego un 8", "play 8 of any suit"),
    CASE("cubro con jota de corazones", "beat Jh"),
    CASE("cubro con el triunfo", "beat a trump"),
    CASE("mato el 6d con el 7d", "beat 6d 7d"),
    CASE("cubro 9d con la jota", "beat 9d J of any suit"),
    CASE("transfiero con 6t", "transfer 6c"),
    CASE("joue le 7co", "play 7h"),
    CASE("play the 7h", "play 7h"),
    CASE("play A", "play A of any suit"),                          /* the ace, not an article */
    CASE("juego el", "error: \"el\" is not a card: try 7♥ or 7h"), /* nothing after it */
    CASE("ataco 6p", "play 6s"), /* the prompts' own verbs: "ataca con", "añade", "recoge" */
    CASE("añado J", "play J of any suit"),
    CASE("recoger", "take"),
    CASE("tapo 7co 6co", "beat 7h 6h"),
    CASE("pongo 8t", "play 8c"),
    CASE("nada", "pass"),
    CASE("paso", "pass"),
    CASE("no", "pass"),
    CASE("No.", "pass"),
    CASE("non", "pass"),
    CASE("me rindo", "stop"),
    CASE("transfiero 7t", "transfer 7c"),
    CASE("mano", "hand"),
    CASE("cartas", "hand"),
    CASE("jugadas", "moves"),
    CASE("ayuda", "help"),
    CASE("unirse", "error: !unirse is a channel command: type it in the channel, not to me"),
};

static void test_languages(void **state)
{
    (void)state;
    CHECK_TABLE(parse_channel, language_channel_cases, &OPTS_UNICODE);
    CHECK_TABLE(parse_private, language_private_cases, &OPTS_UNICODE);
}

/* Each spelling of a card in each language, and words that must not be cards. */
static void test_language_cards(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int rank, suit; /* rank -1: not a card */
    } cards[] = {
        /* Russian: В Д К Т, п т к б ч */
        { "6п", RANK_6, SUIT_SPADES },
        { "10т", RANK_10, SUIT_CLUBS },
        { "9к", RANK_9, SUIT_CLUBS },
        { "8Б", RANK_8, SUIT_DIAMONDS },
        { "7ч", RANK_7, SUIT_HEARTS },
        { "Вк", RANK_J, SUIT_CLUBS },
        { "Дб", RANK_Q, SUIT_DIAMONDS },
        { "Кч", RANK_K, SUIT_HEARTS },
        { "Тп", RANK_A, SUIT_SPADES },
        { "тт", RANK_A, SUIT_CLUBS },
        { "Ап", RANK_A, SUIT_SPADES }, /* Cyrillic А */
        { "Кт", RANK_K, SUIT_CLUBS },
        { "Д♦", RANK_Q, SUIT_DIAMONDS },
        /* French: V D R A, p t ca co */
        { "Vp", RANK_J, SUIT_SPADES },
        { "Dt", RANK_Q, SUIT_CLUBS },
        { "Rca", RANK_K, SUIT_DIAMONDS },
        { "Aco", RANK_A, SUIT_HEARTS },
        { "10CO", RANK_10, SUIT_HEARTS },
        { "7Ca", RANK_7, SUIT_DIAMONDS },
        { "dco", RANK_Q, SUIT_HEARTS },
        /* Spanish: J Q K/R A, p t d co */
        { "Jp", RANK_J, SUIT_SPADES },
        { "Qt", RANK_Q, SUIT_CLUBS },
        { "Kd", RANK_K, SUIT_DIAMONDS },
        { "Kco", RANK_K, SUIT_HEARTS },
        { "Rp", RANK_K, SUIT_SPADES },
        /* Latin T is the ten, with any Latin suit */
        { "Tt", RANK_10, SUIT_CLUBS },
        { "Tp", RANK_10, SUIT_SPADES },
        { "Tco", RANK_10, SUIT_HEARTS },
        /* c stays clubs; k is no suit; nothing may follow */
        { "7c", RANK_7, SUIT_CLUBS },
        { "7k", -1, 0 },
        { "7cox", -1, 0 },
        { "Tk", -1, 0 },
        { "tk", -1, 0 },
        { "pa", -1, 0 },
        { "tr", -1, 0 },
        { "7пики", -1, 0 },
    };
    for (size_t i = 0; i < sizeof cards / sizeof cards[0]; i++) {
        card_t want = cards[i].rank < 0 ? CARD_NONE : card_make(cards[i].rank, cards[i].suit);
        card_t got = parse_card(cards[i].text, strlen(cards[i].text));
        if (got != want)
            fail_msg("parse_card(\"%s\") = %d, want %d", cards[i].text, got, want);
    }
}

/* Т/T: Cyrillic Т is the ace and Latin T the ten, read without a word when the suit is of the
 * same script or a symbol (the bot's own Russian notation "Т♣" among them); a T whose suit is of
 * the other script is not played: the player is asked which was meant, both offered as moves. */
static const parse_case t_cases[] = {
    CASE("Тп", "card As"),
    CASE("тт", "card Ac"),
    CASE("Т♠", "card As"),
    CASE("бью Т♣ 10♣", "beat Ac 10c"),
    CASE("Ts", "card 10s"),
    CASE("T♠", "card 10s"),
    CASE("Tt", "card 10c"),
    CASE("10п", "card 10s"),
    CASE("бью Тп Дб", "beat As Qd"),
    CASE("Tп", "error: Tп: the ten 10♠ (type 10п) or the ace A♠ (type Тп)? Latin T is the ten, "
               "Cyrillic Т the ace."),
    CASE("Тs", "error: Тs: the ten 10♠ (type 10s) or the ace A♠ (type As)? Latin T is the ten, "
               "Cyrillic Т the ace."),
    CASE("As", "card As"), /* what the line above offers, read as it says */
    CASE("бью Тs 10s", "error: Тs: the ten 10♠ (type бью 10s 10s) or the ace A♠ (type бью As 10s)? "
                       "Latin T is the ten, Cyrillic Т the ace."),
    CASE("хожу Tк", "error: Tк: the ten 10♣ (type хожу 10к) or the ace A♣ (type хожу Тк)? Latin T "
                    "is the ten, Cyrillic Т the ace."),
    CASE("бью Тп Tб", "error: Tб: the ten 10♦ (type бью Тп 10б) or the ace A♦ (type бью Тп Тб)? "
                      "Latin T is the ten, Cyrillic Т the ace."),
    CASE("Тп Tб", "error: Tб: the ten 10♦ (type Тп 10б) or the ace A♦ (type Тп Тб)? Latin T is the "
                  "ten, Cyrillic Т the ace."),
    /* the T and its suit typed apart: asked all the same, as typed */
    CASE("хожу T п", "error: T п: the ten 10♠ (type хожу 10п) or the ace A♠ (type хожу Тп)? Latin "
                     "T is the ten, Cyrillic Т the ace."),
    CASE("T п", "error: T п: the ten 10♠ (type 10п) or the ace A♠ (type Тп)? Latin T is the ten, "
                "Cyrillic Т the ace."),
    CASE("бью Тп x", "error: \"x\" is not a card: try 7♥ or 7h"),
    CASE("хожу Тп x", "error: \"x\" after хожу A♠ is not understood: type just хожу A♠"),
    /* two moves in one line: both named, one at a time */
    CASE("хожу 6б 6ч", "error (play 6d): one card at a time: хожу 6♦, then хожу 6♥"),
    CASE("transfer Tt Ts", "error (transfer 10c): a transfer is made with one card: transfer 10♣ "
                           "(the other you may throw in later, as an attacker)"),
    CASE("перевожу 8к 8б", "error (transfer 8c): a transfer is made with one card: перевожу 8♣ "
                           "(the other you may throw in later, as an attacker)"),
    CASE("Тп x", "error: \"x\" after A♠ is not understood: type just A♠"),
};

static void test_t_cards(void **state)
{
    (void)state;
    CHECK_TABLE(parse_private, t_cases, &OPTS_ASCII_T);
    parsed_cmd p; /* in Russian, the cards as Russian players write them */
    parse_opts ru = OPTS_UNICODE;
    ru.lang = MSG_LANG_RU;
    parse_private("бью Tп", strlen("бью Tп"), &ru, &p);
    assert_int_equal(p.kind, PC_ERROR);
    assert_string_equal(p.error, "Tп: десятка 10♠ (наберите бью 10п) или туз Т♠ (наберите бью Тп)? "
                                 "Латинская T — десятка, кириллическая Т — туз.");
}

/* "as" is the ace in French and Spanish: to such a reader in a game it is a rank, which the hand
 * settles (asked when it could be two aces), not A♠; and their "8c" could be clubs or cœur,
 * corazones, so it is asked. English letters stay as they were for everyone else. */
static void test_romance_cards(void **state)
{
    (void)state;
    static const struct {
        int lang;
        bool no_game;
        const char *line, *want;
    } cases[] = {
        { MSG_LANG_FR, false, "couvre as", "beat A of any suit" },
        { MSG_LANG_ES, false, "AS", "card A of any suit" },
        { MSG_LANG_EN, false, "cubro as", "beat A of any suit" }, /* Spanish words */
        { MSG_LANG_EN, false, "as", "card As" },
        { MSG_LANG_EN, false, "beat As", "beat As" },
        { MSG_LANG_FR, true, "as", "card As" }, /* no game: no hand to settle it */
        { MSG_LANG_FR, false, "joue 8c",
          "error: « 8c » peut vouloir dire 8♣ ou 8♥ : tapez l'un d'eux" },
        { MSG_LANG_ES, false, "10C",
          "error: «10C» puede significar 10♣ o 10♥: escribe uno de ellos" },
        /* the rank and the letter apart: asked as well, never played as clubs */
        { MSG_LANG_FR, false, "joue 8 c",
          "error: « 8 c » peut vouloir dire 8♣ ou 8♥ : tapez l'un d'eux" },
        { MSG_LANG_FR, false, "8 c",
          "error: « 8 c » peut vouloir dire 8♣ ou 8♥ : tapez l'un d'eux" },
        { MSG_LANG_FR, false, "dame c",
          "error: « dame c » peut vouloir dire D♣ ou D♥ : tapez l'un d'eux" },
        { MSG_LANG_ES, false, "tiro 8 c",
          "error: «8 c» puede significar 8♣ o 8♥: escribe uno de ellos" },
        { MSG_LANG_EN, false, "play 8 c", "play 8c" },
        { MSG_LANG_FR, false, "joue 8 t", "play 8c" },

        { MSG_LANG_FR, false, "8co", "card 8h" },
        { MSG_LANG_FR, false, "8t", "card 8c" },
        { MSG_LANG_EN, false, "8c", "card 8c" },
        { MSG_LANG_RU, false, "8c", "card 8c" },
        /* cards as words, "de" between: any case, with accents or without */
        { MSG_LANG_FR, false, "je joue 6 de carreau", "play 6d" },
        { MSG_LANG_FR, false, "couvre valet de pique", "beat Js" },
        { MSG_LANG_FR, false, "couvre Roi de Cœur", "beat Kh" },
        { MSG_LANG_FR, false, "couvre as de trèfle", "beat Ac" },
        { MSG_LANG_FR, false, "as de trefle", "card Ac" },
        { MSG_LANG_FR, false, "joue dame", "play Q of any suit" },
        { MSG_LANG_FR, false, "dix de coeur", "card 10h" },
        { MSG_LANG_ES, false, "juego 9 de tréboles", "play 9c" },
        { MSG_LANG_ES, false, "sota de espadas", "card Js" },
        { MSG_LANG_ES, false, "cubro rey de copas", "beat Kh" },
        { MSG_LANG_ES, false, "transfiero reina", "transfer Q of any suit" },
        { MSG_LANG_ES, false, "as de oros", "card Ad" },
        { MSG_LANG_ES, false, "siete de corazones", "card 7h" },
        { MSG_LANG_ES, false, "CABALLO DE BASTOS", "card Qc" },
        /* French elision, either apostrophe */
        { MSG_LANG_FR, false, "joue l'as de pique", "play As" },
        { MSG_LANG_FR, false, "je joue l’as", "play A of any suit" },
        { MSG_LANG_FR, false, "couvre avec l'as", "beat A of any suit" },
        { MSG_LANG_FR, false, "l'as de cœur", "card Ah" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        parsed_cmd p;
        char got[PARSE_ERROR_SIZE + 64];
        parse_opts o = OPTS_UNICODE;
        o.lang = cases[i].lang;
        o.lang_chosen = cases[i].lang != MSG_LANG_EN;
        o.no_game = cases[i].no_game;
        parse_private(cases[i].line, strlen(cases[i].line), &o, &p);
        describe(&p, got, sizeof got);
        if (strcmp(got, cases[i].want))
            fail_msg("\"%s\" (language %d): got \"%s\", want \"%s\"", cases[i].line, cases[i].lang,
                     got, cases[i].want);
    }
}

/* "8c" asked of a French or Spanish reader whose hand holds neither 8♣ nor 8♥: said so, since
 * either answer would be refused; one of them held, it is asked all the same, never guessed. */
static void test_romance_c_against_the_hand(void **state)
{
    (void)state;
    static const struct {
        int lang;
        const char *line, *hand, *want;
    } cases[] = {
        { MSG_LANG_FR, "joue 8c", "8S 9D",
          "error: Vous n'avez ni 8♣ ni 8♥ : main montre vos cartes" },
        { MSG_LANG_ES, "8c", "8S 9D", "error: No tienes ni 8♣ ni 8♥: mano muestra tus cartas" },
        { MSG_LANG_FR, "joue 8c", "8H 9D",
          "error: « 8c » peut vouloir dire 8♣ ou 8♥ : tapez l'un d'eux" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        parsed_cmd p;
        char got[PARSE_ERROR_SIZE + 64];
        parse_opts o = OPTS_UNICODE;
        o.lang = cases[i].lang;
        o.lang_chosen = true;
        for (const char *c = cases[i].hand; *c; c += c[2] ? 3 : 2)
            o.hand |= card_bit(card_parse(c));
        parse_private(cases[i].line, strlen(cases[i].line), &o, &p);
        describe(&p, got, sizeof got);
        assert_string_equal(got, cases[i].want);
    }
}

/* A letter that may mean two or three commands names them in the reader's language, with the
 * short forms that work everywhere: no English "or" in a Russian sentence. */
static void test_ambiguous_in_languages(void **state)
{
    (void)state;
    static const struct {
        int lang;
        const char *line, *want;
    } cases[] = {
        { MSG_LANG_RU, "t", "«t» может значить беру (tk) или перевожу (tr): напишите что-то одно" },
        { MSG_LANG_RU, "h", "«h» может значить карты, помощь или подсказка: напишите что-то одно" },
        { MSG_LANG_FR, "p", "« p » peut vouloir dire joue (pl) ou passe (pa) : tapez l'un d'eux" },
        { MSG_LANG_ES, "t",
          "«t» puede significar recojo (tk) o transfiero (tr): escribe uno de ellos" },
        { MSG_LANG_EN, "h", "\"h\" could mean hand, help or hint: type one of them" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        parsed_cmd p;
        parse_opts o = OPTS_UNICODE;
        o.lang = cases[i].lang;
        parse_private(cases[i].line, strlen(cases[i].line), &o, &p);
        assert_int_equal(p.kind, PC_ERROR);
        assert_string_equal(p.error, cases[i].want);
    }
}

/* The language of the words: a game opened or a reply asked for in Russian, French or Spanish
 * words is in that language; English and shared words say nothing, but for !durak's options,
 * where English ones open an English game; errors follow the words unless the sender chose a
 * language. */
static void test_word_language(void **state)
{
    (void)state;
    static const struct {
        const char *line;
        bool channel;
        int lang;
    } cases[] = {
        { "!дурак переводной", true, MSG_LANG_RU },
        { "!durak transfer", true, MSG_LANG_EN },
        { "!durak", true, -1 },
        { "!durak первым пять", true, -1 }, /* not an option: an error, in no language */
        { "!jugar", true, MSG_LANG_ES },
        { "!durak clásico", true, MSG_LANG_ES },
        /* a level's word too, but not an English one: the computer players are Hard[bot] in
         * every language */
        { "!bot difficile", true, MSG_LANG_FR },
        { "!bot сложный", true, MSG_LANG_RU },
        { "!bot quitar", true, MSG_LANG_ES },
        { "!bot hard", true, -1 },
        { "!bot expert", true, -1 }, /* French and English */
        { "!bot", true, -1 },
        { "!помощь", true, MSG_LANG_RU },
        { "!правила", true, MSG_LANG_RU },
        { "беру", false, MSG_LANG_RU },
        { "take", false, -1 },
        { "je prends", false, MSG_LANG_FR },
        { "язык ru", false, MSG_LANG_RU },
        { "хожу", false, MSG_LANG_RU },
    };
    parse_opts free_words = { "!", true, false, 0, false, false, false, false, 0 };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        parsed_cmd p;
        if (cases[i].channel)
            parse_channel(cases[i].line, strlen(cases[i].line), &free_words, &p);
        else
            parse_private(cases[i].line, strlen(cases[i].line), &free_words, &p);
        if (p.lang != cases[i].lang)
            fail_msg("%s: lang %d, want %d", cases[i].line, p.lang, cases[i].lang);
    }
    parsed_cmd p; /* "хожу" without a card: the error in Russian, unless English was chosen */
    parse_private("хожу", strlen("хожу"), &free_words, &p);
    assert_int_equal(p.kind, PC_ERROR);
    assert_non_null(strstr(p.error, "карт"));
    parse_private("хожу", strlen("хожу"), &OPTS_UNICODE, &p);
    assert_null(strstr(p.error, "карт"));
    /* !durak's options tell the language as a command word does: their errors follow them, and
     * the example is in their words */
    static const char *const option_errors[][2] = {
        { "!durak classique transfert", "ne vont pas ensemble" },
        { "!durak classique transfert", "!durak transfert" },
        { "!дурак подкидной переводной", "например !дурак переводной" },
        { "!durak parejas vecinos primera5", "Opción «primera5»" },
    };
    for (size_t i = 0; i < sizeof option_errors / sizeof option_errors[0]; i++) {
        const char *line = option_errors[i][0];
        parse_channel(line, strlen(line), &free_words, &p);
        assert_int_equal(p.kind, PC_ERROR);
        if (!strstr(p.error, option_errors[i][1]))
            fail_msg("%s: %s", line, p.error);
    }
    /* one's language, asked for as people ask: the same as set language */
    static const char *const asks[][2] = {
        { "язык ru", "language ru" },         { "langue fr", "language fr" },
        { "idioma es", "language es" },       { "language en", "language en" },
        { "set language ru", "language ru" }, { "Язык", "language" },
    };
    for (size_t i = 0; i < sizeof asks / sizeof asks[0]; i++) {
        parse_private(asks[i][0], strlen(asks[i][0]), &free_words, &p);
        assert_int_equal(p.kind, PC_SET);
        assert_string_equal(p.arg, asks[i][1]);
    }
}

/* Near misses of the words ("did you mean"): one edit away (two from six letters on), one meaning
 * nearest; privately always, in a channel only where a game is open, since other bots share
 * the prefix. */
static const parse_case typo_private_cases[] = {
    CASE("tkae", "error: \"tkae\" is not a command or a card: did you mean take? (moves lists your "
                 "moves, help all commands)"),
    CASE("paas", "error: \"paas\" is not a command or a card: did you mean pass? (moves lists your "
                 "moves, help all commands)"),
    CASE("отбиваюсъ", "error: «отбиваюсъ» — не команда и не карта: может быть, отбиваюсь? («ходы» "
                      "покажет ваши ходы, «помощь» — все команды)"),
    CASE("забераю",
         "error: «забераю» — не команда и не карта: может быть, забираю? («ходы» покажет "
         "ваши ходы, «помощь» — все команды)"),
    CASE("statts", "error: \"statts\" is not a command or a card: did you mean stats? (moves lists "
                   "your moves, help all commands)"),
    /* a typo in a command of two words: the phrase quoted, the phrase offered */
    CASE("je prend", "error: \"je prend\" is not a command or a card: did you mean je prends? "
                     "(moves lists your moves, help all commands)"),
    CASE("je prend les cartes", "error: \"je prend\" is not a command or a card: did you mean je "
                                "prends? (moves lists your moves, help all commands)"),
    /* too short, too far, or as near to two meanings: the plain answer (with a seat, here in a
     * lobby: seated nowhere, how to play is said, test_private_no_seat) */
    CASE("hi",
         "error: \"hi\" is not a command or a card: type moves to see your moves, or help for "
         "all commands"),
    CASE("hello", "error: \"hello\" is not a command or a card: type moves to see your moves, or "
                  "help for all commands"),
};
static const parse_case typo_channel_cases[] = {
    CASE("!strat", "error: \"!strat\" is not a command: did you mean !start?"),
    CASE("!jion", "error: \"!jion\" is not a command: did you mean !join?"),
    CASE("!дурк", "error: «!дурк» — не команда: может быть, !дурак?"),
    CASE("!duraks", "error: \"!duraks\" is not a command: did you mean !durak?"),
    CASE("!set colours off", "set [colours off]"), /* one's own settings, answered privately */
    CASE("!réglages", "set"),
    CASE("!seen bob", "ignored"), /* another bot's */
    CASE("!pass", "ignored"),     /* a move, typed in the channel: the tables say where it goes */
    CASE("!op", "ignored"),
};

/* A word that is no command, from one seated nowhere ("привет" from a newcomer): how to play. */
static void test_private_no_seat(void **state)
{
    (void)state;
    static const parse_opts newcomer = { "!", true, false, 0, false, true, false, true, 0 };
    assert_int_equal(check_one(parse_private, "no seat", "привет", strlen("привет"), &newcomer,
                               "error: «привет» — не команда, а вы сейчас не в игре: соберите её в "
                               "канале командой !дурак, сядьте за стол командой !играть или "
                               "сыграйте здесь с компьютером: играю («помощь» — все команды)."),
                     0);
    assert_int_equal(check_one(parse_private, "no seat", "tkae", 4, &newcomer,
                               "error: \"tkae\" is not a command or a card: did you mean take? "
                               "(moves lists your moves, help all commands)"),
                     0);
}

static void test_typos(void **state)
{
    (void)state;
    static const parse_opts game_here = { "!", true, false, 0, false, false, true, false, 0 };
    CHECK_TABLE(parse_private, typo_private_cases, &game_here);
    CHECK_TABLE(parse_channel, typo_channel_cases, &game_here);
    /* equally near words of one meaning: the reader's ("pas": paso in Spanish, pass in English) */
    static const parse_opts spanish = {
        "!", true, false, MSG_LANG_ES, true, false, true, false, 0
    };
    assert_int_equal(check_one(parse_private, "es", "pas", 3, &spanish,
                               "error: «pas» no es un comando ni una carta: ¿quisiste decir paso? "
                               "(jugadas: tus jugadas, ayuda: todos los comandos)"),
                     0);
    assert_int_equal(check_one(parse_private, "en", "pas", 3, &game_here,
                               "error: \"pas\" is not a command or a card: did you mean pass? "
                               "(moves lists your moves, help all commands)"),
                     0);
    /* no game in the channel: not a word of ours, whatever it is near, but the opener's own */
    assert_int_equal(check_one(parse_channel, "no game", "!strat", 6, &OPTS_UNICODE, "ignored"), 0);
    assert_int_equal(check_one(parse_channel, "no game", "!durka", 6, &OPTS_UNICODE,
                               "error: \"!durka\" is not a command: did you mean !durak?"),
                     0);
    static const parse_opts words_lang = { "!", true, false, 0, false, false, false, false, 0 };
    assert_int_equal(check_one(parse_channel, "no game", "!дурк", strlen("!дурк"), &words_lang,
                               "error: «!дурк» — не команда: может быть, !дурак?"),
                     0);
    assert_int_equal(check_one(parse_channel, "no game", "!dark", 5, &OPTS_UNICODE, "ignored"), 0);
    /* the words' language, the command's word as it was typed */
    static const parse_opts free_words = { "!", true, false, 0, false, false, false, false, 0 };
    const char *es = "!estadísticas ana b";
    assert_int_equal(check_one(parse_channel, "es", es, strlen(es), &free_words,
                               "error: No se entiende «b» después de !estadísticas ana: escribe "
                               "solo !estadísticas ana"),
                     0);
    /* one's language is ours to answer anywhere; "!set", another bot's too, only where a game is */
    assert_int_equal(check_one(parse_channel, "no game", "!langue fr", strlen("!langue fr"),
                               &OPTS_UNICODE, "set [language fr]"),
                     0);
    assert_int_equal(check_one(parse_channel, "no game", "!язык", strlen("!язык"), &OPTS_UNICODE,
                               "set [language]"),
                     0);
    assert_int_equal(check_one(parse_channel, "no game", "!set x", 6, &OPTS_UNICODE, "ignored"), 0);
}

/* The word lists: no word means two things within a list, no move word is a card or one of the
 * ambiguous short forms, and every language has a word for every command. */
static void test_word_tables(void **state)
{
    (void)state;
    char a[128], b[128];
    for (int l = 0; l < WL_COUNT; l++) {
        size_t count;
        const words_entry *list = parse_words_table((words_list)l, &count);
        assert_true(count > 0);
        for (size_t i = 0; i < count; i++)
            for (size_t j = i + 1; j < count; j++) {
                size_t na = parse_fold(list[i].text, strlen(list[i].text), a, sizeof a);
                size_t nb = parse_fold(list[j].text, strlen(list[j].text), b, sizeof b);
                if (na == nb && !memcmp(a, b, na) && list[i].value != list[j].value)
                    fail_msg("list %d: \"%s\" and \"%s\" mean different things", l, list[i].text,
                             list[j].text);
            }
    }
    size_t count;
    const words_entry *priv = parse_words_table(WL_PRIVATE, &count);
    for (size_t i = 0; i < count; i++) {
        const char *w = priv[i].text;
        if (parse_card(w, strlen(w)) != CARD_NONE || !strcmp(w, "t") || !strcmp(w, "p")
            || !strcmp(w, "h"))
            fail_msg("move word \"%s\" is a card or an ambiguous short form", w);
    }
    static const parse_kind kinds[] = { PC_DURAK, PC_JOIN,  PC_LEAVE, PC_START,   PC_STOP,
                                        PC_TABLE, PC_HELP,  PC_RULES, PC_BOT,     PC_STATS,
                                        PC_TOP,   PC_AGAIN, PC_PLAY,  PC_BEAT,    PC_TAKE,
                                        PC_PASS,  PC_HAND,  PC_MOVES, PC_TRANSFER };
    for (int lang = 0; lang < WORDS_LANG_COUNT; lang++)
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
            if (parse_words_command((words_lang)lang, kinds[k]) == NULL)
                fail_msg("language %d has no word for %s", lang, parse_kind_name(kinds[k]));
    assert_string_equal(parse_words_command(WORDS_RU, PC_TAKE), "беру");
    assert_string_equal(parse_words_command(WORDS_FR, PC_JOIN), "rejoindre");
    assert_string_equal(parse_words_command(WORDS_ES, PC_PASS), "paso");
    assert_string_equal(parse_words_command(WORDS_EN, PC_DURAK), "durak");
    assert_string_equal(parse_words_command(WORDS_RU, PC_SET), "настройки");
    /* folding: Cyrillic and Latin-1 case, accents, ё, œ; no room is (size_t)-1 */
    assert_int_equal(parse_fold("ЁЛКА Œuf ÉTÉ", strlen("ЁЛКА Œuf ÉTÉ"), a, sizeof a),
                     strlen("елка oeuf ete"));
    assert_string_equal(a, "елка oeuf ete");
    assert_int_equal(parse_fold("abc", 3, a, 3), (size_t)-1);
}

/* ---------------------------------------------------------------- cards, names, messages */

static void test_parse_card(void **state)
{
    (void)state;
    char buf[PARSE_CARD_TEXT_SIZE];
    assert_int_equal(parse_card("7h", 2), card_make(RANK_7, SUIT_HEARTS));
    assert_int_equal(parse_card("10\xe2\x99\xa0\xef\xb8\x8f", 8), card_make(RANK_10, SUIT_SPADES));
    assert_int_equal(parse_card("(Ad).", 5), card_make(RANK_A, SUIT_DIAMONDS));
    assert_int_equal(parse_card("7hx", 2), card_make(RANK_7, SUIT_HEARTS)); /* len counts */
    assert_int_equal(parse_card("7hx", 3), CARD_NONE);
    assert_int_equal(parse_card("7", 1), CARD_NONE);
    assert_int_equal(parse_card("", 0), CARD_NONE);
    assert_int_equal(parse_card(NULL, 0), CARD_NONE);
    assert_int_equal(parse_card("7 h", 3), CARD_NONE);
    assert_int_equal(parse_card("1h", 2), CARD_NONE);
    /* every card of the 52, both spellings, round trip */
    for (int suit = 0; suit < SUIT_COUNT; suit++)
        for (int rank = 0; rank < RANK_COUNT; rank++) {
            card_t c = card_make(rank, suit);
            parse_write_card(c, true, buf);
            assert_int_equal(parse_card(buf, strlen(buf)), c);
            parse_write_card(c, false, buf);
            assert_int_equal(parse_card(buf, strlen(buf)), c);
        }
    assert_string_equal(parse_write_card(card_make(RANK_7, SUIT_HEARTS), true, buf),
                        "7\xe2\x99\xa5");
    assert_string_equal(parse_write_card(card_make(RANK_10, SUIT_SPADES), false, buf), "10s");
    assert_string_equal(parse_write_card(CARD_NONE, true, buf), "?");
    assert_string_equal(parse_write_card(0x7E, true, buf), "?");
}

/* The word a line shows for a command, in each language (msg_command: "!играть", "coups"), is one
 * the parser reads as that command: the messages' rows and the parser's word lists say it twice. */
static void test_shown_words_are_read(void **state)
{
    (void)state;
    int shown = 0;
    for (int lang = 0; lang < MSG_LANG_COUNT; lang++)
        for (int k = PC_DURAK; k < PC_KIND_COUNT; k++) {
            const char *english = parse_kind_name((parse_kind)k);
            const char *word = msg_command((msg_lang)lang, english);
            /* no word of their own: a card, set (the same in every language), and a private
             * game's "play", never shown by its kind (its English word is the move's) */
            if (k == PC_CARD || k == PC_SET || k == PC_SOLO)
                continue;
            /* every other command has a row of its own: Russian shows no English word */
            if (!strcmp(msg_command(MSG_LANG_RU, english), english))
                fail_msg(
                    "%s is shown in English: no MSG_CMD_ row, or its id not in messages_lang.c's "
                    "command_words[]",
                    english);
            /* a card or two after the moves that name them */
            const char *cards = k == PC_BEAT                       ? " 7h 6h"
                                : k == PC_PLAY || k == PC_TRANSFER ? " 7h"
                                                                   : "";
            char line[128];
            parsed_cmd p;
            snprintf(line, sizeof line, "!%s%s", word, cards);
            parse_channel(line, strlen(line), &OPTS_UNICODE, &p);
            if (p.kind != (parse_kind)k)
                parse_private(line + 1, strlen(line + 1), &OPTS_UNICODE, &p);
            if (p.kind != (parse_kind)k)
                fail_msg("%s: \"%s\", shown for %s, is read as %s %s",
                         msg_lang_code((msg_lang)lang), line, english, parse_kind_name(p.kind),
                         p.error);
            shown++;
        }
    /* every command but card, set and private play, in every language */
    assert_int_equal(shown, MSG_LANG_COUNT * (PC_KIND_COUNT - PC_DURAK - 3));
}

static void test_kind_names(void **state)
{
    (void)state;
    assert_string_equal(parse_kind_name(PC_IGNORED), "ignored");
    assert_string_equal(parse_kind_name(PC_TRANSFER), "transfer");
    assert_string_equal(parse_kind_name(PC_KIND_COUNT), "?");
    for (int k = 0; k < PC_KIND_COUNT; k++)
        assert_true(parse_kind_name((parse_kind)k)[0] != '\0');
}

/* Valid UTF-8 with no control byte. */
static int text_is_clean(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; u[i];) {
        size_t len = u[i] < 0x80 ? 1 : (u[i] & 0xE0) == 0xC0 ? 2 : (u[i] & 0xF0) == 0xE0 ? 3 : 4;
        if (u[i] < 0x20 || u[i] == 0x7F || (u[i] >= 0x80 && u[i] < 0xC2) || u[i] > 0xF4)
            return 0;
        for (size_t k = 1; k < len; k++)
            if ((u[i + k] & 0xC0) != 0x80)
                return 0;
        i += len;
    }
    return 1;
}

static void test_messages(void **state)
{
    (void)state;
    /* every id has a text (a missing initializer would read as "") */
    for (int id = 0; id < MSG_COUNT; id++) {
        const char *text = msg_text((msg_id)id);
        assert_non_null(text);
        if (text[0] == '\0')
            fail_msg("message id %d has no text", id);
    }
    /* the parser's sentences are plain: valid UTF-8, no formatting or control bytes */
    for (int id = MSG_PARSE_DURAK_OPTION; id <= MSG_PARSE_CHANNEL_ONLY; id++) {
        assert_true(strlen(msg_text((msg_id)id)) > 10);
        assert_true(text_is_clean(msg_text((msg_id)id)));
    }
    assert_string_equal(msg_text(MSG_COUNT), "");
    assert_string_equal(msg_text((msg_id)-1), "");
}

/* The kind is the same whatever the parsed_cmd held before, and every field is reset. */
static void test_output_is_reset(void **state)
{
    (void)state;
    parsed_cmd a, b;
    memset(&a, 0x00, sizeof a);
    memset(&b, 0xFF, sizeof b);
    parse_private("beat 9s 7s", 10, NULL, &a);
    parse_private("beat 9s 7s", 10, NULL, &b);
    assert_memory_equal(&a, &b, sizeof a);
    parse_channel("!durak x", 8, NULL, &a);
    parse_channel("!durak x", 8, NULL, &b);
    assert_memory_equal(&a, &b, sizeof a);
    assert_int_equal(a.card, CARD_NONE);
    assert_int_equal(a.variant, -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_channel),
        cmocka_unit_test(test_channel_prefixes),
        cmocka_unit_test(test_private),
        cmocka_unit_test(test_private_no_game),
        cmocka_unit_test(test_private_ascii),
        cmocka_unit_test(test_lengths),
        cmocka_unit_test(test_parse_card),
        cmocka_unit_test(test_kind_names),
        cmocka_unit_test(test_shown_words_are_read),
        cmocka_unit_test(test_messages),
        cmocka_unit_test(test_output_is_reset),
        cmocka_unit_test(test_languages),
        cmocka_unit_test(test_language_cards),
        cmocka_unit_test(test_t_cards),
        cmocka_unit_test(test_romance_cards),
        cmocka_unit_test(test_romance_c_against_the_hand),
        cmocka_unit_test(test_ambiguous_in_languages),
        cmocka_unit_test(test_word_language),
        cmocka_unit_test(test_word_tables),
        cmocka_unit_test(test_typos),
        cmocka_unit_test(test_private_no_seat),
    };
    return cmocka_run_group_tests_name("parser", tests, NULL, NULL);
}
