/* tables_record.c — a running game's record: its deal's seed, salt and fingerprint, every move
 * with its time, the language it ended in; !last, and the page addresses !stats and !top give. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "site.h"
#include "tables_internal.h"

void tables_set_entropy(tables *t, tables_entropy fill) { t->entropy = fill; }

uint64_t record_new_seed(tables *t)
{
    uint64_t seed;
    if (!t->entropy)
        return rng_next(&t->rng); /* tests: the deals as before records */
    t->entropy(&seed, sizeof seed);
    return seed;
}

/* The salt: from t->entropy; without it (tests) a function of the seed, drawing nothing from the
 * PRNG so that the games stay as they were. */
static void new_salt(tables *t, uint64_t seed, uint8_t salt[RECORD_SALT_BYTES])
{
    if (t->entropy) {
        t->entropy(salt, RECORD_SALT_BYTES);
        return;
    }
    rng_t r;
    rng_seed(&r, seed ^ 0x5a17u);
    for (int i = 0; i < RECORD_SALT_BYTES; i++)
        salt[i] = (uint8_t)(rng_next(&r) >> 56);
}

void record_deal(tables *t, table_t *tb, uint64_t seed, double now)
{
    uint8_t salt[RECORD_SALT_BYTES];
    new_salt(t, seed, salt);
    record_start(&tb->rec, &tb->opt, seed, salt);
    snprintf(tb->rec.channel, sizeof tb->rec.channel, "%s", tb->channel);
    casemap_fold(t->cm, tb->channel, tb->rec.channel_key, sizeof tb->rec.channel_key);
    tb->rec_start = now;
}

void record_played(table_t *tb, durak_action a, int actor, bool timed_out, double now)
{
    uint8_t target = timed_out && record_may_time_out(a.kind) ? RECORD_TIMED_OUT : a.target;
    record_add(&tb->rec, a.kind, a.card, target, actor, now - tb->rec_start);
}

void record_resign(table_t *tb, int s, int number, bool timed_out, double now)
{
    uint8_t target = timed_out ? RECORD_TIMED_OUT : CARD_NONE; /* the page says which forfeit */
    if (number < 0)
        record_add(&tb->rec, RECORD_RESIGN, CARD_NONE, target, s, now - tb->rec_start);
    else
        record_add(&tb->rec, RECORD_REPLACED, AI_NORMAL, (uint8_t)number, s, now - tb->rec_start);
}

static void result_text(const durak_game *g, char *buf, size_t cap)
{
    if (g->result == DURAK_RESULT_DURAK)
        snprintf(buf, cap, "durak %d", g->result_seat);
    else if (g->result == DURAK_RESULT_DRAW)
        snprintf(buf, cap, "draw");
    else if (g->result == DURAK_RESULT_WON)
        snprintf(buf, cap, "won %d", g->result_seat);
    else if (g->result == DURAK_RESULT_TEAM_LOST) /* as durak-cli says it */
        snprintf(buf, cap, "team %d lost", durak_losing_team(g));
    else
        snprintf(buf, cap, "ongoing");
}

void record_result(table_t *tb) { result_text(&tb->g, tb->rec.result, sizeof tb->rec.result); }

/* How far back record_last_move looks past moves without a line (quiet passes). */
enum { LAST_MOVE_LOOK_BACK = 8 };

bool record_last_move(const table_t *tb, const render_opts *r, char *buf, size_t cap)
{
    const game_record *rec = &tb->rec;
    render_seats names = tables_names(tb);
    char what[TABLES_LINE_MAX], timed[TABLES_LINE_MAX];
    durak_game before, after = tb->g;
    buf[0] = '\0';
    for (int n = rec->nmoves; !rec->truncated && n > 0 && rec->nmoves - n < LAST_MOVE_LOOK_BACK;
         n--) {
        const record_move *m = &rec->move[n - 1];
        /* a forfeit said its own line; a private game never says its person's move back (as
         * solo_news); an older game replayed in the other R10 order would name another actor */
        if (m->kind >= RECORD_RESIGN || (tb->solo && !tables_is_ai(tb, m->seat))
            || !record_replay_to(rec, n - 1, &before) || before.actor != m->seat)
            return false;
        durak_action a = record_action(m);
        render_move(r, &names, &before, &after, a, what, sizeof what);
        if (what[0] && record_timed_out(m)) { /* "Time is up: bob leads 9♥", as it was said */
            snprintf(timed, sizeof timed, "%s%s", msg_in(r->lang, MSG_TIMEOUT_PREFIX), what);
            snprintf(what, sizeof what, "%s", timed);
        }
        render_events(r, &names, &before, &after, a, what, buf, cap);
        if (buf[0])
            return true;
        after = before; /* a quiet pass: the move before it had a line */
    }
    return false;
}

