## VC707 constraints for vc707_top
##
## Board facts
##   Part     XC7VX485T-2FFG1761C (Vivado: xc7vx485tffg1761-2)
##   Clock    200 MHz LVDS system clock SYSCLK, sys_clk_p E19 / sys_clk_n E18
##            (bank 38, a DDR3 bank); also the MIG's sys_clk_i and IDELAY
##            reference
##   UART     USB port marked USB UART, Silicon Labs CP2103 bridge
##   Flash    Micron PC28F00AG18FE, 1 Gbit parallel NOR, BPI x16, 1.8 V;
##            boots in master BPI x16 mode (mode switch set to BPI)
##   Reset    CPU_RESET button AV40, active high (cpu_reset)
##   LEDs     GPIO_LED_0..7 = AM39 AN39 AR37 AT37 AR35 AP41 AP42 AU39
##   DDR3     1 GB SODIMM (MT8JTF12864HZ-1G6); its pins are in mig.prj, the
##            MIG's own XDC places them, so none appear here
##
## Instance names this file assumes in vc707_top
##   u_clocks/*u_mmcm  the MMCM making the 50 MHz core clock (CLKOUT0)
##   u_soc/u_mem       the mig_ddr3 instance (ui_clk is its user clock)
##
## Read this file after synth_design (or mark it USED_IN_SYNTHESIS false):
## the clock-group line needs the MIG netlist, which synthesis sees as a
## black box.

## ---------------------------------------------------------------------------
## Clock

# 200 MHz LVDS oscillator, bank 38; our IBUFDS, then the MIG and the core MMCM
set_property -dict {PACKAGE_PIN E19 IOSTANDARD LVDS} [get_ports sys_clk_p]
set_property -dict {PACKAGE_PIN E18 IOSTANDARD LVDS} [get_ports sys_clk_n]
create_clock -name sys_clk -period 5.000 [get_ports sys_clk_p]

# The core clock (MMCM) and the MIG user clock (200 MHz) share the oscillator
# but every path between them goes through a clock-domain crossing
set_clock_groups -asynchronous \
    -group [get_clocks -of_objects [get_pins -hierarchical -filter {NAME =~ u_clocks/*u_mmcm/CLKOUT0}]] \
    -group [get_clocks -of_objects [get_pins u_soc/u_mem/ui_clk]]

## ---------------------------------------------------------------------------
## Reset button, UART, LEDs (1.8 V banks)

# CPU_RESET push button, active high, asynchronous to every clock
set_property -dict {PACKAGE_PIN AV40 IOSTANDARD LVCMOS18} [get_ports cpu_reset]
set_false_path -from [get_ports cpu_reset]

# CP2103 bridge: its TXD drives uart_rx, its RXD takes uart_tx
# (schematic nets USB_UART_RX / USB_UART_TX; RTS/CTS are not used)
set_property -dict {PACKAGE_PIN AU33 IOSTANDARD LVCMOS18} [get_ports uart_rx]
set_property -dict {PACKAGE_PIN AU36 IOSTANDARD LVCMOS18} [get_ports uart_tx]
set_false_path -from [get_ports uart_rx]
set_false_path -to   [get_ports uart_tx]

# GPIO_LED_0..7
set_property -dict {PACKAGE_PIN AM39 IOSTANDARD LVCMOS18} [get_ports {led[0]}]
set_property -dict {PACKAGE_PIN AN39 IOSTANDARD LVCMOS18} [get_ports {led[1]}]
set_property -dict {PACKAGE_PIN AR37 IOSTANDARD LVCMOS18} [get_ports {led[2]}]
set_property -dict {PACKAGE_PIN AT37 IOSTANDARD LVCMOS18} [get_ports {led[3]}]
set_property -dict {PACKAGE_PIN AR35 IOSTANDARD LVCMOS18} [get_ports {led[4]}]
set_property -dict {PACKAGE_PIN AP41 IOSTANDARD LVCMOS18} [get_ports {led[5]}]
set_property -dict {PACKAGE_PIN AP42 IOSTANDARD LVCMOS18} [get_ports {led[6]}]
set_property -dict {PACKAGE_PIN AU39 IOSTANDARD LVCMOS18} [get_ports {led[7]}]
set_false_path -to [get_ports {led[*]}]

## ---------------------------------------------------------------------------
## Configuration: bank 0 at 1.8 V, BPI x16 parallel flash
##
## BPI is a parallel interface, so BITSTREAM.CONFIG.SPI_BUSWIDTH does not
## apply. CCLK comes from the 80 MHz EMCCLK oscillator (EXTMASTERCCLK_EN
## div-1), so CONFIGRATE is not used either. Flash image, for example:
##   write_cfgmem -format mcs -interface BPIx16 -size 128 \
##       -loadbit "up 0x0 vc707_top.bit" -file vc707_top.mcs

set_property CFGBVS GND                               [current_design]
set_property CONFIG_VOLTAGE 1.8                       [current_design]
set_property CONFIG_MODE BPI16                        [current_design]
set_property BITSTREAM.CONFIG.BPI_SYNC_MODE Type1     [current_design]
set_property BITSTREAM.CONFIG.EXTMASTERCCLK_EN div-1  [current_design]
set_property BITSTREAM.GENERAL.COMPRESS TRUE          [current_design]
