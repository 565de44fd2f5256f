/* SPDX-License-Identifier: Apache-2.0 */
/*
 * platform.h -- the example virtual platform of docs/systemc.md section 4.5: one initiator
 * module per SM (sm_core), each with one initiator socket bound to the memory system's socket of
 * its SM and one SC_THREAD per wavefront, which issues that wavefront's operations with
 * b_transport; several wavefronts of an SM are in flight at once.
 *
 * The operations come from a workload of the shared system (gsys_workload_t, tb/sys/gsys.h): the
 * litmus runner's (tb/sys/litmus.c: each litmus thread, warmer, the initialiser and the observer
 * is a wavefront, so each litmus thread is an initiator thread) or the episode tester's
 * (tb/sys/episode.c). The platform's scheduler thread asks the workload for the next operation of
 * every SM's idle wavefronts once per cycle, in the middle of the cycle (edge + period / 2: after
 * the completions of the edge, never racing with the memory system's clock), and hands each one
 * to its wavefront's thread, which issues it at once (optionally after a random local-time offset
 * of up to `jitter` cycles, which the target consumes) and reports the completion back to the
 * workload with the cycle the target returned (done_cycle).
 */
#ifndef GPUCOH_TLM_PLATFORM_H
#define GPUCOH_TLM_PLATFORM_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

extern "C" {
#include "gsys.h"
#include "rng.h"
}

#include "memsys.h"

namespace gpucoh_tlm {

class platform;

class sm_core : public sc_core::sc_module {
  public:
    tlm_utils::simple_initiator_socket<sm_core> socket;
    sm_core(sc_core::sc_module_name name, uint32_t sm, uint32_t num_wf, platform& p);

  private:
    struct wave {
        sc_core::sc_event go;
        gsys_op_t op;
        bool busy = false;
        uint64_t run = 0; /* the run it was handed in */
        gpucoh_rng_t rng;
    };
    friend class platform;
    bool dispatch(gsys_workload_t* wl, uint64_t run, uint64_t c);
    void wavefront(uint32_t wf);
    uint32_t sm_;
    platform& p_;
    std::vector<wave> w_;
};

struct platform_options {
    memsys_options mem;
    uint32_t jitter = 0; /* each operation is issued after a random local-time offset of
                            0 .. jitter cycles (in steps of period / 4), consumed by the target */
};

class platform : public sc_core::sc_module {
  public:
    memsys mem;
    std::vector<std::unique_ptr<sm_core>> core;

    platform(sc_core::sc_module_name name, uint32_t num_sm, uint32_t num_wf,
             const platform_options& o);

    /* One run of a workload, called from an SC_THREAD: the memory system is configured for cfg
     * on the backend be (borrowed), every SM's wavefronts run wl until it is finished and the
     * system is drained, or the system fails, or max_cycles cycles have passed. The signature of
     * litmus_opts_t.run_system (tb/sys/litmus.h): 0 with *end and *cycles, -1 with err. */
    int run(const gsys_cfg_t* cfg, gsys_backend_t* be, gsys_workload_t* wl, uint64_t max_cycles,
            FILE* report, gsys_run_t* end, uint64_t* cycles, char* err, size_t errlen);

    uint64_t operations() const { return n_ops_; } /* completed, over every run */
    uint64_t runs() const { return n_runs_; }
    const std::string& last_failure() const { return failure_; }

  private:
    friend class sm_core;
    void scheduler();
    void wave_idle();
    void transaction_failed(const std::string& why);

    uint32_t max_sm_, max_wf_, jitter_;
    gsys_workload_t* wl_ = nullptr;
    uint64_t run_id_ = 0; /* runs started */
    bool running_ = false;
    uint32_t nsm_ = 0, nwf_ = 0;
    bool finished_ = false; /* the scheduler saw the workload finished */
    gsys_op_t op_;          /* the workload's next() writes here (all zero between calls) */
    uint64_t busy_ = 0;
    bool failed_ = false;
    std::string failure_;
    sc_core::sc_event start_ev_, change_ev_;
    uint64_t n_ops_ = 0, n_runs_ = 0;
};

} // namespace gpucoh_tlm

/* platform::run with C linkage, for litmus_opts_t.run_system and the CLI (ctx: the platform) */
extern "C" int gpucoh_tlm_platform_run(void* ctx, const gsys_cfg_t* cfg, gsys_backend_t* be,
                                       gsys_workload_t* wl, uint64_t max_cycles, FILE* report,
                                       gsys_run_t* end, uint64_t* cycles, char* err, size_t errlen);

#endif
