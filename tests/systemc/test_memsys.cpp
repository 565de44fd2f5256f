/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_memsys.cpp -- directed test of the TLM-2.0 memory system (systemc/tlm/memsys.h,
 * docs/systemc.md section 4), C models, small configuration:
 *   - refused transactions: each error response of the extension's table, with no time consumed;
 *   - values: a store, a GPU fence and a load from another SM; atomics add / exch / cas (both
 *     outcomes) return the old value; a debug read sees the bank's copy;
 *   - timing with quantum 1: an operation is issued at the first edge after the initiator's
 *     local time (offset consumed with wait), b_transport returns at the edge of its completion
 *     cycle with a zero annotation, latency = done - issue;
 *   - an idle gap three times the deadlock limit costs one wake-up of the clock and is no
 *     deadlock;
 *   - eight wavefronts of one SM in flight at once; two threads on one wavefront are performed
 *     one after the other;
 *   - quantum 8: sc_time_stamp() + the annotation is still the completion edge, some annotations
 *     are not zero;
 *   - configure() while an operation is in flight is refused; abort() answers the operation in
 *     flight and later ones with an error; every variant (tc-weak, tc-strong, tc-weak-c, gpu-d,
 *     gpu-h; hlrc, hlrc-scoped with a release store) passes the store / fence / load check after
 *     a new configure().
 * Prints one line per check group and "PASS test_memsys: N checks" (exit 0) or FAIL (exit 1).
 */
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "memsys.h"

using namespace gpucoh_tlm;
using sc_core::SC_NS;
using sc_core::sc_time;
using sc_core::SC_ZERO_TIME;

static unsigned g_checks, g_fails;

#define CHECK(c, ...)                                                                              \
    do {                                                                                           \
        g_checks++;                                                                                \
        if (!(c)) {                                                                                \
            g_fails++;                                                                             \
            std::printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #c);                               \
            std::printf(__VA_ARGS__);                                                              \
            std::printf("\n");                                                                     \
        }                                                                                          \
    } while (0)

static gsys_cfg_t small(const char* variant) {
    uint32_t v = 0;
    const gsys_proto_t* P = gsys_variant_find(variant, &v);
    gsys_cfg_t c;
    std::memset(&c, 0, sizeof c);
    if (!P) {
        std::printf("FAIL no variant %s\n", variant);
        std::exit(1);
    }
    P->config(v, false, &c);
    c.seed = 11;
    return c;
}

struct result {
    tlm::tlm_response_status st;
    uint32_t value;
    mem_ext e;
    sc_time t0, t1, delay;
};

struct tester;
typedef std::vector<std::unique_ptr<tlm_utils::simple_initiator_socket<tester>>> sockets_t;

struct tester : sc_core::sc_module {
    sockets_t s1, s8;
    memsys m1, m8;

    static memsys_options opts(uint32_t q) {
        memsys_options o;
        o.quantum = q;
        o.fatal = false;
        return o;
    }

    SC_HAS_PROCESS(tester);
    explicit tester(sc_core::sc_module_name n)
        : sc_module(n), m1("m1", 4, opts(1)), m8("m8", 4, opts(8)) {
        for (unsigned j = 0; j < 4; j++) {
            s1.emplace_back(
                new tlm_utils::simple_initiator_socket<tester>(sc_core::sc_gen_unique_name("s1")));
            s1.back()->bind(m1.socket[j]);
            s8.emplace_back(
                new tlm_utils::simple_initiator_socket<tester>(sc_core::sc_gen_unique_name("s8")));
            s8.back()->bind(m8.socket[j]);
        }
        SC_THREAD(main);
        set_stack_size(4u << 20);
    }

    /* one transaction on SM sm of memory system m (s: its sockets) */
    result op(sockets_t& s, unsigned sm, tlm::tlm_command cmd, uint64_t addr, uint32_t data,
              mem_ext e, sc_time delay = SC_ZERO_TIME, unsigned len = 4,
              unsigned char* be = nullptr, unsigned be_len = 0, bool with_ext = true, int sw = -1) {
        tlm::tlm_generic_payload gp;
        mem_ext* x = with_ext ? new mem_ext(e) : nullptr;
        if (x != nullptr)
            gp.set_extension(x);
        unsigned char buf[8];
        std::memset(buf, 0, sizeof buf);
        std::memcpy(buf, &data, 4);
        gp.set_command(cmd);
        gp.set_address(addr);
        gp.set_data_ptr(buf);
        gp.set_data_length(len);
        gp.set_streaming_width(sw < 0 ? len : (unsigned)sw);
        gp.set_byte_enable_ptr(be);
        gp.set_byte_enable_length(be_len);
        gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        result r;
        r.t0 = sc_core::sc_time_stamp();
        (*s[sm])->b_transport(gp, delay);
        r.t1 = sc_core::sc_time_stamp();
        r.delay = delay;
        r.st = gp.get_response_status();
        std::memcpy(&r.value, buf, 4);
        if (x != nullptr)
            r.e = *x; /* freed with gp */
        return r;
    }

