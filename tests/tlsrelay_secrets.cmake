# TLS and secrets: the relay against a TLS echo server on 127.0.0.1 with certificates made by the
# test (ctest "tlsrelay"); secrets from files and systemd credentials, permission warnings ("secrets").
find_package(Threads REQUIRED)
add_executable(test_tlsrelay test_tlsrelay.c)
target_link_libraries(test_tlsrelay PRIVATE durak_tlsrelay durak_clock PkgConfig::OPENSSL Threads::Threads PkgConfig::CMOCKA)
add_test(NAME tlsrelay COMMAND test_tlsrelay)
set_tests_properties(tlsrelay PROPERTIES TIMEOUT 120)
add_executable(test_secrets test_secrets.c)
target_link_libraries(test_secrets PRIVATE durak_secrets PkgConfig::CMOCKA)
add_test(NAME secrets COMMAND test_secrets)
