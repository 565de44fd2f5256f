// SPDX-License-Identifier: Apache-2.0
//
// gpucoh_sc.h -- what the pin-level SystemC modules share (docs/systemc.md section 1).
//
// Every catalogue unit comes in two SystemC flavours with the same ports: <unit>_sc_rtl, the
// Verilated RTL (`verilator --sc`), and <unit>_sc_c, its C model (cmodel/<unit>.[ch]) behind the
// same pins. Port names are the RTL's; port types follow Verilator 5.006's --sc rules, checked
// against what it emits (systemc/build_sc.sh): 1 bit bool, 2..32 bits uint32_t, 33..64 bits
// uint64_t, wider sc_bv<W>. Both flavours are built per parameter set, since the widths are.
//
// A unit's pins are its port table (cmodel/<unit>_ports.h, docs/framework.md "The port table"),
// the one copy the shim, the testbench's compare and the wave lists are expanded from too:
// systemc/<unit>_sc_c.h names it GPUCOH_SC_PINS_<unit>(X), with P(Name) the build's parameter
// set. Every row becomes a pin; a field of the C port struct `s` is s.op, s.req.kind, or for a
// PACKED row packer{N, AW}(s.req_addr). From it come the C flavour's ports and its pins <->
// struct copies, and the lockstep's signals, driver and compare (systemc/sc_lockstep.cpp).
// Nothing here models behaviour.
#ifndef GPUCOH_SC_H
#define GPUCOH_SC_H

#include <systemc.h>

#include "gpucoh_ports.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>

