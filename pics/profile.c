/* Profiles: per (instruction address, signature) integer weights, built
 * from samples or from per-cycle attribution. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct pics_profile {
	struct pics_meta meta;
	uint64_t unit_den;
	uint64_t total_cycles;	/* 0: samples * period */
	uint64_t samples, lost;
	struct pics_throttle throttle;
	uint64_t total_weight;
	struct pics_map map;
	struct pics_mapping_list maps;
};

struct pics_profile *pics_profile_create(const struct pics_meta *m,
					 uint64_t unit_den,
					 struct pics_error *err)
{
	struct pics_profile *p;

	if (pics_meta_validate(m, err))
		return NULL;
	if (!unit_den) {
		pics_fail(err, PICS_ERR_INVALID, "weight unit denominator 0");
		return NULL;
	}
	p = calloc(1, sizeof(*p));
	if (!p || pics_map_init(&p->map)) {
		free(p);
		pics_fail(err, PICS_ERR_NOMEM, "out of memory for a profile");
		return NULL;
	}
	p->meta = *m;
	p->unit_den = unit_den;
	return p;
}

struct pics_profile *pics_profile_new(const struct pics_meta *m,
				      struct pics_error *err)
{
	return pics_profile_create(m, pics_weight_unit(m->commit_width), err);
}

void pics_profile_free(struct pics_profile *p)
{
	if (!p)
		return;
	pics_map_free(&p->map);
	pics_mapping_list_free(&p->maps);
	free(p);
}

const struct pics_meta *pics_profile_meta(const struct pics_profile *p)
{
	return &p->meta;
}

void pics_profile_unit(const struct pics_profile *p, uint64_t *num,
		       uint64_t *den)
{
	*num = p->meta.period;
	*den = p->unit_den;
}

double pics_profile_cycles(const struct pics_profile *p, uint64_t weight)
{
	return (double)weight * (double)p->meta.period / (double)p->unit_den;
}

uint64_t pics_profile_total_cycles(const struct pics_profile *p)
{
	return p->total_cycles ? p->total_cycles : p->samples * p->meta.period;
}

void pics_profile_set_total_cycles(struct pics_profile *p, uint64_t cycles)
{
	p->total_cycles = cycles;
}

void pics_profile_set_counts(struct pics_profile *p, uint64_t samples,
			     uint64_t lost)
{
	p->samples = samples;
	p->lost = lost;
}

struct pics_throttle pics_profile_throttle(const struct pics_profile *p)
{
	return p->throttle;
}

void pics_profile_set_throttle(struct pics_profile *p,
			       const struct pics_throttle *t)
{
	p->throttle = *t;
}

uint64_t pics_profile_samples(const struct pics_profile *p)
{
	return p->samples;
}

uint64_t pics_profile_lost(const struct pics_profile *p)
{
	return p->lost;
}

int pics_profile_add_mapping(struct pics_profile *p,
			     const struct pics_mapping *m,
			     struct pics_error *err)
{
	return pics_mapping_list_add(&p->maps, m, err);
}

const struct pics_mapping *pics_profile_mappings(const struct pics_profile *p,
						 size_t *n)
{
	*n = p->maps.n;
	return p->maps.v;
}

int pics_profile_add(struct pics_profile *p, uint64_t addr,
		     uint64_t signature, uint64_t weight,
		     struct pics_error *err)
{
	uint64_t total;

	if (signature & ~pics_event_mask(p->meta.n_events))
		return pics_fail(err, PICS_ERR_INVALID,
				 "signature 0x%llx has bits beyond the %u events",
				 (unsigned long long)signature, p->meta.n_events);
	if (__builtin_add_overflow(p->total_weight, weight, &total) ||
	    pics_map_add(&p->map, addr, signature, weight))
		return pics_fail(err, PICS_ERR_NOMEM,
				 "profile weight overflow or out of memory at 0x%llx",
				 (unsigned long long)addr);
	p->total_weight = total;
	return 0;
}

int pics_profile_add_sample(struct pics_profile *p,
			    const struct pics_sample *s,
			    struct pics_error *err)
{
	unsigned n = (unsigned)__builtin_popcount(s->valid);
	uint64_t share;

	if (pics_sample_validate(&p->meta, s, err))
		return -1;
	if (p->unit_den % n)
		return pics_fail(err, PICS_ERR_MISMATCH,
				 "weight unit 1/%llu cannot split a sample %u ways",
				 (unsigned long long)p->unit_den, n);
	share = p->unit_den / n;
	for (unsigned i = 0; i < p->meta.commit_width; i++)
		if ((s->valid >> i & 1) &&
		    pics_profile_add(p, s->addr[i], s->psv[i], share, err))
			return -1;
	p->samples++;
	return 0;
}

