#!/bin/sh
# t_partitions.sh - cbeval --partitions against the slow, independent
# reference build/ref_partitions (tests/ref_partitions.c), which
# materialises the qrels and runs of every part of every split as files,
# scores them with plain cbeval (image 0 of `cbeval -b 1 --images`, the
# plain evaluation printed with %.17g), and computes the table of the spec
# (shared spec partitions.md) the obvious way: explicit means, the residual
# bootstrap with the draws of stream 5, Benjamini-Hochberg, the t-test and
# the randomization test (stream 6).
#
# 1. The reference on its own (runs even while cbeval lacks the mode): its
#    self-test (the draws.md vectors of streams 4, 5 and 6; ANOVA identities
#    on random data; Benjamini-Hochberg on hand-computed lists; type-7
#    quantiles; the randomization test enumerated by hand; Student t);
#    two cases computed by hand on given values (--values): a 2-run x
#    2-topic x 2-part ANOVA with its effects, the residuals of both models,
#    the stream-5 indices and the bootstrap effects of M = 3 resamples, and
#    every statistic of the table; and K = 2 splits with a dropped topic
#    and a split of one topic (NA rules, agreement, warnings, the
#    randomization test on 3 topics); and the materialised parts of a tiny
#    collection (the part of FBIS3-162447 in splits 1..11 as draws.md says,
#    every line in exactly one part, the same docno in the same part of the
#    qrels and of every run).
# 2. cbeval --partitions against the reference, cell by cell: the same rows
#    in the same order; whole numbers and NA exactly; other numbers within
#    1e-9 relative or 1e-15 absolute (17 decimals).  Where the spec's double
#    comparisons (effect*_H <= effect_L, d* <= 0, d* >= 0) meet a tie in
#    exact arithmetic, which rounding decides (common with P@10), the
#    reference lists the cell with the range of values that either decision
#    gives (--fragile): such a cell must lie in its range.  On
#    tests/ref/synth_small, data/ and small generated collections (score
#    ties, a topic with one relevant document, 2 or 3 topics kept, splits
#    with fewer than 2 topics, a run file twice, a run with no document in
#    a part); -l/-M/--order; --top; defaults; -p 3 and -p 0; -j 1/2/3 and
#    -q byte-identical; the warnings about dropped topics; the usage errors
#    of the spec.  While cbeval has no --partitions this part prints one
#    SKIP line.
#
# POSIX sh + awk; the reference is C (no Python needed).
set -u
. tests/lib.sh
REF=${REF:-build/ref_partitions}
GEN=${GEN:-build/gen}
R=tests/ref/synth_small
D=data
TOL=1e-9
# The plain cbeval with which the reference scores the parts: the optimised
# build ./cbeval (make test builds it) in both flavours, for speed (plain
# evaluation is tested in both flavours elsewhere), else $CBEVAL.
PLAIN=./cbeval
[ -x "$PLAIN" ] || PLAIN=$CBEVAL

if [ ! -x "$REF" ]; then
	nok "$REF is missing (make build/ref_partitions)"
	exit $fail
fi

# ---- helpers -------------------------------------------------------------

# check_rows EXPECTED ACTUAL TOL WHAT: every row "measure split runA runB
# statistic value" of EXPECTED occurs in the table ACTUAL with the same
# value: NA and whole numbers exactly, other numbers within TOL relative
# (1e-15 absolute near 0).  Prints one ok/nok line.
check_rows() {
	awk -F'\t' -v tol="$3" '
	function num(s) { return s ~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/ }
	function abs(x) { return x < 0 ? -x : x }
	NR == FNR { if (NF) { k = $1 FS $2 FS $3 FS $4 FS $5; want[k] = $6; order[++n] = k } ; next }
	FNR > 1 { got[$1 FS $2 FS $3 FS $4 FS $5] = $6; rows++ }
	END {
		for (i = 1; i <= n; i++) {
			k = order[i]
			if (!(k in got)) { bad++; if (bad <= 5) printf "#   missing row %s\n", k; continue }
			a = got[k]; b = want[k]
			if (num(a) && num(b)) {
				d = abs(a - b); m = abs(a) > abs(b) ? abs(a) : abs(b)
				if (d <= tol * m || d <= 1e-15) continue
			} else if (a == b) continue
			bad++; if (bad <= 5) printf "#   %s: got %s, want %s\n", k, a, b
		}
		printf "%d %d %d\n", n, bad + 0, rows + 0 }' "$1" "$2" > "$T/cr.out"
	tail -n 1 "$T/cr.out" > "$T/cr.sum"
	read -r nexp nbad nrows < "$T/cr.sum"
	if [ "$nbad" -eq 0 ] && [ "$nexp" -gt 0 ]; then
		ok "$4: $nexp cells as computed by hand (table of $nrows rows)"
	else
		nok "$4: $nbad of $nexp cells differ from the hand computation"
		sed '$d' "$T/cr.out"
	fi
}

# check_trace EXPECTED TRACE WHAT: every line of EXPECTED (tab-separated,
# the value last) occurs in the reference's --trace output with the same
# value (within 1e-12).
check_trace() {
	awk -F'\t' '
	function abs(x) { return x < 0 ? -x : x }
	NR == FNR { if (NF) { k = $1; for (i = 2; i < NF; i++) k = k FS $i; want[k] = $NF; order[++n] = k }; next }
	{ k = $1; for (i = 2; i < NF; i++) k = k FS $i; got[k] = $NF }
	END {
		for (i = 1; i <= n; i++) {
			k = order[i]
			if (!(k in got)) { bad++; if (bad <= 5) printf "#   missing %s\n", k; continue }
			if (abs(got[k] - want[k]) > 1e-12) { bad++; if (bad <= 5) printf "#   %s: got %s, want %s\n", k, got[k], want[k] }
		}
		printf "%d %d\n", n, bad + 0 }' "$1" "$2" > "$T/ct.out"
	tail -n 1 "$T/ct.out" > "$T/ct.sum"
	read -r nexp nbad < "$T/ct.sum"
	if [ "$nbad" -eq 0 ] && [ "$nexp" -gt 0 ]; then
		ok "$3: $nexp values as computed by hand"
	else
		nok "$3: $nbad of $nexp values differ from the hand computation"
		sed '$d' "$T/ct.out"
	fi
}

