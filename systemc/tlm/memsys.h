/* SPDX-License-Identifier: Apache-2.0 */
/*
 * memsys.h -- the gpucoh memory system as a SystemC TLM-2.0 target (issue 14; the user's page is
 * docs/systemc.md section 4).
 *
 * One target socket per SM. Behind them the shared system of tb/sys/gsys.h (any registered
 * protocol variant: tc-weak, tc-strong, tc-weak-c, gpu-d, gpu-h, gpu-rsp, denovo-d, denovo-d-ro,
 * denovo-h, hlrc, hlrc-scoped), ticked through a backend: the C models, the RTL alone, or the RTL in
 * lockstep with the C models (tb/sys/gsys_backend.h). The
 * system's workload is the target itself: b_transport queues the operation of (SM, wavefront)
 * and the system takes it when that wavefront is idle.
 *
 * Timing (docs/systemc.md section 4.4). System cycle c of the current configuration is the
 * clock edge at base + c * period (base: the first edge at or after configure()). An SC_THREAD
 * steps the system one cycle per edge (gsys_run(s, 1)); with quantum Q > 1 it wakes once every
 * Q edges and steps the next Q cycles ahead of SystemC time. b_transport:
 *   1. consumes the initiator's local time offset with wait(delay): the operation is issued at
 *      t = sc_time_stamp() + delay;
 *   2. queues it for the first edge after t that the system has not stepped yet (issue_cycle);
 *   3. waits for its completion event (notified when the system steps the completing cycle);
 *   4. returns with delay = edge(done_cycle) - sc_time_stamp(): 0 with quantum 1 (the whole
 *      latency was consumed by the wait), the part of the last quantum not yet reached otherwise.
 * So sc_time_stamp() + delay on return is always the edge of the completion cycle, and the
 * latency in cycles is in the extension. When nothing is in flight and the system is drained the
 * thread sleeps; on the next operation it steps the idle cycles it missed at once (the system is
 * stepped through every cycle, exactly as if it had been clocked all along).
 */
#ifndef GPUCOH_TLM_MEMSYS_H
#define GPUCOH_TLM_MEMSYS_H

#include <cstdint>
#include <cstdio>
#include <deque>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

extern "C" {
#include "gsys.h"
}

#include "mem_ext.h"

namespace gpucoh_tlm {

/* How the memory system builds its backend (configure with a gsys_cfg_t and these). */
struct backend_options {
    gsys_impl_t impl = GSYS_IMPL_C;   /* C models, RTL alone, or lockstep */
    uint32_t rtl = 0;                 /* slots taken from RTL (bit i = the protocol's slot i);
                                         0 = every slot */
    const char* rtl_dir = nullptr;    /* RTL sources (nullptr: rtl/): a mutant's copy */
    uint32_t full_every = UINT32_MAX; /* lockstep full-state compare period; UINT32_MAX: the
                                         protocol's default */
    FILE* report = nullptr;           /* the lockstep's mismatch report (nullptr: stderr) */
    bool quiet = true;                /* no Verilator build messages */
};

/* Where the RTL backend (GSYS_IMPL_RTL, GSYS_IMPL_LOCKSTEP) finds its tree: rtl/,
 * tools/build_rtl.sh, verilator/ (the shims) and cmodel/ (their headers), and its cache of
 * Verilated models, build/rtl/ (docs/systemc.md section 4.9). Looked up by configure() for an RTL
 * backend, in this order:
 *   1. $GPUCOH_ROOT, when set (and only it: a wrong one is an error, not a fall-back);
 *   2. the root compiled into the library (tlm_root.c: PREFIX/share/gpucoh for `make install`, the
 *      repository for the repository's build/systemc objects);
 *   3. two levels above the executable (build/gpucoh's rule, tb/engine/util.c), then three
 *      (build/systemc/<binary>).
 * The first that holds the tree is used and, when GPUCOH_ROOT was not set, put into this process's
 * GPUCOH_ROOT (the Verilated model builds and tb/engine read it there). false with a message that
 * names GPUCOH_ROOT and every path tried. rtl_dir: backend_options.rtl_dir (nullptr: root/rtl). */
bool find_rtl_root(const char* rtl_dir, std::string& root, std::string& err);
/* the root compiled into the library ("" if none) */
const char* compiled_root();

struct memsys_options {
    sc_core::sc_time period = sc_core::sc_time(1, sc_core::SC_NS); /* one system cycle */
    uint32_t quantum = 1;  /* cycles stepped per wake-up of the clock thread (1: cycle-accurate) */
    FILE* report = stderr; /* deadlock reports (nullptr: none) */
    bool fatal = true;     /* a deadlock, lockstep mismatch or RTL error also raises
                              SC_REPORT_ERROR (false: only error responses and failed_event) */
};

class memsys : public sc_core::sc_module {
  public:
    enum class state { unconfigured, running, deadlock, stopped, aborted };

    sc_core::sc_vector<tlm_utils::simple_target_socket_tagged<memsys>> socket; /* one per SM */

