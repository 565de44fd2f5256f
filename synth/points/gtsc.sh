# SPDX-License-Identifier: Apache-2.0
#
# synth/points/gtsc.sh -- the G-TSC points of synth/ctrl.sh (docs/area-gtsc.md): sourced by
# synth/ctrl.sh, which defines clog2, pget and die.
#
# The thesis-size gtsc_l1 (Table 3.3: 32 sets x 4 ways of 128 B lines: 128 lines, each with a tag,
# 2 state bits, the 16-bit lease wts / rts and 1,024 data bits; the 48-warp table warp_ts /
# wcnt / spin_q; 32 MSHRs) and gtsc_l2 bank (128 x 8 lines of 128 B with wts / rts, 32 MSHRs
# holding a line of store data each, mem_ts) are measured, as the hLRC and DeNovo units are
# (synth/points/hlrc.sh), at reduced sizes with the thesis's other parameters: its ways, warps,
# MSHRs, 128 B lines, TsWidth 16, EpWidth 4, SpinHits 16, 16 SMs and 8 banks; only the sets are
# fewer. The MSHRs, the warp table and the FIFOs stay at the thesis's values at every point, so
# docs/area-gtsc.md fits the logic area in lines only.
#
# Seven points: gtsc_ovf (8 banks, the whole unit), gtsc_l1 at 1 and 2 sets (4 and 8 lines),
# gtsc_l2 at 1 and 2 sets (8 and 16 lines), the smallest of each unit first; then gtsc_l1 and
# gtsc_l2 at 4 sets (16 and 32 lines), which check the fits (docs/area-gtsc.md section 4). All
# run G-TSC (Sc=0, the RTL default; the bank has no Sc).

# shellcheck shell=bash
# shellcheck disable=SC2034 # read by synth/ctrl.sh
fp_tag=gtsc-fp-v1
# shellcheck disable=SC2034
snap_files="rtl/gpucoh_*.sv rtl/prim/gpucoh_*.sv rtl/gtsc/gtsc_pkg.sv rtl/gtsc/gtsc_l1.sv rtl/gtsc/gtsc_l2.sv rtl/gtsc/gtsc_ovf.sv"
# shellcheck disable=SC2034
rtl_env=GPUCOH_GTSC_RTL
# Yosys's SAT-based resource sharing (the `share` pass of `synth`) is left out for this family:
# on gtsc_l1 at 4 lines (the 48 warps' warp_ts / wcnt adders, 353 $alu cells) it grew past
# 20 GB in 387 s on 2026-11-30 and was stopped; every G-TSC point is synthesized with
# `synth -noshare` (synth/synth.sh's GPUCOH_SYNTH_OPTS, part of every point's fingerprint and
# recorded as synth_opts in its result). docs/area-gtsc.md section 8 gives what it costs.
export GPUCOH_SYNTH_OPTS=-noshare

# ---- the points: name | top | rtl files | parameters (thesis values unless given) ----------
# gtsc_l1 thesis: Sc=0 NumWf=48 LineBytes=128 AddrWidth=32 L1Sets=32 L1Ways=4 L1Mshrs=32
# L1Queue=4 WfCntWidth=6 TsWidth=16 EpWidth=4 SpinHits=16 (the RTL defaults). gtsc_l2 thesis:
# NumSm=16 NumBanks=8 LineBytes=128 AddrWidth=32 L2Sets=128 L2Ways=8 L2Mshrs=32 L2Queue=4
# TsWidth=16 EpWidth=4. gtsc_ovf: NumBanks=8. The files as tb/proto/gtsc/gtsc_units.c lists them
# (packages, primitives, unit).
gtsc_l1_files="rtl/gpucoh_atom_pkg.sv rtl/gtsc/gtsc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_rr_ffs.sv rtl/prim/gpucoh_bytemerge.sv rtl/gtsc/gtsc_l1.sv"
gtsc_l2_files="rtl/gpucoh_atom_pkg.sv rtl/gtsc/gtsc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_rr_ffs.sv rtl/prim/gpucoh_bytemerge.sv rtl/gtsc/gtsc_l2.sv"
points=(
  "ovf_b8|gtsc_ovf|rtl/gtsc/gtsc_ovf.sv|NumBanks=8"
  "l1_s1|gtsc_l1|$gtsc_l1_files|L1Sets=1"
  "l2_s1|gtsc_l2|$gtsc_l2_files|L2Sets=1"
  "l1_s2|gtsc_l1|$gtsc_l1_files|L1Sets=2"
  "l2_s2|gtsc_l2|$gtsc_l2_files|L2Sets=2"
  # the checks of the fits: 16 L1 lines and 32 bank lines, twice the larger fitted point
  "l1_s4|gtsc_l1|$gtsc_l1_files|L1Sets=4"
  "l2_s4|gtsc_l2|$gtsc_l2_files|L2Sets=4"
)

# Architectural storage, the formulas of docs/units/gtsc/gtsc.md, gtsc_l1.md and gtsc_l2.md
# section 12 (the same as l1_storage_bits / l2_storage_bits / ovf_storage_bits in
# tb/proto/gtsc/gtsc_units.c), and the SRAM spec (the data arrays in one single-ported macro, as
# the units' sram_shape).
point_storage() { # top params
  local p=$2 lb aw la ts ep sets ways lines ww mshrs
  lb=$(pget "$p" LineBytes 128); aw=$(pget "$p" AddrWidth 32)
  ts=$(pget "$p" TsWidth 16); ep=$(pget "$p" EpWidth 4)
  la=$((aw - $(clog2 "$lb")))
  case $1 in
    gtsc_l1)
      local wf cw sh sw
      wf=$(pget "$p" NumWf 48); sets=$(pget "$p" L1Sets 32); ways=$(pget "$p" L1Ways 4)
      mshrs=$(pget "$p" L1Mshrs 32); cw=$(pget "$p" WfCntWidth 6); sh=$(pget "$p" SpinHits 16)
      lines=$((sets * ways)); ww=1; ((ways > 1)) && ww=$(clog2 "$ways")
      sw=$(clog2 $((sh + 1)))
      local per=$(((la - $(clog2 "$sets")) + 2 + 2 * ts + 8 * lb))
      local mshr=$((1 + 2 + la + 1 + ww + wf + 6 + 1))
      local bits=$((lines * per + ep + wf * (ts + cw + sw) + sets * ww + mshrs * mshr))
      echo "$bits,sram=$((lines * 8 * lb)),banks=1,ports=1" ;;
    gtsc_l2)
      local nb
      nb=$(pget "$p" NumBanks 8); sets=$(pget "$p" L2Sets 128); ways=$(pget "$p" L2Ways 8)
      mshrs=$(pget "$p" L2Mshrs 32)
      lines=$((sets * ways)); ww=1; ((ways > 1)) && ww=$(clog2 "$ways")
      local per=$(((la - $(clog2 "$nb") - $(clog2 "$sets")) + 2 + 2 * ts + 8 * lb))
      local mshr=$((2 + la + ww + 2 + 6 + 6 + 2 * ts + ep + 9 * lb + 2 + 5 + 64))
      local bits=$((lines * per + mshrs * mshr + ts + ep + 1 + sets * ww))
      echo "$bits,sram=$((lines * 8 * lb)),banks=1,ports=1" ;;
    gtsc_ovf) echo 33 ;;
    *) die "no storage formula for $1" ;;
  esac
}
