#!/bin/sh
# t_cmp.sh - cbeval --compare against the slow, independent reference
# build/ref_compare (tests/ref_compare.c), which reads cbeval's per-topic
# values (image 0 of an --images dump, printed with %.17g) and recomputes
# every cell the obvious way (shared spec compare.md).
#
# 1. The reference's self-test: the spec's test vectors.
# 2. Every cell (diff, effect, p, p_adj, sig) of cbeval -p 17 against the
#    reference: the same rows in the same order, n and sig exactly, other
#    numbers within 1e-9 relative (1e-15 absolute), on data/ and generated
#    collections with score ties, zero differences (a run file twice),
#    2 topics and 1 topic (NA); with a baseline and all; every test and
#    correction; mean, sum and geometric-mean measures; several seeds.
# 3. The markers of the report (-F markdown) against the reference's.
# 4. -j 1, 2, 3 byte-identical; --seed changes rand and boot only.
# 5. The Markdown is a pipe table; the LaTeX compiles with pdflatex
#    (skipped when pdflatex is not installed).
set -u
. tests/lib.sh
REF=${REF:-build/ref_compare}
GEN=${GEN:-build/gen}
D=data

if [ ! -x "$REF" ] || [ ! -x "$GEN" ]; then
	nok "$REF or $GEN is missing (make build/ref_compare build/gen)"
	exit $fail
fi

"$REF" --selftest > "$T/self" 2>&1 || fail=1
cat "$T/self"
grep -q '^not ok' "$T/self" && fail=1

# kinds MEASURE...: the reference's KIND:NAME of cbeval's names.
kinds() {
	for m in "$@"; do
		case $m in
		gm_map) echo "gmt:$m" ;;
		GM*) echo "gm:$m" ;;
		num_rel_ret|num_ret|num_rel) echo "sum:$m" ;;
		*) echo "mean:$m" ;;
		esac
	done
}

# mnames: the measures of the values, in order, but residuals.
mnames() {
	awk -F'\t' 'NR > 1 && !s[$3]++ && $3 !~ /residual/ { print $3 }' "$T/v"
}

# same A B WHAT: the same rows, n and sig exact, numbers within 1e-9.
same() {
	awk -F'\t' '
	function num(s) { return s ~ /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ }
	function abs(x) { return x < 0 ? -x : x }
	NR == FNR { a[FNR] = $0; na = FNR; next }
	{ b[FNR] = $0; nb = FNR }
	END {
		if (na != nb) { printf "#   %d rows, reference %d\n", na, nb; bad++ }
		for (i = 1; i <= na && i <= nb; i++) {
			nx = split(a[i], x, "\t"); split(b[i], y, "\t")
			for (c = 1; c <= nx; c++) {
				if (x[c] == y[c]) continue
				if (i > 1 && c >= 6 && c <= 9 && num(x[c]) && num(y[c])) {
					d = abs(x[c] - y[c]); m = abs(x[c]) > abs(y[c]) ? abs(x[c]) : abs(y[c])
					if (d <= 1e-9 * m || d <= 1e-15) continue
				}
				bad++; if (bad <= 5) printf "#   row %d col %d: cbeval %s, reference %s\n", i, c, x[c], y[c]
			}
			cells += nx
		}
		printf "%d %d\n", cells, bad + 0 }' "$1" "$2" > "$T/same.out"
	tail -n 1 "$T/same.out" > "$T/same.sum"
	read -r cells nbad < "$T/same.sum"
	if [ "$nbad" -eq 0 ] && [ "$cells" -gt 10 ]; then
		ok "$3: $cells cells equal the reference"
	else
		nok "$3: $nbad differences in $cells cells"
		sed '$d' "$T/same.out"
	fi
}

