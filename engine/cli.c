/* cli.c — durak-cli: the engine's text protocol (protocol_help below)
 * on stdin/stdout, one command a line, every reply ending in ok/error. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card.h"
#include "durak.h"

enum { LINE_MAX_BYTES = 8192, MAX_WORDS = 16, DEFAULT_SEED = 1 };

static const char protocol_help[] =
    "durak-cli: the Durak engine's text protocol (rules: durak(7), deploy/durak.7).\n"
    "One command a line on stdin; every reply ends with a line \"ok\" (or starting\n"
    "with \"ok \") or a line starting with \"error:\" and the reason.\n"
    "\n"
    "  new [players=N] [variant=classic|transfer] [throwin=all|neighbours]\n"
    "      [first5=on|off] [deck=24|36|52] [teams=on|off] [seed=U64] [order=C,C,...]\n"
    "      Starts a game. Defaults: players=2 variant=classic throwin=all\n"
    "      first5=off deck=36 teams=off seed=1. teams=on (R19) needs players=4 or 6.\n"
    "      r10=old replays a record of an older version (its R10 throw-in order).\n"
    "      order= is the whole deck, top card first:\n"
    "      cards 1..6N are dealt round-robin from seat 0, the next card is the\n"
    "      trump card under the stock, the rest is the stock, top first.\n"
    "      Without order=, seed= shuffles (same seed, same game).\n"
    "  play C        lead (attack) or throw in card C\n"
    "  beat C T      cover the uncovered attack card T with C (\"beat C\" when only\n"
    "                one card is uncovered)\n"
    "  take          the defender picks up the table (after the throw-ins)\n"
    "  pass          stop throwing in\n"
    "  transfer C    transfer variant: pass the attack on with a card of its rank\n"
    "      Moves are made by the player to act (see state: actor). An illegal move\n"
    "      is refused with \"error: ...\" and changes nothing.\n"
    "  state         key: value lines: phase actor attacker defender trump stock\n"
    "                discard table hand 0..N-1 out result, and team with teams\n"
    "  legal         the actor's legal moves, one a line, in the move syntax\n"
    "  resign S      seat S leaves the game (R18)\n"
    "  serialize     the whole game as one text line\n"
    "  load LINE     restore a game from a serialize line\n"
    "  help          this text\n"
    "  quit          exit\n"
    "\n"
    "Cards are ASCII: rank 2-9 T J Q K A (10 also accepted), suit S C D H, any case.\n"
    "state: phase is attack|defend|throwin|taking|over; actor, attacker and\n"
    "defender are seats, or \"-\" once the game is over; trump is the trump card;\n"
    "stock counts the cards left, trump card included; discard counts the discard\n"
    "pile; table lists attack/cover pairs in play order (\"-\" for an uncovered card);\n"
    "hands are in card order: by suit S C D H, then by rank ascending; out lists\n"
    "seats in the order they went out; result is ongoing, durak S, draw, won S,\n"
    "or team T lost (R19: a forfeit, or one team left); team gives each seat's team.\n"
    "Empty lists are written \"-\". Blank lines and lines starting with # are\n"
    "ignored (no reply). Lines longer than 8192 bytes are refused.\n"
    "\n"
    "Usage: durak-cli [--echo] [--help]\n"
    "  --echo   echo each command line, prefixed with \"> \", before its reply\n";

typedef struct {
    durak_game game;
    bool have_game;
    bool echo;
    char line[LINE_MAX_BYTES + 2]; /* the line read, room for a CR and the NUL */
} cli_state;

typedef struct {
    int count;
    char *word[MAX_WORDS];
} cli_words;

/* ---- output ------------------------------------------------------------- */

static void reply_ok(void) { puts("ok"); }

static void reply_error(const char *fmt, const char *arg)
{
    fputs("error: ", stdout);
    printf(fmt, arg);
    putchar('\n');
}

/* A refused move or resign: the engine's reason, and what to do next. */
static void reply_engine_error(durak_error e)
{
    if (e == DURAK_ERR_GAME_OVER)
        reply_error("%s: start another with new", durak_error_text(e));
    else
        reply_error("%s: try legal", durak_error_text(e));
}

