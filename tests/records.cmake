# Game records and provably fair deals (issue 14): the record store, !last, the fingerprint
# against a SHA-256 computed in the test, an export replayed by the real durak-cli; then the
# durakbot binary's --export-game and --export-games on the database that test leaves behind.
set(_records_dir ${CMAKE_CURRENT_BINARY_DIR}/records)
add_executable(test_records test_records.c)
target_link_libraries(test_records PRIVATE durak_tables durak_export PkgConfig::CMOCKA)
target_compile_definitions(test_records PRIVATE DURAK_CLI="$<TARGET_FILE:durak-cli>"
                                                RECORDS_DIR="${_records_dir}")
add_dependencies(test_records durak-cli)
add_test(NAME test_records COMMAND test_records)
set_tests_properties(test_records PROPERTIES FIXTURES_SETUP records_db)
if(PYTHON3)
  add_test(NAME records_export
           COMMAND ${PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/records_export.py
                   --bot $<TARGET_FILE:durakbot> --cli $<TARGET_FILE:durak-cli>
                   --db ${_records_dir}/state.db --dir ${_records_dir})
  set_tests_properties(records_export PROPERTIES FIXTURES_REQUIRED records_db
                       ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endif()
