/* SPDX-License-Identifier: Apache-2.0 */
/* tlm_root.h -- the RTL root compiled into the library (tlm_root.c; "" if none). */
#ifndef GPUCOH_TLM_ROOT_H
#define GPUCOH_TLM_ROOT_H

#ifdef __cplusplus
extern "C" {
#endif

const char* gpucoh_tlm_compiled_root(void);

#ifdef __cplusplus
}
#endif

#endif