    memsys(sc_core::sc_module_name name, unsigned sockets, const memsys_options& o);
    ~memsys() override;

    /* Build the system for cfg (protocol variant, parameters, delays, seed) with a backend made
     * here (b), or on the caller's backend be (borrowed: it must outlive the configuration; the
     * litmus platform gives every run the same one). Before sc_start, or during the simulation
     * while nothing is in flight (idle() or a failed state): the previous system is dropped and
     * the new one starts with its reset cycles at the next edge. false with a message. */
    bool configure(const gsys_cfg_t& cfg, const backend_options& b, std::string& err);
    bool configure(const gsys_cfg_t& cfg, gsys_backend_t* be, std::string& err);
    void set_report(FILE* f) { report_ = f; } /* deadlock reports of the next failures */

    state status() const { return st_; }
    const std::string& failure() const { return failure_; }
    const sc_core::sc_event& failed_event() const { return failed_ev_; }
    /* no operation queued or in flight, and the system drained (4 quiet cycles) */
    bool idle() const { return st_ == state::running && outstanding_ == 0 && quiet_; }
    const sc_core::sc_event& idle_event() const { return idle_ev_; }
    /* Stop the system: every operation queued or in flight completes with
     * TLM_GENERIC_ERROR_RESPONSE, later ones too, until the next configure() (status aborted,
     * failed_event; no SC_REPORT_ERROR even with options.fatal). */
    void abort(const std::string& why);

    uint64_t cycles() const { return sys_ ? gsys_cycle(sys_) : 0; } /* cycles stepped */
    /* the edge of cycle c, and the cycle whose edge is the last at or before t (0 before base) */
    sc_core::sc_time edge(uint64_t c) const;
    uint64_t cycle_at(const sc_core::sc_time& t) const;
    sc_core::sc_time period() const { return period_; }
    uint32_t quantum() const { return quantum_; }
    uint64_t config_count() const { return config_; }
    gsys_t* system() const { return sys_; }         /* statistics, gsys_word */
    gsys_backend_t* backend() const { return be_; } /* its own or the borrowed one */
    const gsys_rtl_result_t* rtl_result() const;    /* its own RTL backend, or nullptr */
    uint32_t num_sm() const { return nsm_; }
    uint32_t num_wf() const { return nwf_; }

    /* statistics over every configuration */
    uint64_t transactions() const { return n_trans_; }
    uint64_t wakeups() const { return n_wakeups_; }

    /* the system's workload callbacks (tb/sys/gsys.h), reached through C functions */
    bool wl_next(uint32_t sm, uint32_t wf, uint64_t cycle, gsys_op_t* op);
    void wl_done(uint32_t sm, uint32_t wf, uint32_t value, uint64_t cycle);
    bool wl_finished() const;

  private:
    struct op_rec {
        gsys_op_t op;
        sc_core::sc_event ev;
        bool done = false, failed = false;
        uint32_t value = 0;
        uint64_t issue = 0, start = 0, end = 0;
    };

    void b_transport(int id, tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned transport_dbg(int id, tlm::tlm_generic_payload& gp);
    bool get_dmi(int id, tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi);
    void clock_thread();
    void step();
    void fail(state st, const std::string& why, bool report = true);
    void drop_system();
    bool start(const gsys_cfg_t& cfg, std::string& err);
    /* the operation of a transaction; TLM_OK_RESPONSE or the error response */
    tlm::tlm_response_status decode(int id, tlm::tlm_generic_payload& gp, uint32_t* wf,
                                    gsys_op_t* op) const;

    sc_core::sc_time period_;
    sc_dt::uint64 tv_ = 1; /* the period in time-resolution units */
    uint32_t quantum_;
    FILE* report_;
    bool fatal_;

    gsys_cfg_t cfg_;
    gsys_t* sys_ = nullptr;
    gsys_backend_t* be_ = nullptr;
    gsys_backend_t own_be_;
    bool own_ = false;
    gsys_workload_t wl_;
    state st_ = state::unconfigured;
    std::string failure_;
    uint32_t nsm_ = 0, nwf_ = 0, line_bytes_ = 0, addr_width_ = 0;
    sc_dt::uint64 base_ = 0; /* edge of cycle 0, in time-resolution units */
    uint64_t config_ = 0;

    std::vector<std::deque<op_rec*>> q_; /* per (sm, wf): waiting for the wavefront */
    std::vector<op_rec*> cur_;           /* per (sm, wf): taken by the system */
    uint64_t queued_ = 0, inflight_ = 0, outstanding_ = 0;
    uint64_t earliest_ = UINT64_MAX; /* no queued operation is due before this cycle */
    uint64_t stepping_ = 0;          /* the cycle being stepped */
    bool quiet_ = false, sleeping_ = false;

    sc_core::sc_event wake_ev_, idle_ev_, failed_ev_;
    uint64_t n_trans_ = 0, n_wakeups_ = 0;
};

} // namespace gpucoh_tlm

#endif
