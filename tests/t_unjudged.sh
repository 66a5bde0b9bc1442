#!/bin/sh
# t_unjudged.sh - run lines read at the speed of a scan (src/input/
# run_fast.c): the lines of a topic's block after its first, and above all
# those of topics the qrels do not have, give what the slow way of reading
# a line gives, results and messages, byte for byte; and qrels lines,
# which are scanned too (qrels.c, fast_lines).
#
# The slow reference: the same files with 64 blanks at the end of every
# line (before any '\r').  A line of more than 63 bytes is never read by
# the scan, so the padded files are read line by line by run_parse_line,
# which splits the blanks away: same fields, same columns, same line
# numbers.  Each case runs cbeval on the files and on their padded copies
# (of the same names, in another directory) and compares standard output,
# standard error and the exit status.
#
# A collection of build/gen with -J 3 (topics 401-412, 401, 404, 407 and
# 410 judged: two thirds of the lines are of topics not in the qrels):
# 1. four runs read together (-q, -F trec -q -m all_trec, -j 1 and 2), one
#    alone, one from standard input;
# 2. interleaved: the lines of every topic dealt round-robin, and half of
#    a block of an unjudged topic moved to the end of the file: the same
#    scores as the sorted files, and the slow way's messages;
# 3. lines out of the ordinary deep inside blocks of unjudged (and judged)
#    topics: 5 and 7 fields, a score "1.2.3" and "1e3", a control byte, a
#    tag of its own, "\r\n", a comment, a bad rank with --order=rank, a
#    qid that starts like the block's, blanks before and after the
#    fields: the same messages at the same line numbers (and, by hand,
#    the messages of the errors);
# 4. blocks longer than the reader's buffers (64 KiB in a group, 1 MiB
#    alone);
# 5. qrels lines, which lexscan reads too: a duplicate judgement deep in a
#    topic (with and without --dedup), grades x, +2, 007, -1 and out of
#    range, a line of 5 fields, a control byte, "\r\n" lines, interleaved
#    topics.
set -u
. tests/lib.sh
GEN=${GEN:-build/gen}

if ! "$GEN" -r 4 -t 12 -d 60 -s 7 -P 20 -J 3 "$T/g" > /dev/null 2>&1; then
	nok "$GEN failed (make build/gen)"
	exit 1
fi
Q=$T/g/qrels
mkdir "$T/f" "$T/p"

# pad FILE: the padded copy of $T/f/FILE in $T/p/FILE.
pad() {
	awk '{ cr = sub(/\r$/, ""); printf "%s%64s%s\n", $0, "", cr ? "\r" : "" }' \
		"$T/f/$1" > "$T/p/$1"
}

# put NAME: FILE from standard input, and its padded copy.
put() {
	cat > "$T/f/$1"
	pad "$1"
}

# same WHAT ARGS...: cbeval ARGS with @ for $T/f or $T/p, and standard
# input from @/stdin when the arguments hold "-"; the two must agree.
same() {
	what=$1
	shift
	for d in f p; do
		a=$(printf '%s\n' "$@" | sed "s|@|$T/$d|g" | tr '\n' ' ')
		in=/dev/null
		[ -f "$T/$d/stdin" ] && in=$T/$d/stdin
		# shellcheck disable=SC2086 # the paths have no blanks
		"$CBEVAL" $a < "$in" > "$T/$d.out" 2> "$T/$d.err"
		echo $? > "$T/$d.st"
		sed "s|$T/$d|@|g" "$T/$d.err" > "$T/$d.e"
	done
	if cmp -s "$T/f.out" "$T/p.out" && cmp -s "$T/f.e" "$T/p.e" &&
	   cmp -s "$T/f.st" "$T/p.st"; then
		ok "$what (status $(cat "$T/f.st"), $(wc -l < "$T/f.out" | tr -d ' ') lines out, $(wc -l < "$T/f.e" | tr -d ' ') of messages)"
	else
		nok "$what: status $(cat "$T/f.st") / $(cat "$T/p.st"); $(diff "$T/f.out" "$T/p.out" | head -n 3 | tr '\n' '|') $(diff "$T/f.e" "$T/p.e" | head -n 4 | tr '\n' '|')"
	fi
}

# message WHAT PATTERN: one of the last case's messages is PATTERN (a
# grep -E pattern for "cbeval: @...").
message() {
	if grep -Eq "$2" "$T/f.e"; then
		ok "$1"
	else
		nok "$1: $(head -n 2 "$T/f.e" | tr '\n' '|')"
	fi
}

