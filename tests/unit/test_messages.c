/* test_messages: every message text, in every language, against its argument types (each printf
 * conversion, %s, %d, %N$s..., the type the id declares, in order, none missing or extra), and
 * against the length of one IRC line; the store's notices begin with a capital. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

#include "messages.h"
#include "msg_names.h"
#include "outq.h"

enum { MAX_ARGS = 16, WHY_SIZE = 160 };

static const char *const lang_names[MSG_LANG_COUNT] = {
    [MSG_LANG_EN] = "en", [MSG_LANG_RU] = "ru", [MSG_LANG_FR] = "fr", [MSG_LANG_ES] = "es"
};

/* Reads the conversion after a '%' at *p: its position (0 when not %N$), its letter; false with
 * a reason for what printf would misread or the table does not allow ('*', length modifiers...). */
static bool read_conversion(const char **p, int *position, char *conv, char why[WHY_SIZE])
{
    const char *s = *p;
    *position = 0;
    if (*s >= '1' && *s <= '9') {
        const char *d = s;
        int n = 0;
        while (*d >= '0' && *d <= '9')
            n = n * 10 + (*d++ - '0');
        if (*d == '$') {
            *position = n;
            s = d + 1;
        }
    }
    while (*s && strchr("-+ #0", *s))
        s++;
    while (*s >= '0' && *s <= '9')
        s++;
    if (*s == '.') {
        s++;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    *conv = *s;
    *p = *s ? s + 1 : s;
    if (*conv == 's' || *conv == 'd')
        return true;
    snprintf(why, WHY_SIZE, "conversion \"%%%c\" is not %%s or %%d", *conv ? *conv : '?');
    return false;
}

/* Do text's conversions take exactly the arguments `types` says, in order? Sequential (%s %d)
 * and positional (%1$s %2$d, each argument used at least once) forms, never mixed. */
static bool format_matches(const char *text, const char *types, char why[WHY_SIZE])
{
    size_t ntypes = strlen(types), next = 0;
    bool used[MAX_ARGS] = { false }, sequential = false, positional = false;
    for (const char *p = text; (p = strchr(p, '%')) != NULL;) {
        int position;
        char conv;
        p++;
        if (*p == '%') {
            p++;
            continue;
        }
        if (!read_conversion(&p, &position, &conv, why))
            return false;
        size_t arg = position ? (size_t)position - 1 : next++;
        if (position)
            positional = true;
        else
            sequential = true;
        if (positional && sequential) {
            snprintf(why, WHY_SIZE, "mixes %%N$ and plain conversions");
            return false;
        }
        if (arg >= ntypes || arg >= MAX_ARGS) {
            snprintf(why, WHY_SIZE, "argument %zu is converted but the types \"%s\" stop at %zu",
                     arg + 1, types, ntypes);
            return false;
        }
        if (types[arg] != conv) {
            snprintf(why, WHY_SIZE, "argument %zu is %%%c but its type is '%c' (types \"%s\")",
                     arg + 1, conv, types[arg], types);
            return false;
        }
        used[arg] = true;
    }
    for (size_t i = 0; i < ntypes && i < MAX_ARGS; i++)
        if (!used[i]) {
            snprintf(why, WHY_SIZE, "argument %zu (type '%c') is never converted", i + 1, types[i]);
            return false;
        }
    return true;
}

/* The checker itself: a wrong, reordered, missing or extra conversion must fail. */
static void test_checker(void **state)
{
    (void)state;
    char why[WHY_SIZE];
    assert_true(format_matches("no arguments", "", why));
    assert_true(format_matches("100%% sure", "", why));
    assert_true(format_matches("%s has %d cards%s", "sds", why));
    assert_true(format_matches("%-5s|%05d|%.3s", "sds", why));
    assert_true(format_matches("%1$sjoin, %1$sleave", "s", why));
    assert_true(format_matches("%2$d cards for %1$s", "sd", why));
    assert_false(format_matches("%s has %d cards", "ds", why)); /* reordered */
    assert_false(format_matches("%s has %s cards", "sd", why)); /* wrong type */
    assert_false(format_matches("%s has %d cards", "s", why));  /* extra conversion */
    assert_false(format_matches("%s", "sd", why));              /* missing conversion */
    assert_false(format_matches("%d", "", why));
    assert_false(format_matches("%1$s and %s", "ss", why)); /* mixed forms */
    assert_false(format_matches("%2$s", "ss", why));        /* argument 1 unused */
    assert_false(format_matches("%3$s", "ss", why));
    assert_false(format_matches("%ld", "d", why));
    assert_false(format_matches("%*d", "d", why));
    assert_false(format_matches("%x", "d", why));
    assert_false(format_matches("trailing %", "", why));
}

static void test_types_complete(void **state)
{
    (void)state;
    for (int id = 0; id < MSG_COUNT; id++) {
        const char *types = msg_arg_types((msg_id)id);
        if (types == NULL)
            fail_msg("%s has no argument types in messages_en.def", msg_name(id));
        if (strspn(types, "sd") != strlen(types) || strlen(types) > MAX_ARGS)
            fail_msg("%s: types \"%s\" are not made of s and d", msg_name(id), types);
    }
    assert_null(msg_arg_types(MSG_COUNT));
    assert_null(msg_arg_types((msg_id)-1));
}

/* Every language has every id, and each text converts exactly its id's arguments. */
static void test_texts_match_types(void **state)
{
    (void)state;
    for (int lang = 0; lang < MSG_LANG_COUNT; lang++)
        for (int id = 0; id < MSG_COUNT; id++) {
            const char *text = msg_text_in((msg_lang)lang, (msg_id)id);
            char why[WHY_SIZE] = "";
            if (text == NULL || !text[0])
                fail_msg("%s: %s has no text", lang_names[lang], msg_name(id));
            if (!format_matches(text, msg_arg_types((msg_id)id), why))
                fail_msg("%s: %s \"%s\": %s", lang_names[lang], msg_name(id), text, why);
        }
}

static void test_accessors(void **state)
{
    (void)state;
    assert_string_equal(msg_text(MSG_MOVE_TAKE), "%s takes");
    assert_string_equal(msg_arg_types(MSG_MOVE_TAKE), "s");
    assert_string_equal(msg_arg_types(MSG_STATUS), "ds");
    assert_string_equal(msg_arg_types(MSG_HELP_1), "s");
    assert_string_equal(msg_arg_types(MSG_EMPTY_TABLE), "");
    assert_ptr_equal(msg_text_in(MSG_LANG_EN, MSG_BOUT_BEATEN), msg_text(MSG_BOUT_BEATEN));
    assert_string_equal(msg_text(MSG_COUNT), "");
    assert_null(msg_text_in(MSG_LANG_EN, MSG_COUNT));
    assert_null(msg_text_in(MSG_LANG_COUNT, MSG_BOUT_BEATEN));
    assert_string_equal(msg_in(MSG_LANG_RU, MSG_BOUT_BEATEN), "Бито");
    assert_string_equal(msg_in(MSG_LANG_RU, MSG_COUNT), "");
    assert_int_equal(msg_priority(MSG_STATS), MSG_PRIO_REPLY);
    assert_int_equal(msg_priority(MSG_MOVE_TAKE), MSG_PRIO_BY_KIND);
    assert_int_equal(msg_priority(MSG_COUNT), MSG_PRIO_BY_KIND);
    assert_int_equal(msg_priority((msg_id)-1), MSG_PRIO_BY_KIND);
}

/* The language codes of game.language, channel_settings and set language. */
static void test_codes(void **state)
{
    (void)state;
    for (int lang = 0; lang < MSG_LANG_COUNT; lang++) {
        assert_string_equal(msg_lang_code((msg_lang)lang), lang_names[lang]);
        assert_int_equal(msg_lang_of_code(lang_names[lang]), lang);
    }
    assert_int_equal(msg_lang_of_code("RU"), MSG_LANG_RU);
    assert_int_equal(msg_lang_of_code("de"), -1);
    assert_int_equal(msg_lang_of_code(""), -1);
    assert_int_equal(msg_lang_of_code(NULL), -1);
    assert_null(msg_lang_code(MSG_LANG_COUNT));
}

/* "<n> <word>" for the cards word of lang. */
static const char *cards(msg_lang lang, int n)
{
    static char buf[64];
    snprintf(buf, sizeof buf, "%d %s", n, msg_plural(lang, n, MSG_WORD_CARDS_ONE));
    return buf;
}

/* Russian has three forms (1 карту, 2 карты, 5 карт; 11-14 карт; 21 карту, 22 карты, 25 карт). */
static void test_plural_russian(void **state)
{
    (void)state;
    static const struct {
        int n, form;
        const char *text;
    } want[] = {
        { 0, 2, "0 карт" },     { 1, 0, "1 карту" },  { 2, 1, "2 карты" },
        { 4, 1, "4 карты" },    { 5, 2, "5 карт" },   { 11, 2, "11 карт" },
        { 12, 2, "12 карт" },   { 14, 2, "14 карт" }, { 21, 0, "21 карту" },
        { 22, 1, "22 карты" },  { 25, 2, "25 карт" }, { 101, 0, "101 карту" },
        { 111, 2, "111 карт" },
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        assert_int_equal(msg_plural_form(MSG_LANG_RU, want[i].n), want[i].form);
        assert_string_equal(cards(MSG_LANG_RU, want[i].n), want[i].text);
    }
    assert_string_equal(msg_plural(MSG_LANG_RU, 1, MSG_WORD_GAMES_ONE), "партия");
    assert_string_equal(msg_plural(MSG_LANG_RU, 3, MSG_WORD_GAMES_ONE), "партии");
    assert_string_equal(msg_plural(MSG_LANG_RU, 25, MSG_WORD_SECONDS_ONE), "секунд");
    assert_string_equal(msg_plural(MSG_LANG_RU, 21, MSG_WORD_SECONDS_ONE), "секунду");
}

/* English and Spanish: 1 is singular, 0 plural; French: 0 and 1 are singular. */
static void test_plural_others(void **state)
{
    (void)state;
    static const int ns[] = { 0, 1, 2, 5, 11, 21, 22, 25 };
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        int n = ns[i];
        char want[64];
        snprintf(want, sizeof want, "%d %s", n, n == 1 ? "card" : "cards");
        assert_string_equal(cards(MSG_LANG_EN, n), want);
        snprintf(want, sizeof want, "%d %s", n, n == 1 ? "carta" : "cartas");
        assert_string_equal(cards(MSG_LANG_ES, n), want);
        snprintf(want, sizeof want, "%d %s", n, n <= 1 ? "carte" : "cartes");
        assert_string_equal(cards(MSG_LANG_FR, n), want);
    }
}

