// SPDX-License-Identifier: Apache-2.0
//
// shim_common.h -- what every unit's C++ shim shares: the Verilated model with its context and
// FST trace, one rising edge per tick (docs/timing.md), word copies between the C structs and
// Verilator ports of any width, the assertion counter. Include it in exactly one translation
// unit per model.so (it defines vl_stop()). Nothing here models behaviour.
#ifndef GPUCOH_SHIM_COMMON_H
#define GPUCOH_SHIM_COMMON_H

#include "verilated.h"
#include "verilated_fst_c.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#include <unistd.h>
#endif

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

extern "C" {
#include "gpucoh_rtl.h"
}

#ifndef GPUCOH_BUILD_KEY
#define GPUCOH_BUILD_KEY "unknown"
#endif

// Failed RTL assertions and $stop: Verilator calls vl_stop() at the end of the eval (the
// runtime is built with VL_USER_STOP). Its message is already printed; count it so that
// errors() is a plain load every cycle instead of a locked VerilatedContext query.
static uint32_t g_stops = 0;
static uint32_t g_quiet_stops = 0; // expected $error lines whose vl_stop() is still to come

void vl_stop(const char* filename, int linenum, const char* hier) {
    (void)hier;
    ++g_stops;
    if (g_quiet_stops) { // the $stop of an expected input assertion (gpucoh_vl_printf below)
        --g_quiet_stops;
        return;
    }
    VL_PRINTF("%%Error: %s:%d: RTL $stop / assertion failure (gpucoh reports it as a "
              "divergence unless the stimulus presented an illegal input on purpose)\n",
              filename, linenum);
}

// Assertions on the unit's inputs. Verilator prints a failed assertion through VL_PRINTF, which
// tools/build_rtl.sh points here (-DVL_PRINTF=gpucoh_vl_printf, model and runtime). The RTL
// flags every protocol error of its environment with $warning (ASSERT_WARN, tc_l2's immediate
// checks: an illegal input the unit page defines the behaviour for) and fails with $error on
// tc_gwct's G2 checks (an ack of an idle wavefront, an issue of a full one: tc_gwct.md G2), whose
// count the engine compares with the model's. A run that presents illegal inputs on purpose
// says so through gpucoh_rtl_expect_input_asserts(1) (looked up with dlsym:
// tb/engine/rtl_load.c); those failures are then expected: counted (gpucoh_rtl_input_asserts())
// and not printed. Every other line prints, so a raw assertion line on the terminal means a
// real problem. The RTL is untouched by this (its text is in every synthesis fingerprint).
static int g_expect_input = 0;
static uint64_t g_input_asserts = 0;
static const char* const kInputErrorAsserts[] = {".G2_AckNotZero_A:", ".G2_IssueNotFull_A:"};

extern "C" __attribute__((visibility("default"))) void gpucoh_rtl_expect_input_asserts(int on) {
    g_expect_input = on;
}
extern "C" __attribute__((visibility("default"))) uint64_t gpucoh_rtl_input_asserts(void) {
    return g_input_asserts;
}

extern "C" int gpucoh_vl_printf(const char* fmt, ...) {
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (std::strstr(buf, "Assertion failed in")) {
        bool input = std::strstr(buf, "%Warning:") != nullptr;
        for (const char* name : kInputErrorAsserts)
            if (std::strstr(buf, "%Error:") && std::strstr(buf, name))
                input = true;
        if (input) {
            ++g_input_asserts;
            // GPUCOH_SHOW_EXPECTED_ASSERTS=1: print them anyway (still counted), for checks that
            // count each assertion by name (make test: the GPU bank's illegal inputs)
            static const bool show = std::getenv("GPUCOH_SHOW_EXPECTED_ASSERTS") != nullptr;
            if (g_expect_input && !show) {
                if (std::strstr(buf, "%Error:"))
                    ++g_quiet_stops;
                return n;
            }
        }
    }
    return std::fputs(buf, stdout) < 0 ? -1 : n;
}

