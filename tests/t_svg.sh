#!/bin/sh
# tests/t_svg.sh - the figures of --svg:
#  - every figure kind is made on data/, with standard output the same
#    bytes as without --svg, and is well formed (build/xmlcheck, the small
#    parser of tests/xmlcheck.c, which also rejects shapes of negative
#    size and coordinates that are not finite numbers; hand-made SVGs
#    check that it does) and valid XML to xmllint --noout (a SKIP line
#    when xmllint is not installed);
#  - known values: on a hand-made 3-run collection the evaluation draws
#    its three dots at the pixels of the axis mapping worked out here,
#    best run first whatever the table order, and on data/ the summary
#    draws each run's root dot where the axis mapping (recomputed in awk
#    from the table, runs by root descending) puts it, hollow and red
#    where the root is outside ci_lo..ci_hi (-b 3 has one such run), with
#    the legend of the interval method;
#  - order and signs: the evaluation's and the partitions' runs in the
#    order of the table's value and effect, descending; zero lines at the
#    pixel of the tick 0 (partitions, bias, pairs); the bias bars signed
#    (negative biases of a collection against itself below the zero
#    line, each bar's height proportional to its value) under the y label
#    of a distance between rankings; the pairs' x axis symmetric around
#    0 and just covering the largest |diff|;
#  - every label: 59 runs (evaluation and summary) and 200 topics (-q
#    summary, reliability) give one label <text> per name, every name;
#  - run names with & < > " ' are escaped, 120 runs give a wider figure
#    with rotated labels, NA values (-b 1 -q: every sd NA) give the
#    empty figure, the same input gives the same bytes;
#  - errors: an unwritable --svg FILE (status 2, nothing on stdout), --svg
#    with -F trec, with --images -, or as - (status 1);
#  - the committed figures man/fig/*.svg are what tests/figures.sh makes
#    now, byte for byte, pass xmlcheck, and README.md shows each with its
#    command;
#  - browser: when chromium is installed (and with the optimised build
#    only, it is slow), each figure is rendered headless to PNG (exit 0
#    and a PNG file), and loaded as an image into a canvas in an HTML page
#    (--dump-dom): the test fails when the image does not load or has no
#    pixel that is not white, or when the inside of a box or bar (<rect
#    class="box">) is not painted in its fill; a blank SVG and boxes with
#    no fill or of negative height are checked to fail, so the checks can
#    fail (tests/browser.sh).
set -u
. "$(dirname "$0")/top.sh"
. tests/lib.sh
XC=$top/build/xmlcheck
[ -x "$XC" ] || { nok "build/xmlcheck built (make build/xmlcheck)"; exit 1; }
Q=data/qrels
R="data/runs/gen000.run data/runs/gen001.run data/runs/gen002.run data/runs/gen003.run data/runs/gen004.run data/runs/gen005.run data/runs/gen006.run data/runs/gen007.run data/runs/gen008.run data/runs/gen009.run"

# well_formed FILE WHAT: xmlcheck and xmllint.
well_formed() {
	if "$XC" "$1" 2> "$T/xc.err"; then ok "$2: well formed (xmlcheck)"
	else nok "$2: well formed (xmlcheck)"; sed 's/^/#   /' "$T/xc.err"; fi
	if command -v xmllint > /dev/null 2>&1; then
		if xmllint --noout "$1" 2> "$T/xl.err"; then ok "$2: xmllint --noout"
		else nok "$2: xmllint --noout"; sed 's/^/#   /' "$T/xl.err" | head -5; fi
	else
		ok "$2: xmllint --noout # SKIP xmllint not installed"
	fi
}

