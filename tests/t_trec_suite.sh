#!/bin/sh
# tests/t_trec_suite.sh - cbeval as a drop-in trec_eval.
#
# tests/ref/trec_eval_suite/cases.txt lists trec_eval 10.0's own test
# suite (the commands of its Makefile's quicktest) and cases added for
# cbeval (-n, -J, -D, -N, -Z, the long options, run names, missing
# topics, standard input, errors); expected/ holds trec_eval's answers to
# each (stdout, stderr, exit status; the suite's are byte for byte its
# test/out.* files).  Every case is run through a link named trec_eval to
# cbeval, with -j 1 and -j 2, and must give trec_eval's bytes, an empty
# standard error and trec_eval's exit status.  These differ by design
# (see cbeval(1), COMPATIBILITY), and are checked as such:
#   - the preference formats (-R prefs, qrels_prefs, qrels_jg): refused,
#     exit 1, a message naming the format; their bytes are a SKIP;
#   - a qrels topic the results lack, without -c: trec_eval's message and
#     exit status 4, but nothing on standard output (trec_eval has
#     printed the topics before it);
#   - qrels that share no topic with the run: with -c the link prints
#     trec_eval's zeros as trec_eval does, cbeval -F trec refuses them;
#   - usage errors: exit 1 and a message, in cbeval's words.
# Then the same cases through cbeval -F trec (same bytes; cbeval may
# warn), and cbeval -F trec's own rule without -c: "all" is the mean over
# the run's topics, checked against the per-topic lines.
set -u
. tests/lib.sh
D=tests/ref/trec_eval_suite
E=$D/expected
top=$(pwd)
case $CBEVAL in /*) bin=$CBEVAL ;; *) bin=$top/$CBEVAL ;; esac
mkdir "$T/bin"
ln -s "$bin" "$T/bin/trec_eval"
TE=$T/bin/trec_eval

# args ARGS: the case's words with its files' paths.
args() {
	for w in $1; do
		if [ -f "$D/$w" ]; then printf '%s\n' "$D/$w"
		elif [ -f "tests/ref/trec_eval_test/$w" ]; then printf '%s\n' "tests/ref/trec_eval_test/$w"
		else printf '%s\n' "$w"; fi
	done
}

# run PROG NAME ARGS J: run PROG on the case into $T/o, $T/e, $T/rc.
run() {
	set -f
	# shellcheck disable=SC2046
	if [ "$2" = x.stdin ]; then
		"$1" -j "$4" $(args "$3") < tests/ref/trec_eval_test/results.test > "$T/o" 2> "$T/e"
	else
		"$1" -j "$4" $(args "$3") > "$T/o" 2> "$T/e"
	fi
	echo $? > "$T/rc"
	set +f
}

while IFS='	' read -r name a; do
	case $name in ''|'#'*) continue ;; esac
	want=$(cat "$E/$name.rc")
	for j in 1 2; do
		run "$TE" "$name" "$a" $j
		rc=$(cat "$T/rc")
		case $name in
		prefs*|qrels_prefs|qrels_jg*)
			if [ "$rc" = 1 ] && [ ! -s "$T/o" ] && grep -q "format '.*' is not read by cbeval" "$T/e"; then
				ok "trec_eval $name -j $j: refused: $(head -n 1 "$T/e") # SKIP trec_eval's preference formats are not read"
			else
				nok "trec_eval $name -j $j: status $rc, want a refusal (1)"
			fi
			continue ;;
		x.missing|x.disjoint)
			if [ "$rc" = "$want" ] && [ ! -s "$T/o" ] && cmp -s "$T/e" "$E/$name.err"; then
				ok "trec_eval $name -j $j: trec_eval's message and status $want, nothing on stdout"
			else
				nok "trec_eval $name -j $j: status $rc (want $want), $(wc -c < "$T/o") bytes out, stderr: $(head -n 1 "$T/e")"
			fi
			continue ;;
		x.empty.param|x.illegal|x.usage)
			if [ "$rc" = "$want" ] && [ ! -s "$T/o" ] && head -n 1 "$T/e" | grep -q '^trec_eval: '; then
				ok "trec_eval $name -j $j: status $want: $(head -n 1 "$T/e")"
			else
				nok "trec_eval $name -j $j: status $rc (want $want): $(head -n 1 "$T/e")"
			fi
			continue ;;
		esac
		if [ "$rc" = "$want" ] && cmp -s "$T/o" "$E/$name.out" && [ ! -s "$T/e" ]; then
			ok "trec_eval $name -j $j: trec_eval's bytes ($(wc -l < "$T/o" | tr -d ' ') lines), status $want, nothing on stderr"
		else
			nok "trec_eval $name -j $j: status $rc (want $want), stderr $(wc -c < "$T/e") bytes: $(diff "$T/o" "$E/$name.out" | head -n 4 | tr '\n' ' ')"
		fi
		# cbeval -F trec: the same bytes, but qrels that share no topic
		# with the run, which cbeval refuses (exit 2)
		[ "$j" = 1 ] || continue
		run "$CBEVAL" "$name" "-F trec $a" 1
		if [ "$name" = x.disjoint.c ]; then
			if [ "$(cat "$T/rc")" = 2 ] && [ ! -s "$T/o" ] && grep -q 'have no topic in common' "$T/e"; then
				ok "cbeval -F trec $name: refused: $(head -n 1 "$T/e")"
			else
				nok "cbeval -F trec $name: status $(cat "$T/rc"), want the refusal of qrels sharing no topic"
			fi
		elif [ "$(cat "$T/rc")" = "$want" ] && cmp -s "$T/o" "$E/$name.out"; then
			ok "cbeval -F trec $name: trec_eval's bytes"
		else
			nok "cbeval -F trec $name: status $(cat "$T/rc"): $(diff "$T/o" "$E/$name.out" | head -n 4 | tr '\n' ' ')"
		fi
	done
done < "$D/cases.txt"

# Several runs in one call: one block per run, in argument order, each
# the block of the run alone.
R1=tests/ref/trec_eval_test/results.test Q=tests/ref/trec_eval_test/qrels.test
"$TE" -q -m all_trec "$Q" "$R1" "$D/results.tags" "$R1" > "$T/many" 2> "$T/e"
{ "$TE" -q -m all_trec "$Q" "$R1"; "$TE" -q -m all_trec "$Q" "$D/results.tags"
  "$TE" -q -m all_trec "$Q" "$R1"; } > "$T/each" 2>> "$T/e"
if cmp -s "$T/many" "$T/each" && [ ! -s "$T/e" ]; then
	ok "trec_eval with three results files: the three blocks in argument order"
else
	nok "trec_eval with three results files differs from the blocks one by one"
fi

# cbeval -F trec without -c on results lacking topics: a warning, and
# "all" the mean of the run's topics (trec_eval 9, pytrec_eval,
# ir_measures); num_q counts them.
"$CBEVAL" -F trec -q -m map -m P.10 -m num_q "$Q" "$D/results.trunc" > "$T/o" 2> "$T/e"
rc=$?
res=$(awk -F '\t' '$2 != "all" { s[$1] += $3; n[$1]++; next }
	$1 ~ /^num_q/ { q = $3; next }
	{ if (n[$1] == 0) { bad++; next }
	  d = $3 - s[$1] / n[$1]; if (d < 0) d = -d; if (d > 0.00006) bad++; k = n[$1] }
	END { print bad + 0, k + 0, q + 0 }' "$T/o")
set -- $res
if [ "$rc" = 0 ] && [ "$1" = 0 ] && [ "$2" -gt 0 ] && [ "$2" = "$3" ] &&
   grep -q 'leaves them out' "$T/e"; then
	ok "cbeval -F trec without -c: all is the mean over the run's $2 topics, num_q $3, and a warning"
else
	nok "cbeval -F trec without -c: status $rc, $1 means differ, $2 topics, num_q $3: $(head -n 1 "$T/e")"
fi
# --mean: run and qrels in TSV; qrels is the default
"$CBEVAL" -m AP "$Q" "$D/results.trunc" > "$T/q" 2> /dev/null
"$CBEVAL" --mean qrels -m AP "$Q" "$D/results.trunc" > "$T/q2" 2> /dev/null
"$CBEVAL" --mean run -q -m AP "$Q" "$D/results.trunc" > "$T/r" 2> /dev/null
vq=$(awk -F '\t' '$2 == "all" { print $4 }' "$T/q")
vr=$(awk -F '\t' '$2 == "all" { print $4 }' "$T/r")
mr=$(awk -F '\t' 'NR > 1 && $2 != "all" { s += $4; n++ } END { printf "%.4f", s / n }' "$T/r")
nt=$(awk -F '\t' 'NR > 1 && $2 != "all"' "$T/r" | wc -l | tr -d ' ')
if cmp -s "$T/q" "$T/q2" && [ "$vr" = "$mr" ] && [ "$nt" = 2 ] && [ "$vq" != "$vr" ]; then
	ok "--mean run: AP all $vr, the mean of the run's $nt topics; --mean qrels (default) $vq"
else
	nok "--mean run: all $vr, mean of its rows $mr over $nt topics; qrels $vq"
fi

# -J against a slow reference: the run with its unjudged documents
# (and those judged below 0) deleted, scored plainly, gives the same
# values.
awk 'NR == FNR { if ($4 >= 0) j[$1 " " $3] = 1; next } ($1 " " $3) in j' \
	tests/ref/trec_eval_test/qrels.rel_level "$R1" > "$T/judged.run"
"$CBEVAL" -F trec -q -c -J -m all_trec tests/ref/trec_eval_test/qrels.rel_level "$R1" > "$T/a" 2> /dev/null
"$CBEVAL" -F trec -q -c -m all_trec tests/ref/trec_eval_test/qrels.rel_level "$T/judged.run" > "$T/b" 2> /dev/null
if [ -s "$T/a" ] && cmp -s "$T/a" "$T/b"; then
	ok "-J: the values of the run less its unjudged documents ($(wc -l < "$T/a" | tr -d ' ') lines)"
else
	nok "-J differs from the run less its unjudged documents: $(diff "$T/a" "$T/b" | head -n 4 | tr '\n' ' ')"
fi

# -Z: a topic that sorts after every topic of the file is refused (where
# trec_eval's lookup reads past its table); nothing on stdout.
"$TE" -q -m map -Z "$D/zscores.no303" "$Q" "$R1" > "$T/o" 2> "$T/e"
rc=$?
if [ "$rc" = 2 ] && [ ! -s "$T/o" ] && grep -q "topic '303' sorts after every topic" "$T/e"; then
	ok "-Z: topic 303 after the file's last topic is refused: $(head -n 1 "$T/e")"
else
	nok "-Z past the table: status $rc, $(wc -c < "$T/o") bytes out: $(head -n 1 "$T/e")"
fi

# -h, -h -m, -v under the trec_eval name; -D with a level; -R and -T
# with another format; the trec_eval-only options without -F trec.
"$TE" -h -m P.5 -m all_trec > "$T/o" 2> "$T/e"
if [ $? = 0 ] && grep -q '^P_5$' "$T/o" && grep -q '^runid$' "$T/o" &&
   grep -q -- '--Judged_docs_only' "$T/o" && [ ! -s "$T/e" ]; then
	ok "trec_eval -h -m P.5 -m all_trec: the options and the measures named"
else
	nok "trec_eval -h -m: $(head -n 2 "$T/o" | tr '\n' ' ')"
fi
"$TE" -v > "$T/o" 2> "$T/e"
if [ $? = 0 ] && [ ! -s "$T/o" ] && grep -q '^trec_eval version cbeval ' "$T/e"; then
	ok "trec_eval -v: $(cat "$T/e") (on stderr, as trec_eval)"
else
	nok "trec_eval -v: $(cat "$T/o" "$T/e")"
fi
fails_in . 1 "cbeval: option -D: debugging output (level 2) is not printed by cbeval; -D 0.QID evaluates topic QID alone" -F trec -D 2 "$Q" "$R1"
fails_in . 1 "cbeval: option -T: format 'x' is not read by cbeval: it reads trec_results only" -F trec -T x "$Q" "$R1"
fails_in . 1 "cbeval: option -Z: only with -F trec" -Z "$D/zscores_file" "$Q" "$R1"
fails_in . 1 "cbeval: option -J: only for the plain evaluation (no -b, no analysis)" -J -b 10 "$Q" "$R1"
fails_in . 1 "cbeval: option --mean run: not with -c (which averages over every topic of the qrels)" --mean run -c "$Q" "$R1"
fails_in . 1 "cbeval: option -m: trec_eval's measure 'prefs_simp' needs trec_eval's preference judgements (-R prefs, qrels_prefs or qrels_jg), which cbeval does not read" -F trec -m prefs_simp "$Q" "$R1"
fails_in . 1 "cbeval: option -m: trec_eval's group 'qrels_jg' needs trec_eval's preference judgements (-R prefs, qrels_prefs or qrels_jg), which cbeval does not read" -F trec -m qrels_jg "$Q" "$R1"
exit $fail
