#!/bin/sh
# t_group.sh - the two ways of loading runs give the same results and the
# same messages: run files of a group read in topic lockstep
# (run_load_group, for two or more regular files) against one file read
# alone or from standard input (run_load).  Cases: the bundled runs, with
# images and per topic; topics not together; topics together in another
# order than the qrels'; unknown and missing topics; duplicates with and
# without --dedup; a bad line among good files; -M, --order=rank and
# --order=file; .gz files; 70 files over 1 to 5 threads (several groups
# per thread, groups of unequal length).
set -u
. tests/lib.sh

Q=data/qrels

# same_rows NAME FILE_A FILE_B: ok when the two outputs are identical.
same_rows() {
	if cmp -s "$2" "$3"; then
		ok "$1"
	else
		nok "$1: $(diff "$2" "$3" | head -n 4 | tr '\n' '|')"
	fi
}

# rows_of RUN FILE: the rows of run RUN in FILE (the header and others out).
rows_of() { awk -F'\t' -v r="$1" '$1 == r' "$2" | cut -f 1-11; }

# 1. Every bundled run read in a group (all ten files) and from standard
# input (read alone): the same per-topic scores of the root and 12 images
# (the summary's columns up to ci_hi: the ranks are among the runs read).
"$CBEVAL" -q -b 12 --images "$T/gi" $Q data/runs/*.run > "$T/g" 2> "$T/ge"
bad=0
for f in data/runs/*.run; do
	name=$(basename "$f" .run)
	"$CBEVAL" -q -b 12 --images "$T/si" $Q - < "$f" > "$T/s" 2>/dev/null
	rows_of "$name" "$T/g" > "$T/a"
	rows_of "$name" "$T/s" > "$T/b"
	rows_of "$name" "$T/gi" > "$T/ai"
	rows_of "$name" "$T/si" > "$T/bi"
	if ! cmp -s "$T/a" "$T/b" || ! cmp -s "$T/ai" "$T/bi" || [ ! -s "$T/a" ]; then
		bad=$((bad + 1))
	fi
done
if [ $bad -eq 0 ] && [ ! -s "$T/ge" ]; then
	ok "10 bundled runs: per-topic scores and 12 images the same read together and from standard input"
else
	nok "bundled runs: $bad differ between the two ways of loading"
fi

# Fixtures: three small runs over topics 401-403 of data/qrels.
awk '$1 <= 403' $Q > "$T/q"
for i in 1 2 3; do
	awk -v i=$i '$1 <= 403 { print $1, "Q0", $3, $4, $5 + i / 8, "r" i }' data/runs/gen00$i.run > "$T/r$i"
done
# topics not together: every other line of topic 402 moved to the end
awk '$1 == 402 && NR % 2 { late = late $0 "\n"; next } { print } END { printf "%s", late }' "$T/r1" > "$T/mix"
# topics together but in the reverse of the qrels' order
awk '{ line[NR] = $0; q[NR] = $1 } END { for (t = 403; t >= 401; t--) for (i = 1; i <= NR; i++) if (q[i] == t) print line[i] }' "$T/r2" > "$T/rev"
# an unknown topic (999) and a missing one (403)
{ awk '$1 != 403' "$T/r2"; echo "999 Q0 x 1 1 r2"; } > "$T/miss"
# duplicates: two lines of topic 401 again
{ cat "$T/r3"; awk '$1 == 401' "$T/r3" | head -n 2; } > "$T/dup"
# one bad line (line 5: a score that is not a number)
awk 'NR == 5 { $5 = "1.x" } { print }' "$T/r2" > "$T/bad"

# together ARGS... : run FILE in a group (after r1, r2, r3) and alone from
# standard input; compare its rows, the status and the messages (with the
# file's name for "<stdin>").
together() {
	f=$1; shift
	"$CBEVAL" "$@" "$T/q" "$T/r1" "$T/r2" "$T/r3" "$f" > "$T/o1" 2> "$T/e1"
	s1=$?
	"$CBEVAL" "$@" "$T/q" "$T/r1" "$T/r2" "$T/r3" - < "$f" > "$T/o2" 2> "$T/e2"
	s2=$?
	sed "s|<stdin>|$f|" "$T/e2" > "$T/e2f"
	name=$(awk 'NR == 1 { print $6 }' "$f")
	[ "$name" = r1 ] || [ "$name" = r2 ] || [ "$name" = r3 ] || name=x
	if [ $s1 -eq $s2 ] && cmp -s "$T/o1" "$T/o2" && cmp -s "$T/e1" "$T/e2f"; then
		return 0
	fi
	echo "# status $s1 / $s2; $(diff "$T/o1" "$T/o2" | head -n 3 | tr '\n' '|') $(diff "$T/e1" "$T/e2f" | head -n 3 | tr '\n' '|')"
	return 1
}

check() {
	what=$1; shift
	if together "$@"; then ok "$what"; else nok "$what"; fi
}

check "topics not together: the same rankings in a group as alone" "$T/mix" -q -b 5
check "topics in reverse order: the same rankings in a group as alone" "$T/rev" -q -b 5
check "an unknown and a missing topic: the same scores and warnings" "$T/miss" -q
check "duplicates: the same error in a group as alone" "$T/dup" -q
check "duplicates with --dedup: the same scores and warning" "$T/dup" -q --dedup
check "a bad line among good files: the same message and status" "$T/bad" -q
if grep -q "^cbeval: $T/bad:5: score '1.x'" "$T/e1"; then
	ok "the bad line is reported on its own line number"
else
	nok "bad line: $(head -c 200 "$T/e1")"
fi
check "-M 7 --order=rank: the same cut rankings" "$T/r3" -q -M 7 --order=rank
check "--order=file: the same rankings" "$T/r3" -q --order=file
[ -s "$T/mix" ] && grep -q "^402 " "$T/mix" || nok "fixture: no topic 402"

# .gz files in a group: the same as the plain files.
if command -v gzip > /dev/null 2>&1; then
	for i in 1 2 3; do gzip -c "$T/r$i" > "$T/r$i.gz"; done
	"$CBEVAL" -q "$T/q" "$T/r1" "$T/r2" "$T/r3" > "$T/p" 2>&1
	"$CBEVAL" -q "$T/q" "$T/r1.gz" "$T/r2.gz" "$T/r3.gz" > "$T/z" 2>&1
	same_rows "three .gz files in a group: the same as the plain files" "$T/p" "$T/z"
else
	ok ".gz files in a group # SKIP no gzip"
fi

# 70 files (topics 401-403, each with its own tag) over 1 to 5 threads: the
# output equals the 70 files read one at a time from standard input.
i=0
while [ $i -lt 70 ]; do
	awk -v i=$i '$1 <= 403 && (NR + i) % 3 { print $1, "Q0", $3, $4, $5 + i / 64, "t" i }' \
		data/runs/gen00$((i % 10)).run > "$T/m$i"
	i=$((i + 1))
done
printf 'run\tqid\tmeasure\tvalue\n' > "$T/one"
i=0
while [ $i -lt 70 ]; do
	"$CBEVAL" -m AP -m P@10 "$T/q" - < "$T/m$i" | tail -n +2 >> "$T/one"
	i=$((i + 1))
done
bad=0
for j in 1 2 3 5; do
	"$CBEVAL" -j $j -m AP -m P@10 "$T/q" $(i=0; while [ $i -lt 70 ]; do echo "$T/m$i"; i=$((i + 1)); done) > "$T/all" 2> "$T/alle"
	cmp -s "$T/all" "$T/one" && [ ! -s "$T/alle" ] || bad=$((bad + 1))
done
if [ $bad -eq 0 ] && [ "$(wc -l < "$T/one")" -eq 141 ]; then
	ok "70 files with -j 1, 2, 3, 5: the same as each read alone"
else
	nok "70 files: $bad of 4 thread counts differ from the files read alone"
fi
exit $fail