    static mem_ext ext(uint32_t wf, order o = order::plain, scope sc = scope::gpu,
                       atomic a = atomic::none, uint32_t operand = 0, uint32_t swap = 0) {
        mem_ext e;
        e.wf = wf;
        e.ord = o;
        e.sc = sc;
        e.aop = a;
        e.operand = operand;
        e.swap = swap;
        return e;
    }

    void configure(memsys& m, const char* variant) {
        std::string err;
        backend_options b;
        const bool ok = m.configure(small(variant), b, err);
        CHECK(ok, "configure %s: %s", variant, err.c_str());
    }

    void errors() {
        const unsigned before = g_fails;
        const sc_time t = sc_core::sc_time_stamp();
        unsigned char half[4] = {0xff, 0xff, 0, 0};
        CHECK(op(s1, 0, tlm::TLM_READ_COMMAND, 0x42, 0, ext(0)).st ==
                  tlm::TLM_ADDRESS_ERROR_RESPONSE,
              "misaligned");
        CHECK(op(s1, 0, tlm::TLM_READ_COMMAND, 0x40, 0, ext(0), SC_ZERO_TIME, 8).st ==
                  tlm::TLM_BURST_ERROR_RESPONSE,
              "8 bytes");
        CHECK(op(s1, 0, tlm::TLM_WRITE_COMMAND, 0x40, 1, ext(0), SC_ZERO_TIME, 4, half, 4).st ==
                  tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE,
              "half enabled");
        CHECK(op(s1, 0, tlm::TLM_WRITE_COMMAND, 0x40, 1,
                 ext(0, order::plain, scope::gpu, atomic::add, 1))
                      .st == tlm::TLM_COMMAND_ERROR_RESPONSE,
              "atomic write");
        CHECK(op(s1, 0, tlm::TLM_READ_COMMAND, 0x40, 0, ext(0, order::release)).st ==
                  tlm::TLM_COMMAND_ERROR_RESPONSE,
              "release load");
        CHECK(op(s1, 0, tlm::TLM_WRITE_COMMAND, 0x40, 0, ext(0, order::acquire)).st ==
                  tlm::TLM_COMMAND_ERROR_RESPONSE,
              "acquire store");
        CHECK(op(s1, 0, tlm::TLM_READ_COMMAND, 0x40, 0,
                 ext(0, order::sc, scope::gpu, atomic::cas, 1, 2))
                      .st == tlm::TLM_COMMAND_ERROR_RESPONSE,
              "sc atomic");
        CHECK(op(s1, 0, tlm::TLM_IGNORE_COMMAND, 0, 0,
                 ext(0, order::acq_rel, scope::gpu, atomic::add))
                      .st == tlm::TLM_COMMAND_ERROR_RESPONSE,
              "atomic fence");
        CHECK(op(s1, 0, tlm::TLM_READ_COMMAND, 0x40, 0, ext(8)).st ==
                  tlm::TLM_GENERIC_ERROR_RESPONSE,
              "wf 8 of 8");
        CHECK(op(s1, 0, tlm::TLM_READ_COMMAND, 0x10000, 0, ext(0)).st ==
                  tlm::TLM_ADDRESS_ERROR_RESPONSE,
              "beyond 16 address bits");
        CHECK(op(s1, 0, tlm::TLM_IGNORE_COMMAND, 0, 0, ext(0), SC_ZERO_TIME, 4, nullptr, 0, false)
                      .st == tlm::TLM_OK_RESPONSE,
              "ignore without extension");
        CHECK(
            op(s1, 0, tlm::TLM_READ_COMMAND, 0x40, 0, ext(0), SC_ZERO_TIME, 4, nullptr, 0, true, 2)
                    .st == tlm::TLM_BURST_ERROR_RESPONSE,
            "streaming width 2");
        CHECK(sc_core::sc_time_stamp() == t, "errors consumed time");
        CHECK(
            op(s1, 0, tlm::TLM_READ_COMMAND, 0x40, 0, ext(0), SC_ZERO_TIME, 4, nullptr, 0, true, 0)
                    .st == tlm::TLM_OK_RESPONSE,
            "streaming width 0 (not set)");
        std::printf("  errors: 12 refused or ignored transactions, no time consumed; streaming "
                    "width 0 taken as not set%s\n",
                    g_fails == before ? "" : " (FAILED)");
    }