for i in 0 1 2 3; do put r$i < "$T/g/runs/gen00$i.run"; done

# ---- 1. sorted files ------------------------------------------------------
same "four runs together" -q "$Q" @/r0 @/r1 @/r2 @/r3
cp "$T/f.out" "$T/sorted4"
same "four runs, -F trec -q -m all_trec, -j 1" -j 1 -F trec -q -m all_trec "$Q" @/r0 @/r1 @/r2 @/r3
same "four runs, -j 2, -b 5" -j 2 -q -b 5 "$Q" @/r0 @/r1 @/r2 @/r3
same "one run alone" -q "$Q" @/r1
cp "$T/f/r2" "$T/f/stdin"
cp "$T/p/r2" "$T/p/stdin"
same "one run from standard input" -q "$Q" -
rm -f "$T/f/stdin" "$T/p/stdin"
if grep -q "topics not in the qrels ignored (402, 403, 405, 406, 408, 409, 411, 412)" "$T/f.e"; then
	ok "the eight unjudged topics are named in the warning"
else
	nok "warning: $(head -n 2 "$T/f.e" | tr '\n' '|')"
fi

# ---- 2. interleaved -------------------------------------------------------
for i in 0 1 2 3; do
	awk '{ k = ++n[$1]; line[$1, k] = $0; if (!($1 in seen)) { seen[$1] = 1; q[++nq] = $1 } }
	     END { for (k = 1; k <= 60; k++) for (j = 1; j <= nq; j++)
	           if ((q[j], k) in line) print line[q[j], k] }' \
		"$T/f/r$i" | put m$i
done
same "round-robin interleaved runs" -q "$Q" @/m0 @/m1 @/m2 @/m3
if cmp -s "$T/f.out" "$T/sorted4"; then
	ok "round-robin interleaved runs: the scores of the sorted files"
else
	nok "round-robin interleaved runs: $(diff "$T/f.out" "$T/sorted4" | head -n 3 | tr '\n' '|')"
fi
awk '$1 == 405 && ++k > 30 { late = late $0 "\n"; next } { print } END { printf "%s", late }' \
	"$T/f/r0" | put h0
same "half of an unjudged block at the end" -q "$Q" @/h0 @/r1 @/r2 @/r3
if cmp -s "$T/f.out" "$T/sorted4"; then
	ok "half of an unjudged block at the end: the scores of the sorted files"
else
	nok "half a block at the end: $(diff "$T/f.out" "$T/sorted4" | head -n 3 | tr '\n' '|')"
fi

# ---- 3. lines out of the ordinary -----------------------------------------
# spoil NAME TOPIC K AWK: run 0 with its K-th line of TOPIC changed by the
# awk statement AWK (on $0, the fields $1..$6), as NAME.
spoil() {
	awk -v t="$2" -v k="$3" "\$1 == t && ++n == k { $4 } { print }" "$T/f/r0" | put "$1"
}
# line TOPIC K: the line number of the K-th line of TOPIC in run 0.
line() { awk -v t="$1" -v k="$2" '$1 == t && ++n == k { print NR; exit }' "$T/f/r0"; }

spoil s5 405 30 '$0 = $1 " " $2 " " $3 " " $4 " " $5'
same "5 fields on an unjudged line" -q "$Q" @/s5 @/r1
message "5 fields: the error at its line" "^cbeval: @/s5:$(line 405 30): run line has 5 fields, expected 6"
spoil j5 404 30 '$0 = $1 " " $2 " " $3 " " $4 " " $5'
same "5 fields on a judged line" -q "$Q" @/j5 @/r1
spoil s7 405 30 '$0 = $0 " extra"'
same "7 fields on an unjudged line" -q "$Q" @/s7 @/r1
spoil sc 402 40 '$5 = "1.2.3"'
same "score 1.2.3 on an unjudged line" -q "$Q" @/sc @/r1
message "score 1.2.3: the error at its line" "^cbeval: @/sc:$(line 402 40): score '1\\.2\\.3': not a number"
spoil se 402 40 '$5 = "1e3"'
same "score 1e3 on an unjudged line" -q "$Q" @/se @/r1
spoil je 404 40 '$5 = "-2.5e-1"'
same "score -2.5e-1 on a judged line" -q "$Q" @/je @/r1
spoil cb 409 12 'sub(/Q0/, "Q\001")'
same "a control byte on an unjudged line" -q "$Q" @/cb @/r1
message "a control byte: the error at its line and column" "^cbeval: @/cb:$(line 409 12): control byte 0x01 at column 6"
spoil tg 411 20 '$6 = "other"'
same "another tag on an unjudged line" -q "$Q" @/tg @/r1
message "another tag: the warning at its line" "^cbeval: @/tg:$(line 411 20): warning: tag other differs from the first line's gen000"
spoil cr 403 10 '$0 = $0 "\r"'
same "a \\r\\n line in an unjudged block" -q "$Q" @/cr @/r1
spoil cm 403 10 '$0 = "# a comment"'
same "a comment in an unjudged block" -q "$Q" @/cm @/r1
spoil rk 406 50 '$4 = "x"'
same "--order=rank, rank x on an unjudged line" -q --order=rank "$Q" @/rk @/r1
message "rank x: the error at its line" "^cbeval: @/rk:$(line 406 50): rank 'x': not an integer"
same "--order=file with the same file" -q --order=file "$Q" @/rk @/r1
awk 'NR % 3 == 0 { $0 = $0 "   " } NR % 5 == 0 { $0 = "\t" $0 } { print }' \
	"$T/f/r0" | put tb
