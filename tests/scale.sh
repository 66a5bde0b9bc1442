#!/bin/sh
# tests/scale.sh - "make check-scale": huge inputs, generated here and
# deleted afterwards (about 2.6 GB in TMPDIR; skipped with less than 8 GB
# free).  Not part of "make test": it takes a few minutes.
#  1. A 2.3 GB run file (1000 topics x 50 000 documents, 50 M lines) with a
#     qrels of 10 M lines: peak memory must stay within twice the interned
#     data, estimated from what cbeval keeps per document (the docno and
#     its terminating NUL, 8 bytes of hash, 8 of pointer, 4 of length and
#     8 to 16 of hash slots) and per retrieved document (a 4-byte id):
#     interned = D * (L + 1 + 28) + 4 * E for D distinct (topic, docno)
#     pairs of mean length L and E run lines (the lower end of the slots).
#  2. Streaming: the same run with every line padded by an ignored 7th
#     field (8x the bytes) must not need more memory (within 10%).
set -u
CBEVAL=${CBEVAL:-./cbeval}
dir=${TMPDIR:-/tmp}
free_kb=$(df -Pk "$dir" | awk 'NR == 2 { print $4 }')
if [ "$free_kb" -lt 8000000 ]; then
	echo "ok - check-scale # SKIP less than 8 GB free in $dir"
	exit 0
fi
T=$(mktemp -d "$dir/cbeval-scale.XXXXXX")
trap 'rm -rf "$T"' EXIT
fail=0
peak() { # peak KiB of cbeval ARGS, by /usr/bin/time or VmHWM polling
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f %M "$CBEVAL" "$@" 2>&1 >/dev/null | tail -n 1
	else
		"$CBEVAL" "$@" >/dev/null 2>&1 & pid=$!; hwm=0
		while kill -0 $pid 2>/dev/null; do
			h=$(awk '/VmHWM/ { print $2 }' /proc/$pid/status 2>/dev/null)
			[ -n "$h" ] && hwm=$h; sleep 0.05
		done
		wait $pid; echo $hwm
	fi
}
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (b - a) / 1e9 }'; }

echo "# generating 50 M run lines and 10 M judgements"
awk 'BEGIN { for (t = 1; t <= 1000; t++) for (i = 1; i <= 50000; i++)
	printf "%d Q0 DOC-%d-%07d %d %.4f bigrun\n", t, t % 37, i, i, 100000 - i }' > "$T/run"
awk 'BEGIN { for (t = 1; t <= 1000; t++) for (i = 1; i <= 10000; i++)
	printf "%d 0 DOC-%d-%07d %d\n", t, t % 37, i * 5, (i % 7 == 0) }' > "$T/qrels"
size=$(wc -c < "$T/run")
t0=$(date +%s%N)
kb=$(peak -m AP "$T/qrels" "$T/run")
t1=$(date +%s%N)
# D = 50 M distinct topic-docnos (the judged ones are among them), docnos
# "DOC-x-0000000" of 13 or 14 bytes (mean 13.7: t % 37 has two digits for 27 of 37)
est=$(awk 'BEGIN { D = 50e6; L = 13 + 27 / 37; E = 50e6; printf "%.0f", (D * (L + 1 + 28) + 4 * E) / 1024 }')
echo "# run file $(awk -v s="$size" 'BEGIN { printf "%.2f GB", s / 1e9 }'), 50 M lines: $(secs "$t0" "$t1") s, peak $((kb / 1024)) MiB, interned data about $((est / 1024)) MiB"
if [ "$kb" -le $((2 * est)) ]; then
	ok=$(awk -v a="$kb" -v b="$est" 'BEGIN { printf "%.2f", a / b }')
	echo "ok - 2.3 GB run + 10 M judgements: peak $ok x the interned data (limit 2x)"
else
	echo "not ok - peak $kb KiB exceeds twice the interned data ($est KiB)"; fail=1
fi

printf '1 Q0 DOC-1-0000005 1 1 t\n' > "$T/one"
kbq=$(peak -m AP "$T/qrels" "$T/one")
echo "# 10 M judgements alone: peak $((kbq / 1024)) MiB"

# Streaming: 100 topics x 20 000 documents, plain and padded 8x.
awk 'BEGIN { for (t = 1; t <= 100; t++) for (i = 1; i <= 20000; i++)
	printf "%d Q0 D%d-%06d %d %d.25 small\n", t, t, i, i, 30000 - i }' > "$T/small"
awk -v pad="$(printf '%0300d' 0)" '{ print $0, pad }' "$T/small" > "$T/padded"
awk 'BEGIN { for (t = 1; t <= 100; t++) printf "%d 0 D%d-%06d 1\n", t, t, 7 }' > "$T/q1"
a=$(peak -m AP "$T/q1" "$T/small")
b=$(peak -m AP "$T/q1" "$T/padded")
echo "# $(wc -c < "$T/small") bytes: peak $a KiB; padded to $(wc -c < "$T/padded") bytes: peak $b KiB"
if [ "$b" -le $((a + a / 10)) ]; then
	echo "ok - memory follows the data kept, not the file size (padded file: $b KiB vs $a KiB)"
else
	echo "not ok - padded file needs $b KiB against $a KiB"; fail=1
fi
exit $fail
