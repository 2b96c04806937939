/* test_lobby_refusals.c — a command that is not a move, refused: who is told what (what was
 * wrong, what to type instead), by notice to them alone, and nothing changes at the tables. */
#include "tables_harness.h"

#include "tables_internal.h"

/* Who sends the refused line: the nick's own person, a stranger who took that nick (another
 * user@host), someone the server gives neither account nor user@host, or bob under another nick,
 * logged in to his services account (the row's every line then comes with an account). */
typedef enum { BY_SELF, BY_STRANGER, BY_NOBODY, BY_BOBS_ACCOUNT } sender;

typedef struct {
    const char *nick, *where, *text; /* where: a channel, or NULL for a private line */
} step;

#define OPEN                                                                                       \
    { "alice", "#durak", "!durak" }, { "bob", "#durak", "!join" }
#define RUNNING                                                                                    \
    OPEN, { "alice", "#durak", "!start" }

static const struct {
    const char *what;
    step before[6];
    step refused;
    sender by;
    const char *says; /* to refused.nick, in English */
} ROWS[] = {
    { "!join while the game runs",
      { RUNNING },
      { "carol", "#durak", "!join" },
      BY_SELF,
      "A game is already running in #durak; wait for it to end (!table shows it)." },
    { "!start while the game runs, by its player",
      { RUNNING },
      { "alice", "#durak", "!start" },
      BY_SELF,
      "Your game in #durak is already under way (!table shows it)." },
    { "!start while the game runs, by one not in it",
      { RUNNING },
      { "carol", "#durak", "!start" },
      BY_SELF,
      "A game is already running in #durak; wait for it to end (!table shows it)." },
    { "!bot while the game runs",
      { RUNNING },
      { "alice", "#durak", "!bot" },
      BY_SELF,
      "Computer players take seats before a game starts: when this one is over, !again or "
      "!durak opens the next." },
    { "!again while the game runs",
      { RUNNING },
      { "bob", "#durak", "!again" },
      BY_SELF,
      "Your game in #durak is already under way (!table shows it)." },
    { "!again with a lobby open",
      { OPEN },
      { "carol", "#durak", "!again" },
      BY_SELF,
      "A game is already open in #durak (classic, throw-in by all): type !join to take a seat." },
    { "!durak transfer with a classic lobby open",
      { OPEN },
      { "carol", "#durak", "!durak transfer" },
      BY_SELF,
      "A game is already open in #durak (classic, throw-in by all): type !join to take a seat." },
    { "!again where no game has ended",
      { { NULL, NULL, NULL } },
      { "carol", "#durak", "!again" },
      BY_SELF,
      "There is no finished game to play again in #durak: open one with !durak." },
    { "!again in a rematch's lobby by one not seated in it",
      { RUNNING, { "bob", "#durak", "!leave" }, { "alice", "#durak", "!again" } },
      { "carol", "#durak", "!again" },
      BY_SELF,
      "You are not seated in #durak: type !join to take a seat." },
    { "!leave while the game runs by one not playing in it",
      { RUNNING },
      { "carol", "#durak", "!leave" },
      BY_SELF,
      "You are not playing in the game in #durak: nothing to leave (!watch follows it)." },
    { "!start by a stranger holding the creator's nick",
      { OPEN },
      { "alice", "#durak", "!start" },
      BY_STRANGER,
      "The seat of alice in #durak is held for its player" },
    { "!join in another channel by one seated in a lobby",
      { { "alice", "#durak", "!durak" }, { "bob", "#other", "!durak" } },
      { "alice", "#other", "!join" },
      BY_SELF,
      "You already sit at the game in #durak (" },
    { "!again by one seated in another channel's lobby since",
      { RUNNING, { "bob", "#durak", "!leave" }, { "bob", "#other", "!durak" } },
      { "bob", "#durak", "!again" },
      BY_SELF,
      "You already sit at the game in #other (" },
    { "!join by a second nick of a seated account",
      { OPEN },
      { "bobby", "#durak", "!join" },
      BY_BOBS_ACCOUNT,
      "You already have a seat in #durak, as bob (the same services account): one seat a person, "
      "so play from that nick." },
    { "!durak elsewhere by a second nick of a seated account",
      { OPEN },
      { "bobby", "#other", "!durak" },
      BY_BOBS_ACCOUNT,
      "You already have a seat in #durak, as bob (" },
    { "a private game by a second nick of a playing account",
      { RUNNING },
      { "bobby", NULL, "play" },
      BY_BOBS_ACCOUNT,
      "You already have a seat in #durak, as bob (" },
    { "a private game for one the bot cannot tell",
      { { NULL, NULL, NULL } },
      { "carol", NULL, "play" },
      BY_NOBODY,
      "I cannot tell who you are (no account, no user@host)" },
};

static void send_as(harness *h, const step *s, sender by)
{
    tables_who w = who(s->nick);
    if (by == BY_STRANGER)
        w.user = "mallory", w.host = "elsewhere.example";
    else if (by == BY_NOBODY)
        w.user = w.host = "";
    else if (by == BY_BOBS_ACCOUNT)
        w.account = "acc_bob";
    if (s->where)
        chan_as(h, &w, s->where, s->text);
    else
        priv_as(h, &w, s->text);
}

