#!/usr/bin/env bash
# heldout.sh: a held-out question set of testdata (heldout: 32 questions
# over four PDFs; heldout2: 40 over five), the extractive engine, scoped
# and whole index. The PDFs are read from ../shared/corpus and the
# MMLongBench dev set by the names the questions give. Prints eval's
# totals. DOCQA_BIN runs that binary instead of building this checkout.
#
#   scripts/heldout.sh [SET] [RESULT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
set=${1:-heldout}
questions=testdata/$set/questions.jsonl
[ -f "$questions" ] || { echo "heldout: no $questions (sets: heldout, heldout2)" >&2; exit 2; }
corpus=../shared/corpus
mm=../shared/eval/dev/mmlongbench/pdfs
if [ ! -d "$corpus" ] || [ ! -d "$mm" ]; then
  echo "heldout: no ../shared beside the project: the questions' PDFs are there" >&2
  exit 2
fi
out=${2:-$(mktemp -d)}
mkdir -p "$out"
bin=${DOCQA_BIN:-}
if [ -z "$bin" ]; then
  bin=$(mktemp -d)/docqa
  go build -o "$bin" .
fi
pdfs=()
for doc in $(python3 -c 'import json,sys; print("\n".join(sorted({json.loads(l)["doc"] for l in open(sys.argv[1]) if l.strip()})))' "$questions"); do
  if [ -f "$corpus/$doc" ]; then pdfs+=("$corpus/$doc"); else pdfs+=("$mm/$doc"); fi
done
index=$(mktemp -d)/index
"$bin" --index "$index" -q ingest "${pdfs[@]}"
for scope in scoped whole; do
  flag=""
  [ "$scope" = whole ] && flag=--unscoped
  "$bin" --index "$index" --engine extractive -q eval $flag --out "$out/$scope.json" "$questions" >/dev/null
  python3 - "$out/$scope.json" "$scope" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
t = r["totals"]
wrong = sum(1 for x in r["records"] if x["answer"]["status"] == "answered" and not x["score"]["correct"])
print(f"{sys.argv[2]:7s} right {t['correct']}/{t['questions']}  answered {t['answered']}  wrong {wrong}  verified {t['verified']}/{t['citations']}")
PY
done
