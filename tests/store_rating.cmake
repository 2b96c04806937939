# store: the state database (saved tables across restarts and kill -9, corrupt files moved aside,
# stats and ratings); rating: the pairwise Elo model, pure arithmetic.
add_executable(test_rating test_rating.c)
target_link_libraries(test_rating PRIVATE durak_rating PkgConfig::CMOCKA)
add_test(NAME rating COMMAND test_rating)
add_executable(test_store test_store.c)
target_link_libraries(test_store PRIVATE durak_store PkgConfig::CMOCKA)
add_test(NAME store COMMAND test_store)
# persist: the tables' changes into the store under faults (full disk, read-only, locked).
add_executable(test_persist test_persist.c)
target_link_libraries(test_persist PRIVATE durak_tables PkgConfig::CMOCKA)
add_test(NAME persist COMMAND test_persist)
# bench_persist: CPU per 1000 saved moves, 10 channels, before/after (a tool, not a test):
#   build/tests/bench_persist DIR [MOVES]
add_executable(bench_persist bench_persist.c)
target_link_libraries(bench_persist PRIVATE durak_store durak)
