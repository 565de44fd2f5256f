module tiny (clk_i, d_i, y_o);
  input clk_i;
  input d_i;
  output y_o;
  wire q;
  DFFPOSX1 ff (.CLK(clk_i), .D(d_i), .Q(q));
  INVX1 inv (.A(q), .Y(y_o));
endmodule
