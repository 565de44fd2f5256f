# SPDX-License-Identifier: Apache-2.0
#
# synth/points/tc.sh -- the Temporal Coherence points of synth/ctrl.sh (docs/area-tc.md): sourced
# by synth/ctrl.sh, which defines clog2, pget and die.
#
# The paper-size tc_l1 / tc_l2 (128 B lines: 256 x 1024 data bits per L1, 1024 x 1024 per bank
# plus 128 MSHRs with 1152 data/mask bits each) are far beyond a flat Yosys run, so the
# controllers are measured at reduced sizes (fewer sets / MSHRs, 16 B or 128 B lines) and
# docs/area-tc.md separates per-line / per-MSHR storage from fixed logic by a linear fit.

# shellcheck disable=SC2034 # read by synth/ctrl.sh
fp_tag=tc-fp-v1
# shellcheck disable=SC2034
snap_files="rtl/tc/tc_pkg.sv rtl/gpucoh_*.sv rtl/prim/gpucoh_*.sv rtl/tc/tc_timer.sv rtl/tc/tc_gwct.sv rtl/tc/tc_l1.sv rtl/tc/tc_l2.sv"
# shellcheck disable=SC2034
rtl_env=GPUCOH_TC_RTL

# ---- the points: name | top | rtl files | parameters (paper values unless given) -----------
# PredMax must be <= 2^TsWidth-2: the TsWidth=16 points of tc_l2 set it to 65534 (what
# `gpucoh area tc_l2 --param ts_width=16` does too).
# tc_l1 paper: Protocol=1 NumWf=48 LineBytes=128 AddrWidth=32 L1Sets=64 L1Ways=4 TsWidth=32
# L1Queue=4 WfCntWidth=6 LineCntWidth=4 (the RTL defaults). tc_l2 paper: NumSm=16 NumBanks=8
# LineBytes=128 L2Sets=128 L2Ways=8 L2Mshrs=128 TsWidth=32 (see tc_l2's defaults).
points=(
  "timer_ts32|tc_timer|rtl/tc/tc_timer.sv|TsWidth=32"
  "gwct_wf48|tc_gwct|rtl/tc/tc_gwct.sv|NumWf=48 TsWidth=32 WfCntWidth=6"
  "gwct_wf48_ts16|tc_gwct|rtl/tc/tc_gwct.sv|NumWf=48 TsWidth=16 WfCntWidth=6"
  "gwct_wf48_obl0|tc_gwct|rtl/tc/tc_gwct.sv|NumWf=48 TsWidth=32 WfCntWidth=6 OblPort=0"
  "l1_s4_b16|tc_l1|rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_rr_ffs.sv rtl/tc/tc_gwct.sv rtl/tc/tc_l1.sv|L1Sets=4 LineBytes=16"
  "l1_s8_b16|tc_l1|rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_rr_ffs.sv rtl/tc/tc_gwct.sv rtl/tc/tc_l1.sv|L1Sets=8 LineBytes=16"
  "l1_s16_b16|tc_l1|rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_rr_ffs.sv rtl/tc/tc_gwct.sv rtl/tc/tc_l1.sv|L1Sets=16 LineBytes=16"
  "l1_s32_b16|tc_l1|rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_rr_ffs.sv rtl/tc/tc_gwct.sv rtl/tc/tc_l1.sv|L1Sets=32 LineBytes=16"
  "l1_s4_b128|tc_l1|rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_rr_ffs.sv rtl/tc/tc_gwct.sv rtl/tc/tc_l1.sv|L1Sets=4 LineBytes=128"
  "l1_s8_b128|tc_l1|rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_rr_ffs.sv rtl/tc/tc_gwct.sv rtl/tc/tc_l1.sv|L1Sets=8 LineBytes=128"
  "l1_s16_b128|tc_l1|rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_rr_ffs.sv rtl/tc/tc_gwct.sv rtl/tc/tc_l1.sv|L1Sets=16 LineBytes=128"
  "l1_s4_b16_ts16|tc_l1|rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_rr_ffs.sv rtl/tc/tc_gwct.sv rtl/tc/tc_l1.sv|L1Sets=4 LineBytes=16 TsWidth=16"
  "l1_s8_b16_ts16|tc_l1|rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_rr_ffs.sv rtl/tc/tc_gwct.sv rtl/tc/tc_l1.sv|L1Sets=8 LineBytes=16 TsWidth=16"
)
if [[ -f rtl/tc/tc_l2.sv ]]; then
  points+=(
    "l2_s4_m8_b16|tc_l2|rtl/gpucoh_atom_pkg.sv rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_ffs2.sv rtl/tc/tc_l2.sv|L2Sets=4 L2Mshrs=8 LineBytes=16"
    "l2_s8_m8_b16|tc_l2|rtl/gpucoh_atom_pkg.sv rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_ffs2.sv rtl/tc/tc_l2.sv|L2Sets=8 L2Mshrs=8 LineBytes=16"
    "l2_s16_m8_b16|tc_l2|rtl/gpucoh_atom_pkg.sv rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_ffs2.sv rtl/tc/tc_l2.sv|L2Sets=16 L2Mshrs=8 LineBytes=16"
    "l2_s4_m16_b16|tc_l2|rtl/gpucoh_atom_pkg.sv rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_ffs2.sv rtl/tc/tc_l2.sv|L2Sets=4 L2Mshrs=16 LineBytes=16"
    "l2_s4_m32_b16|tc_l2|rtl/gpucoh_atom_pkg.sv rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_ffs2.sv rtl/tc/tc_l2.sv|L2Sets=4 L2Mshrs=32 LineBytes=16"
    "l2_s4_m64_b16|tc_l2|rtl/gpucoh_atom_pkg.sv rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_ffs2.sv rtl/tc/tc_l2.sv|L2Sets=4 L2Mshrs=64 LineBytes=16"
    "l2_s4_m8_b16_ts16|tc_l2|rtl/gpucoh_atom_pkg.sv rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_ffs2.sv rtl/tc/tc_l2.sv|L2Sets=4 L2Mshrs=8 LineBytes=16 TsWidth=16 PredMax=65534"
    "l2_s8_m8_b16_ts16|tc_l2|rtl/gpucoh_atom_pkg.sv rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_ffs2.sv rtl/tc/tc_l2.sv|L2Sets=8 L2Mshrs=8 LineBytes=16 TsWidth=16 PredMax=65534"
    "l2_s4_m16_b16_ts16|tc_l2|rtl/gpucoh_atom_pkg.sv rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_ffs2.sv rtl/tc/tc_l2.sv|L2Sets=4 L2Mshrs=16 LineBytes=16 TsWidth=16 PredMax=65534"
    "l2_s4_m8_b128|tc_l2|rtl/gpucoh_atom_pkg.sv rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_ffs2.sv rtl/tc/tc_l2.sv|L2Sets=4 L2Mshrs=8 LineBytes=128"
    "l2_s8_m8_b128|tc_l2|rtl/gpucoh_atom_pkg.sv rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_ffs2.sv rtl/tc/tc_l2.sv|L2Sets=8 L2Mshrs=8 LineBytes=128"
    "l2_s4_m16_b128|tc_l2|rtl/gpucoh_atom_pkg.sv rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_ffs2.sv rtl/tc/tc_l2.sv|L2Sets=4 L2Mshrs=16 LineBytes=128"
  )