# rows_count FILE: data rows of a table.
rows_count() { awk 'NR > 1' "$1" | wc -l | tr -d ' '; }

# compare CBEVAL_TABLE REF_TABLE FRAGILE WHAT [P]: the same rows in the
# same order, every cell compared: whole-number statistics and NA as
# strings; other numbers within TOL relative (or 1e-15 absolute), and
# printed with as many decimals as the reference prints (-p) unless in %g
# form.  A cell listed in FRAGILE (the reference's --fragile) may instead
# lie anywhere in its range (any value for "*").  With P (the -p of both
# tables, below 17) numbers may also differ by one unit of the last printed
# digit: 10^-P, or relative 10^(1-P) for the %g statistics.  Prints one
# ok/nok line with the cell count, the worst relative difference and the
# number of cells decided by near-ties.
compare() {
	awk -F'\t' -v tol="$TOL" -v p="${5:-17}" '
	function num(s) { return s ~ /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ }
	function abs(x) { return x < 0 ? -x : x }
	function decimals(s) { return index(s, ".") ? length(s) - index(s, ".") : 0 }
	function report(msg) { bad++; if (bad <= 8) printf "#   %s %s %s %s %s: %s\n", x[1], x[2], x[3], x[4], x[5], msg }
	f == 1 { k = $1 FS $2 FS $3 FS $4 FS $5; flo[k] = $6; fhi[k] = $7; next }
	f == 2 { a[FNR] = $0; na = FNR; next }
	f == 3 { nb = FNR; b[FNR] = $0 }
	END {
		if (na != nb) { printf "#   %d rows from cbeval, %d from the reference\n", na - 1, nb - 1; bad++ }
		n = na < nb ? na : nb; worst = 0; wabs = 0; cells = 0; ties = 0
		ulp = 1; for (i = 0; i < p; i++) ulp /= 10
		gulp = 1; for (i = 1; i < (p > 0 ? p : 1); i++) gulp /= 10
		for (i = 1; i <= n; i++) {
			split(a[i], x, "\t"); split(b[i], y, "\t")
			if (x[1] != y[1] || x[2] != y[2] || x[3] != y[3] || x[4] != y[4] || x[5] != y[5] || (i == 1 && x[6] != y[6])) {
				bad++; if (bad <= 8) printf "#   row %d: %s | %s\n", i, a[i], b[i]; continue }
			if (i == 1) continue
			cells++
			u = x[6]; v = y[6]
			if (u == v) continue
			k = x[1] FS x[2] FS x[3] FS x[4] FS x[5]
			if (k in flo) {
				if (flo[k] == "*" || (num(u) && u >= flo[k] - 1e-12 && u <= fhi[k] + 1e-12)) { ties++; continue }
				report("cbeval " u ", reference " v ", outside the near-tie range [" flo[k] ", " fhi[k] "]"); continue
			}
			whole = x[5] ~ /^(topics_|sig_|splits_sig|pairs|agree_)/
			if (whole || !num(u) || !num(v)) { report("cbeval " u ", reference " v); continue }
			g = x[5] ~ /^(p_|q_|pd_)/
			if (!g && v !~ /[eE]/ && decimals(u) != decimals(v)) { report("cbeval " u " printed unlike the reference " v); continue }
			d = abs(u - v); m = abs(u) > abs(v) ? abs(u) : abs(v)
			r = m > 0 ? d / m : 0
			if (d > 1e-15 && r > worst) worst = r
			if (d > wabs) wabs = d
			if (d <= tol * m || d <= 1e-15) continue
			if (p < 17 && (g ? d <= gulp * m * 1.01 : d <= ulp * 1.01)) continue
			report("cbeval " u ", reference " v)
		}
		printf "%d %d %.3g %.3g %d\n", cells, bad + 0, worst, wabs, ties }' f=1 "$3" f=2 "$1" f=3 "$2" > "$T/cmp.out"
	tail -n 1 "$T/cmp.out" > "$T/cmp.sum"
	read -r cells nbad worst wabs ties < "$T/cmp.sum"
	if [ "$nbad" -eq 0 ] && [ "$cells" -gt 0 ]; then
		ok "$4: $cells cells equal the reference (worst relative difference $worst, absolute $wabs; $ties decided otherwise by near-ties, within their range)"
	else
		nok "$4: $nbad differences in $cells cells"
		sed '$d' "$T/cmp.out"
	fi
}

# ---- 1. the reference on its own ------------------------------------------

"$REF" --selftest > "$T/self" 2>&1
rc=$?
cat "$T/self"
if [ $rc -ne 0 ] || grep -q '^not ok' "$T/self"; then fail=1; fi

