#!/usr/bin/env bash
# heldout.sh: the held-out questions of testdata/heldout over their four
# PDFs (three of ../shared/corpus, one of the MMLongBench dev set), the
# extractive engine, scoped and whole index. Prints eval's totals.
#
#   scripts/heldout.sh [RESULT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=../shared/corpus
mm=../shared/eval/dev/mmlongbench/pdfs
if [ ! -d "$corpus" ] || [ ! -d "$mm" ]; then
  echo "heldout: no ../shared beside the project: the questions' PDFs are there" >&2
  exit 2
fi
out=${1:-$(mktemp -d)}
mkdir -p "$out"
bin=$(mktemp -d)/docqa
go build -o "$bin" .
index=$(mktemp -d)/index
"$bin" --index "$index" -q ingest "$corpus/pdfminer__i1040nr.pdf" "$corpus/pdfjs__freeculture.pdf" \
  "$corpus/pdfjs__tracemonkey.pdf" "$mm/User_Manual_1500S_Classic_EN.pdf"
for scope in scoped whole; do
  flag=""
  [ "$scope" = whole ] && flag=--unscoped
  "$bin" --index "$index" --engine extractive -q eval $flag --out "$out/$scope.json" testdata/heldout/questions.jsonl >/dev/null
  python3 - "$out/$scope.json" "$scope" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
t = r["totals"]
wrong = sum(1 for x in r["records"] if x["answer"]["status"] == "answered" and not x["score"]["correct"])
print(f"{sys.argv[2]:7s} right {t['correct']}/{t['questions']}  answered {t['answered']}  wrong {wrong}  verified {t['verified']}/{t['citations']}")
PY
done