/* Cards in each language's letters: Russian В Д К Т and п к б ч, French V D R A. */
static void test_cards(void **state)
{
    (void)state;
    char buf[32];
    assert_string_equal(msg_card(MSG_LANG_EN, 12, 0, true, buf, sizeof buf), "A\xE2\x99\xA0");
    assert_string_equal(msg_card(MSG_LANG_EN, 10, 2, false, buf, sizeof buf), "Qd");
    assert_string_equal(msg_card(MSG_LANG_RU, 10, 3, false, buf, sizeof buf), "Дч");
    assert_string_equal(msg_card(MSG_LANG_RU, 12, 1, false, buf, sizeof buf), "Тт");
    assert_string_equal(msg_card(MSG_LANG_RU, 8, 0, false, buf, sizeof buf), "10п");
    assert_string_equal(msg_card(MSG_LANG_RU, 9, 2, true, buf, sizeof buf), "В\xE2\x99\xA6");
    assert_string_equal(msg_card(MSG_LANG_FR, 11, 0, true, buf, sizeof buf), "R\xE2\x99\xA0");
    assert_string_equal(msg_card(MSG_LANG_FR, 9, 2, false, buf, sizeof buf), "Vca");
    assert_string_equal(msg_card(MSG_LANG_ES, 4, 3, false, buf, sizeof buf), "6co");
}

