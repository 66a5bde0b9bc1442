#!/bin/sh
# tests/t_cli.sh - table-driven command-line tests of cbeval.  The cases are
# in tests/cli_cases.txt (or the file given as $1); each runs cbeval once in
# its own directory under a mktemp -d directory and checks the exit status,
# standard error and standard output.  Prints "ok - NAME" or "not ok - NAME
# (what differs)" (followed by "#"-prefixed diffs) per case; exits 1 if any
# case failed.  POSIX sh + awk (runs under dash).
#
# Environment: CBEVAL = the binary to test (default ./cbeval).
#
# Table format (line based; "##" lines are comments anywhere):
#
#   %define NAME ... %end   a block of lines; a line "@NAME@" in a "file"
#                           section or an expected stdout/stderr section
#                           expands to it (define before use)
#   === CASE NAME           starts a case; header lines follow:
#   args: ARGS              the arguments, in shell syntax (eval'd)
#   status: N               expected exit status (default 0)
#   stdin: FILE             standard input (default /dev/null)
#   stdout: PATH            send standard output to PATH (such as /dev/full)
#                           instead of capturing it; the case is skipped
#                           when PATH does not exist
#   --- file NAME           input file NAME, the lines that follow verbatim
#   --- printf NAME         input file NAME = printf of the lines that follow,
#                           joined with no separator (\n \r \t \NNN octal;
#                           write %% for %)
#   --- sh NAME             input file NAME = standard output of the shell
#                           snippet that follows (run in the case directory,
#                           after the files declared before it exist)
#   --- dir NAME            an empty directory NAME
#   --- stdout [MODE]       expected standard output; MODE:
#                             (none)   the lines verbatim
#                             tsv      fields separated by runs of blanks in
#                                      the table, by one tab in the output
#                             trec     fields "measure qid value", printed as
#                                      trec_eval does: %-22s\t%s\t%s
#                             contains each line must occur in the output
#                             empty    must be empty (as with no section)
#                           No stdout section: standard output must be empty.
#   --- stderr [contains|empty]  expected standard error, the same way;
#                           no section: standard error must be empty
#
# In args, stdout and stderr, @NAME@ (NAME of letters, digits, ".", "_",
# "-") becomes the path of NAME in the case directory (in args, quoted: do
# not put @NAME@ inside quotes there), so messages can be matched exactly
# ("cbeval: @r@:3: ...").  Trailing blank lines of a section
# are dropped (use printf for a file that must end in blank lines).
set -u
CBEVAL=${CBEVAL:-./cbeval}
case $CBEVAL in
/*) ;;
*/*) CBEVAL=$(pwd)/$CBEVAL ;;
esac
table=${1:-$(dirname "$0")/cli_cases.txt}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cbeval-cli.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
spec=$tmp/spec
mkdir "$spec" || exit 1
us=$(printf '\037')

