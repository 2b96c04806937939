# Fuzz targets for the snapshot loader (fuzz_restore: tables_restore_checked, then the restored
# table saved, restored again, ticked and sent private commands) and the config loader
# (fuzz_config), run by libFuzzer under clang with DURAK_FUZZ (bounded: 100000 runs or 30 s each),
# else replayed over their seed corpora (tests/corpus/restore, tests/corpus/config).
set(RESTORE_CORPUS ${CMAKE_CURRENT_SOURCE_DIR}/corpus/restore)
set(CONFIG_CORPUS ${CMAKE_CURRENT_SOURCE_DIR}/corpus/config)
if(DURAK_FUZZ)
  set(FUZZ_FLAGS -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all)
  # Coverage for libFuzzer in the code under test, not only in the target.
  foreach(lib durak durak_tables durak_config durak_store durak_parser durak_render)
    target_compile_options(${lib} PRIVATE -fsanitize=fuzzer-no-link)
  endforeach()
  foreach(target restore config)
    add_executable(fuzz_${target} fuzz_${target}.c)
    target_compile_options(fuzz_${target} PRIVATE ${FUZZ_FLAGS})
    target_link_options(fuzz_${target} PRIVATE ${FUZZ_FLAGS})
    set(FUZZ_WORK ${CMAKE_CURRENT_BINARY_DIR}/fuzz_${target}_corpus)
    file(MAKE_DIRECTORY ${FUZZ_WORK})
    string(TOUPPER ${target} T)
    add_test(NAME fuzz_${target}
             COMMAND fuzz_${target} -runs=100000 -max_total_time=30 -max_len=4096 -timeout=10
                     -artifact_prefix=${CMAKE_CURRENT_BINARY_DIR}/fuzz_${target}- ${FUZZ_WORK}
                     ${${T}_CORPUS})
    set_tests_properties(fuzz_${target} PROPERTIES TIMEOUT 300)
  endforeach()
  set_tests_properties(fuzz_config PROPERTIES ENVIRONMENT
                       "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_SOURCE_DIR}/lsan_libconfig.supp")
  target_link_libraries(fuzz_restore PRIVATE durak_tables)
  target_link_libraries(fuzz_config PRIVATE durak_config)
else()
  add_executable(fuzz_restore_replay fuzz_restore.c fuzz_replay.c)
  target_link_libraries(fuzz_restore_replay PRIVATE durak_tables)
  add_test(NAME fuzz_restore_replay COMMAND fuzz_restore_replay ${RESTORE_CORPUS})
  add_executable(fuzz_config_replay fuzz_config.c fuzz_replay.c)
  target_link_libraries(fuzz_config_replay PRIVATE durak_config)
  add_test(NAME fuzz_config_replay COMMAND fuzz_config_replay ${CONFIG_CORPUS})
endif()
