# cli_session.cmake — runs durak-cli with a session's .in as stdin and compares its
# stdout (with --echo: each command, then its reply) with the .out transcript; a mismatch
# fails with the first differing line.
# Usage: cmake -DCLI=path/durak-cli -DINPUT=x.in -DEXPECTED=x.out -P cli_session.cmake
cmake_minimum_required(VERSION 3.18)
foreach(var CLI INPUT EXPECTED)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "cli_session.cmake: -D${var}=... is missing")
  endif()
endforeach()

execute_process(COMMAND ${CLI} --echo INPUT_FILE ${INPUT}
                OUTPUT_VARIABLE actual ERROR_VARIABLE errors RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "durak-cli exited with ${status} on ${INPUT}\n${errors}")
endif()
file(READ ${EXPECTED} expected)
if(actual STREQUAL expected)
  return()
endif()

# Report the first differing line, numbered, with some context.
string(REPLACE ";" "\\;" actual "${actual}")
string(REPLACE ";" "\\;" expected "${expected}")
string(REPLACE "\n" ";" got_lines "${actual}")
string(REPLACE "\n" ";" want_lines "${expected}")
list(LENGTH got_lines got_n)
list(LENGTH want_lines want_n)
set(i 0)
while(i LESS got_n AND i LESS want_n)
  list(GET got_lines ${i} got)
  list(GET want_lines ${i} want)
  if(NOT got STREQUAL want)
    break()
  endif()
  math(EXPR i "${i} + 1")
endwhile()
math(EXPR line "${i} + 1")
set(want "<end of file>")
set(got "<end of output>")
if(i LESS want_n)
  list(GET want_lines ${i} want)
endif()
if(i LESS got_n)
  list(GET got_lines ${i} got)
endif()
message(FATAL_ERROR "durak-cli output differs from ${EXPECTED} at line ${line}:\n"
                    "- ${want}\n+ ${got}\n"
                    "(to update, run: ${CLI} --echo < ${INPUT} > ${EXPECTED})")
