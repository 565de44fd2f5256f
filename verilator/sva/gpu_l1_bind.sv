// SPDX-License-Identifier: Apache-2.0
// gpu_l1's L7 victim scans (rr + k mod L1Ways: the index pos of gpucoh_rr_ffs, instances u_clean
// and u_nopend): IR1 of gpucoh_idx_sva.
bind gpu_l1 gpucoh_idx_sva #(.N(L1Ways)) u_sva_rr_clean (.clk_i(clk_i), .rst_ni(rst_ni), .idx_i(u_clean.pos));
bind gpu_l1 gpucoh_idx_sva #(.N(L1Ways)) u_sva_rr_nopend (.clk_i(clk_i), .rst_ni(rst_ni), .idx_i(u_nopend.pos));
