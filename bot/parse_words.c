/* parse_words.c — the words players type, one table per list with every language's words side by side,
 * and their comparison: case-blind for Latin and Cyrillic letters, accent-blind, no locale; near. */

/*
 * All languages' words are understood in every channel. Within a list, no two entries spell the
 * same folded word with different meanings (tests/unit/test_parser.c checks it), and no private word
 * is a card. The first entry of a value in a language is that language's canonical word.
 */
#include "parse_words.h"

#include <string.h>

#include "durak.h"
#include "parse_fold.h"
#include "parse_suggest.h"

enum { FOLD_SIZE = 96 };

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))
#define EN WORDS_EN
#define RU WORDS_RU
#define FR WORDS_FR
#define ES WORDS_ES

static const words_entry channel_words[] = {
    { "durak", PC_DURAK, EN },
    { "join", PC_JOIN, EN },
    { "leave", PC_LEAVE, EN },
    { "start", PC_START, EN },
    { "stop", PC_STOP, EN },
    { "table", PC_TABLE, EN },
    { "help", PC_HELP, EN },
    { "rules", PC_RULES, EN },
    { "bot", PC_BOT, EN },
    { "stats", PC_STATS, EN },
    { "top", PC_TOP, EN },
    { "again", PC_AGAIN, EN },
    { "rematch", PC_AGAIN, EN },
    { "watch", PC_WATCH, EN },
    { "unwatch", PC_UNWATCH, EN },
    { "last", PC_LAST, EN },
    { "последняя", PC_LAST, RU },
    { "dernière", PC_LAST, FR },
    { "última", PC_LAST, ES },
    { "смотреть", PC_WATCH, RU },
    { "не смотреть", PC_UNWATCH, RU },
    { "regarder", PC_WATCH, FR },
    { "ne plus regarder", PC_UNWATCH, FR },
    { "mirar", PC_WATCH, ES },
    { "dejar de mirar", PC_UNWATCH, ES },
    { "дурак", PC_DURAK, RU },
    { "играть", PC_JOIN, RU },
    { "сесть", PC_JOIN, RU },
    { "сяду", PC_JOIN, RU },
    { "играю", PC_JOIN, RU }, /* "I play": the first word a Russian player tries */
    { "выйти", PC_LEAVE, RU },
    { "уйти", PC_LEAVE, RU },
    { "выхожу", PC_LEAVE, RU },
    { "не играю", PC_LEAVE, RU },
    { "старт", PC_START, RU },
    { "начать", PC_START, RU },
    { "поехали", PC_START, RU },
    { "го", PC_START, RU },
    { "стоп", PC_STOP, RU },
    { "стол", PC_TABLE, RU },
    { "помощь", PC_HELP, RU },
    { "справка", PC_HELP, RU },
    { "правила", PC_RULES, RU },
    { "бот", PC_BOT, RU },
    { "статистика", PC_STATS, RU },
    { "стат", PC_STATS, RU },
    { "стата", PC_STATS, RU },
    { "топ", PC_TOP, RU },
    { "рейтинг", PC_TOP, RU },
    { "ещё", PC_AGAIN, RU },
    { "реванш", PC_AGAIN, RU },
    { "durak", PC_DURAK, FR },
    { "rejoindre", PC_JOIN, FR },
    { "rejoins", PC_JOIN, FR },
    { "jouer", PC_JOIN, FR },
    { "quitter", PC_LEAVE, FR },
    { "partir", PC_LEAVE, FR },
    { "commencer", PC_START, FR },
    { "démarrer", PC_START, FR },
    { "arrêter", PC_STOP, FR },
    { "table", PC_TABLE, FR },
    { "aide", PC_HELP, FR },
    { "règles", PC_RULES, FR },
    { "bot", PC_BOT, FR },
    { "statistiques", PC_STATS, FR },
    { "classement", PC_TOP, FR },
    { "revanche", PC_AGAIN, FR },
    { "encore", PC_AGAIN, FR },
    { "durak", PC_DURAK, ES },
    { "unirse", PC_JOIN, ES },
    { "me uno", PC_JOIN, ES },
    { "jugar", PC_JOIN, ES },
    { "salir", PC_LEAVE, ES },
    { "entrar", PC_JOIN, ES },
    { "me voy", PC_LEAVE, ES },
    { "salgo", PC_LEAVE, ES },
    { "empezar", PC_START, ES },
    { "comenzar", PC_START, ES },
    { "empiezo", PC_START, ES },
    { "vamos", PC_START, ES },
    { "parar", PC_STOP, ES },
    { "mesa", PC_TABLE, ES },
    { "ayuda", PC_HELP, ES },
    { "reglas", PC_RULES, ES },
    { "bot", PC_BOT, ES },
    { "estadísticas", PC_STATS, ES },
    { "clasificación", PC_TOP, ES },
    { "ranking", PC_TOP, ES },
    { "revancha", PC_AGAIN, ES },
    { "otra", PC_AGAIN, ES },
};

