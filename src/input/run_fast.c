/*
 * run_fast.c - the usual lines of a run file read at the speed of a scan
 * (see run_int.h, run_fast_lines).
 *
 * A run file is blocks of lines of one topic, all with one tag.  Once a
 * line has been read the usual way (run_parse_line), which names the qid
 * and its topic, the lines after it in the reader's buffer are split by
 * lexscan (lexscan.h) and taken here for as long as they are lines
 * run_parse_line would take without a word, and as it would take them:
 * lines of that qid, with the run's last tag, whose score (and rank, with
 * --order=rank) is a number.  A line of a topic in the qrels becomes a
 * record of the batch, as run_parse_line makes it (its score read by
 * lexscan_number8 or lexscan_number, to the bit what lex_double reads;
 * its docno's hash by strmap_key_ahead); a line of a topic the
 * qrels do not have is only checked and passed over.  In the runs of the
 * TREC Deep Learning tracks three quarters of the lines are such lines:
 * they are still checked, as trec_eval checks every line, so that a bad
 * line there is the same error and a tag that changes there the same
 * warning, but at the speed of a scan.
 *
 * Any other line - another qid, another tag, a comment, a long or bad
 * line, a score in another form that lex_double refuses, the last line or
 * two of the buffer - ends the pass and goes the usual way, so results
 * and messages are run_parse_line's, line for line, whatever the order
 * of the file's lines (a file whose topics are interleaved is read block
 * by block in the same way).
 *
 * Sizes: lines of up to 63 bytes (run lines are about 50); nothing is
 * allocated but the batch's growth.
 */
#include "run_int.h"
#include "hot.h"
#include "lex.h"
#include "lexscan.h"
#include "xalloc.h"

#include <limits.h>
#include <string.h>

/* The key line_key (run.c) gives the line at q split into f: returns 1
 * with *key set (left alone when want is 0: the line is only checked),
 * or 0 for a line to go the usual way. */
static inline HOT_INLINE int fast_key(const struct load *L,
				      const struct lexscan *sc, size_t o,
				      const struct lex_line6 *f, int want,
				      double *key)
{
	const char *why, *q = sc->p + o;
	if (lexscan_plain(q, f, 4, 1)) {
		if (want && L->o->order == ORDER_SCORE &&
		    !lexscan_number8(q, o, f->s[4], f->e[4], f->point, key))
			*key = lexscan_number(sc, o, f->s[4], f->e[4],
					      f->point);
	} else if (lex_double(q + f->s[4], (size_t)(f->e[4] - f->s[4]), key,
			      &why) != 0) {
		return 0;
	}
	if (L->o->order == ORDER_RANK) {
		long rank;
		if (lex_long(q + f->s[3], (size_t)(f->e[3] - f->s[3]),
			     -(1L << 53), 1L << 53, &rank, &why) != 0)
			return 0;
		*key = (double)rank;
	} else if (L->o->order == ORDER_FILE) {
		*key = 0;
	}
	return 1;
}

/* A test of n bytes against the bytes of a string: an 8-byte word and
 * the mask of its bytes that count (little-endian: byte k of the word is
 * bits 8k .. 8k + 7). */
struct word_test {
	uint64_t w, mask;
};

/* The test of the first n bytes (n <= 8) of s, which has 8 readable. */
static inline HOT_INLINE struct word_test head_test(const char *s, size_t n)
{
	struct word_test t;
	memcpy(&t.w, s, 8);
	t.mask = n >= 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * n)) - 1;
	t.w &= t.mask;
	return t;
}

/* The test of the last min(n, 8) bytes of the n bytes at s, at the top
 * of the word: for the 8 bytes that end where they end. */
static inline HOT_INLINE struct word_test tail_test(const char *s, size_t n)
{
	struct word_test t;
	unsigned char b[8] = { 0 };
	size_t k = n < 8 ? n : 8;
	memcpy(b + 8 - k, s + n - k, k);
	memcpy(&t.w, b, 8);
	t.mask = k == 8 ? ~(uint64_t)0 : ~(((uint64_t)1 << (8 * (8 - k))) - 1);
	return t;
}

