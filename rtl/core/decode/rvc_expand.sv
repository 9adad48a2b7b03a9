// RV64C: expands a 16-bit instruction into the 32-bit instruction it stands
// for, C.FLD, C.FSD, C.FLDSP and C.FSDSP included. Reserved encodings set
// illegal_o and expand to 0, the same answer as the reference ISS
// (sim/iss/compressed.c). HINTs expand to the
// base instruction they alias, which writes x0 or changes nothing.
module rvc_expand (
  input  logic [15:0] instr_i,
  output logic [31:0] instr_o,
  output logic        illegal_o
);
  localparam logic [6:0] OP_LOAD   = 7'h03;
  localparam logic [6:0] OP_LOADF  = 7'h07;
  localparam logic [6:0] OP_STOREF = 7'h27;
  localparam logic [6:0] OP_IMM    = 7'h13;
  localparam logic [6:0] OP_IMM_32 = 7'h1b;
  localparam logic [6:0] OP_STORE  = 7'h23;
  localparam logic [6:0] OP_REG    = 7'h33;
  localparam logic [6:0] OP_LUI    = 7'h37;
  localparam logic [6:0] OP_REG_32 = 7'h3b;
  localparam logic [6:0] OP_BRANCH = 7'h63;
  localparam logic [6:0] OP_JALR   = 7'h67;
  localparam logic [6:0] OP_JAL    = 7'h6f;
  localparam logic [31:0] EBREAK   = 32'h0010_0073;
  localparam logic [4:0] SP = 5'd2;
  localparam logic [4:0] RA = 5'd1;

  logic [15:0] c;
  logic [2:0]  funct3;
  logic [4:0]  rd, rs2;           // full register fields (CI, CR, CSS)
  logic [4:0]  rd_p, rs1_p;       // 3-bit fields naming x8..x15 (CIW, CL, CS, CB)
  logic [11:0] imm6;              // CI immediate, sign-extended to 12 bits
  logic [5:0]  shamt;
  logic [11:0] addi4spn_imm, lw_off, ld_off, addi16sp_imm;
  logic [11:0] lwsp_off, ldsp_off, swsp_off, sdsp_off;
  logic [20:1] j_imm;         // C.J offset; bit 0 is always 0
  logic [12:1] b_imm;         // C.BEQZ/C.BNEZ offset
  logic [31:0] out;
  logic        bad;

  assign c      = instr_i;
  assign funct3 = c[15:13];
  assign rd     = c[11:7];
  assign rs2    = c[6:2];
  assign rd_p   = {2'b01, c[4:2]};
  assign rs1_p  = {2'b01, c[9:7]};
  assign imm6   = {{6{c[12]}}, c[12], c[6:2]};
  assign shamt  = {c[12], c[6:2]};

  assign addi4spn_imm = {2'b0, c[10:7], c[12:11], c[5], c[6], 2'b0};
  assign lw_off       = {5'b0, c[5], c[12:10], c[6], 2'b0};
  assign ld_off       = {4'b0, c[6:5], c[12:10], 3'b0};
  assign addi16sp_imm = {{3{c[12]}}, c[4:3], c[5], c[2], c[6], 4'b0};
  assign lwsp_off     = {4'b0, c[3:2], c[12], c[6:4], 2'b0};
  assign ldsp_off     = {3'b0, c[4:2], c[12], c[6:5], 3'b0};
  assign swsp_off     = {4'b0, c[8:7], c[12:9], 2'b0};
  assign sdsp_off     = {3'b0, c[9:7], c[12:10], 3'b0};
  assign j_imm        = {{10{c[12]}}, c[8], c[10:9], c[6], c[7], c[2], c[11], c[5:3]};
  assign b_imm        = {{5{c[12]}}, c[6:5], c[2], c[11:10], c[4:3]};

  always_comb begin
    out = 32'b0;
    bad = 1'b0;
    case (c[1:0])
      2'b00: begin
        case (funct3)
          3'd0: begin  // C.ADDI4SPN; a zero immediate (and 0x0000) is reserved
            out = {addi4spn_imm, SP, 3'd0, rd_p, OP_IMM};
            bad = addi4spn_imm == 12'b0;
          end
          3'd1: out = {ld_off, rs1_p, 3'd3, rd_p, OP_LOADF};                        // C.FLD
          3'd2: out = {lw_off, rs1_p, 3'd2, rd_p, OP_LOAD};                         // C.LW
          3'd3: out = {ld_off, rs1_p, 3'd3, rd_p, OP_LOAD};                         // C.LD
          3'd5: out = {ld_off[11:5], rd_p, rs1_p, 3'd3, ld_off[4:0], OP_STOREF};    // C.FSD
          3'd6: out = {lw_off[11:5], rd_p, rs1_p, 3'd2, lw_off[4:0], OP_STORE};     // C.SW
          3'd7: out = {ld_off[11:5], rd_p, rs1_p, 3'd3, ld_off[4:0], OP_STORE};     // C.SD
          default: bad = 1'b1;  // reserved
        endcase
      end
      2'b01: begin
        case (funct3)
          3'd0: out = {imm6, rd, 3'd0, rd, OP_IMM};  // C.ADDI, C.NOP
          3'd1: begin  // C.ADDIW; rd = x0 is reserved
            out = {imm6, rd, 3'd0, rd, OP_IMM_32};
            bad = rd == 5'd0;
          end
          3'd2: out = {imm6, 5'd0, 3'd0, rd, OP_IMM};  // C.LI
          3'd3: begin
            if (rd == SP) begin  // C.ADDI16SP; zero immediate reserved
              out = {addi16sp_imm, SP, 3'd0, SP, OP_IMM};
              bad = addi16sp_imm == 12'b0;
            end else begin  // C.LUI; zero immediate reserved
              out = {{8{imm6[11]}}, imm6, rd, OP_LUI};
              bad = imm6 == 12'b0;
            end
          end
          3'd4: begin
            case (c[11:10])
              2'd0: out = {6'b0, shamt, rs1_p, 3'd5, rs1_p, OP_IMM};        // C.SRLI
              2'd1: out = {6'b010000, shamt, rs1_p, 3'd5, rs1_p, OP_IMM};   // C.SRAI
              2'd2: out = {imm6, rs1_p, 3'd7, rs1_p, OP_IMM};               // C.ANDI
              default: begin
                case ({c[12], c[6:5]})
                  3'b000: out = {7'h20, rd_p, rs1_p, 3'd0, rs1_p, OP_REG};     // C.SUB
                  3'b001: out = {7'h00, rd_p, rs1_p, 3'd4, rs1_p, OP_REG};     // C.XOR
                  3'b010: out = {7'h00, rd_p, rs1_p, 3'd6, rs1_p, OP_REG};     // C.OR
                  3'b011: out = {7'h00, rd_p, rs1_p, 3'd7, rs1_p, OP_REG};     // C.AND
                  3'b100: out = {7'h20, rd_p, rs1_p, 3'd0, rs1_p, OP_REG_32};  // C.SUBW
                  3'b101: out = {7'h00, rd_p, rs1_p, 3'd0, rs1_p, OP_REG_32};  // C.ADDW
                  default: bad = 1'b1;
                endcase
              end
            endcase
          end
          3'd5: out = {j_imm[20], j_imm[10:1], j_imm[11], j_imm[19:12], 5'd0, OP_JAL};  // C.J
          default:  // C.BEQZ, C.BNEZ
            out = {b_imm[12], b_imm[10:5], 5'd0, rs1_p, 2'b0, funct3[0],
                   b_imm[4:1], b_imm[11], OP_BRANCH};
        endcase
      end
      2'b10: begin
        case (funct3)
          3'd0: out = {6'b0, shamt, rd, 3'd1, rd, OP_IMM};  // C.SLLI
          3'd1: out = {ldsp_off, SP, 3'd3, rd, OP_LOADF};  // C.FLDSP (f0 allowed)
          3'd2: begin  // C.LWSP; rd = x0 reserved
            out = {lwsp_off, SP, 3'd2, rd, OP_LOAD};
            bad = rd == 5'd0;
          end
          3'd3: begin  // C.LDSP; rd = x0 reserved
            out = {ldsp_off, SP, 3'd3, rd, OP_LOAD};
            bad = rd == 5'd0;
          end
          3'd4: begin
            if (!c[12]) begin
              if (rs2 != 5'd0) out = {7'h00, rs2, 5'd0, 3'd0, rd, OP_REG};  // C.MV
              else begin  // C.JR; rs1 = x0 reserved
                out = {12'b0, rd, 3'd0, 5'd0, OP_JALR};
                bad = rd == 5'd0;
              end
            end else begin
              if (rs2 != 5'd0)     out = {7'h00, rs2, rd, 3'd0, rd, OP_REG};  // C.ADD
              else if (rd == 5'd0) out = EBREAK;                              // C.EBREAK
              else                 out = {12'b0, rd, 3'd0, RA, OP_JALR};      // C.JALR
            end
          end
          3'd6: out = {swsp_off[11:5], rs2, SP, 3'd2, swsp_off[4:0], OP_STORE};  // C.SWSP
          3'd5: out = {sdsp_off[11:5], rs2, SP, 3'd3, sdsp_off[4:0], OP_STOREF};  // C.FSDSP
          3'd7: out = {sdsp_off[11:5], rs2, SP, 3'd3, sdsp_off[4:0], OP_STORE};   // C.SDSP
          default: bad = 1'b1;
        endcase
      end
      default: bad = 1'b1;  // not a 16-bit instruction
    endcase
  end

  assign instr_o   = bad ? 32'b0 : out;
  assign illegal_o = bad;
endmodule
