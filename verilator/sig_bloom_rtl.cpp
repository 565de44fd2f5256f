// SPDX-License-Identifier: Apache-2.0
//
// sig_bloom_rtl.cpp -- thin shim: the Verilated sig_bloom behind the plain C ABI of
// gpucoh_rtl.h. It converts sig_bloom_in_t / sig_bloom_out_t / sig_bloom_state_t (the C model's
// port and state structs, cmodel/sig_bloom.h) to and from the model's ports and the public
// registers bits_q and count_q. Nothing here models behaviour.

#include "Vsig_bloom.h"
#include "Vsig_bloom___024root.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include <cstring>
#include <type_traits>

extern "C" {
#include "gpucoh_rtl.h"
#include "sig_bloom.h"
}

#ifndef GPUCOH_BUILD_KEY
#define GPUCOH_BUILD_KEY "unknown"
#endif

// Failed RTL assertions and $stop: Verilator calls vl_stop() at the end of the eval (the
// runtime is built with VL_USER_STOP). Its message is already printed; count it
// so that errors() is a plain load every cycle instead of a locked VerilatedContext query.
static uint32_t g_stops = 0;

void vl_stop(const char* filename, int linenum, const char* hier) {
    (void)hier;
    ++g_stops;
    VL_PRINTF("%%Error: %s:%d: RTL $stop / assertion failure (gpucoh reports it as a "
              "divergence)\n",
              filename, linenum);
}

namespace {

struct Sim {
    VerilatedContext ctx;
    Vsig_bloom* top = nullptr;
    VerilatedFstC* tfp = nullptr;
    uint32_t stops0 = 0; // g_stops when this model was created
};

// Copy n 32-bit words into a Verilator port of any width (CData..WData).
template <typename T> void put_words(T& dst, const uint32_t* w, unsigned bits) {
    uint64_t v = w[0];
    if (bits > 32)
        v |= static_cast<uint64_t>(w[1]) << 32;
    dst = static_cast<T>(v);
}
template <std::size_t N> void put_words(VlWide<N>& dst, const uint32_t* w, unsigned) {
    for (std::size_t i = 0; i < N; ++i)
        dst[i] = w[i];
}
template <typename T> void get_words(uint32_t* w, const T& src, unsigned bits) {
    uint64_t v = static_cast<uint64_t>(src);
    w[0] = static_cast<uint32_t>(v);
    if (bits > 32)
        w[1] = static_cast<uint32_t>(v >> 32);
}
template <std::size_t N> void get_words(uint32_t* w, const VlWide<N>& src, unsigned) {
    for (std::size_t i = 0; i < N; ++i)
        w[i] = src[i];
}

constexpr unsigned kChunkBits = sizeof(Vsig_bloom::chunk_data_o) * 8;

void* create() {
    Sim* s = new Sim;
    s->stops0 = g_stops;
    s->ctx.traceEverOn(true);
    s->ctx.fatalOnError(false);
    s->top = new Vsig_bloom{&s->ctx, "TOP"};
    s->top->clk_i = 0;
    s->top->rst_ni = 0;
    s->top->eval();
    return s;
}

void destroy(void* h) {
    Sim* s = static_cast<Sim*>(h);
    if (s->tfp) {
        s->tfp->close();
        delete s->tfp;
    }
    s->top->final();
    delete s->top;
    delete s;
}

void dump(Sim* s) {
    if (s->tfp)
        s->tfp->dump(s->ctx.time());
    s->ctx.timeInc(1);
}

void tick(void* h, const void* vin, void* vout) {
    Sim* s = static_cast<Sim*>(h);
    Vsig_bloom* t = s->top;
    const sig_bloom_in_t* in = static_cast<const sig_bloom_in_t*>(vin);
    sig_bloom_out_t* out = static_cast<sig_bloom_out_t*>(vout);

    // Clock low and the new inputs in one eval (Verilator settles input-driven logic first),
    // then the rising edge: two evals per cycle. The falling edge of this cycle is the low
    // phase of the next call, so in a dump inputs change at time 2c and the edge is at 2c+1.
    t->clk_i = 0;
    t->rst_ni = in->rst_n ? 1 : 0;
    t->op_i = in->op;
    t->addr_i = static_cast<std::remove_reference_t<decltype(t->addr_i)>>(in->addr);
    t->chunk_idx_i = static_cast<std::remove_reference_t<decltype(t->chunk_idx_i)>>(in->chunk_idx);
    put_words(t->chunk_data_i, in->chunk_data, kChunkBits);
    t->eval();
    dump(s);
    t->clk_i = 1;
    t->eval();
    dump(s);

    out->resp_valid = t->resp_valid_o;
    out->member = t->member_o;
    get_words(out->chunk_data, t->chunk_data_o, kChunkBits); // the chunk's words only
    out->count = t->count_o;
    out->thresh = t->thresh_o;
}

void state(void* h, void* vst) {
    Sim* s = static_cast<Sim*>(h);
    sig_bloom_state_t* st = static_cast<sig_bloom_state_t*>(vst);
    const auto& bits = s->top->rootp->sig_bloom__DOT__bits_q;
    constexpr std::size_t kWords = sizeof(bits) / sizeof(uint32_t);
    static_assert(kWords <= SIG_BLOOM_MAX_WORDS, "signature wider than the state struct");
    // Only the m/32 words of this signature are written; the caller's buffer beyond them is
    // left as it is (the testbench zeroes it once), so no per-cycle clearing of unused words.
    std::memcpy(st->bits, &bits[0], kWords * sizeof(uint32_t));
    st->count = s->top->rootp->sig_bloom__DOT__count_q;
}

int trace_open(void* h, const char* path) {
    Sim* s = static_cast<Sim*>(h);
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

void trace_close(void* h) {
    Sim* s = static_cast<Sim*>(h);
    if (!s->tfp)
        return;
    s->tfp->close();
    delete s->tfp;
    s->tfp = nullptr;
}

uint32_t errors(void* h) {
    Sim* s = static_cast<Sim*>(h);
    return g_stops - s->stops0;
}

const gpucoh_rtl_api_t kApi = {GPUCOH_RTL_ABI, "sig_bloom", GPUCOH_BUILD_KEY, create,      destroy,
                               tick,           state,       trace_open,       trace_close, errors};

} // namespace

extern "C" const gpucoh_rtl_api_t* gpucoh_rtl_api(void) {
    return &kApi;
}