static const words_entry private_words[] = {
    { "play", PC_PLAY, EN },
    { "pl", PC_PLAY, EN },
    { "throw", PC_PLAY, EN },
    { "beat", PC_BEAT, EN },
    { "b", PC_BEAT, EN },
    { "cover", PC_BEAT, EN },
    { "take", PC_TAKE, EN },
    { "tk", PC_TAKE, EN },
    { "pass", PC_PASS, EN },
    { "pa", PC_PASS, EN },
    { "transfer", PC_TRANSFER, EN },
    { "tr", PC_TRANSFER, EN },
    { "hand", PC_HAND, EN },
    { "cards", PC_HAND, EN },
    { "moves", PC_MOVES, EN },
    { "m", PC_MOVES, EN },
    { "help", PC_HELP, EN },
    { "set", PC_SET, EN },
    { "настройки", PC_SET, RU }, /* what the help's "set — ваши настройки" names */
    { "réglages", PC_SET, FR },
    { "paramètres", PC_SET, FR },
    { "ajustes", PC_SET, ES },
    { "stop", PC_STOP, EN }, /* a private game; in each language the channel's word for it too */
    { "arrêter", PC_STOP, FR },
    { "abandonner", PC_STOP, FR },
    { "parar", PC_STOP, ES },
    { "abandonar", PC_STOP, ES },
    { "hint", PC_HINT, EN },
    { "подсказка", PC_HINT, RU },
    { "подскажи", PC_HINT, RU },
    { "indice", PC_HINT, FR },
    { "conseil", PC_HINT, FR },
    { "pista", PC_HINT, ES },
    { "стоп", PC_STOP, RU },
    { "сдаюсь", PC_STOP, RU },
    { "хожу", PC_PLAY, RU },
    { "захожу", PC_PLAY, RU },
    { "на", PC_PLAY, RU }, /* "на 7ч": here, take it */
    { "+", PC_PLAY, RU },  /* "+ 6п": one more, as a chat adds to a list */
    { "кладу", PC_PLAY, RU },
    { "подкидываю", PC_PLAY, RU },
    { "подкину", PC_PLAY, RU },
    { "подкинуть", PC_PLAY, RU }, /* the word the throw-in question uses */
    { "кидаю", PC_PLAY, RU },
    { "кину", PC_PLAY, RU },
    { "играю", PC_PLAY, RU }, /* as a private game is asked for: играю сложный 3 */
    { "бью", PC_BEAT, RU },
    { "крою", PC_BEAT, RU },
    { "покрываю", PC_BEAT, RU },
    { "кроюсь", PC_BEAT, RU },
    { "отбиваюсь", PC_BEAT, RU },
    { "беру", PC_TAKE, RU },
    { "взять", PC_TAKE, RU },
    { "беру карты", PC_TAKE, RU },
    { "забираю", PC_TAKE, RU },
    { "взял", PC_TAKE, RU },
    { "беру всё", PC_TAKE, RU },
    { "пас", PC_PASS, RU },
    { "бито", PC_PASS, RU },
    { "бита", PC_PASS, RU }, /* "бита!", as a round's end is said too */
    { "отбой", PC_PASS, RU },
    { "пасую", PC_PASS, RU },
    { "нет", PC_PASS, RU }, /* the answer to "можно подкинуть: … или пас" */
    { "не подкидываю", PC_PASS, RU },
    { "не буду", PC_PASS, RU },
    { "хватит", PC_PASS, RU },
    { "всё", PC_PASS, RU },
    { "пропускаю", PC_PASS, RU },
    { "нечего", PC_PASS, RU },
    { "перевожу", PC_TRANSFER, RU },
    { "перевод", PC_TRANSFER, RU },
    { "карты", PC_HAND, RU },
    { "рука", PC_HAND, RU },
    { "мои карты", PC_HAND, RU },
    { "ходы", PC_MOVES, RU },
    { "ход", PC_MOVES, RU },
    { "помощь", PC_HELP, RU },
    { "справка", PC_HELP, RU },
    { "joue", PC_PLAY, FR },
    { "jouer", PC_PLAY, FR },
    { "je joue", PC_PLAY, FR },
    { "attaque", PC_PLAY, FR }, /* the prompts' words: "attaquez avec", "ajoutez une carte" */
    { "ajoute", PC_PLAY, FR },  /* "j'attaque", "j'ajoute": the elided je goes (parse_token.c) */
    { "couvre", PC_BEAT, FR },
    { "je couvre", PC_BEAT, FR },
    { "bats", PC_BEAT, FR }, /* "7♦ ne bat pas 9♣" */
    { "je bats", PC_BEAT, FR },
    { "coupe", PC_BEAT, FR }, /* the card table's word for covering, with a trump or not */
    { "je coupe", PC_BEAT, FR },
    { "ramasse", PC_TAKE, FR },
    { "je ramasse", PC_TAKE, FR },
    { "prends", PC_TAKE, FR },
    { "je prends", PC_TAKE, FR },
    { "je prends les cartes", PC_TAKE, FR },
    { "je ramasse les cartes", PC_TAKE, FR },
    { "je ramasse tout", PC_TAKE, FR }, /* as беру всё */
    { "je prends tout", PC_TAKE, FR },
    { "passe", PC_PASS, FR },
    { "je passe", PC_PASS, FR },
    { "transfère", PC_TRANSFER, FR },
    { "je transfère", PC_TRANSFER, FR },
    { "main", PC_HAND, FR },
    { "cartes", PC_HAND, FR },
    { "mes cartes", PC_HAND, FR },
    { "coups", PC_MOVES, FR },
    { "aide", PC_HELP, FR },
    { "juego", PC_PLAY, ES },
    { "jugar", PC_PLAY, ES },
    { "tiro", PC_PLAY, ES },
    { "ataco", PC_PLAY, ES }, /* the prompts' words: "ataca con una carta", "añade una carta" */
    { "añado", PC_PLAY, ES },
    { "pongo", PC_PLAY, ES },
    { "echo", PC_PLAY, ES },
    { "cubro", PC_BEAT, ES },
    { "mato", PC_BEAT, ES },
    { "tapo", PC_BEAT, ES },
    { "robo", PC_TAKE, ES },
    { "me llevo", PC_TAKE, ES },
    { "recojo", PC_TAKE, ES },
    { "recoger", PC_TAKE, ES }, /* "cubre ... o recoge" */
    { "tomo", PC_TAKE, ES },
    { "cojo", PC_TAKE, ES },
    { "me las llevo", PC_TAKE, ES },
    { "tomo las cartas", PC_TAKE, ES }, /* as беру карты */
    { "me llevo las cartas", PC_TAKE, ES },
    { "cojo las cartas", PC_TAKE, ES },
    { "me las llevo todas", PC_TAKE, ES },
    { "me lo llevo", PC_TAKE, ES },
    { "paso", PC_PASS, ES },
    { "nada", PC_PASS, ES },
    { "no", PC_PASS, EN }, /* the answer to "... or pass?": English and Spanish alike */
    { "non", PC_PASS, FR },
    { "me rindo", PC_STOP, ES }, /* as сдаюсь */
    { "transfiero", PC_TRANSFER, ES },
    { "mano", PC_HAND, ES },
    { "cartas", PC_HAND, ES },
    { "mis cartas", PC_HAND, ES },
    { "jugadas", PC_MOVES, ES },
    { "ayuda", PC_HELP, ES },
};

