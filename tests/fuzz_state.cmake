# Restore fuzz target (fuzz_state.c): any bytes through the engine's deserializer; accepted
# games are played one move deep and given to the hard player. Under clang with DURAK_FUZZ a
# bounded libFuzzer run (ctest "fuzz_state"), else a replay of the seed corpus
# ("fuzz_state_replay"). The seeds are real games' lines (tests/make_state_corpus.py).
set(STATE_CORPUS ${CMAKE_CURRENT_SOURCE_DIR}/corpus/state)
if(DURAK_FUZZ)
  # The engine's sources are compiled into the target so that libFuzzer sees their coverage.
  set(STATE_FUZZ_FLAGS -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all)
  set(ENGINE_DIR ${PROJECT_SOURCE_DIR}/engine)
  add_executable(fuzz_state fuzz_state.c ${ENGINE_DIR}/card.c ${ENGINE_DIR}/rng.c
                 ${ENGINE_DIR}/durak.c ${ENGINE_DIR}/teams.c ${ENGINE_DIR}/serial.c ${ENGINE_DIR}/ai.c
                 ${ENGINE_DIR}/ai_policy.c ${ENGINE_DIR}/ai_mcts.c ${ENGINE_DIR}/ai_solve.c
                 ${ENGINE_DIR}/determinize.c)
  target_include_directories(fuzz_state PRIVATE ${ENGINE_DIR})
  target_compile_options(fuzz_state PRIVATE ${STATE_FUZZ_FLAGS})
  target_link_options(fuzz_state PRIVATE ${STATE_FUZZ_FLAGS})
  target_link_libraries(fuzz_state PRIVATE m)
  # New inputs go to a scratch corpus in the build tree (the first directory), never to the
  # seeds; crash files too. A run stops at 100000 inputs or 45 s, whichever comes first.
  set(STATE_FUZZ_WORK ${CMAKE_CURRENT_BINARY_DIR}/fuzz_state_corpus)
  file(MAKE_DIRECTORY ${STATE_FUZZ_WORK})
  add_test(NAME fuzz_state
           COMMAND fuzz_state -runs=100000 -max_total_time=45 -max_len=4096 -timeout=10
                   -rss_limit_mb=2048 -artifact_prefix=${CMAKE_CURRENT_BINARY_DIR}/
                   ${STATE_FUZZ_WORK} ${STATE_CORPUS})
  set_tests_properties(fuzz_state PROPERTIES TIMEOUT 600)
else()
  add_executable(fuzz_state_replay fuzz_state.c fuzz_replay.c)
  target_link_libraries(fuzz_state_replay PRIVATE durak)
  add_test(NAME fuzz_state_replay COMMAND fuzz_state_replay ${STATE_CORPUS})
endif()