fi
# The two largest points, last: the L1 at the paper geometry with 16 B lines (direct check of
# the fit's extrapolation in sets) and an L2 bank with 256 lines (the same for the L2).
points+=("l1_s64_b16|tc_l1|rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_rr_ffs.sv rtl/tc/tc_gwct.sv rtl/tc/tc_l1.sv|L1Sets=64 LineBytes=16")
[[ -f rtl/tc/tc_l2.sv ]] && points+=("l2_s32_m8_b16|tc_l2|rtl/gpucoh_atom_pkg.sv rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_ffs2.sv rtl/tc/tc_l2.sv|L2Sets=32 L2Mshrs=8 LineBytes=16")

# Architectural storage (the same formulas as tb/proto/tc/tc_units.c) and the SRAM spec (data arrays in
# one single-ported macro, as the units' sram_shape).
point_storage() { # top params
  local p=$2 ts wf wc lb aw la db sets ways lines cw sm mshrs
  ts=$(pget "$p" TsWidth 32)
  case $1 in
    tc_timer) echo $((ts + 1)) ;;
    tc_gwct)
      wf=$(pget "$p" NumWf 48); wc=$(pget "$p" WfCntWidth 6)
      echo $((wf * (ts + wc + 3))) ;;
    tc_l1)
      wf=$(pget "$p" NumWf 48); wc=$(pget "$p" WfCntWidth 6); lb=$(pget "$p" LineBytes 128)
      aw=$(pget "$p" AddrWidth 32); sets=$(pget "$p" L1Sets 64); ways=$(pget "$p" L1Ways 4)
      cw=$(pget "$p" LineCntWidth 4)
      la=$((aw - $(clog2 "$lb"))); db=$((8 * lb)); lines=$((sets * ways))
      local per=$(((la - $(clog2 "$sets")) + 3 + ts + db + 2 + cw + 2 * wf + ts))
      local bits=$((lines * per + sets * $(clog2 "$ways") + wf * (ts + wc + 3)))
      echo "$bits,sram=$((lines * db)),banks=1,ports=1" ;;
    tc_l2)
      sm=$(pget "$p" NumSm 16); lb=$(pget "$p" LineBytes 128); aw=$(pget "$p" AddrWidth 32)
      sets=$(pget "$p" L2Sets 128); ways=$(pget "$p" L2Ways 8); mshrs=$(pget "$p" L2Mshrs 128)
      la=$((aw - $(clog2 "$lb"))); db=$((8 * lb)); lines=$((sets * ways))
      local per=$(((la - $(clog2 "$sets")) + 3 + ts + 1 + db))
      local mshr=$((1 + 2 + la + 4 + ts + sm + 3 + 6 + 6 + 9 * lb + 2 + 5 + 64))
      local bits=$((lines * per + mshrs * mshr + ts))
      echo "$bits,sram=$((lines * db)),banks=1,ports=1" ;;
    *) die "no storage formula for $1" ;;
  esac
}

