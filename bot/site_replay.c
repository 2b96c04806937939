/* site_replay.c — a game's replay as a page section: the hands as dealt, every bout's cards played,
 * covered, taken or transferred and the draws after it, the deal's proof, and JS to step it. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "site_pages.h"

/* Steps bouts one at a time (buttons, arrow keys, #b<N> in the address, at load or changed, which
 * another anchor such as #fair keeps until a step); without JS every bout shows. The address is
 * written at most ten times a second, the last step always: Chrome ignores replaceState past 200
 * calls in 10 s. */
static const char replay_js[] =
    "<script>\n(function(){var d=document,r=d.documentElement,"
    "b=[].slice.call(d.querySelectorAll('.bout')),i=0,t=0,w=null;if(!b.length)return;"
    "r.classList.add('js');var p=d.getElementById('prev'),x=d.getElementById('next'),"
    "a=d.getElementById('all');\nfunction mark(){w=null;t=Date.now();"
    "try{history.replaceState(null,'','#'+b[i].id)}catch(e){}}\n"
    "function show(n,keep){i=Math.max(0,Math.min(b.length-1,n));"
    "b.forEach(function(e,k){e.classList.toggle('on',k===i)});"
    "d.getElementById('pos').textContent=(i+1)+' / '+b.length;p.disabled=i===0;"
    "x.disabled=i===b.length-1;a.setAttribute('aria-pressed','false');"
    "if(!keep&&w===null){if(Date.now()-t>=100)mark();else w=setTimeout(mark,100)}}\n"
    "function go(n){r.classList.remove('all');show(n)}\n"
    "p.onclick=function(){go(i-1)};x.onclick=function(){go(i+1)};"
    "a.onclick=function(){a.setAttribute('aria-pressed',String(r.classList.toggle('all')))};\n"
    /* the browser's own Alt+arrow (back, forward) and the like are left to it */
    "d.addEventListener('keydown',function(e){if(e.altKey||e.ctrlKey||e.metaKey||e.shiftKey)"
    "return;if(e.key==='ArrowLeft')go(i-1);else if(e.key==='ArrowRight')go(i+1)});\n"
    "function at(){var h=location.hash.slice(1);return b.findIndex(function(e){return e.id===h})}"
    "\nwindow.addEventListener('hashchange',function(){var k=at();if(k>=0)go(k)});\n"
    "var k=at();show(k<0?0:k,k<0)})();\n</script>\n";

static void hand(site_buf *b, msg_lang lang, cards_t h)
{
    for (cards_t s = h; s; s &= s - 1) {
        sb_card(b, lang, cards_first(s));
        if (s & (s - 1))
            sb_put(b, " ");
    }
}

static const char *card_html(msg_lang lang, card_t c, char *buf, size_t cap)
{
    site_buf t;
    sb_init(&t);
    sb_card(&t, lang, c);
    snprintf(buf, cap, "%s", t.p ? t.p : "");
    sb_free(&t);
    return buf;
}

/* One move as a list item; `after` is the game once it was made (a transfer names the new
 * defender). */
static void move_line(site_buf *b, msg_lang lang, const durak_game *after, const record_move *m,
                      const char *const names[])
{
    char c1[96], c2[96];
    const char *who = names[m->seat];
    sb_put(b, "<li>");
    switch (m->kind) {
    case DURAK_ACT_PLAY:
        sb_msg(b, lang, MSG_SITE_PLAYS, who, card_html(lang, m->card, c1, sizeof c1));
        break;
    case DURAK_ACT_BEAT:
        sb_msg(b, lang, MSG_SITE_COVERS, who, card_html(lang, m->target, c1, sizeof c1),
               card_html(lang, m->card, c2, sizeof c2));
        break;
    case DURAK_ACT_TAKE: sb_msg(b, lang, MSG_SITE_TAKES, who); break;
    case DURAK_ACT_PASS: sb_msg(b, lang, MSG_SITE_PASSES, who); break;
    case DURAK_ACT_TRANSFER:
        sb_msg(b, lang, MSG_SITE_TRANSFERS, who, card_html(lang, m->card, c1, sizeof c1),
               names[after->defender]);
        break;
    default: /* a forfeit for time-outs is told apart from a leave, as the channel told it */
        sb_msg(b, lang, record_timed_out(m) ? MSG_SITE_RESIGNS_TIMED_OUT : MSG_SITE_RESIGNS, who);
        break;
    }
    if (record_timed_out(m) && m->kind != RECORD_RESIGN) /* the bot's move, not theirs */
        sb_printf(b, " <em>%s</em>", msg_in(lang, MSG_SITE_TIMED_OUT));
    sb_put(b, "</li>\n");
}

