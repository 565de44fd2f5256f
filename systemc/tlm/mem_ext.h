/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mem_ext.h -- the TLM-2.0 extension a core's memory operation carries to the gpucoh memory
 * system (gpucoh_tlm::memsys, memsys.h; docs/systemc.md section 4.3).
 *
 * A transaction is one 32-bit word (address 4-byte aligned, data length 4, no byte-enable mask
 * other than "all four bytes") or a fence:
 *
 *   command              atomic        order                       system operation (gsys.h)
 *   TLM_READ_COMMAND     none          plain                       LOAD
 *   TLM_READ_COMMAND     none          acquire                     ACQUIRE (load, scope)
 *   TLM_WRITE_COMMAND    none          plain                       STORE
 *   TLM_WRITE_COMMAND    none          release                     RELEASE (fence of the scope,
 *                                                                  then the store)
 *   TLM_READ_COMMAND     add/exch/cas  plain/acquire/release/      ATOMIC (the old value is
 *                                      acq_rel                     read into the data array)
 *   TLM_IGNORE_COMMAND   none          any (sc = SC fence;         FENCE of the scope
 *                                      anything else the
 *                                      acquire-release fence)
 *
 * Any other combination is refused with TLM_COMMAND_ERROR_RESPONSE. A transaction without the
 * extension is a plain load / store of wavefront 0 at GPU scope (a TLM_IGNORE_COMMAND without it
 * does nothing and completes at once).
 *
 * The data array holds the word in host byte order (memcpy of a uint32_t; on the little-endian
 * hosts this project runs on, byte b of the array is byte b of the word, as in the system, C5).
 */
#ifndef GPUCOH_TLM_MEM_EXT_H
#define GPUCOH_TLM_MEM_EXT_H

#include <cstdint>

#include <tlm>

namespace gpucoh_tlm {

/* the values are the system's (gsys_scope_t, gsys_order_t, gsys_aop_t + 1) */
/* rm: the remote scope of GPU-RSP (docs/units/gpu/rsp.md section 7); a variant that does not
 * declare it performs it at GPU scope (gsys) */
enum class scope : uint8_t { cta = 0, gpu = 1, rm = 2 };
enum class order : uint8_t { plain = 0, acquire = 1, release = 2, acq_rel = 3, sc = 4 };
enum class atomic : uint8_t { none = 0, add = 1, exch = 2, cas = 3 };

struct mem_ext : tlm::tlm_extension<mem_ext> {
    /* ---- set by the initiator ---- */
    uint32_t wf = 0;          /* the wavefront of the socket's SM, 0 .. NumWf-1; operations of one
                                 wavefront are performed one at a time, in the order they reach
                                 the target (a second one waits for the first to complete) */
    scope sc = scope::gpu;    /* ACQUIRE, RELEASE, ATOMIC, FENCE (plain accesses: passed on, the
                                 protocols ignore it) */
    order ord = order::plain; /* the memory order (table above) */
    atomic aop = atomic::none;
    uint32_t operand = 0; /* add: the addend; exch: the new value; cas: the compare value */
    uint32_t swap = 0;    /* cas: the value written when the old value equals operand */

    /* ---- set by the target on a successful response ---- */
    uint32_t value = 0;       /* the word loaded, the atomic's old value (also in the data
                                 array); 0 for a store or a fence */
    uint64_t issue_cycle = 0; /* the system cycle in which the operation was first offered to its
                                 wavefront: the first clock edge after the initiator's local time
                                 (with quantum > 1: or the first edge the system had not simulated
                                 yet, docs/systemc.md section 4.4) */
    uint64_t start_cycle = 0; /* the cycle the wavefront took it (later than issue_cycle when an
                                 earlier operation of the same wavefront was still in flight) */
    uint64_t done_cycle = 0;  /* the cycle the system completed it: a load's / atomic's response
                                 reached the core, a fence's condition held, a store was taken by
                                 the L1 (stores complete at issue: the write-through is on its
                                 way; a later fence waits for it) */
    uint64_t latency = 0;     /* done_cycle - issue_cycle */
    uint64_t config = 0;      /* how many times the target was configured (memsys::configure):
                                 which system performed it */

    tlm::tlm_extension_base* clone() const override { return new mem_ext(*this); }
    void copy_from(const tlm::tlm_extension_base& e) override {
        *this = static_cast<const mem_ext&>(e);
    }
};

} // namespace gpucoh_tlm

#endif