#define V_CLASSIC WORDS_OPTION(WORDS_OPT_VARIANT, DURAK_VARIANT_CLASSIC)
#define V_TRANSFER WORDS_OPTION(WORDS_OPT_VARIANT, DURAK_VARIANT_TRANSFER)
#define T_ALL WORDS_OPTION(WORDS_OPT_THROWIN, DURAK_THROWIN_ALL)
#define T_NEIGHBOURS WORDS_OPTION(WORDS_OPT_THROWIN, DURAK_THROWIN_NEIGHBOURS)
#define F_FIRST5 WORDS_OPTION(WORDS_OPT_FIRST5, 1)
#define T_TEAMS WORDS_OPTION(WORDS_OPT_TEAMS, 1) /* R19: teams of two */

/* The first entry of each value is its canonical name in error messages (parse_channel.c). */
static const words_entry option_words[] = {
    { "classic", V_CLASSIC, EN },
    { "podkidnoy", V_CLASSIC, EN },
    { "podkidnoi", V_CLASSIC, EN },
    { "throwin", V_CLASSIC, EN },
    { "transfer", V_TRANSFER, EN },
    { "perevodnoy", V_TRANSFER, EN },
    { "perevodnoi", V_TRANSFER, EN },
    { "passing", V_TRANSFER, EN },
    { "all", T_ALL, EN },
    { "neighbours", T_NEIGHBOURS, EN },
    { "neighbors", T_NEIGHBOURS, EN },
    { "first5", F_FIRST5, EN },
    { "teams", T_TEAMS, EN },
    { "подкидной", V_CLASSIC, RU },
    { "подкидного", V_CLASSIC, RU },
    { "переводной", V_TRANSFER, RU },
    { "переводного", V_TRANSFER, RU },
    { "все", T_ALL, RU },
    { "всем", T_ALL, RU },
    { "соседи", T_NEIGHBOURS, RU },
    { "соседям", T_NEIGHBOURS, RU },
    { "пять", F_FIRST5, RU },
    { "первые5", F_FIRST5, RU },
    { "первый5", F_FIRST5, RU },
    { "парами", T_TEAMS, RU },
    { "пары", T_TEAMS, RU },
    { "команды", T_TEAMS, RU },
    { "командами", T_TEAMS, RU },
    { "командный", T_TEAMS, RU },
    { "classique", V_CLASSIC, FR },
    { "transfert", V_TRANSFER, FR },
    { "tous", T_ALL, FR },
    { "voisins", T_NEIGHBOURS, FR },
    { "cinq", F_FIRST5, FR },
    { "équipes", T_TEAMS, FR },
    { "clásico", V_CLASSIC, ES },
    { "transferencia", V_TRANSFER, ES },
    { "transferir", V_TRANSFER, ES },
    { "todos", T_ALL, ES },
    { "vecinos", T_NEIGHBOURS, ES },
    { "cinco", F_FIRST5, ES },
    { "parejas", T_TEAMS, ES },
    { "por parejas", T_TEAMS, ES }, /* as the bot writes it */
    { "equipos", T_TEAMS, ES },
    { "5", F_FIRST5, EN }, /* "!дурак 5": last, so that no language shows it as its word */
};

