/* test_line_prio: the send priority of every message id's line, said (PRIVMSG) and noticed, is
 * what the per-id switch of the tables gave before the priority became a column of the messages'
 * rows; old_prio below is that switch, kept verbatim so that no id's rank can move unseen. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "messages.h"
#include "outbox.h"
#include "tables_internal.h"

/* The switch as it stood: the ids whose line is always a reply, the rest by how it is sent; and
 * since spectators' copies became a stream, their one id. */
static out_prio old_prio(out_kind kind, msg_id id)
{
    switch (id) {
    case MSG_WATCH_LINE: return OUT_STREAM;
    case MSG_STATS:
    case MSG_STATS_NONE:
    case MSG_NO_STATS:
    case MSG_TOP:
    case MSG_TOP_NONE:
    case MSG_STATS_SOLO:
    case MSG_STATS_BOT_SOLO: /* its wording for a computer player */
    case MSG_SITE_PAGE:      /* added with the web pages: the address, a reply like !stats */
    case MSG_TOP_SOLO:
    case MSG_TOP_SOLO_NONE:
    case MSG_TOP_BOTS: /* like !top: an answer to one request */
    case MSG_TOP_BOTS_NONE:
    case MSG_HELP_SOLO:
    case MSG_LOBBY_STATUS:
    case MSG_HELP_SHORT:
    case MSG_HELP_SENT:
    case MSG_RULES_1:
    case MSG_RULES_2_ALL:
    case MSG_RULES_2_NEIGHBOURS:
    case MSG_RULES_3_CLASSIC:
    case MSG_RULES_3_TRANSFER:
    case MSG_RULES_TEAMS: /* as a game line it went out before the three lines it follows */
    case MSG_MOVE_IN_CHANNEL:
    case MSG_SET_SHOW:
    case MSG_SET_DONE:
    case MSG_LAST_GAME:
    case MSG_LAST_NONE:
    case MSG_LAST_STORE: return OUT_REPLY;
    case MSG_FORFEIT_YOU: return OUT_GAME; /* before the end line it causes, noticed or not */
    default: return kind == OUT_NOTICE ? OUT_REPLY : OUT_GAME;
    }
}

/* Every id, by every kind of line, ranks as the old switch ranked it. */
static void test_every_id_as_before(void **state)
{
    (void)state;
    static const out_kind kinds[] = { OUT_PRIVMSG, OUT_NOTICE, OUT_PART };
    int replies_said = 0;
    for (int id = 0; id < MSG_COUNT; id++)
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            out_prio want = old_prio(kinds[k], (msg_id)id),
                     got = tables_line_prio(kinds[k], (msg_id)id);
            if (got != want)
                fail_msg("message %d sent as kind %d: priority %d, was %d", id, (int)kinds[k],
                         (int)got, (int)want);
            if (kinds[k] == OUT_PRIVMSG && got == OUT_REPLY)
                replies_said++;
        }
    /* the switch's 24 cases but the spectators' copies, the page's address, the answers to !top
     * bots, the teams' rule, a computer player's solo line */
    assert_int_equal(replies_said, 28);
}

/* A few by name, so that the copy above cannot drift with what it checks. */
static void test_named_ids(void **state)
{
    (void)state;
    assert_int_equal(tables_line_prio(OUT_PRIVMSG, MSG_STATS), OUT_REPLY);
    assert_int_equal(tables_line_prio(OUT_PRIVMSG, MSG_WATCH_LINE), OUT_STREAM);
    assert_int_equal(tables_line_prio(OUT_NOTICE, MSG_WATCH_LINE), OUT_STREAM);
    assert_int_equal(tables_line_prio(OUT_PRIVMSG, MSG_MOVE_LEAD), OUT_GAME);
    assert_int_equal(tables_line_prio(OUT_NOTICE, MSG_MOVE_LEAD), OUT_REPLY);
    assert_int_equal(tables_line_prio(OUT_PRIVMSG, MSG_YOUR_TURN), OUT_GAME);
    assert_int_equal(tables_line_prio(OUT_NOTICE, MSG_ERR_NOT_IN_HAND), OUT_REPLY);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_id_as_before),
        cmocka_unit_test(test_named_ids),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
