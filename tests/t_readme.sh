#!/bin/sh
# tests/t_readme.sh - the examples of README.md and of the EXAMPLES
# section of every man page (man/*.[1-9]) run as written and print what
# README.md shows.  Nothing is
# copied into this script: the commands and their expected output are
# extracted from the two documents at every run, so neither can drift
# from the program.
#
# README.md.  Every fenced block opened by "```sh" is a script.  A plain
# fenced block ("```") that follows it with only blank lines between is
# its expected output.  An HTML comment on the last non-blank line before
# an opening fence is a marker:
#   <!-- not run: REASON -->     the sh block is not a runnable example
#                                (make, make install); REASON is required
#   <!-- needs: REQ ... -->      run the sh block only where every REQ is
#                                there, else print "ok - ... # SKIP": a
#                                command on PATH, or CMD:MODULE for a
#                                python CMD that can import MODULE
#   <!-- output of: COMMAND -->  the plain block that follows is the output
#                                of COMMAND (such as a table's header line)
# Any other comment right before a fence, and a marker that is not right
# before one, is an error.
#
# man/*.[1-9], section EXAMPLES (of the pages that have one: cbeval.1).
# Every ".Bd -literal" display whose
# first line starts with "$ " is a script: its lines starting with "$ "
# are commands, continued by the lines up to the next "$ " (roff's \e is
# a backslash).  The page shows no output, so only the status and
# standard error are checked.  A comment line '.\" needs: REQ ...' right
# before ".Bd" works as in README.md.
#
# Running.  The scripts of one README section ("## " heading), and those
# of one man page, run in order in one scratch directory (a block may read
# what an earlier one wrote, such as rel.tsv), each with "sh -e", standard
# input /dev/null and a PATH whose first directory holds "cbeval".  Both
# ./cbeval and "cbeval" on PATH are $CBEVAL, the binary under test (which
# may be the sanitizer build); data/ is the repository's data/; and the
# directory holds stand-ins for the files that the examples take from the
# user: qrels and runs/ (data/'s), run (data/runs/gen000.run), run.gz (the
# same, gzipped), and runA, runB, runC (gen006, gen007 and gen000 with
# their tags changed to A, B and C).
#
# Checks.  A script must exit 0 with nothing on standard error (scripts
# with "needs" may warn), and its standard output must match the expected
# output, if any: runs of blanks and tabs count as one blank, leading and
# trailing blanks and trailing empty lines are ignored, and a line "..."
# in the expected output matches any number of lines.
#
# --pairs with and without -q.  Every script with a "cbeval ... --pairs"
# command that has no -q is run a second time with "-q" added after
# "--pairs", in a second scratch directory, together with every later
# script of its section that names a file the first one writes (the word
# after a ">" outside quotes); the others of the section that write files
# run too, unchecked, to make them.  The output must be the same once the
# rows of topics (lines whose 4th field is a qid of data/qrels) are left
# out of it: an awk recipe over --pairs columns gives the same rows for
# qid "all" whether or not the table was made with -q.
#
# Time: about 10 s with the optimised build, 25 s with the sanitizer
# build (2 cores), so it runs with both.
#
# Environment: CBEVAL = the binary to test (default ./cbeval, relative to
# the top of the tree).  Prints "ok - ..." / "not ok - ..." per script
# ("#" lines show what differs); exits 1 if any check failed.  POSIX sh +
# awk.
set -u

. "$(dirname "$0")/top.sh"
. tests/lib.sh