# Hand case A: seed 1, X = 2, K = 1, M = 3, R = 8; runs ra, rb (j = 0, 1);
# topics 1, 2 (i = 0, 1); one measure AP.  Cells c = (i*2 + j)*2 + k:
#   ra: topic 1 parts (0, 0), topic 2 (1/2, 1); rb: topic 1 (1, 1/4),
#   topic 2 (1/4, 1/2): y_c = 0, 0, 1, 1/4, 1/2, 1, 1/4, 1/2.
# Means: ybar = 7/16; ybar_ra = 3/8, ybar_rb = 1/2: effect ra = -1/16,
#   rb = 1/16, diff = -1/8.  ybar_ij = 0 (1,ra), 5/8 (1,rb), 3/4 (2,ra),
#   3/8 (2,rb); ybar_i = 5/16, 9/16.
# e_int = y - ybar_ij = 0, 0, 3/8, -3/8, -1/4, 1/4, -1/8, 1/8.
# e_noint = y - ybar_i - ybar_j + ybar = -1/4, -1/4, 5/8, -1/8, 0, 1/2,
#   -3/8, -1/8.
# Stream 5 (s = 1, N = 8; draws.md's Python), m = 1: 5 3 4 6 0 3 6 1;
#   m = 2: 5 0 4 5 2 5 4 6; m = 3: 7 0 6 5 7 7 7 3.  ra's cells are 0 1 4 5,
#   rb's 2 3 6 7; effect* = effect + mean(own) - mean(all):
#   int m = 1: assigned 1/4 -3/8 -1/4 -1/8 0 -3/8 -1/8 0: ra mean -1/8, all
#     -1/8: ra -1/16, rb 1/16;  m = 2: 1/4 0 -1/4 1/4 3/8 1/4 -1/4 -1/8:
#     ra 7/32 - ... = 3/32, rb -3/32;  m = 3: 1/8 0 -1/8 1/4 1/8 1/8 1/8
#     -3/8: ra 0, rb 0.
#   noint m = 1: 1/2 -1/8 0 -3/8 -1/4 -1/8 -3/8 -1/4: ra 1/16, rb -1/16;
#     m = 2: ra 3/32, rb -3/32;  m = 3: ra -1/8, rb 1/8.
# Intervals (type 7, M = 3: h = 1.05 and 2.95): int ra sorted (-1/16, 0,
#   3/32): lo = -1/16 + 0.05/16 = -0.059375, hi = 0 + 0.95 * 3/32 =
#   0.0890625; rb the mirror image.  noint ra (-1/8, 1/16, 3/32): lo =
#   -0.115625, hi = 1/16 + 0.95/32 = 0.0921875.  Lengths 0.1484375 and
#   0.2078125 for both runs.
# Pair (ra, rb): H = rb (1/16 > -1/16), L = ra: p = #{effect*_rb <= -1/16}
#   / 3: int 1/16, -3/32, 0: 1/3; noint -1/16 (an exact tie, counted),
#   -3/32, 1/8: 2/3.  d* = ra - rb: int -1/8, 3/16, 0: #{<= 0} = 2,
#   #{>= 0} = 2: pd = min(1, 4/3) = 1; noint 1/8, 3/16, -1/4: pd = 2/3.
#   One pair: q = p.  No q < 0.05: sig_* 0.
# Full collection: ra (1/2, 3/4), rb (1/4, 1/4): z = (1/4, 1/2), t = 3,
#   df 1: p_ttest = (2/pi) atan(1/3) = 0.20483276469913345.  Stream 6 (r =
#   1..8, t = 0, 1): 00 00 11 01 00 11 11 11: sums 3/4 except r = 4 (-1/4):
#   p_rand = 7/8.  splits_sig 0, pairs 1, no agree rows (K = 1).
{
	printf 'split\tpart\trun\tqid\tmeasure\tvalue\n'
	printf '0\t0\t%s\t%s\tAP\t%s\n' ra 1 0.5 ra 2 0.75 rb 1 0.25 rb 2 0.25
	printf '1\t%s\t%s\t%s\tAP\t%s\n' 0 ra 1 0 1 ra 1 0 0 rb 1 1 1 rb 1 0.25 \
		0 ra 2 0.5 1 ra 2 1 0 rb 2 0.25 1 rb 2 0.5
} > "$T/handA.tsv"
{
	printf 'AP\t1\tra\tall\t%s\t%s\n' effect -0.0625 ci_lo_int -0.059375 ci_hi_int 0.0890625 \
		ci_lo_noint -0.115625 ci_hi_noint 0.0921875
	printf 'AP\t1\trb\tall\t%s\t%s\n' effect 0.0625 ci_lo_int -0.0890625 ci_hi_int 0.059375 \
		ci_lo_noint -0.0921875 ci_hi_noint 0.115625
	printf 'AP\t1\tra\trb\t%s\t%s\n' diff -0.125 p_int 0.3333333333333333 q_int 0.3333333333333333 \
		pd_int 1 p_noint 0.6666666666666666 q_noint 0.6666666666666666 pd_noint 0.6666666666666666
	printf 'AP\t1\tall\tall\t%s\t%s\n' topics_used 2 topics_dropped 0 ci_len_mean_int 0.1484375 \
		ci_len_min_int 0.1484375 ci_len_max_int 0.1484375 ci_len_mean_noint 0.2078125 \
		ci_len_min_noint 0.2078125 ci_len_max_noint 0.2078125 sig_int_0.05 0 sig_int_0.01 0 \
		sig_noint_0.05 0 sig_noint_0.01 0
	printf 'AP\tall\tra\trb\t%s\t%s\n' p_ttest 0.20483276469913345 p_rand 0.875 splits_sig 0
	printf 'AP\tall\tall\tall\t%s\t%s\n' pairs 1 sig_ttest_0.05 0 sig_ttest_0.01 0 sig_rand_0.05 0 \
		sig_rand_0.01 0 sig_unanimous_0.05 0
} > "$T/handA.want"
{
	printf 'effect\tAP\t1\t%s\t%s\n' ra -0.0625 rb 0.0625
	c=0
	for v in 0 0 0.375 -0.375 -0.25 0.25 -0.125 0.125; do printf 'resid\tAP\t1\tint\t%s\t%s\n' $c $v; c=$((c + 1)); done
	c=0
	for v in -0.25 -0.25 0.625 -0.125 0 0.5 -0.375 -0.125; do printf 'resid\tAP\t1\tnoint\t%s\t%s\n' $c $v; c=$((c + 1)); done
	m=1
	for row in "5 3 4 6 0 3 6 1" "5 0 4 5 2 5 4 6" "7 0 6 5 7 7 7 3"; do
		c=0
		for v in $row; do printf 'draw\t1\t%s\t%s\t%s\n' $m $c $v; c=$((c + 1)); done
		m=$((m + 1))
	done
	printf 'effstar\tAP\t1\tint\t%s\t%s\t%s\n' 1 ra -0.0625 1 rb 0.0625 2 ra 0.09375 2 rb -0.09375 3 ra 0 3 rb 0
	printf 'effstar\tAP\t1\tnoint\t%s\t%s\t%s\n' 1 ra 0.0625 1 rb -0.0625 2 ra 0.09375 2 rb -0.09375 3 ra -0.125 3 rb 0.125
} > "$T/handA.trace.want"
if "$REF" --values "$T/handA.tsv" --partitions 2 --resamples 3 --randomizations 8 --seed 1 -p 17 \
	--trace "$T/handA.trace" > "$T/handA.out" 2> "$T/handA.err" &&
	[ "$(rows_count "$T/handA.out")" -eq $((2 * 5 + 7 + 12 + 3 + 6)) ] &&
	[ "$(head -n 1 "$T/handA.out")" = "$(printf 'measure\tsplit\trunA\trunB\tstatistic\tvalue')" ] &&
	[ ! -s "$T/handA.err" ]; then
	check_rows "$T/handA.want" "$T/handA.out" 1e-12 "reference, hand case A (2 runs x 2 topics x 2 parts, M = 3): every statistic"
	check_trace "$T/handA.trace.want" "$T/handA.trace" "reference, hand case A: effects, residuals of both models, stream-5 indices, bootstrap effects"
