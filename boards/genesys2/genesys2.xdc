## Genesys2 constraints for genesys2_top
##
## Board facts
##   Part     XC7K325T-2FFG900C (Vivado: xc7k325tffg900-2)
##   Clock    200 MHz LVDS oscillator, sys_clk_p AD12 / sys_clk_n AD11 (bank 33,
##            MRCC pair); also the MIG's sys_clk_i and IDELAY reference
##   UART     micro-USB port marked UART, FTDI FT232R USB-UART bridge
##            (the other micro-USB port is the FT2232H JTAG/PROG port)
##   Flash    Spansion/Cypress S25FL256S, 256 Mbit quad-SPI, 3.3 V; boots in
##            SPIx4 mode (boot-mode jumper set to QSPI)
##   Reset    CPU RESET button R19, active low (cpu_resetn)
##   LEDs     LD0..LD7 = T28 V19 U30 U29 V20 V26 W24 W23, active high
##   DDR3     2 x MT41J256M16HA-125; its pins are in mig.prj, the MIG's own
##            XDC places them, so none appear here
##
## Instance names this file assumes in genesys2_top
##   u_clocks/*u_mmcm  the MMCM making the 50 MHz core clock (CLKOUT0)
##   u_soc/u_mem       the mig_ddr3 instance (ui_clk is its user clock)
##
## Read this file after synth_design (or mark it USED_IN_SYNTHESIS false):
## the clock-group line needs the MIG netlist, which synthesis sees as a
## black box.

## ---------------------------------------------------------------------------
## Clock

# 200 MHz LVDS oscillator, bank 33; our IBUFDS, then the MIG and the core MMCM
set_property -dict {PACKAGE_PIN AD12 IOSTANDARD LVDS} [get_ports sys_clk_p]
set_property -dict {PACKAGE_PIN AD11 IOSTANDARD LVDS} [get_ports sys_clk_n]
create_clock -name sys_clk -period 5.000 [get_ports sys_clk_p]

# The core clock (MMCM) and the MIG user clock (200 MHz) share the oscillator
# but every path between them goes through a clock-domain crossing
set_clock_groups -asynchronous \
    -group [get_clocks -of_objects [get_pins -hierarchical -filter {NAME =~ u_clocks/*u_mmcm/CLKOUT0}]] \
    -group [get_clocks -of_objects [get_pins u_soc/u_mem/ui_clk]]

## ---------------------------------------------------------------------------
## Reset button, UART, LEDs (banks 12/14, 3.3 V)

# CPU RESET push button, active low, asynchronous to every clock
set_property -dict {PACKAGE_PIN R19 IOSTANDARD LVCMOS33} [get_ports cpu_resetn]
set_false_path -from [get_ports cpu_resetn]

# FT232R bridge: its TXD drives uart_rx, its RXD takes uart_tx
set_property -dict {PACKAGE_PIN Y20 IOSTANDARD LVCMOS33} [get_ports uart_rx]
set_property -dict {PACKAGE_PIN Y23 IOSTANDARD LVCMOS33} [get_ports uart_tx]
set_false_path -from [get_ports uart_rx]
set_false_path -to   [get_ports uart_tx]

# LD0..LD7
set_property -dict {PACKAGE_PIN T28 IOSTANDARD LVCMOS33} [get_ports {led[0]}]
set_property -dict {PACKAGE_PIN V19 IOSTANDARD LVCMOS33} [get_ports {led[1]}]
set_property -dict {PACKAGE_PIN U30 IOSTANDARD LVCMOS33} [get_ports {led[2]}]
set_property -dict {PACKAGE_PIN U29 IOSTANDARD LVCMOS33} [get_ports {led[3]}]
set_property -dict {PACKAGE_PIN V20 IOSTANDARD LVCMOS33} [get_ports {led[4]}]
set_property -dict {PACKAGE_PIN V26 IOSTANDARD LVCMOS33} [get_ports {led[5]}]
set_property -dict {PACKAGE_PIN W24 IOSTANDARD LVCMOS33} [get_ports {led[6]}]
set_property -dict {PACKAGE_PIN W23 IOSTANDARD LVCMOS33} [get_ports {led[7]}]
set_false_path -to [get_ports {led[*]}]

## ---------------------------------------------------------------------------
## Configuration: bank 0 at 3.3 V, S25FL256S in quad mode
##
## The K325T bitstream (about 92 Mbit) sits below the 16 MB line, so 3-byte
## addressing is enough. Flash image, for example:
##   write_cfgmem -format mcs -interface SPIx4 -size 32 \
##       -loadbit "up 0x0 genesys2_top.bit" -file genesys2_top.mcs

set_property CFGBVS VCCO                         [current_design]
set_property CONFIG_VOLTAGE 3.3                  [current_design]
set_property CONFIG_MODE SPIx4                   [current_design]
set_property BITSTREAM.CONFIG.SPI_BUSWIDTH 4     [current_design]
# 33 MHz CCLK from the internal oscillator: a safe rate for this flash
set_property BITSTREAM.CONFIG.CONFIGRATE 33      [current_design]
set_property BITSTREAM.GENERAL.COMPRESS TRUE     [current_design]
