/* test_languages.c — the languages of the lines: a game in a "ru" channel where one
 * player prefers French: public lines Russian, that player's private lines French, the others'
 * Russian; game.language, set language, parser errors in the sender's language. TABLES_SHOW=1
 * prints every line of the games. */
#define _POSIX_C_SOURCE 200809L
#include "tables_harness.h"

#include "messages.h"
#include "outq.h"
#include "parser.h"

#define RU_CHANNEL "#durak.ru"

/* A harness whose #durak.ru speaks Russian (channel_settings), Unicode suits as by default. */
static harness *h_ru(uint64_t seed)
{
    harness *h = h_new(seed);
    h->cfg.ui.unicode_suits = true;
    h->cfg.irc.nchannels = 2;
    snprintf(h->cfg.irc.channels[1], sizeof h->cfg.irc.channels[1], "%s", RU_CHANNEL);
    h->cfg.nchannel_settings = 1;
    snprintf(h->cfg.channel_settings[0].name, sizeof h->cfg.channel_settings[0].name, "%s",
             RU_CHANNEL);
    h->cfg.channel_settings[0].language = CONFIG_LANG_RU;
    tables_reconfigure(h->t, &h->cfg);
    return h;
}

/* Fails, showing what was said, unless a line to target holds want. */
static void expect(const harness *h, const char *target, const char *want)
{
    if (said(h, target, want))
        return;
    for (size_t k = 0; k < h->o.len; k++)
        printf("  <%s> %s\n", h->o.items[k].target, h->o.items[k].text);
    fail_msg("no line to %s holds \"%s\"", target, want);
}

static bool cyrillic(const char *s) { return strstr(s, "\xD0") || strstr(s, "\xD1"); }

static bool latin(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static bool digit(char c) { return c >= '0' && c <= '9'; }

/* Fails when text has a Latin word (two letters or more) that is not in allowed: the nicks, the
 * channel's name, the English command words that have no Russian one yet. A run of letters and
 * digits with a digit in it is no word (a hash in hex, first5). */
static void assert_no_english(const char *line, const char *const *allowed)
{
    char text[1024]; /* as read: without the zero-width spaces inside nicks */
    size_t w = 0;
    for (const char *p = line; *p && w + 1 < sizeof text; p++)
        if (*p == '\\' && p[1]) /* a shell's escape (\n in printf '...') is no letter */
            text[w++] = ' ', p++;
        else if (strncmp(p, ZWSP, strlen(ZWSP)))
            text[w++] = *p;
        else
            p += strlen(ZWSP) - 1;
    text[w] = '\0';
    for (size_t i = 0; text[i];) {
        if (!latin(text[i]) && !digit(text[i])) {
            i++;
            continue;
        }
        size_t n = 0;
        bool digits = false;
        while (latin(text[i + n]) || digit(text[i + n]))
            digits |= digit(text[i + n++]);
        bool ok = n == 1 || digits;
        for (int k = 0; !ok && allowed[k]; k++)
            ok = strlen(allowed[k]) == n && !strncmp(allowed[k], text + i, n);
        if (!ok)
            fail_msg("the English word \"%.*s\" in \"%s\"", (int)n, text + i, text);
        i += n;
    }
}

/* The nicks and channel, and the deal's check as typed in a shell: SHA-256, seed=,
 * salt=, printf '%s' 'durak-deal-v1:...', printf 'new players=2 variant=classic ...\nstate\n' |
 * durak-cli. */
static const char *const RU_ALLOWED[] = {
    "alice",      "bob",  "durak", "ru",      "durakbot", "again",   "SHA",      "seed",    "salt",
    "printf",     "deal", "new",   "players", "variant",  "classic", "transfer", "throwin", "all",
    "neighbours", "deck", "teams", "on",      "off",      "state",   "cli",      NULL,
};

/* One card of a moves list, written in lang, as English letters ("Дч" -> "Qh", "10♠" -> "Ts"); to
 * a French or Spanish reader with its suit symbol ("Vco" -> "J♥"), as a c would be asked about. */
static void card_to_english(msg_lang lang, const char *w, char *out, size_t cap)
{
    static const char *const symbols[4] = { "\xE2\x99\xA0", "\xE2\x99\xA3", "\xE2\x99\xA6",
                                            "\xE2\x99\xA5" };
    static const char ranks[] = "JQKA", suits[] = "scdh";
    char rank[4] = "", suit = '?';
    int which = 0;
    size_t n = strlen(w), rlen = 0;
    for (int s = 0; s < 4; s++) {
        const char *forms[2] = { symbols[s], msg_in(lang, (msg_id)(MSG_SUIT_LETTER_SPADE + s)) };
        for (int f = 0; f < 2; f++) {
            size_t k = strlen(forms[f]);
            if (n > k && !strcmp(w + n - k, forms[f])) {
                suit = suits[s];
                which = s;
                rlen = n - k;
            }
        }
    }
    snprintf(rank, sizeof rank, "%.*s", (int)(rlen < 3 ? rlen : 3), w);
    for (int r = 0; r < 4; r++)
        if (!strcmp(rank, msg_in(lang, (msg_id)(MSG_RANK_J + r))))
            snprintf(rank, sizeof rank, "%c", ranks[r]);
    if (lang == MSG_LANG_FR || lang == MSG_LANG_ES)
        snprintf(out, cap, "%s%s", rank, symbols[which]);
    else
        snprintf(out, cap, "%s%c", strcmp(rank, "10") ? rank : "T", suit);
}

/* A move as the moves list of lang writes it ("бью 9♠ 7♠"), in English words ("beat 9s 7s"). */
static void move_to_english(msg_lang lang, const char *move, char *out, size_t cap)
{
    char copy[128], *save = NULL;
    size_t len = 0;
    snprintf(copy, sizeof copy, "%s", move);
    out[0] = '\0';
    for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        char word[32] = "";
        for (int k = 0; k < 5 && !word[0]; k++)
            if (!strcmp(w, msg_in(lang, (msg_id)(MSG_CMD_PLAY + k))))
                snprintf(word, sizeof word, "%s", msg_in(MSG_LANG_EN, (msg_id)(MSG_CMD_PLAY + k)));
        if (!word[0])
            card_to_english(lang, w, word, sizeof word);
        len += (size_t)snprintf(out + len, cap - len, "%s%s", len ? " " : "", word);
    }
}

