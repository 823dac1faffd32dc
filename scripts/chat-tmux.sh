#!/usr/bin/env bash
# Drives `docqa chat` through a real terminal (tmux send-keys and
# capture-pane) against a real `ollama serve` with the tiny random-weight
# model, and prints the captured screen: the prompt, search steps, the
# model's streamed draft, Ctrl-C cancelling an answer without ending the
# session, local answers, and Ctrl-D ending it. It then checks the screen
# and exits 1 when something is missing.
#
# Needs tmux (installed with apt-get when missing) and the Ollama build
# from scripts/build-ollama.sh (cached). Usage: scripts/chat-tmux.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v tmux >/dev/null; then
  sudo=; [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq tmux >&2
fi
bin=$(scripts/build-ollama.sh)
work=$(mktemp -d)
sock=$work/tmux.sock
host=127.0.0.1:$((20000 + RANDOM % 20000))
cleanup() {
  tmux -S "$sock" kill-server 2>/dev/null || true
  [ -n "${serve:-}" ] && kill "$serve" 2>/dev/null && wait "$serve" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

export OLLAMA_HOST=$host OLLAMA_MODELS=$work/models OLLAMA_NOPRUNE=1
HOME=$work "$bin" serve >"$work/serve.log" 2>&1 &
serve=$!
for _ in $(seq 300); do
  HOME=$work "$bin" list >/dev/null 2>&1 && break
  sleep 0.1
done
go run ./scripts/tinyllama "$work/tiny.gguf"
echo "FROM $work/tiny.gguf" >"$work/Modelfile"
HOME=$work "$bin" create docqa-tiny -f "$work/Modelfile" >/dev/null 2>&1
go build -o "$work/docqa" .
"$work/docqa" --index "$work/index" -q ingest testdata/pdfs

tmux -S "$sock" new-session -d -s demo -x 100 -y 50 \
  "DOCQA_NOW=2026-11-22T10:30:00Z XDG_STATE_HOME=$work/state $work/docqa --index $work/index --engine ollama --model docqa-tiny --ollama-host $host chat; echo '[docqa exited]'; sleep 600"
screen() { tmux -S "$sock" capture-pane -p -S -200 -t demo | grep -v '^$' || true; }
# wait_for TEXT [N]: wait up to 3 minutes until N lines of the screen show
# TEXT; "^>" (a prompt) is a pattern, anything else plain text.
wait_for() {
  local mode=-F
  [ "$1" = '^>' ] && mode=-E
  for _ in $(seq 1800); do
    [ "$(screen | grep -c $mode -- "$1")" -ge "${2:-1}" ] && return 0
    sleep 0.1
  done
  echo "chat-tmux: timed out waiting for: $1" >&2
  screen >&2
  exit 1
}
keys() { tmux -S "$sock" send-keys -t demo "$@"; }

wait_for '^>'
keys 'What is the maximum oil temperature?' Enter
wait_for 'Asking ollama:docqa-tiny'
wait_for '[ANSWER]:'
wait_for '^>' 2
keys 'What is the maximum oil temperature?' Enter
wait_for 'Asking ollama:docqa-tiny' 2
# Ctrl-C once the draft is streaming: the answer stops, the session goes on.
for _ in $(seq 600); do
  [ "$(screen | awk '/Asking ollama:docqa-tiny/{n=NR} END{print NR-n}')" -ge 1 ] && break
  sleep 0.1
done
keys C-c
wait_for 'answer cancelled'
keys '128 * 64' Enter
wait_for '= 8192'
keys 'which page was that from?' Enter
wait_for '^>' 5
keys C-d
wait_for '[docqa exited]'
screen
fail=0
for want in 'docqa chat: ask about your documents' 'Searching 1 sub-question(s)' '[ANSWER]: Not found in provided context.' \
  'docqa: answer cancelled' '128 * 64 = 8192' 'docqa: session saved; continue it with: docqa chat --resume'; do
  screen | grep -qF -- "$want" || { echo "chat-tmux: screen lacks: $want" >&2; fail=1; }
done
# The streamed draft: at least one line between "Asking" and the cancel.
drafted=$(screen | awk '/Asking ollama:docqa-tiny/{c++} c==2 && !/Asking|answer cancelled/ && $0 != "^C"{n++} /answer cancelled/{exit} END{print n+0}')
[ "$drafted" -ge 1 ] || { echo "chat-tmux: no streamed draft before Ctrl-C" >&2; fail=1; }
exit $fail