namespace gpucoh {

template <typename Top> struct Sim {
    VerilatedContext ctx;
    Top* top = nullptr;
    VerilatedFstC* tfp = nullptr;
    uint32_t stops0 = 0; // g_stops when this model was created
};

template <typename Top> void* create() {
    auto* s = new Sim<Top>;
    s->stops0 = g_stops;
    s->ctx.traceEverOn(true);
    s->ctx.fatalOnError(false);
    s->top = new Top{&s->ctx, "TOP"};
    s->top->clk_i = 0;
    s->top->rst_ni = 0;
    s->top->eval();
    return s;
}

#if VM_COVERAGE
// A model built for toggle counting (tools/build_rtl.sh, GPUCOH_VFLAGS with --coverage-toggle;
// synth/energy.sh) writes its per-bit toggle counts to GPUCOH_TOGGLE_DAT.<pid>.<n>, one file per
// model instance (a system has one per SM or bank), when it is destroyed.
inline unsigned g_toggle_files = 0;
template <typename Top> void write_toggles(Sim<Top>* s) {
    const char* base = std::getenv("GPUCOH_TOGGLE_DAT");
    if (!base || !*base)
        return;
    char path[4096];
    std::snprintf(path, sizeof path, "%s.%ld.%u", base, static_cast<long>(getpid()),
                  g_toggle_files++);
    s->ctx.coveragep()->write(path);
}
#endif

template <typename Top> void destroy(void* h) {
    auto* s = static_cast<Sim<Top>*>(h);
#if VM_COVERAGE
    write_toggles(s);
#endif
    if (s->tfp) {
        s->tfp->close();
        delete s->tfp;
    }
    s->top->final();
    delete s->top;
    delete s;
}

template <typename Top> void dump(Sim<Top>* s) {
    if (s->tfp)
        s->tfp->dump(s->ctx.time());
    s->ctx.timeInc(1);
}

// The inputs are already on the ports: clock low and the new inputs in one eval, then the
// rising edge. In a dump inputs change at time 2c and the edge is at 2c+1.
template <typename Top> void edge(Sim<Top>* s) {
    s->top->clk_i = 0;
    s->top->eval();
    dump(s);
    s->top->clk_i = 1;
    s->top->eval();
    dump(s);
}

template <typename Top> int trace_open(void* h, const char* path) {
    auto* s = static_cast<Sim<Top>*>(h);
    if (s->tfp)
        return -1;
    s->tfp = new VerilatedFstC;
    s->top->trace(s->tfp, 99);
    s->tfp->open(path);
    if (!s->tfp->isOpen()) {
        delete s->tfp;
        s->tfp = nullptr;
        return -1;
    }
    return 0;
}

template <typename Top> void trace_close(void* h) {
    auto* s = static_cast<Sim<Top>*>(h);
    if (!s->tfp)
        return;
    s->tfp->close();
    delete s->tfp;
    s->tfp = nullptr;
}

template <typename Top> uint32_t errors(void* h) {
    return g_stops - static_cast<Sim<Top>*>(h)->stops0;
}

// Copy 32-bit words into a Verilator port or variable of any width (CData..QData, VlWide).
template <typename T> void put_words(T& dst, const uint32_t* w) {
    uint64_t v = w[0];
    if (sizeof(T) > 4)
        v |= static_cast<uint64_t>(w[1]) << 32;
    dst = static_cast<T>(v);
}
template <std::size_t N> void put_words(VlWide<N>& dst, const uint32_t* w) {
    for (std::size_t i = 0; i < N; ++i)
        dst[i] = w[i];
}
template <typename T> void get_words(uint32_t* w, const T& src) {
    uint64_t v = static_cast<uint64_t>(src);
    w[0] = static_cast<uint32_t>(v);
    if (sizeof(T) > 4)
        w[1] = static_cast<uint32_t>(v >> 32);
}
template <std::size_t N> void get_words(uint32_t* w, const VlWide<N>& src) {
    for (std::size_t i = 0; i < N; ++i)
        w[i] = src[i];
}
// A scalar (at most 64 bits) of any Verilator type.
template <typename T> uint64_t get_u64(const T& src) {
    return static_cast<uint64_t>(src);
}
template <std::size_t N> uint64_t get_u64(const VlWide<N>& src) {
    return src[0] | (N > 1 ? static_cast<uint64_t>(src[1]) << 32 : 0);
}

// `width` (1 .. 64) bits at bit `off` of a variable of any width: one element of a flat vector
// (`logic [N*W-1:0] x_q`, element i at off = i*W) or one bit of a packed vector.
inline uint64_t low_bits(uint64_t v, unsigned width) {
    return width >= 64 ? v : v & ((uint64_t{1} << width) - 1);
}
template <typename T> uint64_t get_field(const T& src, unsigned off, unsigned width) {
    return off >= 64 ? 0 : low_bits(static_cast<uint64_t>(src) >> off, width);
}
template <std::size_t N> uint64_t get_field(const VlWide<N>& src, unsigned off, unsigned width) {
    const unsigned w = off / 32, s = off % 32;
    uint64_t v = w < N ? src[w] : 0;
    if (w + 1 < N)
        v |= static_cast<uint64_t>(src[w + 1]) << 32;
    v >>= s;
    if (s != 0 && width + s > 64 && w + 2 < N)
        v |= static_cast<uint64_t>(src[w + 2]) << (64 - s);
    return low_bits(v, width);
}

// Drive a port or variable of any width from a scalar (at most 64 bits).
template <typename T> void put_u64(T& dst, uint64_t v) {
    dst = static_cast<T>(v);
}
template <std::size_t N> void put_u64(VlWide<N>& dst, uint64_t v) {
    for (std::size_t i = 0; i < N; ++i)
        dst[i] = 0;
    dst[0] = static_cast<uint32_t>(v);
    if (N > 1)
        dst[1] = static_cast<uint32_t>(v >> 32);
}

// How a shim derives a state field from a condition bit (a live / rolled bit) and registers,
// written so that the same reads also run on a netlist's removed-bit mask (shim_netlist.h has
// the overloads for the mask, where a condition reads as "the netlist holds this bit"):
//   nl_not(r, b)           !b
//   nl_pick(r, c, a, b)    c ? a : b (on the mask: a's bits if c is held, else none)
template <typename R> bool nl_not(const R*, bool b) {
    return !b;
}
template <typename R> uint64_t nl_pick(const R*, bool c, uint64_t a, uint64_t b) {
    return c ? a : b;
}

// Insert `width` bits of value v at bit `off` of a little-endian word buffer.
inline void put_field(uint32_t* buf, unsigned off, unsigned width, uint64_t v) {
    for (unsigned b = 0; b < width; ++b) {
        const unsigned p = off + b;
        const uint32_t bit = static_cast<uint32_t>((v >> b) & 1u) << (p % 32);
        buf[p / 32] = (buf[p / 32] & ~(1u << (p % 32))) | bit;
    }
}

// ---- the port table (cmodel/<unit>_ports.h, docs/framework.md "The port table") ------------
// A field of the unit's in struct onto its port, a port into a field of its out struct: a
// scalar field (bool, integer, enum) of at most 64 bits, a word array (word i = bits
// [32i+31:32i]), or n elements of ew bits each packed into the port (element j at [j*ew +: ew]).
// A scalar is cut to the port's width (bits above it name nothing: tc_gwct's obl_mask_i).
template <typename T, typename F> void put_port(T& dst, const F& f, unsigned width) {
    put_u64(dst, low_bits(static_cast<uint64_t>(f), width));
}
template <typename T, std::size_t N> void put_port(T& dst, const uint32_t (&a)[N], unsigned) {
    put_words(dst, a);
}
template <typename F, typename T> void get_port(F& f, const T& src) {
    f = static_cast<F>(get_u64(src));
}
template <std::size_t N, typename T> void get_port(uint32_t (&a)[N], const T& src) {
    get_words(a, src);
}
struct packed_port {
    unsigned n, ew;
    template <typename T, typename E, std::size_t M>
    void operator()(T& dst, const E (&a)[M], unsigned) const {
        uint32_t buf[(sizeof(T) + 3) / 4 + 2] = {};
        for (unsigned j = 0; j < n && j < M; ++j)
            put_elem(buf, j * ew, a[j]);
        put_words(dst, buf);
    }

