#!/usr/bin/env bash
# README's Layout section names every bot/ module and no module that is gone: each .c/.h base
# name under bot/ appears in backquotes in the table of bot/ modules, and each name there exists.
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"
table=$(sed -n '/^`bot\/`, one/,/^Data flows/p' README.md)
[ -n "$table" ] || { echo "README.md: no table of bot/ modules under Layout"; exit 1; }
bad=0
for m in $(ls bot/*.c bot/*.h | sed 's#^bot/##; s#\.[ch]$##' | sort -u); do
  grep -q "\`$m\`" <<<"$table" || { echo "README.md Layout: bot/$m.[ch] is not listed"; bad=1; }
done
for m in $(grep '^| `' <<<"$table" | cut -d'|' -f2 | grep -o '`[a-z_0-9]*`' | tr -d '`'); do
  ls bot/"$m".[ch] >/dev/null 2>&1 || { echo "README.md Layout: $m is listed but bot/$m.[ch] does not exist"; bad=1; }
done
[ $bad = 0 ] && echo "layout: every bot/ module is in README.md"
exit $bad
