#!/usr/bin/env bash
# `make regress`: the long runs kept out of `make test`. Each configuration runs N cycles
# (default 10^7) and must end with 0 mismatches and every reachable transition covered; the
# mutant campaign runs at the paper size. Ends with one 'N passed, N failed' line.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
export GPUCOH_ROOT=$ROOT
N=${1:-10000000}
G=build/gpucoh
OUT=build/regress
mkdir -p "$OUT"
PASS=0; FAIL=0
run() {
    local name=$1; shift
    local log="$OUT/$name.log"
    $G cosim sig_bloom --cycles "$N" --json "$OUT/$name.json" "$@" > "$log" 2>&1
    local rc=$? line
    line=$(grep -E '^(PASS|FAIL) ' "$log")
    local cov=$(echo "$line" | sed -n 's/.*coverage \([0-9]*\)\/\([0-9]*\).*/\1 \2/p')
    if [ $rc -eq 0 ] && [ -n "$cov" ] && [ "${cov% *}" = "${cov#* }" ]; then
        PASS=$((PASS + 1)); echo "  ok    $name: $line"
    else
        FAIL=$((FAIL + 1)); echo "  FAIL  $name: $line"; tail -20 "$log"
    fi
}
run paper-4k-k6-true --seed 1
run paper-4k-k6-true-seed2 --seed 2 --stim random
run 1k-k6-true --param m=1024 --seed 3
run 16k-k6-true --param m=16384 --seed 4
run 16k-k8-parallel --param m=16384 --param k=8 --param org=parallel --seed 5
run 2k-k4-parallel-bitsel-byte --param m=2048 --param k=4 --param org=parallel \
    --param hash=bitsel --param gran=1 --seed 6
run 256-k2-aw16-c8 --param m=256 --param k=2 --param addr_width=16 --param chunk_width=8 --seed 7
mlog=$OUT/mutants-4k.log
if $G mutants sig_bloom --cycles 2000000 --out "$OUT" > "$mlog" 2>&1; then
    PASS=$((PASS + 1)); echo "  ok    mutants at m=4096: $(head -1 "$mlog" | sed 's/^gpucoh.*//')"
else
    FAIL=$((FAIL + 1)); echo "  FAIL  mutants at m=4096"; grep -E 'SURVIVED|BROKEN|caught' "$mlog"
fi
grep -E '^mutants of' "$mlog"
echo "$PASS passed, $FAIL failed"
[ $FAIL -eq 0 ]