README=README.md
PAGES=$(ls man/*.[1-9])
US=$(printf '\037')
B=$T/blocks
mkdir "$B" "$T/bin" "$T/stand" || exit 2
ln -s "$CBEVAL" "$T/bin/cbeval" || exit 2

# Print a file as "#" comment lines.
explain() { sed 's/^/#   /' "$1" | head -n "${2:-20}"; }

# ---- extraction ------------------------------------------------------------
# Both extractors write $B/ID.sh (the script), $B/ID.want (the expected
# output, when there is one) and a line of $B/index per block:
#   ID src section-id section kind arg
# separated by \037; kind is run, notrun (arg: the reason), needs (arg:
# the requirements) or error (arg: the message; src: where).

awk -v dir="$B" -v us="$US" -v src="$README" '
function trim(x) { sub(/^[ \t]+/, "", x); sub(/[ \t]+$/, "", x); return x }
function out(id, line, sec, kind, arg) {
	printf "%s%s%s:%d%s%d%s%s%s%s%s%s\n", id, us, src, line, us, nsec, us,
		sec, us, kind, us, arg > (dir "/index")
}
function error(line, msg) { out("-", line, "", "error", msg); errors++ }
function newid() { return sprintf("r%03d", ++n) }
# The marker before a fence: kind and argument, or "" if there is none.
function marker(   m) {
	mkind = ""; marg = ""
	if (mline == "") return
	m = mline
	sub(/^<!--[ \t]*/, "", m); sub(/[ \t]*-->$/, "", m)
	if (m ~ /^not run:/) { mkind = "notrun"; marg = trim(substr(m, 9)) }
	else if (m ~ /^needs:/) { mkind = "needs"; marg = trim(substr(m, 7)) }
	else if (m ~ /^output of:/) { mkind = "output"; marg = trim(substr(m, 11)) }
	else { error(mnr, "unknown marker before a fenced block: " mline); mkind = "bad" }
	if (mkind != "bad" && marg == "") { error(mnr, "marker without its argument: " mline); mkind = "bad" }
}
BEGIN { nsec = 0; sec = "(top)" }
fence {
	if ($0 ~ /^```[ \t]*$/) {
		fence = 0
		if (target != "") close(target)
		pending = (lang == "sh" && id != "") ? id : ""
		target = ""
		next
	}
	if (target != "") print > target
	next
}
/^```/ {
	lang = trim(substr($0, 4)); fence = 1; target = ""; id = ""
	marker()
	if (lang == "sh") {
		id = newid()
		if (mkind == "notrun") out(id, NR, sec, "notrun", marg)
		else if (mkind == "needs") out(id, NR, sec, "needs", marg)
		else if (mkind == "output") error(mnr, "\"output of\" marker before a sh block")
		else if (mkind == "") out(id, NR, sec, "run", "")
		target = dir "/" id ".sh"
		printf "" > target
	} else if (lang == "") {
		if (mkind == "output") {
			id = newid()
			out(id, NR, sec, "run", "")
			print marg > (dir "/" id ".sh"); close(dir "/" id ".sh")
			target = dir "/" id ".want"
		} else if (mkind != "" && mkind != "bad") {
			error(mnr, "marker before a block that is not sh: " mline)
		} else if (pending != "") {
			target = dir "/" pending ".want"
		}
	} else if (mkind != "" && mkind != "bad") {
		error(mnr, "marker before a ```" lang " block: " mline)
	}
	pending = ""; mline = ""
	next
}
/^[ \t]*$/ { next }
{
	# a non-blank line outside the fences
	if (mline != "" && mline ~ /^<!--[ \t]*(not run|needs|output of)/)
		error(mnr, "marker not right before a fenced block: " mline)
	mline = ""
	pending = ""
	if ($0 ~ /^<!--.*-->[ \t]*$/) { mline = trim($0); mnr = NR }
	if ($0 ~ /^## /) { sec = substr($0, 4); nsec++ }
}
END {
	if (fence) error(NR, "fenced block not closed")
	if (mline != "" && mline ~ /^<!--[ \t]*(not run|needs|output of)/)
		error(mnr, "marker not right before a fenced block: " mline)
}' "$README" || exit 2

# Each man page: section EXAMPLES, one section of its own per page.
for page in $PAGES; do
awk -v dir="$B" -v us="$US" -v src="$page" -v sec="man-$(basename "$page")" '
function out(id, line, kind, arg) {
	printf "%s%s%s:%d%s%s%s%s%s%s%s%s\n", id, us, src, line, us, sec, us,
		"EXAMPLES", us, kind, us, arg >> (dir "/index")
}
function error(line, msg) { out("-", line, "error", msg) }
# Replace every s of x by r (no regular expressions).
function repl(x, s, r,   i, y) {
	y = ""
	while ((i = index(x, s)) > 0) { y = y substr(x, 1, i - 1) r; x = substr(x, i + length(s)) }
	return y x
}
function unroff(x) {
	x = repl(x, "\\e", "\001"); x = repl(x, "\\(dq", "\""); x = repl(x, "\\-", "-")
	x = repl(x, "\\&", ""); return repl(x, "\001", "\\")
}
BEGIN { mid = sec; gsub(/[^A-Za-z0-9]/, "_", mid) }
/^\.Sh / { ex = ($2 == "EXAMPLES"); next }
!ex { next }
inbd && /^\.Ed/ {
	inbd = 0
	if (ncmd) {
		close(target)
		if (bneeds != "") out(id, bline, "needs", bneeds); else out(id, bline, "run", "")
	} else if (bneeds != "")
		error(bline, "needs comment before a display that is not an example")
	next
}
inbd {
	if (inbd == 2) next                  # not an example
	if (/^\./) { error(NR, "roff request inside an example: " $0); next }
	if (/^\$ /) { sub(/^\$ /, ""); ncmd++ }
	else if (!ncmd) { inbd = 2; next }   # no "$ " first: not an example
	print unroff($0) > target
	next
}
/^\.\\" needs:/ { needs = $0; sub(/^\.\\" needs:[ \t]*/, "", needs); nline = NR; next }
/^\.Bd -literal/ {
	id = sprintf("m%s%03d", mid, ++n); inbd = 1; ncmd = 0; bline = NR
	bneeds = needs; needs = ""
	target = dir "/" id ".sh"
	next
}
needs != "" { error(nline, "needs comment not right before .Bd: " needs); needs = "" }
' "$page" || exit 2
done

# ---- the scratch directories -----------------------------------------------
gzip -c data/runs/gen000.run > "$T/stand/run.gz" || exit 2
for x in A:gen006 B:gen007 C:gen000; do
	awk -v tag="${x%%:*}" '{ $6 = tag; print }' "data/runs/${x#*:}.run" > "$T/stand/run${x%%:*}" || exit 2
done

# A scratch directory: $1 = its path (made once, with the stand-ins).
scratch() {
	[ -d "$1" ] && return 0
	mkdir "$1" &&
		ln -s "$CBEVAL" "$1/cbeval" &&
		ln -s "$top/data" "$1/data" &&
		ln -s "$top/data/qrels" "$1/qrels" &&
		ln -s "$top/data/runs" "$1/runs" &&
		ln -s "$top/data/runs/gen000.run" "$1/run" &&
		cp "$T/stand/run.gz" "$T/stand/runA" "$T/stand/runB" "$T/stand/runC" "$1/"
}

# Every REQ of $1 is there (command, or CMD:MODULE for a python CMD).
missing() {
	for r in $1; do
		case $r in
		*:*)
			command -v "${r%%:*}" > /dev/null 2>&1 &&
				"${r%%:*}" -c "import ${r#*:}" > /dev/null 2>&1 ||
				{ echo "$r"; return; } ;;
		*) command -v "$r" > /dev/null 2>&1 || { echo "$r"; return; } ;;
		esac
	done
}