static void proof(site_buf *b, msg_lang lang, const store_game *g)
{
    char commit[RECORD_COMMIT_MAX], digest[RECORD_DIGEST_HEX], seed[24], cli[160];
    site_buf salt;
    sb_init(&salt);
    sb_text(&salt, g->rec.salt);
    record_commit_string(&g->rec, commit);
    record_fingerprint(&g->rec, digest);
    snprintf(seed, sizeof seed, "%" PRIu64, g->rec.seed);
    record_cli_new(&g->rec, cli, sizeof cli);
    sb_put(b, "<section id=\"fair\">\n<p>");
    sb_msg(b, lang, MSG_SITE_FAIR, seed, salt.p ? salt.p : "", digest);
    sb_put(b, "</p>\n<pre><code>printf %s '");
    sb_text(b, commit);
    sb_put(b, "' | sha256sum</code></pre>\n<p>");
    sb_msg(b, lang, MSG_SITE_REPLAY_CLI); /* one shell line, as the channel heard it at the end */
    sb_put(b, "</p>\n<pre><code>printf '");
    sb_text(b, cli);
    sb_put(b, "\\nstate\\n' | durak-cli</code></pre>\n</section>\n");
    sb_free(&salt);
}

static void steps(site_buf *b, msg_lang lang)
{
    sb_printf(b,
              "<nav class=\"steps\"><button type=\"button\" id=\"prev\">&larr; %s</button>"
              "<span id=\"pos\" aria-live=\"polite\"></span><button type=\"button\" "
              "id=\"next\">%s &rarr;</button><button type=\"button\" id=\"all\" "
              "aria-pressed=\"false\">%s</button></nav>\n",
              msg_in(lang, MSG_SITE_PREV), msg_in(lang, MSG_SITE_NEXT), msg_in(lang, MSG_SITE_ALL));
}

/* R13: who drew what once the table was cleared, and what the stock kept. The stock says the
 * order: each drawer took the next cards from its top (the leader first, the defender last), the
 * face-up trump card, stock[0], last of all (R3). */
static void draws(site_buf *b, msg_lang lang, const durak_game *before, const durak_game *after,
                  const char *const names[])
{
    if (after->stock_len == before->stock_len)
        return;
    for (int j = before->stock_len - 1; j >= after->stock_len;) {
        int s = 0;
        while (s < before->opt.players && !cards_has(after->hand[s], before->stock[j]))
            s++;
        if (s == before->opt.players)
            break;
        site_buf h;
        sb_init(&h);
        for (; j >= after->stock_len && cards_has(after->hand[s], before->stock[j]); j--) {
            sb_put(&h, h.len ? " " : "");
            sb_card(&h, lang, before->stock[j]);
        }
        sb_put(b, "<li>");
        sb_msg(b, lang, MSG_SITE_DRAWS, names[s], h.p ? h.p : "");
        sb_put(b, "</li>\n");
        sb_free(&h);
    }
    sb_put(b, "<li><em>");
    sb_msg(b, lang, MSG_SITE_STOCK_LEFT, after->stock_len);
    sb_put(b, "</em></li>\n");
}

/* Closes a bout with its last move m: how it ended (taken by taker, beaten, its defender left:
 * R18, or a team game ended: R19), the draws, and its list. Cards still on the table and open:
 * the game ended under them (R18, R19). */
