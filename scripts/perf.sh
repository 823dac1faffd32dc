#!/usr/bin/env bash
# perf.sh: docqa beside recoll (Xapian desktop search) and pdftotext on this
# machine, as issue 40 measured them (../shared/tools/perf-recoll): ingest of
# every PDF under ../shared but the decompression bomb (c1, about 6.9k pages)
# by docqa (OCR on, and --ocr never), recollindex and pdftotext one file
# after another; then `docqa ask` as a whole process (extractive, the whole
# index) on the first 50 MMLongBench and 50 FinanceBench questions, and a
# question that matches nothing (the process floor), over c1 and over four
# renamed copies of it (c4, about 27.5k pages), beside recollq. Runs
# alternate between the tools, RUNS rounds of ingest (default 3); the
# table gives medians, and the 1-minute load average each run began at.
#
#   scripts/perf.sh                   # all of it, about 25 minutes on 2 cores
#   PERF_DIR=/tmp/perf scripts/perf.sh ask   # only the questions (indexes kept)
#
# PERF_DIR (default ~/.cache/docqa-perf) keeps the corpora and indexes
# between runs. Needs recollcmd, poppler-utils and GNU time
# (scripts/install-tools.sh recoll pdftotext; apt-get install time).
set -euo pipefail
cd "$(dirname "$0")/.."
shared=../shared
if [ ! -d "$shared/eval/dev" ]; then
  echo "perf: no ../shared beside the project: the corpus is there" >&2
  exit 2
fi
for tool in recollindex recollq pdftotext pdfinfo /usr/bin/time; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "perf: $tool is missing: scripts/install-tools.sh recoll pdftotext; apt-get install time" >&2
    exit 2
  fi
done
part=${1:-all}
dir=${PERF_DIR:-$HOME/.cache/docqa-perf}
mkdir -p "$dir"
go build -o "$dir/docqa" .
src=$PWD
cd "$dir"
export DOCQA_ENGINE=extractive

# the corpora: c1 every PDF but the bomb, named uniquely; c4 four copies,
# each with a comment appended so that no two files hash alike
if [ ! -f c1.ready ]; then
  rm -rf c1 c4 && mkdir c1 c4
  find "$src/$shared" -name '*.pdf' ! -name 'pdfjs__bomb_giant.pdf' -print0 | sort -z | while IFS= read -r -d '' f; do
    name=$(basename "$f")
    [ -e "c1/$name" ] && name="$(basename "$(dirname "$(dirname "$f")")")__$name"
    cp "$f" "c1/$name"
  done
  for k in 1 2 3 4; do
    for f in c1/*.pdf; do
      cp "$f" "c4/k${k}__$(basename "$f")"
      printf '\n%% copy %d\n' "$k" >>"c4/k${k}__$(basename "$f")"
    done
  done
  touch c1.ready
fi
pages() { local n=0 p; for f in "$1"/*.pdf; do p=$(pdfinfo "$f" 2>/dev/null | awk '/^Pages:/ {print $2}'); n=$((n + ${p:-0})); done; echo "$n"; }
load() { cut -d' ' -f1 /proc/loadavg; }

# ingest TOOL CORPUS: one fresh ingest, a line "TOOL CORPUS wall_s rss_kb load" in ingest.tsv
ingest() {
  local tool=$1 c=$2 l; l=$(load)
  case $tool in
    docqa) rm -rf "ix-$c"; /usr/bin/time -f '%e %M' -o t.out ./docqa --index "ix-$c" -q ingest "$c" >/dev/null 2>&1 || true ;;
    docqa-noocr) rm -rf "ixn-$c"; /usr/bin/time -f '%e %M' -o t.out ./docqa --index "ixn-$c" -q ingest --ocr never "$c" >/dev/null 2>&1 || true ;;
    recoll)
      mkdir -p "conf-$c"; printf 'topdirs = %s/%s\n' "$PWD" "$c" >"conf-$c/recoll.conf"; rm -rf "conf-$c/xapiandb" "conf-$c/idxstatus.txt"
      /usr/bin/time -f '%e %M' -o t.out recollindex -c "conf-$c" >/dev/null 2>&1 || true ;;
    pdftotext) /usr/bin/time -f '%e %M' -o t.out sh -c 'for f in "$1"/*.pdf; do pdftotext -q "$f" - >/dev/null 2>&1; done' sh "$c" || true ;;
  esac
  printf '%s\t%s\t%s\t%s\n' "$tool" "$c" "$(tail -1 t.out | tr ' ' '\t')" "$l" | tee -a ingest.tsv
}

if [ "$part" = all ] || [ "$part" = ingest ]; then
  : >ingest.tsv
  for r in $(seq "${RUNS:-3}"); do
    for tool in docqa recoll pdftotext docqa-noocr; do ingest "$tool" c1; done
  done
  ingest docqa c4
  ingest recoll c4
fi

if [ "$part" = all ] || [ "$part" = ask ]; then
  python3 - "$src/$shared/eval/dev" <<'PY' | tee ask.tsv
import json, subprocess, sys, time, os
dev = sys.argv[1]
def qs(s): return [json.loads(l)['question'] for l in list(open(f'{dev}/{s}/questions.jsonl'))[:50]]
sets = {'MMLongBench': qs('mmlongbench'), 'FinanceBench': qs('financebench'), 'floor': ['zzqqxxnonexistent'] * 20}
def timed(cmd):
    t = time.perf_counter(); subprocess.run(cmd, capture_output=True); return (time.perf_counter() - t) * 1000
def load(): return float(open('/proc/loadavg').read().split()[0])
out = {}
for name, q in sets.items():
    for question in q:
        words = ' '.join(w for w in ''.join(c if c.isalnum() else ' ' for c in question).split() if w not in ('AND', 'OR', 'NOT'))
        for c in ('c1', 'c4'):  # alternating, question by question
            out.setdefault(('docqa', name, c), []).append(timed(['./docqa', '--index', 'ix-' + c, 'ask', '--json', question]))
            out.setdefault(('recollq', name, c), []).append(timed(['recollq', '-c', 'conf-' + c, '-n', '10', '-o', words]))
def pct(v, p): v = sorted(v); return v[min(len(v) - 1, int(round(p * (len(v) - 1))))]
print('tool\tquestions\tcorpus\tp50_ms\tp95_ms\tload_after')
for (tool, name, c), v in out.items():
    print(f'{tool}\t{name}\t{c}\t{pct(v, .5):.1f}\t{pct(v, .95):.1f}\t{load():.2f}')
PY
fi

# the table: medians of the ingest rounds
if [ -s ingest.tsv ]; then
  echo
  echo "corpus c1: $(ls c1 | wc -l) PDFs, $(pages c1) pages; c4: $(ls c4 | wc -l) PDFs, $(pages c4) pages"
  python3 - <<'PY'
import statistics as S
rows = {}
for l in open('ingest.tsv'):
    tool, c, wall, rss, ld = l.split('\t')
    rows.setdefault((tool, c), []).append((float(wall), int(rss), float(ld)))
print(f"{'ingest':14s} {'corpus':6s} {'runs':>4s} {'wall s':>8s} {'peak RSS MB':>12s} {'load':>6s}")
for (tool, c), v in rows.items():
    print(f"{tool:14s} {c:6s} {len(v):4d} {S.median(x[0] for x in v):8.1f} {S.median(x[1] for x in v)/1024:12.0f} {S.median(x[2] for x in v):6.2f}")
PY
fi
