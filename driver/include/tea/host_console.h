/* The line a program on a board prints last for the host that reads the
 * board's console (the board's device tree has /chosen/tea,host-console):
 * SERIAL_BOOT_EXIT, a space and its exit status in decimal. The bare-metal
 * runtime prints it at exit, make linux's init before it powers off;
 * teaperf record --serial and teaperf boot end with that status. No
 * includes, so that the kernel's nolibc programs can use it too. */
#ifndef TEA_HOST_CONSOLE_H
#define TEA_HOST_CONSOLE_H

#define SERIAL_BOOT_EXIT "TEA-EXIT"

#endif
