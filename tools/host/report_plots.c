/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host report's pictures of counts (issue 37 item 6): each core count per CPU as a heat
 * map against its package's median, at any CPU count, and the memory bandwidth per socket and
 * channel from the iMC (or UMC) CAS counts. Inline SVG; every text from the log through
 * xml_esc.
 */
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "out/derived.h"
#include "report_plots.h"
#include "util/fmt.h"

/* ---------- counts per CPU ---------- */

/* The colour of a count against its package's median: 1 %, 5 % and 20 % either side. */
enum { DEV_BUCKETS = 7, DEV_MID = 3 };
static const char *const dev_class[DEV_BUCKETS] = { "lo3", "lo2", "lo1", "c0", "hi1", "hi2",
						     "hi3" };
static const char *const dev_word[DEV_BUCKETS] = {
	"more than 20 % below", "5 to 20 % below", "1 to 5 % below", "within 1 %",
	"1 to 5 % above", "5 to 20 % above", "more than 20 % above",
};

static unsigned dev_bucket(uint64_t v, uint64_t med)
{
	if (!med)
		return v ? DEV_BUCKETS - 1 : DEV_MID;
	double d = ((double)v - (double)med) * 100.0 / (double)med, a = d < 0 ? -d : d;
	unsigned k = a <= 1.0 ? 0 : a <= 5.0 ? 1 : a <= 20.0 ? 2 : 3;
	return d < 0 ? DEV_MID - k : DEV_MID + k;
}

/* "+1.234 %" of v against med. */
static const char *dev_text(uint64_t v, uint64_t med, char *b, size_t cap)
{
	if (!med)
		snprintf(b, cap, "%s", v ? "above a median of 0" : "the median");
	else
		snprintf(b, cap, "%+.3f %%", ((double)v - (double)med) * 100.0 / (double)med);
	return b;
}

/* A run of the package's CPUs (in its order) with the same count, or all without one. */
static void heat_run(FILE *o, const struct count *col, const struct cpuset *run, bool has,
		     uint64_t v, uint64_t med, unsigned x, unsigned y, unsigned w, unsigned h,
		     uint64_t pkg)
{
	char cpus[8192], dev[48];
	struct strbuf sb;
	sb_init(&sb, cpus, sizeof(cpus));
	cpuset_format(run, &sb);
	bool one = cpuset_count(run) == 1;
	fprintf(o, "<rect class=\"hc %s\" x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\"><title>%s %s: ",
		has ? dev_class[dev_bucket(v, med)] : "none", x, y, w, h, one ? "cpu" : "cpus", cpus);
	xml_esc(o, col->event);
	fputs(" (", o);
	xml_esc(o, col->kernel);
	fputs("): ", o);
	if (has)
		fprintf(o, "%s%s, %s of pkg %llu's median %s", grouped(v), one ? "" : " each",
			dev_text(v, med, dev, sizeof(dev)), (unsigned long long)pkg, grouped(med));
	else
		fputs("no count", o);
	fputs("</title></rect>", o);
}

