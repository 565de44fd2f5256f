// SPDX-License-Identifier: Apache-2.0
//
// gpucoh_vl_printf.h -- force-included (g++ -include) into every Verilated model, the Verilator
// runtime and the shim by tools/build_rtl.sh, with -DVL_PRINTF=gpucoh_vl_printf: Verilator's
// messages (failed assertions among them) reach the shim's filter (verilator/shim_common.h).
#ifndef GPUCOH_VL_PRINTF_H
#define GPUCOH_VL_PRINTF_H
#ifdef __cplusplus
extern "C" int gpucoh_vl_printf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
#endif
#endif
