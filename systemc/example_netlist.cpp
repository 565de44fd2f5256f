// SPDX-License-Identifier: Apache-2.0
//
// example_netlist.cpp -- the two pin-level flavours of sig_bloom in a netlist of one's own, as
// docs/systemc.md section 1 describes (built and run by tests/systemc/run_pin.sh with the
// commands given there). Reset, INSERT a, TEST a, TEST b: both flavours must answer member = 1
// for a, and the same for b. Exit status 0 when they agree and a is a member.
#include "sig_bloom_sc_c.h"   // systemc/sig/: the C model behind the pins
#include "sig_bloom_sc_rtl.h" // the build directory: the Verilated RTL

#include <cstdio>

using gpucoh_sc::pin_t;
namespace P = sig_bloom_sc_p;

int sc_main(int, char**) {
    sc_clock clk("clk", 2, SC_NS, 0.5, 1, SC_NS, true); // rising edges at 1, 3, 5, ... ns
    sc_signal<bool> rst_n("rst_n");
    sc_signal<pin_t<3>> op("op");
    sc_signal<pin_t<P::AW>> addr("addr");
    sc_signal<pin_t<P::CIW>> chunk_idx("chunk_idx");
    sc_signal<pin_t<P::C>> chunk_in("chunk_in");
    sc_signal<bool> valid[2], member[2], thresh[2];
    sc_signal<pin_t<P::C>> chunk_out[2];
    sc_signal<pin_t<P::CW>> count[2];

    sig_bloom_sc_c c("c");
    sig_bloom_sc_rtl rtl("rtl");
    c.clk_i(clk), c.rst_ni(rst_n), c.op_i(op), c.addr_i(addr), c.chunk_idx_i(chunk_idx);
    c.chunk_data_i(chunk_in), c.resp_valid_o(valid[0]), c.member_o(member[0]);
    c.chunk_data_o(chunk_out[0]), c.count_o(count[0]), c.thresh_o(thresh[0]);
    rtl.clk_i(clk), rtl.rst_ni(rst_n), rtl.op_i(op), rtl.addr_i(addr), rtl.chunk_idx_i(chunk_idx);
    rtl.chunk_data_i(chunk_in), rtl.resp_valid_o(valid[1]), rtl.member_o(member[1]);
    rtl.chunk_data_o(chunk_out[1]), rtl.count_o(count[1]), rtl.thresh_o(thresh[1]);

    // ops of sig_bloom.md section 2: 0 NOP, 1 INSERT, 2 TEST; a cycle is 2 ns, inputs at 2c
    const struct {
        bool rst_n;
        unsigned op;
        unsigned addr;
    } cyc[] = {{false, 0, 0},     {false, 0, 0},     {true, 1, 0x1280},
               {true, 2, 0x1280}, {true, 2, 0x7f00}, {true, 0, 0}};
    bool ok = true;
    bool member_a = false;
    for (unsigned i = 0; i < sizeof cyc / sizeof cyc[0]; i++) {
        rst_n.write(cyc[i].rst_n);
        op.write(cyc[i].op);
        addr.write(cyc[i].addr);
        sc_start(2, SC_NS); // the rising edge of cycle i, then up to the next cycle's inputs
        ok = ok && valid[0].read() == valid[1].read() && member[0].read() == member[1].read() &&
             count[0].read() == count[1].read();
        if (i == 3) // the TEST of cycle 3 answers after its edge
            member_a = member[0].read() && valid[0].read();
        std::printf("cycle %u: resp_valid %d/%d member %d/%d count %u/%u (C/RTL)\n", i,
                    valid[0].read(), valid[1].read(), member[0].read(), member[1].read(),
                    static_cast<unsigned>(count[0].read()), static_cast<unsigned>(count[1].read()));
    }
    rtl.final();
    std::printf("%s\n", ok && member_a ? "example: both flavours agree" : "example: MISMATCH");
    return ok && member_a ? 0 : 1;
}
