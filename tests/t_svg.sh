#!/bin/sh
# tests/t_svg.sh - the figures of --svg:
#  - every figure kind is made on data/, with standard output the same
#    bytes as without --svg, and is well formed (build/xmlcheck, the small
#    parser of tests/xmlcheck.c) and valid XML to xmllint --noout (a SKIP
#    line when xmllint is not installed);
#  - known values: on a hand-made 3-run collection the evaluation draws
#    its three dots at the pixels of the axis mapping worked out here,
#    and on data/ the summary draws each run's root dot where the axis
#    mapping (recomputed in awk from the table) puts it;
#  - run names with & < > " ' are escaped, 120 runs give a wider figure
#    with rotated labels, NA values (-b 1 -q: every sd NA) give the
#    empty figure, the same input gives the same bytes;
#  - errors: an unwritable --svg FILE (status 2, nothing on stdout), --svg
#    with -F trec, with --images -, or as - (status 1);
#  - the committed figures man/fig/*.svg are what tests/figures.sh makes
#    now, byte for byte, and README.md shows each with its command;
#  - browser: when chromium is installed (and with the optimised build
#    only, it is slow), each figure is rendered headless to PNG (exit 0
#    and a PNG file), and loaded as an image into a canvas in an HTML page
#    (--dump-dom): the test fails when the image does not load or has no
#    pixel that is not white; a blank SVG of the same kind is checked to
#    give 0 such pixels, so the check can fail.
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
count_is 6 "bias: 3 bars for each of 2 collection pairs" "$T/bias.svg" '<rect .*fill="#' 'fill="#ffffff"'
count_is 20 "summary -q: one box per topic" "$T/summary_q.svg" '<rect .*fill="#c6dbef"'
for r in gen000 gen009; do
	grep -q ">$r</text>" "$T/summary.svg" && ok "summary: run name $r as text" ||
		nok "summary: run name $r as text"
done

# The summary's root dots where the axis mapping puts them: y axis over
# [min, max] of root, ci_lo, ci_hi widened to whole steps of 1, 2 or 5
# times a power of ten (about 5 ticks), plot y 40..260; x: category i of
# n centred in a plot from 70 to width - 30.
awk -F'\t' -v svg="$T/summary.svg" '
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["qid"] == "all" {
		n++; root[n] = $c["root"]
		for (k = 0; k < 3; k++) {
			v = $(c[k == 0 ? "root" : k == 1 ? "ci_lo" : "ci_hi"])
			if (n == 1 && k == 0 || v < lo) lo = v
			if (n == 1 && k == 0 || v > hi) hi = v
		}
	}
	END {
		span = (hi - lo) / 5; mag = 10 ^ int(log(span) / log(10) + (span < 1 ? -1 : 0))
		while (span / mag >= 10) mag *= 10
		while (span / mag < 1) mag /= 10
		f = span / mag; step = mag * (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10)
		a = int(lo / step + 1e-9); if (a * step > lo + 1e-12) a--; alo = a * step
		b = int(hi / step - 1e-9); if (b * step < hi - 1e-12) b++; ahi = b * step
		w = 100 + n * 48; if (w < 480) w = 480
		for (i = 1; i <= n; i++)
			printf "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"3.00\"\n",
				70 + (i - 0.5) * (w - 100) / n,
				260 + (root[i] - alo) / (ahi - alo) * (40 - 260)
	}' "$T/summary.out" > "$T/dots"
bad=0
while read -r line; do grep -qF "$line" "$T/summary.svg" || { bad=1; echo "#   missing: $line"; }; done < "$T/dots"
[ "$bad" -eq 0 ] && [ "$(wc -l < "$T/dots")" -eq 10 ] &&
	ok "summary: the 10 root dots at the pixels of the axis mapping" ||
	nok "summary: the 10 root dots at the pixels of the axis mapping"

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
w=$(sed -n 's/.*<svg [^>]*width="\([0-9]*\)".*/\1/p' "$T/many.svg")
[ "${w:-0}" -gt 1000 ] && grep -q 'rotate(-90' "$T/many.svg" &&
	ok "120 runs: wider figure ($w px), labels rotated" ||
	nok "120 runs: wider figure ($w px), labels rotated"
well_formed "$T/many.svg" "120 runs"
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

# The committed figures are up to date.
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
	sh tests/browser.sh "$T"/fig/*.svg "$T/many.svg" "$T/e.svg" || fail=1
fi
exit $fail
