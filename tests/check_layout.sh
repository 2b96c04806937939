#!/usr/bin/env bash
# The house's layout rules for bot/: README's Layout section names every bot/ module and no module
# that is gone (each .c/.h base name under bot/ appears in backquotes in the table of bot/ modules,
# and each name there exists); no bot/ file is over 600 lines; every .c/.h opens with a two-line
# head, "/* name.c — what it owns", closed at the end of its second line.
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
for f in bot/*; do
  n=$(wc -l <"$f")
  [ "$n" -le 600 ] || { echo "$f: $n lines, over 600: split it by concern"; bad=1; }
done
for f in bot/*.c bot/*.h; do
  head -1 "$f" | grep -q "^/\* $(basename "$f") — " \
    || { echo "$f: the first line is not \"/* $(basename "$f") — what it owns\""; bad=1; }
  sed -n 2p "$f" | grep -q '\*/$' && ! head -1 "$f" | grep -q '\*/' \
    || { echo "$f: the head comment is not two lines"; bad=1; }
done
[ $bad = 0 ] && echo "layout: every bot/ module is in README.md, under 600 lines, with its head"
exit $bad