# Run script $1 in directory $2: standard output to $3, error to $4;
# returns the status.
runs() {
	(cd "$2" && PATH="$T/bin:$PATH" exec sh -e "$1") < /dev/null > "$3" 2> "$4"
}

# Normalise $1 for comparison: blanks squeezed, ends trimmed, trailing
# empty lines dropped.
norm() {
	awk '{ gsub(/[ \t]+/, " "); sub(/^ /, ""); sub(/ $/, ""); l[NR] = $0 }
		END { n = NR; while (n > 0 && l[n] == "") n--; for (i = 1; i <= n; i++) print l[i] }' "$1"
}

# $1 (expected, with "..." lines) matches $2 (actual), both normalised.
matches() {
	awk 'NR == FNR { w[++m] = $0; next } { g[++n] = $0 }
	END {
		i = 1; j = 1; star = 0
		while (j <= n) {
			if (i <= m && w[i] == "...") { star = i; mark = j; i++ }
			else if (i <= m && w[i] == g[j]) { i++; j++ }
			else if (star) { i = star + 1; mark++; j = mark }
			else exit 1
		}
		while (i <= m && w[i] == "...") i++
		exit !(i > m)
	}' "$1" "$2"
}

# The label of a block: where it is and its first line, shortened.
label() {
	printf '%s: %s' "$1" "$(head -n 1 "$B/$2.sh" | cut -c 1-64)"
}