void plot_count_heat(FILE *o, const struct runlog *g, const struct plot_pkgs *p, bool sim)
{
	unsigned ns, nc = 0;
	struct series *s = make_series(g, &ns);
	const struct count **col = xcalloc(ns + 1, sizeof(*col));   /* each kernel and event */
	for (unsigned j = 0; j < ns; j++) {
		const struct count *c = s[j].first;
		unsigned k = 0;
		if (strcmp(c->box, "core"))
			continue;
		while (k < nc && (strcmp(col[k]->kernel, c->kernel) || strcmp(col[k]->event, c->event)))
			k++;
		if (k == nc)
			col[nc++] = c;
	}
	if (!nc || !p->n) {
		fputs("<p>No core counts of CPUs with cpu records: no heat map.</p>\n", o);
		free(col);
		free_series(s, ns);
		return;
	}
	unsigned most = 1;
	for (unsigned k = 0; k < p->n; k++)
		most = cpuset_count(&p->cpus[k]) > most ? cpuset_count(&p->cpus[k]) : most;
	const unsigned left = 320, ch = 12, gap = 4;
	unsigned cw = 960 / most < 2 ? 2 : 960 / most > 24 ? 24 : 960 / most;
	unsigned width = left + most * cw + 10, height = nc * p->n * (ch + gap) + 20;
	fputs("<p>Each CPU's count (its median over repeats) against the median of its package's "
	      "CPUs: ", o);
	for (unsigned k = 0; k < DEV_BUCKETS; k++)
		fprintf(o, "<span class=\"hcl %s\">%s</span> ", dev_class[k], dev_word[k]);
	fputs("<span class=\"hcl none\">no count</span>. Neighbouring CPUs with the same count "
	      "share a cell.</p>\n", o);
	fprintf(o, "<svg class=\"countheat\" role=\"img\" width=\"%u\" height=\"%u\" "
		"viewBox=\"0 0 %u %u\" xmlns=\"http://www.w3.org/2000/svg\">\n", width, height, width,
		height);
	if (sim)
		fprintf(o, "<text class=\"simsvg\" x=\"%u\" y=\"10\">SIMULATED</text>\n", width - 90);
	uint64_t *val = xcalloc(CPUSET_MAX, sizeof(*val)), *tmp = xcalloc(CPUSET_MAX, sizeof(*tmp));
	bool *has = xcalloc(CPUSET_MAX, sizeof(*has));
	unsigned y = 16;
	for (unsigned k = 0; k < nc; k++) {
		memset(has, 0, CPUSET_MAX * sizeof(*has));
		for (unsigned j = 0; j < ns; j++) {
			const struct count *c = s[j].first;
			if (!strcmp(c->box, "core") && !strcmp(c->kernel, col[k]->kernel) &&
			    !strcmp(c->event, col[k]->event) && c->cpu < CPUSET_MAX) {
				val[c->cpu] = s[j].st.median;
				has[c->cpu] = true;
			}
		}
		for (unsigned q = 0; q < p->n; q++, y += ch + gap) {
			unsigned n = 0, x = 0, start = 0;
			for (unsigned cpu = 0; cpu < CPUSET_MAX; cpu++)
				if (cpuset_has(&p->cpus[q], cpu) && has[cpu])
					tmp[n++] = val[cpu];
			struct stats_u64 st;
			stats_compute(tmp, n, &st);
			fprintf(o, "<text x=\"0\" y=\"%u\">pkg %llu: ", y + ch - 2,
				(unsigned long long)p->pk[q]);
			xml_esc_n(o, col[k]->event, 32);
			fputs(" (", o);
			xml_esc_n(o, col[k]->kernel, 12);
			fputs(")</text>", o);
			/* runs of CPUs in the package's order, each as one cell */
			struct cpuset run;
			cpuset_clear(&run);
			int last = -1;
			for (unsigned cpu = 0; cpu <= CPUSET_MAX; cpu++) {
				bool in = cpu < CPUSET_MAX && cpuset_has(&p->cpus[q], cpu);
				if (cpu < CPUSET_MAX && !in)
					continue;
				if (last >= 0 && (!in || has[cpu] != has[last] ||
						  (has[cpu] && val[cpu] != val[last]))) {
					heat_run(o, col[k], &run, has[last], val[last], st.median,
						 left + start * cw, y, (x - start) * cw, ch, p->pk[q]);
					cpuset_clear(&run);
					start = x;
				}
				if (!in)
					break;
				cpuset_add(&run, cpu);
				last = (int)cpu;
				x++;
			}
			fputc('\n', o);
		}
	}
	fputs("</svg>\n", o);
	free(val);
	free(tmp);
	free(has);
	free(col);
	free_series(s, ns);
}

/* ---------- memory bandwidth per socket and channel ---------- */

enum { MEM_RD, MEM_WR, MEM_ALL, MEM_NONE };

/*
 * What a count of memory lines counts. The app's roles (lib/out/derived.c: Intel's iMC CAS and
 * Nehalem's QMC counts) and AMD's UMC CAS commands, 64 bytes each as Linux perf's metrics take
 * them (tools/perf/pmu-events/arch/x86/amdzen4/recommended.json, umc_mem_read_bandwidth:
 * "(umc_cas_cmd.rd * 64) / 1e6 / duration_time", and umc_mem_write_bandwidth).
 */
static unsigned mem_role(const char *event)
{
	switch (derived_role_of(event)) {
	case DR_MEM_READ_LINES:
		return MEM_RD;
	case DR_MEM_WRITE_LINES:
		return MEM_WR;
	case DR_MEM_LINES:
		return MEM_ALL;
	default:
		return !strcmp(event, "umc_cas_cmd.rd") ? MEM_RD :
		       !strcmp(event, "umc_cas_cmd.wr") ? MEM_WR : MEM_NONE;
	}
}

/* A channel (an iMC or UMC box of a package) under one kernel, or (box "") its socket. */
struct channel {
	const struct count *first;
	uint64_t lines[MEM_NONE];
};

static uint64_t ch_lines(const struct channel *c)
{
	return c->lines[MEM_ALL] ? c->lines[MEM_ALL] : c->lines[MEM_RD] + c->lines[MEM_WR];
}

