#!/usr/bin/env bash
# The "Model memory" section of docs/perf.md (printed on stdout; tools/bench_all.sh includes it):
# the bytes each TC C model asks for (tc_*_size, from the c_model_bytes of a `cosim system` JSON)
# at the small and the paper configuration, and the maximum resident set size of
# `gpucoh cosim system [--impl c] --cycles 20000` at each, measured with /usr/bin/time -v.
# The "fixed size" columns are the models before their storage was sized by the descriptor
# (commit 4aed65f: every tc_l1_t / tc_l2_t at the maximum geometry), measured by hand on the
# same machine (RSS: median of three runs each).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
export GPUCOH_ROOT=$ROOT
G=build/gpucoh
OUT=build/bench-out
mkdir -p "$OUT"
CYC=20000
# max RSS in KiB of one run; the median of three
rss1() {
    /usr/bin/time -v "$G" cosim system "$@" 2>&1 > /dev/null |
        awk '/Maximum resident set size/ {print $NF}'
}
rss3() { for _ in 1 2 3; do rss1 "$@"; done | sort -n | sed -n 2p; }
declare -A RSS_C RSS_L
for c in small paper; do
    "$G" cosim system --impl c --config "$c" --cycles "$CYC" --seed 1 --json "$OUT/mem-$c.json" \
        > /dev/null
    RSS_C[$c]=$(rss3 --impl c --config "$c" --cycles "$CYC" --seed 1)
    "$G" cosim system --config "$c" --cycles 10 --quiet > /dev/null # builds the RTL if needed
    RSS_L[$c]=$(rss3 --config "$c" --cycles "$CYC" --seed 1)
done
val() { grep -o "\"$2\": *[0-9]*" "$OUT/mem-$1.json" | head -1 | grep -o '[0-9]*$'; }
row() { printf '| %s | %s | %s | %s | %s |\n' "$@"; }

echo "## Model memory"
echo
echo "Bytes of the TC C models as their size functions give them (docs/framework.md, \"C model"
echo "storage\"), and the maximum resident set size of a system run with the C models alone and in"
echo "lockstep (\`/usr/bin/time -v\`), at the small configuration (4 SMs, 2 banks, 16-byte lines,"
echo "4x2 L1, 4x2 L2, 4 MSHRs, 8 wavefronts) and the paper configuration (16 SMs, 8 banks, 128-byte"
echo "lines, 64x4 L1, 128x8 L2, 128 MSHRs, 48 wavefronts). \"Fixed size\": the models before their"
echo "storage followed the descriptor (4aed65f), the same bytes at every configuration."
echo
echo "| model | small: fixed size | small: now | paper: fixed size | paper: now |"
echo "|---|---:|---:|---:|---:|"
row "tc_timer" 48 "$(val small timer)" 48 "$(val paper timer)"
row "tc_gwct" 640 "$(val small gwct)" 640 "$(val paper gwct)"
row "tc_l1 (with its tc_gwct)" 381408 "$(val small l1)" 381408 "$(val paper l1)"
row "tc_l2 (one bank)" 2519480 "$(val small l2)" 2519480 "$(val paper l2)"
row "all models (N tc_l1 + B tc_l2 + tc_timer)" 6564640 "$(val small total)" 26258416 \
    "$(val paper total)"
row "max RSS, \`--impl c\` (KiB)" 8560 "${RSS_C[small]}" 28864 "${RSS_C[paper]}"
row "max RSS, lockstep (KiB)" 11676 "${RSS_L[small]}" 35392 "${RSS_L[paper]}"
echo
echo "RSS: median of three runs of \`gpucoh cosim system [--impl c] --config C --cycles $CYC\`;"
echo "the rest of the process (code, harness, traffic generator, Verilated models) is the same"
echo "in both. A lockstep run also holds one RTL state buffer per unit type in the compare"
echo "layout the shims fill (tc_l1_state_t 378416 bytes, tc_l2_state_t 2517048 bytes), unchanged."
