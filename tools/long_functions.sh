#!/usr/bin/env bash
# tools/long_functions.sh [LIMIT] [FILE...]: the C functions of cmodel/, tb/ and systemc/ longer than
# LIMIT lines (default 150), "lines file:function", longest first; exit 1 if any (issue 26 item 6).
# The measure itself is the Python below (docstring: how a function and its length are found).
cd "$(dirname "$0")/.."
exec python3 - "$@" <<'PY'
"""Lengths of the C functions in cmodel/, tb/ and systemc/*.c (issue 26 item 6).

Usage: tools/long_functions.sh [LIMIT] [FILE...]. Prints "lines file:function" for every function longer
than LIMIT lines (default 150), longest first, and exits 1 if there is any (0 if none). A
function's lines run from the line of its name to its closing brace. Comments, strings and
character literals are blanked before the braces are counted; a top-level brace block whose
header has a parameter list and no '=' (not an initializer, struct, enum or union) is a function.
"""
import glob
import os
import re
import sys


def blank(src):
    """src with comments, strings and char literals replaced by spaces (newlines kept)."""
    out, i, n = [], 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", src[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(re.sub(r"[^\n]", " ", src[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(path):
    """(lines, name) of every function defined in path."""
    with open(path, encoding="utf-8", errors="replace") as f:
        src = blank(f.read())
    # preprocessor lines do not count as headers
    src = re.sub(r"(?m)^[ \t]*#.*(\\\n.*)*$", lambda m: re.sub(r"[^\n]", " ", m.group(0)), src)
    res, depth, head_start, open_at, name = [], 0, 0, 0, None
    for i, c in enumerate(src):
        if c == "{":
            if depth == 0:
                head = src[head_start:i]
                m = re.search(r"([A-Za-z_]\w*)\s*\(", head)
                keyword = re.search(r"\b(struct|union|enum)\b\s*\w*\s*$", head)
                if m and "=" not in head and not keyword and m.group(1) not in ("if", "for", "while", "switch"):
                    name = m.group(1)
                    open_at = src.count("\n", 0, head_start + m.start(1)) + 1
                else:
                    name = None
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                if name:
                    res.append((src.count("\n", 0, i) + 1 - open_at + 1, name))
                name = None
                head_start = i + 1
        elif c == ";" and depth == 0:
            head_start = i + 1
    return res


def main():
    args = sys.argv[1:]
    limit = int(args.pop(0)) if args and args[0].isdigit() else 150
    root = os.environ.get("GPUCOH_ROOT", ".")
    os.chdir(root)
    files = args or sorted(
        glob.glob("cmodel/**/*.c", recursive=True) + glob.glob("tb/**/*.c", recursive=True) + glob.glob("systemc/**/*.c", recursive=True))
    rows = [(n, f"{p}:{fn}") for p in files for n, fn in functions(p) if n > limit]
    rows.sort(key=lambda r: (-r[0], r[1]))
    for n, what in rows:
        print(f"{n:5d} {what}")
    print(f"{len(rows)} functions over {limit} lines", file=sys.stderr)
    return 1 if rows else 0


if __name__ == "__main__":
    sys.exit(main())
PY
