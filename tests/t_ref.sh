#!/bin/sh
# tests/t_ref.sh - cbeval's scores against reference answers kept in
# tests/ref/ (see tests/ref/README.md):
#
#   trec_eval_test/  trec_eval's own test collection and trec_eval's answers
#                    (map, recip_rank, P_5, P_10, P_100, ndcg_cut_10,
#                    ndcg_cut_1000, per topic and "all", 4 decimals), for
#                    qrels.test, qrels.rel_level and qrels.rel_level -l 2;
#                    compared to within 0.00005 (the printed precision).
#                    The expected.more.* files: recall_5/10/100/1000,
#                    Rprec, bpref (4 decimals, within 0.00005) and num_ret,
#                    num_rel, num_rel_ret (whole numbers, exactly), for
#                    qrels.test and qrels.rel_level, with and without -l 2.
#   synth_small/     a synthetic collection of 8 runs; trec_eval's answers
#                    (4 measures, 4 decimals) compared to within 0.00005,
#                    the same 9 measures as the expected.more.* files above
#                    (expected.more.trec_eval.txt, one block per run), and
#                    the image-0 rows (the unresampled collection) of
#                    expected.images.b10.seed1.tsv (six measures, per topic,
#                    17 significant digits) compared to within 1e-12.
#   ndcg_level/      trec_eval's map, ndcg_cut_5/10/1000 and recip_rank under
#                    -l 1, 2 and 3 (nDCG ignores the level: a topic with no
#                    document of grade >= N still has its nDCG), -F trec -q
#                    byte for byte.
#
# One cell is not trec_eval's: the "all" row of num_rel.  trec_eval 10.0
# (m_num_rel.c, te_calc_avg_num_rel, with -c) counts the qrels lines with
# rel > 0 whatever -l says, so under -l 2 its "all" is not the sum of its
# own per-topic rows; cbeval's is that sum.  For that cell the test checks
# cbeval's value against the sum of trec_eval's per-topic num_rel, and
# prints one line per file where the two differ.
#
# cbeval is run with "-q -p 17" (TSV) and its names (AP, RR, P@k, nDCG@k)
# are matched to trec_eval's (map, recip_rank, P_k, ndcg_cut_k).  Each
# file/measure group prints one "ok"/"not ok" line with the number of values
# compared and the worst absolute difference.  A group also fails when a
# reference value has no counterpart in cbeval's output or when nothing was
# compared.  Additionally -F trec -q output must equal trec_eval's text
# exactly (same layout, same rounding).
#
# Environment: CBEVAL = the binary to test (default ./cbeval).
set -u
CBEVAL=${CBEVAL:-./cbeval}
ref=$(dirname "$0")/ref
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cbeval-ref.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
failed=0

ok() { echo "ok - $*"; }
notok() { echo "not ok - $*"; failed=1; }

# Run cbeval; on failure report it and return 1.  $1 = label, $2 = output.
run() {
	r_label=$1 r_out=$2
	shift 2
	"$CBEVAL" "$@" > "$r_out" 2> "$tmp/stderr"
	r_rc=$?
	[ $r_rc -eq 0 ] && return 0
	notok "ref $r_label: cbeval exited with status $r_rc ($(head -n 1 "$tmp/stderr"))"
	return 1
}

# Normalise cbeval's TSV (run qid measure value) to "run<TAB>qid<TAB>measure
# <TAB>value", keeping the header out.  $1 = run name to force (for files
# whose reference has no run column) or "" to keep cbeval's.
norm_cbeval() {
	awk -F '\t' -v OFS='\t' -v force="$1" '
		NR == 1 { next }
		{ print (force != "" ? force : $1), $2, $3, $4 }'
}