/* The command words players of each language type, by their English word. */
static void test_commands(void **state)
{
    (void)state;
    assert_string_equal(msg_command(MSG_LANG_RU, "join"), "играть");
    assert_string_equal(msg_command(MSG_LANG_RU, "take"), "беру");
    assert_string_equal(msg_command(MSG_LANG_FR, "moves"), "coups");
    assert_string_equal(msg_command(MSG_LANG_ES, "again"), "revancha");
    assert_string_equal(msg_command(MSG_LANG_EN, "hand"), "hand");
    assert_string_equal(msg_command(MSG_LANG_RU, "set"), "set"); /* none: as it is */
    /* every MSG_CMD_ row, wherever it was added (by its name: the rows are in two blocks) */
    int rows = 0;
    for (int id = 0; id < MSG_COUNT; id++) {
        if (strncmp(msg_name((msg_id)id), "MSG_CMD_", 8))
            continue;
        rows++;
        for (int lang = 0; lang < MSG_LANG_COUNT; lang++)
            if (strcmp(msg_command((msg_lang)lang, msg_text((msg_id)id)),
                       msg_in((msg_lang)lang, (msg_id)id)))
                fail_msg("%s: msg_command does not give %s (is it in messages_lang.c's "
                         "command_words[]?)",
                         msg_lang_code((msg_lang)lang), msg_name(id));
    }
    assert_true(rows >= 23);
}