/* The moves line of the player with moves ("Ваши ходы: " / "Vos coups : "), by asking each. */
static int whose_turn_in(harness *h, const char **nicks, const msg_lang *langs, int n, char *moves,
                         size_t cap)
{
    int found = -1;
    for (int i = 0; i < n; i++) {
        char head[64];
        snprintf(head, sizeof head, "%.*s", (int)(strlen(msg_in(langs[i], MSG_YOUR_MOVES)) - 2),
                 msg_in(langs[i], MSG_YOUR_MOVES));
        priv(h, nicks[i], "moves");
        const char *m = said(h, nicks[i], head);
        if (m) {
            assert_int_equal(found, -1);
            found = i;
            snprintf(moves, cap, "%s", m + strlen(head));
        }
    }
    return found;
}

/* What each line of the outbox says, checked: to the channel Russian; to alice (French) French;
 * to bob Russian. */
static void check_lines(const harness *h, int *public_lines, bool show)
{
    for (size_t k = 0; k < h->o.len; k++) {
        const out_msg *m = &h->o.items[k];
        if (show)
            printf("<%s> %s\n", m->target, m->text);
        if (!strcmp(m->target, RU_CHANNEL)) {
            ++*public_lines;
            assert_true(cyrillic(m->text) || !strcmp(m->text, "Бито"));
            assert_no_english(m->text, RU_ALLOWED);
        } else if (!strcmp(m->target, "alice")) {
            static const char *const english[] = {
                "Your", "trump", "take", "beat", "hand", "play"
            };
            if (cyrillic(m->text))
                fail_msg("alice (French) is told \"%s\"", m->text);
            for (size_t e = 0; e < sizeof english / sizeof english[0]; e++)
                if (strstr(m->text, english[e]))
                    fail_msg("alice (French) is told \"%s\"", m->text);
        } else if (!strcmp(m->target, "bob")) {
            assert_true(cyrillic(m->text));
            assert_no_english(m->text, RU_ALLOWED);
        }
    }
}

/* A whole game in the Russian channel, alice preferring French, in `variant`. */
static void play_russian_game(const char *variant, uint64_t seed)
{
    harness *h = h_ru(seed);
    bool show = getenv("TABLES_SHOW") != NULL;
    const char *nicks[] = { "alice", "bob" };
    const msg_lang langs[] = { MSG_LANG_FR, MSG_LANG_RU };
    int public_lines = 0;
    priv(h, "alice", "set language fr");
    assert_non_null(
        said(h, "alice", "Enregistré : vos messages privés sont désormais en français"));
    char cmd[64];
    snprintf(cmd, sizeof cmd, "!durak %s", variant);
    chan(h, "alice", RU_CHANNEL, cmd);
    expect(h, RU_CHANNEL, "alice собирает игру в дурака");
    check_lines(h, &public_lines, show);
    chan(h, "bob", RU_CHANNEL, "!join");
    expect(h, RU_CHANNEL, "bob садится за стол");
    check_lines(h, &public_lines, show);
    chan(h, "alice", RU_CHANNEL, "!start");
    expect(h, RU_CHANNEL, "начинается");
    const char *hand = said(h, "bob", "Ваш");
    assert_non_null(hand ? hand : said(h, "alice", "vous"));
    check_lines(h, &public_lines, show);
    rng_t r;
    rng_seed(&r, seed);
    bool over = false;
    for (int step = 0; step < 3000 && !over; step++) {
        char moves[1024], move[128], english[128];
        int i = whose_turn_in(h, nicks, langs, 2, moves, sizeof moves);
        assert_true(i >= 0);
        pick_move(&r, moves, move, sizeof move);
        move_to_english(langs[i], move, english, sizeof english);
        priv(h, nicks[i], english);
        if (said(h, nicks[i], "n'est") || said(h, nicks[i], "не "))
            fail_msg("%s: \"%s\" (%s) refused: %s", nicks[i], move, english, h->o.items[0].text);
        check_lines(h, &public_lines, show);
        over = said(h, RU_CHANNEL, "Игра окончена") != NULL;
    }
    assert_true(over);
    assert_true(public_lines > 10);
    /* the end shows a player's check of the deal: its fingerprint, and its hands by durak-cli */
    expect(h, RU_CHANNEL, " · проверка отпечатка: printf '%s' 'durak-deal-v1:");
    expect(h, RU_CHANNEL, "\\nstate\\n' | durak-cli");
    h_free(h);
}

static void test_russian_classic_game(void **state)
{
    (void)state;
    play_russian_game("", 7);
}

static void test_russian_transfer_game(void **state)
{
    (void)state;
    play_russian_game("transfer", 11);
}

/* A mistyped option of !дурак is answered in Russian with the option it is nearest to. */
static void test_option_typo_in_russian(void **state)
{
    (void)state;
    harness *h = h_new(22);
    chan(h, "vasya", "#durak", "!дурак переводый");
    assert_non_null(said(h, "vasya",
                         "«переводый» — непонятный вариант для !дурак: может быть, "
                         "переводной?"));
    assert_null(tables_find(h->t, "#durak"));
    h_free(h);
}

/* yura chose no language and plays in Russian words at a game opened with !durak (English),
 * against a computer player: his private lines are Russian, those that a computer player's move
 * asks too, not only the answers to his own words (English words, everyone's, change nothing). */
static void test_private_lines_follow_the_words_used(void **state)
{
    (void)state;
    harness *h = h_new(21);
    const char *nicks[] = { "yura" };
    const msg_lang langs[] = { MSG_LANG_RU };
    chan(h, "yura", "#durak", "!durak");
    chan(h, "yura", "#durak", "!bot easy");
    chan(h, "yura", "#durak", "!start");
    priv(h, "yura", "ходы");
    rng_t r;
    rng_seed(&r, 21);
    int asked_by_bot = 0;
    for (int step = 0; step < 300 && tables_find(h->t, "#durak"); step++) {
        h_run_ai(h);
        for (size_t k = 0; k < h->o.len; k++)
            if (!strcmp(h->o.items[k].target, "yura")) {
                asked_by_bot++;
                if (!cyrillic(h->o.items[k].text))
                    fail_msg("after the computer's move yura is told \"%s\"", h->o.items[k].text);
            }
        char moves[1024], move[128];
        if (whose_turn_in(h, nicks, langs, 1, moves, sizeof moves) < 0)
            continue;
        pick_move(&r, moves, move, sizeof move);
        priv(h, "yura", move);
        for (size_t k = 0; k < h->o.len; k++)
            if (!strcmp(h->o.items[k].target, "yura") && !cyrillic(h->o.items[k].text))
                fail_msg("after \"%s\" yura is told \"%s\"", move, h->o.items[k].text);
    }
    assert_true(asked_by_bot >= 3);
    h_free(h);
}