# kind NAME ARGS...: the figure NAME on data/ with ARGS, stdout compared
# with the same command without --svg.
kind() {
	n=$1; shift
	# shellcheck disable=SC2086
	"$CBEVAL" "$@" $Q $R > "$T/$n.plain" 2> "$T/$n.err1"
	# shellcheck disable=SC2086
	if "$CBEVAL" "$@" --svg "$T/$n.svg" $Q $R > "$T/$n.out" 2> "$T/$n.err" &&
	   cmp -s "$T/$n.plain" "$T/$n.out" && [ -s "$T/$n.svg" ]; then
		ok "$n: --svg writes a figure, stdout unchanged"
	else
		nok "$n: --svg writes a figure, stdout unchanged"
		sed 's/^/#   /' "$T/$n.err"
	fi
	well_formed "$T/$n.svg" "$n"
}
kind evaluation -m AP
kind evaluation_q -q -m AP
kind summary -b 30 -m AP
kind summary_q -b 30 -q -m AP
kind pairs -b 10 --pairs -m AP,P@10
kind pairs_q -b 10 --pairs -q -m AP
kind reliability -b 10 --reliability
kind sensitivity --sensitivity -t 50
kind partitions --partitions 3 --resamples 50 --randomizations 50 -m AP
kind meld -b 5 --meld rank --splits 2 -m AP
kind bias --bias --against pool:5 -t 50 -m AP
# 45 pairs x 500 images = 22500 dots > 20000: images 1, 3, 5, ... only
kind pairs_thin -b 500 --pairs -m AP

# Expected elements on data/: count_is N WHAT FILE PATTERN [EXCLUDE].
count_is() {
	c=$(grep -e "$4" "$3" | grep -vc -e "${5:-^\$}")
	[ "$c" -eq "$1" ] && ok "$2 ($1)" || nok "$2 ($1, got $c)"
}
count_is 495 "pairs: a dot per pair and image, 45 x 11" "$T/pairs.svg" '<circle' fill
count_is 11295 "pairs, 45 pairs x 500 images: every 2nd image, 45 x (250 + root)" "$T/pairs_thin.svg" '<circle' fill
count_is 7 "reliability: one curve per measure" "$T/reliability.svg" '<polyline'
count_is 12 "sensitivity: ASL and MR-PT curves of 6 measures" "$T/sensitivity.svg" '<polyline'
count_is 6 "meld: one CDF per meld factor" "$T/meld.svg" '<polyline'
count_is 6 "bias: 3 bars for each of 2 collection pairs" "$T/bias.svg" '<rect class="box"'
count_is 20 "summary -q: one box per topic" "$T/summary_q.svg" '<rect class="box" .*fill="#c6dbef"'
count_is 10 "summary: one rank box per run" "$T/summary.svg" '<rect class="box" .*fill="#c6dbef"'
for r in gen000 gen009; do
	grep -q ">$r</text>" "$T/summary.svg" && ok "summary: run name $r as text" ||
		nok "summary: run name $r as text"
done