/* The words that name a rating in text, before its number (%d) or list (%s) at the end: "рейтинг
 * в каналах" in "...; рейтинг в каналах %d.". */
static void rating_label(const char *text, char *out, size_t cap)
{
    const char *end = strrchr(text, '%'), *start = end;
    while (start > text && start[-1] != ';' && start[-1] != ',' && start[-1] != '(')
        start--;
    while (*start == ' ')
        start++;
    size_t n = (size_t)(end - start);
    while (n && (start[n - 1] == ' ' || start[n - 1] == ':'))
        n--;
    snprintf(out, cap, "%.*s", (int)n, start);
}

/* The rating of channel games and the solo rating (private games against computer players) are
 * two numbers: no language calls them by one name, in !stats and in the game-over line. */
static void test_ratings_named_apart(void **state)
{
    (void)state;
    static const msg_id pairs[][2] = {
        { MSG_STATS, MSG_STATS_SOLO },
        { MSG_RESULT_RATINGS, MSG_RESULT_RATINGS_SOLO },
    };
    for (int lang = 0; lang < MSG_LANG_COUNT; lang++)
        for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
            char channel[128], solo[128];
            rating_label(msg_in((msg_lang)lang, pairs[k][0]), channel, sizeof channel);
            rating_label(msg_in((msg_lang)lang, pairs[k][1]), solo, sizeof solo);
            if (!channel[0] || !solo[0] || strstr(channel, solo) || strstr(solo, channel))
                fail_msg("%s: the channel rating \"%s\" and the solo rating \"%s\" share a name",
                         lang_names[lang], channel, solo);
        }
}

/* A take with no card added ends the bout at once, and its two lines are said as one: "Lucie
 * takes · Lucie picks up 1 card". The second says what happens with another verb, not the
 * first's again ("Lucie ramasse · Lucie ramasse 1 carte"). */
static void test_take_and_pick_up_differ(void **state)
{
    (void)state;
    for (int lang = 0; lang < MSG_LANG_COUNT; lang++) {
        char take[64], up[64];
        snprintf(take, sizeof take, msg_in((msg_lang)lang, MSG_MOVE_TAKE), "X");
        strcat(take, " ");
        snprintf(up, sizeof up, msg_in((msg_lang)lang, MSG_BOUT_TAKEN), "X", 1, "c");
        if (!strncmp(up, take, strlen(take)))
            fail_msg("%s: \"%s\" and \"%s\" say the same verb", lang_names[lang], take, up);
    }
}

/* French agrees an adjective or a pronoun with a person's gender, which the bot does not know: a
 * sentence about a player by name is worded without one ("Amelie veut la revanche", not "Amelie
 * est partant"; "doit couvrir", not "décide s'il couvre"). */
static void test_french_names_have_no_gender(void **state)
{
    (void)state;
    static const char *const gendered[] = { " s'il ", "%s est partant", "Seul %s", "%s seul " };
    for (int id = 0; id < MSG_COUNT; id++) {
        const char *text = msg_text_in(MSG_LANG_FR, (msg_id)id);
        for (size_t i = 0; i < sizeof gendered / sizeof gendered[0]; i++)
            if (text && strstr(text, gendered[i]))
                fail_msg("fr: %s gives a player a gender (\"%s\"): %s", msg_name(id), gendered[i],
                         text);
    }
}

/* A win by forfeit is said without counting who forfeited: in a game of two, "the others" is one,
 * and in a larger game some may have gone out first, not forfeited. */
