`include "core_types.svh"
`include "fpu_types.svh"

// Decodes one 32-bit RV64IMAFD + Zicsr + Zifencei + privileged instruction
// into a micro-op. An encoding is illegal exactly when the reference ISS
// (sim/iss/execute.c) raises an illegal-instruction exception for it in
// M-mode; what depends on privilege or on the CSR address (WFI, xRET and
// SFENCE.VMA from lower modes, missing or read-only CSRs) is checked at
// commit, a dynamic rounding mode that frm makes reserved and FS Off at
// dispatch. An illegal micro-op reads and writes no register. Zicbop
// prefetch.r/.w decode as the ORI x0 they are, with uop_t.prefetch set.
module decoder (
  input  logic [31:0] instr_i,
  input  logic        compressed_i,  // instr_i was expanded from 16 bits
  output uop_t        uop_o
);
  localparam logic [6:0] OPC_LOAD      = 7'h03;
  localparam logic [6:0] OPC_LOAD_FP   = 7'h07;
  localparam logic [6:0] OPC_STORE_FP  = 7'h27;
  localparam logic [6:0] OPC_OP_FP     = 7'h53;
  localparam logic [6:0] OPC_MISC_MEM  = 7'h0f;
  localparam logic [6:0] OPC_OP_IMM    = 7'h13;
  localparam logic [6:0] OPC_AUIPC     = 7'h17;
  localparam logic [6:0] OPC_OP_IMM_32 = 7'h1b;
  localparam logic [6:0] OPC_STORE     = 7'h23;
  localparam logic [6:0] OPC_AMO       = 7'h2f;
  localparam logic [6:0] OPC_OP        = 7'h33;
  localparam logic [6:0] OPC_LUI       = 7'h37;
  localparam logic [6:0] OPC_OP_32     = 7'h3b;
  localparam logic [6:0] OPC_BRANCH    = 7'h63;
  localparam logic [6:0] OPC_JALR      = 7'h67;
  localparam logic [6:0] OPC_JAL       = 7'h6f;
  localparam logic [6:0] OPC_SYSTEM    = 7'h73;

  localparam logic [31:0] INSN_ECALL  = 32'h0000_0073;
  localparam logic [31:0] INSN_EBREAK = 32'h0010_0073;
  localparam logic [31:0] INSN_SRET   = 32'h1020_0073;
  localparam logic [31:0] INSN_MRET   = 32'h3020_0073;
  localparam logic [31:0] INSN_WFI    = 32'h1050_0073;

  localparam int unsigned XLEN = CFG_XLEN;

  logic [6:0] opcode, funct7;
  logic [2:0] funct3;
  logic [4:0] funct5;
  logic [XLEN-1:0] imm_i, imm_s, imm_b, imm_u, imm_j;

  assign opcode = instr_i[6:0];
  assign funct3 = instr_i[14:12];
  assign funct7 = instr_i[31:25];
  assign funct5 = instr_i[31:27];

  assign imm_i = {{(XLEN-11){instr_i[31]}}, instr_i[30:20]};
  assign imm_s = {{(XLEN-11){instr_i[31]}}, instr_i[30:25], instr_i[11:7]};
  assign imm_b = {{(XLEN-12){instr_i[31]}}, instr_i[7], instr_i[30:25], instr_i[11:8], 1'b0};
  assign imm_u = {{(XLEN-31){instr_i[31]}}, instr_i[30:12], 12'b0};
  assign imm_j = {{(XLEN-20){instr_i[31]}}, instr_i[19:12], instr_i[20], instr_i[30:21], 1'b0};

  // Register-register and register-immediate operations by funct3; alt is
  // instruction bit 30, which turns ADD into SUB and SRL into SRA.
  function automatic alu_op_e alu_op(input logic [2:0] f3, input logic alt);
    case (f3)
      3'd0:    alu_op = alt ? ALU_SUB : ALU_ADD;
      3'd1:    alu_op = ALU_SLL;
      3'd2:    alu_op = ALU_SLT;
      3'd3:    alu_op = ALU_SLTU;
      3'd4:    alu_op = ALU_XOR;
      3'd5:    alu_op = alt ? ALU_SRA : ALU_SRL;
      3'd6:    alu_op = ALU_OR;
      default: alu_op = ALU_AND;
    endcase
  endfunction

  function automatic br_op_e br_op(input logic [2:0] f3);
    case (f3)
      3'd0:    br_op = BR_EQ;
      3'd1:    br_op = BR_NE;
      3'd4:    br_op = BR_LT;
      3'd5:    br_op = BR_GE;
      3'd6:    br_op = BR_LTU;
      default: br_op = BR_GEU;
    endcase
  endfunction

  function automatic mem_size_e mem_size(input logic [1:0] f3);
    case (f3)
      2'd0:    mem_size = MEM_B;
      2'd1:    mem_size = MEM_H;
      2'd2:    mem_size = MEM_W;
      default: mem_size = MEM_D;
    endcase
  endfunction

  function automatic mul_op_e mul_op(input logic [1:0] f3);
    case (f3)
      2'd0:    mul_op = MUL_MUL;
      2'd1:    mul_op = MUL_MULH;
      2'd2:    mul_op = MUL_MULHSU;
      default: mul_op = MUL_MULHU;
    endcase
  endfunction

  function automatic div_op_e div_op(input logic [1:0] f3);
    case (f3)
      2'd0:    div_op = DIV_DIV;
      2'd1:    div_op = DIV_DIVU;
      2'd2:    div_op = DIV_REM;
      default: div_op = DIV_REMU;
    endcase
  endfunction

  function automatic logic amo_valid(input logic [4:0] f5);
    case (f5)
      5'h00, 5'h01, 5'h02, 5'h03, 5'h04, 5'h08, 5'h0c,
      5'h10, 5'h14, 5'h18, 5'h1c: amo_valid = 1'b1;
      default:                    amo_valid = 1'b0;
    endcase
  endfunction

  function automatic amo_op_e amo_op(input logic [4:0] f5);
    case (f5)
      5'h02:   amo_op = AMO_LR;
      5'h03:   amo_op = AMO_SC;
      5'h01:   amo_op = AMO_SWAP;
      5'h00:   amo_op = AMO_ADD;
      5'h04:   amo_op = AMO_XOR;
      5'h0c:   amo_op = AMO_AND;
      5'h08:   amo_op = AMO_OR;
      5'h10:   amo_op = AMO_MIN;
      5'h14:   amo_op = AMO_MAX;
      5'h18:   amo_op = AMO_MINU;
      default: amo_op = AMO_MAXU;
    endcase
  endfunction

  uop_t u;
  logic writes_rd;

  always_comb begin
    u = '0;
    u.illegal      = 1'b0;
    u.fu           = FU_ALU;
    u.op.alu       = ALU_ADD;
    u.opa_sel      = OPA_RS1;
    u.opb_sel      = OPB_RS2;
    u.mem_size     = mem_size(funct3[1:0]);
    u.mem_unsigned = funct3[2];
    u.rs1          = {1'b0, instr_i[19:15]};
    u.rs2          = {1'b0, instr_i[24:20]};
    u.rs3          = {1'b1, instr_i[31:27]};
    u.rd           = {1'b0, instr_i[11:7]};
    u.fp_fmt       = instr_i[25];
    u.fp_rm        = funct3;
    u.csr          = instr_i[31:20];
    u.compressed   = compressed_i;
    writes_rd      = 1'b0;

    case (opcode)
      OPC_LUI, OPC_AUIPC: begin
        u.opa_sel = opcode == OPC_LUI ? OPA_ZERO : OPA_PC;
        u.opb_sel = OPB_IMM;
        u.imm     = imm_u;
        writes_rd = 1'b1;
      end
      OPC_JAL: begin
        u.fu      = FU_BRANCH;
        u.op.br   = BR_JAL;
        u.imm     = imm_j;
        writes_rd = 1'b1;
      end
      OPC_JALR: begin
        u.fu         = FU_BRANCH;
        u.op.br      = BR_JALR;
        u.imm        = imm_i;
        u.rs1_used   = 1'b1;
        writes_rd    = 1'b1;
        u.illegal    = funct3 != 3'd0;
      end
      OPC_BRANCH: begin
        u.fu       = FU_BRANCH;
        u.op.br    = br_op(funct3);
        u.imm      = imm_b;
        u.rs1_used = 1'b1;
        u.rs2_used = 1'b1;
        u.illegal  = funct3[2:1] == 2'b01;
      end
      OPC_LOAD: begin
        u.fu       = FU_LOAD;
        u.imm      = imm_i;
        u.rs1_used = 1'b1;
        writes_rd  = 1'b1;
        u.illegal  = funct3 == 3'd7;
      end
      OPC_STORE: begin
        u.fu       = FU_STORE;
        u.imm      = imm_s;
        u.rs1_used = 1'b1;
        u.rs2_used = 1'b1;
        u.illegal  = funct3[2];
      end
      OPC_OP_IMM: begin
        u.opb_sel  = OPB_IMM;
        u.rs1_used = 1'b1;
        writes_rd  = 1'b1;
        if (funct3 == 3'd1 || funct3 == 3'd5) begin
          // 6-bit shift amount; funct6 is 0, or 010000 for SRAI
          u.op.alu  = alu_op(funct3, instr_i[30]);
          u.imm     = XLEN'(instr_i[25:20]);
          u.illegal = !(instr_i[31:26] == 6'b0 ||
                        (funct3 == 3'd5 && instr_i[31:26] == 6'b010000));
        end else begin
          u.op.alu = alu_op(funct3, 1'b0);
          u.imm    = imm_i;
          // Zicbop: ORI x0 with imm[4:0] = 1 (prefetch.r) or 3 (prefetch.w);
          // imm[4:0] = 0 (prefetch.i) stays a plain no-op
          u.prefetch = funct3 == 3'd6 && u.rd == 6'd0 &&
                       (instr_i[24:20] == 5'd1 || instr_i[24:20] == 5'd3);
        end
      end
      OPC_OP_IMM_32: begin
        u.word     = 1'b1;
        u.opb_sel  = OPB_IMM;
        u.rs1_used = 1'b1;
        writes_rd  = 1'b1;
        if (funct3 == 3'd0) begin
          u.op.alu = ALU_ADD;
          u.imm    = imm_i;
        end else begin
          // 5-bit shift amount; funct7 is 0, or 0100000 for SRAIW
          u.op.alu  = alu_op(funct3, instr_i[30]);
          u.imm     = XLEN'(instr_i[24:20]);
          u.illegal = !((funct3 == 3'd1 && funct7 == 7'h00) ||
                        (funct3 == 3'd5 && (funct7 == 7'h00 || funct7 == 7'h20)));
        end
      end
      OPC_OP, OPC_OP_32: begin
        u.word     = opcode == OPC_OP_32;
        u.rs1_used = 1'b1;
        u.rs2_used = 1'b1;
        writes_rd  = 1'b1;
        if (funct7 == 7'h01) begin
          u.fu = funct3[2] ? FU_DIV : FU_MUL;
          if (funct3[2]) u.op.div = div_op(funct3[1:0]);
          else           u.op.mul = mul_op(funct3[1:0]);
          // MULW is the only word multiply
          u.illegal = u.word && funct3[2:0] != 3'd0 && !funct3[2];
        end else begin
          u.op.alu = alu_op(funct3, instr_i[30]);
          if (funct7 == 7'h20) u.illegal = funct3 != 3'd0 && funct3 != 3'd5;
          else                 u.illegal = funct7 != 7'h00;
          // the word forms are ADDW, SUBW, SLLW, SRLW, SRAW
          if (u.word && funct3 != 3'd0 && funct3 != 3'd1 && funct3 != 3'd5)
            u.illegal = 1'b1;
        end
      end
      OPC_AMO: begin
        u.fu        = FU_AMO;
        u.op.amo    = amo_op(funct5);
        u.rs1_used  = 1'b1;
        u.rs2_used  = funct5 != 5'h02;
        writes_rd   = 1'b1;
        u.serialize = 1'b1;
        // LR has no rs2: its field must be zero
        u.illegal   = funct3[2:1] != 2'b01 || !amo_valid(funct5) ||
                      (funct5 == 5'h02 && u.rs2 != 6'd0);
      end
      OPC_MISC_MEM: begin
        // Memory is coherent for the core's own accesses, so the ordering
        // and register fields of FENCE and FENCE.I are not looked at.
        u.fu        = FU_SYSTEM;
        u.op.sys    = funct3[0] ? SYS_FENCE_I : SYS_FENCE;
        u.serialize = 1'b1;
        u.illegal   = funct3[2:1] != 2'b00;
      end
      OPC_SYSTEM: begin
        u.serialize = 1'b1;
        if (funct3 == 3'd0) begin
          u.fu = FU_SYSTEM;
          case (instr_i)
            INSN_ECALL:  u.op.sys = SYS_ECALL;
            INSN_EBREAK: u.op.sys = SYS_EBREAK;
            INSN_MRET:   u.op.sys = SYS_MRET;
            INSN_SRET:   u.op.sys = SYS_SRET;
            INSN_WFI:    u.op.sys = SYS_WFI;
            default: begin
              u.op.sys   = SYS_SFENCE_VMA;
              u.rs1_used = 1'b1;
              u.rs2_used = 1'b1;
              u.illegal  = funct7 != 7'h09 || u.rd != 6'd0;
            end
          endcase
        end else begin
          // CSRRW/S/C, and with funct3[2] their forms with a 5-bit
          // immediate in the rs1 field
          u.fu       = FU_CSR;
          u.op.csr   = funct3[1:0] == 2'd1 ? CSR_RW : funct3[1:0] == 2'd2 ? CSR_RS : CSR_RC;
          u.rs1_used = !funct3[2];
          u.imm      = funct3[2] ? XLEN'(instr_i[19:15]) : '0;
          writes_rd  = 1'b1;
          u.illegal  = funct3[1:0] == 2'd0;
        end
      end
      OPC_LOAD_FP, OPC_STORE_FP: begin
        u.fp       = 1'b1;
        u.fu       = opcode == OPC_LOAD_FP ? FU_LOAD : FU_STORE;
        u.imm      = opcode == OPC_LOAD_FP ? imm_i : imm_s;
        u.rs1_used = 1'b1;
        u.rs2_used = opcode == OPC_STORE_FP;
        u.rs2[5]   = 1'b1;
        u.rd[5]    = 1'b1;
        writes_rd  = opcode == OPC_LOAD_FP;
        u.illegal  = funct3 != 3'd2 && funct3 != 3'd3;
      end
      OPC_OP_FP: begin
        // funct7 is {function, fmt}; fmt 2 and 3 (H, Q) are illegal. The
        // register classes: f unless the operation takes or gives an integer.
        u.fp       = 1'b1;
        u.fu       = FU_FMISC;
        u.rs1[5]   = 1'b1;
        u.rs2[5]   = 1'b1;
        u.rd[5]    = 1'b1;
        u.rs1_used = 1'b1;
        u.rs2_used = 1'b1;
        writes_rd  = 1'b1;
        u.illegal  = funct7[1];
        case (funct7[6:2])
          5'd0, 5'd1: begin  // FADD, FSUB: a + c on the FMA, rs2 as the addend
            u.fu         = FU_FMA;
            u.fp_op      = {1'b0, FMA_ADD, 1'b0, funct7[2]};
            u.fp_rm_used = 1'b1;
            u.rs3        = u.rs2;
            u.rs2_used   = 1'b0;
            u.rs3_used   = 1'b1;
          end
          5'd2: begin        // FMUL
            u.fu         = FU_FMA;
            u.fp_op      = {1'b0, FMA_MUL, 2'b00};
            u.fp_rm_used = 1'b1;
          end
          5'd3, 5'd11: begin // FDIV, FSQRT (rs2 field zero)
            u.fu         = FU_FDIV;
            u.fp_op      = {4'b0, funct7[6:2] == 5'd11};
            u.fp_rm_used = 1'b1;
            u.rs2_used   = funct7[6:2] == 5'd3;
            if (funct7[6:2] == 5'd11 && instr_i[24:20] != 5'd0) u.illegal = 1'b1;
          end
          5'd4: begin        // FSGNJ, FSGNJN, FSGNJX
            u.fp_op = 5'(FCV_SGNJ) + {3'b0, funct3[1:0]};
            if (funct3 > 3'd2) u.illegal = 1'b1;
          end
          5'd5: begin        // FMIN, FMAX
            u.fp_op = 5'(FCV_MIN) + {4'b0, funct3[0]};
            if (funct3 > 3'd1) u.illegal = 1'b1;
          end
          5'd8: begin        // FCVT.S.D (fmt S, rs2 1), FCVT.D.S (fmt D, rs2 0)
            u.fp_op      = 5'(FCV_F2F);
            u.fp_rm_used = 1'b1;
            u.rs2_used   = 1'b0;
            if (instr_i[24:20] != {4'b0, !funct7[0]}) u.illegal = 1'b1;
          end
          5'd20: begin       // FLE, FLT, FEQ: an x result
            u.fp_op = 5'(FCV_LE) + {3'b0, funct3[1:0]};
            u.rd[5] = 1'b0;
            if (funct3 > 3'd2) u.illegal = 1'b1;
          end
          5'd24: begin       // FCVT.{W,WU,L,LU}.fmt
            u.fp_op      = 5'(FCV_F2I_W) + {3'b0, instr_i[21:20]};
            u.fp_rm_used = 1'b1;
            u.rs2_used   = 1'b0;
            u.rd[5]      = 1'b0;
            if (instr_i[24:22] != 3'd0) u.illegal = 1'b1;
          end
          5'd26: begin       // FCVT.fmt.{W,WU,L,LU}
            u.fp_op      = 5'(FCV_I2F_W) + {3'b0, instr_i[21:20]};
            u.fp_rm_used = 1'b1;
            u.rs1[5]     = 1'b0;
            u.rs2_used   = 1'b0;
            if (instr_i[24:22] != 3'd0) u.illegal = 1'b1;
          end
          5'd28: begin       // FMV.X.fmt (funct3 0), FCLASS (1)
            u.fp_op    = funct3[0] ? 5'(FCV_CLASS) : 5'(FCV_MV_X_F);
            u.rs2_used = 1'b0;
            u.rd[5]    = 1'b0;
            if (instr_i[24:20] != 5'd0 || funct3 > 3'd1) u.illegal = 1'b1;
          end
          5'd30: begin       // FMV.fmt.X
            u.fp_op    = 5'(FCV_MV_F_X);
            u.rs1[5]   = 1'b0;
            u.rs2_used = 1'b0;
            if (instr_i[24:20] != 5'd0 || funct3 != 3'd0) u.illegal = 1'b1;
          end
          default: u.illegal = 1'b1;
        endcase
      end
      default: begin
        if (opcode[6:4] == 3'b100 && opcode[1:0] == 2'b11) begin
          // FMADD, FMSUB, FNMSUB, FNMADD: opcode bits 3:2 negate the addend
          // (bit 2) and the product (bit 3)
          u.fp         = 1'b1;
          u.fu         = FU_FMA;
          u.fp_op      = {1'b0, FMA_FMADD, opcode[3], opcode[2]};
          u.fp_rm_used = 1'b1;
          u.rs1[5]     = 1'b1;
          u.rs2[5]     = 1'b1;
          u.rd[5]      = 1'b1;
          u.rs1_used   = 1'b1;
          u.rs2_used   = 1'b1;
          u.rs3_used   = 1'b1;
          writes_rd    = 1'b1;
          u.illegal    = instr_i[26];
        end else begin
          u.illegal = 1'b1;
        end
      end
    endcase

    // rm 5 and 6 are reserved (7, dynamic, is checked against frm at dispatch)
    if (u.fp_rm_used && (funct3 == 3'd5 || funct3 == 3'd6)) u.illegal = 1'b1;
    u.rd_used = writes_rd && u.rd != 6'd0 && !u.illegal;
    if (u.illegal) begin
      u.rs1_used   = 1'b0;
      u.rs2_used   = 1'b0;
      u.rs3_used   = 1'b0;
      u.fp_rm_used = 1'b0;
    end
  end


  assign uop_o = u;
endmodule
