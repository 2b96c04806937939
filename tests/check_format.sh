#!/usr/bin/env bash
# The style check: every tracked C file must be as clang-format (with .clang-format) writes it.
# Prints the files that are not and exits 1; fix them with: clang-format -i FILE...
set -euo pipefail
cd "$(dirname "$0")/.."
bad=()
while IFS= read -r f; do
  clang-format --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done < <(git ls-files '*.c' '*.h')
if [ ${#bad[@]} -gt 0 ]; then
  echo "not formatted (run: clang-format -i ${bad[*]}):"
  printf '  %s\n' "${bad[@]}"
  exit 1
fi
echo "style: $(git ls-files '*.c' '*.h' | wc -l) files formatted"