# The summary's root dots where the axis mapping puts them: y axis over
# [min, max] of root, ci_lo, ci_hi widened to whole steps of 1, 2 or 5
# times a power of ten (about 5 ticks), plot y 40..260; x: category i of
# n centred in a plot from 70 to 70 + max(380, 48 n), the runs by root
# descending (ties in table order); a blue dot, or a hollow red one when
# the root is outside ci_lo..ci_hi.  root_dots TABLE SVG WHAT OUTSIDE.
root_dots() {
	awk -F'\t' '
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["qid"] == "all" {
		n++; root[n] = $c["root"]; out[n] = $c["root"] < $c["ci_lo"] || $c["root"] > $c["ci_hi"]
		for (k = 0; k < 3; k++) {
			v = $(c[k == 0 ? "root" : k == 1 ? "ci_lo" : "ci_hi"])
			if (n == 1 && k == 0 || v < lo) lo = v
			if (n == 1 && k == 0 || v > hi) hi = v
		}
	}
	END {
		for (i = 1; i <= n; i++) ord[i] = i
		for (i = 2; i <= n; i++)   # insertion sort: stable
			for (j = i; j > 1 && root[ord[j]] > root[ord[j - 1]]; j--) {
				x = ord[j]; ord[j] = ord[j - 1]; ord[j - 1] = x
			}
		span = (hi - lo) / 5; mag = 10 ^ int(log(span) / log(10) + (span < 1 ? -1 : 0))
		while (span / mag >= 10) mag *= 10
		while (span / mag < 1) mag /= 10
		f = span / mag; step = mag * (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10)
		a = int(lo / step + 1e-9); if (a * step > lo + 1e-12) a--; alo = a * step
		b = int(hi / step - 1e-9); if (b * step < hi - 1e-12) b++; ahi = b * step
		w = 100 + n * 48; if (w < 480) w = 480
		for (i = 1; i <= n; i++)
			printf "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"3.00\" fill=\"%s\n",
				70 + (i - 0.5) * (w - 100) / n,
				260 + (root[ord[i]] - alo) / (ahi - alo) * (40 - 260),
				out[ord[i]] ? "#ffffff\" stroke=\"#d62728\"" : "#1f77b4\"/>"
	}' "$1" > "$T/dots"
	bad=0
	while read -r line; do grep -qF "$line" "$2" || { bad=1; echo "#   missing: $line"; }; done < "$T/dots"
	nout=$(grep -c 'fill="#ffffff" stroke=' "$T/dots")
	[ "$bad" -eq 0 ] && [ "$(wc -l < "$T/dots")" -eq 10 ] && [ "$nout" -eq "$4" ] &&
		[ "$(grep -c '<circle .*fill="#ffffff" stroke="#d62728"' "$2")" -eq $((nout + (nout > 0))) ] &&
		ok "$3: the 10 root dots at the pixels of the axis mapping, best first, $4 hollow" ||
		nok "$3: the 10 root dots at the pixels of the axis mapping, best first, $4 hollow"
}
root_dots "$T/summary.out" "$T/summary.svg" "summary -b 30" 0
"$CBEVAL" -b 3 -m AP --svg "$T/summary3.svg" $Q $R > "$T/summary3.out"
root_dots "$T/summary3.out" "$T/summary3.svg" "summary -b 3" 1
grep -q '>root outside its interval (1 run)</text>' "$T/summary3.svg" &&
	! grep -q 'root outside' "$T/summary.svg" &&
	ok "summary: a legend entry for roots outside their interval, only when there are" ||
	nok "summary: a legend entry for roots outside their interval, only when there are"
grep -q '>95% percentile interval (ci_lo..ci_hi)</text>' "$T/summary.svg" &&
	ok "summary: the legend names the interval method" ||
	nok "summary: the legend names the interval method"
well_formed "$T/summary3.svg" "summary -b 3"

# labels FILE: the category labels of FILE, one a line, in order.
labels() {
	sed -n '/<g class="labels">/,/<\/g>/p' "$1" | sed -n 's/^<text [^>]*>\(.*\)<\/text>$/\1/p'
}
# The order of runs: the evaluation's by value of qid all, the
# partitions' by effect of the first split, descending.
tab=$(printf '\t')
awk -F'\t' 'NR > 1 && $2 == "all" { print $4 "\t" $1 }' "$T/evaluation.out" |
	sort -s -t"$tab" -k1,1gr | cut -f2 > "$T/want"
labels "$T/evaluation.svg" > "$T/got"
[ "$(wc -l < "$T/want")" -eq 10 ] && cmp -s "$T/want" "$T/got" &&
	ok "evaluation: runs by value of qid all, descending ($(tr '\n' ' ' < "$T/got"))" ||
	nok "evaluation: runs by value of qid all, descending ($(tr '\n' ' ' < "$T/got"))"
awk -F'\t' 'NR == 2 { s = $2 } NR > 1 && $2 == s && $4 == "all" && $5 == "effect" { print $6 "\t" $3 }' \
	"$T/partitions.out" | sort -s -t"$tab" -k1,1gr | cut -f2 > "$T/want"
labels "$T/partitions.svg" > "$T/got"
[ "$(wc -l < "$T/want")" -eq 10 ] && cmp -s "$T/want" "$T/got" &&
	ok "partitions: runs by effect of the first split, descending" ||
	nok "partitions: runs by effect of the first split, descending"

# zero_at FILE WHAT: a solid horizontal line across the plot at the
# pixel of the y tick 0 (whose label is at the line's y + 4).
zero_at() {
	y=$(sed -n 's/^<text x="64.00" y="\([0-9.]*\)" text-anchor="end">0\.*0*<\/text>$/\1/p' "$1")
	y0=$(awk -v y="${y:-0}" 'BEGIN { printf "%.2f", y - 4 }')
	if [ -n "$y" ] && grep -q "^<line x1=\"70.00\" y1=\"$y0\" x2=\"[0-9.]*\" y2=\"$y0\" stroke=\"#000000\" stroke-width=\"1.00\"/>" "$1"; then
		ok "$2: a zero line at the tick 0 (y $y0)"
	else
		nok "$2: a zero line at the tick 0 (y ${y0:-none})"
	fi
}
zero_at "$T/partitions.svg" partitions
zero_at "$T/bias.svg" bias

# Bias: a collection against itself has negative biases; the bars go
# from the zero line, down for them, their heights |value| x the pixels
# per unit of the axis (within rounding).
"$CBEVAL" --bias --against $Q -t 50 -m AP --svg "$T/bself.svg" $Q $R > "$T/bself.out"
zero_at "$T/bself.svg" "bias against itself"
y0=$(sed -n 's/^<text x="64.00" y="\([0-9.]*\)" text-anchor="end">0\.*0*<\/text>$/\1/p' "$T/bself.svg")
awk -F'\t' -v y0="$y0" '
	FNR == NR { if ($3 != "-" && ($4 == "bias" || $4 == "rmse")) v[++n] = $5
		    if ($3 == "-" && $4 == "sigma") sg[$2] = $5
		    if ($3 != "-" && $4 == "bias") col[n] = $2
		    next }
	/^<rect class="box"/ {
		match($0, / y="[-0-9.]*"/); y = substr($0, RSTART + 4, RLENGTH - 5) + 0
		match($0, /height="[-0-9.]*"/); h = substr($0, RSTART + 8, RLENGTH - 9) + 0
		b[++m] = y SUBSEP h
	}
	END {
		y0 -= 4; bad = 0; neg = 0
		# bars in groups of 3: bias, sigma, rmse; values in the same order
		for (g = 0; g < n / 2; g++) {
			val[3 * g + 1] = v[2 * g + 1]; val[3 * g + 2] = sg[col[2 * g + 1]]
			val[3 * g + 3] = v[2 * g + 2]
		}
		for (i = 1; i <= m; i++) {
			split(b[i], yh, SUBSEP); x = val[i]
			if (x < 0) { neg++; top = yh[1] } else top = yh[1] + yh[2]
			if (top - y0 > 0.011 || y0 - top > 0.011) bad++
			if (x != 0) { k = yh[2] / (x < 0 ? -x : x); if (!kk) kk = k
				      if (k / kk > 1.002 || kk / k > 1.002) bad++ }
		}
		print m, neg, bad
	}' "$T/bself.out" "$T/bself.svg" > "$T/bars"
read -r nb nneg nbad < "$T/bars"
[ "$nb" -eq 6 ] && [ "$nneg" -eq 2 ] && [ "$nbad" -eq 0 ] &&
	ok "bias against itself: 6 bars from the zero line, the 2 negative biases below it, heights proportional" ||
	nok "bias against itself: 6 bars from the zero line, the 2 negative biases below it, heights proportional ($nb $nneg $nbad)"
grep -q '>distance between rankings (1 - tau)</text>' "$T/bias.svg" &&
	! grep -q 'rotate(-90 24.00 [0-9.]*)">AP</text>' "$T/bias.svg" &&
	ok "bias: the y axis is labelled as a distance between rankings, not the measure" ||
	nok "bias: the y axis is labelled as a distance between rankings, not the measure"

# Pairs: the x ticks symmetric around 0, the largest |diff| of the
# figure's rows within the last step, a vertical zero line at the middle
# of the plot (x 330).  pairs_axis SVG PAIR-IMAGES WHAT.
pairs_axis() {
	sed -n 's/^<text x="[0-9.]*" y="396.00" text-anchor="middle">\([-0-9.]*\)<\/text>$/\1/p' "$1" > "$T/xt"
	lo=$(head -n 1 "$T/xt") hi=$(tail -n 1 "$T/xt")
	awk -F'\t' -v lo="$lo" -v hi="$hi" -v n="$(wc -l < "$T/xt")" '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["measure"] == "AP" && $c["qid"] == "all" { d = $c["diff"]; if (d < 0) d = -d; if (d > m) m = d }
		END { step = (hi - lo) / (n - 1); exit !(n >= 3 && lo + hi == 0 && m <= hi + 1e-12 && m > hi - step) }' "$2" &&
		grep -q '^<line x1="330.00" y1="40.00" x2="330.00" y2="380.00" stroke="#000000"' "$1" &&
		ok "$3: x axis $lo..$hi, symmetric, fitted to the largest |diff|, zero line" ||
		nok "$3: x axis $lo..$hi, symmetric, fitted to the largest |diff|, zero line"
}
"$CBEVAL" -b 10 --pairs -m AP,P@10 --pair-images "$T/pi.tsv" $Q $R > /dev/null
pairs_axis "$T/pairs.svg" "$T/pi.tsv" pairs
# gen006 - gen000 is about +0.59 in every image: all on one side of 0
"$CBEVAL" -b 20 --pairs -m AP --pair-images "$T/pi2.tsv" --svg "$T/pairs2.svg" \
	$Q data/runs/gen006.run data/runs/gen000.run > /dev/null
pairs_axis "$T/pairs2.svg" "$T/pi2.tsv" "pairs, differences of one sign"

# A hand-made collection: P@1 of runs A, B, C is 1, 0.5 and 0 (two
# topics; A finds the relevant document of both, B of topic 1 only, C of
# neither).  Axis 0..1 (step 0.2), plot y 40 (1) to 260 (0); width 480,
# plot x 70..450, categories at 70 + (i + 0.5) * 380 / 3.
printf '1 0 r1 1\n1 0 n1 0\n2 0 r2 1\n2 0 n2 0\n' > "$T/q3"
printf '1 Q0 r1 1 2 A\n2 Q0 r2 1 2 A\n' > "$T/a.run"
printf '1 Q0 r1 1 2 B\n2 Q0 n2 1 2 B\n' > "$T/b.run"
printf '1 Q0 n1 1 2 C\n2 Q0 n2 1 2 C\n' > "$T/c.run"
"$CBEVAL" -m P@1 --svg "$T/h.svg" "$T/q3" "$T/a.run" "$T/b.run" "$T/c.run" > "$T/h.out"
bad=0
for d in '133.33" cy="40.00' '260.00" cy="150.00' '386.67" cy="260.00'; do
	grep -qF "<circle cx=\"$d\" r=\"3.00\"" "$T/h.svg" || bad=1
done
[ "$bad" -eq 0 ] && [ "$(grep -c '<circle' "$T/h.svg")" -eq 3 ] &&
	ok "3 runs: exactly 3 dots, at (133.33, 40), (260, 150), (386.67, 260)" ||
	nok "3 runs: exactly 3 dots, at (133.33, 40), (260, 150), (386.67, 260)"
well_formed "$T/h.svg" "3 runs"

# all_labels SVG NAMES-FILE WHAT: one label <text> per name in the
# labels group, and each name among them.
all_labels() {
	labels "$1" | sort > "$T/got"
	sort "$2" > "$T/want"
	if [ "$(wc -l < "$T/got")" -eq "$(wc -l < "$T/want")" ] && cmp -s "$T/got" "$T/want"; then
		ok "$3: all $(wc -l < "$T/want") names as labels"
	else
		nok "$3: all $(wc -l < "$T/want") names as labels (got $(wc -l < "$T/got"))"
	fi
	well_formed "$1" "$3"
}
# Names that need escaping, one run, NA, many runs, determinism.
sed 's/ A$/ x\&y<z>"q'"'"'/' "$T/a.run" > "$T/e.run"
"$CBEVAL" -m P@1 --svg "$T/e.svg" "$T/q3" "$T/e.run" > /dev/null 2>&1
grep -qF '>x&amp;y&lt;z&gt;&quot;q&apos;</text>' "$T/e.svg" &&
	ok "run name with & < > \" ' escaped" || nok "run name with & < > \" ' escaped"
well_formed "$T/e.svg" "escaped names, one run"
"$CBEVAL" -b 1 -q -m AP --svg "$T/na.svg" $Q data/runs/gen000.run > /dev/null
grep -q 'no data rows' "$T/na.svg" && ok "NA sd (-b 1 -q): the empty figure" ||
	nok "NA sd (-b 1 -q): the empty figure"
well_formed "$T/na.svg" "NA values"
i=0
while [ $i -lt 120 ]; do
	sed "s/ [^ ]*\$/ run_with_a_long_name_$i/" data/runs/gen00$((i % 10)).run > "$T/m$i.run"
	i=$((i + 1))
done
"$CBEVAL" -b 3 -m AP --quiet --svg "$T/many.svg" $Q "$T"/m*.run > /dev/null
i=0
while [ $i -lt 120 ]; do echo "run_with_a_long_name_$i"; i=$((i + 1)); done > "$T/names120"
w=$(sed -n 's/.*<svg [^>]*width="\([0-9]*\)".*/\1/p' "$T/many.svg")
[ "${w:-0}" -gt 1000 ] && grep -q 'rotate(-90' "$T/many.svg" &&
	ok "120 runs: wider figure ($w px), labels rotated" ||
	nok "120 runs: wider figure ($w px), labels rotated"
all_labels "$T/many.svg" "$T/names120" "120 runs, summary"
# Every label: 59 runs (evaluation, summary) and 200 topics (-q summary,
# reliability).
i=0
: > "$T/names59"
while [ $i -lt 59 ]; do
	sed "s/ [^ ]*\$/ system_$i/" data/runs/gen00$((i % 10)).run > "$T/s$i.run"
	echo "system_$i" >> "$T/names59"
	i=$((i + 1))
done
"$CBEVAL" -m AP --svg "$T/e59.svg" $Q "$T"/s*.run > /dev/null
all_labels "$T/e59.svg" "$T/names59" "59 runs, evaluation"
"$CBEVAL" -b 3 -m AP --svg "$T/s59.svg" $Q "$T"/s*.run > /dev/null
all_labels "$T/s59.svg" "$T/names59" "59 runs, summary"
# 200 topics t001..t200 of 6 documents (d1, d2 relevant), 3 runs that
# rank them in rotated orders.
awk 'BEGIN { for (t = 1; t <= 200; t++) for (d = 1; d <= 6; d++)
	printf "t%03d 0 d%d %d\n", t, d, d <= 2 }' > "$T/q200"