namespace gpucoh_sc {

// ---- port types ---------------------------------------------------------------------------
template <unsigned W, typename = void> struct pin_type { using type = sc_dt::sc_bv<W>; };
template <unsigned W> struct pin_type<W, typename std::enable_if<W == 1>::type> {
    using type = bool;
};
template <unsigned W> struct pin_type<W, typename std::enable_if<(W >= 2 && W <= 32)>::type> {
    using type = uint32_t;
};
template <unsigned W> struct pin_type<W, typename std::enable_if<(W >= 33 && W <= 64)>::type> {
    using type = uint64_t;
};
template <unsigned W> using pin_t = typename pin_type<W>::type;

constexpr unsigned words(unsigned w) {
    return (w + 31u) / 32u;
}
// ceil(log2(v)) for v >= 1; log2 of a power of two
constexpr unsigned clog2(uint64_t v) {
    return v <= 1 ? 0u : 1u + clog2((v + 1) / 2);
}
constexpr unsigned max1(unsigned v) {
    return v < 1u ? 1u : v;
}
// the largest port of any unit: tc_l1 / tc_l2 / gpu_* lines of 128 bytes (1024 bits); rdu's
// packed request addresses at 64 SMs x 64 bits (4096)
constexpr unsigned kMaxWords = 128;

// the low `bits` bits set (bits <= 64)
constexpr uint64_t low_mask(unsigned bits) {
    return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1u;
}

inline void mask_top(uint32_t* w, unsigned width) {
    if (width % 32u)
        w[width / 32u] &= (1u << (width % 32u)) - 1u;
}

// ---- pin values <-> 32-bit words (bit b of the port = bit b%32 of word b/32) -----------------
inline void pin_get(bool v, uint32_t* w) {
    w[0] = v ? 1u : 0u;
}
inline void pin_get(uint32_t v, uint32_t* w) {
    w[0] = v;
}
inline void pin_get(uint64_t v, uint32_t* w) {
    w[0] = static_cast<uint32_t>(v);
    w[1] = static_cast<uint32_t>(v >> 32);
}
template <int W> void pin_get(const sc_dt::sc_bv<W>& v, uint32_t* w) {
    for (unsigned i = 0; i < words(W); i++)
        w[i] = static_cast<uint32_t>(v.get_word(static_cast<int>(i)));
    mask_top(w, W);
}

// A pin value from words. masked: bits at and above W cleared (what a W-bit port carries);
// unmasked (the lockstep's driver) a uint32_t / uint64_t pin carries the field's bits as they
// are, so a C flavour that declares a port too narrow reads other bits than the RTL does.
template <unsigned W> pin_t<W> pin_make(const uint32_t* w, bool masked) {
    pin_t<W> v{};
    if constexpr (W == 1) {
        v = (w[0] & 1u) != 0;
    } else if constexpr (W <= 32) {
        v = masked ? (w[0] & static_cast<uint32_t>(low_mask(W))) : w[0];
    } else if constexpr (W <= 64) {
        const uint64_t x = w[0] | (static_cast<uint64_t>(w[1]) << 32);
        v = masked ? (x & low_mask(W)) : x;
    } else {
        for (unsigned i = 0; i < words(W); i++) {
            uint32_t x = w[i];
            if (i + 1 == words(W) && W % 32u)
                x &= (1u << (W % 32u)) - 1u;
            v.set_word(static_cast<int>(i), x);
        }
    }
    return v;
}

// ---- C struct fields <-> words --------------------------------------------------------------
// A scalar field (bool, an unsigned integer, an enum) of at most 64 bits.
template <typename T>
using if_scalar =
    typename std::enable_if<std::is_integral<T>::value || std::is_enum<T>::value, int>::type;
template <typename T, if_scalar<T> = 0> void field_get(const T& f, uint32_t* w, unsigned width) {
    const uint64_t v = static_cast<uint64_t>(f);
    w[0] = static_cast<uint32_t>(v);
    if (words(width) > 1)
        w[1] = static_cast<uint32_t>(v >> 32);
}
template <typename T, if_scalar<T> = 0> void field_set(T& f, const uint32_t* w, unsigned width) {
    uint64_t v = w[0];
    if (words(width) > 1)
        v |= static_cast<uint64_t>(w[1]) << 32;
    f = static_cast<T>(v);
}
// A word array (line data, byte masks, chunks): word i = bits [32i+31 : 32i].
template <std::size_t N> void field_get(const uint32_t (&a)[N], uint32_t* w, unsigned width) {
    for (unsigned i = 0; i < words(width); i++)
        w[i] = i < N ? a[i] : 0u;
}
template <std::size_t N> void field_set(uint32_t (&a)[N], const uint32_t* w, unsigned width) {
    for (unsigned i = 0; i < words(width) && i < N; i++)
        a[i] = w[i];
}

// n elements of ew bits each, element j at bits [j*ew +: ew] of the port (rdu's per-SM request
// addresses and masks). E is an unsigned integer or a word array.
template <typename E, std::size_t N> struct packed_ref {
    E (&a)[N];
    unsigned n, ew;
};
template <typename E, std::size_t N> packed_ref<E, N> packed(E (&a)[N], uint64_t n, uint64_t ew) {
    return packed_ref<E, N>{a, static_cast<unsigned>(n), static_cast<unsigned>(ew)};
}
template <typename E, std::size_t N>
packed_ref<E, N> packed(const E (&a)[N], uint64_t n, uint64_t ew) {
    return packed_ref<E, N>{const_cast<E(&)[N]>(a), static_cast<unsigned>(n),
                            static_cast<unsigned>(ew)};
}
// packer{n, ew}(s.f): a PACKED(n, ew) row of the port table
struct packer {
    unsigned n, ew;
    template <typename E, std::size_t N> packed_ref<E, N> operator()(E (&a)[N]) const {
        return packed(a, n, ew);
    }
    template <typename E, std::size_t N> packed_ref<E, N> operator()(const E (&a)[N]) const {
        return packed(a, n, ew);
    }
};
inline void put_bits(uint32_t* w, unsigned off, const uint32_t* v, unsigned width) {
    for (unsigned b = 0; b < width; b++) {
        const unsigned p = off + b;
        const uint32_t bit = (v[b / 32u] >> (b % 32u)) & 1u;
        w[p / 32u] = (w[p / 32u] & ~(1u << (p % 32u))) | (bit << (p % 32u));
    }
}
inline void get_bits(uint32_t* v, const uint32_t* w, unsigned off, unsigned width) {
    for (unsigned i = 0; i < words(width); i++)
        v[i] = 0;
    for (unsigned b = 0; b < width; b++) {
        const unsigned p = off + b;
        v[b / 32u] |= ((w[p / 32u] >> (p % 32u)) & 1u) << (b % 32u);
    }
}
template <typename E, std::size_t N>
void field_get(const packed_ref<E, N>& p, uint32_t* w, unsigned width) {
    for (unsigned i = 0; i < words(width); i++)
        w[i] = 0;
    for (unsigned j = 0; j < p.n && j < N; j++) {
        uint32_t e[kMaxWords] = {};
        field_get(p.a[j], e, p.ew);
        mask_top(e, p.ew);
        put_bits(w, j * p.ew, e, p.ew);
    }
}
template <typename E, std::size_t N>
void field_set(packed_ref<E, N> p, const uint32_t* w, unsigned width) {
    (void)width;
    for (unsigned j = 0; j < p.n && j < N; j++) {
        uint32_t e[kMaxWords] = {};
        get_bits(e, w, j * p.ew, p.ew);
        field_set(p.a[j], e, p.ew);
    }
}

// ---- the three copies every port needs --------------------------------------------------------
// C flavour input: pin -> field (the pin's W bits)
template <unsigned W, typename P, typename F> void pin_to_field(const P& pin, F&& f) {
    uint32_t w[words(W) + 1] = {};
    pin_get(pin, w);
    mask_top(w, W);
    field_set(f, w, W);
}
// C flavour output (masked) and the lockstep's driver (unmasked): field -> pin
template <unsigned W, typename F> pin_t<W> field_to_pin(const F& f, bool masked) {
    uint32_t w[words(W) + 1] = {};
    field_get(f, w, W);
    return pin_make<W>(w, masked);
}

// A pin value as hex text, most significant digit first ("0x1ff").
template <unsigned W, typename P> std::string hex(const P& pin) {
    uint32_t w[words(W) + 1] = {};
    pin_get(pin, w);
    std::string s;
    for (int i = static_cast<int>(words(W)) - 1; i >= 0; i--) {
        char b[16];
        std::snprintf(b, sizeof b, "%08x", w[i]);
        s += b;
    }
    const std::size_t nz = s.find_first_not_of('0');
    return "0x" + (nz == std::string::npos ? std::string("0") : s.substr(nz));
}

} // namespace gpucoh_sc