# Normalise a trec_eval text file to the same form; trec_eval's measure
# names are padded with spaces and mapped to cbeval's.  $1 = run name when
# the file has no run column, "" when it has a header "run measure qid
# value".
norm_trec() {
	awk -F '\t' -v OFS='\t' -v force="$1" '
		function canon(m) {
			sub(/ +$/, "", m)
			if (m == "map") return "AP"
			if (m == "recip_rank") return "RR"
			if (m ~ /^P_[0-9]+$/) { sub(/^P_/, "P@", m); return m }
			if (m ~ /^ndcg_cut_[0-9]+$/) { sub(/^ndcg_cut_/, "nDCG@", m); return m }
			if (m ~ /^recall_[0-9]+$/) { sub(/^recall_/, "R@", m); return m }
			return m
		}
		force == "" && NR == 1 { next }
		force != "" { print force, $2, canon($1), $3; next }
		{ print $1, $3, canon($2), $4 }'
}

# compare LABEL TOL GOT EXP: both normalised files; one line per measure
# found in EXP, "LABEL MEASURE: N values, worst difference D".
compare() {
	c_label=$1 c_tol=$2 c_got=$3 c_exp=$4
	awk -F '\t' -v tol="$c_tol" -v label="$c_label" '
		NR == FNR { v[$1 SUBSEP $2 SUBSEP $3] = $4; next }
		{
			m = $3
			if (!(m in n)) { order[++nm] = m; n[m] = 0; worst[m] = 0; miss[m] = 0 }
			k = $1 SUBSEP $2 SUBSEP $3
			if (!(k in v)) {
				if (miss[m]++ == 0) first[m] = $1 " " $2
				next
			}
			d = v[k] - $4
			if (d < 0) d = -d
			n[m]++
			if (d > worst[m]) { worst[m] = d; where[m] = $1 " " $2 " got " v[k] " want " $4 }
		}
		END {
			for (i = 1; i <= nm; i++) {
				m = order[i]
				msg = sprintf("ref %s %s: %d values, worst difference %.3g", label, m, n[m], worst[m])
				if (miss[m])
					print "not ok - " msg ", " miss[m] " missing from cbeval output (first: " first[m] ")"
				else if (n[m] == 0)
					print "not ok - " msg " (nothing compared)"
				else if (worst[m] > tol)
					print "not ok - " msg " > " tol " (at " where[m] ")"
				else
					print "ok - " msg
			}
			if (nm == 0)
				print "not ok - ref " label ": no reference values read"
		}' "$c_got" "$c_exp" > "$tmp/cmp"
	cat "$tmp/cmp"
	grep -q '^not ok' "$tmp/cmp" && failed=1
	return 0
}

# Tolerance for trec_eval's 4-decimal answers: half a unit in the last place
# (plus a hair for the binary representation of the printed decimals).
tol4=0.0000500001
te=$ref/trec_eval_test
te_m=map,recip_rank,P_5,P_10,P_100,ndcg_cut_10,ndcg_cut_1000

for c in "qrels.test qrels.test" "qrels.rel_level qrels.rel_level" \
	 "qrels.rel_level.l2 qrels.rel_level -l 2"; do
	set -- $c
	name=$1 qrels=$2
	shift 2
	exp=$te/expected.$name.txt
	if run "$name" "$tmp/out" -q -p 17 -m "$te_m" "$@" "$te/$qrels" "$te/results.test"; then
		norm_cbeval STANDARD < "$tmp/out" > "$tmp/got"
		norm_trec STANDARD < "$exp" > "$tmp/exp"
		compare "trec_eval_test/$name" "$tol4" "$tmp/got" "$tmp/exp"
	fi
	# trec_eval's own layout, byte for byte: the files hold no runid
	# line (trec_eval prints one only when -m names runid), nor cbeval's.
	if run "$name -F trec" "$tmp/out" -F trec -q -m "$te_m" "$@" "$te/$qrels" "$te/results.test"; then
		if cmp -s "$tmp/out" "$exp"; then
			ok "ref trec_eval_test/$name -F trec -q: identical to trec_eval's output ($(wc -l < "$exp" | tr -d ' ') lines)"
		else
			notok "ref trec_eval_test/$name -F trec -q: differs from trec_eval's output"
			diff "$exp" "$tmp/out" | sed 's/^/#   /' | head -n 20
		fi
	fi
done

