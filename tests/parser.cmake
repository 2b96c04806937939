# Parser tests: the cmocka table tests (ctest "parser") and the fuzz target, run by libFuzzer
# under clang with DURAK_FUZZ (ctest "fuzz_parser"), else replayed over its corpus ("fuzz_parser_replay").
add_executable(test_parser test_parser.c)
target_link_libraries(test_parser PRIVATE durak_parser PkgConfig::CMOCKA)
add_test(NAME parser COMMAND test_parser)

set(PARSER_CORPUS ${CMAKE_CURRENT_SOURCE_DIR}/corpus/parser)
  if(DURAK_FUZZ)
  # The parser's sources are compiled into the target so that libFuzzer sees their coverage.
  set(FUZZ_FLAGS -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all)
  # The parser's sources are durak_parser's, with what they call from the bot and the engine.
  set(FUZZ_PARSER_SOURCES)
  foreach(lib durak_parser durak_messages)
    get_target_property(_src ${lib} SOURCES)
    list(APPEND FUZZ_PARSER_SOURCES ${_src})
  endforeach()
  list(TRANSFORM FUZZ_PARSER_SOURCES PREPEND ${PROJECT_SOURCE_DIR}/bot/)
  add_executable(fuzz_parser fuzz_parser.c ${FUZZ_PARSER_SOURCES} ${PROJECT_SOURCE_DIR}/bot/mirc.c
                 ${PROJECT_SOURCE_DIR}/engine/card.c)
  target_include_directories(fuzz_parser PRIVATE ${PROJECT_SOURCE_DIR}/bot
                             ${PROJECT_SOURCE_DIR}/engine)
  target_compile_options(fuzz_parser PRIVATE ${FUZZ_FLAGS})
  target_link_options(fuzz_parser PRIVATE ${FUZZ_FLAGS})
  # New inputs go to a scratch corpus in the build tree (the first directory), never to
  # the seeds; crash files too. 200000 runs take ~25 s optimized; a Debug+ASan build is
  # slower, so the run also stops after 60 s.
  set(FUZZ_WORK ${CMAKE_CURRENT_BINARY_DIR}/fuzz_parser_corpus)
  file(MAKE_DIRECTORY ${FUZZ_WORK})
  add_test(NAME fuzz_parser
           COMMAND fuzz_parser -runs=200000 -max_total_time=60 -max_len=700 -timeout=10
                   -artifact_prefix=${CMAKE_CURRENT_BINARY_DIR}/ ${FUZZ_WORK} ${PARSER_CORPUS})
  set_tests_properties(fuzz_parser PROPERTIES TIMEOUT 600)
else()
  add_executable(fuzz_parser_replay fuzz_parser.c fuzz_replay.c)
  target_link_libraries(fuzz_parser_replay PRIVATE durak_parser)
  add_test(NAME fuzz_parser_replay COMMAND fuzz_parser_replay ${PARSER_CORPUS})
  endif()