static void print_cards(cards_t set)
{
    char buf[4];
    if (!set) {
        fputs(" -", stdout);
        return;
    }
    for (; set; set &= set - 1)
        printf(" %s", card_format(cards_first(set), buf));
}

/* ---- parsing ------------------------------------------------------------ */

/* Splits `line` in place on blanks; returns false if it has too many words. */
static bool split_words(char *line, cli_words *w)
{
    w->count = 0;
    for (char *p = strtok(line, " \t"); p; p = strtok(NULL, " \t")) {
        if (w->count == MAX_WORDS)
            return false;
        w->word[w->count++] = p;
    }
    return true;
}

static bool parse_u64(const char *s, unsigned long long *out)
{
    char *end;
    if (*s < '0' || *s > '9')
        return false;
    errno = 0;
    *out = strtoull(s, &end, 10);
    return errno == 0 && *end == '\0';
}

static bool parse_seat(const char *s, int players, int *seat)
{
    unsigned long long v;
    if (!parse_u64(s, &v) || v >= (unsigned long long)players)
        return false;
    *seat = (int)v;
    return true;
}

/* ---- new ---------------------------------------------------------------- */

typedef struct {
    durak_options opt;
    unsigned long long seed;
    char *order; /* the order= value, or NULL */
} new_request;

static bool parse_choice(const char *v, const char *a, const char *b, uint8_t *out)
{
    if (strcmp(v, a) == 0)
        *out = 0;
    else if (strcmp(v, b) == 0)
        *out = 1;
    else
        return false;
    return true;
}

static bool parse_small(const char *v, uint8_t *out)
{
    unsigned long long n;
    if (!parse_u64(v, &n) || n > 255)
        return false;
    *out = (uint8_t)n;
    return true;
}

/* Applies one key=value word to the request; returns NULL or the error format
 * (with one %s for the word). */
static const char *parse_new_option(new_request *r, char *word)
{
    char *v = strchr(word, '=');
    if (!v)
        return "expected key=value, got \"%s\": try help";
    *v++ = '\0';
    bool ok;
    if (strcmp(word, "players") == 0)
        ok = parse_small(v, &r->opt.players);
    else if (strcmp(word, "variant") == 0)
        ok = parse_choice(v, "classic", "transfer", &r->opt.variant);
    else if (strcmp(word, "throwin") == 0)
        ok = parse_choice(v, "all", "neighbours", &r->opt.throwin);
    else if (strcmp(word, "first5") == 0)
        ok = parse_choice(v, "off", "on", &r->opt.first5);
    else if (strcmp(word, "teams") == 0)
        ok = parse_choice(v, "off", "on", &r->opt.teams);
    else if (strcmp(word, "deck") == 0)
        ok = parse_small(v, &r->opt.deck);
    else if (strcmp(word, "r10") == 0) /* an older version's record (durak.h) */
        ok = parse_choice(v, "new", "old", &r->opt.r10_old);
    else if (strcmp(word, "seed") == 0)
        ok = parse_u64(v, &r->seed);
    else if (strcmp(word, "order") == 0)
        ok = (r->order = v) != NULL;
    else
        return "unknown option \"%s\" for new: try help";
    return ok ? NULL : "bad value for %s: try help";
}

/* Parses the order= list into cards; reports and returns -1 on error. */
static int parse_order(char *list, card_t *cards)
{
    int n = 0;
    for (char *p = strtok(list, ","); p; p = strtok(NULL, ",")) {
        if (n == DURAK_MAX_DECK) {
            reply_error("order lists more than %s cards", "52");
            return -1;
        }
        cards[n] = card_parse_word(p);
        if (cards[n] == CARD_NONE) {
            reply_error("bad card \"%s\" in order (cards are like TS, 6H)", p);
            return -1;
        }
        n++;
    }
    return n;
}

