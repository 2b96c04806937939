# config: the loader against config/durakbot.conf, good files and every kind of error
# (binary test_config, ctest "config").
add_executable(test_config test_config.c)
target_link_libraries(test_config PRIVATE durak_config PkgConfig::CMOCKA)
target_compile_definitions(test_config PRIVATE DURAK_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
add_test(NAME config COMMAND test_config)
