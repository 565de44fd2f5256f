/* SPDX-License-Identifier: Apache-2.0 */
/*
 * install_platform.cpp -- a minimal virtual platform built against an installed gpucoh-tlm
 * (make install; docs/systemc.md section 4.9), compiled by tests/systemc/run_install.sh outside
 * the repository with nothing but `pkg-config --cflags --libs gpucoh-tlm`:
 *
 *   g++ -std=c++17 install_platform.cpp $(pkg-config --cflags --libs gpucoh-tlm) -o platform
 *   ./platform [c|rtl|lockstep] [RTL_SLOTS] [VARIANT]
 *
 * Two SMs of VARIANT (default gpu-d; small configuration, sm=2), one initiator each: SM 0 stores 42
 * (relaxed) then a flag (release, GPU scope); SM 1 spins on the flag with acquire loads, then loads
 * the data. RTL_SLOTS: backend_options.rtl (the protocol's slots; for gpu-d bit 0 the L1s, bit 1
 * the L2 banks; 0 every slot). Prints "PASS install platform: ..." and exits 0, or "FAIL ..." and
 * exits 1; a configure() error is printed as is (exit 2).
 */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "memsys.h"

using namespace gpucoh_tlm;

struct cpu : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<cpu> socket;
    bool producer;
    uint32_t seen = 0, spins = 0, cycles = 0;
    bool ok = true, done = false;

    SC_HAS_PROCESS(cpu);
    cpu(sc_core::sc_module_name n, bool prod) : sc_module(n), socket("socket"), producer(prod) {
        SC_THREAD(run);
    }

    uint32_t access(tlm::tlm_command cmd, uint64_t addr, uint32_t value, order ord) {
        tlm::tlm_generic_payload gp;
        mem_ext* x = new mem_ext; /* owned by gp */
        x->wf = 0;
        x->sc = scope::gpu;
        x->ord = ord;
        gp.set_extension(x);
        gp.set_command(cmd);
        gp.set_address(addr);
        gp.set_data_ptr(reinterpret_cast<unsigned char*>(&value));
        gp.set_data_length(4);
        gp.set_streaming_width(4);
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        socket->b_transport(gp, delay);
        if (!gp.is_response_ok())
            ok = false;
        cycles += (uint32_t)x->latency;
        return value;
    }

    void run() {
        if (producer) {
            access(tlm::TLM_WRITE_COMMAND, 0x100, 42, order::plain);
            access(tlm::TLM_WRITE_COMMAND, 0x200, 1, order::release);
        } else {
            while (ok && spins < 10000 &&
                   access(tlm::TLM_READ_COMMAND, 0x200, 0, order::acquire) != 1)
                spins++;
            seen = access(tlm::TLM_READ_COMMAND, 0x100, 0, order::plain);
        }
        done = true;
    }
};

int sc_main(int argc, char** argv) {
    const char* impl = argc > 1 ? argv[1] : "c";
    backend_options b;
    if (!std::strcmp(impl, "rtl"))
        b.impl = GSYS_IMPL_RTL;
    else if (!std::strcmp(impl, "lockstep"))
        b.impl = GSYS_IMPL_LOCKSTEP;
    else if (std::strcmp(impl, "c") != 0) {
        std::fprintf(stderr, "usage: %s [c|rtl|lockstep] [RTL_SLOTS] [VARIANT]\n", argv[0]);
        return 2;
    }
    b.rtl = argc > 2 ? (uint32_t)std::strtoul(argv[2], nullptr, 0) : 0;

    const char* name = argc > 3 ? argv[3] : "gpu-d";
    uint32_t variant;
    const gsys_proto_t* P = gsys_variant_find(name, &variant);
    if (!P) {
        std::fprintf(stderr, "no protocol variant %s\n", name);
        return 2;
    }
    gsys_cfg_t cfg;
    std::memset(&cfg, 0, sizeof cfg);
    P->config(variant, /*paper=*/false, &cfg);
    char e[256];
    if (P->param_set(gsys_pd(&cfg), "sm=2", e, sizeof e) != 0) {
        std::printf("FAIL install platform: sm=2: %s\n", e);
        return 1;
    }

    memsys_options mo;
    memsys mem("mem", 2, mo);
    cpu c0("cpu0", true), c1("cpu1", false);
    c0.socket.bind(mem.socket[0]);
    c1.socket.bind(mem.socket[1]);
    std::string err;
    if (!mem.configure(cfg, b, err)) {
        std::fprintf(stderr, "%s\n", err.c_str());
        return 2;
    }
    sc_core::sc_start(sc_core::sc_time(1, sc_core::SC_MS));
    const bool pass = c0.done && c1.done && c0.ok && c1.ok && c1.seen == 42 &&
                      mem.status() == memsys::state::running;
    std::printf(
        "%s install platform: %s, impl %s, sm1 read %u after %u flag spins, %llu cycles, %llu "
        "transactions, RTL root %s\n",
        pass ? "PASS" : "FAIL", name, impl, c1.seen, c1.spins, (unsigned long long)mem.cycles(),
        (unsigned long long)mem.transactions(),
        b.impl == GSYS_IMPL_C
            ? "(not used)"
            : (std::getenv("GPUCOH_ROOT") ? std::getenv("GPUCOH_ROOT") : "(unset)"));
    if (!pass && !mem.failure().empty())
        std::printf("  %s\n", mem.failure().c_str());
    return pass ? 0 : 1;
}
