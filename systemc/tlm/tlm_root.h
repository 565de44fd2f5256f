/* SPDX-License-Identifier: Apache-2.0 */
/* tlm_root.h -- the RTL root compiled into the library (tlm_root.c; "" if none). */
#ifndef GPUCOH_TLM_ROOT_H
#define GPUCOH_TLM_ROOT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

const char* gpucoh_tlm_compiled_root(void);

/* gpucoh_tlm::find_rtl_root for C (memsys.cpp; the gpucoh_tlm command line's RTL backends):
 * 0, or -1 with the message (naming GPUCOH_ROOT and every path tried) in err. */
int gpucoh_tlm_find_rtl_root(const char* rtl_dir, char* err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
