/* SPDX-License-Identifier: Apache-2.0 */
/*
 * nc_proto.h -- the port structs of "nc", the test protocol of tests/test_gsys_proto.c
 * (docs/framework.md, "Protocols", section 4): its C models there, its RTL in rtl/test/nc_l1.sv
 * and rtl/test/nc_l2.sv behind the shims verilator/test/nc_l1_rtl.cpp and
 * verilator/test/nc_l2_rtl.cpp. (The RTL build's cache key hashes the shims and the RTL, not this
 * header: a change here needs build/rtl/nc_* removed.)
 */
#ifndef GPUCOH_NC_PROTO_H
#define GPUCOH_NC_PROTO_H

#include <stdbool.h>
#include <stdint.h>

enum { NC_LW = 4, NC_MW = 1 }; /* 16-byte lines: 4 words, one byte-mask word */
enum { NC_LOAD = 1, NC_STORE = 2, NC_ATOMIC = 3, NC_FENCE = 4 /* core request only */ };
enum { NC_DATA = 1, NC_ACK = 2 };
enum { NC_DONE = 1 };    /* fwd: a store is performed (bank -> the line's home L1) */
enum { NC_P2P_ACK = 1 }; /* p2p: its acknowledgement (home L1 -> the writer's L1) */
/* the networks, in this order (nc: the first two; nc-fwd: all four) */
enum { NC_NET_REQ = 0, NC_NET_RSP = 1, NC_NET_FWD = 2, NC_NET_P2P = 3 };

typedef struct {
    uint32_t num_sm, num_wf, num_banks, addr_width;
    bool bug; /* the bank drops every store to word 0 of a line (the broken variant) */
    /* nc-fwd: a performed store is not acknowledged by the bank to the writer; the bank sends a
     * DONE on the forward network (a bank-initiated message) to the line's home L1, which sends
     * the ACK on the L1-to-L1 network to the writer's L1, which acknowledges the store to its
     * wavefront (store_ack). The writer's L1 drops (and counts as an error) an ACK that does not
     * come from the line's home L1: a forward or an ACK sent to the wrong L1 stops the run. */
    bool fwd;
    /* nc-fwd with back-pressure on the forward network: an L1 takes a forward only every other
     * cycle (fwd_ready toggles); one presented while it is not ready is ignored and kept */
    bool fwd_bp;
} nc_desc_t;

/* the home L1 of a line (nc-fwd) */
static inline uint32_t nc_home(const nc_desc_t* d, uint64_t line) {
    return (uint32_t)((line / d->num_banks) % d->num_sm);
}

typedef struct { /* SM -> bank */
    bool valid;
    uint32_t kind, src, wf, word, aop, a, b;
    uint64_t line;
    uint32_t data[NC_LW], mask[NC_MW];
} nc_req_t;

typedef struct { /* bank -> SM */
    bool valid, atomic;
    uint32_t kind, wf;
    uint64_t dst, line;
    uint32_t data[NC_LW];
} nc_rsp_t;

typedef struct { /* bank -> the line's home L1 (nc-fwd) */
    bool valid;
    uint32_t kind, wf, writer;
    uint64_t dst, line;
} nc_fwd_t;

typedef struct { /* home L1 -> the writer's L1 (nc-fwd) */
    bool valid;
    uint32_t kind, wf, src;
    uint64_t dst, line;
} nc_p2p_t;

typedef struct {
    bool rst_n;
    nc_req_t core; /* the core request (kind, wf, line, word, data, mask, aop, a, b) */
    nc_rsp_t rsp;
    nc_fwd_t fwd; /* the same input port as rsp: at most one of the two per cycle */
    nc_p2p_t p2p;
} nc_l1_in_t;

typedef struct {
    bool core_ready;
    bool crsp_valid;
    uint32_t crsp_kind;
    uint64_t crsp_wf_mask, crsp_line;
    uint32_t crsp_data[NC_LW];
    nc_req_t req;
    nc_p2p_t p2p;   /* nc-fwd: the ACK of a DONE this L1 took as the line's home */
    bool fwd_ready; /* a forward presented now is taken (fwd_bp; else always) */
    uint64_t idle;  /* wavefronts with no write waiting for its acknowledgement */
} nc_l1_out_t;

typedef struct {
    bool rst_n;
    nc_req_t req;
    bool mem_valid;
    uint64_t mem_line;
    uint32_t mem_data[NC_LW];
} nc_l2_in_t;

typedef struct {
    bool req_ready;
    nc_rsp_t rsp;
    nc_fwd_t fwd; /* nc-fwd: the DONE of a performed store */
    bool fetch, wb;
    uint64_t fetch_line, wb_line;
    uint32_t wb_data[NC_LW];
} nc_l2_out_t;

#endif /* GPUCOH_NC_PROTO_H */
