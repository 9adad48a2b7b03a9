# VCU118: the DDR4 controller of memory interface C1, the DDR4 SDRAM IP
# (component ddr4_c1), every setting spelled out (no board files), created
# into ip_dir and synthesized out of context, so that synth_design (or
# link_design) of vcu118_top picks it up. Pin locations are in vcu118.xdc;
# the IP sets the I/O standards. Sourced by boards/vivado/build.tcl after
# set_part.
proc tea_mem_ip {board_dir ip_dir} {
    set settings [list \
        CONFIG.C0.DDR4_MemoryType            {Components} \
        CONFIG.C0.DDR4_MemoryPart            {MT40A256M16GE-083E} \
        CONFIG.C0.DDR4_MemoryVoltage         {1.2V} \
        CONFIG.C0.DDR4_DataWidth             {64} \
        CONFIG.C0.DDR4_DataMask              {DM_NO_DBI} \
        CONFIG.C0.DDR4_Ecc                   {false} \
        CONFIG.C0.DDR4_TimePeriod            {833} \
        CONFIG.C0.DDR4_InputClockPeriod      {4000} \
        CONFIG.C0.DDR4_CasLatency            {16} \
        CONFIG.C0.DDR4_CasWriteLatency       {12} \
        CONFIG.C0.DDR4_Mem_Add_Map           {ROW_COLUMN_BANK} \
        CONFIG.System_Clock                  {Differential} \
        CONFIG.C0.DDR4_AxiSelection          {true} \
        CONFIG.C0.DDR4_AxiDataWidth          {512} \
        CONFIG.C0.DDR4_AxiIDWidth            {4} \
        CONFIG.C0.DDR4_AxiAddressWidth       {31} \
        CONFIG.C0.DDR4_AxiNarrowBurst        {true} \
        CONFIG.C0.DDR4_AxiArbitrationScheme  {RD_PRI_REG} \
        CONFIG.ADDN_UI_CLKOUT1_FREQ_HZ       {None} \
        CONFIG.Debug_Signal                  {Disable} \
    ]
    # What the settings mean:
    #   C1 is four 4 Gbit x16 parts (MT40A256M16GE-083E) on a 64-bit bus with
    #   data mask, no ECC: 2 GB, so a 31-bit AXI byte address.
    #   833 ps = 1200 MHz memory clock (DDR4-2400, CL 16, CWL 12); the 4:1
    #   PHY makes c0_ddr4_ui_clk 300 MHz, and 512 bits is its native width.
    #   The 250 MHz board clock (4000 ps) enters on c0_sys_clk_p/n into the
    #   IP's own differential buffer.
    #   AXI4 slave: 4-bit ID, narrow bursts allowed, reads take priority.

    file delete -force $ip_dir
    file mkdir $ip_dir
    create_ip -name ddr4 -vendor xilinx.com -library ip -module_name ddr4_c1 -dir $ip_dir
    set_property -dict $settings [get_ips ddr4_c1]
    generate_target all [get_ips ddr4_c1]
    synth_ip [get_ips ddr4_c1]
}
