#!/usr/bin/env bash
# Prints the peak RSS and wall time of `docqa ingest` (fresh index) of one
# long generated manual at several page counts (testdata/gen -long: a
# heading, twelve sentences with figures (1.5 KB of text) and a footer a page), and the memory
# each page adds: ingest's peak memory grows with a document's pages, and
# with nothing else of it (issue 39: the 5,000-page document under
# 384 MiB). PAGES="1000 5000 20000" sets the counts. Needs GNU time
# (installs it when root).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/time ]; then
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && apt-get install -y -qq time) >/dev/null
  else
    echo "ingest-memory: needs /usr/bin/time (apt-get install time)" >&2; exit 1
  fi
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/docqa" .
"$tmp/docqa" --index "$tmp/warm" ingest testdata/pdfs >/dev/null 2>&1 || true
printf '%8s %10s %8s %12s\n' pages "PDF bytes" "wall s" "peak RSS MiB"
first_pages=""; first_rss=""
for n in ${PAGES:-1000 5000 20000}; do
  go run ./testdata/gen -long "$tmp/long-$n.pdf" -pages "$n"
  rm -rf "$tmp/index"
  /usr/bin/time -f '%e %M' -o "$tmp/time" "$tmp/docqa" --index "$tmp/index" -q ingest "$tmp/long-$n.pdf"
  read -r wall kb <"$tmp/time"
  printf '%8d %10d %8s %12d\n' "$n" "$(stat -c %s "$tmp/long-$n.pdf")" "$wall" "$((kb / 1024))"
  if [ -z "$first_pages" ]; then
    first_pages=$n; first_rss=$kb
  else
    last_pages=$n; last_rss=$kb
  fi
done
if [ -n "${last_pages:-}" ]; then
  echo "each page past the first $first_pages adds $(( (last_rss - first_rss) / (last_pages - first_pages) )) KiB of peak RSS"
fi
