# The web pages: escaping and page content (cmocka); bench_site times a full export of a
# generated database of 10,000 games (a tool, not a test):  build/tests/bench_site DIR [GAMES]
durak_unit_test(test_site test_site.c LIBS durak_site)
add_executable(bench_site bench_site.c)
target_link_libraries(bench_site PRIVATE durak_site durak)
