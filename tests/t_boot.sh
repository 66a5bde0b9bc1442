#!/bin/sh
# t_boot.sh - the corpus bootstrap seen from the command line, on the
# synth_small fixture (tests/ref/synth_small, copied from shared reference
# material):
#  - every per-image value equals an independent slow implementation's
#    (expected.images.b10.seed1.tsv) to 1e-12, images 0..10;
#  - output is byte-identical for -j 1 and -j 2 (summaries and --images),
#    and with the C library's huge pages (GLIBC_TUNABLES, cbeval(1));
#  - image b is the same whether B = b or B = 200;
#  - another seed gives other images;
#  - the summaries equal a slow recomputation in awk from the --images dump
#    (mean, sd, type-7 quantiles, competition ranks and their quantiles);
#  - the "all" values of the counts (num_ret, ...) are sums over topics in
#    every image, and --pairs compares those sums;
#  - the "all" values of GM(M) are geometric means over topics in every
#    image, --pairs compares those, and the root is plain evaluation's.
set -u
. tests/lib.sh
R=tests/ref/synth_small

"$CBEVAL" -b 10 --images "$T/img10" $R/qrels $R/runs/*.run >/dev/null 2>"$T/err" || nok "-b 10 --images failed: $(cat "$T/err")"
res=$(awk -F'\t' 'NR==FNR { if (FNR > 1) e[$1 SUBSEP $2 SUBSEP $3 SUBSEP $4] = $5; next }
	FNR > 1 && $2 != "all" { k = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4; n++
		if (!(k in e)) { miss++; next }
		d = e[k] - $5; if (d < 0) d = -d; if (d > w) w = d; if (d > 1e-12) bad++; seen[k] = 1 }
	END { for (k in e) if (!(k in seen)) miss++; printf "%d %d %d %g\n", n, bad + 0, miss + 0, w + 0 }' \
	$R/expected.images.b10.seed1.tsv "$T/img10")
set -- $res
# ours: 8 runs x 13 topics x 7 measures x 11 images; the reference lacks
# the 1144 RBP residual rows, and has 6864 rows, all of which must match.
if [ "$1" -eq 8008 ] && [ "$2" -eq 0 ] && [ "$3" -eq 1144 ]; then
	ok "images 0..10 equal the independent reference: $(( $1 - $3 )) values, worst difference $4"
else
	# 1144 of ours are the RBP residual rows the reference does not have
	nok "images vs reference: $1 compared, $2 differ, $3 unmatched, worst $4"
fi

"$CBEVAL" -q -b 30 -j 1 --images "$T/i1" $R/qrels $R/runs/*.run >"$T/s1" 2>/dev/null
"$CBEVAL" -q -b 30 -j 2 --images "$T/i2" $R/qrels $R/runs/*.run >"$T/s2" 2>/dev/null
"$CBEVAL" -q -b 30 -j 7 --images "$T/i7" $R/qrels $R/runs/*.run >"$T/s7" 2>/dev/null
GLIBC_TUNABLES=glibc.malloc.hugetlb=1 "$CBEVAL" -q -b 30 -j 2 --images "$T/ih" $R/qrels $R/runs/*.run >"$T/sh" 2>/dev/null
if cmp -s "$T/s2" "$T/sh" && cmp -s "$T/i2" "$T/ih" && [ -s "$T/sh" ]; then
	ok "GLIBC_TUNABLES=glibc.malloc.hugetlb=1 changes no byte (-q -b 30 and --images)"
else
	nok "GLIBC_TUNABLES=glibc.malloc.hugetlb=1 changes the output"
fi
# Plain -b (no -q, no --images, nothing kept) scores all topics' images
# in one pool call, each chunk of images taking the topics in order
# (boot.c, img_all_task); -q scores them topic by topic with a barrier
# between topics.  The summary must be -q's "all" rows to the last digit
# (-p 17) for every -j, on a collection big enough for the workers to
# overlap.  (A wrong topic or chunk per task fails this every time; a
# chunk's topics summed out of order only when the host preempts a
# worker at the wrong moment.)
GEN=${GEN:-build/gen}
"$GEN" -r 40 -t 12 -d 1000 -s 5 -P 50 "$T/g" >/dev/null 2>&1 || nok "gen failed"
"$CBEVAL" -p 17 -q -b 100 -j 2 "$T/g/qrels" "$T/g"/runs/*.run 2>/dev/null |
	awk -F'\t' 'NR == 1 || $2 == "all"' > "$T/ga"
bad=""
for j in 1 2 3 7; do
	"$CBEVAL" -p 17 -b 100 -j $j "$T/g/qrels" "$T/g"/runs/*.run > "$T/g$j" 2>/dev/null
	cmp -s "$T/ga" "$T/g$j" || bad="$bad -j $j"
done
if [ -z "$bad" ] && [ "$(wc -l < "$T/ga")" -gt 200 ]; then
	ok "plain -b 100 (all topics in one call) equals -q's topic-by-topic \"all\" rows to 17 decimals, -j 1, 2, 3 and 7 (threads capped at the online CPUs)"
else
	nok "plain -b 100 differs from -q's \"all\" rows:$bad ($(wc -l < "$T/ga") rows)"
fi

if cmp -s "$T/s1" "$T/s2" && cmp -s "$T/i1" "$T/i2" && cmp -s "$T/s1" "$T/s7" && cmp -s "$T/i1" "$T/i7" && [ -s "$T/s1" ]; then
	ok "summaries and images byte-identical for -j 1, -j 2 and -j 7"
else
	nok "output differs between thread counts"
fi

"$CBEVAL" -b 3 --images "$T/b3" $R/qrels $R/runs/*.run >/dev/null 2>&1
"$CBEVAL" -b 200 -m AP,P@10 --images "$T/b200" $R/qrels $R/runs/sys00[0-3].run >/dev/null 2>&1
n=$(awk -F'\t' 'NR==FNR { if (FNR > 1 && $4 <= 3 && ($3 == "AP" || $3 == "P@10") && $2 != "all" && $1 <= "sys003") a[$1 SUBSEP $2 SUBSEP $3 SUBSEP $4] = $5; next }
	FNR > 1 && $4 <= 3 && $2 != "all" { k = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4; if (k in a) { n++; if (a[k] != $5) bad++ } }
	END { print n + 0, bad + 0 }' "$T/b3" "$T/b200")
set -- $n
if [ "$1" -eq 416 ] && [ "$2" -eq 0 ]; then
	ok "images 0..3 identical with B = 3 and B = 200, other measures and runs loaded ($1 values)"
else
	nok "image depends on B or on the runs loaded: $1 compared, $2 differ"
fi

"$CBEVAL" -b 3 --seed 2 --images "$T/seed2" $R/qrels $R/runs/*.run >/dev/null 2>&1
n=$(awk -F'\t' 'NR==FNR { a[$1 SUBSEP $2 SUBSEP $3 SUBSEP $4] = $5; next }
	FNR > 1 { k = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4; if ($4 == 0) { z++; if (a[k] != $5) zbad++ } else { n++; if (a[k] != $5) diff++ } }
	END { print z + 0, zbad + 0, n + 0, diff + 0 }' "$T/b3" "$T/seed2")
set -- $n
if [ "$2" -eq 0 ] && [ "$4" -gt $(( $3 / 2 )) ]; then
	ok "seed 2 keeps the root ($1 values) and changes images ($4 of $3 values differ)"
else
	nok "seed: root differs in $2 of $1, images differ in $4 of $3"
fi

# Slow recomputation of every summary from the --images dump.
"$CBEVAL" -q -b 40 -p 12 --images "$T/i40" $R/qrels $R/runs/*.run >"$T/s40" 2>/dev/null
awk -F'\t' '
function q7(a, n, p,   h, lo) { h = (n - 1) * p; lo = int(h); if (lo >= n - 1) return a[n]; return a[lo + 1] + (h - lo) * (a[lo + 2] - a[lo + 1]) }
function isort(a, n,   i, j, v) { for (i = 2; i <= n; i++) { v = a[i]; for (j = i - 1; j >= 1 && a[j] > v; j--) a[j + 1] = a[j]; a[j + 1] = v } }
NR == FNR { if (FNR == 1) next
	cell = $1 SUBSEP $2 SUBSEP $3; v[cell, $4] = $5; cells[cell] = 1; B = ($4 > B ? $4 : B)
	g = $2 SUBSEP $3 SUBSEP $4; grp[g] = grp[g] SUBSEP $1; next }
FNR == 1 { # ranks: 1 + number of runs with a strictly greater value
	for (g in grp) { split(g, p, SUBSEP); m = split(substr(grp[g], 2), rs, SUBSEP)
		for (i = 1; i <= m; i++) { c = 0; for (j = 1; j <= m; j++) if (v[rs[j], p[1], p[2], p[3]] > v[rs[i], p[1], p[2], p[3]]) c++
			rk[rs[i], p[1], p[2], p[3]] = c + 1 } }
	next }
{ cell = $1 SUBSEP $2 SUBSEP $3; n = 0; s = 0
	for (b = 1; b <= B; b++) { n++; x[n] = v[cell, b]; s += x[n]; y[n] = rk[cell, b] }
	mean = s / n; ss = 0; for (i = 1; i <= n; i++) ss += (x[i] - mean) ^ 2; sd = sqrt(ss / (n - 1))
	isort(x, n); isort(y, n)
	want[4] = v[cell, 0]; want[5] = mean; want[6] = mean - v[cell, 0]; want[7] = sd
	want[8] = q7(x, n, 0.025); want[9] = q7(x, n, 0.25)
	want[10] = q7(x, n, 0.5); want[11] = q7(x, n, 0.75); want[12] = q7(x, n, 0.975)
	want[13] = rk[cell, 0]; want[14] = y[1]; want[15] = q7(y, n, 0.25); want[16] = q7(y, n, 0.5)
	want[17] = q7(y, n, 0.75); want[18] = y[n]
	rows++
	# a residual is not a score: its rank columns are NA
	if ($3 ~ /\.residual$/) { for (c = 13; c <= 18; c++) if ($c != "NA") { bad++; if (bad < 4) print "not NA", $1, $2, $3, c, $c > "/dev/stderr" }; last = 12 } else last = 18
	for (c = 4; c <= last; c++) { d = want[c] - $c; if (d < 0) d = -d; if (d > 1e-9) { bad++; if (bad < 4) print "diff", $1, $2, $3, c, want[c], $c > "/dev/stderr" } }
}
END { print rows + 0, bad + 0 }' "$T/i40" "$T/s40" > "$T/cmp"
set -- $(cat "$T/cmp")
if [ "$1" -eq 784 ] && [ "$2" -eq 0 ]; then
	ok "all $1 summary rows (15 statistics each, the 6 rank columns NA for the RBP residual) equal a slow recomputation from --images"
else
	nok "summary recomputation: $1 rows, $2 values differ"
fi

# Plain evaluation and the bootstrap root agree.
"$CBEVAL" -q -p 12 $R/qrels $R/runs/*.run > "$T/plain" 2>/dev/null
n=$(awk -F'\t' 'NR == FNR { if (FNR > 1) a[$1 SUBSEP $2 SUBSEP $3] = $4; next } FNR > 1 { n++; if (a[$1 SUBSEP $2 SUBSEP $3] != $4) bad++ } END { print n + 0, bad + 0 }' "$T/plain" "$T/s40")
set -- $n
if [ "$1" -eq 784 ] && [ "$2" -eq 0 ]; then ok "bootstrap root column equals plain evaluation ($1 rows)"; else nok "root vs plain: $1 rows, $2 differ"; fi

# Counts: in every image the "all" value of num_ret, num_rel and
# num_rel_ret is the sum over topics, of bpref the mean; --pairs' system
# rows take the differences of those values.
"$CBEVAL" -b 5 -p 12 -m num_ret,num_rel,num_rel_ret,bpref --images "$T/cnt" $R/qrels $R/runs/*.run > /dev/null 2>&1
"$CBEVAL" -b 5 -p 12 --pairs -m num_ret,num_rel,num_rel_ret,bpref $R/qrels $R/runs/*.run > "$T/cntp" 2>/dev/null
set -- $(awk -F'\t' '
NR == FNR { if (FNR == 1) next
	k = $1 SUBSEP $3 SUBSEP $4
	if ($2 == "all") { all[k] = $5; next }
	s[k] += $5; nt[k]++; next }
FNR == 1 { for (k in all) { split(k, p, SUBSEP)
		want = p[2] ~ /^num_/ ? s[k] : s[k] / nt[k]
		d = all[k] - want; if (d < 0) d = -d; n++
		if (d > 1e-12 * (1 + want)) bad++
		if (p[2] ~ /^num_/ && all[k] > 20) big++ }
	next }
{ k0 = $1 SUBSEP $3; k1 = $2 SUBSEP $3; root = all[k0, 0] - all[k1, 0]; m = 0
	for (b = 1; b <= 5; b++) m += all[k0, b] - all[k1, b]
	m /= 5; np++
	if ($4 != "all" || (root - $5) ^ 2 > 1e-18 || (m - $6) ^ 2 > 1e-18) pbad++ }
END { print n + 0, bad + 0, big + 0, np + 0, pbad + 0 }' "$T/cnt" "$T/cntp")
if [ "$1" -eq 192 ] && [ "$2" -eq 0 ] && [ "$3" -gt 0 ] && [ "$4" -eq 112 ] && [ "$5" -eq 0 ]; then
	ok "all rows of images 0..5: counts are sums over topics, bpref a mean ($1 values); --pairs differences of them ($4 rows)"
else
	nok "count sums: $1 all values, $2 wrong, $3 above 20; --pairs: $4 rows, $5 wrong"
fi

# GM(M): in every image the "all" value is exp(mean ln(x + 0.00001)) -
# 0.00001 over the topic values (which are M's); --pairs' system rows
# take the differences of those values; the root is plain evaluation's.
gms='GM(AP),AP,GM(RBP(p=0.8)),GM(Q),GM(nCG@10),GM(num_ret)'
"$CBEVAL" -b 5 -p 12 -m "$gms" --images "$T/gm" $R/qrels $R/runs/*.run > /dev/null 2>&1
"$CBEVAL" -b 5 -p 12 --pairs -m "$gms" $R/qrels $R/runs/*.run > "$T/gmp" 2>/dev/null
"$CBEVAL" -p 12 -m "$gms" $R/qrels $R/runs/*.run > "$T/gm0" 2>/dev/null
set -- $(awk -F'\t' '
FILENAME == ARGV[1] { if (FNR == 1) next
	k = $1 SUBSEP $3 SUBSEP $4
	if ($2 == "all") { all[k] = $5; next }
	nt[k]++; if ($3 ~ /^GM\(/) s[k] += log($5 + 0.00001); else s[k] += $5
	# GM(AP) comes before AP: their topic values must be equal
	if ($3 == "GM(AP)") pt[$1 SUBSEP $2 SUBSEP $4] = $5
	if ($3 == "AP" && pt[$1 SUBSEP $2 SUBSEP $4] != $5) same_bad++
	next }
FILENAME == ARGV[2] { if (FNR == 1) next
	k0 = $1 SUBSEP $3; k1 = $2 SUBSEP $3; root = all[k0, 0] - all[k1, 0]; m = 0
	for (b = 1; b <= 5; b++) m += all[k0, b] - all[k1, b]
	m /= 5; np++
	if ($4 != "all" || (root - $5) ^ 2 > 1e-18 || (m - $6) ^ 2 > 1e-18) pbad++
	next }
FNR == 1 { for (k in all) { split(k, p, SUBSEP)
		want = p[2] ~ /^GM\(/ ? exp(s[k] / nt[k]) - 0.00001 : s[k] / nt[k]
		d = all[k] - want; if (d < 0) d = -d; n++
		if (d > 1e-12 * (1 + want)) { bad++; if (bad < 4) print "diff", k, all[k], want > "/dev/stderr" }}
	next }
{ k = $1 SUBSEP $3 SUBSEP 0; r++; if ((all[k] - $4) ^ 2 > 1e-22) rbad++ }
END { print n + 0, bad + 0, np + 0, pbad + 0, r + 0, rbad + 0, same_bad + 0 }' "$T/gm" "$T/gmp" "$T/gm0")
if [ "$1" -eq 288 ] && [ "$2" -eq 0 ] && [ "$3" -eq 168 ] && [ "$4" -eq 0 ] && [ "$5" -eq 48 ] && [ "$6" -eq 0 ] && [ "$7" -eq 0 ]; then
	ok "GM(M): all rows of images 0..5 are geometric means over topics ($1 values); --pairs differences of them ($3 rows); root = plain evaluation ($5 rows)"
else
	nok "GM: $1 all values, $2 wrong; --pairs: $3 rows, $4 wrong; plain: $5 rows, $6 differ; GM(AP) topic values not AP's: $7"
fi

# -b 1: sd is NA, the rest defined.
"$CBEVAL" -b 1 -m AP $R/qrels $R/runs/sys000.run > "$T/b1" 2>/dev/null
if awk -F'\t' 'NR == 2 && $7 == "NA" && $5 == $8 && $5 == $12 { f = 1 } END { exit !f }' "$T/b1"; then
	ok "-b 1: sd is NA, mean = ci_lo = ci_hi"
else
	nok "-b 1 row: $(sed -n 2p "$T/b1")"
fi

# --images - puts the images table alone on stdout.
"$CBEVAL" -b 2 -m RR --images - $R/qrels $R/runs/sys000.run > "$T/imgout" 2>/dev/null
if [ "$(head -1 "$T/imgout")" = "$(printf 'run\tqid\tmeasure\timage\tvalue')" ] && [ "$(wc -l < "$T/imgout")" -eq $(( 1 + 14 * 3 )) ]; then
	ok "--images - writes only the images table to stdout"
else
	nok "--images -: $(head -3 "$T/imgout")"
fi
# Progress: never when stderr is not a terminal; shown on a terminal when
# the work lasts more than a second (data/ has no warnings to mix in;
# B = 12000 takes about 3 s on one thread, where 4000 came to take less
# than the second).
"$CBEVAL" -b 300 data/qrels data/runs/*.run >/dev/null 2>"$T/progress"
if [ ! -s "$T/progress" ]; then ok "no progress output when stderr is not a terminal"; else nok "stderr not empty: $(head -c 200 "$T/progress")"; fi
if [ "${CBEVAL_FLAVOUR:-rel}" != rel ]; then
	ok "progress line on a terminal # SKIP run with the optimised build only"
elif ! command -v script >/dev/null 2>&1; then
	ok "progress line on a terminal # SKIP script(1) not installed"
else
	script -qec "$CBEVAL -b 12000 -j 1 data/qrels data/runs/*.run >/dev/null" /dev/null > "$T/tty" 2>&1
	# images 1..B are counted (never the root: at most "12000 of 12000"),
	# and the line is cleared with exactly its widest width at the end
	tr '\r' '\n' < "$T/tty" > "$T/lines"
	last=$(grep 'images: ' "$T/lines" | tail -n 1)
	width=$(grep 'images: ' "$T/lines" | awk '{ if (length($0) > w) w = length($0) } END { print w }')
	if grep -q '^cbeval: images: [0-9]* of 12000, .*/s, .* s left *$' "$T/lines" &&
		! grep -q ' of 12001' "$T/lines" &&
		[ "$(echo "$last" | sed 's/^cbeval: images: \([0-9]*\) .*/\1/')" -le 12000 ] &&
		tail -c 2 "$T/tty" | od -c | grep -q '\\r' &&
		[ "$(tr '\r' '\n' < "$T/tty" | tail -n 2 | head -n 1 | tr -d '\n' | wc -c)" -eq "$width" ]; then
		ok "progress line on a terminal: images 1..B counted, cleared at the end"
	else
		nok "progress line on a terminal: $(head -c 300 "$T/tty" | tr '\r' '|')"
	fi
	# (B = 16000: the statistics of B = 4000 now take well under the
	# second after which the line appears)
	script -qec "$CBEVAL -b 16000 -j 1 --reliability -m AP,P@10,RR data/qrels data/runs/*.run >/dev/null" /dev/null > "$T/tty" 2>&1
	if tr '\r' '\n' < "$T/tty" | grep -q '^cbeval: reliability: [0-9]* of [0-9]*, .*/s, .* s left'; then
		ok "progress line during --reliability"
	else
		nok "no progress line during --reliability: $(tr '\r' '|' < "$T/tty" | tail -c 300)"
	fi
fi
exit $fail
