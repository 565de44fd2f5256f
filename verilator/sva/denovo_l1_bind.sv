// SPDX-License-Identifier: Apache-2.0
// denovo_l1's L7 victim scans (rr + k mod L1Ways: the index pos of gpucoh_rr_ffs, instances
// u_clean_way, u_owned_way and u_dirty_way of rules 2, 3 and 4): IR1 of gpucoh_idx_sva.
bind denovo_l1 gpucoh_idx_sva #(.N(L1Ways)) u_sva_rr_clean (.clk_i(clk_i), .rst_ni(rst_ni), .idx_i(u_clean_way.pos));
bind denovo_l1 gpucoh_idx_sva #(.N(L1Ways)) u_sva_rr_owned (.clk_i(clk_i), .rst_ni(rst_ni), .idx_i(u_owned_way.pos));
bind denovo_l1 gpucoh_idx_sva #(.N(L1Ways)) u_sva_rr_dirty (.clk_i(clk_i), .rst_ni(rst_ni), .idx_i(u_dirty_way.pos));