    /* rel: the store is a release (hLRC: its fence is lazy, a plain store stays in the writer's
     * L1 until the idle drain; the acquire that reads a release store takes the line from it) */
    void values(memsys& m, sockets_t& s, const char* variant, uint64_t a, bool rel = false) {
        result w = op(s, 0, tlm::TLM_WRITE_COMMAND, a, 0x1234,
                      ext(0, rel ? order::release : order::plain));
        CHECK(w.st == tlm::TLM_OK_RESPONSE, "%s store", variant);
        result f = op(s, 0, tlm::TLM_IGNORE_COMMAND, 0, 0, ext(0, order::acq_rel, scope::gpu));
        CHECK(f.st == tlm::TLM_OK_RESPONSE, "%s fence", variant);
        CHECK(f.e.done_cycle >= w.e.done_cycle, "%s fence after the store", variant);
        result l = op(s, 1, tlm::TLM_READ_COMMAND, a, 0, ext(3, order::acquire));
        CHECK(l.st == tlm::TLM_OK_RESPONSE && l.value == 0x1234 && l.e.value == 0x1234,
              "%s load: 0x%x", variant, l.value);
        (void)m;
    }

    void atomics() {
        const uint64_t a = 0x80;
        op(s1, 2, tlm::TLM_WRITE_COMMAND, a, 100, ext(1));
        op(s1, 2, tlm::TLM_IGNORE_COMMAND, 0, 0, ext(1, order::acq_rel));
        result r = op(s1, 3, tlm::TLM_READ_COMMAND, a, 0,
                      ext(2, order::plain, scope::gpu, atomic::add, 5));
        CHECK(r.st == tlm::TLM_OK_RESPONSE && r.value == 100, "add: old %u", r.value);
        r = op(s1, 3, tlm::TLM_READ_COMMAND, a, 0,
               ext(2, order::acq_rel, scope::gpu, atomic::exch, 7));
        CHECK(r.value == 105, "exch: old %u", r.value);
        r = op(s1, 0, tlm::TLM_READ_COMMAND, a, 0,
               ext(4, order::acquire, scope::gpu, atomic::cas, 7, 9));
        CHECK(r.value == 7, "cas hit: old %u", r.value);
        r = op(s1, 0, tlm::TLM_READ_COMMAND, a, 0,
               ext(4, order::release, scope::gpu, atomic::cas, 7, 11));
        CHECK(r.value == 9, "cas miss: old %u", r.value);
        r = op(s1, 1, tlm::TLM_READ_COMMAND, a, 0,
               ext(0, order::plain, scope::gpu, atomic::add, 0));
        CHECK(r.value == 9, "final: %u", r.value);
        /* debug read, once the system has drained */
        wait(sc_time(20, SC_NS));
        tlm::tlm_generic_payload gp;
        uint32_t v = 0;
        gp.set_command(tlm::TLM_READ_COMMAND);
        gp.set_address(a);
        gp.set_data_ptr(reinterpret_cast<unsigned char*>(&v));
        gp.set_data_length(4);
        const unsigned n = (*s1[0])->transport_dbg(gp);
        CHECK(n == 4 && v == 9, "debug read: %u bytes, %u", n, v);
        std::printf("  atomics: add, exch, cas hit and miss return the old value; debug read %u\n",
                    v);
    }

