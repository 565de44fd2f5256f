#!/usr/bin/env bash
# The "Model memory" section of docs/perf.md (printed on stdout; tools/bench_all.sh includes it):
# the bytes each TC C model asks for (tc_*_size, from the c_model_bytes of a `cosim system` JSON)
# at the small and the paper configuration, and the maximum resident set size of
# `gpucoh cosim system --impl c --cycles 20000` at each, measured with /usr/bin/time -v.
# The "fixed size" columns are the models before their storage was sized by the descriptor
# (commit 4aed65f: every tc_l1_t / tc_l2_t at the maximum geometry), measured once by hand.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
export GPUCOH_ROOT=$ROOT
G=build/gpucoh
OUT=build/bench-out
mkdir -p "$OUT"
CYC=20000
for c in small paper; do
    /usr/bin/time -v "$G" cosim system --impl c --config "$c" --cycles "$CYC" --seed 1 \
        --json "$OUT/mem-$c.json" > /dev/null 2> "$OUT/mem-$c.time"
done
val() { grep -o "\"$2\": *[0-9]*" "$OUT/mem-$1.json" | head -1 | grep -o '[0-9]*$'; }
rss() { awk '/Maximum resident set size/ {print $NF}' "$OUT/mem-$1.time"; }
row() { printf '| %s | %s | %s | %s | %s |\n' "$@"; }

echo "## Model memory"
echo
echo "Bytes of the TC C models as their size functions give them (docs/framework.md, \"C model"
echo "storage\"), and the maximum resident set size of a C-only system run (\`gpucoh cosim system"
echo "--impl c --cycles $CYC\`, \`/usr/bin/time -v\`), at the small configuration (4 SMs, 2 banks,"
echo "16-byte lines, 4x2 L1, 4x2 L2, 4 MSHRs, 8 wavefronts) and the paper configuration (16 SMs,"
echo "8 banks, 128-byte lines, 64x4 L1, 128x8 L2, 128 MSHRs, 48 wavefronts). \"Fixed size\": the"
echo "models before their storage followed the descriptor (4aed65f), the same bytes at every"
echo "configuration."
echo
echo "| model | small: fixed size | small: now | paper: fixed size | paper: now |"
echo "|---|---:|---:|---:|---:|"
row "tc_timer" 48 "$(val small timer)" 48 "$(val paper timer)"
row "tc_gwct" 640 "$(val small gwct)" 640 "$(val paper gwct)"
row "tc_l1 (with its tc_gwct)" 381408 "$(val small l1)" 381408 "$(val paper l1)"
row "tc_l2 (one bank)" 2519480 "$(val small l2)" 2519480 "$(val paper l2)"
row "all models (N tc_l1 + B tc_l2 + tc_timer)" 6564640 "$(val small total)" 26258416 \
    "$(val paper total)"
row "max RSS of the C-only run (KiB)" 8436 "$(rss small)" 28940 "$(rss paper)"
echo
echo "The RSS columns are single runs (the fixed-size ones the median of three); the rest of"
echo "the process (code, harness, traffic generator) is the same in both. A lockstep run also"
echo "holds one RTL state buffer per unit type in the compare layout the shims fill"
echo "(tc_l1_state_t 378416 bytes, tc_l2_state_t 2517048 bytes), unchanged."