static void bout_end(site_buf *b, msg_lang lang, int taker, const durak_game *before,
                     const durak_game *after, const record_move *m, const char *const names[])
{
    durak_action a = record_action(m);
    cards_t table = durak_table_after(before, a), open = durak_open_after(before, a);
    bool taken = taker >= 0 && (after->hand[taker] & table) == table;
    bool beaten = taker < 0 && !open, discarded = !taken && (after->discard & table) == table;
    /* a team game also discards the table when another seat forfeits or one team is left */
    bool left = discarded && m->kind == RECORD_RESIGN && m->seat == before->defender;
    if (table && (taken || beaten || discarded)) {
        sb_put(b, "<li><em>");
        if (taken)
            sb_msg(b, lang, MSG_SITE_PICKS_UP, names[taker], cards_count(table),
                   msg_plural(lang, cards_count(table), MSG_WORD_CARDS_ONE));
        else
            sb_msg(b, lang,
                   beaten ? MSG_SITE_BEATEN
                   : left ? MSG_SITE_DEFENDER_LEFT
                          : MSG_SITE_TEAM_ENDED);
        sb_put(b, "</em></li>\n");
    }
    draws(b, lang, before, after, names);
    sb_put(b, "</ol></section>\n");
}

/* One recorded move applied to gm, as it was played. */
static durak_error replay_step(durak_game *gm, const record_move *m)
{
    if (m->seat >= gm->opt.players)
        return DURAK_ERR_BAD_SEAT;
    if (m->kind == RECORD_RESIGN)
        return durak_resign(gm, m->seat);
    if (m->kind == RECORD_REPLACED) /* the seat plays on: no move of the engine's */
        return DURAK_OK;
    return gm->actor == m->seat ? durak_apply(gm, record_action(m)) : DURAK_ERR_NOT_YOUR_TURN;
}

/* The bout's heading: by R17 a transfer makes another player the defender, so the one who
 * defends last is read ahead, from the moves of this bout still to come (from move i), and so
 * are those who transferred: passed on and back, "olga transfers, olga defends" would hide ivan. */
static void bout_heading(site_buf *b, msg_lang lang, const durak_game *gm, const game_record *rec,
                         int i, int nbout, const char *const names[])
{
    durak_game d = *gm;
    int last = gm->defender, passed = 0, by[RECORD_MOVES_MAX];
    for (; i < rec->nmoves && replay_step(&d, &rec->move[i]) == DURAK_OK; i++) {
        if (d.bouts != gm->bouts || durak_over(&d))
            break;
        if (rec->move[i].kind == DURAK_ACT_TRANSFER)
            by[passed++] = rec->move[i].seat;
        last = d.defender;
    }
    site_buf who; /* "olga, ivan and olga", the names already HTML: grown, never cut in one */
    sb_init(&who);
    for (int k = 0; k < passed; k++) {
        sb_put(&who, !k ? "" : k + 1 < passed ? ", " : msg_in(lang, MSG_WORD_AND));
        sb_put(&who, names[by[k]]);
    }
    sb_printf(b, "<section class=\"bout\" id=\"b%d\"><h3>", nbout);
    if (!passed)
        sb_msg(b, lang, MSG_SITE_BOUT, nbout, names[gm->attacker], names[gm->defender]);
    else if (passed == 1)
        sb_msg(b, lang, MSG_SITE_BOUT_TRANSFERRED, nbout, names[gm->attacker], names[gm->defender],
               names[last]);
    else
        sb_msg(b, lang, MSG_SITE_BOUT_TRANSFERRED_MORE, nbout, names[gm->attacker],
               who.p ? who.p : "", names[last]);
    sb_free(&who);
    sb_put(b, "</h3>\n<ol>\n");
}

/* game.replace_leavers: the seat's player left and a computer player plays on, named from then
 * on by its name, in *played_by. */