/* Each row: its steps, then the refused line. Exactly one line goes, a notice to the sender,
 * with the row's words; the tables are as they were (their number, and each one's snapshot). */
static void test_each_refusal(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
        harness *h = h_new(40 + i);
        with_accounts = ROWS[i].by == BY_BOBS_ACCOUNT;
        for (const step *s = ROWS[i].before; s < ROWS[i].before + 6 && s->nick; s++)
            send_as(h, s, BY_SELF);
        char before[TABLES_SNAPSHOT_MAX] = "", after[TABLES_SNAPSHOT_MAX] = "";
        int tables = tables_count(h->t);
        tables_snapshot(h->t, "#durak", h->now + h->step, before, sizeof before); /* its clocks */
        send_as(h, &ROWS[i].refused, ROWS[i].by);
        tables_snapshot(h->t, "#durak", h->now, after, sizeof after);
        const char *got = h->o.len ? h->o.items[0].text : "(nothing)";
        if (h->o.len != 1 || strcmp(h->o.items[0].target, ROWS[i].refused.nick) != 0
            || h->o.items[0].kind != OUT_NOTICE || !reads(got, ROWS[i].says))
            fail_msg("%s: %zu lines, the first to %s: %s", ROWS[i].what, h->o.len,
                     h->o.len ? h->o.items[0].target : "nobody", got);
        assert_int_equal(tables_count(h->t), tables);
        assert_string_equal(before, after);
        h_free(h);
    }
    with_accounts = false;
}

/* At most SOLO_MAX private games run at once (each holds a table and a computer player's
 * thinking): the next person is told to try later, and nothing opens for them. */
static void test_private_games_full(void **state)
{
    (void)state;
    harness *h = h_new(39);
    char nick[32];
    for (int i = 0; i < SOLO_MAX; i++) {
        snprintf(nick, sizeof nick, "solo%d", i);
        priv(h, nick, "play");
    }
    assert_int_equal(tables_count(h->t), SOLO_MAX);
    priv(h, "late", "play");
    assert_non_null(said(h, "late", "Too many private games are running: try again later."));
    assert_int_equal(tables_count(h->t), SOLO_MAX);
    solo_stopped(h, "solo0"); /* one ends: the next may start */
    priv(h, "late", "play");
    assert_null(said(h, "late", "Too many private games"));
    assert_int_equal(tables_count(h->t), SOLO_MAX);
    h_free(h);
}

/* Every command is answered in a channel and privately, and run in one of them: a parse kind
 * without a row in tables_cmd.c would be refused in both, as "Moves go by private message" in a
 * channel and "X is a channel command" privately. Sent by a player of a running two-player game;
 * each line is first checked to parse as the kind it stands for, and every kind but PC_IGNORED is
 * tried. */
static void test_every_command_answered(void **state)
{
    (void)state;
    static const parse_opts OPTS = { "!", false, false, 0, true, false, true, false, 0 };
    bool tried[PC_KIND_COUNT] = { false }, run[PC_KIND_COUNT] = { false };
    for (int k = PC_ERROR; k < PC_KIND_COUNT; k++)
        for (int in_channel = 0; in_channel < 2; in_channel++) {
            const char *word = msg_command(MSG_LANG_EN, parse_kind_name((parse_kind)k));
            char line[96];
            /* no word of their own: a nonsense line, a card, and a private game's "play" */
            snprintf(line, sizeof line, "%s%s%s", in_channel ? "!" : "",
                     k == PC_ERROR  ? "beat 7h 6h 5h"
                     : k == PC_CARD ? "7h"
                     : k == PC_SOLO ? "play"
                                    : word,
                     k == PC_BEAT                       ? " 7h 6h"
                     : k == PC_PLAY || k == PC_TRANSFER ? " 7h"
                                                        : "");
            parsed_cmd p;
            if (in_channel)
                parse_channel(line, strlen(line), &OPTS, &p);
            else
                parse_private(line, strlen(line), &OPTS, &p);
            if (p.kind != (parse_kind)k)
                continue; /* not this kind here ("play" privately is a move, not PC_SOLO) */
            tried[k] = true;
            harness *h = h_new(60 + (uint64_t)k);
            const char *nick = k == PC_SOLO ? "carol" : "alice"; /* a game needs a free person */
            start_two(h, "#durak");
            outbox_clear(&h->o);
            if (in_channel)
                chan(h, nick, "#durak", line);
            else
                priv(h, nick, line);
            if (!h->o.len)
                fail_msg("\"%s\" (%s) %s: no answer", line, parse_kind_name((parse_kind)k),
                         in_channel ? "in the channel" : "privately");
            run[k] |=
                !said(h, nick, in_channel ? "Moves go by private message" : "is a channel command");
            h_free(h);
        }
    for (int k = PC_ERROR; k < PC_KIND_COUNT; k++)
        if (!tried[k] || !run[k])
            fail_msg("%s: %s", parse_kind_name((parse_kind)k),
                     tried[k] ? "refused everywhere" : "no line parses as it");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_refusal),
        cmocka_unit_test(test_private_games_full),
        cmocka_unit_test(test_every_command_answered),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
