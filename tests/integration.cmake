# Integration tests: a private ngircd on a free loopback port, the durakbot binary and Python
# IRC clients (tests/integration/, standard library only). Each script is one ctest; each kills
# what it started, also on failure. Needs ngircd (apt-get install ngircd) and python3.
find_program(NGIRCD ngircd PATHS /usr/sbin /usr/bin /sbin NO_DEFAULT_PATH)
if(PYTHON3 AND NGIRCD)
  set(_it_dir ${CMAKE_CURRENT_SOURCE_DIR}/integration)
  # name, ctest time limit (the script's own limit is 15 s shorter so it can clean up)
  foreach(_it connect:60 rate:60 games:150 restart:120 protocol:60 persist:90 sighup:60 tls:75
              bots:75 service:60 trust:120 flood:75 hostile:60 faults:120 lines:200
              lag:60 cprivmsg:60 limits:60 encoding:60 teams:120 private:105 records:120 hints:90 languages:90
              clients:105)
    string(REPLACE ":" ";" _it ${_it})
    list(GET _it 0 _name)
    list(GET _it 1 _limit)
    math(EXPR _own "${_limit} - 15")
    add_test(NAME integration_${_name}
             COMMAND ${PYTHON3} ${_it_dir}/test_${_name}.py --bot $<TARGET_FILE:durakbot>
                     --ngircd ${NGIRCD} --timeout ${_own})
    set_tests_properties(integration_${_name} PROPERTIES TIMEOUT ${_limit} LABELS integration
                         ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
  endforeach()
  # test_tls.py exits 77 when the openssl command (it makes the certificates) is missing;
  # test_clients.py (real irssi and weechat players) when irssi, weechat-headless,
  # weechat-python or tmux is (apt-get install irssi weechat-headless weechat-python tmux)
  set_tests_properties(integration_tls integration_clients PROPERTIES SKIP_RETURN_CODE 77)
  # receive times are the measurement: no other test competes for the CPU meanwhile
  set_tests_properties(integration_rate integration_flood PROPERTIES RUN_SERIAL TRUE)
  # InspIRCd 3 + Atheme (tests/integration/servers.py), run by the test on its own ports; the
  # test exits 77 (skipped) when either is not installed (apt-get install inspircd
  # atheme-services)
  find_program(INSPIRCD inspircd PATHS /usr/sbin /usr/bin NO_DEFAULT_PATH)
  find_program(ATHEME atheme-services PATHS /usr/bin /usr/sbin NO_DEFAULT_PATH)
  add_test(NAME integration_atheme
           COMMAND ${PYTHON3} ${_it_dir}/test_atheme.py --bot $<TARGET_FILE:durakbot>
                   --inspircd ${INSPIRCD} --atheme ${ATHEME} --timeout 105)
  set_tests_properties(integration_atheme PROPERTIES TIMEOUT 120 LABELS integration
                       SKIP_RETURN_CODE 77 ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
  # SASL EXTERNAL: the same, InspIRCd also listening TLS (its GnuTLS module) with certificates
  # the test makes with openssl; 77 when openssl or m_ssl_gnutls is missing too
  add_test(NAME integration_atheme_external
           COMMAND ${PYTHON3} ${_it_dir}/test_atheme_external.py --bot $<TARGET_FILE:durakbot>
                   --inspircd ${INSPIRCD} --atheme ${ATHEME} --timeout 60)
  set_tests_properties(integration_atheme_external PROPERTIES TIMEOUT 75 LABELS integration
                       SKIP_RETURN_CODE 77 ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
  # InspIRCd's default fake lag for users, the bot set four times faster: it slows down
  add_test(NAME integration_fakelag
           COMMAND ${PYTHON3} ${_it_dir}/test_fakelag.py --bot $<TARGET_FILE:durakbot>
                   --inspircd ${INSPIRCD} --atheme ${ATHEME} --timeout 225)
  set_tests_properties(integration_fakelag PROPERTIES TIMEOUT 240 LABELS integration
                       SKIP_RETURN_CODE 77 ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
  # two InspIRCd 3 servers linked on loopback (+ Atheme): a game through an SQUIT and a !help
  # flood; it compares game paces, so it runs alone
  add_test(NAME integration_netsplit
           COMMAND ${PYTHON3} ${_it_dir}/test_netsplit.py --bot $<TARGET_FILE:durakbot>
                   --inspircd ${INSPIRCD} --atheme ${ATHEME} --timeout 100)
  set_tests_properties(integration_netsplit PROPERTIES TIMEOUT 120 LABELS integration RUN_SERIAL TRUE
                       SKIP_RETURN_CODE 77 ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
  # ircd-hybrid 8 (CASEMAPPING=ascii): Debian's package conflicts with ngircd, so the test fetches
  # it with `apt-get download` into the build directory and unpacks it there (dpkg -x), never
  # installing it; it exits 77 (skipped) when the download fails (no network)
  add_test(NAME integration_hybrid
           COMMAND ${PYTHON3} ${_it_dir}/test_hybrid.py --bot $<TARGET_FILE:durakbot>
                   --hybrid-dir ${CMAKE_BINARY_DIR}/ircd-hybrid --timeout 165)
  set_tests_properties(integration_hybrid PROPERTIES TIMEOUT 180 LABELS integration
                       SKIP_RETURN_CODE 77 ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
  # IRCnet's ircd 2.11 (penalty-based flood control, no CAP, NICKLEN=15): fetched like
  # ircd-hybrid with `apt-get download ircd-irc2` and unpacked in the build directory; it reads
  # fixed paths, so it runs in a private mount namespace (unshare -m) with the test's directories
  # bound over them; 77 (skipped) without the download, m4 or namespaces. It measures the pace.
  add_test(NAME integration_ircnet
           COMMAND ${PYTHON3} ${_it_dir}/test_ircnet.py --bot $<TARGET_FILE:durakbot>
                   --irc2-dir ${CMAKE_BINARY_DIR}/ircd-irc2 --timeout 525)
  set_tests_properties(integration_ircnet PROPERTIES TIMEOUT 540 LABELS integration RUN_SERIAL TRUE
                       SKIP_RETURN_CODE 77 ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
  # InspIRCd 3 + Anope 2.0 (apt-get install anope; run by the test as an ordinary process with
  # its own copy of the config): 77 when either is not installed
  find_program(ANOPE anope PATHS /usr/sbin /usr/bin NO_DEFAULT_PATH)
  add_test(NAME integration_anope
           COMMAND ${PYTHON3} ${_it_dir}/test_anope.py --bot $<TARGET_FILE:durakbot>
                   --inspircd ${INSPIRCD} --anope ${ANOPE} --timeout 105)
  set_tests_properties(integration_anope PROPERTIES TIMEOUT 120 LABELS integration
                       SKIP_RETURN_CODE 77 ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
else()
  message(STATUS "integration tests skipped: need the durakbot target, python3 and ngircd "
                 "(apt-get install ngircd python3)")
endif()
