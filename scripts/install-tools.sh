#!/usr/bin/env bash
# Installs the Debian packages some of docqa's tests need, when missing:
#   pdftotext poppler's pdftotext (poppler-utils), which docqa reads PDFs
#             with where it is installed (PDFium otherwise)
#   ocr       Tesseract OCR (tesseract-ocr, tesseract-ocr-eng), which
#             docqa runs on pages without a text layer
#   chromium  headless Chromium, which renders the eval report in a test
#   recoll    recoll's command-line tools (recollcmd: recollindex,
#             recollq), which scripts/perf.sh measures docqa beside
#   postgresql  PostgreSQL's server and client (postgresql), which the
#             tests of the team index start a throwaway cluster of
#             (internal/pgtest)
# Usage: scripts/install-tools.sh pdftotext ocr chromium recoll postgresql
# Uses apt-get, as root or through sudo; elsewhere it says what to install.
set -euo pipefail
want=()
for tool in "$@"; do
  case "$tool" in
    pdftotext) command -v pdftotext >/dev/null 2>&1 || want+=(poppler-utils) ;;
    ocr) command -v tesseract >/dev/null 2>&1 || want+=(tesseract-ocr tesseract-ocr-eng) ;;
    chromium) command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || want+=(chromium) ;;
    recoll) command -v recollindex >/dev/null 2>&1 || want+=(recollcmd) ;;
    postgresql) ls /usr/lib/postgresql/*/bin/pg_basebackup >/dev/null 2>&1 || want+=(postgresql) ;;
    *) echo "install-tools: unknown tool $tool (want pdftotext, ocr, chromium, recoll or postgresql)" >&2; exit 2 ;;
  esac
done
[ ${#want[@]} -eq 0 ] && exit 0
sudo=""
if [ "$(id -u)" != 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-tools: not root and no sudo; install ${want[*]} with your package manager" >&2
    exit 1
  fi
  sudo=sudo
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-tools: no apt-get; install ${want[*]} with your package manager" >&2
  exit 1
fi
$sudo apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${want[@]}" >&2
