#!/usr/bin/env bash
# Smoke test of rtl/denovo (not part of make test): 3 denovo_l1 + 1 denovo_l2 + DRAM, the four
# networks as in-order queues with random stalls, random per-SM programs (own-word stores and
# loads, loads of the other SMs' words, GPU atomic ADDs on a shared counter word, own-word
# exchanges, fences, acquire loads, release stores). Checks read-own-write, value provenance,
# unique atomic olds, the final counters and words, and progress; the RTL assertions run
# (--assert), with the IR1 index-range binds of verilator/sva/. The coverage counters name the SMs 0..2 hierarchically: NS stays 3.
#   tests/rtl/denovo_smoke/run_denovo.sh [SEEDS] [-GName=Value ...]    e.g. 8 -GHRF=1 -GNLINES=3
#     -GL2SETS=4 -GL2WAYS=4 (contention: queued transfers); default 4 seeds, the small L2.
# L9_MsgFindsState_A warnings: 0 expected in legal runs (hdr_q, denovo_l1.md reading R1; every
# DACK finds its DRAIN MSHR, D17). The rsp queues carry DACK (kind 11) like the other kinds.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
SEEDS=${1:-4}; shift || true
OUT=$ROOT/build/rtl_smoke/denovo
mkdir -p "$OUT"
cd "$OUT"
FILES=(rtl/gpucoh_atom_pkg.sv rtl/denovo/denovo_pkg.sv rtl/prim/gpucoh_ffs.sv
       rtl/prim/gpucoh_ffs2.sv rtl/prim/gpucoh_rr_ffs.sv rtl/prim/gpucoh_amo.sv
       rtl/denovo/denovo_l1.sv rtl/denovo/denovo_l2.sv verilator/sva/gpucoh_idx_sva.sv
       verilator/sva/denovo_l1_bind.sv verilator/sva/denovo_l2_bind.sv
       tests/rtl/denovo_smoke/denovo_sys_tb.sv)
nice verilator --binary --timing --assert -Wno-fatal -Wno-lint -Wno-style -I"$ROOT/rtl/include" \
    --top-module denovo_sys_tb "$@" "${FILES[@]/#/$ROOT/}" -o simv > build.log 2>&1 ||
    { tail -20 build.log; exit 1; }
fail=0
for s in $(seq 1 "$SEEDS"); do
    ./obj_dir/simv +verilator+seed+$s +verilator+rand+reset+2 > seed$s.log 2>&1 || true
    echo "seed $s: $(grep -E '^(PASS|FAIL)' seed$s.log || echo 'ABORT (see '"$OUT/seed$s.log"')')" \
         "$(grep -c 'L9_MsgFindsState_A' seed$s.log) L9 flags; $(grep '^cov' seed$s.log || true)"
    grep -q '^PASS' seed$s.log || fail=1
done
exit $fail