else
	nok "reference, hand case A: it failed, warned, or printed $(rows_count "$T/handA.out") rows, not 38"
	sed 's/^/#   /' "$T/handA.err"
fi

# Hand case B: seed 1, X = 2, K = 2, M = 3, R = 8; runs ra, rb; topics 1,
# 2, 3; measure P@10.  Split 1 has values for topics 1 and 2 only (topic 3
# dropped), split 2 for topic 1 only (a split of one topic: NA).
# Split 1: ra: topic 1 (1/2, 1/2), topic 2 (3/4, 1/2); rb: topic 1 (0, 1/4),
#   topic 2 (1/4, 1/4).  ybar = 3/8, effect ra 3/16, rb -3/16, diff 3/8;
#   no interaction (ybar_ij = ybar_i + ybar_j - ybar), so both models have
#   the residuals 0, 0, -1/8, 1/8, 1/8, -1/8, 0, 0.  With the stream-5
#   indices of case A (the same s = 1 and N = 8): effect*_ra = 3/16, 1/8,
#   3/16 (and rb the negatives) in both models: intervals ra [1/8 +
#   0.05/16, 3/16] = [0.128125, 0.1875], rb [-0.1875, -0.128125], length
#   0.059375.  H = ra: p = #{effect*_ra <= -3/16} = 0, pd = 0 (d* = 3/8, 1/4,
#   3/8), q = 0: significant at 0.05 and 0.01 in both models.
# Split 2: topics_used 1, topics_dropped 2, every other row NA.
# all: z = (1/2, -1/4, 1/8) (ra (1/2, 1/4, 1/2), rb (0, 1/2, 3/8)):
#   mean 1/8, sd 3/8, t = 1/sqrt(3), df 2: p_ttest = 1 - 1/sqrt(7) =
#   0.6220355269907728.  Stream 6, r = 1..8 over t = 0..2: 000 000 110 010
#   000 110 110 111: sums 3/8 3/8 -1/8 7/8 3/8 -1/8 -1/8 -3/8: |sum| >= 3/8
#   for r = 1, 2, 4, 5, 8 (8 an exact tie): p_rand = 5/8.
#   splits_sig 1 (split 2 is not significant), sig_unanimous 0; a = 1 of
#   K = 2: H = max(1, 1) = 1: agree_2_0 = 0, agree_1_1 = 1.
{
	printf 'split\tpart\trun\tqid\tmeasure\tvalue\n'
	printf '0\t0\t%s\t%s\tP@10\t%s\n' ra 1 0.5 ra 2 0.25 ra 3 0.5 rb 1 0 rb 2 0.5 rb 3 0.375
	printf '1\t%s\t%s\t%s\tP@10\t%s\n' 0 ra 1 0.5 1 ra 1 0.5 0 rb 1 0 1 rb 1 0.25 \
		0 ra 2 0.75 1 ra 2 0.5 0 rb 2 0.25 1 rb 2 0.25
	printf '2\t%s\t%s\t%s\tP@10\t%s\n' 0 ra 1 0.1 1 ra 1 0.2 0 rb 1 0.3 1 rb 1 0.4
} > "$T/handB.tsv"
{
	printf 'P@10\t1\tra\tall\t%s\t%s\n' effect 0.1875 ci_lo_int 0.128125 ci_hi_int 0.1875 \
		ci_lo_noint 0.128125 ci_hi_noint 0.1875
	printf 'P@10\t1\trb\tall\t%s\t%s\n' effect -0.1875 ci_lo_int -0.1875 ci_hi_int -0.128125
	printf 'P@10\t1\tra\trb\t%s\t%s\n' diff 0.375 p_int 0 q_int 0 pd_int 0 p_noint 0 q_noint 0 pd_noint 0
	printf 'P@10\t1\tall\tall\t%s\t%s\n' topics_used 2 topics_dropped 1 ci_len_mean_int 0.059375 \
		ci_len_max_noint 0.059375 sig_int_0.05 1 sig_int_0.01 1 sig_noint_0.05 1 sig_noint_0.01 1
	for s in effect ci_lo_int ci_hi_int ci_lo_noint ci_hi_noint; do
		printf 'P@10\t2\tra\tall\t%s\tNA\nP@10\t2\trb\tall\t%s\tNA\n' $s $s
	done
	for s in diff p_int q_int pd_int p_noint q_noint pd_noint; do printf 'P@10\t2\tra\trb\t%s\tNA\n' $s; done
	printf 'P@10\t2\tall\tall\t%s\t%s\n' topics_used 1 topics_dropped 2 ci_len_mean_int NA \
		ci_len_min_int NA ci_len_max_noint NA sig_int_0.05 NA sig_int_0.01 NA sig_noint_0.05 NA sig_noint_0.01 NA
	printf 'P@10\tall\tra\trb\t%s\t%s\n' p_ttest 0.6220355269907728 p_rand 0.625 splits_sig 1
	printf 'P@10\tall\tall\tall\t%s\t%s\n' pairs 1 sig_ttest_0.05 0 sig_rand_0.05 0 sig_unanimous_0.05 0 \
		agree_2_0 0 agree_1_1 1
} > "$T/handB.want"
if "$REF" --values "$T/handB.tsv" --partitions 2 --splits 2 --resamples 3 --randomizations 8 --seed 1 -p 17 \
	> "$T/handB.out" 2> "$T/handB.err" &&
	[ "$(rows_count "$T/handB.out")" -eq $((2 * (2 * 5 + 7 + 12) + 3 + 8)) ] &&
	awk -F'\t' 'NR > 1 { s = s $2 $5 " " } END { exit s !~ /^1effect 1ci_lo_int .* 1sig_noint_0.01 2effect .* 2sig_noint_0.01 allp_ttest allp_rand allsplits_sig allpairs .* allagree_2_0 allagree_1_1 $/ }' "$T/handB.out"; then
	check_rows "$T/handB.want" "$T/handB.out" 1e-12 "reference, hand case B (K = 2, a dropped topic, a split of 1 topic): NA rules, agreement, randomization test"
	if grep -q '^ref_partitions: warning: split 1: 1 of 3 topics dropped.*: 3$' "$T/handB.err" &&
		grep -q '^ref_partitions: warning: split 2: 2 of 3 topics dropped.*: 2 3$' "$T/handB.err" &&
		[ "$(wc -l < "$T/handB.err" | tr -d ' ')" -eq 2 ]; then
		ok "reference, hand case B: one warning per split, naming how many and which topics"
	else
		nok "reference, hand case B: the warnings are not one per split"
		sed 's/^/#   /' "$T/handB.err"
	fi
