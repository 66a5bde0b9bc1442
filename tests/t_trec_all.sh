#!/bin/sh
# tests/t_trec_all.sh - cbeval -F trec -q against trec_eval 10.0's
# answers in tests/ref/trec_eval_all/ (copied from the shared reference
# set; its README says which command made each file), measure by measure.
#
# For each answer file: the fixtures and options its name gives (test.*:
# trec_eval_test/qrels.test, rel_level.*: qrels.rel_level, both with
# results.test; synth.sysNNN.*: synth_small with runs/sysNNN.run; suffix
# plain -q, c -q -c, l2 -q -l 2, M100 -q -M 100, cl3 -q -c -l 3; official
# and params as the README says).  Every measure name of the file that
# cbeval accepts with -m is computed in one call, and every line
# "measure qid value" of the file must be in cbeval's output with the same
# value: whole numbers exactly, others within 0.00005 (trec_eval prints 4
# decimals).  One "ok"/"not ok" line per file and measure family (the
# name up to its last '_' parameter), with the values compared.
#
# A name cbeval does not know yet is listed once per file in a SKIP line
# saying so; the averaging cbeval does not do (trec_eval without -c
# averages over the run's topics) is not an issue here, since
# results.test holds every topic of the qrels.
#
# The bytes too, as trec_eval orders its lines (per run: with -q every
# topic's lines, topics by strcmp, then runid, then the lines of all;
# measures in trec_eval's table order, a family's parameters ascending):
# for each file whose every name cbeval computes (test.official,
# test.official.q, test.params), cbeval's output with the file's measures
# given to -m in the reverse of the file's order must be the file, byte
# for byte.  trec_eval prints a runid line only when -m names runid
# (test.params has none); cbeval always prints one, which must then be in
# trec_eval's place (after the topics, before the lines of all) and is
# removed before the comparison.
#
# Then -m official and -m all_trec as groups (below); each -m all_trec
# output is also compared byte for byte with its file.
#
# The one cell known to differ on purpose, num_rel's "all" under -l
# (trec_eval counts rel > 0 whatever -l says; see tests/t_ref.sh), is
# checked as the sum of trec_eval's own per-topic rows instead, and left
# out of the byte comparison of -m all_trec when it alone differs.
set -u
. tests/lib.sh
A=tests/ref/trec_eval_all
TE=tests/ref/trec_eval_test
S=tests/ref/synth_small

# inputs FILE: sets q, r and opts for answer file FILE.
inputs() {
	b=$(basename "$1" .txt)
	case $b in
	test.*) q=$TE/qrels.test r=$TE/results.test ;;
	rel_level.*) q=$TE/qrels.rel_level r=$TE/results.test ;;
	synth.*) n=${b#synth.}; n=${n%%.*}; q=$S/qrels r=$S/runs/$n.run ;;
	esac
	case $b in
	*.plain) opts="-q" ;;
	*.c) opts="-q -c" ;;
	*.l2) opts="-q -l 2" ;;
	*.M100) opts="-q -M 100" ;;
	*.cl3) opts="-q -c -l 3" ;;
	*.official.q) opts="-q" ;;
	*.official) opts="" ;;
	*.params) opts="-q" ;;
	esac
}

# known NAME: sets spec to what -m takes for the printed NAME (NAME
# itself, or trec_eval's parameter syntax with the last '_' a '.', as in
# utility.2,-1,0,0), or fails when cbeval takes neither (cached).
known() {
	spec=$(awk -F'\t' -v n="$1" '$1 == n { print $2; exit }' "$T/known" 2> /dev/null)
	[ -n "$spec" ] && return 0
	grep -qxF -- "$1" "$T/unknown" 2> /dev/null && return 1
	for spec in "$1" "$(printf '%s' "$1" | sed 's/_\([^_]*\)$/.\1/')"; do
		if "$CBEVAL" -F trec -m "$spec" "$TE/qrels.test" "$TE/results.test" > /dev/null 2>&1; then
			printf '%s\t%s\n' "$1" "$spec" >> "$T/known"; return 0
		fi
	done
	echo "$1" >> "$T/unknown"; return 1
}

