// SPDX-License-Identifier: Apache-2.0
//
// tc_gwct_sc_c.h -- the C model of tc_gwct (cmodel/tc_gwct.[ch]) as a pin-level SystemC module,
// tc_gwct_sc_c, with the ports of the Verilated RTL (tc_gwct_sc_rtl.h, same build directory):
// docs/units/tc/tc_gwct.md section 2 and the TC-Weak-C ports of section 8. Parameters:
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
#include "tc_gwct_ports.h"
}

// the pins: the port table (cmodel/tc/tc_gwct_ports.h), widths at this build's parameter set
#define TC_GWCT_SC_P(name)        tc_gwct_sc_p::name
#define GPUCOH_SC_PINS_tc_gwct(X) TC_GWCT_PORTS(X, TC_GWCT_SC_P)

namespace tc_gwct_sc_p {
// the timestamp width, for a netlist of one's own
constexpr uint64_t TS = TsWidth;
} // namespace tc_gwct_sc_p

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

class tc_gwct_sc_c : public ::sc_core::sc_module {
  public:
    // clang-format off
    ::sc_core::sc_in<bool> clk_i;
    GPUCOH_SC_PINS_tc_gwct(GPUCOH_SC_DECL) // with the read port rd_wf_i / rd_gwct_o (no C field)
    SC_HAS_PROCESS(tc_gwct_sc_c);
    explicit tc_gwct_sc_c(::sc_core::sc_module_name nm)
        : ::sc_core::sc_module(nm), clk_i("clk_i")
          GPUCOH_SC_PINS_tc_gwct(GPUCOH_SC_INIT),
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
            GPUCOH_SC_PINS_tc_gwct(GPUCOH_SC_READ)
        }
        model_.tick(in_s, out_s);
        {
            const auto& s = out_s;
            GPUCOH_SC_PINS_tc_gwct(GPUCOH_SC_WRITE)
        }
        edge_done_.notify(::sc_core::SC_ZERO_TIME);
    }
    // rd_gwct_o: gwct_q[rd_wf_i] of the state after the last edge
    void read() {
        uint32_t wf = 0;
        ::gpucoh_sc::pin_to_field<6>(rd_wf_i.read(), wf);
        const uint32_t w[2] = {tc_gwct_read(model_.c(), wf), 0};
        rd_gwct_o.write(::gpucoh_sc::pin_make<GPUCOH_SC_W(tc_gwct_sc_p::TsWidth)>(w, true));
    }
    ::sc_core::sc_event edge_done_;
    tc_gwct_sc_model model_;
};

#endif
