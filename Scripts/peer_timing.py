#!/usr/bin/env python3
"""The timing parts of Scripts/compare-peers.sh (standard library only; duckdb
is imported only by the duckdb command, run with the venv's python).

  peer_timing.py count FILE
      How many records a CSV holds (its header not counted; quoted newlines kept).
  peer_timing.py screen --name TOOL --socket S --conf F --rows-pattern RE --done-line N
                        --done-text T [--not-text T'] [--timeout S] -- COMMAND...
      Starts COMMAND in a new tmux session (160x48) and polls its pane every
      50 ms: prints `first_rows_s browsable_s`, the seconds from starting it to
      the first screen with a line matching RE below the top line, and to the
      first screen whose line N (1 the top, -1 the last) holds T and not T'.
  peer_timing.py duckdb DB FILE
      CREATE TABLE quake AS SELECT * FROM read_csv(FILE) into the new file DB:
      prints the seconds from connect to close.
  peer_timing.py summary RESULTS
      RESULTS holds `tool<TAB>figure<TAB>seconds` lines: prints each figure's
      min–max, then the markdown table.
"""
import argparse
import csv
import os
import re
import signal
import subprocess
import sys
import time

POLL_SECONDS = 0.05


def count_records(path):
    with open(path, newline="", encoding="utf-8", errors="replace") as f:
        return sum(1 for _ in csv.reader(f)) - 1


def tmux(args, socket, conf, check=True):
    return subprocess.run(["tmux", "-L", socket, "-f", conf] + args,
                          capture_output=True, text=True, check=check)


def capture(socket, conf):
    """The pane's lines and whether its program has ended, in one tmux call."""
    result = tmux(["capture-pane", "-p", "-t", "peers", ";",
                   "display-message", "-p", "-t", "peers", "#{pane_dead}"], socket, conf, check=False)
    if result.returncode != 0:
        return None, True
    lines = result.stdout.splitlines()
    return lines[:-1], lines[-1:] == ["1"]


def stop_session(socket, conf):
    """Kills the session and waits for its program to be gone, so that it
    takes no CPU from the next measurement."""
    result = tmux(["display-message", "-p", "-t", "peers", "#{pane_pid}"], socket, conf, check=False)
    tmux(["kill-server"], socket, conf, check=False)
    if result.returncode != 0 or not result.stdout.strip().isdigit():
        return
    pid = int(result.stdout.strip())
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def is_done(lines, args):
    if not lines or len(lines) < abs(args.done_line):
        return False
    line = lines[args.done_line - 1] if args.done_line > 0 else lines[args.done_line]
    return args.done_text in line and not (args.not_text and args.not_text in line)


def watch_screen(args):
    rows = re.compile(args.rows_pattern)
    start = time.monotonic()
    tmux(["new-session", "-d", "-x", "160", "-y", "48", "-s", "peers"] + args.command,
         args.socket, args.conf)
    first = None
    lines = []
    ended = False
    try:
        while time.monotonic() - start < args.timeout:
            now = time.monotonic() - start
            screen, ended = capture(args.socket, args.conf)
            lines = screen or lines
            if first is None and any(rows.search(line) for line in lines[1:]):
                first = now
            if is_done(lines, args):
                print(f"{first if first is not None else now:.2f} {now:.2f}")
                return 0
            if ended:
                break
            time.sleep(POLL_SECONDS)
        how = "before it ended" if ended else f"within {args.timeout:.0f} s"
        print(f"error: {args.name} did not show {args.done_text!r} on line "
              f"{args.done_line} {how}; its last screen:", file=sys.stderr)
        print("\n".join(line for line in lines if line.strip()), file=sys.stderr)
        return 1
    finally:
        stop_session(args.socket, args.conf)


def duckdb_import(args):
    import duckdb
    start = time.monotonic()
    connection = duckdb.connect(args.db)
    quoted = args.file.replace("'", "''")
    connection.execute(f"CREATE TABLE quake AS SELECT * FROM read_csv('{quoted}')")
    connection.close()
    print(f"{time.monotonic() - start:.2f}")
    return 0


def summary(args):
    figures = {}
    order = []
    with open(args.results) as f:
        for line in f:
            tool, figure, seconds = line.rstrip("\n").split("\t")
            if tool not in figures:
                figures[tool] = {}
                order.append(tool)
            figures[tool].setdefault(figure, []).append(float(seconds))

    def span(values):
        if not values:
            return "–"
        low, high = min(values), max(values)
        return f"{low:.2f}" if f"{low:.2f}" == f"{high:.2f}" else f"{low:.2f}–{high:.2f}"

    for tool in order:
        for figure, values in figures[tool].items():
            print(f"{tool:38} {figure:12} {span(values):>12} s  ({len(values)} runs)")
    print()
    print("| tool | first rows s | browsable s | notes |")
    print("|---|---:|---:|---|")
    notes = dict(line.split("\t", 1) for line in args.notes.split("\n") if "\t" in line)
    for tool in order:
        print(f"| {tool} | {span(figures[tool].get('first_rows', []))} "
              f"| {span(figures[tool].get('browsable', []))} | {notes.get(tool, '')} |")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command_name", required=True)
    count = commands.add_parser("count")
    count.add_argument("file")
    screen = commands.add_parser("screen")
    screen.add_argument("--name", required=True, help="the tool, for errors")
    screen.add_argument("--socket", required=True)
    screen.add_argument("--conf", required=True)
    screen.add_argument("--rows-pattern", required=True)
    screen.add_argument("--done-line", type=int, required=True)
    screen.add_argument("--done-text", required=True)
    screen.add_argument("--not-text", default="")
    screen.add_argument("--timeout", type=float, default=600)
    screen.add_argument("command", nargs="+")
    duck = commands.add_parser("duckdb")
    duck.add_argument("db")
    duck.add_argument("file")
    summarize = commands.add_parser("summary")
    summarize.add_argument("results")
    summarize.add_argument("--notes", default="", help="tool<TAB>note lines")
    args = parser.parse_args()
    if args.command_name == "count":
        print(count_records(args.file))
        return 0
    if args.command_name == "screen":
        return watch_screen(args)
    if args.command_name == "duckdb":
        return duckdb_import(args)
    return summary(args)


if __name__ == "__main__":
    sys.exit(main())