/* 1 / the socket's window in seconds: its logged bandwidth over its bytes; 0: not known. */
static double inv_window(const struct channel *sock, const struct plot_bw *bw, unsigned nbw)
{
	for (unsigned i = 0; i < nbw; i++) {
		if (bw[i].package != sock->first->package || strcmp(bw[i].kernel, sock->first->kernel))
			continue;
		/* the window: bytes the log's bandwidth was computed from, over that bandwidth */
		uint64_t all = ch_lines(sock), rd = sock->lines[MEM_RD];
		if (bw[i].all_milli && all)
			return (double)bw[i].all_milli * 1000.0 / ((double)all * DERIVED_LINE_BYTES);
		if (bw[i].read_milli && rd)
			return (double)bw[i].read_milli * 1000.0 / ((double)rd * DERIVED_LINE_BYTES);
	}
	return 0;
}

/* bytes over the window as MB/s, "1,152.000", in a rotating buffer (printf arguments). */
static const char *mbs(uint64_t bytes, double inv_window)
{
	static char b[4][48];
	static unsigned i;
	uint64_t milli = (uint64_t)((double)bytes * inv_window / 1e3 + 0.5);
	i = (i + 1) % 4;
	snprintf(b[i], sizeof(b[i]), "%s.%03u", grouped(milli / 1000), (unsigned)(milli % 1000));
	return b[i];
}

/* One bar of the picture: read then written bytes, scaled to most. */
static void mem_bar(FILE *o, const struct channel *c, bool sock, double per_s, uint64_t most,
		    unsigned y)
{
	const unsigned left = 200, W = 440, h = 12;
	uint64_t rd = (c->lines[MEM_RD] + c->lines[MEM_ALL]) * DERIVED_LINE_BYTES;
	uint64_t wr = c->lines[MEM_WR] * DERIVED_LINE_BYTES;
	double wrd = most ? (double)rd * W / (double)most : 0, wwr = most ? (double)wr * W / (double)most : 0;
	fprintf(o, "<text x=\"%u\" y=\"%u\"%s>", sock ? 0 : 16, y + h - 2, sock ? " class=\"bold\"" : "");
	if (sock)
		fprintf(o, "pkg %llu socket", (unsigned long long)c->first->package);
	else
		xml_esc_n(o, c->first->box, 28);
	fputs("</text>", o);
	const char *what[2] = { "read", "written" };
	const uint64_t b[2] = { rd, wr };
	const double w[2] = { wrd, wwr };
	double x = left;
	for (unsigned k = 0; k < 2; k++) {
		fprintf(o, "<rect class=\"bw %s%s\" x=\"%.1f\" y=\"%u\" width=\"%.1f\" height=\"%u\">"
			"<title>pkg %llu ", k ? "wr" : "rd", sock ? " sock" : "", x, y, w[k], h,
			(unsigned long long)c->first->package);
		if (sock)
			fputs("socket", o);
		else
			xml_esc(o, c->first->box);
		fprintf(o, ": %s bytes %s", grouped(b[k]), what[k]);
		if (per_s > 0)
			fprintf(o, ", %s MB/s", mbs(b[k], per_s));
		fputs("</title></rect>", o);
		x += w[k];
	}
	if (per_s > 0)
		fprintf(o, "<text x=\"%.1f\" y=\"%u\">%s MB/s read, %s MB/s written</text>\n",
			x + 4, y + h - 2, mbs(rd, per_s), mbs(wr, per_s));
	else
		fprintf(o, "<text x=\"%.1f\" y=\"%u\">%s bytes read, %s written</text>\n", x + 4,
			y + h - 2, grouped(rd), grouped(wr));
}

static void mem_row(FILE *o, const struct channel *c, bool sock, double per_s)
{
	uint64_t rd = c->lines[MEM_RD] + c->lines[MEM_ALL], wr = c->lines[MEM_WR];
	fprintf(o, "<tr class=\"%s\"><td>pkg %llu</td><td>", sock ? "bwsock" : "bwchan",
		(unsigned long long)c->first->package);
	if (sock)
		fputs("socket", o);
	else
		xml_esc(o, c->first->box);
	fprintf(o, "</td><td class=\"num\">%s</td><td class=\"num\">%s</td>", grouped(rd),
		grouped(wr));
	fprintf(o, "<td class=\"num\">%s</td>", grouped((rd + wr) * DERIVED_LINE_BYTES));
	if (per_s > 0)
		fprintf(o, "<td class=\"num\">%s</td><td class=\"num\">%s</td></tr>\n",
			mbs(rd * DERIVED_LINE_BYTES, per_s), mbs(wr * DERIVED_LINE_BYTES, per_s));
	else
		fputs("<td colspan=\"2\"><span class=\"absent\">no bandwidth record of this package "
		      "in the log (its window is not known)</span></td></tr>\n", o);
}