// ---- the X-macro expansions -------------------------------------------------------------------
// A row X(port, dir, w, f, shape, wave, filter) of the port table (cmodel/gpucoh_ports.h) as
// A##_IN(port, w, field) / A##_OUT(port, w, field), field the expression of the struct `s`; a
// row without a C field (shape NONE: tc_gwct's combinational read port) as A##_IN2(port, w) /
// A##_OUT2(port, w).
#define GPUCOH_SC_ROW(A, port, dir, w, f, shape)      GPUCOH_SC_ROW_##shape(A, port, dir, w, f, shape)
#define GPUCOH_SC_ROW_SCALAR                          GPUCOH_SC_ROW_ANY
#define GPUCOH_SC_ROW_WORDS                           GPUCOH_SC_ROW_ANY
#define GPUCOH_SC_ROW_BITS                            GPUCOH_SC_ROW_ANY
#define GPUCOH_SC_ROW_PACKED(n, ew)                   GPUCOH_SC_ROW_ANY
#define GPUCOH_SC_ROW_NONE(A, port, dir, w, f, shape) A##_##dir##2(port, w)
#define GPUCOH_SC_ROW_ANY(A, port, dir, w, f, shape)  A##_##dir(port, w, GPUCOH_SC_F_##shape(s.f))
#define GPUCOH_SC_F_SCALAR
#define GPUCOH_SC_F_WORDS
#define GPUCOH_SC_F_BITS
#define GPUCOH_SC_F_PACKED(n, ew)                                                                  \
    ::gpucoh_sc::packer {                                                                          \
        static_cast<unsigned>(n), static_cast<unsigned>(ew)                                        \
    }

#define GPUCOH_SC_W(w) static_cast<unsigned>(w)
#define GPUCOH_SC_NONE(port, w, f)
#define GPUCOH_SC_NONE2(port, w)
#define GPUCOH_SC_DECL(port, dir, w, f, shape, wave, filt)                                         \
    GPUCOH_SC_ROW(GPUCOH_SC_DECL, port, dir, w, f, shape)
