#!/usr/bin/env bash
# The test command: installs the Debian packages that are missing (inspircd, atheme-services and
# anope only to be run by tests/integration/test_atheme.py and test_anope.py as ordinary processes
# on their own ports, never started as services: RUNLEVEL=1 keeps invoke-rc.d from starting
# anope's; m4 for ircd 2.11, which test_ircnet.py fetches and unpacks itself;
# irssi, weechat-headless, weechat-python and tmux only to be run by
# tests/integration/test_clients.py as players, their homes in its temp dir; chromium and w3m
# only to read the web pages in tests/integration/test_site.py), builds with
# AddressSanitizer + UBSan (clang, fuzzers on) and runs every test with ctest; checks the
# style (tests/check_format.sh) and the layout (tests/check_layout.sh: README's Layout names
# every bot/ module, no bot/ file is over 600 lines, each opens with its two-line head);
# also checks that gcc builds the tree warning-free. Exits non-zero on any failure.
# The tests live by kind in tests/unit, tests/fuzz, tests/cli, tests/integration, tests/deploy
# and tests/arena, each registered by durak_test() (tests/CMakeLists.txt) with its kind as ctest
# label: for the edit loop, `ctest -L unit` in a build directory runs the unit tests alone.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake pkg-config clang libclang-rt-14-dev clang-format
          libircclient-dev libconfig-dev libcmocka-dev libsqlite3-dev libssl-dev
          openssl systemd groff-base
          ngircd python3 inspircd atheme-services anope m4
          irssi weechat-headless weechat-python tmux chromium w3m)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  $sudo env RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

# the house style (.clang-format): an unformatted file fails the run
tests/check_format.sh
# README's Layout section matches bot/
tests/check_layout.sh

jobs=$(nproc)
# gcc, warnings as errors: the tree must build warning-free, as README's install builds it
# (Release: -O3 finds format truncations -O2 does not, and NDEBUG asserts' lone variables), in
# a tree of its own: README's quick loop keeps build-gcc at the type it chose.
cmake -S . -B build-release -DDURAK_WERROR=ON -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-release -j"$jobs"
# clang with sanitizers and libFuzzer: every test runs here.
cmake -S . -B build-test -DCMAKE_C_COMPILER=clang -DDURAK_SANITIZE=ON -DDURAK_WERROR=ON \
      -DDURAK_FUZZ=ON -DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build build-test -j"$jobs"
cd build-test
ctest --output-on-failure -j"$jobs"