awk '{ print $1 }' data/qrels | sort -u > "$T/topics"

# ---- first pass: every block as written -------------------------------------
nrun=0 nnot=0 nskip=0 nwant=0 nman=0
: > "$T/ran"
while IFS=$US read -r id src secid sec kind arg; do
	case $kind in
	error)
		nok "$src: $arg"
		continue ;;
	notrun)
		nnot=$((nnot + 1))
		continue ;;
	needs)
		m=$(missing "$arg")
		if [ -n "$m" ]; then
			ok "$(label "$src" "$id") # SKIP $m not installed"
			nskip=$((nskip + 1))
			continue
		fi ;;
	esac
	dir=$T/s.$secid
	scratch "$dir" || exit 2
	runs "$B/$id.sh" "$dir" "$B/$id.got" "$B/$id.err"
	rc=$?
	echo "$id" >> "$T/ran"
	nrun=$((nrun + 1))
	case $src in man/*) nman=$((nman + 1)) ;; esac
	why=
	[ $rc -eq 0 ] || why="status $rc"
	if [ "$kind" = run ] && [ -s "$B/$id.err" ]; then
		why="${why:+$why, }standard error not empty"
	fi
	if [ -f "$B/$id.want" ]; then
		nwant=$((nwant + 1))
		norm "$B/$id.want" > "$B/$id.wn"
		norm "$B/$id.got" > "$B/$id.gn"
		matches "$B/$id.wn" "$B/$id.gn" || why="${why:+$why, }output differs from the text after it"
		what="prints what $README shows"
	else
		what="runs"
	fi
	if [ -z "$why" ]; then
		ok "$(label "$src" "$id") ($what)"
	else
		nok "$(label "$src" "$id") ($why)"
		if [ -s "$B/$id.err" ]; then
			echo "#   standard error:"
			explain "$B/$id.err" 10
		fi
		case $why in *differs*)
			echo "#   expected (< , \"...\" matches any lines) and actual (>):"
			diff "$B/$id.wn" "$B/$id.gn" | sed 's/^/#   /' | head -n 30 ;;
		esac
	fi
done < "$B/index"

# Not-run markers state a reason (checked by the extractor: a marker with
# no reason is an error line above); the counts show what was found.
if [ $nrun -ge 20 ] && [ $nwant -ge 10 ] && [ $nman -ge 10 ]; then
	ok "$README and the man pages: $nrun scripts run ($nwant with the output shown, $nman from the man pages), $nskip skipped for a missing tool, $nnot marked not run with a reason"
else
	nok "too few examples found: $nrun run, $nwant with output, $nman from the man pages (is the extraction broken?)"
fi

# ---- second pass: --pairs with -q added --------------------------------------
# A block changes when it has "--pairs" and no -q; its section is run again.
haspairs() { grep -q -e '--pairs' "$1" && ! grep -q -E '(^|[[:space:]])-q([[:space:]]|$)' "$1"; }
# The files a script writes: the word after each ">" or ">>" outside
# quotes (not >&N, not /dev/*).
writes() {
	awk '{ s = s $0 "\n" }
	END {
		n = length(s); q = ""
		for (i = 1; i <= n; i++) {
			c = substr(s, i, 1)
			if (q != "") { if (c == q) q = ""; continue }
			if (c == "\047" || c == "\"") { q = c; continue }
			if (c != ">") continue
			if (substr(s, i + 1, 1) == ">") i++
			if (substr(s, i + 1, 1) == "&") continue
			w = substr(s, i + 1)
			sub(/^[ \t]+/, "", w); sub(/[ \t\n;|&)].*/, "", w)
			if (w != "" && w !~ /^\/dev\//) print w
		}
	}' "$1"
}
# Script $1 names one of the words of $2.
names() {
	awk -v files="$2" 'BEGIN { n = split(files, f, " "); for (i = 1; i <= n; i++) want[f[i]] }
		{ k = split($0, w, /[^A-Za-z0-9._\/-]+/); for (i = 1; i <= k; i++) if (w[i] in want) found = 1 }
		END { exit !found }' "$1"
}

