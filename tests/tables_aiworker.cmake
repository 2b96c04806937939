# The bot's game side (tables, render) driven by events, no sockets.
durak_unit_test(test_tables test_tables.c LIBS durak_tables)
target_compile_definitions(test_tables PRIVATE _POSIX_C_SOURCE=200809L)

# Computer decisions on threads, collected through the pipe.
durak_unit_test(test_aiworker test_aiworker.c LIBS durak_aiworker)

# A table's snapshot restored strictly (tables_restore_checked): what is refused, and why.
durak_unit_test(test_snapshot test_snapshot.c LIBS durak_tables)

# What players see (issue 12): lines for people, quiet passes, timers, the ending, !again, !stop.
durak_unit_test(test_players test_players.c LIBS durak_tables)

# Languages (issue 13): a game in a Russian channel with a player who prefers French, set language,
# game.language, errors and help in the reader's language.
durak_unit_test(test_languages test_languages.c LIBS durak_tables)
