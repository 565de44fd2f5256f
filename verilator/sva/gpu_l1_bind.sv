// SPDX-License-Identifier: Apache-2.0
// gpu_l1's L7 victim scans (rr + k mod L1Ways, gpu_l1.sv rr_way): IR1 of gpucoh_idx_sva.
bind gpu_l1 gpucoh_idx_sva #(.N(L1Ways)) u_sva_rr_way (.clk_i(clk_i), .rst_ni(rst_ni), .idx_i(rr_way));
