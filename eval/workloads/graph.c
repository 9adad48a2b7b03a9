/* graph: pointer chasing over a large random graph, the shape of mcf and
 * omnetpp. Every node (one 64-byte line) points at four others: edge 0
 * follows one random cycle through all nodes (Sattolo's shuffle), edges
 * 1..3 go anywhere. A breadth-first search visits the graph, then a long
 * walk follows the edge its data picks at each node: every load's address
 * comes from the load before, spread over many pages.
 *
 * Check: the search reaches every node exactly once (the cycle makes the
 * graph strongly connected); the walk counts its visits in the nodes and
 * finds each node where its id says it is. */
#include <stdint.h>

#define WL_NAME "graph"
#define WL_MODE PRV_S
#ifndef SCALE
#define SCALE 32
#endif

#define NODES (2048u * SCALE)
#define STEPS (4u * NODES)

struct node {
	struct node *edge[4];
	uint32_t id;
	uint32_t visits;
	uint64_t mark;		/* BFS: the search that saw it last */
	uint64_t pad[2];	/* one node, one line */
};

#define WL_ARENA (NODES * 64ul + NODES * 4ul + 4096)

#include "workload.h"

_Static_assert(sizeof(struct node) == 64, "a node is one cache line");

static uint64_t bfs(struct node *nodes, uint32_t *queue, uint64_t *id_sum)
{
	uint32_t head = 0, tail = 0;
	uint64_t seen = 1;

	*id_sum = 0;
	nodes[0].mark = 1;
	queue[tail++] = 0;
	while (head < tail) {
		struct node *n = &nodes[queue[head++]];

		*id_sum += n->id;
		for (int e = 0; e < 4; e++) {
			struct node *m = n->edge[e];

			if (m->mark != 1) {
				m->mark = 1;
				queue[tail++] = m->id;
				seen++;
			}
		}
	}
	return seen;
}

static long wl_run(void)
{
	struct node *nodes = wl_alloc(NODES * sizeof(struct node));
	uint32_t *perm = wl_alloc(NODES * sizeof(uint32_t));
	uint64_t rng = 42, seen, id_sum, visits = 0, path = 0;
	struct node *p;

	/* Sattolo: perm becomes one cycle through all nodes. */
	for (uint32_t i = 0; i < NODES; i++)
		perm[i] = i;
	for (uint32_t i = NODES - 1; i > 0; i--) {
		uint32_t j = (uint32_t)rng_below(&rng, i), t = perm[i];

		perm[i] = perm[j];
		perm[j] = t;
	}
	for (uint32_t i = 0; i < NODES; i++) {
		uint64_t r = rng_next(&rng);

		nodes[i].id = i;
		nodes[i].visits = 0;
		nodes[i].mark = 0;
		nodes[i].edge[0] = &nodes[perm[i]];
		nodes[i].edge[1] = &nodes[(r & 0xfffff) % NODES];
		nodes[i].edge[2] = &nodes[((r >> 20) & 0xfffff) % NODES];
		nodes[i].edge[3] = &nodes[((r >> 40) & 0xfffff) % NODES];
	}

	seen = bfs(nodes, perm, &id_sum);
	if (seen != NODES || id_sum != (uint64_t)NODES * (NODES - 1) / 2)
		WL_FAIL("search reached %" PRIu64 " of %u nodes (id sum %" PRIu64 ")", seen,
			NODES, id_sum);

	/* The walk: the edge taken depends on the node and the step. */
	p = &nodes[0];
	for (uint32_t s = 0; s < STEPS; s++) {
		p->visits++;
		path += p->id;
		p = p->edge[(p->id ^ s) & 3];
	}
	for (uint32_t i = 0; i < NODES; i++) {
		if (nodes[i].id != i)
			WL_FAIL("node %u has id %u", i, nodes[i].id);
		visits += nodes[i].visits;
	}
	if (visits != STEPS)
		WL_FAIL("%" PRIu64 " visits counted, %u steps taken", visits, STEPS);
	printf(WL_NAME ": %u nodes, %u steps, path sum %" PRIu64 "\n", NODES, STEPS, path);
	return 0;
}

WL_MAIN
