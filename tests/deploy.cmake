# deploy: the systemd units, cmake --install and the manual pages (deploy/); the scripts
# are in tests/deploy/. ctest -R deploy runs them:
#   deploy_config_keys  every key the loader accepts is in durakbot.conf(5) (type, default) and in
#                       config/durakbot.conf; README's key table and every key README, durakbot(8)
#                       and durak(7) name are the loader's; the loader itself is asked
#                       (tests/deploy/config_keys.c)
#   deploy_manpages     the three manual pages (durakbot(8), durakbot.conf(5), durak(7)) render
#                       without a groff warning; durakbot(8) has every option of durakbot --help
#   deploy_install      cmake --install into a DESTDIR, then the installed tree
#   deploy_units        systemd-analyze verify on both installed units, and their exposure
#                       (systemd-analyze security --offline=yes) at most 1.5
#   deploy_demo         two deploy/demo.sh at once (--bot: no build): two databases, each in its own
#                       temporary directory, gone when the demo stops; /var/lib/durakbot untouched;
#                       the port message names the holder (tests/deploy/check_demo.py)
# deploy_units skips (ctest "Not Run") without systemd-analyze, deploy_manpages without groff,
# deploy_demo without ngircd or iproute2 installed (it never lets the demo run apt-get).
if(NOT PYTHON3)
  message(STATUS "deploy tests skipped: need python3")
  return()
endif()
set(_deploy_tests ${CMAKE_CURRENT_SOURCE_DIR}/deploy)
set(_deploy_root ${CMAKE_CURRENT_BINARY_DIR}/deploy-root)

add_executable(deploy_config_keys deploy/config_keys.c)
target_link_libraries(deploy_config_keys PRIVATE durak_config)
add_test(NAME deploy_config_keys
         COMMAND ${PYTHON3} ${_deploy_tests}/check_config_keys.py
                 --tool $<TARGET_FILE:deploy_config_keys>
                 --example ${PROJECT_SOURCE_DIR}/config/durakbot.conf
                 --manpage ${PROJECT_SOURCE_DIR}/deploy/durakbot.conf.5
                 --workdir ${CMAKE_CURRENT_BINARY_DIR}/deploy-keys
                 --loader-source ${PROJECT_SOURCE_DIR}/config/config.c
                 --readme ${PROJECT_SOURCE_DIR}/README.md
                 --doc ${PROJECT_SOURCE_DIR}/deploy/durakbot.8
                 --doc ${PROJECT_SOURCE_DIR}/deploy/durak.7)

add_test(NAME deploy_manpages
         COMMAND ${PYTHON3} ${_deploy_tests}/check_manpages.py --durakbot $<TARGET_FILE:durakbot>
                 ${PROJECT_SOURCE_DIR}/deploy/durakbot.8 ${PROJECT_SOURCE_DIR}/deploy/durakbot.conf.5
                 ${PROJECT_SOURCE_DIR}/deploy/durak.7)
set_tests_properties(deploy_manpages PROPERTIES SKIP_RETURN_CODE 77)

add_test(NAME deploy_install
         COMMAND ${PYTHON3} ${_deploy_tests}/check_install.py --cmake ${CMAKE_COMMAND}
                 --build ${PROJECT_BINARY_DIR} --source ${PROJECT_SOURCE_DIR}
                 --layout ${PROJECT_BINARY_DIR}/deploy/layout.json --destdir ${_deploy_root})
add_test(NAME deploy_units
         COMMAND ${PYTHON3} ${_deploy_tests}/check_units.py --destdir ${_deploy_root}
                 --layout ${PROJECT_BINARY_DIR}/deploy/layout.json --max-exposure 1.5
                 --work ${CMAKE_CURRENT_BINARY_DIR}/deploy-units)
set_tests_properties(deploy_install PROPERTIES FIXTURES_SETUP deploy_root TIMEOUT 120)
set_tests_properties(deploy_units PROPERTIES FIXTURES_REQUIRED deploy_root SKIP_RETURN_CODE 77
                     TIMEOUT 120)

add_test(NAME deploy_demo
         COMMAND ${PYTHON3} ${_deploy_tests}/check_demo.py
                 --demo ${PROJECT_SOURCE_DIR}/deploy/demo.sh
                 --bot $<TARGET_FILE:durakbot> --work ${CMAKE_CURRENT_BINARY_DIR}/deploy-demo
                 --timeout 45)
set_tests_properties(deploy_demo PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 60
                     ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
