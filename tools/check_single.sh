#!/usr/bin/env bash
# One description per register (docs/testing.md "Single description"): in every RTL source
# given, the only conditional compilation is `ifndef SYNTHESIS / `ifndef __ICARUS__ around
# assertions (no `ifdef, `else or `elsif: nothing a simulator or Yosys reads differently), and
# no register (a name ending in _q) is written inside such a block except an assertion's own
# reference register (sva_*). So the netlist that Yosys
# synthesizes for an area figure is built from the very text that lockstep simulates.
#
#   tools/check_single.sh FILE...    one line per file (PASS/FAIL single FILE); exit 1 on a FAIL
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 FILE..." >&2; exit 2; }
failed=0
for f in "$@"; do
    [ -f "$f" ] || { echo "check_single: no file $f" >&2; exit 2; }
    why=$(awk '
        function bad(msg) { if (n < 3) out = out (out == "" ? "" : "; ") FNR ": " msg; n++ }
        /^[[:space:]]*`(ifdef|elsif|else)([^A-Za-z0-9_]|$)/ { bad($1 " (only `ifndef SYNTHESIS / __ICARUS__)"); next }
        /^[[:space:]]*`ifndef[[:space:]]/ {
            if ($2 != "SYNTHESIS" && $2 != "__ICARUS__") bad("`ifndef " $2)
            depth++; next
        }
        /^[[:space:]]*`endif([^A-Za-z0-9_]|$)/ { if (depth > 0) depth--; next }
        depth > 0 && /[A-Za-z0-9_]_q[[:space:]]*(\[[^]]*\][[:space:]]*)*<=/ &&
                !/^[[:space:]]*sva_/ {
            bad("register written in a simulation-only block")
        }
        END { if (n > 0) print out (n > 3 ? " (+" n - 3 " more)" : "") }' "$f")
    if [ -z "$why" ]; then
        printf '%-4s  %-9s  %s\n' PASS single "$f"
    else
        printf '%-4s  %-9s  %s  (%s)\n' FAIL single "$f" "$why"
        failed=1
    fi
done
exit $failed