same "blanks before and after the fields of short lines" -q "$Q" @/tb @/r1
spoil qd 402 25 '$1 = "4020"'
same "a qid that starts as the block's" -q "$Q" @/qd @/r1
spoil qn 402 25 '$1 = "404"'
same "a line of a judged topic inside an unjudged block" -q "$Q" @/qn @/r1

# ---- 4. blocks longer than the reader's buffers ----------------------------
if "$GEN" -r 2 -t 4 -d 6000 -s 9 -P 20 -J 4 "$T/big" > /dev/null 2>&1; then
	Q=$T/big/qrels
	put b0 < "$T/big/runs/gen000.run"
	put b1 < "$T/big/runs/gen001.run"
	same "blocks of 6000 lines (about 250 KiB) in a group" -q "$Q" @/b0 @/b1
	cat "$T/f/b0" "$T/f/b1" "$T/f/b0" | sed 's/gen001$/gen000/' | put b3
	same "a file of 1.4 MB read alone" -q --dedup "$Q" @/b3
else
	nok "$GEN -d 6000 failed"
fi
# ---- 5. qrels lines (read by lexscan too) -----------------------------------
Q=$T/g/qrels
put q < "$Q"
# qspoil NAME TOPIC K AWK: the qrels with the K-th line of TOPIC changed.
qspoil() {
	awk -v t="$2" -v k="$3" "\$1 == t && ++n == k { $4 } { print }" "$Q" | put "$1"
}
qline() { awk -v t="$1" -v k="$2" '$1 == t && ++n == k { print NR; exit }' "$Q"; }
same "qrels as generated" -q @/q @/r0 @/r1
qspoil qd 404 40 '$3 = "'"$(awk '$1 == 404 { n++ } n == 20 { print $3; exit }' "$Q")"'"'
same "qrels: a duplicate judgement deep in a topic" -q @/qd @/r0
message "qrels duplicate: the error at its line" "^cbeval: @/qd:$(qline 404 40): duplicate judgement of document"
same "qrels: the duplicate with --dedup" -q --dedup @/qd @/r0
qspoil qg 407 30 '$4 = "x"'
same "qrels: a grade x" -q @/qg @/r0
message "qrels grade x: the error at its line" "^cbeval: @/qg:$(qline 407 30): relevance grade 'x': not an integer"
qspoil qo 407 30 '$4 = "2147483648"'
same "qrels: a grade out of range" -q @/qo @/r0
for g in +2 007 -1; do
	qspoil qp 407 31 "\$4 = \"$g\""
	same "qrels: a grade $g" -q @/qp @/r0
done
qspoil q5 410 12 '$0 = $0 " 5"'
same "qrels: a line of 5 fields" -q @/q5 @/r0
qspoil qc 410 12 'sub(/ 0 /, " \001 ")'
same "qrels: a control byte" -q @/qc @/r0
awk '{ printf "%s\r\n", $0 }' "$Q" | put qr
same "qrels: \\r\\n lines" -q @/qr @/r0
awk 'NR % 2 { print; next } { late = late $0 "\n" } END { printf "%s", late }' "$Q" | put qi
same "qrels: interleaved topics" -q @/qi @/r0 @/r1
exit $fail
