// SPDX-License-Identifier: Apache-2.0
//
// tc_gwct_sc_c.h -- the C model of tc_gwct (cmodel/tc_gwct.[ch]) as a pin-level SystemC module,
// tc_gwct_sc_c, with the ports of the Verilated RTL (tc_gwct_sc_rtl.h, same build directory):
// docs/units/tc_gwct.md section 2 and the TC-Weak-C ports of section 8. Parameters:
// tc_gwct_sc_params.h.
//
// One port is not a register: the read port rd_gwct_o = gwct_q[rd_wf_i], combinational (section
// 8). It is not in the C port structs (tc_gwct_read() is its C side); this module evaluates it
// whenever rd_wf_i changes and after every rising edge.
#ifndef GPUCOH_TC_GWCT_SC_C_H
#define GPUCOH_TC_GWCT_SC_C_H

#include "gpucoh_sc.h"
#include "tc_gwct_sc_params.h"

extern "C" {
#include "tc_gwct.h"
}

namespace tc_gwct_sc_p {
constexpr uint64_t TS = TsWidth;
} // namespace tc_gwct_sc_p

// port, width, field of tc_gwct_in_t / tc_gwct_out_t (s)
#define GPUCOH_SC_PINS_tc_gwct(IN, OUT)                                                            \
    IN(rst_ni, 1, s.rst_n)                                                                         \
    IN(now_i, tc_gwct_sc_p::TS, s.t.now)                                                           \
    IN(era_i, 1, s.t.era)                                                                          \
    IN(roll_i, 1, s.t.roll)                                                                        \
    IN(iss_valid_i, 1, s.iss_valid)                                                                \
    IN(iss_wf_i, 6, s.iss_wf)                                                                      \
    IN(ack_valid_i, 1, s.ack_valid)                                                                \
    IN(ack_wf_i, 6, s.ack_wf)                                                                      \
    IN(ack_global_i, 1, s.ack_global)                                                              \
    IN(ack_gwct_i, tc_gwct_sc_p::TS, s.ack_gwct)                                                   \
    IN(ack_era_i, 1, s.ack_era)                                                                    \
    IN(obl_valid_i, 1, s.obl_valid)                                                                \
    IN(obl_mask_i, tc_gwct_sc_p::NumWf, s.obl_mask)                                                \
    IN(obl_ts_i, tc_gwct_sc_p::TS, s.obl_ts)                                                       \
    OUT(fence_ready_o, tc_gwct_sc_p::NumWf, s.fence_ready)                                         \
    OUT(wr_idle_o, tc_gwct_sc_p::NumWf, s.wr_idle)                                                 \
    OUT(full_o, tc_gwct_sc_p::NumWf, s.full)

// the combinational read port: port, width (no C struct field; the lockstep drives rd_wf_i with
// the cycle number mod 64, every entry and the ones >= NumWf in turn)
#define GPUCOH_SC_COMB_tc_gwct(IN, OUT)                                                            \
    IN(rd_wf_i, 6)                                                                                 \
    OUT(rd_gwct_o, tc_gwct_sc_p::TS)

inline tc_gwct_desc_t tc_gwct_sc_desc() {
    namespace P = tc_gwct_sc_p;
    tc_gwct_desc_t d{};
    d.num_wf = static_cast<uint32_t>(P::NumWf);
    d.ts_width = static_cast<uint32_t>(P::TsWidth);
    d.wf_cnt_width = static_cast<uint32_t>(P::WfCntWidth);
    d.obl_port = 1u; // the RTL's default OblPort
    return d;
}

struct tc_gwct_sc_model
    : gpucoh_sc::sized_model<tc_gwct_t, tc_gwct_desc_t, tc_gwct_in_t, tc_gwct_out_t, tc_gwct_size,
                             tc_gwct_init, tc_gwct_tick> {
    explicit tc_gwct_sc_model(const char* who) : sized_model(who, tc_gwct_sc_desc()) {}
};

#define GPUCOH_SC_DECL_CIN(port, w)  ::sc_core::sc_in<::gpucoh_sc::pin_t<GPUCOH_SC_W(w)>> port;
#define GPUCOH_SC_DECL_COUT(port, w) ::sc_core::sc_out<::gpucoh_sc::pin_t<GPUCOH_SC_W(w)>> port;
#define GPUCOH_SC_INIT2(port, w)     , port(#port)

class tc_gwct_sc_c : public ::sc_core::sc_module {
  public:
    // clang-format off
    ::sc_core::sc_in<bool> clk_i;
    GPUCOH_SC_PINS_tc_gwct(GPUCOH_SC_DECL_IN, GPUCOH_SC_DECL_OUT)
    GPUCOH_SC_COMB_tc_gwct(GPUCOH_SC_DECL_CIN, GPUCOH_SC_DECL_COUT)
    SC_HAS_PROCESS(tc_gwct_sc_c);
    explicit tc_gwct_sc_c(::sc_core::sc_module_name nm)
        : ::sc_core::sc_module(nm), clk_i("clk_i")
          GPUCOH_SC_PINS_tc_gwct(GPUCOH_SC_INIT, GPUCOH_SC_INIT)
          GPUCOH_SC_COMB_tc_gwct(GPUCOH_SC_INIT2, GPUCOH_SC_INIT2),
          model_(name()) {
        // clang-format on
        SC_METHOD(edge);
        sensitive << clk_i.pos();
        dont_initialize();
        SC_METHOD(read);
        sensitive << rd_wf_i << edge_done_;
    }
    tc_gwct_sc_model& model() { return model_; }

  private:
    void edge() {
        tc_gwct_in_t in_s;
        tc_gwct_out_t out_s;
        std::memset(&in_s, 0, sizeof in_s);
        std::memset(&out_s, 0, sizeof out_s);
        {
            auto& s = in_s;
            GPUCOH_SC_PINS_tc_gwct(GPUCOH_SC_READ, GPUCOH_SC_NONE)
        }
        model_.tick(in_s, out_s);
        {
            const auto& s = out_s;
            GPUCOH_SC_PINS_tc_gwct(GPUCOH_SC_NONE, GPUCOH_SC_WRITE)
        }
        edge_done_.notify(::sc_core::SC_ZERO_TIME);
    }
    // rd_gwct_o: gwct_q[rd_wf_i] of the state after the last edge
    void read() {
        uint32_t wf = 0;
        ::gpucoh_sc::pin_to_field<6>(rd_wf_i.read(), wf);
        const uint32_t w[2] = {tc_gwct_read(model_.c(), wf), 0};
        rd_gwct_o.write(::gpucoh_sc::pin_make<GPUCOH_SC_W(tc_gwct_sc_p::TS)>(w, true));
    }
    ::sc_core::sc_event edge_done_;
    tc_gwct_sc_model model_;
};

#endif