static const words_entry bot_words[] = {
    { "easy", 0, EN },
    { "normal", 1, EN },
    { "medium", 1, EN },
    { "hard", 2, EN },
    { "expert", 3, EN },
    { "remove", WORDS_BOT_REMOVE, EN },
    { "лёгкий", 0, RU },
    { "средний", 1, RU },
    { "нормальный", 1, RU },
    { "сложный", 2, RU },
    { "трудный", 2, RU },
    { "эксперт", 3, RU },
    { "убрать", WORDS_BOT_REMOVE, RU },
    { "facile", 0, FR },
    { "moyen", 1, FR },
    { "difficile", 2, FR },
    { "expert", 3, FR },
    { "retirer", WORDS_BOT_REMOVE, FR },
    { "fácil", 0, ES },
    { "medio", 1, ES },
    { "difícil", 2, ES },
    { "experto", 3, ES },
    { "quitar", WORDS_BOT_REMOVE, ES },
};

static const words_entry bots_words[] = {
    { "bots", WORDS_TOP_BOTS, EN },   { "боты", WORDS_TOP_BOTS, RU },
    { "robots", WORDS_TOP_BOTS, FR }, { "máquinas", WORDS_TOP_BOTS, ES },
    { "solo", WORDS_TOP_SOLO, EN },   { "соло", WORDS_TOP_SOLO, RU },
};

