/* A board top Verilated with the simulation models of its clocking and
 * memory controller (boards/sim/), behind a C interface for
 * board-sim (board_sim.c). The models make their clocks themselves
 * (Verilator's timing), so the board is advanced through time rather than
 * cycle by cycle; its memory controller's AXI port is served by the DRAM
 * model given at creation. The build defines the board (board_sim.h). */
#ifndef TEA_SIM_BOARD_MODEL_H
#define TEA_SIM_BOARD_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct board_model;
struct dram;

/* NULL when memory runs out. */
struct board_model *board_model_create(struct dram *dram);
void board_model_destroy(struct board_model *m);

/* Evaluates what changed at the current time, then moves to the next time
 * at which something happens in the model, or to until if that is sooner,
 * and evaluates there. Returns the new time in picoseconds. */
uint64_t board_model_advance(struct board_model *m, uint64_t until);

/* The board's pins: the reset button (pressed or not), the UART lines and
 * the LEDs. */
void board_model_press_reset(struct board_model *m, bool pressed);
bool board_model_uart_tx(const struct board_model *m);
void board_model_set_uart_rx(struct board_model *m, bool level);
unsigned board_model_leds(const struct board_model *m);

#ifdef __cplusplus
}
#endif

#endif