static bool deal_ordered(cli_state *st, const new_request *r)
{
    card_t cards[DURAK_MAX_DECK];
    int n = parse_order(r->order, cards);
    if (n < 0)
        return false;
    if (n != r->opt.deck) {
        char deck[8];
        snprintf(deck, sizeof deck, "%d", r->opt.deck);
        reply_error("order must list all %s cards of the deck, once each", deck);
        return false;
    }
    if (!durak_new_ordered(&st->game, &r->opt, cards, n)) {
        reply_error("%s", "order must list every card of the deck exactly once");
        return false;
    }
    return true;
}

static void cmd_new(cli_state *st, const cli_words *w)
{
    new_request r = { durak_default_options(), DEFAULT_SEED, NULL };
    for (int i = 1; i < w->count; i++) {
        const char *key = w->word[i];
        const char *fmt = parse_new_option(&r, w->word[i]);
        if (fmt) {
            reply_error(fmt, key);
            return;
        }
    }
    const char *why = durak_check_options(&r.opt);
    if (why) {
        reply_error("%s", why);
        return;
    }
    durak_game fresh = st->game;
    bool dealt = r.order ? deal_ordered(st, &r) : durak_new(&st->game, &r.opt, r.seed);
    if (!dealt) {
        if (!r.order)
            reply_error("%s", "cannot deal this game");
        st->game = fresh;
        return;
    }
    st->have_game = true;
    reply_ok();
}

/* ---- moves -------------------------------------------------------------- */

static bool need_game(const cli_state *st)
{
    if (!st->have_game)
        reply_error("%s", "no game: start one with new");
    return st->have_game;
}

static bool need_args(const cli_words *w, int n, const char *usage)
{
    if (w->count != n + 1)
        reply_error("usage: %s", usage);
    return w->count == n + 1;
}

static bool need_card(const char *word, card_t *c)
{
    *c = card_parse_word(word);
    if (*c == CARD_NONE)
        reply_error("bad card \"%s\" (cards are like TS, 6H)", word);
    return *c != CARD_NONE;
}

static void apply_move(cli_state *st, durak_action a)
{
    durak_error e = durak_apply(&st->game, a);
    if (e == DURAK_OK)
        reply_ok();
    else
        reply_engine_error(e);
}

static void cmd_card_move(cli_state *st, const cli_words *w, uint8_t kind, const char *usage)
{
    durak_action a = { kind, CARD_NONE, CARD_NONE };
    if (!need_game(st) || !need_args(w, 1, usage) || !need_card(w->word[1], &a.card))
        return;
    apply_move(st, a);
}

static void cmd_play(cli_state *st, const cli_words *w)
{
    cmd_card_move(st, w, DURAK_ACT_PLAY, "play C");
}

static void cmd_transfer(cli_state *st, const cli_words *w)
{
    cmd_card_move(st, w, DURAK_ACT_TRANSFER, "transfer C");
}

/* "beat C T"; "beat C" when that can mean only one move (durak_complete_beat). */
static void cmd_beat(cli_state *st, const cli_words *w)
{
    durak_action a = { DURAK_ACT_BEAT, CARD_NONE, CARD_NONE };
    if (!need_game(st))
        return;
    if (w->count == 2 && card_parse_word(w->word[1]) != CARD_NONE
        && durak_complete_beat(&st->game, card_parse_word(w->word[1]), &a)) {
        apply_move(st, a);
        return;
    }
    if (!need_args(w, 2,
                   "beat C T (cover T with C; T may be left out when only one "
                   "card is uncovered, or C beats only one)")
        || !need_card(w->word[2], &a.target))
        return;
    if (need_card(w->word[1], &a.card))
        apply_move(st, a);
}

static void cmd_bare_move(cli_state *st, const cli_words *w, uint8_t kind, const char *usage)
{
    durak_action a = { kind, CARD_NONE, CARD_NONE };
    if (!need_game(st) || !need_args(w, 0, usage))
        return;
    apply_move(st, a);
}

static void cmd_take(cli_state *st, const cli_words *w)
{
    cmd_bare_move(st, w, DURAK_ACT_TAKE, "take");
}

static void cmd_pass(cli_state *st, const cli_words *w)
{
    cmd_bare_move(st, w, DURAK_ACT_PASS, "pass");
}

