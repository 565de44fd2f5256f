#!/usr/bin/env bash
# Cover points of the system merged over several runs of one protocol family (docs/testing.md,
# "Cover points"): those of the L1 and the L2, and of a global unit that has some (G-TSC's ovf).
#
#   tools/cover_check.sh RUN.json...
#
# Each file is the --json report of `gpucoh cosim system`, all of one family (tc-* or gpu-*: their
# points share ids, so a mix is refused). A cover point of the L1 / L2 (tc_l1.md section 10,
# tc_l2.md section 11, gpu_l1.md / gpu_l2.md section 10) is required when it is reachable in at
# least one run (some are unreachable under one variant), and is reached when its count is
# non-zero in at least one run. Prints one line per unit and the required points never reached;
# exit 0 when every required point was reached, 1 when some was not, 2 for a missing or malformed
# report or a mix of families.
set -uo pipefail
if [ $# -eq 0 ] || [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
    [ $# -eq 0 ] && exit 2
    exit 0
fi
exec python3 - "$@" <<'PY'
import json
import sys

files = sys.argv[1:]
merged = {}  # unit -> id -> [name, reachable, count]
families = {}  # family -> first file
for f in files:
    try:
        with open(f) as fh:
            rep = json.load(fh)
        cp = rep["cover_points"]
    except (OSError, ValueError, KeyError) as e:
        print(f"cover_check: {f}: no cover points ({type(e).__name__}: {e})", file=sys.stderr)
        sys.exit(2)
    fam = str(rep.get("protocol", "?")).split("-")[0]
    families.setdefault(fam, f)
    if len(families) > 1:
        print(f"cover_check: {f}: protocol family {fam}, but "
              f"{next(iter(families.values()))} is {next(iter(families))}: check one family "
              "at a time", file=sys.stderr)
        sys.exit(2)
    for unit in cp:  # l1, l2 and any global unit with cover points (G-TSC's ovf)
        for p in cp[unit]["points"]:
            m = merged.setdefault(unit, {}).setdefault(p["id"], [p["name"], False, 0])
            m[1] = m[1] or p["reachable"]
            m[2] += p["count"]
missing = []
for unit in merged:
    pts = merged.get(unit, {})
    req = [k for k, v in pts.items() if v[1]]
    hit = [k for k in req if pts[k][2] > 0]
    print(f"cover points {unit}: {len(hit)}/{len(req)} reached over {len(files)} run(s)")
    missing += [f"{unit} {k} {pts[k][0]}" for k in sorted(req) if pts[k][2] == 0]
print("never reached: " + (", ".join(missing) if missing else "none"))
sys.exit(1 if missing else 0)
PY