    void timing() {
        const sc_time T = m1.period();
        wait(T / 3); /* between edges */
        const sc_time t = sc_core::sc_time_stamp();
        result r = op(s1, 1, tlm::TLM_READ_COMMAND, 0x40, 0, ext(5));
        CHECK(r.st == tlm::TLM_OK_RESPONSE, "load");
        CHECK(r.e.issue_cycle == m1.cycle_at(t) + 1, "issue %llu, edge before %llu",
              (unsigned long long)r.e.issue_cycle, (unsigned long long)m1.cycle_at(t));
        CHECK(r.t1 == m1.edge(r.e.done_cycle), "returned at %s, done edge %s",
              r.t1.to_string().c_str(), m1.edge(r.e.done_cycle).to_string().c_str());
        CHECK(r.delay == SC_ZERO_TIME, "annotation %s", r.delay.to_string().c_str());
        CHECK(r.e.latency == r.e.done_cycle - r.e.issue_cycle && r.e.latency > 0, "latency");
        /* a local time offset of 3.5 cycles: consumed, the issue follows it */
        const sc_time t2 = sc_core::sc_time_stamp();
        r = op(s1, 1, tlm::TLM_READ_COMMAND, 0x40, 0, ext(5), T * 3.5);
        CHECK(r.e.issue_cycle == m1.cycle_at(t2 + T * 3.5) + 1, "offset issue %llu",
              (unsigned long long)r.e.issue_cycle);
        CHECK(r.t1 == m1.edge(r.e.done_cycle) && r.delay == SC_ZERO_TIME, "offset return");
        std::printf("  timing: issue at the first edge after the local time, return at the done "
                    "edge, annotation 0 (last latency %llu cycles)\n",
                    (unsigned long long)r.e.latency);
    }

    void idle_gap() {
        while (!m1.idle()) /* the last load's system drains first (4 quiet cycles) */
            wait(m1.idle_event());
        const uint64_t w0 = m1.wakeups(), c0 = m1.cycles();
        wait(m1.period() * 300000.0); /* three deadlock limits */
        const uint64_t w1 = m1.wakeups();
        result r = op(s1, 2, tlm::TLM_READ_COMMAND, 0x40, 0, ext(6));
        CHECK(r.st == tlm::TLM_OK_RESPONSE, "load after the gap: %s", m1.failure().c_str());
        CHECK(w1 == w0, "the clock woke %llu times while idle", (unsigned long long)(w1 - w0));
        CHECK(m1.cycles() > c0 + 300000, "idle cycles stepped: %llu",
              (unsigned long long)(m1.cycles() - c0));
        std::printf("  idle gap: 300000 cycles stepped on the next operation (%llu clock "
                    "wake-ups meanwhile), no deadlock\n",
                    (unsigned long long)(w1 - w0));
    }

    void concurrency() {
        std::vector<result> rs(10);
        sc_core::sc_event_and_list all;
        std::vector<sc_core::sc_process_handle> h;
        for (unsigned k = 0; k < 8; k++)
            h.push_back(sc_core::sc_spawn([this, k, &rs]() {
                rs[k] = op(s1, 0, tlm::TLM_READ_COMMAND, 0x100 + 0x40 * k, 0, ext(k));
            }));
        /* two threads on wavefront 7 of SM 3 */
        h.push_back(sc_core::sc_spawn(
            [this, &rs]() { rs[8] = op(s1, 3, tlm::TLM_READ_COMMAND, 0x400, 0, ext(7)); }));
        h.push_back(sc_core::sc_spawn(
            [this, &rs]() { rs[9] = op(s1, 3, tlm::TLM_READ_COMMAND, 0x800, 0, ext(7)); }));
        for (auto& p : h)
            all &= p.terminated_event();
        wait(all);
        unsigned overlap = 0;
        for (unsigned a = 0; a < 8; a++) {
            CHECK(rs[a].st == tlm::TLM_OK_RESPONSE, "wf %u", a);
            for (unsigned b = a + 1; b < 8; b++)
                if (rs[a].e.start_cycle < rs[b].e.done_cycle &&
                    rs[b].e.start_cycle < rs[a].e.done_cycle)
                    overlap++;
        }
        CHECK(overlap > 0, "no two wavefronts in flight at once");
        const result& x = rs[8].e.start_cycle < rs[9].e.start_cycle ? rs[8] : rs[9];
        const result& y = rs[8].e.start_cycle < rs[9].e.start_cycle ? rs[9] : rs[8];
        CHECK(y.e.start_cycle >= x.e.done_cycle && y.e.issue_cycle < y.e.start_cycle,
              "same wavefront: second started %llu, first done %llu",
              (unsigned long long)y.e.start_cycle, (unsigned long long)x.e.done_cycle);
        std::printf("  concurrency: 8 wavefronts of SM 0, %u pairs in flight together; one "
                    "wavefront's two operations one after the other\n",
                    overlap);
    }