static void cmd_resign(cli_state *st, const cli_words *w)
{
    int seat;
    if (!need_game(st) || !need_args(w, 1, "resign S (a seat number)"))
        return;
    if (!parse_seat(w->word[1], st->game.opt.players, &seat)) {
        reply_error("no seat \"%s\" in this game", w->word[1]);
        return;
    }
    durak_error e = durak_resign(&st->game, seat);
    if (e == DURAK_OK)
        reply_ok();
    else if (e == DURAK_ERR_BAD_SEAT)
        reply_error("seat %s is no longer in the game (it left or is out)", w->word[1]);
    else
        reply_engine_error(e);
}

/* ---- state, legal ------------------------------------------------------- */

static void print_seat_or_dash(const char *key, int seat, bool over)
{
    if (over)
        printf("%s: -\n", key);
    else
        printf("%s: %d\n", key, seat);
}

static void print_table(const durak_game *g)
{
    char a[4], c[4];
    fputs("table:", stdout);
    if (g->nattack == 0)
        fputs(" -", stdout);
    for (int i = 0; i < g->nattack; i++)
        printf(" %s/%s", card_format(g->attack[i], a),
               g->cover[i] == CARD_NONE ? "-" : card_format(g->cover[i], c));
    putchar('\n');
}

static void print_out(const durak_game *g)
{
    fputs("out:", stdout);
    if (g->nout == 0)
        fputs(" -", stdout);
    for (int i = 0; i < g->nout; i++)
        printf(" %d", g->out[i]);
    putchar('\n');
}

static void print_result(const durak_game *g)
{
    switch (g->result) {
    case DURAK_RESULT_DURAK: printf("result: durak %d\n", g->result_seat); break;
    case DURAK_RESULT_DRAW: puts("result: draw"); break;
    case DURAK_RESULT_WON: printf("result: won %d\n", g->result_seat); break;
    case DURAK_RESULT_TEAM_LOST: printf("result: team %d lost\n", durak_losing_team(g)); break;
    default: puts("result: ongoing"); break;
    }
}

/* R19: each seat's team, with teams only. */
static void print_teams(const durak_game *g)
{
    if (!g->opt.teams)
        return;
    fputs("team:", stdout);
    for (int s = 0; s < g->opt.players; s++)
        printf(" %d", durak_team_of(g, s));
    putchar('\n');
}

static void cmd_state(cli_state *st, const cli_words *w)
{
    const durak_game *g = &st->game;
    char buf[4];
    if (!need_game(st) || !need_args(w, 0, "state"))
        return;
    bool over = durak_over(g);
    printf("phase: %s\n", durak_phase_name(g->phase));
    print_seat_or_dash("actor", durak_actor(g), over);
    print_seat_or_dash("attacker", g->attacker, over);
    print_seat_or_dash("defender", g->defender, over);
    printf("trump: %s\n", card_format(g->trump_card, buf));
    printf("stock: %d\n", g->stock_len);
    printf("discard: %d\n", cards_count(g->discard));
    print_table(g);
    for (int s = 0; s < g->opt.players; s++) {
        printf("hand %d:", s);
        print_cards(g->hand[s]);
        putchar('\n');
    }
    print_out(g);
    print_result(g);
    print_teams(g);
    reply_ok();
}

static void cmd_legal(cli_state *st, const cli_words *w)
{
    durak_action acts[DURAK_MAX_ACTIONS];
    char buf[32];
    if (!need_game(st) || !need_args(w, 0, "legal"))
        return;
    int n = durak_legal(&st->game, acts);
    for (int i = 0; i < n; i++)
        puts(durak_action_format(acts[i], buf, sizeof buf));
    reply_ok();
}

/* ---- serialize, load ---------------------------------------------------- */

static void cmd_serialize(cli_state *st, const cli_words *w)
{
    char line[DURAK_SERIAL_MAX];
    if (!need_game(st) || !need_args(w, 0, "serialize"))
        return;
    if (durak_serialize(&st->game, line, sizeof line) < 0) {
        reply_error("%s", "game too large to serialize");
        return;
    }
    puts(line);
    reply_ok();
}

