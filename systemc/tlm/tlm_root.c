/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tlm_root.c -- the RTL root compiled into the TLM memory system's archive (memsys.h:
 * find_rtl_root; systemc/tlm.mk): the repository for build/systemc/libgpucoh_tlm.a,
 * PREFIX/share/gpucoh for the installed one (make install). One small object, so that a new
 * PREFIX recompiles this file alone, not the SystemC code.
 */
#include "tlm_root.h"

#ifndef GPUCOH_TLM_ROOT
#define GPUCOH_TLM_ROOT ""
#endif

const char* gpucoh_tlm_compiled_root(void) {
    return GPUCOH_TLM_ROOT;
}