const char *const parse_words_topic_names[] = { "commands", "moves", "cards", "bots",
                                                "stats",    "solo",  "teams", "rules" };

/* English topics are read by tables_info.c as they are; these name them in other languages. */
static const words_entry topic_words[] = {
    { "команды", 0, RU },    { "ходы", 1, RU },         { "карты", 2, RU },    { "боты", 3, RU },
    { "статистика", 4, RU }, { "commandes", 0, FR },    { "coups", 1, FR },    { "cartes", 2, FR },
    { "robots", 3, FR },     { "statistiques", 4, FR }, { "comandos", 0, ES }, { "jugadas", 1, ES },
    { "cartas", 2, ES },     { "estadísticas", 4, ES }, { "соло", 5, RU },     { "пары", 6, RU },
    { "équipes", 6, FR },    { "equipos", 6, ES },      { "правила", 7, RU },  { "règles", 7, FR },
    { "reglas", 7, ES },
};

const words_entry *parse_words_table(words_list l, size_t *count)
{
    static const struct {
        const words_entry *list;
        size_t count;
    } lists[WL_COUNT] = {
        [WL_CHANNEL] = { channel_words, COUNT_OF(channel_words) },
        [WL_PRIVATE] = { private_words, COUNT_OF(private_words) },
        [WL_OPTION] = { option_words, COUNT_OF(option_words) },
        [WL_BOT] = { bot_words, COUNT_OF(bot_words) },
        [WL_BOTS] = { bots_words, COUNT_OF(bots_words) },
        [WL_TOPIC] = { topic_words, COUNT_OF(topic_words) },
    };
    if ((unsigned)l >= WL_COUNT) {
        *count = 0;
        return NULL;
    }
    *count = lists[l].count;
    return lists[l].list;
}

/* ---------------------------------------------------------------- comparison */

/* Does text[0..len), folded, equal the folded word a[0..na)? */
static bool folded_is(const char *a, size_t na, const char *text, size_t len)
{
    char f[FOLD_SIZE];
    size_t nf = parse_fold(text, len, f, sizeof f);
    return nf == na && !memcmp(a, f, na);
}

/* The length of text's first word (up to a space or its end). */
static size_t first_word(const char *text)
{
    size_t n = 0;
    while (text[n] && text[n] != ' ')
        n++;
    return n;
}

static bool fold_equal(token t, const char *text, size_t len)
{
    char a[FOLD_SIZE];
    size_t na = parse_fold(t.s, t.n, a, sizeof a);
    return na != (size_t)-1 && folded_is(a, na, text, len);
}

bool parse_words_equal(token t, const char *text) { return fold_equal(t, text, strlen(text)); }

int parse_words_index(token t, const char *const *words, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (parse_words_equal(t, words[i]))
            return (int)i;
    return -1;
}

/* ---------------------------------------------------------------- lookup */

/* Do the words after the first of text (at rest, after a space) follow in c? Advances c. */
static bool rest_follows(parse_ctx *c, const char *rest)
{
    while (rest) {
        const char *sp = strchr(rest, ' ');
        size_t len = sp ? (size_t)(sp - rest) : strlen(rest);
        token u;
        if (!parse_ctx_next(c, &u) || !fold_equal(parse_token_trim(u), rest, len))
            return false;
        rest = sp ? sp + 1 : NULL;
    }
    return true;
}

