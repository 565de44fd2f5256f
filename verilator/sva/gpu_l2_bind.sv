// SPDX-License-Identifier: Apache-2.0
// gpu_l2's E3 victim scans (rr + k mod L2Ways, gpu_l2.sv rr_way): IR1 of gpucoh_idx_sva.
bind gpu_l2 gpucoh_idx_sva #(.N(L2Ways)) u_sva_rr_way (.clk_i(clk_i), .rst_ni(rst_ni), .idx_i(rr_way));