: > "$T/qsections"
while IFS=$US read -r id src secid sec kind arg; do
	grep -q -x "$id" "$T/ran" || continue
	haspairs "$B/$id.sh" && echo "$secid" >> "$T/qsections"
done < "$B/index"

nq=0
pfiles=
cursec=
while IFS=$US read -r id src secid sec kind arg; do
	grep -q -x "$id" "$T/ran" || continue
	grep -q -x "$secid" "$T/qsections" || continue
	[ "$secid" = "$cursec" ] || { cursec=$secid; pfiles=; }
	dir=$T/q.$secid
	scratch "$dir" || exit 2
	check=0
	if haspairs "$B/$id.sh"; then
		sed 's/--pairs/--pairs -q/g' "$B/$id.sh" > "$B/$id.q.sh"
		pfiles="$pfiles $(writes "$B/$id.sh" | tr '\n' ' ')"
		check=1
	else
		cp "$B/$id.sh" "$B/$id.q.sh"
		[ -n "$(echo $pfiles)" ] && names "$B/$id.sh" "$pfiles" && check=1
		# neither changed nor reading a changed file: run it only if
		# it writes a file that a later script may read
		[ $check -eq 1 ] || [ -n "$(writes "$B/$id.sh")" ] || continue
	fi
	runs "$B/$id.q.sh" "$dir" "$B/$id.q.got" "$B/$id.q.err"
	rc=$?
	[ $check -eq 1 ] || continue
	nq=$((nq + 1))
	awk 'NR == FNR { t[$1]; next } !(NF >= 4 && ($4 in t))' "$T/topics" "$B/$id.q.got" > "$B/$id.q.all"
	norm "$B/$id.q.all" > "$B/$id.q.n"
	norm "$B/$id.got" > "$B/$id.gn"
	why=
	[ $rc -eq 0 ] || why="status $rc"
	if [ "$kind" = run ] && [ -s "$B/$id.q.err" ]; then
		why="${why:+$why, }standard error not empty"
	fi
	cmp -s "$B/$id.gn" "$B/$id.q.n" || why="${why:+$why, }rows for qid all differ"
	if [ -z "$why" ]; then
		ok "$(label "$src" "$id") (with --pairs -q: the same rows for qid all)"
	else
		nok "$(label "$src" "$id") (with --pairs -q: $why)"
		explain "$B/$id.q.err" 10
		echo "#   without -q (<) and with -q, rows of topics left out (>):"
		diff "$B/$id.gn" "$B/$id.q.n" | sed 's/^/#   /' | head -n 30
	fi
done < "$B/index"
if [ $nq -ge 5 ]; then
	ok "$nq scripts that read --pairs output checked with -q added"
else
	nok "only $nq scripts that read --pairs output checked with -q added"
fi
exit $fail
