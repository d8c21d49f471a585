#!/usr/bin/env bash
# Makes docs/images/quakes-tui.png: the real browser (the bundled week,
# sorted by magnitude, the map above the table and the charts) in a real
# terminal, xterm under Xvfb, photographed with ImageMagick. Run it again
# after a change to the screen: `Scripts/screenshot.sh [BINARY] [OUT.png]`.
# Needs xvfb, xterm, x11-utils, tmux and imagemagick (Debian: apt-get install
# xvfb xterm x11-utils tmux imagemagick); the binary defaults to the debug build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
binary=${1:-$root/.build/debug/quakes-tui}
out=${2:-$root/docs/images/quakes-tui.png}
for tool in Xvfb xterm tmux import xwininfo; do
    command -v "$tool" >/dev/null || { echo "error: $tool is not installed (apt-get install xvfb xterm x11-utils tmux imagemagick)" >&2; exit 1; }
done
[ -x "$binary" ] || { echo "error: $binary is not built (make build, or give the binary)" >&2; exit 1; }

work=$(mktemp -d)
display=:$((90 + RANDOM % 9))
session=quakes-shot-$$
cleanup() {
    tmux -L "$session" kill-server 2>/dev/null || true
    [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# A new catalog of the bundled week; no saved view, times in UTC, "now" as the system's.
export XDG_STATE_HOME=$work/state XDG_CONFIG_HOME=$work/config TZ=UTC
Xvfb "$display" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
sleep 1
# The browser runs in tmux inside xterm, so that keys can be sent to it.
DISPLAY=$display xterm -geometry 160x46+0+0 -fa 'DejaVu Sans Mono' -fs 10 -bg black -fg grey85 \
    -xrm 'XTerm*termName: xterm-256color' -xrm 'XTerm*bellIsUrgent: false' \
    -e tmux -L "$session" -f /dev/null new-session -s shot "$binary --db $work/quakes.sqlite" \; set-option status off &
wait_for() {   # waits until the pane shows $1
    for _ in $(seq 1 100); do
        tmux -L "$session" capture-pane -p -t shot 2>/dev/null | grep -q "$1" && return 0
        sleep 0.2
    done
    echo "error: the browser never showed '$1'" >&2
    tmux -L "$session" capture-pane -p -t shot >&2 || true
    exit 1
}
wait_for "quakes  by time"
tmux -L "$session" send-keys -t shot 2
wait_for "by mag"
tmux -L "$session" send-keys -t shot m
tmux -L "$session" send-keys -t shot c
wait_for "Mc [0-9]"
sleep 1
mkdir -p "$(dirname "$out")"
window=$(DISPLAY=$display xwininfo -root -tree | awk '/"XTerm"/ {print $1; exit}')
DISPLAY=$display import -window "$window" "$out"
echo "$out"
