// SPDX-License-Identifier: Apache-2.0
// gpu_l2's E3 victim scans (rr + k mod L2Ways: the index pos of gpucoh_rr_ffs, instances u_v_way
// and u_d_way): IR1 of gpucoh_idx_sva.
bind gpu_l2 gpucoh_idx_sva #(.N(L2Ways)) u_sva_rr_v (.clk_i(clk_i), .rst_ni(rst_ni), .idx_i(u_v_way.pos));
bind gpu_l2 gpucoh_idx_sva #(.N(L2Ways)) u_sva_rr_d (.clk_i(clk_i), .rst_ni(rst_ni), .idx_i(u_d_way.pos));
