#!/bin/sh
# t_limits.sh - resources and hostile environments:
#  - allocation failure under a small "ulimit -v" ends with exactly
#    "cbeval: out of memory", exit 2, nothing on stdout (never a crash);
#  - output to a closed pipe ends quietly, with or without SIGPIPE;
#  - a run with 100 000 documents for a topic and a topic with 100 000
#    judgements, scored exactly (AP computed independently in awk);
#  - an unreadable file (skipped when running as root).
# The sanitizer build reserves terabytes of address space, so the ulimit
# part runs with the optimised build only.
set -u
. tests/lib.sh

if [ "${CBEVAL_FLAVOUR:-rel}" = rel ]; then
	"$CBEVAL" -q -b 30 data/qrels data/runs/*.run > "$T/full" 2>/dev/null
	nmem=0 nok_=0 bad=0
	for v in 8000 12000 16000 20000 24000 28000 32000 36000 40000 50000 80000; do
		( ulimit -v $v; exec "$CBEVAL" -q -b 30 data/qrels data/runs/*.run ) > "$T/out" 2> "$T/err"
		rc=$?
		if [ $rc -eq 2 ] && [ "$(cat "$T/err")" = "cbeval: out of memory" ] && [ ! -s "$T/out" ]; then
			nmem=$((nmem + 1))
		elif [ $rc -eq 0 ] && cmp -s "$T/out" "$T/full"; then
			nok_=$((nok_ + 1))
		else
			bad=$((bad + 1))
			echo "# ulimit -v $v: status $rc, stderr: $(head -c 200 "$T/err")"
		fi
	done
	if [ $bad -eq 0 ] && [ $nmem -gt 0 ] && [ $nok_ -gt 0 ]; then
		ok "ulimit -v sweep: $nmem limits end with 'cbeval: out of memory' (status 2, empty stdout), $nok_ give the full output"
	else
		nok "ulimit -v sweep: $nmem out of memory, $nok_ complete, $bad otherwise"
	fi
else
	ok "ulimit -v sweep # SKIP sanitizer build (it reserves more address space than any limit)"
fi

# Closed pipe: SIGPIPE as usual, then ignored (write fails with EPIPE).
"$CBEVAL" -b 3 --images - data/qrels data/runs/*.run 2> "$T/err1" | head -n 1 > "$T/h1"
( trap '' PIPE; "$CBEVAL" -b 3 --images - data/qrels data/runs/*.run 2> "$T/err2"; echo $? > "$T/rc2" ) | head -n 1 > "$T/h2"
if [ ! -s "$T/err1" ] && [ ! -s "$T/err2" ] && [ "$(cat "$T/rc2")" -eq 2 ] &&
   [ "$(cat "$T/h1")" = "$(printf 'run\tqid\tmeasure\timage\tvalue')" ] && cmp -s "$T/h1" "$T/h2"; then
	ok "output to a closed pipe ends quietly (SIGPIPE, and EPIPE with status 2)"
else
	nok "closed pipe: stderr '$(head -c 100 "$T/err1")' / '$(head -c 100 "$T/err2")', status $(cat "$T/rc2")"
fi

# 100 000 documents in one ranking and 100 000 judgements in one topic:
# d1..d100000, odd ones relevant, retrieved in order.  Relevant j-th at
# rank 2j - 1: AP = (1/50000) sum_j j / (2j - 1); P@10 = 0.5; RR = 1.
awk 'BEGIN { for (i = 1; i <= 100000; i++) printf "1 0 d%d %d\n", i, i % 2 }' > "$T/q"
awk 'BEGIN { for (i = 1; i <= 100000; i++) printf "1 Q0 d%d %d %d.5 big\n", i, i, 200000 - i }' > "$T/r"
want=$(awk 'BEGIN { s = 0; for (j = 1; j <= 50000; j++) s += j / (2 * j - 1); printf "%.10f", s / 50000 }')
"$CBEVAL" -p 10 -m AP,P@10,RR "$T/q" "$T/r" > "$T/big" 2> "$T/err"
got=$(awk -F'\t' '$3 == "AP" { print $4 }' "$T/big")
if [ "$got" = "$want" ] && grep -q "	P@10	0.5000000000" "$T/big" && grep -q "	RR	1.0000000000" "$T/big" && [ ! -s "$T/err" ]; then
	ok "a topic of 100000 judgements and a ranking of 100000 documents: AP $got as computed in awk"
else
	nok "100000 documents: AP $got, want $want; $(head -c 200 "$T/err")"
fi
# and bootstrapped, with the run given twice (two names, same values)
"$CBEVAL" -b 5 -m AP "$T/q" "$T/r" "$T/r" > "$T/bigb" 2>/dev/null
if [ "$(awk -F'\t' 'NR > 1 { print $4, $5, $6 }' "$T/bigb" | sort -u | wc -l)" -eq 1 ]; then
	ok "bootstrap of the 100000-document ranking: both copies agree"
else
	nok "bootstrap of the large ranking: $(cat "$T/bigb")"
fi

# Unreadable file: root reads everything, so only as another user.
printf '1 0 a 1\n' > "$T/q1"
printf '1 Q0 a 1 1 T\n' > "$T/locked"
chmod 000 "$T/locked"
if cat "$T/locked" >/dev/null 2>&1; then
	ok "unreadable file # SKIP this user can read a mode 000 file (root)"
else
	"$CBEVAL" "$T/q1" "$T/locked" > "$T/out" 2> "$T/err"; rc=$?
	if [ $rc -eq 2 ] && [ "$(cat "$T/err")" = "cbeval: $T/locked: cannot open: Permission denied" ] && [ ! -s "$T/out" ]; then
		ok "unreadable file: exit 2, 'cannot open: Permission denied'"
	else
		nok "unreadable file: status $rc, $(cat "$T/err")"
	fi
fi
chmod 600 "$T/locked"
exit $fail
