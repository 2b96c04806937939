# config: the loader against config/durakbot.conf, good files and every kind of error.
if(TARGET durak_config)
  durak_unit_test(config test_config.c LIBS durak_config)
  target_compile_definitions(config PRIVATE DURAK_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
endif()
