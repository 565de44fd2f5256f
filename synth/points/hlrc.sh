# SPDX-License-Identifier: Apache-2.0
#
# synth/points/hlrc.sh -- the hLRC points of synth/ctrl.sh (docs/area-hlrc.md): sourced by
# synth/ctrl.sh, which defines clog2, pget and die.
#
# The paper-size hlrc_l1 (64 sets x 8 ways of 64 B lines: 512 lines, each with its 2 state bits
# I / V / R, fresh, pend, stale, a 48-bit waiting-load mask, a 64-bit dirty byte mask, 512 data
# bits and an LRU rank; a 256-entry store buffer, a 16-entry revoke queue) and hlrc_l2 bank
# (256 x 16 lines of 64 B with a registered bit and a 4-bit owner id per line, 32 MSHRs) are
# measured, as the DeNovo units are (synth/points/denovo.sh), at reduced sizes with the paper's
# ways, wavefronts, banks and SMs: fewer sets, fewer store-buffer entries, 16 B or 64 B lines.
# The MSHRs, revoke queue and FIFOs stay at the paper's values at every point, so
# docs/area-hlrc.md fits the logic area in lines and store-buffer entries only.
#
# Seven points, sized to synthesize in about 25 minutes on one core (the smallest, 90 s): the
# line slopes at the paper's 64 B lines from two sizes each (16 and 32 L1 lines; 16 and 32 L2
# lines, the bank's smallest sizes: L2Sets 1 is legal), the store-buffer slope from 16 and 64
# entries at 16 B lines (a store-buffer entry is a line address: 2 bits wider at 16 B than at
# 64 B). No point checks the fits (docs/area-hlrc.md section 9; DeNovo's page checks the same
# construction). The L1 points run hLRC (Scoped=0, the default); l1_s2_sb16_b16_scoped measures
# the first point as hLRC-scoped (Scoped=1: GPU-scope accesses as ATOMICs at the bank). hlrc_l2
# has no Scoped parameter (it serves ATOMIC in both).

# shellcheck shell=bash
# shellcheck disable=SC2034 # read by synth/ctrl.sh
fp_tag=hlrc-fp-v1
# shellcheck disable=SC2034
snap_files="rtl/gpucoh_*.sv rtl/prim/gpucoh_*.sv rtl/hlrc/hlrc_pkg.sv rtl/hlrc/hlrc_l1.sv rtl/hlrc/hlrc_l2.sv"
# shellcheck disable=SC2034
rtl_env=GPUCOH_HLRC_RTL

# ---- the points: name | top | rtl files | parameters (paper values unless given) -----------
# hlrc_l1 paper: Scoped=0 NumWf=48 NumBanks=16 LineBytes=64 AddrWidth=32 L1Sets=64 L1Ways=8
# L1Queue=4 SbEntries=256 SbIdle=1000 WtCntWidth=9 (the RTL defaults). hlrc_l2 paper: NumSm=15
# NumBanks=16 LineBytes=64 AddrWidth=32 L2Sets=256 L2Ways=16 L2Mshrs=32 L2Queue=4 SyncQueue=4
# WbQueue=4. The files as tb/proto/hlrc/hlrc_units.c lists them (packages, primitives, unit).
hlrc_l1_files="rtl/gpucoh_atom_pkg.sv rtl/hlrc/hlrc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/hlrc/hlrc_l1.sv"
hlrc_l2_files="rtl/gpucoh_atom_pkg.sv rtl/hlrc/hlrc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs2.sv rtl/prim/gpucoh_ffs.sv rtl/hlrc/hlrc_l2.sv"
points=(
  "l1_s2_sb16_b16|hlrc_l1|$hlrc_l1_files|L1Sets=2 SbEntries=16 LineBytes=16"
  "l1_s2_sb64_b16|hlrc_l1|$hlrc_l1_files|L1Sets=2 SbEntries=64 LineBytes=16"
  "l1_s2_sb16_b16_scoped|hlrc_l1|$hlrc_l1_files|L1Sets=2 SbEntries=16 LineBytes=16 Scoped=1"
  # the paper's 64 B lines, the largest last
  "l1_s2_sb16_b64|hlrc_l1|$hlrc_l1_files|L1Sets=2 SbEntries=16 LineBytes=64"
  "l1_s4_sb16_b64|hlrc_l1|$hlrc_l1_files|L1Sets=4 SbEntries=16 LineBytes=64"
  "l2_s1_b64|hlrc_l2|$hlrc_l2_files|L2Sets=1 LineBytes=64"
  "l2_s2_b64|hlrc_l2|$hlrc_l2_files|L2Sets=2 LineBytes=64"
)

# Architectural storage, the formulas of docs/units/hlrc/hlrc_l1.md / hlrc_l2.md section 3 (the
# same as l1_storage_bits / l2_storage_bits in tb/proto/hlrc/hlrc_units.c), and the SRAM spec
# (the data arrays in one single-ported macro, as the units' sram_shape).
point_storage() { # top params
  local p=$2 wf lb aw la sets ways lines iw sbe sbc nb sm sw mshrs
  lb=$(pget "$p" LineBytes 64); aw=$(pget "$p" AddrWidth 32)
  la=$((aw - $(clog2 "$lb")))
  case $1 in
    hlrc_l1)
      wf=$(pget "$p" NumWf 48); sets=$(pget "$p" L1Sets 64); ways=$(pget "$p" L1Ways 8)
      sbe=$(pget "$p" SbEntries 256); nb=$(pget "$p" NumBanks 16)
      local wt; wt=$(pget "$p" WtCntWidth 9)
      lines=$((sets * ways)); iw=1; ((lines > 1)) && iw=$(clog2 "$lines")
      sbc=$(clog2 $((sbe + 1)))
      local per=$(((la - $(clog2 "$sets")) + 5 + wf + 9 * lb + $(clog2 "$ways")))
      local sb=$((sbe * la + $(clog2 "$sbe") + sbc))
      local rvq=$((nb * (la + 2) + $(clog2 "$nb") + $(clog2 $((nb + 1)))))
      local bits=$((lines * per + sb + wt + 1 + sbc + 3 * wf + 16 + (iw + 4) + (3 + iw + la) + rvq))
      echo "$bits,sram=$((lines * 8 * lb)),banks=1,ports=1" ;;
    hlrc_l2)
      sm=$(pget "$p" NumSm 15); sets=$(pget "$p" L2Sets 256); ways=$(pget "$p" L2Ways 16)
      mshrs=$(pget "$p" L2Mshrs 32)
      sw=1; ((sm > 1)) && sw=$(clog2 "$sm")
      lines=$((sets * ways))
      local aw2; aw2=$(clog2 "$ways")
      local per=$(((la - $(clog2 "$sets")) + 3 + sw + aw2 + 8 * lb))
      local mshr=$((1 + la + aw2 + sm + lb))
      local bits=$((lines * per + mshrs * mshr + (1 + aw2 + la + sw) + 1))
      echo "$bits,sram=$((lines * 8 * lb)),banks=1,ports=1" ;;
    *) die "no storage formula for $1" ;;
  esac
}