void record_reveal(table_t *tb, outbox *o)
{
    char seed[24], commit[RECORD_COMMIT_MAX], cli[160];
    if (!tb->rec.known)
        return;
    record_result(tb);
    snprintf(seed, sizeof seed, "%" PRIu64, tb->rec.seed);
    record_commit_string(&tb->rec, commit);
    record_cli_new(&tb->rec, cli, sizeof cli);
    tables_say(o, tb->channel, MSG_DEAL_REVEAL, seed, tb->rec.salt, commit, cli);
}

void record_language(const tables *t, const table_t *tb, game_record *rec)
{
    const char *code = msg_lang_code(tables_lang_of(t, tb->channel));
    snprintf(rec->language, sizeof rec->language, "%s", code ? code : "");
}

/* ---- !last ---- */

/* R19: a team game's result is its teams', as its end line said it: "Team bob+eve lost,
 * alice+dave won" (the places of those who went out would say nothing of it); false when its
 * record does not replay to a team's loss (a draw). */
static bool team_summary(msg_lang lang, const store_game *g, char *buf, size_t cap, size_t *len)
{
    durak_game end;
    char text[TABLES_LINE_MAX];
    if (!g->rec.opt.teams || g->damaged || !record_replay(&g->rec, &end))
        return false;
    render_opts r = { false, true, lang, false };
    render_seats names = { .n = g->nseats };
    char played[STORE_MAX_SEATS][32]; /* a leaver's seat: who played it on */
    for (int s = 0; s < g->nseats; s++)
        names.name[s] = record_replacer(&g->rec, s, played[s], sizeof played[s])
                            ? played[s]
                            : g->seat[s].display;
    render_team_result(&r, &names, &end, text, sizeof text);
    size_t n = strlen(text);
    if (n && text[n - 1] == '.') /* a part of !last's sentence */
        text[--n] = '\0';
    render_appendf(buf, cap, len, "%s", text);
    return n > 0;
}

/* The durak's name: a seat's, or the computer player's that took a leaver's seat over (its
 * seat is the leaver's forfeit); NULL if none. */
static const char *durak_name(const store_game *g, char *ai, size_t cap)
{
    for (int s = 0; s < g->nseats; s++)
        if (g->seat[s].durak)
            return g->seat[s].display;
    return !g->draw && record_durak_replacer(&g->rec, ai, cap) ? ai : NULL;
}

/* "durak bob; alice place 1, carol place 2; dave left"; with teams, the teams' result; "alice won
 * by forfeit" or "Easy[bot] and Normal[bot] share the win by forfeit" when the others left. */
