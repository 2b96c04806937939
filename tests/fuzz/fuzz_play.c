/* fuzz_play.c — libFuzzer target for the command layer: any script of lines, joins, parts, nick
 * changes, ticks, reconnects and computer players' moves on #durak; no event may fault, and the
 * table must save a line that restores after every one. The script's form is event()'s. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "config.h"
#include "log.h"
#include "tables.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { PLAYERS = 6, LINE_MAX = 512 };
static const char *const NICKS[PLAYERS] = { "alice", "bob", "carol", "dave", "erin", "frank" };
static const char *const RENAMED[PLAYERS] = {
    "alice_", "bob_", "carol_", "dave_", "erin_", "frank_"
};

typedef struct {
    tables *t;
    const bot_config *cfg;
    outbox o;
    double now;
    bool renamed[PLAYERS];
} play;

static tables_who who(const play *p, int i)
{
    static char user[PLAYERS][16];
    snprintf(user[i], sizeof user[i], "u%d", i);
    return (tables_who){ p->renamed[i] ? RENAMED[i] : NICKS[i], user[i], "example.org", "", false };
}

/* The k-th of the moves the bot lists to player i ("…: a | b | c"), sent back as a command. */
static void play_listed(play *p, int i, unsigned k)
{
    tables_who w = who(p, i);
    char moves[LINE_MAX * 4] = "";
    outbox_clear(&p->o);
    tables_on_private(p->t, p->now, &w, "moves", &p->o);
    for (size_t j = 0; j < p->o.len; j++)
        if (!strcmp(p->o.items[j].target, w.nick) && strstr(p->o.items[j].text, " | "))
            snprintf(moves, sizeof moves, "%s", p->o.items[j].text);
    const char *s = strstr(moves, ": ");
    if (!s)
        return;
    s += 2;
    int n = 1;
    for (const char *q = s; (q = strstr(q, " | ")); q += 3)
        n++;
    for (k %= (unsigned)n; k; k--)
        s = strstr(s, " | ") + 3;
    char move[LINE_MAX];
    snprintf(move, sizeof move, "%.*s", (int)(strstr(s, " | ") ? strstr(s, " | ") - s : 300), s);
    p->now += 0.5;
    outbox_clear(&p->o);
    tables_on_private(p->t, p->now, &w, move, &p->o);
}

static void run_ai(play *p)
{
    tables_ai_job job;
    p->now += p->cfg->game.bot_delay;
    while (tables_ai_next_job(p->t, p->now, &job)) {
        job.params.max_iterations = 4;
        tables_ai_result(p->t, p->now, &job, ai_choose(&job.view, &job.params, NULL), &p->o);
    }
}

/* A changed line, as the loop saves it (a table's or a last game's), restores into another bot
 * (one for every run: a tables is megabytes, and closing the key empties it again). */
static bool check_saved(void *ctx, const char *key, const char *snap)
{
    static tables *again;
    const play *p = ctx;
    char why[256];
    outbox o;
    if (!snap)
        return true; /* deleted */
    if (!again)
        again = tables_new(p->cfg, 2);
    if (!tables_restore_checked(again, key, snap, p->now, why, sizeof why)) {
        fprintf(stderr, "fuzz_play: saved line of %s refused (%s): %s\n", key, why, snap);
        abort();
    }
    outbox_init(&o);
    tables_close_channel(again, key, &o);
    outbox_free(&o);
    return true;
}

/* One line of the script: its first byte says what happens, the rest is text; players are
 * 0..5 (alice..frank), "i" below the second byte's player.
 *   0..5 text   player 0..5 says text privately      a..f text   ... in #durak
 *   m i k       player i sends the k-th move the bot lists them ("moves")
 *   J i / P i   i joins / parts #durak                Q i text    i quits, with a reason
 *   N i         i's nick flips between "alice" and "alice_"
 *   T           the clock goes to the next timer     R           the link drops and comes back
 *   A           the computer players move */
static void event(play *p, const char *line)
{
    int i = (unsigned char)line[1] % PLAYERS;
    tables_who w = who(p, i);
    p->now += 2.5;
    outbox_clear(&p->o);
    switch (line[0]) {
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
        w = who(p, line[0] - '0');
        tables_on_private(p->t, p->now, &w, line + 1, &p->o);
        break;
    case 'a':
    case 'b':
    case 'c':
    case 'd':
    case 'e':
    case 'f':
        w = who(p, line[0] - 'a');
        tables_on_channel(p->t, p->now, &w, "#durak", line + 1, &p->o);
        break;
    case 'm': /* m<player><k>: the player's k-th listed move */
        play_listed(p, i, line[1] ? (unsigned char)line[2] : 0);
        break;
    case 'J': tables_on_join(p->t, p->now, &w, "#durak", &p->o); break;
    case 'P': tables_on_part(p->t, p->now, w.nick, "#durak", &p->o); break;
    case 'Q': tables_on_quit(p->t, p->now, w.nick, line[1] ? line + 2 : "", &p->o); break;
    case 'N': /* the player's nick flips between "alice" and "alice_" */
        p->renamed[i] = !p->renamed[i];
        tables_on_nick(p->t, p->now, w.nick, who(p, i).nick, &p->o);
        break;
    case 'T': { /* the next timer */
        double d = tables_next_deadline(p->t);
        if (d >= 0 && !isfinite(d))
            abort(); /* a timer that is not a number stops every timer */
        if (d >= 0 && d > p->now)
            p->now = d;
        tables_on_tick(p->t, p->now, &p->o);
        break;
    }
    case 'R':
        tables_on_disconnect(p->t, p->now);
        tables_on_reconnect(p->t, p->now + 1, &p->o);
        break;
    case 'A': run_ai(p); break;
    default: return;
    }
    tables_route_lines(p->t, &p->o);
    tables_take_changes(p->t, p->now, check_saved, p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bot_config cfg;
    static int ready;
    if (!ready) {
        config_defaults(&cfg);
        cfg.game.bot_delay = 0;
        /* check_saved's copy ends its game at each save, with an info line: the fuzzer's own
         * noise (136 MB in a 50-minute run), which would bury a warning */
        log_set_level(LOG_WARNING);
        ready = 1;
    }
    play p = { .t = tables_new(&cfg, 1), .cfg = &cfg, .now = 1000 };
    outbox_init(&p.o);
    tables_on_reconnect(p.t, p.now, &p.o);
    for (size_t at = 0; at < size;) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t len = nl ? (size_t)(nl - data - at) : size - at;
        char line[LINE_MAX];
        if (len > 0 && len < sizeof line) {
            memcpy(line, data + at, len);
            line[len] = '\0';
            event(&p, line);
        }
        at += len + 1;
    }
    outbox_free(&p.o);
    tables_free(p.t);
    return 0;
}
