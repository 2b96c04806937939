# Computer players (engine/ai*.c, determinize.c): legal play over random options at every
# level, no peeking, determinism, easy's cheapest card, the endgame search.
durak_unit_test(test_ai test_ai.c LIBS durak)

# durak-arena -x: the example external agent (tests/arena/first_legal.py) plays whole games,
# bad, late and missing answers are reported as the agent's losses (issue 16).
add_test(NAME arena_external
         COMMAND ${PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/arena/check_arena.py
                 $<TARGET_FILE:durak-arena> ${CMAKE_CURRENT_SOURCE_DIR}/arena/first_legal.py)
set_tests_properties(arena_external PROPERTIES LABELS arena TIMEOUT 300)