static void summary(msg_lang lang, const store_game *g, char *buf, size_t cap)
{
    size_t len = 0;
    char ai[32], won[TABLES_LINE_MAX / 2] = "";
    buf[0] = '\0';
    bool teams = team_summary(lang, g, buf, cap, &len);
    const char *durak = teams ? NULL : durak_name(g, ai, sizeof ai);
    int winners = 0;
    for (int s = 0; s < g->nseats && !teams && !durak && !g->draw; s++)
        if (!g->seat[s].forfeited && g->seat[s].place == 1)
            winners++;
    for (int s = 0, k = 0; s < g->nseats && winners; s++)
        if (!g->seat[s].forfeited && g->seat[s].place == 1) {
            size_t n = strlen(won);
            snprintf(won + n, sizeof won - n, "%s%s",
                     !k++           ? ""
                     : k == winners ? msg_in(lang, MSG_WORD_AND)
                                    : ", ",
                     g->seat[s].display);
        }
    if (durak)
        render_appendf(buf, cap, &len, msg_in(lang, MSG_LAST_DURAK), durak);
    else if (g->draw)
        render_appendf(buf, cap, &len, "%s", msg_in(lang, MSG_LAST_DRAW));
    else if (winners)
        render_appendf(buf, cap, &len, msg_in(lang, winners > 1 ? MSG_LAST_SHARED : MSG_LAST_WON),
                       won);
    int listed = 0;
    for (int place = 1; place <= g->nseats && !teams; place++) /* the places in order */
        for (int s = 0; s < g->nseats; s++) {
            const store_game_seat *st = &g->seat[s];
            if (st->durak || st->forfeited || st->place != place || (winners && place == 1))
                continue;
            render_appendf(buf, cap, &len, "%s",
                           listed++ ? ", " : msg_in(lang, MSG_WORD_SEMICOLON));
            render_appendf(buf, cap, &len, msg_in(lang, MSG_LAST_PLACE), st->display, st->place);
        }
    listed = 0;
    for (int s = 0; s < g->nseats; s++) {
        if (!g->seat[s].forfeited)
            continue;
        render_appendf(buf, cap, &len, "%s", listed++ ? ", " : msg_in(lang, MSG_WORD_SEMICOLON));
        render_appendf(buf, cap, &len, msg_in(lang, MSG_LAST_LEFT), g->seat[s].display);
    }
}

void tables_site_page(const tables *t, const char *target, char kind, long long id, outbox *o)
{
    char url[sizeof t->cfg.site.url + 32];
    if (!(t->site_behind && t->site_behind(t->site_behind_ctx))
        && site_page_url(t->cfg.site.url, kind, id, url, sizeof url))
        tables_say(o, target, MSG_SITE_PAGE, url);
}

void tables_tell_ended(tables *t, long long id, const char *where, outbox *o)
{
    tables_bind(t, o);
    store_game *g = malloc(sizeof *g); /* large: its record */
    char line[TABLES_LINE_MAX];
    if (!g || !t->db || !store_get_game(t->db, id, g)) {
        log_msg(LOG_WARNING,
                "%s: game #%lld may not have been heard to its end, and its record "
                "cannot be read: its result is not said again",
                where, id);
        free(g);
        return;
    }
    const char *to = where; /* a private game's: its person's nick, as the game knew it */
    for (int s = 0; tables_private_key(where) && s < g->nseats; s++)
        if (g->seat[s].key[0] && g->seat[s].key[1] != '*')
            to = g->seat[s].display;
    if (!tables_private_key(to)) {
        summary(tables_ropts_to(t, to).lang, g, line, sizeof line);
        tables_say(o, to, MSG_ENDED_UNSAID, (int)id, line);
    }
    free(g);
}

void info_last(tables *t, const char *channel, outbox *o)
{
    store_game *g = malloc(sizeof *g); /* large: its record */
    char key[64], line[TABLES_LINE_MAX], commit[RECORD_COMMIT_MAX], cli[160];
    casemap_fold(t->cm, channel, key, sizeof key);
    if (!g || !t->db || !store_last_game(t->db, key, g)) {
        if (g && t->db && !store_error(t->db)[0])
            tables_say(o, channel, MSG_LAST_NONE, channel, tables_prefix(t));
        else
            tables_say(o, channel, MSG_LAST_STORE);
        free(g);
        return;
    }
    int n = g->rec.nmoves, minutes = n ? (int)((g->rec.move[n - 1].ms + 30000) / 60000) : 0;
    render_opts r = tables_ropts_to(t, channel);
    char variant[128]; /* "transfer, teams of two" (R19) */
    snprintf(variant, sizeof variant, "%s%s", render_variant(&r, &g->rec.opt),
             g->rec.opt.teams ? msg_in(r.lang, MSG_OPTIONS_TEAMS) : "");
    summary(r.lang, g, line, sizeof line);
    record_commit_string(&g->rec, commit); /* the check a player can run: the deal, its hands */
    record_cli_new(&g->rec, cli, sizeof cli);
    tables_say(o, channel, MSG_LAST_GAME, (int)g->id, variant, g->nseats, minutes, line, commit,
               cli);
    tables_site_page(t, channel, 'g', g->id, o);
    free(g);
}
