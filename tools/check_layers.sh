#!/usr/bin/env bash
# tools/check_layers.sh -- the layer rule of tb/ (docs/framework.md, "Layers"): tb/engine, the
# ground floor, includes nothing from the layers above it (tb/sys, tb/proto/*, tb/units, tb/cli).
# Every `#include "X"` of tb/engine/*.c and *.h is looked up among the headers of those folders;
# one that is found fails the check, named as FILE:LINE: includes X (FOLDER). Exit 0 clean, 1 not.
# usage: tools/check_layers.sh [ENGINE_DIR]   (default tb/engine; another directory: a copy of
# it to check, e.g. tools/run_tests.sh's copy with an injected include, which must fail)
set -euo pipefail
ENGINE=${1:-tb/engine}
ENGINE=$(cd "$ENGINE" && pwd)
cd "$(dirname "$0")/.."
UPPER=(tb/sys tb/proto/tc tb/proto/gpu tb/proto/denovo tb/proto/hlrc tb/proto/gtsc tb/units tb/cli)
bad=0
n=0
for f in "$ENGINE"/*.c "$ENGINE"/*.h; do
    [ "$ENGINE" = "$PWD/tb/engine" ] && f=${f#"$PWD"/}
    while IFS=: read -r line inc; do
        n=$((n + 1))
        for d in "${UPPER[@]}"; do
            if [ -f "$d/$inc" ]; then
                echo "$f:$line: includes \"$inc\" ($d/$inc): tb/engine must not see $d"
                bad=$((bad + 1))
            fi
        done
    done < <(awk 'match($0, /^[ \t]*#[ \t]*include[ \t]*"[^"]*"/) {
                      s = substr($0, RSTART, RLENGTH); sub(/^[^"]*"/, "", s); sub(/"$/, "", s)
                      print FNR ":" s }' "$f")
done
if [ "$bad" -ne 0 ]; then
    echo "check_layers: $bad include(s) of an upper layer in $ENGINE (docs/framework.md, \"Layers\")"
    exit 1
fi
echo "check_layers: tb/engine clean ($n includes, none of ${UPPER[*]})"