#define GPUCOH_SC_DECL_IN(port, w, f)                      ::sc_core::sc_in<::gpucoh_sc::pin_t<GPUCOH_SC_W(w)>> port;
#define GPUCOH_SC_DECL_OUT(port, w, f)                     ::sc_core::sc_out<::gpucoh_sc::pin_t<GPUCOH_SC_W(w)>> port;
#define GPUCOH_SC_DECL_IN2(port, w)                        GPUCOH_SC_DECL_IN(port, w, 0)
#define GPUCOH_SC_DECL_OUT2(port, w)                       GPUCOH_SC_DECL_OUT(port, w, 0)
#define GPUCOH_SC_INIT(port, dir, w, f, shape, wave, filt) , port(#port)
#define GPUCOH_SC_READ(port, dir, w, f, shape, wave, filt)                                         \
    GPUCOH_SC_ROW(GPUCOH_SC_READ, port, dir, w, f, shape)
#define GPUCOH_SC_READ_IN(port, w, f) ::gpucoh_sc::pin_to_field<GPUCOH_SC_W(w)>(port.read(), f);
#define GPUCOH_SC_READ_OUT            GPUCOH_SC_NONE
#define GPUCOH_SC_READ_IN2            GPUCOH_SC_NONE2
#define GPUCOH_SC_READ_OUT2           GPUCOH_SC_NONE2
#define GPUCOH_SC_WRITE(port, dir, w, f, shape, wave, filt)                                        \
    GPUCOH_SC_ROW(GPUCOH_SC_WRITE, port, dir, w, f, shape)
#define GPUCOH_SC_WRITE_IN GPUCOH_SC_NONE
#define GPUCOH_SC_WRITE_OUT(port, w, f)                                                            \
    port.write(::gpucoh_sc::field_to_pin<GPUCOH_SC_W(w)>(f, true));
#define GPUCOH_SC_WRITE_IN2  GPUCOH_SC_NONE2
#define GPUCOH_SC_WRITE_OUT2 GPUCOH_SC_NONE2

// The C flavour of a unit: class cls, an sc_module with clk_i and the pins of PINS, that runs
// the C model Model (a small struct: in_t, out_t, a constructor building the model from the
// compiled parameter set, tick(in, out), c() the C model for state and coverage) on every rising
// edge of clk_i. Inputs are sampled at the edge, outputs written at it (docs/timing.md: one
// rising edge = one C tick, every output a register).
#define GPUCOH_SC_C_MODULE(cls, PINS, Model)                                                       \
    class cls : public ::sc_core::sc_module {                                                      \
      public:                                                                                      \
        ::sc_core::sc_in<bool> clk_i;                                                              \
        PINS(GPUCOH_SC_DECL)                                                                       \
        SC_HAS_PROCESS(cls);                                                                       \
        explicit cls(::sc_core::sc_module_name nm)                                                 \
            : ::sc_core::sc_module(nm), clk_i("clk_i") PINS(GPUCOH_SC_INIT), model_(name()) {      \
            SC_METHOD(edge);                                                                       \
            sensitive << clk_i.pos();                                                              \
            dont_initialize();                                                                     \
        }                                                                                          \
        Model& model() { return model_; }                                                          \
                                                                                                   \
      private:                                                                                     \
        void edge() {                                                                              \
            Model::in_t in_s;                                                                      \
            Model::out_t out_s;                                                                    \
            std::memset(&in_s, 0, sizeof in_s);                                                    \
            std::memset(&out_s, 0, sizeof out_s);                                                  \
            {                                                                                      \
                auto& s = in_s;                                                                    \
                PINS(GPUCOH_SC_READ)                                                               \
            }                                                                                      \
            model_.tick(in_s, out_s);                                                              \
            {                                                                                      \
                const auto& s = out_s;                                                             \
                PINS(GPUCOH_SC_WRITE)                                                              \
            }                                                                                      \
        }                                                                                          \
        Model model_;                                                                              \
    };

