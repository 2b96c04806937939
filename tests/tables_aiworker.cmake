# The bot's game side (tables, render) driven by events, no sockets.
durak_unit_test(test_tables test_tables.c LIBS durak_tables)
target_compile_definitions(test_tables PRIVATE _POSIX_C_SOURCE=200809L)

# Computer decisions on threads, collected through the pipe.
durak_unit_test(test_aiworker test_aiworker.c LIBS durak_aiworker)

# A table's snapshot restored strictly (tables_restore_checked): what is refused, and why.
durak_unit_test(test_snapshot test_snapshot.c LIBS durak_tables)

# What players see (issue 12): lines for people, quiet passes, timers, the ending, !again, !stop.
durak_unit_test(test_players test_players.c LIBS durak_tables)

# Teams of two in the bot (R19, issue 14): the lobby, the start and end lines, the ratings.
durak_unit_test(test_teams_bot test_teams_bot.c LIBS durak_tables durak_store)
# Issue 14: a private game against computer players (nothing to any channel, resumed, rated
# apart) and spectators (public lines only, never a hand).
durak_unit_test(test_solo test_solo.c LIBS durak_tables durak_outq)
target_compile_definitions(test_solo PRIVATE _POSIX_C_SOURCE=200809L)
# Hints (issue 16): game.hints, one's turn only, the worker job's view, the answer, the count.
durak_unit_test(test_hints test_hints.c LIBS durak_tables)
# Languages (issue 13): a game in a Russian channel with a player who prefers French, set language,
# game.language, errors and help in the reader's language.
durak_unit_test(test_languages test_languages.c LIBS durak_tables durak_outq)
