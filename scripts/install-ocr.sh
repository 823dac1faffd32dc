#!/usr/bin/env bash
# Installs Tesseract OCR (Debian's tesseract-ocr and its English data),
# which docqa runs on pages without a text layer, when it is missing.
# Uses apt-get, as root or through sudo; elsewhere it says what to install.
set -euo pipefail
if command -v tesseract >/dev/null 2>&1; then
  exit 0
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-ocr: not root and no sudo; install tesseract-ocr with your package manager" >&2
    exit 1
  fi
  sudo=sudo
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-ocr: no apt-get; install tesseract (version 4 or 5) with your package manager" >&2
  exit 1
fi
$sudo apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq tesseract-ocr tesseract-ocr-eng >&2
tesseract --version 2>&1 | head -1 >&2