# Pass 1 (one awk, reading the table twice: first to create the case
# directories $tmp/ID, then to fill them).  It writes
#   the "file" inputs straight into $tmp/ID/,
#   $spec/prep.sh   commands making the "printf", "sh" and "dir" inputs,
#   $spec/ID.out, $spec/ID.err   expected output, placeholders replaced,
#   $spec/index     per case: ID status stdin outto outmode errmode args name,
#                   separated by \037 (fields may be empty).
awk -v tmp="$tmp" -v spec="$spec" '
function fail(msg) {
	printf "not ok - cli table %s line %d: %s\n", FILENAME, FNR, msg
	bad = 1
	exit 1
}
function ismac(line) {
	return line ~ /^@[A-Za-z0-9_]+@$/ && (substr(line, 2, length(line) - 2) in mac)
}
# @NAME@ -> the path of NAME in the case directory (shell-quoted if quote).
function subst(line, quote,   out, path) {
	out = ""
	while (match(line, /@[A-Za-z0-9._-]+@/)) {
		path = dir "/" substr(line, RSTART + 1, RLENGTH - 2)
		out = out substr(line, 1, RSTART - 1) (quote ? sq(path) : path)
		line = substr(line, RSTART + RLENGTH)
	}
	return out line
}
# Single-quote s for the shell.
function sq(s) {
	gsub(/\047/, "\047\\\047\047", s)
	return "\047" s "\047"
}
function endsec(   i, f, n, a, j, line, text) {
	while (nbuf > 0 && buf[nbuf] ~ /^[ \t]*$/)
		nbuf--
	if (sec == "input" && inkind == "file") {
		f = dir "/" inname
		printf "" > f
		for (i = 1; i <= nbuf; i++) {
			if (ismac(buf[i]))
				printf "%s", mac[substr(buf[i], 2, length(buf[i]) - 2)] > f
			else
				print buf[i] > f
		}
		close(f)
	} else if (sec == "input" && inkind == "printf") {
		text = ""
		for (i = 1; i <= nbuf; i++)
			text = text buf[i]
		printf "printf %s > %s\n", sq(text), sq(dir "/" inname) > prep
	} else if (sec == "input" && inkind == "sh") {
		printf "(cd %s && {\n", sq(dir) > prep
		for (i = 1; i <= nbuf; i++)
			print buf[i] > prep
		printf "}) > %s || { echo %s; : > %s; }\n", sq(dir "/" inname),
			sq("not ok - " name ": the snippet making " inname " failed"),
			sq(spec "/prep-failed") > prep
	} else if ((sec == "stdout" || sec == "stderr") && mode == "empty") {
		if (nbuf > 0)
			fail("text after --- " sec " empty")
	} else if (sec == "stdout" || sec == "stderr") {
		f = spec "/" id "." (sec == "stdout" ? "out" : "err")
		printf "" > f
		for (i = 1; i <= nbuf; i++) {
			line = buf[i]
			if (ismac(line)) {
				printf "%s", mac[substr(line, 2, length(line) - 2)] > f
				continue
			}
			if (mode == "tsv") {
				n = split(line, a)
				line = a[1]
				for (j = 2; j <= n; j++)
					line = line "\t" a[j]
			} else if (mode == "trec") {
				n = split(line, a)
				if (n != 3)
					fail("a trec line needs 3 fields")
				line = sprintf("%-22s\t%s\t%s", a[1], a[2], a[3])
			}
			print subst(line) > f
		}
		close(f)
		if (sec == "stdout")
			outmode = mode == "contains" ? "contains" : "exact"
		else
			errmode = mode
	}
	sec = ""
	nbuf = 0
}
function endcase() {
	if (id == "")
		return
	endsec()
	printf "%s\037%d\037%s\037%s\037%s\037%s\037%s\037%s\n", id, status, stdin,
		outto, outmode, errmode, subst(args, 1), name > (spec "/index")
}
BEGIN { id = ""; sec = ""; nbuf = 0; ncase = 0; inmac = ""; prep = spec "/prep.sh" }
# First reading: create the case directories.
NR == FNR {
	if (/^=== /)
		dirs = dirs " " sq(sprintf("%s/%03d", tmp, ++ndirs))
	next
}
FNR == 1 {
	if (ndirs == 0)
		fail("no cases")
	if (system("mkdir" dirs) != 0)
		fail("cannot create the case directories")
	printf "" > prep
}
/^##/ { next }
inmac != "" {
	if ($0 == "%end") { inmac = ""; next }
	mac[inmac] = mac[inmac] $0 "\n"
	next
}
/^%define / { endsec(); inmac = $2; mac[inmac] = ""; next }
/^=== / {
	endcase()
	ncase++
	id = sprintf("%03d", ncase)
	dir = tmp "/" id
	name = substr($0, 5)
	if (name in seen)
		fail("duplicate case name " name)
	seen[name] = 1
	args = ""; status = 0; stdin = ""; outto = ""; outmode = "exact"; errmode = "exact"
	printf "" > (spec "/" id ".out"); close(spec "/" id ".out")
	printf "" > (spec "/" id ".err"); close(spec "/" id ".err")
	sec = "head"
	next
}
/^--- / {
	if (id == "")
		fail("section outside a case")
	endsec()
	kind = $2
	if (kind == "file" || kind == "printf" || kind == "sh" || kind == "dir") {
		if (NF != 3)
			fail("--- " kind " needs one file name")
		inkind = kind
		inname = $3
		if (kind == "dir")
			printf "mkdir %s\n", sq(dir "/" inname) > prep
		sec = kind == "dir" ? "none" : "input"
	} else if (kind == "stdout" || kind == "stderr") {
		mode = NF > 2 ? $3 : "exact"
		if (mode != "exact" && mode != "contains" && mode != "empty" && !(kind == "stdout" && (mode == "tsv" || mode == "trec")))
			fail("unknown " kind " mode " mode)
		sec = kind
	} else
		fail("unknown section " kind)
	next
}
sec == "head" {
	if ($0 ~ /^args:/) { args = substr($0, 6); sub(/^[ \t]+/, "", args) }
	else if ($0 ~ /^status:/) status = $2 + 0
	else if ($0 ~ /^stdin:/) stdin = $2
	else if ($0 ~ /^stdout:/) outto = $2
	else if ($0 !~ /^[ \t]*$/) fail("unknown header line: " $0)
	next
}
sec == "none" {
	if ($0 !~ /^[ \t]*$/)
		fail("text after --- dir")
	next
}
sec != "" { buf[++nbuf] = $0; next }
$0 !~ /^[ \t]*$/ { fail("text outside a case") }
END {
	if (bad)
		exit 1
	if (inmac != "")
		fail("%define " inmac " has no %end")
	endcase()
	close(prep)
}' "$table" "$table" || exit 1

