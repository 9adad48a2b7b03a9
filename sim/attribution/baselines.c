#include <stdio.h>
#include <string.h>

#include "attribution/baselines.h"

static const char *const names[TEA_NUM_BASELINES] = { "NCI", "IBS", "SPE", "RIS" };
static const char *const suffixes[TEA_NUM_BASELINES] = { "nci", "ibs", "spe", "ris" };

const char *tea_baseline_name(enum tea_baseline b)
{
	return names[b];
}

int tea_baselines_open(struct tea_baselines *bl, const char *prefix,
		       const struct pics_meta *m, struct pics_error *err)
{
	char path[PICS_PATH_MAX + 8];

	memset(bl, 0, sizeof(*bl));
	for (int b = 0; b < TEA_NUM_BASELINES; b++) {
		struct pics_meta *bm = &bl->meta[b];

		if (pics_meta_init_scheme(bm, names[b], m->commit_width, m->period, err))
			goto fail;
		memcpy(bm->binary, m->binary, sizeof(bm->binary));
		memcpy(bm->build_id, m->build_id, sizeof(bm->build_id));
		bm->build_id_len = m->build_id_len;
		bm->clock_hz = m->clock_hz;
		snprintf(path, sizeof(path), "%s.%s.tea", prefix, suffixes[b]);
		bl->out[b] = pics_sample_writer_open(path, bm, err);
		if (!bl->out[b])
			goto fail;
	}
	return 0;
fail:
	tea_baselines_abandon(bl);
	return -1;
}

void tea_baselines_abandon(struct tea_baselines *bl)
{
	for (int b = 0; b < TEA_NUM_BASELINES; b++) {
		if (bl->out[b])
			pics_sample_writer_abandon(bl->out[b]);
		bl->out[b] = NULL;
	}
}

int tea_baselines_close(struct tea_baselines *bl, struct pics_error *err)
{
	struct pics_error later;
	int rc = 0;

	for (int b = 0; b < TEA_NUM_BASELINES; b++) {
		struct pics_sample_writer *w = bl->out[b];

		bl->out[b] = NULL;
		if (!w)
			continue;
		pics_sample_writer_lost(w, bl->lost[b]);
		/* the first failure is the one reported */
		if (pics_sample_writer_close(w, rc ? &later : err))
			rc = -1;
	}
	return rc;
}

/* The instruction in @lane of @c gets the sample of scheme @b. */
static int emit(struct tea_baselines *bl, int b, const struct tea_cycle *c, unsigned lane,
		struct pics_error *err)
{
	struct pics_sample s;

	memset(&s, 0, sizeof(s));
	s.cycle = bl->tag[b].cycle;
	s.state = PICS_STALLED;	/* one slot, the whole sample */
	s.valid = 1;
	s.addr[0] = c->pc[lane];
	s.psv[0] = pics_meta_from_tea_psv(&bl->meta[b], c->psv[lane]);
	bl->tag[b].where = TAG_NONE;
	bl->samples[b]++;
	return pics_sample_writer_add(bl->out[b], &s, err);
}

/* Moves a tag along with this cycle's fetch, dispatch and retirement. An
 * armed tag takes the first instruction its scheme looks at: the next to
 * leave the ROB (NCI), to enter the fetch buffer (RIS) or the ROB. */
static int follow(struct tea_baselines *bl, int b, const struct tea_cycle *c,
		  unsigned retired, struct pics_error *err)
{
	struct tea_tag *t = &bl->tag[b];

	switch (t->where) {
	case TAG_ARMED:
		if (b == TEA_NCI) {
			if (c->retire & 1)
				return emit(bl, b, c, 0, err);
		} else if (b == TEA_RIS) {
			if (c->fetched) {
				t->where = TAG_IN_FETCH_BUFFER;
				t->ahead = bl->fb_occupancy - c->dispatched;
			}
		} else if (c->dispatched) {
			t->where = TAG_IN_ROB;
			t->ahead = bl->rob_occupancy - retired;
		}
		break;
	case TAG_IN_FETCH_BUFFER:
		if (c->dispatched > t->ahead) {
			t->where = TAG_IN_ROB;
			t->ahead = bl->rob_occupancy - retired + t->ahead;
		} else {
			t->ahead -= c->dispatched;
			if (c->fetch_flush) {
				t->where = TAG_NONE;
				bl->squashed[b]++;
			}
		}
		break;
	case TAG_IN_ROB:
		if (retired > t->ahead)
			return emit(bl, b, c, (unsigned)t->ahead, err);
		t->ahead -= retired;
		if (c->flush) {
			t->where = TAG_NONE;
			bl->squashed[b]++;
		}
		break;
	case TAG_NONE:
		break;
	}
	return 0;
}

int tea_baselines_cycle(struct tea_baselines *bl, const struct tea_cycle *c,
			bool sample_cycle, struct pics_error *err)
{
	unsigned retired = (unsigned)__builtin_popcount(c->retire);

	for (int b = 0; b < TEA_NUM_BASELINES; b++) {
		struct tea_tag *t = &bl->tag[b];

		/* Tags from earlier cycles move first, so that a tag set in
		 * this sample cycle does not also move in it. */
		if (follow(bl, b, c, retired, err))
			return -1;
		if (!sample_cycle)
			continue;
		if (t->where != TAG_NONE) {
			bl->lost[b]++;
			continue;
		}
		/* armed: it takes what this very cycle offers, if anything */
		t->cycle = bl->cycle;
		t->where = TAG_ARMED;
		if (follow(bl, b, c, retired, err))
			return -1;
	}

	bl->rob_occupancy = c->flush ? 0 : bl->rob_occupancy - retired + c->dispatched;
	bl->fb_occupancy = c->fetch_flush ? 0 : bl->fb_occupancy - c->dispatched + c->fetched;
	bl->cycle++;
	return 0;
}
