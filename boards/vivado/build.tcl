# The non-project Vivado flow of a board (make bitstream BOARD=...):
#   vivado -mode batch -source boards/vivado/build.tcl -tclargs SETTINGS.tcl
# SETTINGS.tcl, which make writes, sets: tea_board, tea_board_dir, tea_part,
# tea_top, tea_out (the output folder), tea_sources and tea_incdirs (the
# SystemVerilog sources and include folders), tea_defines, tea_netlist (a
# Yosys EDIF netlist of the top to use instead of the sources, or ""),
# tea_flash_if and tea_flash_mb (the configuration flash's interface and
# size). The steps: the memory controller IP (the board's mig.prj through
# mig7_ip.tcl, or its own ip.tcl), synthesis of the top (or the netlist),
# the board's constraints, optimization, placement, routing, reports,
# bitstream and flash image, all under tea_out.
source [lindex $argv 0]
set here [file dirname [file normalize [info script]]]
file mkdir $tea_out
cd $tea_out
set_part $tea_part

if {[file exists [file join $tea_board_dir mig.prj]]} {
    source [file join $here mig7_ip.tcl]
} else {
    source [file join $tea_board_dir ip.tcl]
}
tea_mem_ip $tea_board_dir [file join $tea_out ip]

if {$tea_netlist eq ""} {
    read_verilog -sv $tea_sources
    synth_design -top $tea_top -part $tea_part -include_dirs $tea_incdirs \
        -verilog_define $tea_defines -flatten_hierarchy rebuilt
} else {
    read_edif $tea_netlist
    link_design -top $tea_top -part $tea_part
}
# The clock groups name the memory controller's clock, which exists once
# its netlist is in: the constraints come after synthesis.
read_xdc [file join $tea_board_dir $tea_board.xdc]
write_checkpoint -force $tea_top-synth.dcp
report_utilization -file utilization-synth.txt

opt_design
place_design
phys_opt_design
route_design
write_checkpoint -force $tea_top-routed.dcp
report_utilization -file utilization.txt
report_utilization -hierarchical -file utilization-hier.txt
report_timing_summary -max_paths 20 -file timing.txt
report_clock_interaction -file clock-interaction.txt
report_drc -file drc.txt

# Unmet timing is reported, not hidden: the bitstream is still written,
# with the failing paths in timing.txt.
set wns [get_property SLACK [get_timing_paths -max_paths 1 -setup]]
if {$wns < 0} {
    puts "build.tcl: timing not met, worst setup slack $wns ns (timing.txt)"
}

write_bitstream -force $tea_top.bit
write_cfgmem -force -format mcs -interface $tea_flash_if -size $tea_flash_mb \
    -loadbit "up 0x0 $tea_top.bit" -file $tea_top.mcs
puts "build.tcl: $tea_out/$tea_top.bit, flash image $tea_out/$tea_top.mcs"