awk 'BEGIN { for (t = 1; t <= 200; t++) printf "t%03d\n", t }' > "$T/names200"
for r in 1 2 3; do
	awk -v r=$r 'BEGIN { for (t = 1; t <= 200; t++) for (k = 1; k <= 6; k++)
		printf "t%03d Q0 d%d %d %d run%d\n", t, (k - 1 + t * r) % 6 + 1, k, 10 - k, r }' > "$T/t200_$r.run"
done
"$CBEVAL" -b 3 -q -m AP --svg "$T/t200.svg" "$T/q200" "$T"/t200_*.run > /dev/null
all_labels "$T/t200.svg" "$T/names200" "200 topics, summary -q"
count_is 200 "200 topics, summary -q: a box per topic" "$T/t200.svg" '<rect class="box"'
"$CBEVAL" -b 3 --reliability -m AP --svg "$T/r200.svg" "$T/q200" "$T"/t200_*.run > /dev/null
all_labels "$T/r200.svg" "$T/names200" "200 topics, reliability"

"$CBEVAL" -b 30 -m AP -j 1 --svg "$T/again.svg" $Q $R > /dev/null
cmp -s "$T/again.svg" "$T/summary.svg" && ok "same input, same bytes (-j 1 and all CPUs)" ||
	nok "same input, same bytes (-j 1 and all CPUs)"

