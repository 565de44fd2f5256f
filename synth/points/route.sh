# SPDX-License-Identifier: Apache-2.0
#
# synth/points/route.sh -- the points of synth/route.sh (sourced by it): one small parameter set per
# unit, name | top | rtl files | parameters. A point's fingerprint covers its files and parameters,
# not this table, so adding or changing another point leaves a result fresh.

# shellcheck shell=bash
# shellcheck disable=SC2034 # read by synth/route.sh
tc_l1_f="rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_rr_ffs.sv rtl/tc/tc_gwct.sv rtl/tc/tc_l1.sv"
tc_l2_f="rtl/gpucoh_atom_pkg.sv rtl/tc/tc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_ffs2.sv rtl/tc/tc_l2.sv"
gpu_l1_f="rtl/gpucoh_atom_pkg.sv rtl/gpu/gpu_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_rr_ffs.sv rtl/gpu/gpu_l1.sv"
gpu_l2_f="rtl/gpucoh_atom_pkg.sv rtl/gpu/gpu_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_bytemerge.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs2.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_rr_ffs.sv rtl/gpu/gpu_l2.sv"
dn_l1_f="rtl/gpucoh_atom_pkg.sv rtl/denovo/denovo_pkg.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs2.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_rr_ffs.sv rtl/denovo/denovo_l1.sv"
dn_l2_f="rtl/gpucoh_atom_pkg.sv rtl/denovo/denovo_pkg.sv rtl/prim/gpucoh_ffs2.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_rr_ffs.sv rtl/denovo/denovo_l2.sv"
hl_l1_f="rtl/gpucoh_atom_pkg.sv rtl/hlrc/hlrc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/hlrc/hlrc_l1.sv"
hl_l2_f="rtl/gpucoh_atom_pkg.sv rtl/hlrc/hlrc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs2.sv rtl/prim/gpucoh_ffs.sv rtl/hlrc/hlrc_l2.sv"
gt_l1_f="rtl/gpucoh_atom_pkg.sv rtl/gtsc/gtsc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_rr_ffs.sv rtl/prim/gpucoh_bytemerge.sv rtl/gtsc/gtsc_l1.sv"
gt_l2_f="rtl/gpucoh_atom_pkg.sv rtl/gtsc/gtsc_pkg.sv rtl/prim/gpucoh_fifo.sv rtl/prim/gpucoh_amo.sv rtl/prim/gpucoh_ffs.sv rtl/prim/gpucoh_rr_ffs.sv rtl/prim/gpucoh_bytemerge.sv rtl/gtsc/gtsc_l2.sv"
sig_f="rtl/sig/sig_hash.sv rtl/sig/sig_store.sv"
# Controllers: one set of two ways (one way where the unit has no replacement to exercise would
# hide the victim choice), two wavefronts / SMs / MSHRs / store-buffer entries, one-entry queues,
# 16 B lines and 16-bit addresses: every structure of the unit is there, each at its smallest,
# so that qrouter finishes in minutes (the smallest area points of synth/points/<family>.sh have
# tens to hundreds of thousands of cells, beyond it).
small="LineBytes=16 AddrWidth=16"
points=(
  "tc_timer_ts32|tc_timer|rtl/tc/tc_timer.sv|TsWidth=32"
  "gtsc_ovf_b8|gtsc_ovf|rtl/gtsc/gtsc_ovf.sv|NumBanks=8"
  "sig_bloom_m256_k4|sig_bloom|rtl/sig/sig_bloom.sv|SigBits=256 NumHashes=4 Parallel=1 HashKind=0 GranBytes=128 AddrWidth=32 ChunkWidth=64 Threshold=32"
  "avu_m256_c32_l8|avu|$sig_f rtl/sig/avu.sv|SigBits=256 NumHashes=6 ChunkWidth=32 NumLines=8 SpecDepth=2"
  "rdu_m256_n2_c32|rdu|$sig_f rtl/sig/rdu.sv|NumSm=2 SigBits=256 NumHashes=6 ChunkWidth=32 QueueDepth=2 GranBytes=128"
  "tc_gwct_wf8_ts16|tc_gwct|rtl/tc/tc_gwct.sv|NumWf=8 TsWidth=16 WfCntWidth=6"
  "tc_l1_tiny|tc_l1|$tc_l1_f|L1Sets=1 L1Ways=2 NumWf=2 L1Queue=1 TsWidth=16 $small"
  "hlrc_l1_tiny|hlrc_l1|$hl_l1_f|L1Sets=1 L1Ways=2 NumWf=2 SbEntries=2 L1Queue=1 $small"
  "gpu_l1_tiny|gpu_l1|$gpu_l1_f|L1Sets=1 L1Ways=2 NumWf=2 NumSm=2 SbEntries=2 L1Queue=1 $small"
  "denovo_l1_tiny|denovo_l1|$dn_l1_f|L1Sets=1 L1Ways=2 NumWf=2 NumSm=2 SbEntries=2 L1Queue=1 Mshrs=2 WbEntries=1 $small"
  "gtsc_l1_tiny|gtsc_l1|$gt_l1_f|L1Sets=1 L1Ways=2 NumWf=2 L1Mshrs=2 L1Queue=1 $small"
  "tc_l2_tiny|tc_l2|$tc_l2_f|L2Sets=1 L2Ways=2 L2Mshrs=2 NumSm=2 L2Queue=1 TsWidth=16 PredMax=65534 $small"
  "gpu_l2_tiny|gpu_l2|$gpu_l2_f|L2Sets=1 L2Ways=2 L2Mshrs=2 NumSm=2 L2Queue=1 $small"
  "denovo_l2_tiny|denovo_l2|$dn_l2_f|L2Sets=1 L2Ways=2 L2Mshrs=2 NumSm=2 L2Queue=1 WbQueue=1 $small"
  "hlrc_l2_tiny|hlrc_l2|$hl_l2_f|L2Sets=1 L2Ways=2 L2Mshrs=2 NumSm=2 L2Queue=1 SyncQueue=1 WbQueue=1 $small"
  "gtsc_l2_tiny|gtsc_l2|$gt_l2_f|L2Sets=1 L2Ways=2 L2Mshrs=2 NumSm=2 L2Queue=1 $small"
)
# Initial cell density of graywolf per point, for synth/route_all.sh (make route): route.sh's
# default, 0.6, for a point not named. At 0.6 the controllers' L1s and the rdu leave qrouter with
# one to three nets it cannot finish within route.sh's 1800 s (rdu_m256_n2_c32 and hlrc_l1_tiny,
# 2026-12-03; tc_l1_tiny before): they are placed at 0.4, more room between the rows for the wires.
declare -A route_density=(
  [rdu_m256_n2_c32]=0.4
  [tc_l1_tiny]=0.4
  [hlrc_l1_tiny]=0.4
  [gpu_l1_tiny]=0.4
  [denovo_l1_tiny]=0.4
  [gtsc_l1_tiny]=0.4
)
# Seconds each qflow step of a point may take (GPUCOH_ROUTE_TIMEOUT for route.sh), for
# synth/route_all.sh: route.sh's default, 1800, for a point not named. Not in any fingerprint (a
# limit on the run, not an input of the result). rdu_m256_n2_c32 at 0.4 reached one net left in
# qrouter's first stage and was ripping up in its second when 1800 s ran out (2026-12-03): it gets
# two hours. The other L1 controllers, whose first try at 0.6 failed the same way, get one.
declare -A route_timeout=(
  [rdu_m256_n2_c32]=7200
  [hlrc_l1_tiny]=3600
  [gpu_l1_tiny]=3600
  [denovo_l1_tiny]=3600
  [gtsc_l1_tiny]=3600
)