const words_entry *parse_words_match(parse_ctx *c, words_list l, token t)
{
    size_t count, best_words = 0, best_pos = c->pos, start = c->pos;
    const words_entry *list = parse_words_table(l, &count), *best = NULL;
    char a[FOLD_SIZE];
    size_t na = parse_fold(t.s, t.n, a, sizeof a);
    for (size_t i = 0; i < count && na != (size_t)-1; i++) {
        size_t first = first_word(list[i].text);
        if (!folded_is(a, na, list[i].text, first))
            continue;
        const char *sp = list[i].text[first] ? list[i].text + first : NULL;
        size_t words = 1;
        for (const char *p = sp; p; p = strchr(p + 1, ' '))
            words++;
        if (words > best_words && rest_follows(c, sp ? sp + 1 : NULL)) {
            best = &list[i];
            best_words = words;
            best_pos = c->pos;
        }
        c->pos = start;
    }
    c->pos = best_pos;
    return best;
}

int parse_words_lang_of(words_list l, const words_entry *e)
{
    return e->lang == WORDS_EN ? -1 : parse_words_own_lang(l, e);
}

int parse_words_own_lang(words_list l, const words_entry *e)
{
    size_t count;
    const words_entry *list = parse_words_table(l, &count);
    char a[FOLD_SIZE], b[FOLD_SIZE];
    size_t na = parse_fold(e->text, strlen(e->text), a, sizeof a);
    for (size_t i = 0; i < count; i++) {
        if (list[i].lang == e->lang)
            continue;
        size_t nb = parse_fold(list[i].text, strlen(list[i].text), b, sizeof b);
        if (nb == na && !memcmp(a, b, na))
            return -1;
    }
    return (int)e->lang;
}

const words_entry *parse_words_find(words_list l, token t)
{
    size_t count;
    const words_entry *list = parse_words_table(l, &count);
    char a[FOLD_SIZE];
    size_t na = parse_fold(t.s, t.n, a, sizeof a);
    for (size_t i = 0; i < count && na != (size_t)-1; i++) {
        size_t first = first_word(list[i].text);
        if (!list[i].text[first] && folded_is(a, na, list[i].text, first))
            return &list[i];
    }
    return NULL;
}

const char *parse_words_command(words_lang lang, parse_kind kind)
{
    static const words_list lists[] = { WL_CHANNEL, WL_PRIVATE };
    for (size_t k = 0; k < COUNT_OF(lists); k++) {
        size_t count;
        const words_entry *list = parse_words_table(lists[k], &count);
        for (size_t i = 0; i < count; i++)
            if (list[i].lang == lang && list[i].value == (int)kind)
                return list[i].text;
    }
    return NULL;
}

const words_entry *parse_words_near(words_list l, token w, words_lang prefer)
{
    char a[FOLD_SIZE], b[FOLD_SIZE];
    size_t count, na = parse_fold(w.s, w.n, a, sizeof a);
    int most = na == (size_t)-1 ? 0 : parse_suggest_most(a, na), best = most + 1;
    const words_entry *list = parse_words_table(l, &count), *found = NULL;
    bool tie = false;
    for (size_t i = 0; most > 0 && i < count; i++) {
        /* a word is offered a word, a phrase a phrase ("je prend": "je prends"); never a short
         * form ("tk") */
        size_t nb = !strchr(list[i].text, ' ') != !memchr(w.s, ' ', w.n)
                        ? (size_t)-1
                        : parse_fold(list[i].text, strlen(list[i].text), b, sizeof b);
        int d =
            nb == (size_t)-1 || !parse_suggest_most(b, nb) ? -1 : parse_suggest_edits(a, na, b, nb);
        if (d >= 0 && d < best) {
            best = d;
            found = &list[i];
            tie = false;
        } else if (d == best && found && found->value != list[i].value) {
            tie = true;
        } else if (d == best && found && found->lang != prefer && list[i].lang == prefer) {
            found = &list[i];
        }
    }
    return tie || best == 0 ? NULL : found;
}