# Errors.
"$CBEVAL" -m AP --svg "$T/no/such/dir.svg" $Q $R > "$T/o" 2> "$T/e"; rc=$?
[ $rc -eq 2 ] && [ ! -s "$T/o" ] &&
	grep -q "^cbeval: $T/no/such/dir.svg: cannot open for writing: " "$T/e" &&
	ok "unwritable --svg FILE: status 2, message, nothing on stdout" ||
	nok "unwritable --svg FILE: status 2, message, nothing on stdout ($rc)"
for a in "-F trec" "-b 2 --images -" "--svg=-"; do
	# shellcheck disable=SC2086
	"$CBEVAL" $a --svg "$T/x.svg" $Q $R > "$T/o" 2> "$T/e"; rc=$?
	[ $rc -eq 1 ] && [ ! -s "$T/o" ] && grep -q '^cbeval: option --svg' "$T/e" &&
		ok "--svg with $a: usage error" || nok "--svg with $a: usage error ($rc)"
done

# The shape checks of xmlcheck fail on hand-made SVGs: a rect of
# negative height, a circle of negative radius, a NaN coordinate, a
# negative stroke width; a rect of zero size passes.
svg_head='<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">'
for bad in '<rect x="1" y="8" width="4" height="-3.00" fill="#c6dbef" stroke="#000000"/>:<rect height="-3.00">: a negative size' \
	   '<circle cx="1" cy="1" r="-2"/>:<circle r="-2">: a negative size' \
	   '<circle cx="nan" cy="1" r="2"/>:<circle cx="nan">: not a finite number' \
	   '<line x1="0" y1="0" x2="1" y2="1" stroke-width="-1"/>:<line stroke-width="-1">: a negative size' \
	   '<polyline points="0,0 1,-nan"/>:points: not pairs of finite numbers'; do
	printf '%s%s</svg>\n' "$svg_head" "${bad%%:*}" > "$T/bad.svg"
	if "$XC" "$T/bad.svg" 2> "$T/xc.err"; then
		nok "xmlcheck rejects ${bad%%:*}"
	elif grep -qF "bad.svg:1: ${bad#*:}" "$T/xc.err"; then
		ok "xmlcheck rejects ${bad%%:*}"
	else
		nok "xmlcheck rejects ${bad%%:*} ($(cat "$T/xc.err"))"
	fi
