#!/usr/bin/env bash
# The style check: every C file of the sources (bot engine config tests), new ones not yet added
# to git included, must be as clang-format (with .clang-format) writes it. Prints the files that
# are not and exits 1; fix them with: clang-format -i FILE... Exits 77 (skipped) without it.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "style: no clang-format here: skipped"; exit 77; }
files=()
while IFS= read -r f; do files+=("$f"); done < <(find bot engine config tests -name '*.[ch]' | sort)
# one run for all (a run per file took 40 s): the files it would change, from its complaints; a
# run that fails with none (a key of .clang-format it does not know, a crash) fails the check
status=0
out=$(clang-format --dry-run -Werror "${files[@]}" 2>&1 >/dev/null) || status=$?
bad=()
while IFS= read -r f; do [ -n "$f" ] && bad+=("$f"); done < <(
  sed -n 's/^\([^:]*\.[ch]\):[0-9]*:[0-9]*: error:.*/\1/p' <<<"$out" | sort -u)
if [ "$status" -ne 0 ] && [ ${#bad[@]} -eq 0 ]; then
  echo "style: clang-format failed (status $status) without naming a file:"
  printf '%s\n' "$out" | head -20
  exit 1
fi
if [ ${#bad[@]} -gt 0 ]; then
  echo "not formatted (run: clang-format -i ${bad[*]}):"
  printf '  %s\n' "${bad[@]}"
  exit 1
fi
echo "style: ${#files[@]} files formatted"
