// SPDX-License-Identifier: Apache-2.0
//
// gpucoh_sc_rt.cpp -- the one piece of the Verilator runtime the SystemC builds supply
// themselves: the runtime is compiled with VL_USER_STOP (as for the dlopen shims,
// verilator/shim_common.h), so a failed RTL assertion or $stop counts here instead of ending
// the simulation. Linked once per program (build/systemc/runtime-*/libgpucoh_sc_rt.a).
#include "verilated.h"

#include <cstdint>

extern "C" uint64_t gpucoh_sc_rtl_errors(void);

static uint64_t g_stops = 0;

uint64_t gpucoh_sc_rtl_errors(void) {
    return g_stops;
}

void vl_stop(const char* filename, int linenum, const char* hier) {
    (void)hier;
    ++g_stops;
    VL_PRINTF("%%Error: %s:%d: RTL $stop / assertion failure (the SystemC lockstep reports it as "
              "a mismatch unless the stimulus presented an illegal input on purpose)\n",
              filename, linenum);
}
