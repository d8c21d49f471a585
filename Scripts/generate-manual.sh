#!/usr/bin/env bash
# Regenerates quakes-tui(1): the commands and options from the built binary
# (its --experimental-dump-help JSON, through mdoc-from-help.py), then the
# hand-written sections in Resources/manual/*.mdoc, in the order of their
# names. The version comes from the binary, the date from Resources/manual/date.
#
# usage: Scripts/generate-manual.sh [BINARY [OUTPUT]]
#   BINARY defaults to .build/debug/quakes-tui, OUTPUT to Resources/quakes-tui.1
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
binary="${1:-$root/.build/debug/quakes-tui}"
output="${2:-$root/Resources/quakes-tui.1}"

help_json="$(mktemp)"
page="$(mktemp)"
trap 'rm -f "$help_json" "$page"' EXIT

"$binary" --experimental-dump-help > "$help_json"
{
    python3 "$root/Scripts/mdoc-from-help.py" "$help_json" "$("$binary" --version)" "$(cat "$root/Resources/manual/date")"
    cat "$root"/Resources/manual/*.mdoc
} > "$page"
# Written whole or not at all: a failed run leaves the committed page as it was.
mv "$page" "$output"
chmod 644 "$output"
