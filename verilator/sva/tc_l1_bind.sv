// SPDX-License-Identifier: Apache-2.0
// tc_l1's L6 victim scan (rr + k mod L1Ways: the index pos of gpucoh_rr_ffs, instance u_rr_v):
// IR1 of gpucoh_idx_sva.
bind tc_l1 gpucoh_idx_sva #(.N(L1Ways)) u_sva_rr_v (.clk_i(clk_i), .rst_ni(rst_ni), .idx_i(u_rr_v.pos));
