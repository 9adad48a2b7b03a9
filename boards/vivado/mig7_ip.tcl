# The 7-series boards' DDR3 controller: the MIG IP (component mig_ddr3)
# configured wholly by the board's mig.prj (AXI4 slave, clocking, memory
# part, pin map), created into ip_dir and synthesized out of context, so
# that synth_design (or link_design) of the board's top picks it up.
# Sourced by build.tcl after set_part.
proc tea_mem_ip {board_dir ip_dir} {
    file delete -force $ip_dir
    file mkdir $ip_dir
    create_ip -name mig_7series -vendor xilinx.com -library ip -module_name mig_ddr3 -dir $ip_dir
    # MIG reads XML_INPUT_FILE from the IP's own folder
    file copy -force [file join $board_dir mig.prj] \
        [file join [get_property IP_DIR [get_ips mig_ddr3]] mig.prj]
    set_property CONFIG.XML_INPUT_FILE {mig.prj} [get_ips mig_ddr3]
    generate_target all [get_ips mig_ddr3]
    synth_ip [get_ips mig_ddr3]
}
