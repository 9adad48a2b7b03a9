/* What a file describes: schemes, events, signatures, commit states. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

static const char *const tea_events[] = TEA_EVENT_NAMES;
_Static_assert(sizeof(tea_events) / sizeof(tea_events[0]) == PICS_TEA_NUM_EVENTS,
	       "TEA_EVENT_NAMES names each event of enum pics_tea_event");

static const char *const state_names[PICS_NUM_STATES] = {
	[PICS_COMPUTE] = "compute", [PICS_STALLED] = "stalled",
	[PICS_DRAINED] = "drained", [PICS_FLUSHED] = "flushed",
};

/* Names travel through text outputs (CSV, folded stacks, signatures joined
 * with '+'), so they keep to characters none of those treat specially. */
static bool is_name_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
}

static int check_name(const char *what, const char *name, size_t max,
		      struct pics_error *err)
{
	size_t len = strnlen(name, max);

	if (len == 0 || len == max)
		return pics_fail(err, PICS_ERR_INVALID,
				 "%s must have 1 to %zu characters", what,
				 max - 1);
	for (size_t i = 0; i < len; i++)
		if (!is_name_char(name[i]))
			return pics_fail(err, PICS_ERR_INVALID,
					 "%s '%s' has a character other than A-Z a-z 0-9 _ . -",
					 what, name);
	return 0;
}

int pics_meta_validate(const struct pics_meta *m, struct pics_error *err)
{
	if (check_name("scheme name", m->scheme, PICS_SCHEME_MAX, err))
		return -1;
	if (m->n_events < 1 || m->n_events > PICS_MAX_EVENTS)
		return pics_fail(err, PICS_ERR_INVALID,
				 "%u events; expected 1 to %d", m->n_events,
				 PICS_MAX_EVENTS);
	for (unsigned i = 0; i < m->n_events; i++) {
		if (check_name("event name", m->events[i],
			       PICS_EVENT_NAME_MAX, err))
			return -1;
		if (!strcmp(m->events[i], "Base"))
			return pics_fail(err, PICS_ERR_INVALID,
					 "event name 'Base' is reserved for the empty signature");
		for (unsigned j = 0; j < i; j++)
			if (!strcmp(m->events[i], m->events[j]))
				return pics_fail(err, PICS_ERR_INVALID,
						 "event '%s' appears twice",
						 m->events[i]);
	}
	if (m->commit_width < 1 || m->commit_width > PICS_MAX_WIDTH)
		return pics_fail(err, PICS_ERR_INVALID,
				 "commit width %u; expected 1 to %d",
				 m->commit_width, PICS_MAX_WIDTH);
	if (m->period == 0)
		return pics_fail(err, PICS_ERR_INVALID,
				 "sampling period 0; expected at least 1 cycle");
	if (strnlen(m->binary, PICS_PATH_MAX) == PICS_PATH_MAX)
		return pics_fail(err, PICS_ERR_INVALID,
				 "binary path longer than %d bytes",
				 PICS_PATH_MAX - 1);
	if (m->build_id_len > PICS_BUILD_ID_MAX)
		return pics_fail(err, PICS_ERR_INVALID,
				 "build-id of %u bytes; at most %d",
				 m->build_id_len, PICS_BUILD_ID_MAX);
	return 0;
}

int pics_meta_init_tea(struct pics_meta *m, const char *scheme,
		       unsigned commit_width, uint64_t period,
		       struct pics_error *err)
{
	memset(m, 0, sizeof(*m));
	snprintf(m->scheme, sizeof(m->scheme), "%s", scheme);
	m->n_events = PICS_TEA_NUM_EVENTS;
	for (unsigned i = 0; i < PICS_TEA_NUM_EVENTS; i++)
		snprintf(m->events[i], sizeof(m->events[i]), "%s",
			 tea_events[i]);
	m->commit_width = commit_width;
	m->period = period;
	return pics_meta_validate(m, err);
}

int pics_meta_event_index(const struct pics_meta *m, const char *name)
{
	for (unsigned i = 0; i < m->n_events; i++)
		if (!strcmp(m->events[i], name))
			return (int)i;
	return -1;
}

/* The TEA events each sampling scheme can report (docs/formats.md, "Schemes"). */
#define EV(e) (1u << PICS_TEA_##e)
static const struct {
	const char *name;
	uint32_t events;
} schemes[] = {
	{ "TEA", (1u << PICS_TEA_NUM_EVENTS) - 1 },
	{ "golden", (1u << PICS_TEA_NUM_EVENTS) - 1 },
	{ "NCI", (1u << PICS_TEA_NUM_EVENTS) - 1 },
	{ "IBS", EV(DR_L1) | EV(DR_TLB) | EV(FL_MB) | EV(ST_L1) | EV(ST_TLB) | EV(ST_LLC) },
	{ "SPE", EV(FL_MB) | EV(ST_L1) | EV(ST_TLB) | EV(ST_LLC) },
	{ "RIS", EV(DR_L1) | EV(DR_TLB) | EV(FL_MB) | EV(ST_L1) | EV(ST_TLB) | EV(ST_LLC) },
};
#undef EV

