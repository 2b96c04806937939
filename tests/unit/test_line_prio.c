/* test_line_prio: the send priority of a message's line comes from its row's priority column
 * (messages_en.def) and from how the line is sent, by one rule; and the ids whose rank the queue
 * depends on have the rank they need. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "messages.h"
#include "msg_names.h"
#include "outbox.h"
#include "tables_internal.h"

/* The column decides, the way of sending only for BY_KIND: a game line said, a reply noticed. As
 * a table of what each row's column and each kind of line give, not the rule again. */
static void test_column_decides(void **state)
{
    (void)state;
    static const out_kind kinds[] = { OUT_PRIVMSG, OUT_NOTICE, OUT_PART };
    static const out_prio want[4][3] = {
        /* PRIVMSG, NOTICE, PART */
        [MSG_PRIO_BY_KIND] = { OUT_GAME, OUT_REPLY, OUT_GAME },
        [MSG_PRIO_REPLY] = { OUT_REPLY, OUT_REPLY, OUT_REPLY },
        [MSG_PRIO_STREAM] = { OUT_STREAM, OUT_STREAM, OUT_STREAM },
        [MSG_PRIO_GAME] = { OUT_GAME, OUT_GAME, OUT_GAME },
    };
    int rows[4] = { 0 };
    for (int id = 0; id < MSG_COUNT; id++) {
        msg_prio column = msg_priority((msg_id)id);
        rows[column]++;
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
            if (tables_line_prio(kinds[k], (msg_id)id) != want[column][k])
                fail_msg("%s sent as kind %d: priority %d, its row wants %d", msg_name(id),
                         (int)kinds[k], (int)tables_line_prio(kinds[k], (msg_id)id),
                         (int)want[column][k]);
    }
    /* every kind of row is in use: a column that no row had would leave a branch untried */
    for (int p = 0; p < 4; p++)
        assert_true(rows[p] > 0);
}

/* The ids whose rank the queue depends on, by name. */
static void test_named_ids(void **state)
{
    (void)state;
    /* answers to one person's request: never ahead of the games' lines, said or noticed */
    static const msg_id replies[] = { MSG_STATS,          MSG_TOP,      MSG_SITE_PAGE,
                                      MSG_HELP_SHORT,     MSG_RULES_1,  MSG_RULES_TEAMS,
                                      MSG_LAST_GAME,      MSG_SET_DONE, MSG_LOBBY_STATUS,
                                      MSG_MOVE_IN_CHANNEL };
    for (size_t i = 0; i < sizeof replies / sizeof replies[0]; i++)
        if (tables_line_prio(OUT_PRIVMSG, replies[i]) != OUT_REPLY)
            fail_msg("%s said is not a reply", msg_name(replies[i]));
    assert_int_equal(tables_line_prio(OUT_PRIVMSG, MSG_WATCH_LINE), OUT_STREAM);
    assert_int_equal(tables_line_prio(OUT_NOTICE, MSG_WATCH_LINE), OUT_STREAM);
    /* before the end line it causes, noticed or not */
    assert_int_equal(tables_line_prio(OUT_NOTICE, MSG_FORFEIT_YOU), OUT_GAME);
    assert_int_equal(tables_line_prio(OUT_PRIVMSG, MSG_MOVE_LEAD), OUT_GAME);
    assert_int_equal(tables_line_prio(OUT_NOTICE, MSG_MOVE_LEAD), OUT_REPLY);
    assert_int_equal(tables_line_prio(OUT_PRIVMSG, MSG_YOUR_TURN), OUT_GAME);
    assert_int_equal(tables_line_prio(OUT_NOTICE, MSG_ERR_NOT_IN_HAND), OUT_REPLY);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_column_decides),
        cmocka_unit_test(test_named_ids),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