# ---- the expected.more.* files ----------------------------------------

# trec_eval's text (measure qid value, one block per run: the per-topic rows
# then the "all" rows) on stdin; stdout: the same text with each block's
# "num_rel all" value replaced by the sum of the block's per-topic num_rel
# values; $1 gets one line "BLOCK TRECEVAL SUM" per value replaced.
num_rel_as_sum() {
	awk -F '\t' -v OFS='\t' -v changed="$1" '
		BEGIN { blk = 1; printf "" > changed }
		{ m = $1; sub(/ +$/, "", m) }
		$2 != "all" && prev_all { blk++; sum = 0 }
		{ prev_all = ($2 == "all") }
		$2 != "all" && m == "num_rel" { sum += $3 }
		$2 == "all" && m == "num_rel" && $3 != sum {
			print blk, $3, sum > changed
			$3 = sum
		}
		{ print }'
}

# trec_eval's text with blocks on stdin to "run qid measure value", block i
# taking the i-th of the names in $1 (a space-separated list).
norm_blocks() {
	awk -F '\t' -v OFS='\t' -v names="$1" '
		BEGIN { split(names, run, " "); blk = 1 }
		function canon(m) {
			sub(/ +$/, "", m)
			if (m ~ /^recall_[0-9]+$/) { sub(/^recall_/, "R@", m); return m }
			return m
		}
		$2 != "all" && prev_all { blk++ }
		{ prev_all = ($2 == "all"); print run[blk], $2, canon($1), $3 }'
}

# The "more" measures in the files' order, by trec_eval's and cbeval's names.
more_te=num_ret,num_rel,num_rel_ret,Rprec,bpref,recall_5,recall_10,recall_100,recall_1000
more_cb=num_ret,num_rel,num_rel_ret,Rprec,bpref,R@5,R@10,R@100,R@1000

# more LABEL EXPECTED "RUN NAMES" CBEVAL-ARGS...: every value of EXPECTED,
# the counts exactly and the rest to within tol4, num_rel's "all" against
# the per-topic sum, and -F trec -q byte for byte (no runid line: -m
# names none, as in trec_eval).
more() {
	m_label=$1 m_exp=$2 m_names=$3
	shift 3
	num_rel_as_sum "$tmp/changed" < "$m_exp" > "$tmp/fixed"
	if run "$m_label" "$tmp/out" -q -p 17 -m "$more_cb" "$@"; then
		norm_cbeval "" < "$tmp/out" > "$tmp/got"
		norm_blocks "$m_names" < "$tmp/fixed" > "$tmp/exp"
		awk -F '\t' '$3 ~ /^num_/' "$tmp/exp" > "$tmp/exp.counts"
		awk -F '\t' '$3 !~ /^num_/' "$tmp/exp" > "$tmp/exp.rest"
		compare "$m_label" 0 "$tmp/got" "$tmp/exp.counts"
		compare "$m_label" "$tol4" "$tmp/got" "$tmp/exp.rest"
		# The num_rel "all" cells where trec_eval's own row is not the
		# sum of its topics (compare has checked cbeval's against the
		# sum): say which.
		while read -r c_blk c_te c_sum; do
			c_run=$(echo "$m_names" | cut -d ' ' -f "$c_blk")
			c_cb=$(awk -F '\t' -v r="$c_run" '$1 == r && $2 == "all" && $3 == "num_rel" { print $4 + 0 }' "$tmp/got")
			if [ "$c_cb" = "$c_sum" ]; then
				ok "ref $m_label num_rel all ($c_run): cbeval's $c_cb is the sum of trec_eval's per-topic num_rel (trec_eval's own all row: $c_te, qrels lines with rel > 0 whatever -l)"
			else
				notok "ref $m_label num_rel all ($c_run): cbeval has '$c_cb', the sum of trec_eval's per-topic num_rel is $c_sum"
			fi
		done < "$tmp/changed"
	fi
	if run "$m_label -F trec" "$tmp/out" -F trec -q -c -m "$more_te" "$@"; then
		m_nid=$(grep -c '^runid                 	all	' "$tmp/out")
		cp "$tmp/out" "$tmp/body"
		m_note=
		[ -s "$tmp/changed" ] && m_note="; num_rel all as the per-topic sum"
		if [ "$m_nid" != 0 ]; then
			notok "ref $m_label -F trec: $m_nid runid lines, want none (-m names no runid)"
		elif cmp -s "$tmp/body" "$tmp/fixed"; then
			ok "ref $m_label -F trec -q: identical to trec_eval's output ($(wc -l < "$tmp/fixed" | tr -d ' ') lines$m_note)"
		else
			notok "ref $m_label -F trec -q: differs from trec_eval's output$m_note"
			diff "$tmp/fixed" "$tmp/body" | sed 's/^/#   /' | head -n 20
		fi
	fi
}

