# SPDX-License-Identifier: Apache-2.0
#
# synth/points/gpu.sh -- the baseline GPU points of synth/ctrl.sh (docs/area-gpu.md): sourced by
# synth/ctrl.sh, which defines clog2, pget and die.
#
# The paper-size gpu_l1 (64 sets x 8 ways of 64 B lines: 512 lines x 512 data bits, a 48-bit
# wait mask and a 64-bit dirty mask per line, a 256-entry store buffer) and gpu_l2 bank (256 x
# 16 lines of 64 B, 32 MSHRs) are far beyond a flat Yosys run, so each is measured at reduced
# sizes with the paper's ways, wavefronts and SMs: fewer sets, fewer store-buffer entries /
# MSHRs, 16 B or 64 B lines. docs/area-gpu.md separates per-line, per-entry and per-MSHR
# storage from fixed logic by a linear fit, as docs/area-tc.md does for TC.
#
# The L1 points run GPU-H (Hrf=1, the default: the CTA atomic unit and the scope logic present);
# l1_s4_sb16_b16_hrf0 measures the same point as GPU-D.

# shellcheck disable=SC2034 # read by synth/ctrl.sh
fp_tag=gpu-fp-v1
# shellcheck disable=SC2034
snap_files="rtl/gpucoh_*.sv rtl/prim/gpucoh_*.sv rtl/gpu/gpu_pkg.sv rtl/gpu/gpu_l1.sv rtl/gpu/gpu_l2.sv"
# shellcheck disable=SC2034
rtl_env=GPUCOH_GPU_RTL

# ---- the points: name | top | rtl files | parameters (paper values unless given) -----------
# gpu_l1 paper: Hrf=1 NumWf=48 LineBytes=64 AddrWidth=32 L1Sets=64 L1Ways=8 L1Queue=4
# SbEntries=256 SbIdle=1000 WtCntWidth=9 (the RTL defaults). gpu_l2 paper: NumSm=15 NumBanks=16
# LineBytes=64 AddrWidth=32 L2Sets=256 L2Ways=16 L2Mshrs=32 L2Queue=4.
# the packages first (rtl/gpucoh_atom_pkg.sv, rtl/gpu/gpu_pkg.sv), then the primitives, then the unit
gpu_l1_files="rtl/gpucoh_atom_pkg.sv rtl/gpu/gpu_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_rr_ffs.sv rtl/gpu/gpu_l1.sv"
gpu_l2_files="rtl/gpucoh_atom_pkg.sv rtl/gpu/gpu_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs2.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_rr_ffs.sv rtl/gpu/gpu_l2.sv"
points=(
  "l1_s2_sb16_b16|gpu_l1|$gpu_l1_files|L1Sets=2 SbEntries=16 LineBytes=16"
  "l1_s4_sb16_b16|gpu_l1|$gpu_l1_files|L1Sets=4 SbEntries=16 LineBytes=16"
  "l1_s8_sb16_b16|gpu_l1|$gpu_l1_files|L1Sets=8 SbEntries=16 LineBytes=16"
  "l1_s2_sb64_b16|gpu_l1|$gpu_l1_files|L1Sets=2 SbEntries=64 LineBytes=16"
  "l1_s2_sb256_b16|gpu_l1|$gpu_l1_files|L1Sets=2 SbEntries=256 LineBytes=16"
  "l1_s2_sb16_b64|gpu_l1|$gpu_l1_files|L1Sets=2 SbEntries=16 LineBytes=64"
  "l1_s4_sb16_b64|gpu_l1|$gpu_l1_files|L1Sets=4 SbEntries=16 LineBytes=64"
  "l1_s4_sb16_b16_hrf0|gpu_l1|$gpu_l1_files|L1Sets=4 SbEntries=16 LineBytes=16 Hrf=0"
  "l2_s2_m8_b16|gpu_l2|$gpu_l2_files|L2Sets=2 L2Mshrs=8 LineBytes=16"
  "l2_s4_m8_b16|gpu_l2|$gpu_l2_files|L2Sets=4 L2Mshrs=8 LineBytes=16"
  "l2_s8_m8_b16|gpu_l2|$gpu_l2_files|L2Sets=8 L2Mshrs=8 LineBytes=16"
  "l2_s2_m16_b16|gpu_l2|$gpu_l2_files|L2Sets=2 L2Mshrs=16 LineBytes=16"
  "l2_s2_m32_b16|gpu_l2|$gpu_l2_files|L2Sets=2 L2Mshrs=32 LineBytes=16"
  "l2_s2_m8_b64|gpu_l2|$gpu_l2_files|L2Sets=2 L2Mshrs=8 LineBytes=64"
  "l2_s4_m8_b64|gpu_l2|$gpu_l2_files|L2Sets=4 L2Mshrs=8 LineBytes=64"
  "l2_s2_m16_b64|gpu_l2|$gpu_l2_files|L2Sets=2 L2Mshrs=16 LineBytes=64"
  # the largest, last: 128 and 256 lines at 16 B check the fits' extrapolation in lines
  "l1_s16_sb16_b16|gpu_l1|$gpu_l1_files|L1Sets=16 SbEntries=16 LineBytes=16"
  "l2_s8_m16_b16|gpu_l2|$gpu_l2_files|L2Sets=8 L2Mshrs=16 LineBytes=16"
  "l2_s16_m8_b16|gpu_l2|$gpu_l2_files|L2Sets=16 L2Mshrs=8 LineBytes=16"
  "l1_s32_sb16_b16|gpu_l1|$gpu_l1_files|L1Sets=32 SbEntries=16 LineBytes=16"
  # GPU-RSP (docs/units/gpu/rsp.md section 10, the GPU family's paper column: 15 SMs): the
  # points of l1_s4_sb16_b16 and l2_s2_m8_b16 with Rsp = 1, the difference is RSP's cost
  "l1_s4_sb16_b16_rsp|gpu_l1|$gpu_l1_files|L1Sets=4 SbEntries=16 LineBytes=16 Hrf=1 Rsp=1 NumSm=15"
  "l2_s2_m8_b16_rsp|gpu_l2|$gpu_l2_files|L2Sets=2 L2Mshrs=8 LineBytes=16 Rsp=1 NumSm=15"
)

