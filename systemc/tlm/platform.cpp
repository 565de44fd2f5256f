/* SPDX-License-Identifier: Apache-2.0 */
/*
 * platform.cpp -- the example virtual platform: SM initiators running a shared-system workload
 * through the memory system's TLM sockets (platform.h, docs/systemc.md section 4.5).
 */
#define SC_INCLUDE_DYNAMIC_PROCESSES /* sc_spawn */
#include "platform.h"

#include <cstdio>
#include <cstring>

extern "C" {
#include "util.h"
}

using sc_core::sc_time;
using sc_core::SC_ZERO_TIME;

namespace gpucoh_tlm {

/* ---- an SM: one initiator thread per wavefront -------------------------------------------- */

sm_core::sm_core(sc_core::sc_module_name name, uint32_t sm, uint32_t num_wf, platform& p)
    : sc_module(name), socket("socket"), sm_(sm), p_(p), w_(num_wf) {
    for (uint32_t w = 0; w < num_wf; w++) {
        sc_core::sc_spawn_options o;
        o.set_stack_size(1u << 20); /* the workload's done() (checks, messages) runs here */
        sc_core::sc_spawn([this, w]() { wavefront(w); }, sc_core::sc_gen_unique_name("wf"), &o);
    }
}

/* Hand each idle wavefront of the SM the workload's next operation of cycle c; false when the
 * workload is finished. */
bool sm_core::dispatch(gsys_workload_t* wl, uint64_t run, uint64_t c) {
    if (wl->finished(wl->ctx))
        return false;
    for (uint32_t w = 0; w < p_.nwf_; w++) {
        wave& x = w_[w];
        /* the workload writes op only when it returns true (gsys.h): it is all zero here, and
         * zeroed again after a call that returned an operation (as the system does) */
        if (x.busy || !wl->next(wl->ctx, sm_, w, c, &p_.op_))
            continue;
        x.op = p_.op_;
        std::memset(&p_.op_, 0, sizeof p_.op_);
        x.busy = true;
        x.run = run;
        p_.busy_++;
        x.go.notify(); /* its thread issues it in this evaluation phase */
    }
    return true;
}

/* The transaction of a system operation (mem_ext.h's table, read backwards). */
static bool to_payload(const gsys_op_t& op, tlm::tlm_generic_payload& gp, mem_ext& e,
                       uint32_t& data) {
    e.sc = op.scope == GSYS_SCOPE_CTA  ? scope::cta
           : op.scope == GSYS_SCOPE_RM ? scope::rm
                                       : scope::gpu;
    e.ord = static_cast<order>(op.order <= GSYS_ORD_SC ? op.order : 0);
    e.aop = atomic::none;
    e.operand = e.swap = 0;
    data = 0;
    switch (op.kind) {
    case GSYS_OP_LOAD:
    case GSYS_OP_ACQUIRE:
        gp.set_command(tlm::TLM_READ_COMMAND);
        e.ord = op.kind == GSYS_OP_ACQUIRE ? order::acquire : order::plain;
        break;
    case GSYS_OP_STORE:
    case GSYS_OP_RELEASE:
        gp.set_command(tlm::TLM_WRITE_COMMAND);
        e.ord = op.kind == GSYS_OP_RELEASE ? order::release : order::plain;
        data = op.value;
        break;
    case GSYS_OP_ATOMIC:
        if (op.aop > GSYS_AOP_CAS)
            return false;
        gp.set_command(tlm::TLM_READ_COMMAND);
        e.aop = static_cast<atomic>(op.aop + 1);
        e.operand = op.value;
        e.swap = op.value2;
        break;
    case GSYS_OP_FENCE:
        gp.set_command(tlm::TLM_IGNORE_COMMAND);
        break;
    default: /* line operations: not a core's word transaction */
        return false;
    }
    gp.set_address(op.addr);
    gp.set_data_ptr(reinterpret_cast<unsigned char*>(&data));
    gp.set_data_length(4);
    gp.set_streaming_width(4);
    gp.set_byte_enable_ptr(nullptr);
    gp.set_byte_enable_length(0);
    gp.set_dmi_allowed(false);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    return true;
}

void sm_core::wavefront(uint32_t wf) {
    wave& x = w_[wf];
    tlm::tlm_generic_payload gp;
    mem_ext* e = new mem_ext;
    gp.set_extension(e); /* freed with gp */
    uint32_t data = 0;
    const sc_time T = p_.mem.period();
    for (;;) {
        while (!x.busy)
            wait(x.go);
        const gsys_op_t op = x.op;
        e->wf = wf;
        if (!to_payload(op, gp, *e, data)) {
            p_.transaction_failed("platform: SM " + std::to_string(sm_) + " wf " +
                                  std::to_string(wf) + ": operation kind " +
                                  std::to_string(op.kind) + " has no TLM transaction");
        } else {
            sc_time d = SC_ZERO_TIME;
            if (p_.jitter_)
                d = T / 4 * (double)gpucoh_rng_below(&x.rng, 4 * p_.jitter_ + 1);
            socket->b_transport(gp, d);
            if (d > SC_ZERO_TIME)
                wait(d); /* the part of the latency the target annotated (quantum > 1) */
            if (!gp.is_response_ok()) {
                if (x.run == p_.run_id_ && p_.running_ && !p_.failed_)
                    p_.transaction_failed(
                        "platform: SM " + std::to_string(sm_) + " wf " + std::to_string(wf) + ": " +
                        gp.get_response_string() + " at address 0x" + [&] {
                            char b[32];
                            std::snprintf(b, sizeof b, "%llx", (unsigned long long)op.addr);
                            return std::string(b);
                        }());
            } else if (x.run == p_.run_id_ && p_.running_) {
                p_.n_ops_++;
                p_.wl_->done(p_.wl_->ctx, sm_, wf, &op, e->value, nullptr, e->done_cycle);
            }
        }
        x.busy = false;
        p_.wave_idle();
    }
}

/* ---- the platform -------------------------------------------------------------------------- */

SC_HAS_PROCESS(platform);

platform::platform(sc_core::sc_module_name name, uint32_t num_sm, uint32_t num_wf,
                   const platform_options& o)
    : sc_module(name), mem("mem", num_sm, o.mem), max_sm_(num_sm), max_wf_(num_wf),
      jitter_(o.jitter) {
    std::memset(&op_, 0, sizeof op_);
    SC_THREAD(scheduler);
    set_stack_size(1u << 20); /* the workload's next() runs here */
    for (uint32_t j = 0; j < num_sm; j++) {
        core.emplace_back(new sm_core(sc_core::sc_gen_unique_name("core"), j, num_wf, *this));
        core.back()->socket.bind(mem.socket[j]);
    }
}

/* The wavefronts' scheduler: once per cycle, in the middle of the cycle, every SM in turn hands
 * its idle wavefronts the workload's next operations (one thread for every SM: a context switch
 * per cycle instead of one per SM). */
void platform::scheduler() {
    const sc_time T = mem.period();
    uint64_t seen = 0; /* the last run served */
    for (;;) {
        /* a run not served yet (its start may have come while this thread was still waiting
         * out the previous, failed, run) */
        while (!running_ || run_id_ == seen)
            wait(start_ev_);
        const uint64_t id = seen = run_id_;
        /* poll in the middle of every cycle, starting with the current (or first) one */
        const sc_time now = sc_core::sc_time_stamp();
        sc_time t = mem.edge(mem.cycle_at(now)) + T / 2;
        while (t < now)
            t += T;
        wait(t - now);
        while (run_id_ == id && running_) {
            const uint64_t c = mem.cycle_at(sc_core::sc_time_stamp());
            bool more = true;
            for (uint32_t j = 0; j < nsm_ && more; j++)
                more = core[j]->dispatch(wl_, id, c);
            if (!more) {
                finished_ = true;
                change_ev_.notify(SC_ZERO_TIME);
                break;
            }
            wait(T);
        }
    }
}

void platform::wave_idle() {
    if (busy_)
        busy_--;
    if (!busy_ && (finished_ || !running_)) /* what run() waits for: not every operation */
        change_ev_.notify(SC_ZERO_TIME);
}

void platform::transaction_failed(const std::string& why) {
    if (!failed_) {
        failed_ = true;
        failure_ = why;
    }
    change_ev_.notify(SC_ZERO_TIME);
}

int platform::run(const gsys_cfg_t* cfg, gsys_backend_t* be, gsys_workload_t* wl,
                  uint64_t max_cycles, FILE* report, gsys_run_t* end, uint64_t* cycles, char* err,
                  size_t errlen) {
    gsys_geom_t g;
    gsys_geometry(cfg, &g);
    if (g.num_sm > max_sm_ || g.num_wf > max_wf_) {
        std::snprintf(err, errlen,
                      "platform: the configuration has %u SMs x %u wavefronts, the platform was "
                      "built for %u x %u",
                      g.num_sm, g.num_wf, max_sm_, max_wf_);
        return -1;
    }
    std::string e;
    mem.set_report(report);
    if (!mem.configure(*cfg, be, e)) {
        std::snprintf(err, errlen, "%s", e.c_str());
        return -1;
    }
    nsm_ = g.num_sm;
    nwf_ = g.num_wf;
    wl_ = wl;
    run_id_++;
    running_ = true;
    failed_ = false;
    failure_.clear();
    finished_ = false;
    n_runs_++;
    for (uint32_t j = 0; j < nsm_; j++)
        for (uint32_t w = 0; w < nwf_; w++) {
            uint64_t x = cfg->seed ^ 0x7c3a5f1e9b2d4c6aull;
            const uint64_t s = gpucoh_splitmix64(&x) ^ ((uint64_t)j << 32 | w);
            gpucoh_rng_seed(&core[j]->w_[w].rng, s);
        }
    start_ev_.notify(); /* the scheduler starts now */
    const sc_time T = mem.period();
    const sc_time deadline = mem.edge(max_cycles);
    const sc_time check = T * 65536.0; /* Ctrl-C */
    for (;;) {
        const memsys::state st = mem.status();
        if (st != memsys::state::running) {
            *end = st == memsys::state::deadlock ? GSYS_RUN_DEADLOCK : GSYS_RUN_STOPPED;
            if (report && st == memsys::state::stopped)
                std::fprintf(report, "%s\n", mem.failure().c_str());
            break;
        }
        if (failed_) {
            if (report)
                std::fprintf(report, "%s\n", failure_.c_str());
            mem.abort(failure_);
            *end = GSYS_RUN_STOPPED;
            break;
        }
        if (finished_ && busy_ == 0 && mem.idle()) {
            *end = GSYS_RUN_DONE;
            break;
        }
        const sc_time now = sc_core::sc_time_stamp();
        if (now >= deadline) {
            mem.abort("platform: cycle budget exhausted");
            *end = GSYS_RUN_CYCLES;
            break;
        }
        if (gpucoh_interrupted) {
            mem.abort("platform: interrupted");
            *end = GSYS_RUN_STOPPED;
            break;
        }
        /* woken only by what ends the run (each early wake-up leaves its cancelled timeout in
         * the kernel's timed queue until it expires) */
        const sc_time left = deadline - now;
        if (finished_ && busy_ == 0)
            wait(left < check ? left : check, mem.idle_event() | mem.failed_event() | change_ev_);
        else
            wait(left < check ? left : check, mem.failed_event() | change_ev_);
    }
    running_ = false;
    while (busy_) /* every wavefront thread back from its transaction (aborted ones: errors) */
        wait(change_ev_);
    *cycles = mem.cycles();
    return 0;
}

} // namespace gpucoh_tlm

extern "C" int gpucoh_tlm_platform_run(void* ctx, const gsys_cfg_t* cfg, gsys_backend_t* be,
                                       gsys_workload_t* wl, uint64_t max_cycles, FILE* report,
                                       gsys_run_t* end, uint64_t* cycles, char* err,
                                       size_t errlen) {
    return static_cast<gpucoh_tlm::platform*>(ctx)->run(cfg, be, wl, max_cycles, report, end,
                                                        cycles, err, errlen);
}
