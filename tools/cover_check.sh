#!/usr/bin/env bash
# Cover points of the TC system merged over several runs (docs/testing.md, "Cover points").
#
#   tools/cover_check.sh RUN.json...
#
# Each file is the --json report of `gpucoh cosim system`. A cover point of tc_l1 / tc_l2 is
# required when it is reachable in at least one run (tc_l1.md section 10, tc_l2.md section 11:
# some points are unreachable under one protocol), and is reached when its count is non-zero in
# at least one run. Prints one line per unit and the required points never reached; exit 0 when
# every required point was reached, 1 when some was not, 2 for a missing or malformed report.
set -uo pipefail
if [ $# -eq 0 ] || [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    [ $# -eq 0 ] && exit 2
    exit 0
fi
exec python3 - "$@" <<'PY'
import json
import sys

files = sys.argv[1:]
merged = {}  # unit -> id -> [name, reachable, count]
for f in files:
    try:
        with open(f) as fh:
            rep = json.load(fh)
        cp = rep["cover_points"]
    except (OSError, ValueError, KeyError) as e:
        print(f"cover_check: {f}: no cover points ({type(e).__name__}: {e})", file=sys.stderr)
        sys.exit(2)
    for unit in ("l1", "l2"):
        for p in cp[unit]["points"]:
            m = merged.setdefault(unit, {}).setdefault(p["id"], [p["name"], False, 0])
            m[1] = m[1] or p["reachable"]
            m[2] += p["count"]
missing = []
for unit in ("l1", "l2"):
    pts = merged.get(unit, {})
    req = [k for k, v in pts.items() if v[1]]
    hit = [k for k in req if pts[k][2] > 0]
    print(f"cover points {unit}: {len(hit)}/{len(req)} reached over {len(files)} run(s)")
    missing += [f"{unit} {k} {pts[k][0]}" for k in sorted(req) if pts[k][2] == 0]
print("never reached: " + (", ".join(missing) if missing else "none"))
sys.exit(1 if missing else 0)
PY