# Architectural storage, the formulas of docs/units/gpu/gpu_l1.md / gpu_l2.md section 3 (the same
# as l1_storage_bits / l2_storage_bits in tb/proto/gpu/gpu_units.c, which `gpucoh area` uses),
# and the SRAM spec (the data arrays in one single-ported macro, as the units' sram_shape).
cw1() { # CW(n) = max(1, ceil(log2 n)) (rsp.md section 1)
  local c; c=$(clog2 "$1"); [ "$c" -lt 1 ] && c=1; echo "$c"
}
point_storage() { # top params
  local p=$2 wf lb aw la sets ways lines sbe wtw sm mshrs
  lb=$(pget "$p" LineBytes 64); aw=$(pget "$p" AddrWidth 32)
  la=$((aw - $(clog2 "$lb")))
  case $1 in
    gpu_l1)
      wf=$(pget "$p" NumWf 48); sets=$(pget "$p" L1Sets 64); ways=$(pget "$p" L1Ways 8)
      sbe=$(pget "$p" SbEntries 256); wtw=$(pget "$p" WtCntWidth 9)
      lines=$((sets * ways))
      local per=$(((la - $(clog2 "$sets")) + 4 + wf + 9 * lb))
      local sb=$((sbe * la + 2 * ($(clog2 "$sbe") + 1)))
      local bits=$((lines * per + sets * $(clog2 "$ways") + sb + wtw + 2 + 3 * wf + 16))
      # RSP's registers (rsp.md section 10, registers only: tb/proto/gpu/gpu_units.c)
      if [ "$(pget "$p" Rsp 0)" = 1 ]; then
        sm=$(pget "$p" NumSm 15)
        bits=$((bits + 7 + $(cw1 $((sm + 1))) + $(cw1 $((sbe + 1))) + $(cw1 "$sm")))
      fi
      echo "$bits,sram=$((lines * 8 * lb)),banks=1,ports=1" ;;
    gpu_l2)
      sm=$(pget "$p" NumSm 15); sets=$(pget "$p" L2Sets 256); ways=$(pget "$p" L2Ways 16)
      mshrs=$(pget "$p" L2Mshrs 32)
      lines=$((sets * ways))
      local per=$(((la - $(clog2 "$sets")) + 2 + 8 * lb))
      local mshr=$((1 + la + $(clog2 "$ways") + sm + lb))
      local bits=$((lines * per + sets * $(clog2 "$ways") + mshrs * mshr))
      [ "$(pget "$p" Rsp 0)" = 1 ] && bits=$((bits + 1 + $(cw1 "$sm") + sm))
      echo "$bits,sram=$((lines * 8 * lb)),banks=1,ports=1" ;;
    *) die "no storage formula for $1" ;;
  esac
}