  private:
    void put_elem(uint32_t* buf, unsigned off, uint64_t v) const { put_field(buf, off, ew, v); }
    template <std::size_t W>
    void put_elem(uint32_t* buf, unsigned off, const uint32_t (&w)[W]) const {
        for (unsigned b = 0; b < ew; b += 32) {
            const uint32_t v = b / 32 < W ? w[b / 32] : 0u;
            if ((off + b) % 32 == 0 && ew - b >= 32)
                buf[(off + b) / 32] = v; // whole words (a byte mask of a multiple of 32 bytes)
            else
                put_field(buf, off + b, ew - b < 32 ? ew - b : 32, v);
        }
    }
};

} // namespace gpucoh

// In a tick(h, in, out) with the Verilated top t, the C structs in and out:
//   UNIT_PORTS(GPUCOH_SHIM_PUT, GPUCOH_SHIM_P)   every IN row: field -> port
//   UNIT_PORTS(GPUCOH_SHIM_GET, GPUCOH_SHIM_P)   every OUT row: port -> field
// P(Name) is the parameter tools/build_rtl.sh compiled the model with (GPUCOH_P_<Name>).
#define GPUCOH_SHIM_P(n)                                    GPUCOH_P_##n
#define GPUCOH_SHIM_PUT(port, dir, w, f, shape, wave, filt) GPUCOH_SHIM_PUT_##dir(port, w, f, shape)
#define GPUCOH_SHIM_PUT_IN(port, w, f, shape)                                                      \
    GPUCOH_SHIM_PUTS_##shape(t->port, in->f, static_cast<unsigned>(w));