/* `load` takes the rest of the raw line (the serialization holds blanks). */
static void cmd_load(cli_state *st, const char *rest)
{
    durak_game g;
    memset(&g, 0, sizeof g);
    if (!*rest) {
        reply_error("%s", "usage: load LINE (a line printed by serialize)");
        return;
    }
    const char *why = durak_restore(&g, rest);
    if (why) {
        reply_error("not a valid serialized game: %s (use a line printed by serialize)", why);
        return;
    }
    st->game = g;
    st->have_game = true;
    reply_ok();
}

/* ---- dispatch ----------------------------------------------------------- */

static void cmd_help(cli_state *st, const cli_words *w)
{
    (void)st;
    (void)w;
    fputs(protocol_help, stdout);
    reply_ok();
}

typedef struct {
    const char *name;
    void (*run)(cli_state *, const cli_words *);
} cli_command;

static const cli_command commands[] = {
    { "beat", cmd_beat },     { "help", cmd_help },           { "legal", cmd_legal },
    { "new", cmd_new },       { "pass", cmd_pass },           { "play", cmd_play },
    { "resign", cmd_resign }, { "serialize", cmd_serialize }, { "state", cmd_state },
    { "take", cmd_take },     { "transfer", cmd_transfer },
};

static const cli_command *find_command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

/* Runs one line; returns false on quit. */
static bool run_line(cli_state *st, char *line)
{
    cli_words w;
    size_t skip = strspn(line, " \t");
    if (strncmp(line + skip, "load", 4) == 0
        && (line[skip + 4] == ' ' || line[skip + 4] == '\t' || line[skip + 4] == '\0')) {
        const char *rest = line + skip + 4;
        cmd_load(st, rest + strspn(rest, " \t"));
        return true;
    }
    if (!split_words(line, &w)) {
        reply_error("%s", "too many words on the line: try help");
        return true;
    }
    if (strcmp(w.word[0], "quit") == 0) {
        reply_ok();
        return false;
    }
    const cli_command *c = find_command(w.word[0]);
    if (c)
        c->run(st, &w);
    else
        reply_error("unknown command \"%s\": try help", w.word[0]);
    return true;
}

/* Reads one line (without its newline) into buf; returns its length, or -1 at
 * end of input. Longer lines are consumed and flagged, as are NUL bytes. */
static long read_line(char *buf, size_t cap, bool *too_long, bool *has_nul)
{
    size_t len = 0;
    int ch;
    *too_long = *has_nul = false;
    while ((ch = getchar()) != EOF && ch != '\n') {
        if (ch == '\0')
            *has_nul = true;
        if (len + 1 < cap)
            buf[len++] = (char)ch;
        else
            *too_long = true;
    }
    if (ch == EOF && len == 0 && !*too_long)
        return -1;
    if (len > 0 && buf[len - 1] == '\r')
        len--;
    if (len > LINE_MAX_BYTES)
        *too_long = true;
    buf[len] = '\0';
    return (long)len;
}

static bool is_blank_or_comment(const char *line)
{
    line += strspn(line, " \t");
    return *line == '\0' || *line == '#';
}

/* Handles one input line; returns false on quit. */
static bool handle_line(cli_state *st, char *line, bool too_long, bool has_nul)
{
    if (too_long) {
        reply_error("%s", "line longer than 8192 bytes");
        return true;
    }
    if (has_nul) {
        reply_error("%s", "NUL byte in the line");
        return true;
    }
    if (is_blank_or_comment(line))
        return true;
    if (st->echo)
        printf("> %s\n", line);
    return run_line(st, line);
}

static int usage_error(const char *arg)
{
    fprintf(stderr, "durak-cli: unknown argument \"%s\": try durak-cli --help\n", arg);
    return 2;
}

int main(int argc, char **argv)
{
    cli_state st;
    memset(&st, 0, sizeof st);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(protocol_help, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--echo") != 0)
            return usage_error(argv[i]);
        st.echo = true;
    }
    bool too_long, has_nul;
    while (read_line(st.line, sizeof st.line, &too_long, &has_nul) >= 0) {
        bool more = handle_line(&st, st.line, too_long, has_nul);
        fflush(stdout);
        if (!more)
            break;
    }
    return 0;
}
