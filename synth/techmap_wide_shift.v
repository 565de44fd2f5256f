// SPDX-License-Identifier: Apache-2.0
//
// synth/techmap_wide_shift.v -- a Yosys techmap for *wide* $shift / $shiftx cells, used by
// synth/synth.sh before the stock `techmap`.
//
// Why: a dynamic bit index (`v[idx] = 1'b1`, `x = v[idx]`, `v[c*C +: C] = d`) becomes a $shift
// or $shiftx cell whose stock lowering (`_90_shift_shiftx` in Yosys's techmap.v) builds a full
// log-depth barrel shifter of max(A,Y) + 2^(|B|-1) bits per stage through `proc`, and only then
// lets constant folding and `opt_clean` throw most of it away. At 16 Kbit that is ~800 K
// multiplexers per cell and tens of GB for a signature unit. This map builds only the window
// of every stage that can be non-zero and is needed by some output bit:
//   * narrow output (a read, Y << A): shift amount bits most-significant first; the window
//     shrinks to Y + 2^s - 1 bits at stage s (a W:1 read becomes a W-input mux tree);
//   * narrow input (a write mask / decoder, A << Y): least-significant first; the window grows
//     from A to A + 2^(s+1) - 1 bits (a 1 << idx becomes a tree decoder after folding).
//   * a single input bit (A_WIDTH = 1, `v[idx] = b`): a two-level predecoded decoder.
// Shift-amount bits that are constant (e.g. the zero low bits of c*C) cost nothing.
//
// Semantics implemented (Yosys $shift/$shiftx, A_SIGNED = 0): with S the (signed if B_SIGNED)
// value of B, Y[j] = A[j + S] when 0 <= j + S < A_WIDTH, else 0. For $shiftx the out-of-range
// value is x in Yosys; this map drives 0 there, which is a legal refinement of x.
// Cells with A_SIGNED = 1 ($shift only) or small widths are left to the stock map.
//
// Internal encoding: the relevant range of S is [-(Y_WIDTH-1), A_WIDTH-1]. With n bits and
// P = 2^(n-1) (signed B) or P = 0 (unsigned B), U = S + P is an n-bit unsigned number and
// Y[j] = A2[j + U] where A2 is A placed at offset P (zeros below). Bits of B above the n
// relevant ones only signal "out of range" (ovf), which forces Y to 0.

