#include "attribution/tea_cycle.h"

unsigned tea_cycle_committing(const struct tea_cycle *c)
{
	return c->retire_trap ? 0 : (unsigned)__builtin_popcount(c->retire);
}

unsigned tea_cycle_last_lane(const struct tea_cycle *c)
{
	return 31 - (unsigned)__builtin_clz(c->retire);
}