else
	nok "reference, hand case B: it failed or its rows are not those of the spec, in its order"
	sed 's/^/#   /' "$T/handB.err"
fi

# The materialised parts (needs plain cbeval, which every build has): a
# tiny collection with FBIS3-162447, X = 2, K = 11, seed 1; draws.md gives
# its part in splits 1..11 as 0 0 0 0 1 1 0 0 1 1 0.  Every other line is
# checked to be in exactly one part, and a docno in the same part in the
# qrels and in both runs.
mkdir -p "$T/tiny/runs" "$T/tiny/keep"
{
	printf '1 0 FBIS3-162447 1\n1 0 LA010189-0001 1\n1 0 FT921-1234 0\n1 0 doc4 2\n'
	printf '2 0 FBIS3-162447 1\n2 0 FR940104-0-00001 1\n2 0 WTX001-B01-1 1\n2 0 doc4 0\n'
} > "$T/tiny/qrels"
{
	printf '1 Q0 FBIS3-162447 1 3.5 ta\n1 Q0 doc4 2 2.5 ta\n1 Q0 FT921-1234 3 2.5 ta\n1 Q0 unjudged 4 1 ta\n'
	printf '2 Q0 WTX001-B01-1 1 9 ta\n2 Q0 FBIS3-162447 2 8 ta\n'
} > "$T/tiny/runs/a.run"
{
	printf '2 Q0 FR940104-0-00001 1 1 tb\n2 Q0 FBIS3-162447 2 0.5 tb\n'
	printf '1 Q0 LA010189-0001 1 4 tb\n1 Q0 FBIS3-162447 2 3 tb\n1 Q0 doc4 3 2 tb\n'
} > "$T/tiny/runs/b.run"
if "$REF" --cbeval "$PLAIN" --partitions 2 --splits 11 --resamples 5 --randomizations 5 --seed 1 -m AP,P@10 \
	--keep "$T/tiny/keep" "$T/tiny/qrels" "$T/tiny/runs/a.run" "$T/tiny/runs/b.run" > "$T/tiny.out" 2> "$T/tiny.err"; then
	got=
	for s in 1 2 3 4 5 6 7 8 9 10 11; do
		for k in 0 1; do
			if grep -q FBIS3-162447 "$T/tiny/keep/s$s.p$k.qrels"; then got="$got $k"; fi
		done
	done
	if [ "$got" = " 0 0 0 0 1 1 0 0 1 1 0" ]; then
		ok "reference: FBIS3-162447 is in parts 0 0 0 0 1 1 0 0 1 1 0 of splits 1..11 (draws.md)"
	else
		nok "reference: FBIS3-162447 is in parts$got of splits 1..11, not 0 0 0 0 1 1 0 0 1 1 0"
	fi
	bad=
	for s in 1 2 3 4 5 6 7 8 9 10 11; do
		cat "$T/tiny/keep/s$s.p0.qrels" "$T/tiny/keep/s$s.p1.qrels" | sort > "$T/u1"
		sort "$T/tiny/qrels" > "$T/u2"
		cmp -s "$T/u1" "$T/u2" || bad="$bad qrels/$s"
		for j in 0 1; do
			f=a; [ $j -eq 1 ] && f=b
			cat "$T/tiny/keep/s$s.p0.run$j" "$T/tiny/keep/s$s.p1.run$j" | grep -v '^ref-partitions-none' | sort > "$T/u1"
			sort "$T/tiny/runs/$f.run" > "$T/u2"
			cmp -s "$T/u1" "$T/u2" || bad="$bad run$j/$s"
		done
		# docno -> part over the qrels and both runs: one part per docno
		for k in 0 1; do
			awk -v k=$k '{ print $3, k }' "$T/tiny/keep/s$s.p$k.qrels" \
				"$T/tiny/keep/s$s.p$k.run0" "$T/tiny/keep/s$s.p$k.run1"
		done | grep -v '^ref-partitions-none' | sort -u | awk '{ n[$1]++ } END { for (d in n) if (n[d] > 1) exit 1 }' ||
			bad="$bad docno/$s"
	done
	if [ -z "$bad" ]; then
		ok "reference: in 11 splits every qrels and run line is in exactly one part, each docno in one part everywhere"
	else
		nok "reference: materialised parts wrong:$bad"
	fi