static inline HOT_INLINE int word_is(const char *p, struct word_test t)
{
	uint64_t w;
	memcpy(&w, p, 8);
	return ((w ^ t.w) & t.mask) == 0;
}

/* run_fast_lines, inlined into the two copies below.  The loop's state is
 * held in locals, not in L (whose fields a store into a record might
 * alias), and written back at the end. */
static inline HOT_INLINE unsigned long fast_lines(struct load *L)
{
	struct reader *rd = &L->rd;
	struct run_scratch *s = L->s;
	const char *tag = L->r->last_tag ? L->r->last_tag : L->r->tag;
	const char *qid = L->lastq, *p;
	size_t qlen = L->lastq_len, taglen, avail, at = 0, nb = L->nbatch;
	const long topic = L->last_topic;
	const int want = topic >= 0;
	unsigned long n = 0, room, line = rd->line;
	struct rec *batch = s->batch;
	struct lexscan sc;
	struct word_test qt, tt;

	/* a line starting with '#' is a comment, not a line of qid "#..." */
	if (qlen == 0 || qid[0] == '#' || !tag)
		return 0;
	taglen = strlen(tag);
	/* the qid is compared 8 bytes at a time from the start of a line
	 * (L->lastq has 8 bytes and more), the tag by the 8 bytes that end
	 * with it (six fields take 11 bytes at least) and any bytes of it
	 * before those */
	qt = head_test(qid, qlen);
	tt = tail_test(tag, taglen);
	/* run_parse_line refuses lines numbered past UINT32_MAX */
	room = line < UINT32_MAX ? UINT32_MAX - line : 0;
	p = reader_ahead(rd, &avail);
	lexscan_init(&sc, p, avail);
	for (; n < room; n++) {
		struct lex_line6 f;
		const char *q = p + at;
		double key = 0;
		size_t k = lexscan_line(&sc, at, &f, 6);
		if (k == 0 || f.s[0] != 0 || f.e[0] != qlen ||
		    !word_is(q, qt) ||
		    (qlen > 8 && !strmap_same(q + 8, qid + 8, qlen - 8)) ||
		    (size_t)(f.e[5] - f.s[5]) != taglen ||
		    !word_is(q + f.e[5] - 8, tt) ||
		    (taglen > 8 && !strmap_same(q + f.s[5], tag, taglen - 8)) ||
		    !fast_key(L, &sc, at, &f, want, &key))
			break;
		if (want) {
			struct rec *rec;
			size_t len = (size_t)(f.e[2] - f.s[2]);
			if (nb == s->batch_cap) {
				xgrow(&s->batch, &s->batch_cap, nb + 1,
				      sizeof *rec);
				batch = s->batch;
			}
			rec = batch + nb++;
			rec->docno = q + f.s[2];
			rec->len = (uint32_t)len;
			rec->hash = strmap_key_ahead(q + f.s[2], len);
			rec->line = line + n + 1;
			rec->key = key;
			rec->topic = (uint32_t)topic;
		}
		at += k;
	}
	L->nbatch = nb;
	reader_skip(rd, at, n);
	L->nlines += n;
	return n;
}

#if HOT_CLONES
/* The same compiled for BMI2 (Haswell and later), where a shift by a
 * variable count and the bit operations of lexscan_line are one
 * instruction each instead of up to three: about 50 fewer instructions
 * per line (valgrind --tool=callgrind). */
__attribute__((target("bmi,bmi2")))
static unsigned long fast_lines_bmi2(struct load *L)
{
	return fast_lines(L);
}
#endif

unsigned long run_fast_lines(struct load *L)
{
#if HOT_CLONES
	if (__builtin_cpu_supports("bmi2"))
		return fast_lines_bmi2(L);
#endif
	return fast_lines(L);
}
