// SPDX-License-Identifier: Apache-2.0
//
// sc_lockstep.cpp -- the SystemC lockstep of one unit's two pin-level flavours (docs/systemc.md
// section 3). Built per unit and parameter set by systemc/build_sc.sh with
//   -DGPUCOH_SC_UNIT=<unit> -DGPUCOH_SC_C_H="<unit>_sc_c.h" -DGPUCOH_SC_RTL_H="<unit>_sc_rtl.h"
//   -DGPUCOH_SC_KEY="<unit> Name=Value ..."
// One netlist: a clock (period 2 ns, first rising edge at 1 ns), one signal per input port
// driven by the stimulus, the C flavour <unit>_sc_c and the RTL flavour <unit>_sc_rtl bound to
// those same signals, one signal per output port and flavour. The stimulus (systemc/sc_host.c)
// gives the unit's C input struct of cycle c; the driver puts it on the input signals at time 2c,
// both flavours sample them at the rising edge at 2c+1, and at 2c+2 every output port of the two
// is compared, through the step compare the unit and system lockstep share (tb/engine/step.h).
// The command line, the stimulus and the report are C (sc_host.h); this file only builds the
// netlist and runs it.
#include "gpucoh_sc.h"

#include GPUCOH_SC_C_H
#include GPUCOH_SC_RTL_H
#include GPUCOH_SC_WIDTHS_H

extern "C" {
#include "sc_host.h"
#include "step.h"
}

#include <chrono>
#include <cstdlib>
#include <string>

#define GPUCOH_SC_CAT2(a, b) a##b
#define GPUCOH_SC_CAT(a, b)  GPUCOH_SC_CAT2(a, b)
#define LS_C                 GPUCOH_SC_CAT(GPUCOH_SC_UNIT, _sc_c)
#define LS_RTL               GPUCOH_SC_CAT(GPUCOH_SC_UNIT, _sc_rtl)
#define LS_MODEL             GPUCOH_SC_CAT(GPUCOH_SC_UNIT, _sc_model)
#define LS_PINS              GPUCOH_SC_CAT(GPUCOH_SC_PINS_, GPUCOH_SC_UNIT)
#define GPUCOH_SC_STR2(a)    #a
#define GPUCOH_SC_STR(a)     GPUCOH_SC_STR2(a)

// Every row of the port table (cmodel/<unit>_ports.h) is a pin; the rows without a C field
// (shape NONE: tc_gwct's combinational read port) are driven with the cycle number, their
// outputs compared as the others (the *2 variants). LS_X(port, dir, w, f, shape, wave, filt) ->
// LS_X_IN / LS_X_OUT (port, w, f) or LS_X_IN2 / LS_X_OUT2 (port, w): gpucoh_sc.h.
#define LS_T(w)                                     ::gpucoh_sc::pin_t<GPUCOH_SC_W(w)>
#define LS_SIG(port, dir, w, f, shape, wave, filt)  GPUCOH_SC_ROW(LS_SIG, port, dir, w, f, shape)
#define LS_SIG_IN(port, w, f)                       ::sc_core::sc_signal<LS_T(w)> port;
#define LS_SIG_OUT(port, w, f)                      ::sc_core::sc_signal<LS_T(w)> c_##port, r_##port;
#define LS_INIT(port, dir, w, f, shape, wave, filt) GPUCOH_SC_ROW(LS_INIT, port, dir, w, f, shape)
#define LS_INIT_IN(port, w, f)                      , port("in_" #port)
#define LS_INIT_OUT(port, w, f)                     , c_##port("c_" #port), r_##port("rtl_" #port)
#define LS_BIND(port, dir, w, f, shape, wave, filt) GPUCOH_SC_ROW(LS_BIND, port, dir, w, f, shape)
#define LS_BIND_IN(port, w, f)                                                                     \
    cm.port(port);                                                                                 \
    rm.port(port);