uint64_t pics_profile_weight(const struct pics_profile *p, uint64_t addr,
			     uint64_t signature)
{
	return pics_map_get(&p->map, addr, signature);
}

uint64_t pics_profile_total_weight(const struct pics_profile *p)
{
	return p->total_weight;
}

size_t pics_profile_entries(const struct pics_profile *p)
{
	return p->map.count;
}

int pics_profile_foreach(const struct pics_profile *p,
			 int (*fn)(const struct pics_entry *e, void *ctx),
			 void *ctx)
{
	size_t cap = pics_map_capacity(&p->map);

	for (size_t i = 0; i < cap; i++) {
		const struct pics_map_slot *s = &p->map.slots[i];
		struct pics_entry e = { s->a, s->b, s->value };
		int ret;

		if (!s->value)
			continue;
		ret = fn(&e, ctx);
		if (ret)
			return ret;
	}
	return 0;
}

/* An empty profile of @m that describes the same run as @p: its weight
 * unit, counts, total cycles and mappings. */
static struct pics_profile *copy_run(const struct pics_profile *p,
				     const struct pics_meta *m,
				     struct pics_error *err)
{
	struct pics_profile *out = pics_profile_create(m, p->unit_den, err);

	if (!out)
		return NULL;
	out->samples = p->samples;
	out->lost = p->lost;
	out->throttle = p->throttle;
	out->total_cycles = p->total_cycles;
	if (pics_mapping_list_copy(&out->maps, &p->maps, err)) {
		pics_profile_free(out);
		return NULL;
	}
	return out;
}

struct projection {
	struct pics_profile *out;
	unsigned to_bit[PICS_MAX_EVENTS];	/* PICS_MAX_EVENTS: dropped */
	struct pics_error *err;
};

static int project_entry(const struct pics_entry *e, void *ctx)
{
	struct projection *pr = ctx;
	uint64_t sig = 0;

	for (uint64_t bits = e->signature; bits; bits &= bits - 1) {
		unsigned bit = pr->to_bit[__builtin_ctzll(bits)];

		if (bit < PICS_MAX_EVENTS)
			sig |= 1ULL << bit;
	}
	return pics_profile_add(pr->out, e->addr, sig, e->weight, pr->err);
}

struct pics_profile *pics_profile_project(const struct pics_profile *ref,
					  const struct pics_meta *scheme,
					  struct pics_error *err)
{
	struct projection pr = { .err = err };
	struct pics_meta m = ref->meta;

	for (unsigned i = 0; i < PICS_MAX_EVENTS; i++)
		pr.to_bit[i] = PICS_MAX_EVENTS;
	for (unsigned i = 0; i < scheme->n_events; i++) {
		int bit = pics_meta_event_index(&ref->meta, scheme->events[i]);

		if (bit < 0) {
			pics_fail(err, PICS_ERR_MISMATCH,
				  "the %s reference has no event %s, which scheme %s uses",
				  ref->meta.scheme, scheme->events[i],
				  scheme->scheme);
			return NULL;
		}
		pr.to_bit[bit] = i;
	}
	m.n_events = scheme->n_events;
	memcpy(m.events, scheme->events, sizeof(m.events));
	pr.out = copy_run(ref, &m, err);
	if (pr.out && pics_profile_foreach(ref, project_entry, &pr)) {
		pics_profile_free(pr.out);
		return NULL;
	}
	return pr.out;
}

struct range_filter {
	struct pics_profile *out;
	const struct pics_range *ranges;
	size_t n;
	struct pics_error *err;
};

static int filter_entry(const struct pics_entry *e, void *ctx)
{
	struct range_filter *f = ctx;

	if (!pics_in_ranges(f->ranges, f->n, e->addr))
		return 0;
	return pics_profile_add(f->out, e->addr, e->signature, e->weight,
				f->err);
}

struct pics_profile *pics_profile_filter_ranges(const struct pics_profile *p,
						const struct pics_range *ranges,
						size_t n,
						struct pics_error *err)
{
	struct range_filter f = { .ranges = ranges, .n = n, .err = err };

	f.out = copy_run(p, &p->meta, err);
	if (f.out && pics_profile_foreach(p, filter_entry, &f)) {
		pics_profile_free(f.out);
		return NULL;
	}
	return f.out;
}