# Make the printf, sh and dir inputs (in table order).
(. "$spec/prep.sh") < /dev/null
failed=0
[ -f "$spec/prep-failed" ] && failed=1

# check MODE EXPECTED ACTUAL: 0 if they agree.
check() {
	if [ "$1" = contains ]; then
		awk 'NR == FNR { have[$0] = 1; next } !($0 in have) { exit 1 }' "$3" "$2"
	else
		cmp -s "$2" "$3"
	fi
}

while IFS=$us read -r id want in outto outmode errmode args name; do
	cdir=$tmp/$id
	[ -n "$in" ] && in=$cdir/$in || in=/dev/null
	if [ -n "$outto" ]; then
		if [ ! -e "$outto" ]; then
			echo "ok - $name # SKIP no $outto"
			continue
		fi
		: > "$spec/$id.stdout"
		(cd "$cdir" && eval "set -- $args" && exec "$CBEVAL" "$@") \
			< "$in" > "$outto" 2> "$spec/$id.stderr"
	else
		(cd "$cdir" && eval "set -- $args" && exec "$CBEVAL" "$@") \
			< "$in" > "$spec/$id.stdout" 2> "$spec/$id.stderr"
	fi
	rc=$?
	why=
	[ "$rc" = "$want" ] || why="status $rc, want $want"
	check "$outmode" "$spec/$id.out" "$spec/$id.stdout" ||
		why="${why:+$why; }stdout differs"
	check "$errmode" "$spec/$id.err" "$spec/$id.stderr" ||
		why="${why:+$why; }stderr differs"
	if [ -z "$why" ]; then
		echo "ok - $name"
		continue
	fi
	failed=1
	echo "not ok - $name ($why)"
	echo "#   args: $args"
	for f in out err; do
		case $why in *std$f*) ;; *) continue ;; esac
		[ $f = out ] && mode=$outmode || mode=$errmode
		echo "#   std$f ($mode), expected vs actual:"
		diff "$spec/$id.$f" "$spec/$id.std$f" | head -n 30 | sed 's/^/#   /'
	done
done < "$spec/index"
exit $failed
