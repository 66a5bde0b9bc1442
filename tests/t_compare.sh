#!/bin/sh
# t_compare.sh - --pairs and --reliability against a slow recomputation in
# awk from the --images dump of the same run (synth_small: 8 runs, 13
# topics, B = 20).  p-values in the recomputation come from the closed form
# of Student's t for even degrees of freedom (df = 12 here):
#   p = 1 - sin(th) * sum_{k=0}^{df/2-1} a_k cos(th)^(2k),
#   a_0 = 1, a_k = a_{k-1} (2k-1)/(2k), th = atan(|t| / sqrt(df)),
# independent of the continued fraction cbeval uses.
set -u
. tests/lib.sh
R=tests/ref/synth_small

B=20
"$CBEVAL" -b $B -p 12 --images "$T/img" $R/qrels $R/runs/*.run >/dev/null 2>&1 || nok "images dump failed"
"$CBEVAL" -b $B -p 12 -q --pairs $R/qrels $R/runs/*.run >"$T/pairs" 2>/dev/null || nok "--pairs failed"
"$CBEVAL" -b $B -p 12 --reliability $R/qrels $R/runs/*.run >"$T/rel" 2>/dev/null || nok "--reliability failed"

# Common awk library: loading the dump, sorting, quantiles, t p-values.
cat > "$T/lib.awk" <<'AWK'
function isort(a, n,   i, j, x) { for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x } }
function q7(a, n, p,   h, lo) { h = (n - 1) * p; lo = int(h); if (lo >= n - 1) return a[n]; return a[lo + 1] + (h - lo) * (a[lo + 2] - a[lo + 1]) }
function mean(a, n,   i, s) { s = 0; for (i = 1; i <= n; i++) s += a[i]; return s / n }
function sd(a, n,   i, m, s) { m = mean(a, n); s = 0; for (i = 1; i <= n; i++) s += (a[i] - m) ^ 2; return sqrt(s / (n - 1)) }
function tstat(a, n,   m, s) { m = mean(a, n); s = sd(a, n); if (s == 0) return m == 0 ? 0 : "inf"; return m / (s / sqrt(n)) }
function pval(t, df,   c2, sn, k, ak, sum, c) {
	if (t == "inf") return 0
	if (t < 0) t = -t
	c2 = df / (df + t * t); sn = t / sqrt(df + t * t)
	ak = 1; sum = 1; c = 1
	for (k = 1; k < df / 2; k++) { ak = ak * (2 * k - 1) / (2 * k); c = c * c2; sum += ak * c }
	return 1 - sn * sum }
function load(file,   line, f) {
	while ((getline line < file) > 0) {
		split(line, f, "\t"); if (f[1] == "run") continue
		v[f[1], f[2], f[3], f[4]] = f[5]
		if (!(f[1] in seenr)) { seenr[f[1]] = 1; runs[++nr] = f[1] }
		if (!(f[2] in seenq)) { seenq[f[2]] = 1; if (f[2] != "all") qids[++nq] = f[2] }
		if (!(f[3] in seenm)) { seenm[f[3]] = 1; ms[++nm] = f[3] }
		if (f[4] + 0 > B) B = f[4] + 0
	} }
function near(x, y, tol) { if (x == "NA" || y == "NA") return x == y; return (x - y <= tol && y - x <= tol) }
AWK

# --pairs -q: every row recomputed.
cat > "$T/pairs.awk" <<'AWK'

BEGIN { load(dump); df = nq - 1
	for (i = 1; i <= nr; i++) for (j = i + 1; j <= nr; j++) for (k = 1; k <= nm; k++) {
		A = runs[i]; C = runs[j]; m = ms[k]
		for (qq = 1; qq <= nq + 1; qq++) {
			q = qq <= nq ? qids[qq] : "all"
			n = 0; gt = 0; eq = 0
			for (b = 1; b <= B; b++) { x[++n] = v[A, q, m, b] - v[C, q, m, b]; gt += x[n] > 0; eq += x[n] == 0 }
			key = A SUBSEP C SUBSEP m SUBSEP q
			w[key, 1] = v[A, q, m, 0] - v[C, q, m, 0]; w[key, 2] = mean(x, n)
			w[key, 3] = w[key, 2] - w[key, 1]; w[key, 4] = sd(x, n)
			isort(x, n); w[key, 5] = q7(x, n, 0.025); w[key, 6] = q7(x, n, 0.975)
			w[key, 7] = gt / B; w[key, 8] = eq / B
			if (q != "all") { w[key, 9] = w[key, 10] = w[key, 11] = "NA"; continue }
			for (t = 1; t <= nq; t++) z[t] = v[A, qids[t], m, 0] - v[C, qids[t], m, 0]
			w[key, 9] = pval(tstat(z, nq), df)
			lt = 0
			for (b = 1; b <= B; b++) {
				for (t = 1; t <= nq; t++) z[t] = v[A, qids[t], m, b] - v[C, qids[t], m, b]
				p[b] = pval(tstat(z, nq), df); lt += p[b] < 0.05 }
			isort(p, B); w[key, 10] = q7(p, B, 0.5); w[key, 11] = lt / B
			expected++
		} } }
NR > 1 { key = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4; rows++
	for (c = 1; c <= 11; c++) if (!near($(c + 4), w[key, c], 1e-9)) { bad++; if (bad < 5) print "diff", $0, "col", c, w[key, c] > "/dev/stderr" } }
END { print rows + 0, bad + 0, expected + 0 }
AWK
awk -F'\t' -v dump="$T/img" -f "$T/lib.awk" -f "$T/pairs.awk" "$T/pairs" > "$T/pc"
set -- $(cat "$T/pc")
if [ "$1" -eq $(( 28 * 7 * 14 )) ] && [ "$2" -eq 0 ]; then
	ok "--pairs -q: all $1 rows (11 statistics each, p-values included) equal the recomputation from --images"
else
	nok "--pairs: $1 rows, $2 values differ"
fi

# Without -q: the same header, and exactly the rows "all" of the -q table
# (qid is the 4th column either way, so no column moves with -q).
"$CBEVAL" -b $B -p 12 --pairs $R/qrels $R/runs/*.run >"$T/pairs_noq" 2>/dev/null || nok "--pairs without -q failed"
awk -F'\t' 'NR == 1 || $4 == "all"' "$T/pairs" > "$T/pairs_all"
if [ -s "$T/pairs_noq" ] && cmp -s "$T/pairs_noq" "$T/pairs_all" &&
	[ "$(awk -F'\t' 'NR > 1 && $4 != "all"' "$T/pairs_noq" | wc -l)" -eq 0 ]; then
	ok "--pairs without -q: the header and the rows of qid all of --pairs -q ($(( $(wc -l < "$T/pairs_noq") - 1 )) rows)"
else
	nok "--pairs without -q differs from the rows of qid all of --pairs -q"
	diff "$T/pairs_noq" "$T/pairs_all" | head -n 10 | sed 's/^/#   /'
fi

# --reliability: every statistic recomputed.
cat > "$T/rel.awk" <<'AWK'

function tau(m, a, b,   i, j, x, y, s, n0, n1, n2) {
	s = 0; n1 = 0; n2 = 0; n0 = nr * (nr - 1) / 2
	for (i = 1; i <= nr; i++) for (j = i + 1; j <= nr; j++) {
		x = v[runs[i], "all", m, a] - v[runs[j], "all", m, a]; y = v[runs[i], "all", m, b] - v[runs[j], "all", m, b]
		x = (x > 0) - (x < 0); y = (y > 0) - (y < 0); n1 += x == 0; n2 += y == 0; s += x * y }
	if (n0 == n1 || n0 == n2) return "NA"
	return s / sqrt((n0 - n1) * (n0 - n2)) }
function cls(val, arr, n,   lo, hi) { isort(arr, n); lo = q7(arr, n, 0.025); hi = q7(arr, n, 0.975); return val < lo ? 1 : val > hi ? 3 : 2 }
BEGIN { load(dump)
	for (k = 1; k <= nm; k++) { m = ms[k]; na = 0
		for (r = 1; r <= nr; r++) { nrt = 0
			for (t = 1; t <= nq; t++) { n = 0; for (b = 1; b <= B; b++) x[++n] = v[runs[r], qids[t], m, b]
				qs[r, t] = sd(x, n); all[++na] = qs[r, t]; rt[++nrt] = qs[r, t] }
			w[m, runs[r], "all", "qsd_mean"] = mean(rt, nrt); w[m, runs[r], "all", "qsd_sd"] = sd(rt, nrt) }
		w[m, "all", "all", "qsd_mean"] = mean(all, na); w[m, "all", "all", "qsd_sd"] = sd(all, na)
		for (t = 1; t <= nq; t++) { for (r = 1; r <= nr; r++) col[r] = qs[r, t]; isort(col, nr); w[m, "all", qids[t], "qsd_p95"] = q7(col, nr, 0.95) }
		np = 0; split("0 0 0", hc, " "); split("0 0 0", lc, " ")
		for (i = 1; i <= nr; i++) for (j = i + 1; j <= nr; j++) for (t = 1; t <= nq; t++) {
			for (b = 1; b <= B; b++) z[b] = v[runs[i], qids[t], m, b] - v[runs[j], qids[t], m, b]
			pq[++np] = sd(z, B)
			for (h = 1; h <= B; h++) { n = 0; for (b = 1; b <= B; b++) if (b != h) o[++n] = z[b]
				c = cls(z[h], o, n); lc[c]++; if (h == B) hc[c]++ } }
		w[m, "all", "all", "pair_qsd_mean"] = mean(pq, np); w[m, "all", "all", "pair_qsd_sd"] = sd(pq, np)
		w[m, "all", "all", "holdout_below"] = 100 * hc[1] / np; w[m, "all", "all", "holdout_in"] = 100 * hc[2] / np; w[m, "all", "all", "holdout_above"] = 100 * hc[3] / np
		w[m, "all", "all", "loo_below"] = 100 * lc[1] / (np * B); w[m, "all", "all", "loo_in"] = 100 * lc[2] / (np * B); w[m, "all", "all", "loo_above"] = 100 * lc[3] / (np * B)
		if (m ~ /\.residual$/) {   # not a score: no ranking statistics
			w[m, "all", "all", "tau_mean"] = w[m, "all", "all", "tau_min"] = "NA"
			w[m, "all", "all", "tau_q025"] = w[m, "all", "all", "rank_sigma"] = "NA"
			continue
		}
		nt = 0; s = 0; mn = "NA"
		for (b = 1; b <= B; b++) { tb = tau(m, 0, b); if (tb == "NA") continue; tt[++nt] = tb; s += tb; if (mn == "NA" || tb < mn) mn = tb }
		isort(tt, nt)
		w[m, "all", "all", "tau_mean"] = nt ? s / nt : "NA"; w[m, "all", "all", "tau_min"] = mn; w[m, "all", "all", "tau_q025"] = nt ? q7(tt, nt, 0.025) : "NA"
		d2 = 0; n2 = 0
		for (a = 1; a <= B; a++) for (b = a + 1; b <= B; b++) { tb = tau(m, a, b); if (tb == "NA") continue; d2 += (1 - tb) ^ 2; n2++ }
		w[m, "all", "all", "rank_sigma"] = n2 ? sqrt(0.5 * d2 / n2) : "NA"
	}
	for (key in w) expected++ }
NR > 1 { key = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4; rows++
	if (!(key in w)) { bad++; print "unexpected", $0 > "/dev/stderr"; next }
	if (!near($5, w[key], 1e-9)) { bad++; if (bad < 5) print "diff", $0, w[key] > "/dev/stderr" } }
END { print rows + 0, bad + 0, expected + 0 }
AWK
awk -F'\t' -v dump="$T/img" -f "$T/lib.awk" -f "$T/rel.awk" "$T/rel" > "$T/rc"
set -- $(cat "$T/rc")
if [ "$1" -eq "$3" ] && [ "$1" -eq $(( 7 * (14 + 8 * 2 + 13) )) ] && [ "$2" -eq 0 ]; then
	ok "--reliability: all $1 statistics equal the recomputation from --images (coverage by brute force, tau-b O(n^2))"
else
	nok "--reliability: $1 rows of $3 expected, $2 differ"
fi

# Both tables are byte-identical for -j 1 and -j 2.
"$CBEVAL" -b 30 -q --pairs -j 1 $R/qrels $R/runs/*.run >"$T/p1" 2>/dev/null
"$CBEVAL" -b 30 -q --pairs -j 2 $R/qrels $R/runs/*.run >"$T/p2" 2>/dev/null
"$CBEVAL" -b 30 --reliability -j 1 $R/qrels $R/runs/*.run >"$T/r1" 2>/dev/null
"$CBEVAL" -b 30 --reliability -j 3 $R/qrels $R/runs/*.run >"$T/r2" 2>/dev/null
if cmp -s "$T/p1" "$T/p2" && cmp -s "$T/r1" "$T/r2" && [ -s "$T/p1" ] && [ -s "$T/r1" ]; then
	ok "--pairs and --reliability byte-identical across -j"
else
	nok "--pairs or --reliability differ across -j"
fi
exit $fail