done
printf '%s<rect x="1" y="1" width="0.00" height="0" fill="#000000"/></svg>\n' "$svg_head" > "$T/zero.svg"
"$XC" "$T/zero.svg" && ok "xmlcheck accepts a rect of zero size" ||
	nok "xmlcheck accepts a rect of zero size"

# The committed figures are up to date, and pass xmlcheck (no negative
# size).
for f in man/fig/*.svg; do
	"$XC" "$f" 2> "$T/xc.err" && ok "$f: well formed, no negative size (xmlcheck)" ||
		{ nok "$f: well formed, no negative size (xmlcheck)"; sed 's/^/#   /' "$T/xc.err"; }
done
CBEVAL=$CBEVAL sh tests/figures.sh check "$T/fig" || nok "tests/figures.sh runs"
for f in man/fig/*.svg; do
	n=$(basename "$f")
	cmp -s "$f" "$T/fig/$n" && ok "$f is what tests/figures.sh makes" ||
		nok "$f is what tests/figures.sh makes (make figures)"
done
[ "$(ls man/fig/*.svg | wc -l)" -eq "$(ls "$T"/fig/*.svg | wc -l)" ] &&
	ok "every figure of tests/figures.sh is committed" ||
	nok "every figure of tests/figures.sh is committed"

# README.md shows each committed figure, with the command that makes it.
sed -n "/<<'LIST'/,/^LIST\$/p" tests/figures.sh | sed '1d;$d' > "$T/list"
while read -r name opts; do
	if grep -qF "./cbeval $opts --svg $name.svg data/qrels data/runs/* > $name.tsv" README.md &&
	   grep -qF "](man/fig/$name.svg)" README.md; then
		ok "README.md shows man/fig/$name.svg and the command that makes it"
	else
		nok "README.md shows man/fig/$name.svg and the command that makes it"
	fi
done < "$T/list"

# Browser.
if ! command -v chromium > /dev/null 2>&1; then
	ok "figures render in chromium # SKIP chromium not installed"
elif [ "${CBEVAL_FLAVOUR:-rel}" != rel ]; then
	ok "figures render in chromium # SKIP run with the optimised build only"
else
	sh tests/browser.sh "$T"/fig/*.svg "$T/many.svg" "$T/e.svg" "$T/summary3.svg" \
		"$T/bself.svg" "$T/s59.svg" "$T/t200.svg" || fail=1
fi
exit $fail
