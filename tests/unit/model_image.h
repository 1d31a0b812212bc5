/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Whole register files of the reference model, taken and compared, for
 * "leave the machine as found" assertions over every CPU and package.
 * A register absent from a file reads 0, so files compare by value, not by shape.
 */
#ifndef EFIPMU_MODEL_IMAGE_H
#define EFIPMU_MODEL_IMAGE_H
#include "testutil.h"

/* Freed with free(): its per-CPU files follow it. */
struct model_image {
	unsigned ncpus, npkgs;
	struct model_regfile pkg[MODEL_MAX_PKGS];
	struct model_regfile *thread, *core, *ccx;
	struct model_regfile files[];
};

static inline struct model_image *model_image_take(const struct model *m)
{
	size_t per = m->ncpus * sizeof(struct model_regfile);
	struct model_image *im = malloc(sizeof(*im) + 3 * per);
	assert_non_null(im);
	im->ncpus = m->ncpus;
	im->npkgs = m->npkgs;
	im->thread = im->files;
	im->core = im->files + m->ncpus;
	im->ccx = im->files + 2 * m->ncpus;
	memcpy(im->thread, m->thread, per);
	memcpy(im->core, m->core, per);
	memcpy(im->pkg, m->pkg, sizeof(im->pkg));
	memcpy(im->ccx, m->ccx, per);
	return im;
}

/* First MSR of a whose value differs in b (a's registers, then b's), or 0. */
static inline uint32_t model_file_diff(const struct model_regfile *a, const struct model_regfile *b,
				       uint64_t *va, uint64_t *vb)
{
	for (int pass = 0; pass < 2; pass++) {
		const struct model_regfile *f = pass ? b : a;
		for (unsigned i = 0; i < f->n; i++) {
			*va = model_peek(a, f->msr[i]);
			*vb = model_peek(b, f->msr[i]);
			if (*va != *vb)
				return f->msr[i];
		}
	}
	return 0;
}

/* Registers to leave out of a comparison, up to MODEL_IMAGE_EXCEPT of them (0: unused). */
#define MODEL_IMAGE_EXCEPT 2

static inline void model_image_skip(struct model_regfile *now, const struct model_regfile *was,
				    const uint32_t *except)
{
	for (unsigned i = 0; except && i < MODEL_IMAGE_EXCEPT; i++)
		if (except[i])
			model_poke(now, except[i], model_peek(was, except[i]));
}

static inline void model_file_expect(const struct model_regfile *was, const struct model_regfile *file,
				     const uint32_t *except, const char *what, const char *scope,
				     unsigned idx)
{
	struct model_regfile now = *file;
	uint64_t va, vb;
	uint32_t msr;
	model_image_skip(&now, was, except);
	if ((msr = model_file_diff(was, &now, &va, &vb)))
		fail_msg("%s: %s %u MSR %#x was %#llx, now %#llx", what, scope, idx, msr,
			 (unsigned long long)va, (unsigned long long)vb);
}

/*
 * Fails naming the first register of any CPU or package that is not as in im;
 * `what` says which run; registers in except (or NULL) are not compared.
 */
static inline void model_image_expect(const struct model_image *im, const struct model *m, const char *what,
				      const uint32_t *except)
{
	for (unsigned c = 0; c < im->ncpus; c++) {
		model_file_expect(&im->thread[c], &m->thread[c], except, what, "CPU", c);
		model_file_expect(&im->core[c], &m->core[c], except, what, "core of CPU", c);
		model_file_expect(&im->ccx[c], &m->ccx[c], except, what, "CCX of CPU", c);
	}
	for (unsigned p = 0; p < im->npkgs; p++)
		model_file_expect(&im->pkg[p], &m->pkg[p], except, what, "package", p);
}

/* The distinct MSRs cpu read or wrote since the log was cleared, in first-access order. */
static inline unsigned model_touched(const struct model *m, unsigned cpu, uint32_t *out, unsigned max)
{
	unsigned n = 0;
	assert_false(m->log_overflow[cpu]);
	for (unsigned i = 0; i < m->log_len[cpu]; i++) {
		const struct model_access *a = &m->log[cpu][i];
		unsigned j = 0;
		if (a->op == MOP_RDPMC)
			continue;
		while (j < n && out[j] != a->msr)
			j++;
		if (j == n) {
			assert_true(n < max);
			out[n++] = a->msr;
		}
	}
	return n;
}
#endif