for c in "qrels.test qrels.test" "qrels.test.l2 qrels.test -l 2" \
	 "qrels.rel_level qrels.rel_level" \
	 "qrels.rel_level.l2 qrels.rel_level -l 2"; do
	set -- $c
	name=$1 qrels=$2
	shift 2
	more "trec_eval_test/more.$name" "$te/expected.more.$name.txt" STANDARD \
		"$@" "$te/$qrels" "$te/results.test"
done

ss=$ref/synth_small
more "synth_small/more" "$ss/expected.more.trec_eval.txt" \
	"sys000 sys001 sys002 sys003 sys004 sys005 sys006 sys007" \
	"$ss/qrels" "$ss"/runs/sys00[0-7].run

if run "synth_small" "$tmp/out" -q -p 17 "$ss/qrels" "$ss"/runs/sys00[0-7].run; then
	# -p 17 must print 17 decimals: an absolute rounding error of at most
	# 5e-18, far below the 1e-12 tolerance.
	awk -F '\t' 'NR > 1 { d = $4; sub(/^[^.]*\./, "", d); if (length(d) != 17 || $4 !~ /^[0-9]+\.[0-9]+$/) { bad++; if (!ex) ex = $0 } ; n++ }
		END { if (bad || n == 0) print "not ok - ref synth_small: -p 17 prints 17 decimals (" bad + 0 " of " n + 0 " values do not, e.g. " ex ")";
		      else print "ok - ref synth_small: -p 17 prints 17 decimals (" n " values)" }' "$tmp/out" > "$tmp/cmp"
	cat "$tmp/cmp"
	grep -q '^not ok' "$tmp/cmp" && failed=1
	norm_cbeval "" < "$tmp/out" > "$tmp/got"
	# The image-0 rows: run qid measure image value.
	awk -F '\t' -v OFS='\t' 'NR > 1 && $4 == "0" { print $1, $2, $3, $5 }' \
		"$ss/expected.images.b10.seed1.tsv" > "$tmp/exp"
	compare "synth_small/images image 0" 1e-12 "$tmp/got" "$tmp/exp"
	norm_trec "" < "$ss/expected.trec_eval.txt" > "$tmp/exp"
	compare "synth_small/trec_eval" "$tol4" "$tmp/got" "$tmp/exp"
fi

# nDCG under -l N (tests/ref/ndcg_level): trec_eval's text byte for byte.
nl=$ref/ndcg_level
for n in 1 2 3; do
	if run "ndcg_level -l $n" "$tmp/out" -F trec -q -l $n \
		-m map,recip_rank,ndcg_cut_5,10,1000 "$nl/qrels" "$nl/run"; then
		if grep -v '^runid' "$tmp/out" | cmp -s - "$nl/expected.l$n.txt"; then
			ok "ref ndcg_level -l $n -F trec -q: identical to trec_eval's output ($(wc -l < "$nl/expected.l$n.txt" | tr -d ' ') lines)"
		else
			notok "ref ndcg_level -l $n -F trec -q: differs from trec_eval's output"
			grep -v '^runid' "$tmp/out" | diff "$nl/expected.l$n.txt" - | sed 's/^/#   /' | head -n 20
		fi
	fi
done

exit $failed