# bytes LABEL OUT FILE: ok when cbeval's OUT is trec_eval's FILE byte for
# byte, less cbeval's runid line when FILE has none (checked in its place).
# With -n, the lines "num_rel <tab>all" are left out of both when they
# alone differ (see the end of the header).  Sets rc 0 or 1.
bytes() {
	nr=
	[ "$1" = -n ] && { nr=1; shift; }
	rc=0
	cp "$2" "$T/bytes.got"
	if ! grep -q '^runid ' "$3"; then
		at=$(($(awk -F '\t' '$2 != "all"' "$3" | wc -l) + 1))
		if [ "$(grep -c '^runid ' "$2")" != 1 ] ||
		   [ "$(sed -n "${at}p" "$2" | cut -f 1)" != "runid                 " ]; then
			nok "$1: cbeval's runid line is not line $at, after the topics and before the lines of all"
			rc=1; return
		fi
		sed "${at}d" "$2" > "$T/bytes.got"
	fi
	if cmp -s "$T/bytes.got" "$3"; then
		ok "$1: the bytes of trec_eval's file ($(wc -l < "$3" | tr -d ' ') lines)"
	elif [ -n "$nr" ] &&
	     grep -v '^num_rel               	all	' "$T/bytes.got" > "$T/bytes.got2" &&
	     grep -v '^num_rel               	all	' "$3" | cmp -s "$T/bytes.got2" -; then
		ok "$1: the bytes of trec_eval's file but num_rel's line of all ($(wc -l < "$3" | tr -d ' ') lines; num_rel all is the per-topic sum, see t_ref.sh)"
	else
		nok "$1: not trec_eval's bytes: $(diff "$T/bytes.got" "$3" | head -n 5 | tr '\n' ' ')"
		rc=1
	fi
}