    void quantum() {
        unsigned nonzero = 0;
        for (unsigned k = 0; k < 20; k++) {
            wait(m8.period() * (double)(k % 5) / 2);
            result r = op(s8, k % 4, tlm::TLM_READ_COMMAND, 0x40 * (k % 6), 0, ext(k % 8));
            CHECK(r.st == tlm::TLM_OK_RESPONSE, "q8 load");
            CHECK(r.t1 + r.delay == m8.edge(r.e.done_cycle), "q8: %s + %s vs %s",
                  r.t1.to_string().c_str(), r.delay.to_string().c_str(),
                  m8.edge(r.e.done_cycle).to_string().c_str());
            if (r.delay > SC_ZERO_TIME)
                nonzero++;
            wait(r.delay); /* the initiator synchronises */
        }
        CHECK(nonzero > 0, "quantum 8 never annotated");
        std::printf("  quantum 8: time + annotation = done edge in 20 loads, %u annotations > 0\n",
                    nonzero);
    }

    void reconfigure() {
        result r;
        bool done = false;
        sc_core::sc_spawn([this, &r, &done]() {
            r = op(s1, 0, tlm::TLM_READ_COMMAND, 0xc0, 0, ext(0));
            done = true;
        });
        wait(m1.period() * 2.0);
        std::string err;
        backend_options b;
        CHECK(!done && !m1.configure(small("tc-strong"), b, err) &&
                  err.find("in flight") != std::string::npos,
              "configure in flight: %s", err.c_str());
        while (!done)
            wait(m1.period());
        CHECK(r.st == tlm::TLM_OK_RESPONSE, "the load in flight");
        std::printf("  configure while in flight refused: %s\n", err.c_str());
        /* abort: the operation in flight completes with an error, so do later ones */
        done = false;
        sc_core::sc_spawn([this, &r, &done]() {
            r = op(s1, 1, tlm::TLM_READ_COMMAND, 0x1c0, 0, ext(2));
            done = true;
        });
        wait(m1.period() * 2.0);
        m1.abort("test: aborted");
        wait(SC_ZERO_TIME);
        wait(SC_ZERO_TIME);
        CHECK(done && r.st == tlm::TLM_GENERIC_ERROR_RESPONSE, "aborted load: done %d", done);
        CHECK(m1.status() == memsys::state::aborted && m1.failure() == "test: aborted",
              "status after abort");
        CHECK(op(s1, 0, tlm::TLM_READ_COMMAND, 0x40, 0, ext(0)).st ==
                  tlm::TLM_GENERIC_ERROR_RESPONSE,
              "load after abort");
        std::printf("  abort: the load in flight and a later one answered with an error\n");
        static const char* const variants[] = {"tc-weak", "tc-strong", "tc-weak-c", "gpu-d",
                                               "gpu-h"};
        for (const char* v : variants) {
            while (m1.status() == memsys::state::running && !m1.idle())
                wait(m1.idle_event());
            configure(m1, v);
            values(m1, s1, v, 0x240);
        }
        static const char* const lazy[] = {"hlrc", "hlrc-scoped"};
        for (const char* v : lazy) {
            while (m1.status() == memsys::state::running && !m1.idle())
                wait(m1.idle_event());
            configure(m1, v);
            values(m1, s1, v, 0x240, true);
        }
        std::printf("  every variant: store (hLRC: release store), GPU fence, acquire load on "
                    "another SM\n");
    }

    void main() {
        configure(m1, "tc-weak");
        configure(m8, "tc-weak");
        errors();
        values(m1, s1, "tc-weak", 0x40);
        atomics();
        timing();
        idle_gap();
        concurrency();
        quantum();
        reconfigure();
        std::printf("  transactions %llu, clock wake-ups %llu (quantum 1) and %llu (quantum 8)\n",
                    (unsigned long long)(m1.transactions() + m8.transactions()),
                    (unsigned long long)m1.wakeups(), (unsigned long long)m8.wakeups());
        sc_core::sc_stop();
    }
};

int sc_main(int argc, char** argv) {
    (void)argc;
    (void)argv;
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO,
                                            sc_core::SC_DO_NOTHING); /* "stopped by user" */
    tester t("t");
    sc_core::sc_start();
    if (g_fails) {
        std::printf("FAIL test_memsys: %u of %u checks failed\n", g_fails, g_checks);
        return 1;
    }
    std::printf("PASS test_memsys: %u checks\n", g_checks);
    return 0;
}

/* SystemC's banner is printed before sc_main: this main() silences it first. */
int main(int argc, char** argv) {
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    return sc_core::sc_elab_and_sim(argc, argv);
}