/* game.language is the language of every channel without its own, and of private lines of
 * people who chose none and sit nowhere. */
static void test_default_language(void **state)
{
    (void)state;
    harness *h = h_new(1);
    h->cfg.game.language = CONFIG_LANG_ES;
    tables_reconfigure(h->t, &h->cfg);
    chan(h, "alice", "#durak", "!durak");
    expect(h, "#durak", "alice abre una partida de durak (clásico, añaden todos)");
    priv(h, "carol", "moves");
    expect(h, "carol", "No estás en ninguna partida");
    assert_int_equal(tables_language(h->t, "#durak"), MSG_LANG_ES);
    h_free(h);
}

/* set language: saved (tables_take_prefs), refused with what to type, shown by set. */
static void take_one(void *ctx, const char *key, const store_prefs *p)
{
    snprintf(ctx, 64, "%s=%s", key, p->language);
}

static void test_set_language(void **state)
{
    (void)state;
    harness *h = h_ru(2);
    priv(h, "bob", "set language de");
    expect(h, "bob", "\"de\" is not a language I speak: type set language en");
    /* the word for one's language alone: the settings, not a refusal of "" */
    priv(h, "bob", "set language");
    expect(h, "bob", "Your settings: ");
    assert_null(said(h, "bob", "\"\""));
    priv(h, "bob", "\xD1\x8F\xD0\xB7\xD1\x8B\xD0\xBA"); /* язык */
    expect(h, "bob", "язык — ");
    assert_null(said(h, "bob", "«»"));
    priv(h, "bob", "set language ru");
    expect(h, "bob", "Сохранено: язык личных сообщений — русский.");
    char saved[64] = "";
    tables_take_prefs(h->t, take_one, saved);
    assert_string_equal(saved, "bob=ru");
    priv(h, "bob", "set");
    expect(h, "bob", "язык — русский");
    priv(h, "bob", "язык");
    expect(h, "bob", "язык — русский");
    assert_null(said(h, "bob", "«»"));
    priv(h, "bob", "set language EN");
    expect(h, "bob", "Saved: your private lines are now in English.");
    assert_int_equal(tables_language(h->t, "bob"), MSG_LANG_EN);
    /* a language by its name, in any of them: "французский" is 22 bytes */
    priv(h, "bob", "язык французский");
    assert_int_equal(tables_language(h->t, "bob"), MSG_LANG_FR);
    priv(h, "bob", "language Russian");
    assert_int_equal(tables_language(h->t, "bob"), MSG_LANG_RU);
    priv(h, "bob", "idioma ingles");
    assert_int_equal(tables_language(h->t, "bob"), MSG_LANG_EN);
    /* a long word refused whole, not cut inside a letter */
    priv(h, "bob", "язык древнегреческийдревнегреческийдревнегреческий");
    expect(h, "bob",
           "\"древнегреческийдревнегреч…\" is not a language I speak: type set "
           "language en, ru, fr or es.");
    h_free(h);
}

/* A seated player who renames keeps their settings: they are the seat's person, whose settings
 * are kept under the nick they sat down with (their hand came in English after /nick, and `set`
 * showed none chosen). */
static void test_settings_follow_a_rename(void **state)
{
    (void)state;
    harness *h = h_new(3);
    priv(h, "bob", "set language fr");
    priv(h, "bob", "set notice");
    start_two(h, "#durak");
    renamed(h, "bob", "bob_away");
    priv(h, "bob_away", "hand");
    expect(h, "bob_away", "Votre main dans #durak");
    assert_int_equal(tables_language(h->t, "bob_away"), MSG_LANG_FR);
    priv(h, "bob_away", "set");
    expect(h, "bob_away", "messages privés en notice");
    expect(h, "bob_away", "français, votre pseudo");
    h_free(h);
}

/* The parser's errors, and the answers to a channel command, in the sender's language: a set
 * preference, else the channel's where they spoke. */
static void test_errors_in_the_senders_language(void **state)
{
    (void)state;
    harness *h = h_ru(3);
    chan(h, "bob", RU_CHANNEL, "!table");
    expect(h, "bob", "В #durak.ru игры нет: соберите её командой !дурак.");
    chan(h, "bob", RU_CHANNEL, "!join now");
    expect(h, "bob", "«now» после !играть непонятно: напишите просто !играть");
    priv(h, "bob", "join"); /* bob sits nowhere and chose nothing: game.language */
    expect(h, "bob", "!join is a channel command");
    chan(h, "bob", RU_CHANNEL, "!durak"); /* bob sits in the Russian channel's game */
    priv(h, "bob", "join");
    expect(h, "bob", "!играть — команда для канала: напишите её в канале, а не мне");
    priv(h, "bob", "blah");
    expect(h, "bob", "«blah» — не команда и не карта");
    priv(h, "bob", "beat"); /* a bare play starts a private game: beat needs cards */
    expect(h, "bob", "к команде бью нужна карта: бью 9♠ 7♠");
    priv(h, "bob", "7x");
    expect(h, "bob", "«7x» — не карта");
    expect(h, "bob", " или ");
    priv(h, "alice", "set language fr");
    priv(h, "alice", "7x");
    expect(h, "alice", "« 7x » n'est pas une carte");
    priv(h, "carol", "blah"); /* no preference, no game: game.language; seated nowhere: how to */
    expect(h, "carol", "\"blah\" is not a command, and you are in no game: open one");
    priv(h, "carol", "привет"); /* Russian letters: a Russian reader, whatever the words */
    expect(h, "carol", "«привет» — не команда, а вы сейчас не в игре");
    priv(h, "carol", "7ч");
    expect(h, "carol", "Вы не в игре: соберите её в канале командой !дурак");
    priv(h, "alice", "7ч"); /* alice chose French */
    expect(h, "alice", "Vous ");
    h_free(h);
}