static void test_forfeit_win_counts_nobody(void **state)
{
    (void)state;
    static const msg_id won[] = { MSG_RESULT_WON, MSG_LAST_WON, MSG_SITE_RESULT_WON,
                                  MSG_SITE_RESULT_SHARED };
    static const char *const others[] = { "other", "остальн", "autres", "demás" };
    for (int lang = 0; lang < MSG_LANG_COUNT; lang++)
        for (size_t i = 0; i < sizeof won / sizeof *won; i++)
            for (size_t k = 0; k < sizeof others / sizeof *others; k++)
                if (strstr(msg_in((msg_lang)lang, won[i]), others[k]))
                    fail_msg("%s: %s counts the others: %s", msg_lang_code((msg_lang)lang),
                             msg_name(won[i]), msg_in((msg_lang)lang, won[i]));
}

/* A Spanish line reads Spanish to a Spanish player: the waiting list of a rematch may be one name,
 * so no plural verb stands before it ("faltan pepito"); the discard pile has no Russian gloss
 * ("Descarte (bito)"); the help names the settings by ajustes, the word that works, not set. */
static void test_spanish_reads_spanish(void **state)
{
    (void)state;
    static const msg_id lists[] = { MSG_AGAIN_OPEN, MSG_AGAIN_AGREED };
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
        if (strstr(msg_in(MSG_LANG_ES, lists[i]), "faltan"))
            fail_msg("es: %s says faltan before a list of one: %s", msg_name(lists[i]),
                     msg_in(MSG_LANG_ES, lists[i]));
    for (int id = 0; id < MSG_COUNT; id++) {
        const char *text = msg_in(MSG_LANG_ES, (msg_id)id);
        if (strstr(text, "bito") || strstr(text, "set muestra"))
            fail_msg("es: %s has a Russian or English word: %s", msg_name(id), text);
    }
}

/* French typography on the web pages (IRC lines keep plain spaces): the number sign is n° (the
 * degree sign, as everywhere else) with a no-break space after it, so that "Partie n° 3" never
 * breaks after the sign. */
static void test_french_number_sign(void **state)
{
    (void)state;
    for (int id = 0; id < MSG_COUNT; id++) {
        const char *text = msg_in(MSG_LANG_FR, (msg_id)id), *p = text;
        if (strncmp(msg_name(id), "MSG_SITE_", 9))
            continue;
        if (strstr(text, "n\u00BA"))
            fail_msg("fr: %s writes n\u00BA, not n\u00B0: %s", msg_name(id), text);
        while ((p = strstr(p, "n\u00B0")) != NULL)
            if (strncmp(p += strlen("n\u00B0"), "\u00A0", strlen("\u00A0")))
                fail_msg("fr: %s has no no-break space after n\u00B0: %s", msg_name(id), text);
    }
}

/* A Russian reader is shown their own word for a command first, the English one after it in
 * brackets ("настройки (или set)"), as the rest of the Russian help does. */
static void test_russian_word_first(void **state)
{
    (void)state;
    for (int id = 0; id < MSG_COUNT; id++) {
        const char *text = msg_in(MSG_LANG_RU, (msg_id)id);
        if (text && strstr(text, "set (или "))
            fail_msg("ru: %s names set before настройки: %s", msg_name(id), text);
    }
}