static void replaced(site_buf *b, msg_lang lang, const record_move *m, const char *name[],
                     site_buf *played_by)
{
    char ai[32];
    record_ai_name(m->card, m->target, ai, sizeof ai);
    sb_free(played_by);
    sb_init(played_by);
    sb_nick(played_by, ai);
    sb_put(b, "<li>");
    sb_msg(b, lang, MSG_SITE_REPLACED, name[m->seat], played_by->p ? played_by->p : "");
    sb_put(b, "</li>\n");
    name[m->seat] = played_by->p ? played_by->p : "?";
}

bool site_replay(site_buf *b, msg_lang lang, const store_game *g, const char *const seat_names[])
{
    const char *names[DURAK_MAX_PLAYERS]; /* seat_names holds the stored seats only */
    site_buf played_by[DURAK_MAX_PLAYERS];
    for (int s = 0; s < DURAK_MAX_PLAYERS; s++) {
        names[s] = s < g->nseats && s < g->rec.opt.players ? seat_names[s] : "?";
        sb_init(&played_by[s]);
    }
    durak_game gm, prev;
    char trump[96];
    durak_options opt = g->rec.opt;
    if (opt.throwin == DURAK_THROWIN_NEIGHBOURS && record_replay(&g->rec, &gm))
        opt.r10_old = gm.opt.r10_old; /* an older version's record: its R10 order */
    sb_printf(b, "<h2>%s</h2>\n", msg_in(lang, MSG_SITE_REPLAY));
    if (!durak_new(&gm, &opt, g->rec.seed)) {
        proof(b, lang, g);
        return false;
    }
    sb_put(b, "<section id=\"deal\"><h3>");
    sb_msg(b, lang, MSG_SITE_DEALT, card_html(lang, gm.trump_card, trump, sizeof trump));
    sb_put(b, "</h3>\n<ul>\n");
    for (int s = 0; s < gm.opt.players; s++) {
        sb_put(b, "<li>");
        sb_msg(b, lang, MSG_SITE_LABEL, names[s]);
        hand(b, lang, gm.hand[s]);
        sb_put(b, "</li>\n");
    }
    sb_put(b, "</ul></section>\n");
    steps(b, lang);
    int bout = -1, nbout = 0, taker = -1;
    bool ok = true;
    for (int i = 0; i < g->rec.nmoves && ok; i++) {
        const record_move *m = &g->rec.move[i];
        if (gm.bouts != bout) {
            bout = gm.bouts;
            taker = -1;
            bout_heading(b, lang, &gm, &g->rec, i, ++nbout, names);
        }
        prev = gm;
        if (replay_step(&gm, m) != DURAK_OK) {
            ok = false;
            break;
        }
        if (m->kind == RECORD_REPLACED && m->seat < DURAK_MAX_PLAYERS)
            replaced(b, lang, m, names, &played_by[m->seat]);
        else
            move_line(b, lang, &gm, m, names);
        for (int k = prev.nout; k < gm.nout; k++) { /* R14: out, as the channel was told */
            sb_put(b, "<li><em>");
            sb_msg(b, lang, MSG_PLAYER_OUT, names[gm.out[k]], gm.out_place[k]);
            sb_put(b, "</em></li>\n");
        }
        if (m->kind == DURAK_ACT_TAKE)
            taker = m->seat;
        if (gm.bouts != bout || durak_over(&gm)) {
            bout_end(b, lang, taker, &prev, &gm, m, names);
            bout = -2; /* closed: the next move opens the next bout */
        }
    }
    if (bout >= 0)
        sb_put(b, "</ol></section>\n");
    if (g->damaged || !ok || g->rec.truncated)
        sb_printf(b, "<p><em>%s</em></p>\n",
                  msg_in(lang, g->damaged || !ok ? MSG_SITE_DAMAGED : MSG_SITE_TRUNCATED));
    proof(b, lang, g);
    if (nbout)
        sb_put(b, replay_js);
    for (int s = 0; s < DURAK_MAX_PLAYERS; s++)
        sb_free(&played_by[s]);
    return ok;
}
