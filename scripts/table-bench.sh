#!/usr/bin/env bash
# table-bench.sh: docqa's table structure on the ICDAR 2013 EU half
# (../shared/eval/dev/tables), scored by the competition's method
# (../shared/tools/table-score): docqa finds the tables itself, no
# regions given. Prints table-score's totals; the baselines are in that
# folder's README.
#
#   scripts/table-bench.sh [RESULT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
set_dir=../shared/eval/dev/tables
if [ ! -d "$set_dir" ]; then
  echo "table-bench: no $set_dir: the bench needs ../shared beside the project" >&2
  exit 2
fi
out=${1:-$(mktemp -d)}
mkdir -p "$out"
bin=$(mktemp -d)/docqa
go build -o "$bin" .
for pdf in "$set_dir"/pdfs/*.pdf; do
  name=$(basename "$pdf" .pdf)
  "$bin" tables --format json "$pdf" > "$out/$name.json"
done
python3 ../shared/tools/table-score "$set_dir/gold" "$out"