/* Is s[i] the start of an ASCII letter run? */
static bool latin(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* The Russian table speaks Russian: the only Latin words in it are the settings (set notice,
 * set language en: no Russian words for them), the other languages' words for one's language
 * (langue fr, idioma es), first5, /msg, /nick, [bot] (computer players' names), n, the Latin T of
 * the ten, the rules R16, R18 and R19, and what is typed in a shell: the deal's check (seed=, salt=, printf '%s' ... |
 * sha256sum, SHA-256, printf '...\nstate\n' | durak-cli). No config key, no operator's command
 * (durakbot --export-game). One message is all ASCII, Russian in Latin letters: the one to a
 * client that sends no UTF-8, which would show Cyrillic as noise. */
static void test_russian_has_no_english(void **state)
{
    (void)state;
    static const char *const allowed[] = {
        "first5", "set",    "notice",   "privmsg",  "colours",   "on",       "off",
        "turn",   "site",   "language", "en",       "ru",        "fr",       "es",
        "msg",    "n",      "T",        "R16",      "R18",       "R19",      "seed",
        "salt",   "printf", "s",        "SHA",      "sha256sum", "langue",   "idioma",
        "state",  "durak",  "cli",      "NickServ", "irc",       "nickserv", "password",
        "SASL",   "SIGHUP", "bot",      "nick",     "m",         "c", /* +m, +c: channel modes */
        NULL,
    };
    for (int id = 0; id < MSG_COUNT; id++) {
        const char *text = msg_text_in(MSG_LANG_RU, (msg_id)id);
        char plain[1024];
        if (id == MSG_PARSE_NOT_UTF8) {
            for (const char *p = text; *p; p++)
                assert_true((unsigned char)*p < 0x80);
            continue;
        }
        size_t len = 0;
        for (const char *p = text; *p && len + 1 < sizeof plain; p++) {
            if (*p == '%') { /* a conversion (%s, %2$d) is no word */
                p += strspn(p + 1, "0123456789$") + 1;
                plain[len++] = ' ';
            } else if (*p == '\\' && p[1]) { /* nor a shell's escape (\n in printf '...') */
                p++;
                plain[len++] = ' ';
            } else {
                plain[len++] = *p;
            }
        }
        plain[len] = '\0';
        for (size_t i = 0; plain[i];) {
            if (!latin(plain[i])) {
                i++;
                continue;
            }
            size_t n = 0;
            while (latin(plain[i + n]) || (plain[i + n] >= '0' && plain[i + n] <= '9'))
                n++;
            bool ok = false;
            for (int k = 0; !ok && allowed[k]; k++)
                ok = strlen(allowed[k]) == n && !strncmp(allowed[k], plain + i, n);
            if (!ok)
                fail_msg("ru: %s has the English word \"%.*s\": \"%s\"", msg_name(id), (int)n,
                         plain + i, text);
            i += n;
        }
    }
}

/* The bytes of text once each %s is an 8-byte word and each %d two digits: a nick, a channel. */
static size_t formatted_size(const char *text)
{
    size_t n = 0;
    for (const char *p = text; *p; p++) {
        if (*p != '%') {
            n++;
            continue;
        }
        if (p[1] == '%') {
            n++, p++;
            continue;
        }
        p += strspn(p + 1, "0123456789$") + 1;
        n += *p == 's' ? 8 : 2;
    }
    return n;
}

/* A line longer than OUTQ_MAX_TEXT goes out in two (outq.h), cut at the last space that fits:
 * "…until !не" and "смотреть…" on the next line. So every text fits one line with short
 * arguments, in every language: Cyrillic takes two bytes a letter, and the Russian of an English
 * line that fits may not. Only the help topics and the settings, private answers of several
 * " · " parts, go over. */
static void test_texts_fit_one_line(void **state)
{
    (void)state;
    static const msg_id several[] = { MSG_HELP_1,     MSG_HELP_2,         MSG_HELP_STATS,
                                      MSG_HELP_CARDS, MSG_HELP_BOTS,      MSG_HELP_SOLO,
                                      MSG_SET_SHOW,   MSG_PRIVATE_HELP_1, MSG_PRIVATE_HELP_2 };
    for (int lang = 0; lang < MSG_LANG_COUNT; lang++)
        for (int id = 0; id < MSG_COUNT; id++) {
            bool long_ok = false;
            for (size_t k = 0; k < sizeof several / sizeof several[0]; k++)
                long_ok |= several[k] == (msg_id)id;
            const char *text = msg_text_in((msg_lang)lang, (msg_id)id);
            if (!long_ok && text && formatted_size(text) > OUTQ_MAX_TEXT) /* NULL: no text, above */
                fail_msg("%s: %s takes %zu bytes, more than one line: \"%s\"", lang_names[lang],
                         msg_name(id), formatted_size(text), text);
        }
}

/* The channel's notices that results are not being saved, and that they are again, begin as
 * every other line the bot says does: not with a lower-case letter. Not table-wide: a hundred
 * texts a language are pieces that other lines embed ("beat %s or take", "places: %s"). */
static void test_store_lines_capitalised(void **state)
{
    (void)state;
    static const msg_id lines[] = { MSG_STORE_FULL, MSG_STORE_READONLY, MSG_STORE_LOCKED,
                                    MSG_STORE_FAILING, MSG_STORE_BACK };
    assert_non_null(setlocale(LC_CTYPE, "C.UTF-8"));
    assert_true(iswlower(L'\u0440') && !iswlower(L'\u0420')); /* р, Р: the locale knows case */
    for (int lang = 0; lang < MSG_LANG_COUNT; lang++)
        for (size_t k = 0; k < sizeof lines / sizeof lines[0]; k++) {
            const char *text = msg_text_in((msg_lang)lang, lines[k]);
            wchar_t first;
            mbstate_t st;
            memset(&st, 0, sizeof st);
            assert_true(mbrtowc(&first, text, strlen(text), &st) > 0);
            if (iswlower((wint_t)first))
                fail_msg("%s: %s begins in lower case: \"%s\"", lang_names[lang],
                         msg_name(lines[k]), text);
        }
    setlocale(LC_CTYPE, "C");
}

/* A text's parts in braces are for readers shown suit symbols (msg_in_suits): each pair closed,
 * none nested, and each part names a symbol, so that no other text loses words on a legacy
 * irc.encoding. With symbols a reader gets the text without its braces; without, neither braces
 * nor symbols, and the letters where the symbols were ("joue 7♥" reads "joue 7co"). */
static void test_symbol_parts(void **state)
{
    (void)state;
    int parts = 0;
    for (int lang = 0; lang < MSG_LANG_COUNT; lang++)
        for (int id = 0; id < MSG_COUNT; id++) {
            const char *text = msg_in((msg_lang)lang, (msg_id)id);
            char plain[2048], shown[2048], letters[2048];
            bool open = false, symbol = false; /* in a part; a symbol in it so far */
            size_t n = 0;
            for (const char *p = text; *p; p++) {
                symbol |= open && !strncmp(p, "\xE2\x99", 2);
                if ((*p == '{' && open) || (*p == '}' && !symbol))
                    fail_msg("%s: %s has a brace out of place: \"%s\"", lang_names[lang],
                             msg_name(id), text);
                if (*p == '{' || *p == '}') {
                    open = *p == '{', symbol = false;
                    parts += *p == '}';
                } else if (n + 1 < sizeof plain)
                    plain[n++] = *p;
            }
            plain[n] = '\0';
            if (open)
                fail_msg("%s: %s leaves a brace open: \"%s\"", lang_names[lang], msg_name(id),
                         text);
            assert_string_equal(msg_in_suits((msg_lang)lang, (msg_id)id, true, shown, sizeof shown),
                                plain);
            msg_in_suits((msg_lang)lang, (msg_id)id, false, letters, sizeof letters);
            if (strpbrk(letters, "{}") || strstr(letters, "\xE2\x99"))
                fail_msg("%s: %s keeps a symbol without them: \"%s\"", lang_names[lang],
                         msg_name(id), letters);
        }
    assert_true(parts > 0);
    char buf[1024];
    assert_non_null(strstr(msg_in_suits(MSG_LANG_FR, MSG_HELP_2, false, buf, sizeof buf),
                           "joue 7co, couvre 9co 7co, "));
    assert_non_null(strstr(msg_in_suits(MSG_LANG_RU, MSG_PRIVATE_HELP_2, false, buf, sizeof buf),
                           "масть п т б ч, например 7ч"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checker),
        cmocka_unit_test(test_types_complete),
        cmocka_unit_test(test_texts_match_types),
        cmocka_unit_test(test_accessors),
        cmocka_unit_test(test_codes),
        cmocka_unit_test(test_plural_russian),
        cmocka_unit_test(test_plural_others),
        cmocka_unit_test(test_cards),
        cmocka_unit_test(test_commands),
        cmocka_unit_test(test_russian_has_no_english),
        cmocka_unit_test(test_spanish_reads_spanish),
        cmocka_unit_test(test_french_number_sign),
        cmocka_unit_test(test_ratings_named_apart),
        cmocka_unit_test(test_take_and_pick_up_differ),
        cmocka_unit_test(test_french_names_have_no_gender),
        cmocka_unit_test(test_forfeit_win_counts_nobody),
        cmocka_unit_test(test_russian_word_first),
        cmocka_unit_test(test_texts_fit_one_line),
        cmocka_unit_test(test_store_lines_capitalised),
        cmocka_unit_test(test_symbol_parts),
    };
    return cmocka_run_group_tests_name("messages", tests, NULL, NULL);
}