(* techmap_celltype = "$shift $shiftx" *)
module _60_gpucoh_wide_shift (A, B, Y);
  parameter A_SIGNED = 0;
  parameter B_SIGNED = 0;
  parameter A_WIDTH = 1;
  parameter B_WIDTH = 1;
  parameter Y_WIDTH = 1;
  parameter _TECHMAP_CELLTYPE_ = "";
  parameter [B_WIDTH-1:0] _TECHMAP_CONSTMSK_B_ = 0;
  parameter [B_WIDTH-1:0] _TECHMAP_CONSTVAL_B_ = 0;

  (* force_downto *)
  input [A_WIDTH-1:0] A;
  (* force_downto *)
  input [B_WIDTH-1:0] B;
  (* force_downto *)
  output [Y_WIDTH-1:0] Y;

  // Leave small cells and sign-padded $shift to the stock map.
  wire _TECHMAP_FAIL_ = (A_SIGNED && _TECHMAP_CELLTYPE_ == "$shift") ||
                        (A_WIDTH < 64 && Y_WIDTH < 64);

  function integer clog2i;
    input integer v;
    integer r;
    begin
      r = 0;
      while ((1 << r) < v) r = r + 1;
      clog2i = r;
    end
  endfunction

  function integer maxi;
    input integer a, b;
    maxi = a > b ? a : b;
  endfunction

  function integer mini;
    input integer a, b;
    mini = a < b ? a : b;
  endfunction

  // n: relevant shift-amount bits; P: offset of A in A2.
  localparam integer NREL = B_SIGNED ? clog2i(maxi(Y_WIDTH - 1, A_WIDTH)) + 1 : clog2i(A_WIDTH);
  localparam integer N = mini(NREL, B_WIDTH);
  localparam integer P = B_SIGNED ? (1 << (N - 1)) : 0;
  localparam integer HAS_OVF = B_WIDTH > N;
  // LSB-first (growing window) when the input is the narrow side, else MSB-first.
  localparam integer LSB_FIRST = A_WIDTH < Y_WIDTH;

  // ---- U = S + P on N bits, and its constant bits --------------------------------------------
  wire [N > 0 ? N-1 : 0:0] u;
  function integer ubit_const;  // 1 if U[k] is a constant
    input integer k;
    ubit_const = _TECHMAP_CONSTMSK_B_[k];
  endfunction
  function integer ubit_val;  // its value
    input integer k;
    ubit_val = (B_SIGNED && k == N - 1) ? !_TECHMAP_CONSTVAL_B_[k] : _TECHMAP_CONSTVAL_B_[k];
  endfunction
  generate
    if (N > 0) begin : gen_u
      if (B_SIGNED) begin : gen_signed
        if (N > 1) begin : gen_low
          assign u[N-2:0] = B[N-2:0];
        end
        assign u[N-1] = ~B[N-1];
      end else begin : gen_unsigned
        assign u = B[N-1:0];
      end
    end else begin : gen_no_u
      assign u = 1'b0;
    end
  endgenerate

  // ---- out of range: B does not fit in N bits -------------------------------------------------
  wire ovf;
  generate
    if (!HAS_OVF) begin : gen_no_ovf
      assign ovf = 1'b0;
    end else if (B_SIGNED) begin : gen_ovf_signed
      // bits [B_WIDTH-1 : N-1] must all equal the sign
      assign ovf = !(&B[B_WIDTH-1:N-1] || !(|B[B_WIDTH-1:N-1]));
    end else begin : gen_ovf_unsigned
      assign ovf = |B[B_WIDTH-1:N];
    end
  endgenerate

  wire [Y_WIDTH-1:0] y_raw;
  assign Y = HAS_OVF ? (y_raw & {Y_WIDTH{~ovf}}) : y_raw;

  genvar s, k;
  generate
    if (A_WIDTH == 1 && N >= 2) begin : gen_dec
      // A single input bit (`v[idx] = b`): a predecoded decoder. Y[j] = A & (U == P - j), and
      // with W = ~U = 2^N - 1 - U that is A & (W == C + j), C = 2^N - 1 - P: one slice of a
      // one-hot decode of W. Only j <= P can match.
      localparam integer C = (1 << N) - 1 - P;
      localparam integer YC = mini(Y_WIDTH, P + 1);
      localparam integer NL = N / 2;
      localparam integer NH = N - NL;
      wire [N-1:0] w = ~u;
      wire [(1 << NL)-1:0] dl;
      wire [(1 << NH)-1:0] dh;
      wire [(1 << N)-1:0] e;
      for (k = 0; k < (1 << NL); k = k + 1) begin : gen_dl
        assign dl[k] = w[NL-1:0] == k;
      end
      for (k = 0; k < (1 << NH); k = k + 1) begin : gen_dh
        assign dh[k] = w[N-1:NL] == k;
        assign e[k*(1 << NL) +: (1 << NL)] = dl & {(1 << NL){dh[k]}};
      end
      if (Y_WIDTH > YC) begin : gen_pad
        assign y_raw = {{(Y_WIDTH - YC){1'b0}}, e[C +: YC] & {YC{A[0]}}};
      end else begin : gen_nopad
        assign y_raw = e[C +: YC] & {YC{A[0]}};
      end
    end else if (LSB_FIRST) begin : gen_lsb
      // Stage s (0..N-1) holds V[x] = A2[x + U[s:0]] for x in [lo(s), P + A_WIDTH);
      // stage -1 is A itself at [P, P + A_WIDTH).
      localparam integer HI = P + A_WIDTH;
      for (s = 0; s < N; s = s + 1) begin : st
        localparam integer LO = maxi(0, P - (1 << (s + 1)) + 1);
        localparam integer PLO = s == 0 ? P : maxi(0, P - (1 << s) + 1);
        localparam integer WD = HI - LO;
        localparam integer PWD = HI - PLO;
        localparam integer PRE = PLO - LO;   // zeros below the previous window
        localparam integer SH = 1 << s;
        wire [WD-1:0] v;
        wire [PWD-1:0] pv;
        wire [WD+SH-1:0] ext;  // positions [LO, HI + SH)
        if (s == 0) begin : gen_in
          assign pv = A;
        end else begin : gen_prev
          assign pv = st[s-1].v;
        end
        if (PRE > 0) begin : gen_pre
          assign ext = {{SH{1'b0}}, pv, {PRE{1'b0}}};
        end else begin : gen_nopre
          assign ext = {{SH{1'b0}}, pv};
        end
        if (ubit_const(s)) begin : gen_const
          assign v = ubit_val(s) ? ext[SH +: WD] : ext[0 +: WD];
        end else begin : gen_mux
          assign v = u[s] ? ext[SH +: WD] : ext[0 +: WD];
        end
      end
      // After all N bits the window starts at 0: Y[j] = V[j].
      if (N == 0) begin : gen_out0
        if (Y_WIDTH > A_WIDTH) begin : gen_pad
          assign y_raw = {{(Y_WIDTH - A_WIDTH){1'b0}}, A};
        end else begin : gen_cut
          assign y_raw = A[Y_WIDTH-1:0];
        end
      end else if (Y_WIDTH > HI) begin : gen_outpad
        assign y_raw = {{(Y_WIDTH - HI){1'b0}}, st[N-1].v};
      end else begin : gen_outcut
        assign y_raw = st[N-1].v[Y_WIDTH-1:0];
      end
    end else begin : gen_msb
      // Stage s (N-1 down to 0) holds V[x] = A2[x + U[N-1:s]] for x in [0, L(s)),
      // L(s) = min(Y_WIDTH + 2^s - 1, P + A_WIDTH); the input is A2 cut to L(N).
      localparam integer LIN = mini(Y_WIDTH + (1 << N) - 1, P + A_WIDTH);
      wire [LIN-1:0] vin;
      if (P > 0) begin : gen_inp
        assign vin = {A[LIN-P-1:0], {P{1'b0}}};
      end else begin : gen_in0
        assign vin = A[LIN-1:0];
      end
      for (k = 0; k < N; k = k + 1) begin : st
        // st[k] is shift-amount bit N-1-k
        localparam integer SB = N - 1 - k;
        localparam integer L = mini(Y_WIDTH + (1 << SB) - 1, P + A_WIDTH);
        localparam integer PL = (k == 0) ? LIN : mini(Y_WIDTH + (1 << (SB + 1)) - 1, P + A_WIDTH);
        localparam integer SH = 1 << SB;
        localparam integer PAD = maxi(0, SH + L - PL);
        wire [L-1:0] v;
        wire [PL-1:0] pv;
        wire [PL+PAD-1:0] ext;
        if (k == 0) begin : gen_in
          assign pv = vin;
        end else begin : gen_prev
          assign pv = st[k-1].v;
        end
        if (PAD > 0) begin : gen_pad
          assign ext = {{PAD{1'b0}}, pv};
        end else begin : gen_nopad
          assign ext = pv;
        end
        if (ubit_const(SB)) begin : gen_const
          assign v = ubit_val(SB) ? ext[SH +: L] : ext[0 +: L];
        end else begin : gen_mux
          assign v = u[SB] ? ext[SH +: L] : ext[0 +: L];
        end
      end
      localparam integer LOUT = N == 0 ? LIN : mini(Y_WIDTH, P + A_WIDTH);
      wire [LOUT-1:0] vout;
      if (N == 0) begin : gen_out_in
        assign vout = vin;
      end else begin : gen_out_st
        assign vout = st[N-1].v[LOUT-1:0];
      end
      if (Y_WIDTH > LOUT) begin : gen_outpad
        assign y_raw = {{(Y_WIDTH - LOUT){1'b0}}, vout};
      end else begin : gen_outcut
        assign y_raw = vout[Y_WIDTH-1:0];
      end
    end
  endgenerate
endmodule