else
	nok "reference on a tiny collection failed"
	sed 's/^/#   /' "$T/tiny.err"
fi

# ---- 2. cbeval --partitions against the reference ------------------------

"$CBEVAL" --partitions 2 $R/qrels $R/runs/sys000.run $R/runs/sys001.run > /dev/null 2> "$T/probe.err"
if grep -q "unknown option --partitions" "$T/probe.err"; then
	ok "cbeval --partitions against the reference # SKIP cbeval has no --partitions"
	exit $fail
fi

# case_cmp NAME ARGS...: the reference and cbeval --partitions with the
# same ARGS (options, QRELS, RUN...; -p 17 unless ARGS has -p); compare.  Leaves cbeval's stderr in
# $T/cb.err, the reference's in $T/ref.err and the tables in $T/cb.out and
# $T/ref.out.
case_cmp() {
	name=$1
	shift
	p=17 prev=
	for a in "$@"; do
		case $prev in -p) p=$a ;; esac
		prev=$a
	done
	if [ "$p" = 17 ]; then set -- -p 17 "$@"; fi
	if ! "$REF" --cbeval "$PLAIN" --fragile "$T/frag" "$@" > "$T/ref.out" 2> "$T/ref.err"; then
		nok "$name: the reference failed"; sed 's/^/#   /' "$T/ref.err" | head -n 5; return
	fi
	if ! "$CBEVAL" "$@" > "$T/cb.out" 2> "$T/cb.err"; then
		nok "$name: cbeval --partitions failed"; sed 's/^/#   /' "$T/cb.err" | head -n 5; return
	fi
	compare "$T/cb.out" "$T/ref.out" "$T/frag" "$name" "$p"
}

