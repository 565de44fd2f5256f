// SPDX-License-Identifier: Apache-2.0
// denovo_l2's E2 victim scans (rr + k mod L2Ways: the index pos of gpucoh_rr_ffs, instances
// u_v_way, u_d_way and u_rec_way of rules 2, 3 and 4): IR1 of gpucoh_idx_sva.
bind denovo_l2 gpucoh_idx_sva #(.N(L2Ways)) u_sva_rr_v (.clk_i(clk_i), .rst_ni(rst_ni), .idx_i(u_v_way.pos));
bind denovo_l2 gpucoh_idx_sva #(.N(L2Ways)) u_sva_rr_d (.clk_i(clk_i), .rst_ni(rst_ni), .idx_i(u_d_way.pos));
bind denovo_l2 gpucoh_idx_sva #(.N(L2Ways)) u_sva_rr_rec (.clk_i(clk_i), .rst_ni(rst_ni), .idx_i(u_rec_way.pos));
