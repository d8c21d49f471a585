#!/usr/bin/env python3
"""The command part of quakes-tui(1) from the binary's own description.

Reads `quakes-tui --experimental-dump-help` (ArgumentParser's JSON of every
command, option and help text) and prints mdoc: NAME, SYNOPSIS, DESCRIPTION,
OPTIONS and COMMANDS. The hand-written sections (keys, predicates, files...)
are appended after it by generate-manual.sh. Written for this program, not a
general converter: ArgumentParser's own generate-manual plugin builds the
whole package in release first, which `make test` cannot afford.

usage: mdoc-from-help.py HELP.json VERSION-LINE DATE
"""
import json
import sys

# Flags every subcommand inherits; the manual describes them once, on the root.
INHERITED = {"help", "version"}


def escape(text):
    """Text as mdoc prints it: backslashes escaped, no line read as a macro."""
    lines = []
    # Non-ASCII as groff's named code points: the page renders without preconv too.
    text = "".join(c if ord(c) < 128 else "\\[u%04X]" % ord(c) for c in text.replace("\\", "\\e"))
    for line in text.split("\n"):
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def paragraphs(text):
    """Help text as mdoc: blank lines part paragraphs, indented lines (the
    examples in a command's discussion) stay as typed."""
    out, literal = [], False
    for block in text.strip().split("\n\n"):
        out.append(".Pp")
        for line in block.split("\n"):
            indented = line.startswith("  ")
            if indented and not literal:
                out.append(".Bd -literal -offset indent")
            elif not indented and literal:
                out.append(".Ed")
            literal = indented
            out.append(escape(line.strip() if indented else line))
        if literal:
            out.append(".Ed")
            literal = False
    return out


def visible(arguments):
    return [a for a in arguments if a.get("shouldDisplay", True)
            and not (a["kind"] == "flag" and a["preferredName"]["name"] in INHERITED)]


def flag_name(argument):
    name = argument["preferredName"]
    return ("Fl -" if name["kind"] == "long" else "Fl ") + name["name"]


def synopsis_item(argument):
    """`Op Fl -db Ar path`, `Op Fl -all-skipped`, `Ar file ...`."""
    if argument["kind"] == "positional":
        item = "Ar " + argument["valueName"] + (" ..." if argument.get("isRepeating") else "")
    elif argument["kind"] == "flag":
        item = flag_name(argument)
    else:
        item = flag_name(argument) + " Ar " + argument["valueName"]
    return item if not argument.get("isOptional") else "Op " + item


def tag(argument):
    """The `.It` line of an option list: every name, then the value."""
    if argument["kind"] == "positional":
        return ".It Ar " + argument["valueName"] + (" ..." if argument.get("isRepeating") else "")
    names = [("Fl -" if n["kind"] == "long" else "Fl ") + n["name"] for n in argument["names"]]
    value = " Ar " + argument["valueName"] if argument["kind"] == "option" else ""
    return ".It " + " , ".join(names) + value


def describe(argument):
    text = argument.get("abstract", "")
    default = argument.get("defaultValue")
    if default and "Default" not in text:
        text += " Default: " + default + "."
    if argument.get("discussion"):
        text += "\n\n" + argument["discussion"]
    return [tag(argument)] + paragraphs(text)[1:]


def options_list(arguments):
    if not arguments:
        return []
    out = [".Bl -tag -width Ds"]
    for argument in arguments:
        out += describe(argument)
    return out + [".El"]


def manual(root, version_line, date):
    name = root["commandName"]
    subcommands = [c for c in root.get("subcommands", []) if c.get("shouldDisplay", True) and c["commandName"] != "help"]
    out = [f".Dd {date}", ".Dt " + name.upper() + " 1", f".Os {version_line}",
           ".Sh NAME", f".Nm {name}", ".Nd " + escape(root["abstract"].rstrip("."))]
    out.append(".Sh SYNOPSIS")
    out += [".Nm", ".Op Fl -version | Fl -help"]
    for command in subcommands:
        out += [".Nm", ".Cm " + command["commandName"]]
        out += ["." + synopsis_item(a) for a in visible(command.get("arguments", []))]
    out.append(".Sh DESCRIPTION")
    default = root.get("defaultSubcommand")
    out += paragraphs(root.get("discussion", ""))
    if default:
        out += [".Pp", f"Without a command, {name} runs", f".Cm {default} ."]
    out += [".Sh OPTIONS", ".Bl -tag -width Ds"]
    for argument in root.get("arguments", []):
        out += describe(argument)
    out += [".El", ".Sh COMMANDS"]
    for command in subcommands:
        out += [".Ss " + command["commandName"]]
        out += paragraphs(command["abstract"]) + paragraphs(command.get("discussion", ""))
        out += options_list(visible(command.get("arguments", [])))
    return "\n".join(line for line in out if line != "") + "\n"


def main():
    help_path, version_line, date = sys.argv[1:4]
    with open(help_path, encoding="utf-8") as file:
        root = json.load(file)["command"]
    sys.stdout.write(manual(root, version_line, date))


if __name__ == "__main__":
    main()