# check_warnings NAME PLAIN_ARGS...: after case_cmp, cbeval's warnings about
# dropped topics are the lines of $T/cb.err that plain cbeval (PLAIN_ARGS,
# the same QRELS and RUN... and -l) does not print: one per split that drops
# topics, each naming the number dropped and every dropped qid.
check_warnings() {
	name=$1
	shift
	"$CBEVAL" "$@" > /dev/null 2> "$T/plain.err"
	awk 'NR == FNR { base[$0] = 1; next } !($0 in base)' "$T/plain.err" "$T/cb.err" > "$T/extra.err"
	grep 'warning: split' "$T/ref.err" | sed 's/^.*split \([0-9]*\): \([0-9]*\) of [0-9]* topics dropped[^:]*: /\1 \2 /' > "$T/drops"
	want=$(wc -l < "$T/drops" | tr -d ' ')
	have=$(wc -l < "$T/extra.err" | tr -d ' ')
	miss=$(awk 'NR == FNR { line[NR] = " " $0 " "; gsub(/[^A-Za-z0-9._-]/, " ", line[NR]); n = NR; next }
		{ found = 0
		  for (i = 1; i <= n; i++) {
			if (used[i] || index(line[i], " " $2 " ") == 0) continue
			all = 1
			for (f = 3; f <= NF; f++) if (index(line[i], " " $f " ") == 0) all = 0
			if (all) { used[i] = 1; found = 1; break }
		  }
		  if (!found) printf " %s", $1 }' "$T/extra.err" "$T/drops")
	if [ "$want" -eq "$have" ] && [ -z "$miss" ]; then
		ok "$name: $want warnings about dropped topics, one per split that drops any, each with the count and the qids"
	else
		nok "$name: $have new warning lines for $want splits that drop topics (splits without a matching line:${miss:- none})"
		sed 's/^/#   cbeval: /' "$T/extra.err" | head -n 8
		sed 's/^/#   want: split /' "$T/drops" | head -n 8
	fi
}

start=$(date +%s)

case_cmp "synth_small, AP,P@10, X 2, K 1, M 500, R 2000, seed 1" \
	--partitions 2 --splits 1 --resamples 500 --randomizations 2000 --seed 1 -m AP,P@10 $R/qrels $R/runs/*.run
case_cmp "synth_small, AP,P@10, X 3, K 3, M 200, R 500, seed 7" \
	--partitions 3 --splits 3 --resamples 200 --randomizations 500 --seed 7 -m AP,P@10 $R/qrels $R/runs/*.run
check_warnings "synth_small, X 3, K 3 (302, 311, 999 dropped)" -m AP,P@10 $R/qrels $R/runs/*.run
case_cmp "data (10 runs x 20 topics), AP,P@10,RR, X 2, K 3, M 300, R 1000, seed 3" \
	--partitions 2 --splits 3 --resamples 300 --randomizations 1000 --seed 3 -m AP,P@10,RR $D/qrels $D/runs/*.run
case_cmp "data, 5 runs, nDCG@10,RBP(p=0.8) (its residual left out), X 4, M 250, R 800, seed 9223372036854775807" \
	--partitions 4 --resamples 250 --randomizations 800 --seed 9223372036854775807 \
	-m 'nDCG@10,RBP(p=0.8)' $D/qrels $D/runs/gen00[0-4].run
case_cmp "data, -l 2 -M 100 --order rank, AP,P@10, X 3, K 2, M 200, R 500, seed 5" \
	--partitions 3 --splits 2 --resamples 200 --randomizations 500 --seed 5 -l 2 -M 100 --order rank \
	-m AP,P@10 $D/qrels $D/runs/*.run
check_warnings "data, -l 2 -M 100" -l 2 -M 100 --order rank -m AP,P@10 $D/qrels $D/runs/*.run

# Defaults: K = 1, M = 1000, R = 10000, seed 1.
case_cmp "synth_small, AP, no --splits, --resamples, --randomizations or --seed (1, 1000, 10000, 1)" \
	--partitions 2 -m AP $R/qrels $R/runs/*.run

# Formatting: -p 3 and -p 0 (%g with 1 significant digit), up to a unit of
# the last digit.
for pp in 3 0; do
	case_cmp "synth_small, -p $pp, X 2, K 2: numbers printed as the spec says" \
		--partitions 2 --splits 2 --resamples 200 --randomizations 500 --seed 4 -p $pp -m AP,RR $R/qrels $R/runs/*.run
done

# Generated collections: build/gen with few relevant documents per topic
# (topic 403 has one: always dropped; 404 two; 401, 402 three or four),
# coarse score grids (ties); X = 2 keeps 2 or 3 topics, X = 3 leaves
# splits with none.
if [ -x "$GEN" ] && "$GEN" -r 5 -t 4 -d 30 -s 11 -P 10 "$T/g1" > /dev/null 2>&1; then
	cp "$T/g1/runs/gen002.run" "$T/g1/runs/gen002copy.run"
	case_cmp "generated: 6 runs (2 identical) x 4 topics, AP,P@10,RR,nDCG@10, X 2, K 4, M 300, R 500, seed 2" \
		--partitions 2 --splits 4 --resamples 300 --randomizations 500 --seed 2 -m AP,P@10,RR,nDCG@10 \
		"$T/g1/qrels" "$T/g1/runs/"*.run
	check_warnings "generated, X 2, K 4" -m AP,P@10,RR,nDCG@10 "$T/g1/qrels" "$T/g1/runs/"*.run
	if awk -F'\t' '$5 == "topics_used" && $6 >= 2 && $6 <= 3 { n++ } END { exit !n }' "$T/ref.out"; then
		ok "generated, X 2: the reference keeps 2 or 3 topics in some split"
	else
		nok "generated, X 2: no split keeps 2 or 3 topics (the case does not test what it should)"
	fi
	case_cmp "generated: 6 runs x 4 topics, AP,P@10, X 3, K 4, M 200, R 500, seed 2 (splits with < 2 topics)" \
		--partitions 3 --splits 4 --resamples 200 --randomizations 500 --seed 2 -m AP,P@10 \
		"$T/g1/qrels" "$T/g1/runs/"*.run
	check_warnings "generated, X 3, K 4" -m AP,P@10 "$T/g1/qrels" "$T/g1/runs/"*.run
	if awk -F'\t' '$5 == "topics_used" && $6 < 2 { n++ } END { exit !n }' "$T/ref.out"; then
		ok "generated, X 3: the reference has a split with fewer than 2 topics (NA)"
	else
		nok "generated, X 3: no split with fewer than 2 topics (the case does not test what it should)"
	fi
else
	nok "$GEN is missing or failed (make build/gen)"
fi

# A hand-made collection with heavy ties: 5 runs x 6 topics, each run
# retrieving 6 of 12 documents per topic with integer scores (many ties);
# topic 6 has one relevant document (always dropped), topics 1..5 two (each
# kept in a split of X = 2 with probability 1/2), so some splits keep 0 or 1
# topics and others 2 or 3; run t4 has no document of topic 1..3, so it
# is empty in some parts; t5 is a copy of t2 (TAG#2).
mkdir -p "$T/tie/runs"
awk -v dir="$T/tie" 'BEGIN { s = 20240611
	for (q = 1; q <= 6; q++) for (d = 1; d <= 12; d++) {
		if (q == 6) rel = d == 12; else rel = d <= 2
		s = (s * 16807) % 2147483647
		printf "%d 0 D%d-%d %d\n", q, q, d, rel ? 1 + s % 2 : 0 > (dir "/qrels") }
	for (r = 1; r <= 4; r++) for (q = 1; q <= 6; q++) {
		if (r == 4 && q <= 3) continue
		n = 0; split("", used)
		while (n < 6) { s = (s * 16807) % 2147483647; d = 1 + s % 12
			if (d in used) continue; used[d] = 1; n++
			s = (s * 16807) % 2147483647
			printf "%d Q0 D%d-%d %d %d t%d\n", q, q, d, n, 3 - s % 3, r > (dir "/runs/t" r ".run") } } }'
cp "$T/tie/runs/t2.run" "$T/tie/runs/t5.run"
case_cmp "tied collection: 5 runs (2 identical) x 6 topics, P@10,RR,AP,num_rel_ret, X 2, K 6, M 400, R 1000, seed 8" \
	--partitions 2 --splits 6 --resamples 400 --randomizations 1000 --seed 8 -m P@10,RR,AP,num_rel_ret \
	"$T/tie/qrels" "$T/tie/runs/"*.run
check_warnings "tied collection, K 6" -m P@10,RR,AP,num_rel_ret "$T/tie/qrels" "$T/tie/runs/"*.run
if awk -F'\t' '$5 == "topics_used" && $6 < 2 { lo++ } $5 == "topics_used" && $6 >= 2 { hi++ } END { exit !(lo && hi) }' "$T/ref.out"; then
	ok "tied collection: splits with fewer than 2 topics and splits with 2 or more"
else
	nok "tied collection: the splits do not cover both cases"
fi
# One qrels topic (every split NA; p_ttest NA).
grep '^1 ' "$T/tie/qrels" > "$T/tie/qrels1"
case_cmp "tied collection, 1 qrels topic: every split NA, p_ttest NA" \
	--partitions 2 --splits 2 --resamples 50 --randomizations 100 --seed 8 -m AP \
	"$T/tie/qrels1" "$T/tie/runs/"*.run

# --top N: the kept runs chosen here from plain cbeval's `all` rows of the
# first measure (highest first, ties by command-line position), in
# command-line order; data's runs are named after their files.
"$CBEVAL" -p 17 -m AP $D/qrels $D/runs/*.run 2>/dev/null | awk -F'\t' -v n=4 '
	NR > 1 && $2 == "all" && $3 == "AP" { k++; run[k] = $1; v[k] = $4 + 0 }
	END { for (i = 1; i <= k; i++) { rank = 0
		for (j = 1; j <= k; j++) if (v[j] > v[i] || (v[j] == v[i] && j < i)) rank++
		if (rank < n) print run[i] } }' > "$T/kept"
set --
while read -r r; do set -- "$@" "$D/runs/$r.run"; done < "$T/kept"
if "$REF" --cbeval "$PLAIN" --fragile "$T/frag" --partitions 2 --splits 2 --resamples 200 --randomizations 500 \
	-p 17 -m AP,P@10 $D/qrels "$@" > "$T/ref.out" 2> "$T/ref.err" &&
	"$CBEVAL" --partitions 2 --splits 2 --resamples 200 --randomizations 500 -p 17 -m AP,P@10 --top 4 \
		$D/qrels $D/runs/*.run > "$T/cb.out" 2> "$T/cb.err"; then
	compare "$T/cb.out" "$T/ref.out" "$T/frag" "--top 4 by AP on data (kept: $(tr '\n' ' ' < "$T/kept" | sed 's/ $//'))"
else
	nok "--top 4: cbeval or the reference failed"
fi

# ---- -j, -q, -b 0 -----------------------------------------------------------
args="--partitions 3 --splits 4 --resamples 300 --randomizations 1000 --seed 3 -m AP,P@10,RR"
# shellcheck disable=SC2086
{
"$CBEVAL" $args -j 1 $R/qrels $R/runs/*.run > "$T/j1" 2>/dev/null
"$CBEVAL" $args -j 2 $R/qrels $R/runs/*.run > "$T/j2" 2>/dev/null
"$CBEVAL" $args -j 3 $R/qrels $R/runs/*.run > "$T/j3" 2>/dev/null
"$CBEVAL" $args -q $R/qrels $R/runs/*.run > "$T/q" 2>/dev/null
"$CBEVAL" $args -b 0 $R/qrels $R/runs/*.run > "$T/b0" 2>/dev/null
}
if [ -s "$T/j1" ] && cmp -s "$T/j1" "$T/j2" && cmp -s "$T/j1" "$T/j3"; then
	ok "-j 1, -j 2 and -j 3 give byte-identical tables ($(rows_count "$T/j1") rows)"
else
	nok "--partitions differs across -j (or failed)"
fi
if [ -s "$T/q" ] && cmp -s "$T/j1" "$T/q" && cmp -s "$T/j1" "$T/b0"; then
	ok "-q has no effect and -b 0 is accepted: the same table"
else
	nok "-q or -b 0 changes the table of --partitions (or fails)"
fi

# ---- usage errors (exit 1, nothing on stdout, a message on stderr) -------
two="$R/qrels $R/runs/sys000.run $R/runs/sys001.run"
nerr=0 bad=
usage() { # DESCRIPTION ARGS...
	desc=$1; shift
	"$CBEVAL" "$@" > "$T/u.out" 2> "$T/u.err"
	rc=$?
	nerr=$((nerr + 1))
	if [ $rc -ne 1 ] || [ -s "$T/u.out" ] || [ ! -s "$T/u.err" ]; then
		bad="$bad; $desc (exit $rc)"
	fi
}
# shellcheck disable=SC2086
{
usage "-b 1" --partitions 2 -b 1 $two
usage "-b 20" --partitions 2 -b 20 $two
usage "--pairs" --partitions 2 --pairs $two
usage "--reliability" --partitions 2 --reliability $two
usage "--images F" --partitions 2 --images "$T/img" $two
usage "--images -" --partitions 2 --images - $two
usage "-F trec" --partitions 2 -F trec $two
usage "--sensitivity" --partitions 2 --sensitivity $two
usage "--splits without --partitions" --splits 2 $two
usage "--resamples without --partitions" --resamples 10 $two
usage "--randomizations without --partitions" --randomizations 10 $two
usage "1 run" --partitions 2 $R/qrels $R/runs/sys000.run
usage "--top 1 keeps 1 run" --partitions 2 --top 1 $two
usage "--partitions 1" --partitions 1 $two
usage "--partitions 65" --partitions 65 $two
usage "--partitions 0" --partitions 0 $two
usage "--splits 0" --partitions 2 --splits 0 $two
usage "--splits 1001" --partitions 2 --splits 1001 $two
usage "--resamples 0" --partitions 2 --resamples 0 $two
usage "--resamples 1000001" --partitions 2 --resamples 1000001 $two
usage "--randomizations 0" --partitions 2 --randomizations 0 $two
usage "--randomizations 10000001" --partitions 2 --randomizations 10000001 $two
}
if [ -z "$bad" ]; then
	ok "usage errors of --partitions: all $nerr exit 1 with a message and no output"
else
	nok "usage errors not rejected with exit 1:${bad#;}"
fi

end=$(date +%s)
echo "# --partitions comparisons took $((end - start)) s (${CBEVAL_FLAVOUR:-rel})"
exit $fail
