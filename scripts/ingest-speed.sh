#!/usr/bin/env bash
# Prints the wall time of `docqa ingest` over ../shared/eval/dev (fresh
# index) and of pdftotext over the same files one after another, in one run,
# their ratio, the peak RSS of the ingest, and where its time went. RUNS=N sets the repeats.
# Needs GNU time and pdftotext (installs poppler-utils and time when root).
set -euo pipefail
cd "$(dirname "$0")/.."
dev=${1:-../shared/eval/dev}
[ -d "$dev" ] || { echo "ingest-speed: $dev not found: needs ../shared beside the project" >&2; exit 0; }
if ! command -v pdftotext >/dev/null || [ ! -x /usr/bin/time ]; then
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && apt-get install -y -qq poppler-utils time) >/dev/null
  else
    echo "ingest-speed: needs pdftotext and /usr/bin/time (apt-get install poppler-utils time)" >&2; exit 1
  fi
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/docqa" .
# Warm the wazero compilation cache so the figure is a steady-state ingest.
"$tmp/docqa" --index "$tmp/warm" ingest testdata/pdfs >/dev/null 2>&1 || true
mapfile -d '' files < <(find "$dev" -name '*.pdf' -print0 | sort -z)
runs=${RUNS:-3}
# The machines are shared and noisy: alternate the two, $runs times each,
# and compare medians.
: >"$tmp/a"; : >"$tmp/b"
for r in $(seq "$runs"); do
  rm -rf "$tmp/index"
  start=$(date +%s.%N)
  /usr/bin/time -f '%M' -o "$tmp/rss.$r" "$tmp/docqa" --index "$tmp/index" ingest --verbose "$dev" 2>"$tmp/log.$r" >/dev/null || true
  mid=$(date +%s.%N)
  for f in "${files[@]}"; do pdftotext -q "$f" - >/dev/null || true; done
  end=$(date +%s.%N)
  echo "$start $mid" | awk '{print $2-$1}' >>"$tmp/a"
  echo "$mid $end" | awk '{print $2-$1}' >>"$tmp/b"
done
median() { sort -g "$1" | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
rss=$(cat "$tmp"/rss.* | grep -E '^[0-9]+$' | sort -g | tail -1)
awk -v n="${#files[@]}" -v runs="$runs" -v a="$(median "$tmp/a")" -v b="$(median "$tmp/b")" \
  -v all_a="$(paste -sd' ' "$tmp/a")" -v all_b="$(paste -sd' ' "$tmp/b")" -v rss="$rss" 'BEGIN {
  printf "files              %d (%d runs each, alternating; medians)\n", n, runs
  printf "docqa ingest       %.2f s   (runs: %s)\n", a, all_a
  printf "pdftotext (1 by 1) %.2f s   (runs: %s)\n", b, all_b
  printf "ratio              %.2f (target <= 1.0)\n", a/b
  printf "peak RSS ingest    %.0f MiB (target <= 384)\n", rss/1024
}'
# where the last run's time went (docqa ingest --verbose)
grep -h '^docqa: time:' "$tmp/log.$runs" | sed 's/^docqa: time: /where the time went: /' || true
