# SPDX-License-Identifier: Apache-2.0
#
# synth/points/denovo.sh -- the DeNovo points of synth/ctrl.sh (docs/area-denovo.md): sourced by
# synth/ctrl.sh, which defines clog2, pget and die.
#
# The paper-size denovo_l1 (64 sets x 8 ways of 64 B lines: 512 lines x 512 data bits, a 64-bit
# dirty byte mask and 16 x 2 word-state bits per line, a 256-entry store buffer, 16 MSHRs, 4
# write-back lines) and denovo_l2 bank (256 x 16 lines of 64 B with a registered bit per word,
# 32 MSHRs) are measured, as the baseline GPU units are (synth/points/gpu.sh), at reduced sizes
# with the paper's ways, wavefronts and SMs: fewer sets, fewer store-buffer entries, 16 B or
# 64 B lines. The MSHRs, write-back lines and queues stay at the paper's values at every point,
# so docs/area-denovo.md fits the logic area in lines and store-buffer entries only.
#
# The L1 points run DeNovo-D (Hrf=0, the default); l1_s4_sb16_b16_hrf1 measures the same point
# as DeNovo-H.

# shellcheck shell=bash
# shellcheck disable=SC2034 # read by synth/ctrl.sh
fp_tag=denovo-fp-v1
# shellcheck disable=SC2034
snap_files="rtl/gpucoh_*.sv rtl/prim/gpucoh_*.sv rtl/denovo/denovo_pkg.sv rtl/denovo/denovo_l1.sv rtl/denovo/denovo_l2.sv"
# shellcheck disable=SC2034
rtl_env=GPUCOH_DENOVO_RTL

# ---- the points: name | top | rtl files | parameters (paper values unless given) -----------
# denovo_l1 paper: Hrf=0 Ro=0 NumSm=15 NumWf=48 LineBytes=64 AddrWidth=32 L1Sets=64 L1Ways=8
# L1Queue=4 SbEntries=256 SbIdle=1000 Mshrs=16 WbEntries=4 (the RTL defaults). denovo_l2 paper:
# NumSm=15 NumBanks=16 LineBytes=64 AddrWidth=32 L2Sets=256 L2Ways=16 L2Mshrs=32 L2Queue=4
# WbQueue=4. The files as tb/proto/denovo/denovo_units.c lists them (packages, primitives, unit).
denovo_l1_files="rtl/gpucoh_atom_pkg.sv rtl/denovo/denovo_pkg.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs2.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_rr_ffs.sv rtl/denovo/denovo_l1.sv"
denovo_l2_files="rtl/gpucoh_atom_pkg.sv rtl/denovo/denovo_pkg.sv rtl/prim/gpucoh_ffs2.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_rr_ffs.sv rtl/denovo/denovo_l2.sv"
points=(
  "l1_s2_sb16_b16|denovo_l1|$denovo_l1_files|L1Sets=2 SbEntries=16 LineBytes=16"
  "l2_s2_b16|denovo_l2|$denovo_l2_files|L2Sets=2 LineBytes=16"
  "l1_s4_sb16_b16|denovo_l1|$denovo_l1_files|L1Sets=4 SbEntries=16 LineBytes=16"
  "l2_s4_b16|denovo_l2|$denovo_l2_files|L2Sets=4 LineBytes=16"
  "l1_s2_sb64_b16|denovo_l1|$denovo_l1_files|L1Sets=2 SbEntries=64 LineBytes=16"
  "l1_s8_sb16_b16|denovo_l1|$denovo_l1_files|L1Sets=8 SbEntries=16 LineBytes=16"
  "l2_s8_b16|denovo_l2|$denovo_l2_files|L2Sets=8 LineBytes=16"
  "l1_s4_sb16_b16_hrf1|denovo_l1|$denovo_l1_files|L1Sets=4 SbEntries=16 LineBytes=16 Hrf=1"
  "l1_s2_sb16_b64|denovo_l1|$denovo_l1_files|L1Sets=2 SbEntries=16 LineBytes=64"
  "l2_s2_b64|denovo_l2|$denovo_l2_files|L2Sets=2 LineBytes=64"
  "l1_s4_sb16_b64|denovo_l1|$denovo_l1_files|L1Sets=4 SbEntries=16 LineBytes=64"
  "l2_s4_b64|denovo_l2|$denovo_l2_files|L2Sets=4 LineBytes=64"
  # the largest, last: 128 L1 lines and 256 L2 lines at 16 B check the fits' extrapolation
  "l2_s16_b16|denovo_l2|$denovo_l2_files|L2Sets=16 LineBytes=16"
  "l1_s16_sb16_b16|denovo_l1|$denovo_l1_files|L1Sets=16 SbEntries=16 LineBytes=16"
)

# Architectural storage, the formulas of docs/units/denovo/denovo_l1.md / denovo_l2.md section 3
# (the same as l1_storage_bits / l2_storage_bits in tb/proto/denovo/denovo_units.c), and the SRAM
# spec (the data arrays in one single-ported macro, as the units' sram_shape).
point_storage() { # top params
  local p=$2 wf lb aw la lw sets ways lines lib sbe sm mshrs q wbe
  lb=$(pget "$p" LineBytes 64); aw=$(pget "$p" AddrWidth 32)
  la=$((aw - $(clog2 "$lb"))); lw=$((lb / 4))
  case $1 in
    denovo_l1)
      wf=$(pget "$p" NumWf 48); sets=$(pget "$p" L1Sets 64); ways=$(pget "$p" L1Ways 8)
      sbe=$(pget "$p" SbEntries 256); mshrs=$(pget "$p" Mshrs 16); q=$(pget "$p" L1Queue 4)
      wbe=$(pget "$p" WbEntries 4)
      lines=$((sets * ways)); lib=$(clog2 "$lines"); ((lib > 0)) || lib=1
      local per=$(((la - $(clog2 "$sets")) + 2 * lw + 9 * lb))
      local mshr=$((2 + lib + 3 * lw + wf + 3 + 6 * lw + $(clog2 $((q + 1)))))
      local wb=$((1 + la + lw + 8 * lb))
      local sb=$((sbe * la + 2 * ($(clog2 "$sbe") + 1)))
      local bits=$((lines * per + sets * $(clog2 "$ways") + mshrs * mshr + wbe * wb + sb + 3 * wf + 2 + 16 + 1 + 4))
      echo "$bits,sram=$((lines * 8 * lb)),banks=1,ports=1" ;;
    denovo_l2)
      sm=$(pget "$p" NumSm 15); sets=$(pget "$p" L2Sets 256); ways=$(pget "$p" L2Ways 16)
      mshrs=$(pget "$p" L2Mshrs 32)
      lines=$((sets * ways))
      local per=$(((la - $(clog2 "$sets")) + 2 + 2 * lw + 1 + 8 * lb))
      local mshr=$((1 + la + $(clog2 "$ways") + sm))
      local bits=$((lines * per + sets * $(clog2 "$ways") + mshrs * mshr))
      echo "$bits,sram=$((lines * 8 * lb)),banks=1,ports=1" ;;
    *) die "no storage formula for $1" ;;
  esac
}
