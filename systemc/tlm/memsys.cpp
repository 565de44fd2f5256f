/* SPDX-License-Identifier: Apache-2.0 */
/*
 * memsys.cpp -- the gpucoh memory system behind TLM-2.0 target sockets (memsys.h; timing model
 * and extension: docs/systemc.md section 4).
 */
#include "memsys.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <utility>

#include <sys/stat.h>
#include <unistd.h>

extern "C" {
#include "util.h" /* gpucoh_root() */
}
#include "tlm_root.h" /* the root compiled into the library (tlm_root.c) */

using sc_core::sc_time;
using sc_core::SC_ZERO_TIME;

/* The system's workload callbacks, with C linkage (gsys_workload_t). */
extern "C" {
static bool memsys_next(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle, gsys_op_t* op) {
    return static_cast<gpucoh_tlm::memsys*>(ctx)->wl_next(sm, wf, cycle, op);
}
static void memsys_done(void* ctx, uint32_t sm, uint32_t wf, const gsys_op_t* op, uint32_t value,
                        const uint32_t* line, uint64_t cycle) {
    (void)op;
    (void)line;
    static_cast<gpucoh_tlm::memsys*>(ctx)->wl_done(sm, wf, value, cycle);
}
static bool memsys_finished(void* ctx) {
    return static_cast<const gpucoh_tlm::memsys*>(ctx)->wl_finished();
}
}