int pics_meta_init_scheme(struct pics_meta *m, const char *scheme,
			  unsigned commit_width, uint64_t period,
			  struct pics_error *err)
{
	for (size_t i = 0; i < sizeof(schemes) / sizeof(schemes[0]); i++) {
		if (strcmp(schemes[i].name, scheme))
			continue;
		memset(m, 0, sizeof(*m));
		snprintf(m->scheme, sizeof(m->scheme), "%s", scheme);
		for (unsigned e = 0; e < PICS_TEA_NUM_EVENTS; e++)
			if (schemes[i].events & (1u << e))
				snprintf(m->events[m->n_events++], sizeof(m->events[0]),
					 "%s", tea_events[e]);
		m->commit_width = commit_width;
		m->period = period;
		return pics_meta_validate(m, err);
	}
	return pics_fail(err, PICS_ERR_INVALID, "unknown sampling scheme %s", scheme);
}

uint64_t pics_meta_from_tea_psv(const struct pics_meta *m, uint64_t psv)
{
	uint64_t out = 0;

	for (unsigned i = 0; i < m->n_events; i++) {
		for (unsigned e = 0; e < PICS_TEA_NUM_EVENTS; e++) {
			if (!strcmp(m->events[i], tea_events[e]) && (psv >> e & 1)) {
				out |= 1ull << i;
				break;
			}
		}
	}
	return out;
}

uint64_t pics_weight_unit(unsigned commit_width)
{
	static const uint64_t lcm[PICS_MAX_WIDTH + 1] = {
		1, 1, 2, 6, 12, 60, 60, 420, 840
	};

	return commit_width <= PICS_MAX_WIDTH ? lcm[commit_width] : 0;
}

size_t pics_signature_name(const struct pics_meta *m, uint64_t signature,
			   char *buf, size_t len)
{
	size_t n = 0;

	if (len)
		buf[0] = '\0';
	if (!signature)
		return (size_t)snprintf(buf, len, "Base");
	for (unsigned i = 0; i < 64; i++) {
		char unnamed[8];
		const char *name = unnamed;

		if (!(signature >> i & 1))
			continue;
		if (i < m->n_events)
			name = m->events[i];
		else
			snprintf(unnamed, sizeof(unnamed), "bit%u", i);
		n += (size_t)snprintf(buf + (n < len ? n : len),
				      n < len ? len - n : 0, "%s%s",
				      n ? "+" : "", name);
	}
	return n;
}

int pics_signature_parse(const struct pics_meta *m, const char *text,
			 uint64_t *signature, struct pics_error *err)
{
	const char *p = text;

	*signature = 0;
	if (!strcmp(text, "Base"))
		return 0;
	do {
		char name[PICS_EVENT_NAME_MAX];
		size_t len = strcspn(p, "+");
		int bit;

		if (len == 0 || len >= sizeof(name))
			return pics_fail(err, PICS_ERR_INVALID,
					 "signature '%s': expected event names joined by '+'",
					 text);
		memcpy(name, p, len);
		name[len] = '\0';
		bit = pics_meta_event_index(m, name);
		if (bit < 0)
			return pics_fail(err, PICS_ERR_INVALID,
					 "signature '%s': no event '%s' in scheme %s",
					 text, name, m->scheme);
		*signature |= 1ULL << bit;
		p += len;
	} while (*p++ == '+');
	return 0;
}

const char *pics_commit_state_name(enum pics_commit_state s)
{
	return (unsigned)s < PICS_NUM_STATES ? state_names[s] : "invalid";
}

int pics_commit_state_parse(const char *name, enum pics_commit_state *s)
{
	for (unsigned i = 0; i < PICS_NUM_STATES; i++) {
		if (!strcmp(name, state_names[i])) {
			*s = (enum pics_commit_state)i;
			return 0;
		}
	}
	return -1;
}

int pics_sample_validate(const struct pics_meta *m,
			 const struct pics_sample *s, struct pics_error *err)
{
	unsigned slots = (unsigned)__builtin_popcount(s->valid);
	uint64_t allowed = pics_event_mask(m->n_events);

	if (s->state >= PICS_NUM_STATES)
		return pics_fail(err, PICS_ERR_FORMAT,
				 "commit state %u; expected 0 to %d", s->state,
				 PICS_NUM_STATES - 1);
	if (s->valid >> m->commit_width)
		return pics_fail(err, PICS_ERR_FORMAT,
				 "valid bits 0x%02x name a slot beyond commit width %u",
				 s->valid, m->commit_width);
	if (slots == 0)
		return pics_fail(err, PICS_ERR_FORMAT,
				 "sample has no valid instruction");
	if (s->state != PICS_COMPUTE && slots != 1)
		return pics_fail(err, PICS_ERR_FORMAT,
				 "%s sample has %u valid instructions; expected exactly 1",
				 state_names[s->state], slots);
	for (unsigned i = 0; i < m->commit_width; i++)
		if ((s->valid >> i & 1) && (s->psv[i] & ~allowed))
			return pics_fail(err, PICS_ERR_FORMAT,
					 "PSV 0x%llx of slot %u has bits beyond the %u events",
					 (unsigned long long)s->psv[i], i,
					 m->n_events);
	if (s->daccess & ~s->valid)
		return pics_fail(err, PICS_ERR_FORMAT,
				 "sample has data addresses 0x%02x for slots it does not hold (0x%02x)",
				 s->daccess, s->valid);
	if (s->n_callers > PICS_MAX_CALLERS)
		return pics_fail(err, PICS_ERR_FORMAT,
				 "sample has %u callers; at most %d",
				 s->n_callers, PICS_MAX_CALLERS);
	return 0;
}