/* The channels of kernel's memory counts, its sockets after (box ""), as *nch and *nsock. */
static struct channel *channels(const struct series *s, unsigned ns, const char *kernel,
				unsigned *nch, struct channel **sock, unsigned *nsock)
{
	struct channel *ch = xcalloc(ns + 1, sizeof(*ch)), *sk = xcalloc(ns + 1, sizeof(*sk));
	*nch = *nsock = 0;
	for (unsigned j = 0; j < ns; j++) {
		const struct count *c = s[j].first;
		unsigned role = mem_role(c->event), k = 0, q = 0;
		if (role == MEM_NONE || !strcmp(c->box, "core") || strcmp(c->kernel, kernel))
			continue;
		while (k < *nch && (ch[k].first->package != c->package || strcmp(ch[k].first->box, c->box)))
			k++;
		while (q < *nsock && sk[q].first->package != c->package)
			q++;
		if (k == *nch)
			ch[(*nch)++].first = c;
		if (q == *nsock)
			sk[(*nsock)++].first = c;
		ch[k].lines[role] += s[j].st.median;
		sk[q].lines[role] += s[j].st.median;
	}
	*sock = sk;
	return ch;
}

void plot_memory(FILE *o, const struct runlog *g, const struct plot_bw *bw, unsigned nbw,
		 bool sim)
{
	unsigned ns, nk = 0;
	struct series *s = make_series(g, &ns);
	const char **kernels = xcalloc(ns + 1, sizeof(*kernels));
	for (unsigned j = 0; j < ns; j++) {
		const char *k = s[j].first->kernel;
		unsigned i = 0;
		if (mem_role(s[j].first->event) == MEM_NONE || !strcmp(s[j].first->box, "core"))
			continue;
		while (i < nk && strcmp(kernels[i], k))
			i++;
		if (i == nk)
			kernels[nk++] = k;
	}
	if (!nk)
		fputs("<p>No memory channel counts (iMC or UMC CAS) in this log.</p>\n", o);
	else
		fputs("<p>Bytes are the channel's CAS lines (median over repeats) &#215; 64; MB/s "
		      "(10<sup>6</sup> bytes) over the package's window, which the log gives by the "
		      "package's memory bandwidth (its derived record, over the run's median "
		      "window).</p>\n", o);
	for (unsigned i = 0; i < nk; i++) {
		unsigned nch, nsock;
		struct channel *sock, *ch = channels(s, ns, kernels[i], &nch, &sock, &nsock);
		uint64_t most_ch = 0, most_sock = 0;
		for (unsigned k = 0; k < nch; k++)
			most_ch = ch_lines(&ch[k]) > most_ch ? ch_lines(&ch[k]) : most_ch;
		for (unsigned k = 0; k < nsock; k++)
			most_sock = ch_lines(&sock[k]) > most_sock ? ch_lines(&sock[k]) : most_sock;
		fputs("<h3>kernel ", o);
		xml_esc(o, kernels[i]);
		fputs("</h3>\n", o);
		unsigned height = (nch + nsock) * 16 + 20;
		fprintf(o, "<svg class=\"membw\" role=\"img\" width=\"1000\" height=\"%u\" "
			"viewBox=\"0 0 1000 %u\" xmlns=\"http://www.w3.org/2000/svg\">\n", height, height);
		if (sim)
			fputs("<text class=\"simsvg\" x=\"910\" y=\"10\">SIMULATED</text>\n", o);
		unsigned y = 14;
		for (unsigned q = 0; q < nsock; q++) {
			double per_s = inv_window(&sock[q], bw, nbw);
			mem_bar(o, &sock[q], true, per_s, most_sock * DERIVED_LINE_BYTES, y);
			y += 16;
			for (unsigned k = 0; k < nch; k++) {
				if (ch[k].first->package != sock[q].first->package)
					continue;
				mem_bar(o, &ch[k], false, per_s, most_ch * DERIVED_LINE_BYTES, y);
				y += 16;
			}
		}
		fputs("</svg>\n<table class=\"membw\"><thead><tr><th>package</th><th>channel</th>"
		      "<th>lines read</th><th>lines written</th><th>bytes</th><th>read MB/s</th>"
		      "<th>write MB/s</th></tr></thead><tbody>\n", o);
		for (unsigned q = 0; q < nsock; q++) {
			double per_s = inv_window(&sock[q], bw, nbw);
			mem_row(o, &sock[q], true, per_s);
			for (unsigned k = 0; k < nch; k++)
				if (ch[k].first->package == sock[q].first->package)
					mem_row(o, &ch[k], false, per_s);
		}
		fputs("</tbody></table>\n", o);
		free(ch);
		free(sock);
	}
	free(kernels);
	free_series(s, ns);
}