#define GPUCOH_SHIM_PUT_OUT(port, w, f, shape)
#define GPUCOH_SHIM_PUTS_SCALAR ::gpucoh::put_port
#define GPUCOH_SHIM_PUTS_WORDS  ::gpucoh::put_port
#define GPUCOH_SHIM_PUTS_BITS   ::gpucoh::put_port
#define GPUCOH_SHIM_PUTS_PACKED(n, ew)                                                             \
    ::gpucoh::packed_port {                                                                        \
        static_cast<unsigned>(n), static_cast<unsigned>(ew)                                        \
    }
#define GPUCOH_SHIM_PUTS_NONE(dst, f, w)                    ::gpucoh::put_u64(dst, 0) // no C field: driven 0
#define GPUCOH_SHIM_GET(port, dir, w, f, shape, wave, filt) GPUCOH_SHIM_GET_##dir(port, f, shape)
#define GPUCOH_SHIM_GET_IN(port, f, shape)
#define GPUCOH_SHIM_GET_OUT(port, f, shape) GPUCOH_SHIM_GETS_##shape(out->f, t->port)
#define GPUCOH_SHIM_GETS_SCALAR(f, p)       ::gpucoh::get_port(f, p);
#define GPUCOH_SHIM_GETS_WORDS(f, p)        ::gpucoh::get_port(f, p);
#define GPUCOH_SHIM_GETS_BITS(f, p)         ::gpucoh::get_port(f, p);
#define GPUCOH_SHIM_GETS_NONE(f, p)

#define GPUCOH_API(Top, name, tick, state)                                                         \
    namespace {                                                                                    \
    const gpucoh_rtl_api_t kApi = {GPUCOH_RTL_ABI,                                                 \
                                   name,                                                           \
                                   GPUCOH_BUILD_KEY,                                               \
                                   gpucoh::create<Top>,                                            \
                                   gpucoh::destroy<Top>,                                           \
                                   tick,                                                           \
                                   state,                                                          \
                                   gpucoh::trace_open<Top>,                                        \
                                   gpucoh::trace_close<Top>,                                       \
                                   gpucoh::errors<Top>};                                           \
    }                                                                                              \
    extern "C" const gpucoh_rtl_api_t* gpucoh_rtl_api(void) {                                      \
        return &kApi;                                                                              \
    }

#endif