for f in "$A"/*.txt; do
	inputs "$f"
	b=$(basename "$f" .txt)
	awk '$1 != "runid" { print $1 }' "$f" | awk '!s[$0]++' > "$T/names"
	ms="" names="" missing=""
	while read -r m; do
		if known "$m"; then ms="$ms -m $spec" names="$names $m"; else missing="$missing $m"; fi
	done < "$T/names"
	if [ -n "$missing" ]; then
		ok "$b: $(echo $missing | wc -w) measures # SKIP not in cbeval yet:$(echo "$missing" | cut -c1-300)"
	fi
	[ -n "$ms" ] || continue
	# shellcheck disable=SC2086
	if ! "$CBEVAL" -F trec $opts $ms "$q" "$r" > "$T/out" 2> "$T/err"; then
		nok "$b: cbeval failed: $(head -n 1 "$T/err")"
		continue
	fi
	awk -v file="$b" -v names="$names" '
	function fam(m,   i) { i = match(m, /_[0-9.]+$/); return i ? substr(m, 1, i - 1) : m }
	BEGIN { nn = split(names, w, " "); for (i = 1; i <= nn; i++) asked[w[i]] = 1 }
	NR == FNR { if ($1 != "runid") got[$1 SUBSEP $2] = $3; next }
	$1 == "runid" || !($1 in asked) { next }
	{ k = $1 SUBSEP $2; f = fam($1); n[f]++
	  if ($1 == "num_rel" && $2 != "all") { relsum += $3; topics++ }
	  if (!(k in got)) { miss[f]++; if (!ex[f]) ex[f] = $1 " " $2 " missing"; next }
	  want = $3
	  if ($1 == "num_rel" && $2 == "all" && topics) { numrel_all = got[k]; next }
	  d = got[k] - want; if (d < 0) d = -d
	  if ($1 ~ /^relstring/ ? got[k] != want : (want ~ /\./ && d > 0.00005) || (want !~ /\./ && got[k] != want)) {
		bad[f]++; if (!ex[f]) ex[f] = $1 " " $2 " got " got[k] " want " want }
	  if (d > worst[f]) worst[f] = d }
	END {
		if (numrel_all != "" && numrel_all != relsum) { bad["num_rel"]++; ex["num_rel"] = "all: got " numrel_all " want the per-topic sum " relsum }
		for (f in n) {
			if (bad[f] + miss[f] == 0)
				printf "ok - %s: %s: %d values as trec_eval (worst %.2g)\n", file, f, n[f], worst[f]
			else
				printf "not ok - %s: %s: %d of %d differ, %d missing (first: %s)\n", file, f, bad[f] + 0, n[f], miss[f] + 0, ex[f]
		}
	}' "$T/out" "$f" | sort > "$T/res"
	cat "$T/res"
	grep -q '^not ok' "$T/res" && fail=1
	# every name computed: the bytes, with -m in the reverse order
	[ -z "$missing" ] || continue
	rev=$(awk -F'\t' 'FNR == NR { spec[$1] = $2; next }
		{ n[++k] = $1 } END { for (i = k; i >= 1; i--) printf " -m %s", spec[n[i]]; printf " -m runid" }' "$T/known" "$T/names")
	# shellcheck disable=SC2086
	if ! "$CBEVAL" -F trec $opts $rev "$q" "$r" > "$T/out" 2> "$T/err"; then
		nok "$b: cbeval failed with -m in reverse order: $(head -n 1 "$T/err")"
		fail=1; continue
	fi
	bytes -n "$b: -m in reverse order" "$T/out" "$f"
	[ $rc = 0 ] || fail=1
done
# The groups: -m official without -q prints trec_eval's bytes; -m
# all_trec gives trec_eval's number (or relstring's string) on every line
# of every -m all_trec answer.
if "$CBEVAL" -F trec -m official "$TE/qrels.test" "$TE/results.test" > "$T/off" 2> "$T/err" &&
   cmp -s "$T/off" "$A/test.official.txt"; then
	ok "-m official: the bytes of trec_eval's default measures (test.official)"
else
	nok "-m official differs from test.official.txt: $(diff "$T/off" "$A/test.official.txt" | head -n 3 | tr '\n' ' ')"
fi
for f in "$A"/*.plain.txt "$A"/*.c.txt "$A"/*.l2.txt "$A"/*.M100.txt "$A"/*.cl3.txt; do
	inputs "$f"
	b=$(basename "$f" .txt)
	# shellcheck disable=SC2086
	if ! "$CBEVAL" -F trec $opts -m all_trec "$q" "$r" > "$T/out" 2> "$T/err"; then
		nok "$b: -m all_trec failed: $(head -n 1 "$T/err")"
		continue
	fi
	awk -v file="$b" '
	NR == FNR { got[$1 SUBSEP $2] = $3; next }
	{ n++; k = $1 SUBSEP $2
	  if (!(k in got)) { bad++; if (!ex) ex = $1 " " $2 " missing"; next }
	  d = got[k] - $3; if (d < 0) d = -d
	  if ($1 == "runid" ? got[k] != $3 : ($3 ~ /\./ ? d > 0.00005 : got[k] != $3)) {
		if ($1 == "num_rel" && $2 == "all") { nr++; next }
		bad++; if (!ex) ex = $1 " " $2 " got " got[k] " want " $3 } }
	END {
		if (bad) printf "not ok - %s: -m all_trec: %d of %d lines differ (first: %s)\n", file, bad, n, ex
		else printf "ok - %s: -m all_trec: all %d lines as trec_eval%s\n", file, n, nr ? " (num_rel all: the per-topic sum, see t_ref.sh)" : ""
	}' "$T/out" "$f" > "$T/res"
	cat "$T/res"
	grep -q '^not ok' "$T/res" && fail=1
	bytes -n "$b: -m all_trec" "$T/out" "$f"
	# the same bytes with one thread and with two
	for j in 1 2; do
		# shellcheck disable=SC2086
		if "$CBEVAL" -j $j -F trec $opts -m all_trec "$q" "$r" 2> /dev/null | cmp -s - "$T/out"; then
			ok "$b: -m all_trec -j $j: the same bytes"
		else
			nok "$b: -m all_trec -j $j differs"
		fi
	done
	[ $rc = 0 ] || fail=1
done
exit $fail
