/* test_languages.c — the languages of the lines (issue 13): a game in a "ru" channel where one
 * player prefers French: public lines Russian, that player's private lines French, the others'
 * Russian; game.language, set language, parser errors in the sender's language. TABLES_SHOW=1
 * prints every line of the games. */
#define _POSIX_C_SOURCE 200809L
#include "tables_harness.h"

#include "messages.h"

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
        if (strncmp(p, ZWSP, strlen(ZWSP)))
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

/* The nicks and channel, and the deal's check (issue 14) as typed in a shell: SHA-256, seed=,
 * salt=, printf '%s' 'durak-deal-v1:...'. */
static const char *const RU_ALLOWED[] = { "alice", "bob",  "durak", "ru",     "durakbot", "again",
                                          "SHA",   "seed", "salt",  "printf", "deal",     NULL };

/* One card of a moves list, written in lang, as English letters ("Дч" -> "Qh", "10♠" -> "Ts"). */
static void card_to_english(msg_lang lang, const char *w, char *out, size_t cap)
{
    static const char *const symbols[4] = { "\xE2\x99\xA0", "\xE2\x99\xA3", "\xE2\x99\xA6",
                                            "\xE2\x99\xA5" };
    static const char ranks[] = "JQKA", suits[] = "scdh";
    char rank[4] = "", suit = '?';
    size_t n = strlen(w), rlen = 0;
    for (int s = 0; s < 4; s++) {
        const char *forms[2] = { symbols[s], msg_in(lang, (msg_id)(MSG_SUIT_LETTER_SPADE + s)) };
        for (int f = 0; f < 2; f++) {
            size_t k = strlen(forms[f]);
            if (n > k && !strcmp(w + n - k, forms[f])) {
                suit = suits[s];
                rlen = n - k;
            }
        }
    }
    snprintf(rank, sizeof rank, "%.*s", (int)(rlen < 3 ? rlen : 3), w);
    for (int r = 0; r < 4; r++)
        if (!strcmp(rank, msg_in(lang, (msg_id)(MSG_RANK_J + r))))
            snprintf(rank, sizeof rank, "%c", ranks[r]);
    if (!strcmp(rank, "10"))
        snprintf(rank, sizeof rank, "T");
    snprintf(out, cap, "%s%c", rank, suit);
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
    priv(h, "bob", "set language ru");
    expect(h, "bob", "Сохранено: язык личных сообщений — русский.");
    char saved[64] = "";
    tables_take_prefs(h->t, take_one, saved);
    assert_string_equal(saved, "bob=ru");
    priv(h, "bob", "set");
    expect(h, "bob", "язык — русский");
    priv(h, "bob", "set language EN");
    expect(h, "bob", "Saved: your private lines are now in English.");
    assert_int_equal(tables_language(h->t, "bob"), MSG_LANG_EN);
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
    priv(h, "bob", "beat"); /* a bare play starts a private game (issue 14): beat needs cards */
    expect(h, "bob", "к команде бью нужна карта: бью 9♠ 7♠");
    priv(h, "bob", "7x");
    expect(h, "bob", "«7x» — не карта");
    expect(h, "bob", " или ");
    priv(h, "alice", "set language fr");
    priv(h, "alice", "7x");
    expect(h, "alice", "« 7x » n'est pas une carte");
    priv(h, "carol", "blah"); /* no preference, no game: game.language */
    expect(h, "carol", "\"blah\" is not a command or a card");
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

/* A private game (issue 14) speaks its player's language: bob's Russian, alice's French (the
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
    expect(h, "bob", "Вы заканчиваете личную игру; это засчитано как поражение.");
    expect(h, "bob", "Игра окончена: bob покидает личную игру — засчитано поражение.");
    expect(h, "bob", "ещё одна: /msg durakbot играю");
    priv(h, "alice", "set language fr");
    priv(h, "alice", "jouer facile 2");
    expect(h, "alice", "Empreinte de la donne : ");
    expect(h, "alice", " dans votre partie privée : ");
    priv(h, "alice", "jouer difficile 9");
    expect(h, "alice", "Une partie privée se joue de 2 à 6");
    h_free(h);
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
    expect(h, RU_CHANNEL, "Игра парами: партнёры сидят друг напротив друга");
    h_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_russian_classic_game),
        cmocka_unit_test(test_russian_transfer_game),
        cmocka_unit_test(test_default_language),
        cmocka_unit_test(test_set_language),
        cmocka_unit_test(test_errors_in_the_senders_language),
        cmocka_unit_test(test_help_cards),
        cmocka_unit_test(test_private_game_in_players_language),
        cmocka_unit_test(test_teams_in_russian),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
