# Engine tests: the rules one by one (test_rules), random games checking the invariants
# (test_engine_sim), and scripted durak-cli sessions compared with their transcripts.
durak_unit_test(test_rules test_rules.c LIBS durak)
durak_unit_test(test_engine_sim test_engine_sim.c LIBS durak)
set_tests_properties(test_engine_sim PROPERTIES TIMEOUT 600)

file(GLOB DURAK_CLI_SESSIONS ${CMAKE_CURRENT_SOURCE_DIR}/cli/*.in)
foreach(session ${DURAK_CLI_SESSIONS})
  get_filename_component(name ${session} NAME_WE)
  string(REGEX REPLACE "\\.in$" ".out" expected ${session})
  add_test(NAME cli_${name}
           COMMAND ${CMAKE_COMMAND} -DCLI=$<TARGET_FILE:durak-cli>
                   -DINPUT=${session} -DEXPECTED=${expected}
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/cli_session.cmake)
endforeach()

# durak-cli --help prints the protocol: every command of the protocol and the state keys.
add_test(NAME cli_help COMMAND durak-cli --help)
set_tests_properties(cli_help PROPERTIES PASS_REGULAR_EXPRESSION
  "new \\[players=N\\].*order=C,C.*play C.*beat C T.*take.*pass.*transfer C.*state.*phase actor attacker defender trump stock.*discard table hand 0..N-1 out result.*legal.*resign S")

# The restore fuzz target (its own file, like the parser's).
include(fuzz_state.cmake)