# check WHAT DIR BASE TESTS CORRECT SEED MEASURES: one comparison of the
# tables (R = 400, T = 150) and of the report's markers.
check() {
	what=$1 dir=$2 base=$3 tests=$4 corr=$5 seed=$6 ms=$7
	# shellcheck disable=SC2086
	"$CBEVAL" -b 1 --seed "$seed" --images "$T/v" -m "$ms" "$dir/qrels" "$dir"/runs/*.run > /dev/null 2>&1
	"$CBEVAL" --compare "$base" --test "$tests" --correct "$corr" --seed "$seed" \
		--randomizations 400 -t 150 -p 17 -m "$ms" "$dir/qrels" "$dir"/runs/*.run > "$T/a" 2> "$T/a.err"
	rb=$(basename "$base" .run)
	set -f
	# shellcheck disable=SC2046
	"$REF" "$rb" "$tests" "$corr" 0.05 400 150 "$seed" 17 \
		$(kinds $(mnames)) \
		< "$T/v" > "$T/b"
	set +f
	same "$T/a" "$T/b" "$what"
	"$CBEVAL" --compare "$base" --test "$tests" --correct "$corr" --seed "$seed" \
		--randomizations 400 -t 150 -F markdown -m "$ms" "$dir/qrels" "$dir"/runs/*.run 2> /dev/null |
		awk -F' [|] ' '/^\| / && !/^\| :---/ && NR > 2 {
			n = split($0, c, " [|] "); run = c[1]; sub(/^\| /, "", run)
			if (run ~ /^[a-z]+$/ && n > 2) { run = c[2]; first = 3 } else first = 2
			sub(/ \(baseline\)$/, "", run)
			for (i = first; i <= n; i++) {
				s = c[i]; m = ""
				if (match(s, /<sup>[^<]*<\/sup>/)) m = substr(s, RSTART + 5, RLENGTH - 11)
				print run "\t" (i - first) "\t" m
			} }' > "$T/ma"
	set -f
	# shellcheck disable=SC2046
	"$REF" --marks "$rb" "$tests" "$corr" 0.05 400 150 "$seed" 17 \
		$(kinds $(mnames)) < "$T/v" |
		awk -F'\t' '{ if ($1 != prev) k = 0; prev = $1; print $1 "\t" k++ "\t" $3 }' > "$T/mb"
	set +f
	if cmp -s "$T/ma" "$T/mb" && [ -s "$T/ma" ]; then
		ok "$what: the report's markers ($(grep -c . "$T/ma") cells) equal the reference's"
	else
		nok "$what: the report's markers differ from the reference's"
		diff "$T/ma" "$T/mb" | head -5 | sed 's/^/#   /'
	fi
}

# ---- 2 and 3: the tables and the markers ---------------------------------

check "data/, baseline gen003, every test, bh" "$D" gen003 t,wilcoxon,rand,boot bh 1 P@10,map,gm_map,ndcg,num_rel_ret
check "data/, all, holm" "$D" all rand,t,wilcoxon holm 7 "P@10,map,GM(ap)"
check "data/, baseline by file name, bonferroni" "$D" "$D/runs/gen005.run" boot,t bonferroni 3 P@5,recip_rank
check "data/, all, none" "$D" all wilcoxon,boot none 2 P@5,map

G=$T/g
mkdir -p "$G"
"$GEN" -r 5 -t 12 -d 30 -s 4 -P 10 "$G/ties" > /dev/null 2>&1
cp "$G/ties/runs/gen001.run" "$G/ties/runs/gen005.run"
sed 's/gen001/gen005/' "$G/ties/runs/gen001.run" > "$G/ties/runs/gen005.run"
check "ties and zero differences (gen005 = gen001), all, holm" "$G/ties" all t,wilcoxon,rand,boot holm 5 P@5,P@10,map,num_rel_ret
check "ties, baseline gen001, bh" "$G/ties" gen001 wilcoxon,rand,t,boot bh 9 P@5,Rprec,ndcg
"$GEN" -r 4 -t 2 -d 20 -s 6 -P 10 "$G/two" > /dev/null 2>&1
check "2 topics, all" "$G/two" all t,wilcoxon,rand,boot holm 1 P@10,map
"$GEN" -r 3 -t 1 -d 20 -s 8 -P 10 "$G/one" > /dev/null 2>&1
check "1 topic (NA but rand), all" "$G/one" all t,wilcoxon,rand,boot holm 1 P@10,map
"$GEN" -r 30 -t 6 -d 20 -s 11 -P 10 "$G/many" > /dev/null 2>&1
check "30 runs (two-letter labels), all, bh" "$G/many" all rand,t bh 1 P@5,map

# ---- 4: threads and seeds -------------------------------------------------

args="--compare all --test t,wilcoxon,rand,boot --randomizations 300 -t 100 -m P@10,map $D/qrels"
# shellcheck disable=SC2086
"$CBEVAL" -j 1 $args $D/runs/*.run > "$T/j1"
# shellcheck disable=SC2086
"$CBEVAL" -j 2 $args $D/runs/*.run > "$T/j2"
# shellcheck disable=SC2086
"$CBEVAL" -j 3 $args $D/runs/*.run > "$T/j3"
if cmp -s "$T/j1" "$T/j2" && cmp -s "$T/j1" "$T/j3" && [ -s "$T/j1" ]; then
	ok "-j 1, 2 and 3 print the same bytes"
else
	nok "-j changes the --compare table"
fi
# shellcheck disable=SC2086
"$CBEVAL" -j 2 --seed 2 $args $D/runs/*.run > "$T/s2"
ch=$(paste "$T/j1" "$T/s2" | awk -F'\t' 'NR > 1 { if ($8 != $18) d[$4]++ } END { printf "%d %d %d %d", d["t"], d["wilcoxon"], d["rand"], d["boot"] }')
case $ch in
"0 0 "[1-9]*" "[1-9]*) ok "--seed changes rand and boot only (t wilcoxon rand boot: $ch p-values changed)" ;;
*) nok "--seed: p-values changed per test (t wilcoxon rand boot): $ch" ;;
esac

# ---- 5: the report formats --------------------------------------------------

"$CBEVAL" --compare gen000 -b 20 -m P@10,map,ndcg -F markdown $D/qrels $D/runs/*.run > "$T/md" 2>/dev/null
if awk '
	function cells(s) { gsub(/\\\|/, "", s); return gsub(/\|/, "|", s) }
	NR == 1 { n = cells($0); if ($0 !~ /^\| .* \|$/) bad++ }
	NR == 2 { if ($0 !~ /^\|( :?---+:? \|)+$/ || cells($0) != n) bad++ }
	NR > 2 && /^\|/ { rows++; if (cells($0) != n || $0 !~ /\|$/) bad++ }
	/^$/ { blank = NR }
	END { exit !(bad == 0 && rows == 10 && blank > 2) }' "$T/md"; then
	ok "-F markdown: a pipe table (header, alignment row, 10 rows of as many cells) and a legend"
else
	nok "-F markdown is not a pipe table"
	sed 's/^/#   /' "$T/md"
fi
if grep -q '^| gen000 (baseline) | ' "$T/md" && grep -q '\*\*[0-9.]*\*\*' "$T/md" &&
   grep -q '\[[0-9.]*, [0-9.]*\]' "$T/md"; then
	ok "-F markdown: baseline row, bold best, -b intervals"
else
	nok "-F markdown: baseline row, bold or intervals missing"
fi
"$CBEVAL" --compare all -b 20 -m P@10,map -F latex $D/qrels $D/runs/*.run > "$T/tab.tex" 2>/dev/null
# a run named with every character LaTeX and Markdown treat specially
sed 's/gen000$/a_b\&c%d#e{f}~g^h\\i|j*k<l>[m]`n$o/' "$D/runs/gen000.run" > "$T/odd.run"
"$CBEVAL" --compare all -m P@10 -F latex $D/qrels "$T/odd.run" $D/runs/gen001.run > "$T/odd.tex" 2>/dev/null
"$CBEVAL" --compare all -m P@10 -F markdown $D/qrels "$T/odd.run" $D/runs/gen001.run > "$T/odd.md" 2>/dev/null
if grep -qF '| a | a\_b&c%d#e{f}~g^h\\i\|j\*k\<l\>\[m\]\`n$o | ' "$T/odd.md"; then
	ok "-F markdown: a run name's special characters are escaped"
else
	nok "-F markdown: a run name's special characters are not escaped"
	sed 's/^/#   /' "$T/odd.md"
fi
if command -v pdflatex > /dev/null 2>&1; then
	for tex in tab odd; do
		printf '%s\n' '\documentclass{article}' '\usepackage{booktabs}' '\begin{document}' \
			"\\input{$tex.tex}" '\end{document}' > "$T/doc.tex"
		rm -f "$T/doc.pdf"
		if (cd "$T" && pdflatex -interaction=nonstopmode -halt-on-error doc.tex > latex.log 2>&1) &&
		   [ -s "$T/doc.pdf" ]; then
			ok "-F latex: the table ($tex) compiles with pdflatex and booktabs"
		else
			nok "-F latex: pdflatex fails on the table ($tex)"
			tail -n 20 "$T/latex.log" | sed 's/^/#   /'
		fi
	done
	if command -v pdftotext > /dev/null 2>&1; then
		if pdftotext "$T/doc.pdf" - 2>/dev/null | grep -qF 'a_b&c%d#e{f}~g^h\i|j*k<l>[m]`n$o'; then
			ok "-F latex: the odd run name prints as itself"
		else
			nok "-F latex: the odd run name does not print as itself"
			pdftotext "$T/doc.pdf" - 2>/dev/null | head -5 | sed 's/^/#   /'
		fi
	fi
else
	ok "-F latex: the table compiles # SKIP pdflatex is not installed"
fi
if grep -q '^\\begin{tabular}{llrr}$' "$T/tab.tex" && grep -q '^\\toprule$' "$T/tab.tex" &&
   grep -q '\\textsuperscript{' "$T/tab.tex" && grep -q '^\\end{tabular}$' "$T/tab.tex"; then
	ok "-F latex: one booktabs tabular with superscript letters"
else
	nok "-F latex: not the expected tabular"
fi

# The report README.md shows rendered (section "Is my run significantly
# better than the baseline?") is the command's output, line for line.
"$CBEVAL" --compare gen002 -b 200 -m P@10,AP -p 3 -F markdown data/qrels \
	data/runs/gen002.run data/runs/gen003.run data/runs/gen004.run > "$T/readme.md" 2> /dev/null
missing=$(grep -v '^$' "$T/readme.md" | while IFS= read -r l; do grep -qxF -- "$l" README.md || echo x; done | wc -l)
if [ -s "$T/readme.md" ] && [ "$missing" -eq 0 ]; then
	ok "README.md's rendered report is the output of its command ($(grep -c . "$T/readme.md") lines)"
else
	nok "README.md's rendered report differs from its command's output ($missing lines not in README.md)"
fi

exit $fail