// A C model the module cannot build (the parameter set is illegal for the C model: it cannot
// happen for a set the RTL elaborated, but is checked) is reported through SystemC.
#define GPUCOH_SC_MODEL_FAIL(who, why)                                                             \
    SC_REPORT_FATAL("gpucoh_sc", (std::string(who) + ": " + (why)).c_str())

namespace gpucoh_sc {
// The Model of a C model that sizes its storage by its descriptor (the TC and GPU units:
// unit_size, unit_init into one malloc'd block, unit_tick; docs/framework.md "C model storage").
template <typename T, typename D, typename I, typename O, std::size_t (*Size)(const D*),
          T* (*Init)(void*, std::size_t, const D*, char*, std::size_t),
          void (*Tick)(T*, const I*, O*)>
class sized_model {
  public:
    using in_t = I;
    using out_t = O;
    sized_model(const char* who, const D& d) {
        const std::size_t n = Size(&d);
        char why[256] = "illegal parameters";
        mem_ = n ? std::malloc(n) : nullptr;
        if (n && !mem_)
            std::snprintf(why, sizeof why, "out of memory");
        m_ = mem_ ? Init(mem_, n, &d, why, sizeof why) : nullptr;
        if (!m_)
            GPUCOH_SC_MODEL_FAIL(who, why);
    }
    ~sized_model() { std::free(mem_); }
    sized_model(const sized_model&) = delete;
    sized_model& operator=(const sized_model&) = delete;
    void tick(const I& in, O& out) { Tick(m_, &in, &out); }
    T* c() { return m_; }

  private:
    void* mem_ = nullptr;
    T* m_ = nullptr;
};

// The Model of a C model of fixed size (sig_bloom, rdu, avu: T in caller storage, unit_init
// returning 0 for a legal descriptor, unit_tick).
template <typename T, typename D, typename I, typename O,
          int (*Init)(T*, const D*, char*, std::size_t), void (*Tick)(T*, const I*, O*)>
class plain_model {
  public:
    using in_t = I;
    using out_t = O;
    plain_model(const char* who, const D& d) {
        char why[256] = "out of memory";
        m_ = static_cast<T*>(std::calloc(1, sizeof(T)));
        if (!m_ || Init(m_, &d, why, sizeof why) != 0)
            GPUCOH_SC_MODEL_FAIL(who, why);
    }
    ~plain_model() { std::free(m_); }
    plain_model(const plain_model&) = delete;
    plain_model& operator=(const plain_model&) = delete;
    void tick(const I& in, O& out) { Tick(m_, &in, &out); }
    T* c() { return m_; }

  private:
    T* m_ = nullptr;
};
} // namespace gpucoh_sc

// A unit's C flavour from its header's pieces: the Model unit_sc_model (sized_model or
// plain_model over the C model's unit_t, unit_desc_t, unit_in_t, unit_out_t and its functions,
// built from the header's unit_sc_desc(), the descriptor of this build's parameter set) and the
// module unit_sc_c over the pins GPUCOH_SC_PINS_unit. Every systemc/<family>/<unit>_sc_c.h ends
// with one of them but tc_gwct's (its combinational read port needs a module of its own).
#define GPUCOH_SC_SIZED_UNIT(unit)                                                                 \
    struct unit##_sc_model                                                                         \
        : ::gpucoh_sc::sized_model<unit##_t, unit##_desc_t, unit##_in_t, unit##_out_t,             \
                                   unit##_size, unit##_init, unit##_tick> {                        \
        explicit unit##_sc_model(const char* who) : sized_model(who, unit##_sc_desc()) {}          \
    };                                                                                             \
    GPUCOH_SC_C_MODULE(unit##_sc_c, GPUCOH_SC_PINS_##unit, unit##_sc_model)
#define GPUCOH_SC_PLAIN_UNIT(unit)                                                                 \
    struct unit##_sc_model : ::gpucoh_sc::plain_model<unit##_t, unit##_desc_t, unit##_in_t,        \
                                                      unit##_out_t, unit##_init, unit##_tick> {    \
        explicit unit##_sc_model(const char* who) : plain_model(who, unit##_sc_desc()) {}          \
    };                                                                                             \
    GPUCOH_SC_C_MODULE(unit##_sc_c, GPUCOH_SC_PINS_##unit, unit##_sc_model)

#endif