namespace gpucoh_tlm {

/* ---- the RTL tree (memsys.h: find_rtl_root) ----------------------------------------------- */

const char* compiled_root() {
    return gpucoh_tlm_compiled_root();
}

/* "" when root holds what the RTL backend reads (rtl/include: build_rtl.sh's include path even
 * for a copy of the RTL elsewhere), else the first path missing */
static std::string rtl_tree_missing(const std::string& root) {
    struct stat st;
    const std::string dirs[] = {root, root + "/rtl", root + "/rtl/include", root + "/verilator",
                                root + "/cmodel"};
    for (const std::string& d : dirs)
        if (stat(d.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
            return d + " (no such directory)";
    const std::string files[] = {root + "/tools/build_rtl.sh", root + "/verilator/gpucoh_rtl.h"};
    for (const std::string& f : files)
        if (access(f.c_str(), R_OK) != 0)
            return f + " (" + std::strerror(errno) + ")";
    return "";
}

static bool find_root(const char* rtl_dir, std::string& root, std::string& source,
                      std::string& err) {
    struct stat st;
    if (rtl_dir && (stat(rtl_dir, &st) != 0 || !S_ISDIR(st.st_mode))) {
        err = std::string("memsys: the RTL directory ") + rtl_dir +
              " (backend_options.rtl_dir, --rtl-dir) is not a directory";
        return false;
    }
    static std::string chosen, chosen_source; /* what an earlier call put into GPUCOH_ROOT */
    std::vector<std::pair<std::string, std::string>> cand; /* path, where it comes from */
    const char* env = std::getenv("GPUCOH_ROOT");
    const bool from_env = env && *env;
    if (from_env && !chosen.empty() && chosen == env) {
        cand.emplace_back(chosen, chosen_source);
    } else if (from_env) {
        cand.emplace_back(env, "GPUCOH_ROOT");
    } else {
        if (*compiled_root())
            cand.emplace_back(compiled_root(), "compiled into the library");
        char exe[PATH_MAX];
        const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (n > 0) {
            exe[n] = 0;
            std::string up(exe);
            /* build/gpucoh's rule (tb/engine/util.c), and build/systemc/<binary>'s */
            for (int lv = 1; lv <= 3; lv++) {
                up = up.substr(0, up.rfind('/') == std::string::npos ? 0 : up.rfind('/'));
                if (lv >= 2)
                    cand.emplace_back(up.empty() ? "/" : up,
                                      std::string(lv == 2 ? "two" : "three") +
                                          " levels above the executable " + exe);
            }
        }
    }
    std::string tried;
    for (const auto& c : cand) {
        const std::string miss = rtl_tree_missing(c.first);
        if (miss.empty()) {
            root = c.first;
            source = c.second;
            if (!from_env) {
                setenv("GPUCOH_ROOT", root.c_str(), 1);
                chosen = root;
                chosen_source = source;
            }
            if (root != gpucoh_root()) { /* tb/engine reads GPUCOH_ROOT once and keeps it */
                err = std::string("memsys: the RTL root is ") + root + " (" + c.second +
                      ") but this process fixed it earlier at " + gpucoh_root() +
                      " (tb/engine gpucoh_root() reads GPUCOH_ROOT once): set GPUCOH_ROOT=" + root +
                      " before the first use of the gpucoh C code";
                return false;
            }
            return true;
        }
        tried += "; tried " + c.first + " (" + c.second + "): missing " + miss;
    }
    err = std::string("memsys: the RTL backend cannot find the gpucoh RTL tree (rtl/, "
                      "tools/build_rtl.sh, verilator/, cmodel/); ") +
          (from_env ? "GPUCOH_ROOT is set" : "GPUCOH_ROOT is not set") + tried +
          "; set GPUCOH_ROOT to a gpucoh repository or to PREFIX/share/gpucoh of an "
          "installation (make install PREFIX=...)";
    return false;
}

bool find_rtl_root(const char* rtl_dir, std::string& root, std::string& err) {
    std::string source;
    return find_root(rtl_dir, root, source, err);
}

} // namespace gpucoh_tlm

extern "C" int gpucoh_tlm_find_rtl_root(const char* rtl_dir, char* err, size_t errlen) {
    std::string root, e;
    if (gpucoh_tlm::find_rtl_root(rtl_dir, root, e))
        return 0;
    std::snprintf(err, errlen, "%s", e.c_str());
    return -1;
}

namespace gpucoh_tlm {

SC_HAS_PROCESS(memsys);

memsys::memsys(sc_core::sc_module_name name, unsigned sockets, const memsys_options& o)
    : sc_module(name), socket("socket", sockets), period_(o.period),
      quantum_(o.quantum ? o.quantum : 1), report_(o.report), fatal_(o.fatal) {
    tv_ = period_.value();
    if (!tv_)
        SC_REPORT_FATAL("gpucoh_tlm/memsys", "the clock period is 0 (below the time resolution)");
    std::memset(&cfg_, 0, sizeof cfg_);
    std::memset(&own_be_, 0, sizeof own_be_);
    std::memset(&wl_, 0, sizeof wl_); /* no due(): asked every cycle (tb/sys/gsys.h) */
    wl_.ctx = this;
    wl_.next = memsys_next;
    wl_.done = memsys_done;
    wl_.finished = memsys_finished;
    for (unsigned i = 0; i < sockets; i++) {
        socket[i].register_b_transport(this, &memsys::b_transport, (int)i);
        socket[i].register_transport_dbg(this, &memsys::transport_dbg, (int)i);
        socket[i].register_get_direct_mem_ptr(this, &memsys::get_dmi, (int)i);
    }
    SC_THREAD(clock_thread);
    set_stack_size(16u << 20); /* the C system and the Verilated models run on this stack */
}

memsys::~memsys() {
    drop_system();
}

/* ---- configuration ------------------------------------------------------------------------ */

void memsys::drop_system() {
    if (sys_)
        gsys_free(sys_);
    sys_ = nullptr;
    if (own_ && own_be_.destroy)
        own_be_.destroy(own_be_.ctx);
    own_ = false;
    std::memset(&own_be_, 0, sizeof own_be_);
    be_ = nullptr;
    st_ = state::unconfigured;
}

static bool busy_msg(uint64_t outstanding, std::string& err) {
    if (!outstanding)
        return false;
    err = "memsys: configure() while " + std::to_string(outstanding) +
          " operation(s) are in flight (wait for idle_event())";
    return true;
}

bool memsys::configure(const gsys_cfg_t& cfg, const backend_options& b, std::string& err) {
    if (busy_msg(outstanding_, err))
        return false;
    drop_system(); /* first: one Verilated model set alive at a time (docs/framework.md) */
    char e[1024] = "";
    gsys_backend_t be;
    std::memset(&be, 0, sizeof be);
    int rc;
    if (b.impl == GSYS_IMPL_C) {
        rc = gsys_backend_c_cfg(&cfg, &be, e, sizeof e);
    } else {
        std::string root, source;
        if (!find_root(b.rtl_dir, root, source, err))
            return false;
        const gsys_proto_t* P = cfg.proto;
        gsys_rtl_cfg_t r;
        std::memset(&r, 0, sizeof r);
        r.impl = b.impl;
        r.rtl = b.rtl ? b.rtl : (1u << P->nslots) - 1u;
        r.rtl_dir = b.rtl_dir;
        r.full_every = b.full_every != UINT32_MAX ? b.full_every
                       : P->full_every            ? P->full_every(gsys_pdc(&cfg))
                                                  : 0;
        r.report = b.report ? b.report : stderr;
        r.quiet = b.quiet;
        r.wave_to = UINT64_MAX;
        rc = gsys_backend_rtl_cfg(&cfg, &r, &be, e, sizeof e);
        if (rc != 0) {
            const std::string cache = root + "/build/rtl";
            err = std::string("memsys: ") + e + " (RTL root " + root + ", " + source +
                  (source == "GPUCOH_ROOT" ? "" : "; GPUCOH_ROOT overrides it") + "; RTL " +
                  (b.rtl_dir ? std::string(b.rtl_dir) : root + "/rtl") + "; model cache " + cache +
                  (access(cache.c_str(), W_OK) == 0 || access(root.c_str(), W_OK) == 0
                       ? ""
                       : ", not writable") +
                  ")";
            return false;
        }
    }
    if (rc != 0) {
        err = std::string("memsys: ") + e;
        return false;
    }
    own_be_ = be;
    own_ = true;
    be_ = &own_be_;
    if (!start(cfg, err)) {
        drop_system();
        return false;
    }
    return true;
}

bool memsys::configure(const gsys_cfg_t& cfg, gsys_backend_t* be, std::string& err) {
    if (busy_msg(outstanding_, err))
        return false;
    drop_system();
    be_ = be;
    if (!start(cfg, err)) {
        drop_system();
        return false;
    }
    return true;
}

bool memsys::start(const gsys_cfg_t& cfg, std::string& err) {
    gsys_geom_t g;
    gsys_geometry(&cfg, &g);
    if (g.num_sm > socket.size()) {
        err = "memsys: the configuration has " + std::to_string(g.num_sm) +
              " SMs, the memory system " + std::to_string(socket.size()) + " sockets";
        return false;
    }
    char e[1024] = "";
    sys_ = gsys_new(&cfg, be_, &wl_, e, sizeof e);
    if (!sys_) {
        err = std::string("memsys: ") + e;
        return false;
    }
    cfg_ = cfg;
    nsm_ = g.num_sm;
    nwf_ = g.num_wf;
    line_bytes_ = g.line_bytes;
    addr_width_ = g.addr_width;
    q_.assign((size_t)nsm_ * nwf_, std::deque<op_rec*>());
    cur_.assign((size_t)nsm_ * nwf_, nullptr);
    queued_ = inflight_ = outstanding_ = 0;
    earliest_ = UINT64_MAX;
    quiet_ = false;
    failure_.clear();
    st_ = state::running;
    config_++;
    const sc_dt::uint64 now = sc_core::sc_time_stamp().value();
    base_ = (now + tv_ - 1) / tv_ * tv_; /* the first edge at or after now */
    if (sc_core::sc_is_running())
        wake_ev_.notify(SC_ZERO_TIME);
    return true;
}

const gsys_rtl_result_t* memsys::rtl_result() const {
    return own_ ? gsys_backend_rtl_result(&own_be_) : nullptr;
}

sc_time memsys::edge(uint64_t c) const {
    return sc_time::from_value(base_ + (sc_dt::uint64)c * tv_);
}

uint64_t memsys::cycle_at(const sc_time& t) const {
    const sc_dt::uint64 v = t.value();
    return v < base_ ? 0 : (v - base_) / tv_;
}

/* ---- failures ------------------------------------------------------------------------------ */

void memsys::fail(state st, const std::string& why, bool report) {
    st_ = st;
    failure_ = why;
    for (auto& q : q_)
        for (op_rec* r : q) {
            r->failed = true;
            r->ev.notify();
        }
    for (op_rec*& r : cur_)
        if (r) {
            r->failed = true;
            r->ev.notify();
            r = nullptr;
        }
    for (auto& q : q_)
        q.clear();
    queued_ = inflight_ = outstanding_ = 0;
    earliest_ = UINT64_MAX;
    failed_ev_.notify(SC_ZERO_TIME);
    if (fatal_ && report)
        SC_REPORT_ERROR("gpucoh_tlm/memsys", why.c_str());
}

void memsys::abort(const std::string& why) {
    if (st_ == state::running)
        fail(state::aborted, why, false); /* the caller's own decision: no error report */
}

/* ---- the system's workload: the queued transactions ---------------------------------------- */

bool memsys::wl_next(uint32_t sm, uint32_t wf, uint64_t cycle, gsys_op_t* op) {
    const size_t k = (size_t)sm * nwf_ + wf;
    if (sm >= nsm_ || wf >= nwf_ || cur_[k] || q_[k].empty())
        return false;
    op_rec* r = q_[k].front();
    if (r->issue > cycle)
        return false;
    q_[k].pop_front();
    cur_[k] = r;
    r->start = cycle;
    *op = r->op;
    inflight_++;
    if (--queued_ == 0)
        earliest_ = UINT64_MAX;
    return true;
}

void memsys::wl_done(uint32_t sm, uint32_t wf, uint32_t value, uint64_t cycle) {
    const size_t k = (size_t)sm * nwf_ + wf;
    if (sm >= nsm_ || wf >= nwf_ || !cur_[k])
        return; /* the system counts it as a harness error */
    op_rec* r = cur_[k];
    cur_[k] = nullptr;
    r->done = true;
    r->value = value;
    r->end = cycle;
    inflight_--;
    outstanding_--;
    r->ev.notify(); /* the waiting b_transport resumes in this evaluation phase */
}

/* No queued operation is due in the cycle being stepped (the system then does not ask for one
 * and may call itself drained). */
bool memsys::wl_finished() const {
    return queued_ == 0 || stepping_ < earliest_;
}

/* ---- the clock ----------------------------------------------------------------------------- */

void memsys::step() {
    stepping_ = gsys_cycle(sys_);
    if (inflight_ == 0 && quiet_)
        gsys_mark_progress(sys_); /* nothing in the system: idle by choice, not a deadlock */
    const gsys_run_t r = gsys_run(sys_, 1, report_);
    quiet_ = r == GSYS_RUN_DONE;
    if (r == GSYS_RUN_STOPPED) {
        const gsys_rtl_result_t* x = rtl_result();
        fail(state::stopped,
             "memsys: the backend stopped the system at cycle " + std::to_string(stepping_) +
                 (x && x->div.text[0] ? std::string(": ") + x->div.text
                                      : std::string(" (lockstep mismatch or RTL error: its "
                                                    "report is above)")));
    } else if (r == GSYS_RUN_DEADLOCK) {
        fail(state::deadlock,
             "memsys: DEADLOCK at cycle " + std::to_string(stepping_) +
                 ": no operation completed for " +
                 std::to_string(cfg_.deadlock_cycles ? cfg_.deadlock_cycles : 100000) +
                 " cycles (report above)");
    } else if (quiet_ && outstanding_ == 0) {
        idle_ev_.notify(SC_ZERO_TIME);
    }
}

void memsys::clock_thread() {
    for (;;) {
        if (st_ != state::running || (outstanding_ == 0 && quiet_)) {
            sleeping_ = true;
            wait(wake_ev_);
            sleeping_ = false;
            continue;
        }
        n_wakeups_++;
        const sc_dt::uint64 now = sc_core::sc_time_stamp().value();
        const sc_dt::uint64 horizon = now + (sc_dt::uint64)(quantum_ - 1) * tv_;
        /* every edge up to the horizon: the edge at now, idle edges missed while asleep, and
         * with quantum > 1 the edges of the rest of the quantum */
        while (st_ == state::running && base_ + gsys_cycle(sys_) * tv_ <= horizon) {
            step();
            if (outstanding_ == 0 && quiet_)
                break; /* drained: sleep, nothing to step ahead for */
        }
        if (st_ != state::running || (outstanding_ == 0 && quiet_))
            continue;
        wait(sc_time::from_value(base_ + gsys_cycle(sys_) * tv_ - now), wake_ev_);
    }
}

/* ---- transactions -------------------------------------------------------------------------- */

tlm::tlm_response_status memsys::decode(int id, tlm::tlm_generic_payload& gp, uint32_t* wf,
                                        gsys_op_t* op) const {
    (void)id;
    mem_ext* e = nullptr;
    gp.get_extension(e);
    std::memset(op, 0, sizeof *op);
    const tlm::tlm_command cmd = gp.get_command();
    *wf = e ? e->wf : 0;
    op->scope = e ? (uint32_t)e->sc : (uint32_t)GSYS_SCOPE_GPU;
    const uint32_t ord = e ? (uint32_t)e->ord : (uint32_t)GSYS_ORD_RELAXED;
    const uint32_t aop = e ? (uint32_t)e->aop : 0;
    if (op->scope > GSYS_SCOPE_RM || ord > GSYS_ORD_SC || aop > 3)
        return tlm::TLM_COMMAND_ERROR_RESPONSE;
    if (cmd == tlm::TLM_IGNORE_COMMAND) {
        op->kind = e ? (uint32_t)GSYS_OP_FENCE : (uint32_t)GSYS_OP_N; /* no extension: nothing */
        op->order = ord;
        return aop ? tlm::TLM_COMMAND_ERROR_RESPONSE : tlm::TLM_OK_RESPONSE;
    }
    if (gp.get_data_length() != 4 || (gp.get_streaming_width() && gp.get_streaming_width() < 4))
        return tlm::TLM_BURST_ERROR_RESPONSE;
    if (!gp.get_data_ptr())
        return tlm::TLM_GENERIC_ERROR_RESPONSE;
    if (const unsigned char* be = gp.get_byte_enable_ptr()) {
        const unsigned n = gp.get_byte_enable_length();
        for (unsigned i = 0; i < 4; i++)
            if (!n || be[i % n] != TLM_BYTE_ENABLED)
                return tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;
    }
    if (gp.get_address() & 3u)
        return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    op->addr = gp.get_address();
    if (cmd == tlm::TLM_READ_COMMAND && aop) {
        if (ord == GSYS_ORD_SC)
            return tlm::TLM_COMMAND_ERROR_RESPONSE;
        op->kind = GSYS_OP_ATOMIC;
        op->order = ord;
        op->aop = aop - 1; /* gsys_aop_t */
        op->value = e->operand;
        op->value2 = e->swap;
        return tlm::TLM_OK_RESPONSE;
    }
    if (aop)
        return tlm::TLM_COMMAND_ERROR_RESPONSE; /* an atomic is a READ (its old value) */
    if (cmd == tlm::TLM_READ_COMMAND) {
        if (ord != GSYS_ORD_RELAXED && ord != GSYS_ORD_ACQUIRE)
            return tlm::TLM_COMMAND_ERROR_RESPONSE;
        op->kind = ord == GSYS_ORD_ACQUIRE ? GSYS_OP_ACQUIRE : GSYS_OP_LOAD;
        return tlm::TLM_OK_RESPONSE;
    }
    if (ord != GSYS_ORD_RELAXED && ord != GSYS_ORD_RELEASE)
        return tlm::TLM_COMMAND_ERROR_RESPONSE;
    op->kind = ord == GSYS_ORD_RELEASE ? GSYS_OP_RELEASE : GSYS_OP_STORE;
    std::memcpy(&op->value, gp.get_data_ptr(), 4);
    return tlm::TLM_OK_RESPONSE;
}

void memsys::b_transport(int id, tlm::tlm_generic_payload& gp, sc_time& delay) {
    uint32_t wf;
    gsys_op_t op;
    gp.set_dmi_allowed(false);
    const tlm::tlm_response_status s = decode(id, gp, &wf, &op);
    if (s != tlm::TLM_OK_RESPONSE) {
        gp.set_response_status(s);
        return;
    }
    if (op.kind == GSYS_OP_N) { /* TLM_IGNORE_COMMAND without the extension: nothing to do */
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    /* 1. synchronise: the operation is issued at the initiator's local time */
    if (delay > SC_ZERO_TIME) {
        wait(delay);
        delay = SC_ZERO_TIME;
    }
    if (st_ != state::running || (uint32_t)id >= nsm_ || wf >= nwf_) {
        gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
        return;
    }
    if (op.kind != GSYS_OP_FENCE && addr_width_ < 64 && (op.addr >> addr_width_)) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    /* 2. queue it for the first edge after now that the system has not stepped */
    op_rec r;
    r.op = op;
    const sc_dt::uint64 now = sc_core::sc_time_stamp().value();
    const uint64_t next = now < base_ ? 0 : (now - base_) / tv_ + 1;
    r.issue = std::max<uint64_t>(next, gsys_cycle(sys_));
    const uint64_t cfg = config_;
    q_[(size_t)id * nwf_ + wf].push_back(&r);
    queued_++;
    outstanding_++;
    earliest_ = std::min(earliest_, r.issue);
    n_trans_++;
    if (sleeping_)
        wake_ev_.notify();
    /* 3. its completion */
    while (!r.done && !r.failed)
        wait(r.ev);
    if (r.failed) {
        gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
        return;
    }
    /* 4. the response; the part of the latency not waited for (quantum > 1) is annotated */
    if (op.kind == GSYS_OP_LOAD || op.kind == GSYS_OP_ACQUIRE || op.kind == GSYS_OP_ATOMIC)
        std::memcpy(gp.get_data_ptr(), &r.value, 4);
    mem_ext* e = nullptr;
    gp.get_extension(e);
    if (e) {
        const bool reads =
            op.kind == GSYS_OP_LOAD || op.kind == GSYS_OP_ACQUIRE || op.kind == GSYS_OP_ATOMIC;
        e->value = reads ? r.value : 0;
        e->issue_cycle = r.issue;
        e->start_cycle = r.start;
        e->done_cycle = r.end;
        e->latency = r.end - r.issue;
        e->config = cfg;
    }
    const sc_time done_t = edge(r.end), t = sc_core::sc_time_stamp();
    delay = done_t > t ? done_t - t : SC_ZERO_TIME;
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

/* Debug reads: the word as the banks / DRAM hold it (gsys_word; not what an L1 holds dirty or a
 * write in flight). Writes are not supported (0 bytes). */
unsigned memsys::transport_dbg(int id, tlm::tlm_generic_payload& gp) {
    (void)id;
    if (!sys_ || gp.get_command() != tlm::TLM_READ_COMMAND || !gp.get_data_ptr())
        return 0;
    const uint64_t a = gp.get_address();
    const unsigned n = gp.get_data_length();
    unsigned char* d = gp.get_data_ptr();
    for (unsigned i = 0; i < n; i++) {
        const uint64_t x = a + i;
        if (addr_width_ < 64 && (x >> addr_width_))
            return i;
        const uint32_t w = gsys_word(sys_, x & ~(uint64_t)3);
        d[i] = (unsigned char)(w >> (8 * (x & 3)));
    }
    return n;
}

/* No DMI: the memory is coherent only through the protocol. */
bool memsys::get_dmi(int id, tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi) {
    (void)id;
    (void)gp;
    dmi.allow_none();
    return false;
}

} // namespace gpucoh_tlm