#define LS_BIND_OUT(port, w, f)                                                                    \
    cm.port(c_##port);                                                                             \
    rm.port(r_##port);
#define LS_DRIVE(port, dir, w, f, shape, wave, filt) GPUCOH_SC_ROW(LS_DRIVE, port, dir, w, f, shape)
#define LS_DRIVE_IN(port, w, f)                      port.write(::gpucoh_sc::field_to_pin<GPUCOH_SC_W(w)>(f, false));
#define LS_DRIVE_OUT                                 GPUCOH_SC_NONE
#define LS_CMP(port, dir, w, f, shape, wave, filt)   GPUCOH_SC_ROW(LS_CMP, port, dir, w, f, shape)
#define LS_CMP_IN                                    GPUCOH_SC_NONE
#define LS_CMP_OUT(port, w, f)                                                                     \
    if (!(c_##port.read() == r_##port.read()) && bad++ == 0)                                       \
        first(#port, ::gpucoh_sc::hex<GPUCOH_SC_W(w)>(c_##port.read()),                            \
              ::gpucoh_sc::hex<GPUCOH_SC_W(w)>(r_##port.read()));
#define LS_PREV(port, dir, w, f, shape, wave, filt)  GPUCOH_SC_ROW(LS_PREV, port, dir, w, f, shape)
#define LS_PREV_IN                                   GPUCOH_SC_NONE
#define LS_PREV_OUT(port, w, f)                      LS_T(w) p_##port{};
#define LS_MOVED(port, dir, w, f, shape, wave, filt) GPUCOH_SC_ROW(LS_MOVED, port, dir, w, f, shape)
#define LS_MOVED_IN                                  GPUCOH_SC_NONE
#define LS_MOVED_OUT(port, w, f)                                                                   \
    if (!(c_##port.read() == p_##port)) {                                                          \
        moved = true;                                                                              \
        p_##port = c_##port.read();                                                                \
    }
#define LS_TRACE(port, dir, w, f, shape, wave, filt) GPUCOH_SC_ROW(LS_TRACE, port, dir, w, f, shape)
#define LS_TRACE_IN(port, w, f)                      ::ls_trace<GPUCOH_SC_W(w)>(tf, port, "in." #port);
#define LS_TRACE_OUT(port, w, f)                                                                   \
    ::ls_trace<GPUCOH_SC_W(w)>(tf, c_##port, "c." #port);                                          \
    ::ls_trace<GPUCOH_SC_W(w)>(tf, r_##port, "rtl." #port);

// the combinational rows: as the others, but driven with the cycle number
#define LS_SIG_IN2(port, w)    LS_SIG_IN(port, w, 0)
#define LS_SIG_OUT2(port, w)   LS_SIG_OUT(port, w, 0)
#define LS_INIT_IN2(port, w)   LS_INIT_IN(port, w, 0)
#define LS_INIT_OUT2(port, w)  LS_INIT_OUT(port, w, 0)
#define LS_BIND_IN2(port, w)   LS_BIND_IN(port, w, 0)
#define LS_BIND_OUT2(port, w)  LS_BIND_OUT(port, w, 0)
#define LS_CMP_IN2             GPUCOH_SC_NONE2
#define LS_CMP_OUT2(port, w)   LS_CMP_OUT(port, w, 0)
#define LS_TRACE_IN2(port, w)  LS_TRACE_IN(port, w, 0)
#define LS_TRACE_OUT2(port, w) LS_TRACE_OUT(port, w, 0)
#define LS_PREV_IN2            GPUCOH_SC_NONE2
#define LS_PREV_OUT2(port, w)  LS_PREV_OUT(port, w, 0)
#define LS_MOVED_IN2           GPUCOH_SC_NONE2
#define LS_MOVED_OUT2(port, w) LS_MOVED_OUT(port, w, 0)
#define LS_DRIVE_OUT2          GPUCOH_SC_NONE2
#define LS_DRIVE_IN2(port, w)                                                                      \
    {                                                                                              \
        const uint32_t cw[2] = {static_cast<uint32_t>(cycle), static_cast<uint32_t>(cycle >> 32)}; \
        port.write(::gpucoh_sc::pin_make<GPUCOH_SC_W(w)>(cw, true));                               \
    }

// Every port of the table as wide as the RTL's (Verilator's XML of the same elaboration:
// build_sc.sh): the one copy of the ports (cmodel/<unit>_ports.h) is checked against the RTL
// here. A port the RTL lacks does not compile either; one the table lacks is left unbound
// (SystemC stops at elaboration); the types follow from the widths.
#define LS_WCHK(port, dir, w, f, shape, wave, filt)                                                \
    static_assert(GPUCOH_SC_W(w) == GPUCOH_SC_CAT(GPUCOH_SC_UNIT, _sc_rtl_w)::port,                \
                  "the port table's " #port " (cmodel/" GPUCOH_SC_STR(                             \
                      GPUCOH_SC_UNIT) "_ports.h) is not as wide as the RTL's");
LS_PINS(LS_WCHK)

// a signal in the VCD with the port's width
template <unsigned W, typename T>
void ls_trace(sc_core::sc_trace_file* tf, const sc_core::sc_signal<T>& s, const char* name) {
    if constexpr (W == 1 || W > 64)
        sc_core::sc_trace(tf, s, name);
    else
        sc_core::sc_trace(tf, s.read(), name, static_cast<int>(W));
}

class lockstep : public sc_core::sc_module {
  public:
    SC_HAS_PROCESS(lockstep);
    sc_core::sc_clock clk;
    LS_PINS(LS_SIG)
    LS_C cm;
    LS_RTL rm;
    sch_result_t res{};

    lockstep(sc_core::sc_module_name nm, const sch_opts_t* o, sch_stim_t* st)
        : sc_core::sc_module(nm),
          clk("clk_i", 2, sc_core::SC_NS, 0.5, 1, sc_core::SC_NS, true) LS_PINS(LS_INIT), cm("c"),
          rm("rtl"), o_(o), st_(st) {
        cm.clk_i(clk);
        rm.clk_i(clk);
        LS_PINS(LS_BIND)
        SC_THREAD(run);
    }

    void trace_all(sc_core::sc_trace_file* tf) {
        sc_core::sc_trace(tf, clk, "clk_i");
        LS_PINS(LS_TRACE)
    }

  private:
    const sch_opts_t* o_;
    sch_stim_t* st_;
    LS_PINS(LS_PREV) // the outputs after the previous edge

    // evidence that the compare is not idle: the cycles in which some output changed
    void activity() {
        bool moved = false;
        LS_PINS(LS_MOVED)
        res.active += moved ? 1u : 0u;
    }

    void drive(const LS_MODEL::in_t& s, uint64_t cycle) {
        LS_PINS(LS_DRIVE)
        (void)cycle;
    }

    // the first differing port of a check in full, and of the run (fport_ ...): the report's
    // record (gpucoh_divergence_t) keeps 1200 characters of a value, gpucoh_mismatch_t 192
    std::string pport_, pexp_, pgot_;
    std::string fport_, fexp_, fgot_;
    gpucoh_first_t first_{};

    void first(const char* port, const std::string& e, const std::string& g) {
        pport_ = port;
        pexp_ = e;
        pgot_ = g;
    }

    static void describe(gpucoh_mismatch_t* mm, const std::string& port, const std::string& e,
                         const std::string& g) {
        std::snprintf(mm->field, sizeof mm->field, "%s", port.c_str());
        std::snprintf(mm->expected, sizeof mm->expected, "%s", e.c_str());
        std::snprintf(mm->got, sizeof mm->got, "%s", g.c_str());
    }

  public:
    // The checks of the step (tb/engine/step.h): every output port of the two flavours; the
    // RTL's assertion failures against the ones the stimulus provoked on purpose. Each keeps its
    // first difference in full for the report.
    uint32_t check_out(gpucoh_mismatch_t* mm) {
        uint32_t bad = 0;
        LS_PINS(LS_CMP)
        if (bad)
            describe(mm, pport_, pexp_, pgot_);
        return bad;
    }

    uint32_t check_asserts(gpucoh_mismatch_t* mm) {
        const uint64_t want = sch_stim_rtl_errors(st_), got = gpucoh_sc_rtl_errors();
        if (got == want)
            return 0;
        first(GPUCOH_SC_STR(GPUCOH_SC_UNIT) " (RTL assertion)",
              std::to_string(want) + " assertion failures expected",
              std::to_string(got) + " RTL assertion or $error failures (see stderr)");
        describe(mm, pport_, pexp_, pgot_);
        return 1;
    }

    // a check that differed: the run's first divergence is kept in full for the report; every
    // check of the step runs (the further differing ports are counted)
    int report(bool is_first) {
        if (is_first) {
            fport_ = pport_;
            fexp_ = pexp_;
            fgot_ = pgot_;
        }
        return 0;
    }

  private:
    // the step's compare: the number of differing ports (and assertion check), 0 if all agree
    uint64_t compare(uint64_t cycle);

    void run() {
        const uint64_t n = sch_cycles(o_);
        sch_progress_start(o_);
        const auto t0 = std::chrono::steady_clock::now();
        for (uint64_t c = 0; c < n; c++) {
            const void* in = sch_stim_next(st_, c);
            if (!in) {
                res.stim_failed = true;
                break;
            }
            drive(*static_cast<const LS_MODEL::in_t*>(in), c); // time 2c
            wait(clk.negedge_event());                         // after the rising edge at 2c+1
            res.cycles = c + 1;
            res.compared = c + 1;
            activity();
            const uint64_t bad = compare(c);
            if (bad) {
                res.mismatches = 1;
                gpucoh_divergence_make(&res.div, first_.cycle, first_.kind,
                                       GPUCOH_SC_STR(GPUCOH_SC_UNIT), fport_.c_str(), fexp_.c_str(),
                                       fgot_.c_str(), bad - 1, "");
                break;
            }
            if ((c & 0x3fffu) == 0x3fffu && sch_progress(c + 1)) {
                res.interrupted = true;
                break;
            }
        }
        res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        res.rtl_errors = gpucoh_sc_rtl_errors();
        res.rtl_errors_expected = sch_stim_rtl_errors(st_);
        sc_core::sc_stop();
    }
};

extern "C" {
static uint32_t ls_check_out(void* a, gpucoh_mismatch_t* mm) {
    return static_cast<lockstep*>(a)->check_out(mm);
}
static uint32_t ls_check_asserts(void* a, gpucoh_mismatch_t* mm) {
    return static_cast<lockstep*>(a)->check_asserts(mm);
}
static int ls_report(void* a, gpucoh_check_kind_t, const gpucoh_mismatch_t*, bool first) {
    return static_cast<lockstep*>(a)->report(first);
}
}

uint64_t lockstep::compare(uint64_t cycle) {
    static const gpucoh_check_t checks[] = {
        {GPUCOH_CHECK_OUTPUT, ls_check_out},
        {GPUCOH_CHECK_ASSERTION, ls_check_asserts},
    };
    return gpucoh_step_compare(checks, 2, this, cycle, &first_, ls_report);
}

int sc_main(int argc, char** argv) {
    sch_opts_t* o = nullptr;
    int rc = sch_parse(argc, argv, &o);
    if (rc == SCH_EXIT_HELP)
        return 0;
    if (rc != 0)
        return 2;
    if (std::string(sch_rtl_key(o)) != GPUCOH_SC_KEY) {
        std::fprintf(stderr,
                     "sc_lockstep: this binary was built for '%s', the command line asks for "
                     "'%s'; run it through build/systemc/sc_lockstep\n",
                     GPUCOH_SC_KEY, sch_rtl_key(o));
        return 2;
    }
    if (sch_build_only(o))
        return 0;
    char err[1024];
    sch_stim_t* st = sch_stim_new(o, err, sizeof err);
    if (!st) {
        std::fprintf(stderr, "sc_lockstep: %s\n", err);
        return 2;
    }
    sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", sc_core::SC_DO_NOTHING);
    sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING); // "stopped"
    Verilated::fatalOnError(false); // assertion failures are counted (gpucoh_sc_rt.cpp)
    lockstep top("top", o, st);
    sc_core::sc_trace_file* tf = nullptr;
    if (sch_wave(o)) {
        std::string base = sch_wave(o);
        base.resize(base.size() - 4); // sc_trace appends .vcd
        tf = sc_core::sc_create_vcd_trace_file(base.c_str());
        tf->set_time_unit(1, sc_core::SC_NS);
        top.trace_all(tf);
    }
    sc_core::sc_start();
    if (tf)
        sc_core::sc_close_vcd_trace_file(tf);
    top.rm.final();
    rc = sch_report(o, st, &top.res);
    sch_stim_free(st);
    sch_opts_free(o);
    return rc;
}
