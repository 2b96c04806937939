# TLS and secrets: the relay against a TLS echo server on 127.0.0.1 with certificates made by the
# test (ctest "link"); secrets from files and systemd credentials, permission warnings ("secrets").
find_package(Threads REQUIRED)
add_executable(test_link test_link.c)
target_link_libraries(test_link PRIVATE durak_link durak_clock PkgConfig::OPENSSL Threads::Threads PkgConfig::CMOCKA)
add_test(NAME link COMMAND test_link)
set_tests_properties(link PROPERTIES TIMEOUT 120)
add_executable(test_secrets test_secrets.c)
target_link_libraries(test_secrets PRIVATE durak_secrets PkgConfig::CMOCKA)
add_test(NAME secrets COMMAND test_secrets)
# The wire guard and CAP/SASL on single lines, no sockets (ctest "link_guard").
add_executable(test_link_guard test_link_guard.c)
target_link_libraries(test_link_guard PRIVATE durak_link PkgConfig::CMOCKA)
add_test(NAME link_guard COMMAND test_link_guard)
# The relay in IRC mode against a scripted plain-TCP server: registration at once, the CAP wait,
# whole lines (ctest "link_irc").
add_executable(test_link_irc test_link_irc.c)
target_link_libraries(test_link_irc PRIVATE durak_link durak_clock Threads::Threads PkgConfig::CMOCKA)
add_test(NAME link_irc COMMAND test_link_irc)
set_tests_properties(link_irc PROPERTIES TIMEOUT 60)
# irc.encoding's conversions (glibc iconv) on single lines (ctest "link_enc").
add_executable(test_link_enc test_link_enc.c)
target_link_libraries(test_link_enc PRIVATE durak_link PkgConfig::CMOCKA)
add_test(NAME link_enc COMMAND test_link_enc)
# Channel members' accounts (ctest "members").
add_executable(test_members test_conn_members.c ${PROJECT_SOURCE_DIR}/bot/conn_members.c)
target_include_directories(test_members PRIVATE ${PROJECT_SOURCE_DIR}/bot)
target_link_libraries(test_members PRIVATE durak_casemap PkgConfig::CMOCKA)
add_test(NAME members COMMAND test_members)
# The nick is the bot's own, refused channels, ISUPPORT (ctest "owner").
add_executable(test_owner test_conn_owner.c ${PROJECT_SOURCE_DIR}/bot/conn_owner.c
               ${PROJECT_SOURCE_DIR}/bot/conn_rejoin.c ${PROJECT_SOURCE_DIR}/bot/conn_isupport.c
               ${PROJECT_SOURCE_DIR}/bot/conn_numeric.c)
target_include_directories(test_owner PRIVATE ${PROJECT_SOURCE_DIR}/bot)
target_link_libraries(test_owner PRIVATE durak_outq durak_casemap durak_log durak_config
                      PkgConfig::CMOCKA)
add_test(NAME owner COMMAND test_owner)
# Fake lag: the PONG delay paces the send queue (ctest "lag").
add_executable(test_lag test_conn_lag.c ${PROJECT_SOURCE_DIR}/bot/conn_lag.c)
target_include_directories(test_lag PRIVATE ${PROJECT_SOURCE_DIR}/bot)
target_link_libraries(test_lag PRIVATE durak_outq durak_log PkgConfig::CMOCKA)
add_test(NAME lag COMMAND test_lag)
# The bot's operator status per channel, CPRIVMSG/CNOTICE (ctest "chanop").
add_executable(test_chanop test_conn_chanop.c ${PROJECT_SOURCE_DIR}/bot/conn_chanop.c
               ${PROJECT_SOURCE_DIR}/bot/conn_members.c)
target_include_directories(test_chanop PRIVATE ${PROJECT_SOURCE_DIR}/bot)
target_link_libraries(test_chanop PRIVATE durak_casemap PkgConfig::CMOCKA)
add_test(NAME chanop COMMAND test_chanop)
