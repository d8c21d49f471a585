#!/usr/bin/env bash
# Makes docs/images/quakes-tui.png: the real browser (the bundled week,
# sorted by magnitude, the map above the table and the charts) in a real
# terminal, xterm under Xvfb (256 colors), photographed with ImageMagick.
# Run it again after a change to the screen:
#   Scripts/screenshot.sh [BINARY] [OUT.png]        # that screen
#   SCENE=map-world Scripts/screenshot.sh          # docs/images/map-world.png: the map alone, the world's M 4+ as events
#   SCENE=map-density Scripts/screenshot.sh        # docs/images/map-density.png: every quake of the week as density
#   SCENE=map-california Scripts/screenshot.sh     # docs/images/map-california.png: California's quakes as events, fitted, faults and towns
# Needs xvfb, xterm, x11-utils, tmux and imagemagick (Debian: apt-get install
# xvfb xterm x11-utils tmux imagemagick); the binary defaults to the debug build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
binary=${1:-$root/.build/debug/quakes-tui}
scene=${SCENE:-main}
case $scene in
    main) name=quakes-tui ;;
    map-world|map-density|map-california) name=$scene ;;
    *) echo "error: SCENE must be main, map-world, map-density or map-california" >&2; exit 1 ;;
esac
out=${2:-$root/docs/images/$name.png}
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
    -e tmux -L "$session" -f /dev/null new-session -s shot "$binary --db $work/quakes.sqlite" \; set-option status off \
    \; set-option default-terminal tmux-256color &
wait_for() {   # waits until the pane shows $1
    for _ in $(seq 1 100); do
        tmux -L "$session" capture-pane -p -t shot 2>/dev/null | grep -q "$1" && return 0
        sleep 0.2
    done
    echo "error: the browser never showed '$1'" >&2
    tmux -L "$session" capture-pane -p -t shot >&2 || true
    exit 1
}
wait_for "quakes .*by time"   # the top line: count, row, sort
keys() { tmux -L "$session" send-keys -t shot "$@"; }
case $scene in
    main)
        keys 2; wait_for "by mag"
        keys m; keys c; wait_for "Mc [0-9]" ;;
    map-world)
        keys : 'magnitude >= 4' Enter; wait_for "magnitude >= 4"
        keys m m; wait_for "├" ;;
    map-density)
        keys m m v; wait_for "quakes per cell" ;;
    map-california)
        keys : 'latitude > 32 AND latitude < 42 AND longitude > -125 AND longitude < -114' Enter; wait_for "where latitude"
        keys m m 0 v v; wait_for "M ⠂<4"; sleep 1 ;;
esac
mkdir -p "$(dirname "$out")"
window=$(DISPLAY=$display xwininfo -root -tree | awk '/"XTerm"/ {print $1; exit}')
DISPLAY=$display import -window "$window" "$out"
echo "$out"