/* The help topic cards in each language shows its card names. */
static void test_help_cards(void **state)
{
    (void)state;
    harness *h = h_ru(4);
    static const struct
    { /* the topic as the parser gives it (bot/parse_words.c: "карты" is cards) */
        const char *code, *topic, *want;
    } cases[] = {
        { "ru", "cards", "В (валет) Д (дама) К (король) Т (туз)" },
        { "fr", "cards", "V (valet) D (dame) R (roi) A (as)" },
        { "es", "cards", "J (jota) Q (reina) K (rey, también R) A (as)" },
        { "en", "cards", "J (jack) Q (queen) K (king) A (ace)" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char cmd[64];
        snprintf(cmd, sizeof cmd, "set language %s", cases[i].code);
        priv(h, "dave", cmd);
        snprintf(cmd, sizeof cmd, "help %s", cases[i].topic);
        priv(h, "dave", cmd);
        if (!said(h, "dave", cases[i].want))
            fail_msg("help %s: no \"%s\" in \"%s\"", cases[i].topic, cases[i].want,
                     h->o.len ? h->o.items[0].text : "(nothing)");
    }
    chan(h, "erin", RU_CHANNEL, "!help cards"); /* the channel hears the topic's Russian name */
    expect(h, RU_CHANNEL, "erin: справка «карты» отправлена вам личным сообщением.");
    expect(h, "erin", "В (валет)");
    h_free(h);
}

/* A private game speaks its player's language: bob's Russian, alice's French (the
 * Russian card words start it: играю сложный 3), nothing goes to a channel; stopping it too. */
static void test_private_game_in_players_language(void **state)
{
    (void)state;
    harness *h = h_ru(5);
    priv(h, "bob", "set language ru");
    priv(h, "bob", "играю сложный 3");
    for (size_t k = 0; k < h->o.len; k++)
        assert_string_equal(h->o.items[k].target, "bob");
    expect(h, "bob", "Игра в дурака (");
    expect(h, "bob", "Отпечаток раздачи: ");
    assert_null(said(h, "bob", "личными сообщениями")); /* it is played where it is said */
    priv(h, "bob", "стоп");
    expect(h, "bob",
           "Остановить игру сейчас — значит проиграть её в рейтинге личных игр: чтобы "
           "остановить, напишите стоп ещё раз в течение 30 с.");
    priv(h, "bob", "стоп");
    expect(h, "bob", "Игра окончена: вы покидаете личную игру — засчитано поражение.");
    expect(h, "bob", "ещё одна: /msg durakbot играю");
    priv(h, "alice", "set language fr");
    priv(h, "alice", "jouer facile 2");
    expect(h, "alice", "Empreinte de la donne : ");
    expect(h, "alice", " dans votre partie privée : ");
    priv(h, "alice", "jouer difficile 9");
    expect(h, "alice", "Une partie privée se joue de 2 à 6");
    h_free(h);
}

/* Settings in words a Russian player reads (вкл., уведомлениями), no config value standing in a
 * sentence; the hint refusal says where hints work, never a config key, in every language. */
static void test_settings_and_hints_in_words(void **state)
{
    (void)state;
    harness *h = h_ru(12);
    priv(h, "bob", "настройки"); /* no language chosen: not "язык — русский" though in Russian */
    expect(h, "bob", "язык — не выбран: как в словах, которые вы пишете,");
    priv(h, "bob", "set language ru");
    priv(h, "bob", "set");
    expect(h, "bob",
           "Ваши настройки: личные строки приходят как задано по умолчанию, цвета — выкл., "
           "строка хода — вкл., язык — русский, ваш ник на веб-страницах — вкл. · изменить: "
           "настройки личные");
    priv(h, "bob", "set privmsg");
    priv(h, "bob", "set colours on"); /* confirmed in words, not the English typed back */
    expect(h, "bob",
           "Сохранено. Ваши настройки: личные строки приходят личными сообщениями, цвета — вкл.");
    assert_null(said(h, "bob", "colours on."));
    priv(h, "bob", "set");
    expect(h, "bob", "личные строки приходят личными сообщениями, цвета — вкл.,");
    priv(h, "bob", "set volume 11");
    expect(h, "bob", "настройки цвета вкл или выкл,");
    /* the settings in the words the settings line shows, in any case */
    priv(h, "bob", "настройки цвета выкл");
    expect(h, "bob",
           "Сохранено. Ваши настройки: личные строки приходят личными сообщениями, "
           "цвета — выкл.");
    priv(h, "bob", "Настройки Ход ВЫКЛ.");
    expect(h, "bob", "строка хода — выкл.");
    priv(h, "bob", "настройки цвета включены"); /* the words a sentence puts there */
    expect(h, "bob", "цвета — вкл.");
    priv(h, "bob", "настройки ход выключить");
    expect(h, "bob", "строка хода — выкл.");
    priv(h, "bob", "настройки уведомления");
    expect(h, "bob", "личные строки приходят уведомлениями");
    priv(h, "bob", "настройки цвета громко");
    expect(h, "bob", "«цвета громко» — нет такой настройки");
    priv(h, "bob", "set language fr");
    priv(h, "bob", "réglages couleurs oui");
    expect(h, "bob", "couleurs : oui");
    priv(h, "bob", "réglages Privé"); /* accents and case folded */
    expect(h, "bob", "messages privés en message privé");
    priv(h, "bob", "réglages langue es"); /* the settings word and the language word of one's own */
    expect(h, "bob", "Guardado");
    priv(h, "bob", "ajustes colores no");
    expect(h, "bob", "colores: no");
    priv(h, "bob", "ajustes colores sí");
    expect(h, "bob", "colores: sí");
    priv(h, "bob", "ajustes idioma ru");
    expect(h, "bob", "Сохранено");
    chan(h, "alice", RU_CHANNEL, "!дурак");
    chan(h, "bob", RU_CHANNEL, "!играть");
    chan(h, "alice", RU_CHANNEL, "!старт");
    for (int lang = 0; lang < MSG_LANG_COUNT; lang++) {
        char cmd[32], want[64];
        snprintf(cmd, sizeof cmd, "set language %s", msg_lang_code((msg_lang)lang));
        priv(h, "bob", cmd);
        priv(h, "bob", "hint"); /* game.hints "private": a channel game has none */
        snprintf(want, sizeof want, "%.40s", msg_in((msg_lang)lang, MSG_HINT_SOLO_ONLY));
        expect(h, "bob", want);
        expect(h, "bob", "/msg durakbot ");
        assert_null(said(h, "bob", "game.hints"));
    }
    priv(h, "bob", "set language ru");
    priv(h, "bob", "подсказка");
    expect(h, "bob",
           "Подсказки здесь есть только в личных играх против компьютера: /msg durakbot играю — "
           "начать такую.");
    h_free(h);
}

/* Seated, a second !дурак says which game is open where and how to change it; играю in a
 * channel's game says that one plays there and how a move is typed. */
static void test_seated_player_told_where(void **state)
{
    (void)state;
    harness *h = h_ru(13);
    priv(h, "bob", "set language ru");
    chan(h, "bob", RU_CHANNEL, "!дурак");
    chan(h, "bob", RU_CHANNEL, "!дурак переводной");
    expect(h, "bob",
           "Вы уже сидите за столом в #durak.ru (подкидной, подкидывают все), игра ещё не "
           "началась: чтобы играть в другой, сначала напишите там !выйти (или !стоп, если "
           "собирали её вы).");
    chan(h, "bob", "#durak", "!durak transfer");
    expect(h, "bob", "Вы уже сидите за столом в #durak.ru (подкидной, подкидывают все)");
    chan(h, "alice", RU_CHANNEL, "!играть");
    chan(h, "bob", RU_CHANNEL, "!старт");
    priv(h, "bob", "играю");
    expect(h, "bob", "Вы уже играете в #durak.ru: ход пишется с картой, например хожу ");
    expect(h, "bob", " («ходы» покажет ваши ходы).");
    example_is_theirs(h, "bob", "например хожу ");
    assert_null(said(h, "bob", "нужна карта"));
    chan(h, "bob", RU_CHANNEL, "!дурак");
    expect(h, "bob",
           "Вы уже играете в #durak.ru (подкидной, подкидывают все): доиграйте или сначала "
           "напишите там !выйти (это засчитается как поражение).");
    priv(h, "alice", "set language en");
    priv(h, "alice", "play");
    expect(h, "alice", "You already play in #durak.ru: a move needs its card, e.g. play ");
    example_is_theirs(h, "alice", "e.g. play ");
    chan(h, "alice", "#durak", "!durak");
    expect(h, "alice",
           "You already sit at the game in #durak.ru (classic, throw-in by all), "
           "which is running: finish it, or type !leave there first");
    h_free(h);
}

/* ---- what a player reads of the help, in every language ---- */

/* One channel per language: #durak English (the default), #durak.ru, #durak.fr, #durak.es. */
static const char *const LANG_CHANNEL[MSG_LANG_COUNT] = { "#durak", RU_CHANNEL, "#durak.fr",
                                                          "#durak.es" };

static harness *h_four(uint64_t seed, const char *prefix)
{
    harness *h = h_new(seed);
    snprintf(h->cfg.game.prefix, sizeof h->cfg.game.prefix, "%s", prefix);
    h->cfg.ui.unicode_suits = true;
    h->cfg.irc.nchannels = MSG_LANG_COUNT;
    h->cfg.nchannel_settings = MSG_LANG_COUNT - 1;
    for (int l = 1; l < MSG_LANG_COUNT; l++) {
        snprintf(h->cfg.irc.channels[l], sizeof h->cfg.irc.channels[l], "%s", LANG_CHANNEL[l]);
        snprintf(h->cfg.channel_settings[l - 1].name, sizeof h->cfg.channel_settings[l - 1].name,
                 "%s", LANG_CHANNEL[l]);
        h->cfg.channel_settings[l - 1].language = l; /* CONFIG_LANG_* are msg_lang's order */
    }
    tables_reconfigure(h->t, &h->cfg);
    return h;
}

/* Every help answer: the private topics (help alone is the moves), an unknown topic, and !help
 * in the channel. */
static const char *const HELP_ASKED[] = { "help",       "help commands", "help moves",
                                          "help cards", "help bots",     "help stats",
                                          "help solo",  "help nonsense", "!help" };
enum { HELP_ASKED_COUNT = sizeof HELP_ASKED / sizeof HELP_ASKED[0] };

/* The lines dave gets for HELP_ASKED[k], dave speaking lang, joined with " / " into out; the
 * lines themselves in lines[] (pointers into h's outbox, valid until the next event). */
static int ask_help(harness *h, msg_lang lang, int k, char *out, size_t cap, const char **lines,
                    int max)
{
    char cmd[64];
    snprintf(cmd, sizeof cmd, "set language %s", msg_lang_code(lang));
    priv(h, "dave", cmd);
    const char *where = LANG_CHANNEL[lang];
    if (HELP_ASKED[k][0] == '!') { /* in the channel, with its prefix */
        snprintf(cmd, sizeof cmd, "%s%s", h->cfg.game.prefix, HELP_ASKED[k] + 1);
        chan(h, "dave", where, cmd);
    } else
        priv(h, "dave", HELP_ASKED[k]);
    int n = 0;
    size_t len = 0;
    out[0] = '\0';
    for (size_t i = 0; i < h->o.len; i++) {
        const out_msg *m = &h->o.items[i];
        bool mine =
            HELP_ASKED[k][0] == '!' ? !strcmp(m->target, where) : !strcmp(m->target, "dave");
        if (!mine || n == max)
            continue;
        lines[n++] = m->text;
        len += (size_t)snprintf(out + len, len < cap ? cap - len : 0, "%s%s", len ? " / " : "",
                                m->text);
    }
    if (!n)
        fail_msg("%s (%s): no answer", HELP_ASKED[k], msg_lang_code(lang));
    return n;
}

/* Every help answer says how to change one's language, in every language: set language, and the
 * words of each language for it (язык ru, langue fr, idioma es). */
static void test_help_says_how_to_change_language(void **state)
{
    (void)state;
    harness *h = h_four(8, "!");
    static const char *const want[] = { "set language", "язык ru", "langue fr", "idioma es" };
    for (int lang = 0; lang < MSG_LANG_COUNT; lang++)
        for (int k = 0; k < HELP_ASKED_COUNT; k++) {
            char all[4096];
            const char *lines[8];
            ask_help(h, (msg_lang)lang, k, all, sizeof all, lines, 8);
            for (size_t w = 0; w < sizeof want / sizeof want[0]; w++)
                if (!strstr(all, want[w]))
                    fail_msg("%s (%s) does not say \"%s\": %s", HELP_ASKED[k],
                             msg_lang_code((msg_lang)lang), want[w], all);
        }
    h_free(h);
}

/* Is the help's word at p (just after the prefix, "!стат)") a channel command? Tries it with up
 * to three words ("!не смотреть", "!dejar de mirar"), each without trailing punctuation. */
static bool parses_as_command(const char *p)
{
    char line[96] = "!";
    size_t len = 1;
    for (int words = 1; words <= 3 && *p; words++) {
        size_t n = strcspn(p, " ,;)]");
        if (len + n + 2 >= sizeof line)
            return false;
        memcpy(line + len, p, n);
        len += n;
        line[len] = '\0';
        parsed_cmd out;
        parse_channel(line, len, NULL, &out);
        if (out.kind != PC_IGNORED && out.kind != PC_ERROR)
            return true;
        p += n;
        if (*p != ' ')
            return false;
        p++;
        line[len++] = ' ';
    }
    return false;
}

/* The commands help lists the rematch, unwatch and set, the short forms a language has (!стат), and
 * that leaving a running game is a loss (R18); every channel word it shows after the prefix is one
 * the parser takes. */
static void test_help_lists_words_that_parse(void **state)
{
    (void)state;
    harness *h = h_four(9, "!");
    static const char *const want[MSG_LANG_COUNT][5] = {
        { "!again", "!rematch", "!unwatch", "set ", "(in a game, as a loss)" },
        { "!ещё", "!стат", "!не смотреть", "set ", "(в игре — проигрыш)" },
        { "!revanche", "!ne plus regarder", "!encore", "set ", "(en partie : une défaite)" },
        { "!revancha", "!dejar de mirar", "!ranking", "set ", "(en partida, pierdes)" },
    };
    for (int lang = 0; lang < MSG_LANG_COUNT; lang++) {
        char all[4096];
        const char *lines[8];
        for (int k = 0; k < HELP_ASKED_COUNT; k++) {
            ask_help(h, (msg_lang)lang, k, all, sizeof all, lines, 8);
            if (k == 1) /* help commands */
                for (int w = 0; w < 5; w++)
                    if (!strstr(all, want[lang][w]))
                        fail_msg("help commands (%s) leaves out \"%s\": %s",
                                 msg_lang_code((msg_lang)lang), want[lang][w], all);
            for (const char *p = all; (p = strchr(p, '!')) != NULL; p++)
                if (p[1] && p[1] != ' ' && !parses_as_command(p + 1))
                    fail_msg("%s (%s) shows \"%.20s\", which is no command", HELP_ASKED[k],
                             msg_lang_code((msg_lang)lang), p);
        }
    }
    h_free(h);
}

/* As the send queue sends text: its lines' texts (after "NOTICE dave :"). */
static int sent_pieces(const char *text, char pieces[][OUTQ_MAX_TEXT + 1], int max)
{
    outq *q = outq_new(100, 100.0);
    assert_non_null(q);
    assert_true(outq_push(q, "NOTICE", "dave", text));
    int n = 0;
    const char *l;
    while (n < max && (l = outq_peek(q, 1e6)) != NULL) {
        const char *colon = strstr(l, " :");
        assert_non_null(colon);
        assert_true(strlen(colon + 2) <= OUTQ_MAX_TEXT);
        snprintf(pieces[n++], OUTQ_MAX_TEXT + 1, "%s", colon + 2);
        outq_commit(q, 1e6);
    }
    outq_free(q);
    return n;
}

/* Where a long line is cut, a whole item ends: each help line of every language, sent through the
 * send queue (400 bytes a line), is cut only at its separators " · " (or " | "); and no line is
 * cut short before (the tables' line buffer), even with the longest prefix: each ends its sentence. */
static void test_help_lines_end_on_whole_items(void **state)
{
    (void)state;
    int cut = 0;
    for (int pass = 0; pass < 2; pass++) {
        harness *h = h_four(10, pass ? "~~~" : "!");
        for (int lang = 0; lang < MSG_LANG_COUNT; lang++)
            for (int k = 0; k < HELP_ASKED_COUNT; k++) {
                char all[4096], text[2048], pieces[8][OUTQ_MAX_TEXT + 1];
                const char *lines[8];
                int nlines = ask_help(h, (msg_lang)lang, k, all, sizeof all, lines, 8);
                for (int i = 0; i < nlines; i++) {
                    snprintf(text, sizeof text, "%s", lines[i]);
                    if (text[strlen(text) - 1] != '.')
                        fail_msg("%s (%s) is cut short: %s", HELP_ASKED[k],
                                 msg_lang_code((msg_lang)lang), text);
                    int n = sent_pieces(text, pieces, 8);
                    for (int p = 0; p < n && getenv("TABLES_SHOW"); p++)
                        printf("%s %s, line %d, piece %d (%zu bytes): %s\n",
                               msg_lang_code((msg_lang)lang), HELP_ASKED[k], i + 1, p + 1,
                               strlen(pieces[p]), pieces[p]);
                    size_t at = 0;
                    for (int p = 0; p < n; p++) {
                        size_t len = strlen(pieces[p]);
                        if (strncmp(text + at, pieces[p], len))
                            fail_msg("piece %d of \"%s\" is not where it was: \"%s\"", p, text,
                                     pieces[p]);
                        at += len;
                        if (p == n - 1)
                            break;
                        cut++;
                        if (strncmp(text + at, " · ", strlen(" · "))
                            && strncmp(text + at, " | ", 3))
                            fail_msg("%s (%s) is cut mid-item: \"%s\" | \"%s\"", HELP_ASKED[k],
                                     msg_lang_code((msg_lang)lang), pieces[p], pieces[p + 1]);
                        at += text[at + 1] == '|' ? 3 : strlen(" · ");
                    }
                    assert_int_equal(at, strlen(text));
                }
            }
        h_free(h);
    }
    assert_true(cut > 0); /* some help lines are longer than one IRC line */
}

/* Teams of two (R19) in a Russian channel: the start line names the teams in Russian, the rules
 * say how they play, the error for a wrong number of players too. */
static void test_teams_in_russian(void **state)
{
    (void)state;
    harness *h = h_ru(6);
    static const char *const nicks[] = { "alice", "bob", "carol", "dave" };
    chan(h, "alice", RU_CHANNEL, "!дурак парами");
    chan(h, "bob", RU_CHANNEL, "!играть");
    chan(h, "carol", RU_CHANNEL, "!играть");
    chan(h, "alice", RU_CHANNEL, "!старт");
    expect(h, RU_CHANNEL, "Для игры парами нужно 4 или 6 игроков");
    chan(h, nicks[3], RU_CHANNEL, "!играть");
    chan(h, "alice", RU_CHANNEL, "!старт");
    expect(h, RU_CHANNEL, "(подкидной, подкидывают все, игра парами) начинается");
    expect(h, RU_CHANNEL, "; команды: alice+carol против bob+dave.");
    chan(h, "bob", RU_CHANNEL, "!правила");
    expect(h, RU_CHANNEL,
           "Парами: партнёры напротив (1+3 и 2+4 по входу; вшестером 1+4, 2+5, 3+6)");
    h_free(h);
}

/* Fails unless every line of the outbox is Russian: the channel's, and each player's. */
static void all_russian(const harness *h)
{
    for (size_t k = 0; k < h->o.len; k++) {
        const out_msg *m = &h->o.items[k];
        if (!cyrillic(m->text) && strcmp(m->text, "Бито"))
            fail_msg("<%s> \"%s\" is not Russian", m->target, m->text);
        assert_no_english(m->text, RU_ALLOWED);
    }
}

/* A channel without a language: a game opened with "!дурак переводной" speaks Russian from its
 * first line to its last, to the channel and to its players, though they move in English words;
 * a restart keeps it so (the snapshot carries the language). */
static void test_game_speaks_its_opening_words(void **state)
{
    (void)state;
    harness *h = h_new(21);
    h->cfg.ui.unicode_suits = true;
    tables_reconfigure(h->t, &h->cfg);
    const char *nicks[] = { "alice", "bob" };
    const msg_lang langs[] = { MSG_LANG_RU, MSG_LANG_RU };
    chan(h, "alice", "#durak", "!дурак переводной");
    expect(h, "#durak", "alice собирает игру в дурака (переводной");
    all_russian(h);
    chan(h, "bob", "#durak", "!join"); /* English words join a Russian game: still Russian */
    expect(h, "#durak", "bob садится за стол");
    all_russian(h);
    chan(h, "alice", "#durak", "!start");
    expect(h, "#durak", "начинается");
    all_russian(h);
    char snap[8192];
    assert_true(tables_snapshot(h->t, "#durak", h->now, snap, sizeof snap));
    assert_non_null(strstr(snap, "/ru "));
    harness *again = h_new(22); /* restored after a restart: still Russian */
    assert_true(tables_restore(again->t, "#durak", snap, again->now));
    assert_int_equal(tables_language(again->t, "#durak"), MSG_LANG_RU);
    h_free(again);
    rng_t r;
    rng_seed(&r, 21);
    bool over = false;
    for (int step = 0; step < 3000 && !over; step++) {
        char moves[1024], move[128], english[128];
        int i = whose_turn_in(h, nicks, langs, 2, moves, sizeof moves);
        assert_true(i >= 0);
        pick_move(&r, moves, move, sizeof move);
        move_to_english(langs[i], move, english, sizeof english);
        priv(h, nicks[i], english);
        all_russian(h);
        over = said(h, "#durak", "Игра окончена") != NULL;
    }
    assert_true(over);
    chan(h, "alice", "#durak", "!again"); /* the rematch speaks it too */
    expect(h, "#durak", "Реванш");
    h_free(h);
}

/* Questions are answered in the words they were asked in; a reply to one person is in their
 * language (their setting, else their words); a configured channel language wins over words. */
static void test_answers_in_the_askers_words(void **state)
{
    (void)state;
    harness *h = h_ru(23);
    chan(h, "alice", "#durak", "!помощь"); /* no game, no language: Russian, as asked */
    expect(h, "#durak", "alice: !дурак — новая игра, !играть — сесть");
    chan(h, "alice", "#durak", "!durak"); /* an English game */
    expect(h, "#durak", "alice opens a game");
    chan(h, "bob", "#durak", "!правила");
    assert_true(cyrillic(h->o.items[0].text));
    chan(h, "bob", "#durak", "!rules");
    assert_false(cyrillic(h->o.items[0].text));
    chan(h, "bob", "#durak", "!join");
    chan(h, "alice", "#durak", "!start");
    priv(h, "bob", "set language ru"); /* a move typed in the channel: told in bob's language */
    chan(h, "bob", "#durak", "take");
    expect(h, "#durak", "bob: ходы — личным сообщением");
    chan(h, "alice", "#durak", "беру"); /* alice chose nothing: her words */
    expect(h, "#durak", "alice: ходы — личным сообщением");
    chan(h, "carol", RU_CHANNEL, "!durak clásico"); /* the channel's own language wins */
    expect(h, RU_CHANNEL, "carol собирает игру в дурака");
    chan(h, "dave", "#mesa", "!durak"); /* then Spanish words: the lobby speaks Spanish */
    expect(h, "#mesa", "dave opens a game");
    chan(h, "zoe", "#mesa", "!стол"); /* ... a player's words: zoe only looks */
    chan(h, "zoe", "#mesa", "!table");
    expect(h, "#mesa", "Waiting to start (classic, throw-in by all): dave");
    chan(h, "erin", "#mesa", "!jugar");
    expect(h, "#mesa", "erin se sienta");
    chan(h, "frank", "#cartas", "!durak clásico");
    expect(h, "#cartas", "frank abre una partida de durak");
    priv(h, "gina", "set language fr"); /* every language's word: the opener's chosen one */
    chan(h, "gina", "#tapis", "!durak");
    expect(h, "#tapis", "gina ouvre une partie de durak");
    chan(h, "hugo", "#tapis", "!unirse"); /* a chosen language is not a first word to follow */
    expect(h, "#tapis", "hugo prend place");
    /* English options are English words: a French player's word does not turn the lobby */
    chan(h, "ivan", "#table", "!durak transfer teams");
    expect(h, "#table", "ivan opens a game");
    priv(h, "kate", "set language fr");
    chan(h, "kate", "#table", "!rejoindre");
    expect(h, "#table", "kate joins");
    chan(h, "jack", "#deck", "!durak first5 neighbours");
    chan(h, "lena", "#deck", "!unirse");
    expect(h, "#deck", "lena joins");
    /* a computer player's level in French words: the lobby speaks French from then on (its
     * answer was English, the game French once "!commencer" came) */
    chan(h, "mia", "#jeu", "!durak");
    chan(h, "mia", "#jeu", "!bot difficile");
    expect(h, "#jeu", "Le joueur ordinateur Hard[bot] prend place");
    h_free(h);
}

/* "!langue fr" in a channel, where a French player types it first: their own language, saved and
 * answered privately as "langue fr" is; it was silence, another bot's word. */
static void test_language_in_the_channel(void **state)
{
    (void)state;
    harness *h = h_new(3);
    chan(h, "carol", "#durak", "!langue fr");
    assert_int_equal(h->o.len, 1);
    expect(h, "carol", "vos messages privés sont désormais en français");
    chan(h, "carol", "#durak", "!durak");
    chan(h, "carol", "#durak", "!set");
    expect(h, "carol", "Vos réglages : messages privés par défaut");
    h_free(h);
}

/* A legacy irc.encoding has no suit symbols: cards are written with each reader's own suit
 * letters, never the link's stand-ins for the symbols (Russian letters), which made "8♥ или 8ч"
 * read "8ч или 8ч" and English lines Cyrillic. */
static void test_legacy_encoding_suit_letters(void **state)
{
    (void)state;
    harness *h = h_ru(3);
    h->cfg.irc.encoding = CONFIG_ENC_CP1251;
    tables_reconfigure(h->t, &h->cfg);
    chan(h, "bob", RU_CHANNEL, "!durak");
    priv(h, "bob", "beat");
    expect(h, "bob", "к команде бью нужна карта: бью 9п 7п");
    priv(h, "bob", "7x");
    expect(h, "bob", "«7x» — не карта");
    assert_null(said(h, "bob", "\xE2\x99")); /* no ♠ ♣ ♦ ♥ */
    priv(h, "alice", "set language en");
    priv(h, "alice", "beat");
    expect(h, "alice", "beat 9s 7s");
    assert_false(cyrillic(said(h, "alice", "beat 9s 7s")));
    h_free(h);
}

/* The help where the server's set has no suit symbols: each language's suit letters alone, card
 * examples in letters too. The link's stand-ins for ♠ ♣ ♦ ♥ are the Russian letters, so the
 * symbols named beside the letters read "масть п т б ч или п т б ч", or in French "p t ca co ou
 * п т б ч". On UTF-8 the symbols are still named beside the letters. */
static void test_legacy_encoding_help(void **state)
{
    (void)state;
    static const struct {
        msg_lang lang;
        int asked; /* HELP_ASKED */
        const char *legacy, *utf8;
    } cases[] = {
        { MSG_LANG_RU, 2, "затем масть п т б ч, например 7ч", "п т б ч или ♠ ♣ ♦ ♥, например" },
        { MSG_LANG_RU, 3, "п — пики, т или к — трефы (крести), б — бубны, ч — червы; например",
          "п — пики ♠, т или к — трефы (крести) ♣, б — бубны ♦, ч — червы ♥;" },
        { MSG_LANG_RU, 1, "карты пишутся как 7ч, 10п, Дб · ", "7ч, 10п, Дб или 7♥ · " },
        { MSG_LANG_EN, 0, "a suit s c d h, e.g. 7h", "a suit s c d h or ♠ ♣ ♦ ♥, e.g. 7h" },
        { MSG_LANG_EN, 3, "s spades, c clubs, d diamonds, h hearts: 7h, 10s, Qd. Russian",
          "h hearts ♥: 7h, 10s, Qd, A♣. Russian" },
        { MSG_LANG_FR, 2, "une couleur p t ca co, par ex. 7co", "p t ca co ou ♠ ♣ ♦ ♥, par ex." },
        { MSG_LANG_FR, 1, "joue 7co, couvre 9co 7co, ",
          "les cartes s'écrivent 7♥, 10♠, D♦ ou 7co" },
        { MSG_LANG_FR, 3, "co cœur ; par ex. 7co, 10p", "co cœur ♥ ; par ex. 7♥, 10p" },
        { MSG_LANG_ES, 2, "un palo p t d co, p. ej. 7co", "p t d co o ♠ ♣ ♦ ♥, p. ej." },
        { MSG_LANG_ES, 1, "las cartas se escriben 7co, 10p, Qd · ", "juego 7♥, cubro 9♥ 7♥" },
    };
    for (int pass = 0; pass < 2; pass++) {
        harness *h = h_four(11, "!");
        h->cfg.irc.encoding = pass ? CONFIG_ENC_UTF8 : CONFIG_ENC_CP1251;
        tables_reconfigure(h->t, &h->cfg);
        for (int lang = 0; lang < MSG_LANG_COUNT; lang++)
            for (int k = 0; k < HELP_ASKED_COUNT; k++) {
                char all[4096];
                const char *lines[8];
                ask_help(h, (msg_lang)lang, k, all, sizeof all, lines, 8);
                if (strpbrk(all, "{}") || (!pass && strstr(all, "\xE2\x99")))
                    fail_msg("%s (%s, %s) has a suit symbol or a brace: %s", HELP_ASKED[k],
                             msg_lang_code((msg_lang)lang), pass ? "utf-8" : "cp1251", all);
                for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
                    const char *want = pass ? cases[i].utf8 : cases[i].legacy;
                    if (cases[i].lang == (msg_lang)lang && cases[i].asked == k
                        && !strstr(all, want))
                        fail_msg("%s (%s, %s): no \"%s\" in %s", HELP_ASKED[k],
                                 msg_lang_code((msg_lang)lang), pass ? "utf-8" : "cp1251", want,
                                 all);
                }
            }
        h_free(h);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_russian_classic_game),
        cmocka_unit_test(test_language_in_the_channel),
        cmocka_unit_test(test_russian_transfer_game),
        cmocka_unit_test(test_private_lines_follow_the_words_used),
        cmocka_unit_test(test_option_typo_in_russian),
        cmocka_unit_test(test_legacy_encoding_suit_letters),
        cmocka_unit_test(test_legacy_encoding_help),
        cmocka_unit_test(test_default_language),
        cmocka_unit_test(test_set_language),
        cmocka_unit_test(test_settings_follow_a_rename),
        cmocka_unit_test(test_errors_in_the_senders_language),
        cmocka_unit_test(test_help_cards),
        cmocka_unit_test(test_private_game_in_players_language),
        cmocka_unit_test(test_teams_in_russian),
        cmocka_unit_test(test_game_speaks_its_opening_words),
        cmocka_unit_test(test_answers_in_the_askers_words),
        cmocka_unit_test(test_help_says_how_to_change_language),
        cmocka_unit_test(test_help_lists_words_that_parse),
        cmocka_unit_test(test_help_lines_end_on_whole_items),
        cmocka_unit_test(test_settings_and_hints_in_words),
        cmocka_unit_test(test_seated_player_told_where),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
