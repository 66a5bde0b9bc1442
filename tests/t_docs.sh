#!/bin/sh
# tests/t_docs.sh - the documentation agrees with the program:
#  - every option of `cbeval --help` has an ".It Fl" entry in man/cbeval.1;
#  - the options of the man page's SYNOPSIS are those of --help's usage
#    lines, and every one of them is in --help;
#  - README.md's usage block is --help's usage lines;
#  - the output columns named by --help are in the man pages;
#  - README.md's "Quick start" holds exactly the two documented commands;
#  - README.md has at most 500 lines and a table of contents ("## Contents")
#    whose links are its "## " headings, in order, and every "](#anchor)"
#    link of README.md names a heading;
#  - `cbeval --version` prints "cbeval VERSION" and exits 0;
#  - every page man/*.[1-9] (cbeval(1) and its section-7 topic pages) has
#    .Dd, .Dt, .Os, NAME and a SEE ALSO naming every other page; every
#    .Sx names a section of its own page, every ".Xr PAGE N , No section
#    NAME" a section of that page, and every .Xr cbeval* an existing page;
#  - `make install DESTDIR=...` installs every page (and the binary) and
#    `make uninstall` removes them;
#  - `groff -mandoc -ww -z` and `mandoc -Tlint` find no warning or error
#    in any page (an "ok ... # SKIP" line when the tool is not installed).
# Prints "ok - ..." or "not ok - ..." per check ("#" lines explain a
# failure); exits 1 if any check failed.  POSIX sh + awk.
#
# Environment: CBEVAL = the binary to test (default ./cbeval, relative to
# the top of the tree).
set -u

. "$(dirname "$0")/top.sh"

MAN=man/cbeval.1
PAGES=$(ls man/*.[1-9])
README=README.md
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cbeval-docs.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
failed=0

ok() { echo "ok - $1"; }
notok() {
	echo "not ok - $1"
	failed=1
}
# Print a file as "#" comment lines.
explain() { sed 's/^/#   /' "$1"; }

if ! "$CBEVAL" --help > "$tmp/help" 2> "$tmp/help.err"; then
	notok "cbeval --help exits 0"
	explain "$tmp/help.err"
	exit 1
fi
for f in "$MAN" "$README"; do
	if [ ! -f "$f" ]; then
		notok "$f exists"
		exit 1
	fi
done

# Options of --help: the first column of the indented option lines, such
# as "  -m SPEC", "  --order=KEY", "  -h, --help".
awk '/^  -/ {
	sub(/^  /, ""); sub(/  .*/, "")
	n = split($0, a, /, /)
	for (i = 1; i <= n; i++) { sub(/[ =].*/, "", a[i]); print a[i] }
}' "$tmp/help" | sort -u > "$tmp/help.opts"

# Options of the usage lines: "[-q]", "[-b B]", "[--order score|...]",
# and both of the alternatives "[--pairs | --reliability]".
awk '/^usage:/ { u = 1 } u && /^$/ { exit } u' "$tmp/help" > "$tmp/usage"
sed 's/ | / [/g' "$tmp/usage" | tr ' ' '\n' |
	sed -n 's/^\[\(-[-A-Za-z0-9]*\).*/\1/p' |
	sort -u > "$tmp/usage.opts"

# Fl arguments of the given mdoc lines: ".Fl x" is "-x", ".Fl -x" "--x".
fl_of() {
	awk '{ for (i = 1; i < NF; i++) if ($i == "Fl") print "-" $(i + 1) }' |
		sed 's/[,;.:)]*$//' | sort -u
}
awk '/^\.Sh / { s = ($2 == "SYNOPSIS") ; next } s' "$MAN" | fl_of > "$tmp/syn.opts"
grep '^\.It ' "$MAN" | fl_of > "$tmp/item.opts"

if [ ! -s "$tmp/help.opts" ] || [ ! -s "$tmp/usage.opts" ]; then
	notok "--help lists options and usage lines"
	explain "$tmp/help"
else
	ok "--help lists $(wc -l < "$tmp/help.opts" | tr -d ' ') options"
fi

missing=$(comm -23 "$tmp/help.opts" "$tmp/item.opts")
if [ -z "$missing" ]; then
	ok "every --help option has an .It Fl entry in $MAN"
else
	notok "every --help option has an .It Fl entry in $MAN"
	echo "#   missing:" $missing
fi

extra=$(comm -23 "$tmp/syn.opts" "$tmp/help.opts")
if [ -s "$tmp/syn.opts" ] && [ -z "$extra" ]; then
	ok "every SYNOPSIS option of $MAN is in --help"
else
	notok "every SYNOPSIS option of $MAN is in --help"
	echo "#   not in --help:" $extra
fi

if cmp -s "$tmp/syn.opts" "$tmp/usage.opts"; then
	ok "SYNOPSIS of $MAN has the options of the usage lines"
else
	notok "SYNOPSIS of $MAN has the options of the usage lines"
	diff "$tmp/usage.opts" "$tmp/syn.opts" | sed -n 's/^\([<>]\)/#   \1/p'
	echo "#   (< usage only, > SYNOPSIS only)"
fi

# README's usage block (the fenced block after "## Usage") against the
# usage lines, blanks squeezed.
awk '/^## / { s = ($0 == "## Usage"); next }
	s && /^```/ { if (f) exit; f = 1; next }
	s && f' "$README" | tr -s ' \t' '  ' | sed 's/^ //' > "$tmp/readme.usage"
sed 's/^usage: //' "$tmp/usage" | tr -s ' \t' '  ' | sed 's/^ //' > "$tmp/usage.norm"
if [ -s "$tmp/readme.usage" ] && cmp -s "$tmp/readme.usage" "$tmp/usage.norm"; then
	ok "$README usage block matches --help"
else
	notok "$README usage block matches --help"
	diff "$tmp/usage.norm" "$tmp/readme.usage" | sed 's/^/#   /'
fi

# Output columns named by --help ("output: TSV ...; run qid measure
# value (-b 0), or run qid ... rank_max (-b B).").
awk '/^output:/ { o = 1 } /^exit status:/ { o = 0 } o' "$tmp/help" |
	sed 's/^output:[^;]*;//; s/([^)]*)//g' | tr ' ,.' '\n\n\n' |
	grep -E '^[a-z_0-9]+$' | grep -v -x -E 'or|a|with|header|line' |
	sort -u > "$tmp/cols"
nocol=
for c in $(cat "$tmp/cols"); do
	# shellcheck disable=SC2086 # the pages are words
	grep -q -w -e "$c" $PAGES || nocol="$nocol $c"
done
if [ -s "$tmp/cols" ] && [ -z "$nocol" ]; then
	ok "the $(wc -l < "$tmp/cols" | tr -d ' ') output columns of --help are in the man pages"
else
	notok "the output columns of --help are in the man pages"
	echo "#   missing:$nocol"
fi

# README quick start: the fenced lines of the "## Quick start" section.
awk '/^## / { s = ($0 == "## Quick start"); next }
	s && /^```/ { f = !f; next }
	s && f' "$README" > "$tmp/quick"
printf '%s\n' 'make && ./cbeval data/qrels data/runs/*' 'make test' > "$tmp/quick.want"
if cmp -s "$tmp/quick" "$tmp/quick.want"; then
	ok "$README quick start is the two commands"
else
	notok "$README quick start is the two commands"
	diff "$tmp/quick.want" "$tmp/quick" | sed 's/^/#   /'
fi

# --version.
if "$CBEVAL" --version > "$tmp/version" 2> "$tmp/version.err" &&
	[ "$(wc -l < "$tmp/version" | tr -d ' ')" = 1 ] &&
	grep -q -E '^cbeval [0-9]+\.[0-9]+(\.[0-9]+)?([-+.][0-9A-Za-z.]+)?$' "$tmp/version"; then
	ok "--version prints $(cat "$tmp/version")"
else
	notok "--version prints 'cbeval VERSION' and exits 0"
	explain "$tmp/version"
	explain "$tmp/version.err"
fi

# README: short, with a table of contents that matches its headings.  The
# anchor of a heading is GitHub's: lower case, characters other than
# letters, digits, blanks, "-" and "_" dropped, blanks made "-".
n=$(wc -l < "$README" | tr -d ' ')
if [ "$n" -le 500 ]; then
	ok "$README has $n lines (at most 500)"
else
	notok "$README has $n lines (at most 500)"
fi
anchor() { tr 'A-Z' 'a-z' | sed 's/[^a-z0-9 _-]//g; s/ /-/g'; }
# The headings: lines outside the fenced blocks.
awk '/^```/ { f = !f; next } !f' "$README" > "$tmp/readme.text"
sed -n 's/^## //p' "$tmp/readme.text" | grep -v -x 'Contents' > "$tmp/heads"
anchor < "$tmp/heads" > "$tmp/heads.anchors"
awk '/^## / { s = ($0 == "## Contents"); next } s' "$README" |
	sed -n 's/^[-*] \[\(.*\)\](#\([^)]*\))$/\1	\2/p' > "$tmp/toc"
cut -f 1 "$tmp/toc" > "$tmp/toc.text"
cut -f 2 "$tmp/toc" > "$tmp/toc.anchors"
if [ -s "$tmp/toc" ] && cmp -s "$tmp/heads" "$tmp/toc.text" &&
	cmp -s "$tmp/heads.anchors" "$tmp/toc.anchors"; then
	ok "$README table of contents: the $(wc -l < "$tmp/toc" | tr -d ' ') sections, in order"
else
	notok "$README has a table of contents (## Contents) linking every ## heading, in order"
	paste "$tmp/heads" "$tmp/heads.anchors" > "$tmp/heads.both"
	diff "$tmp/heads.both" "$tmp/toc" | sed 's/^/#   /'
fi
sed -n 's/^#\{1,6\} //p' "$tmp/readme.text" | anchor | sort -u > "$tmp/all.anchors"
grep -o '](#[^)]*)' "$tmp/readme.text" | sed 's/^](#//; s/)$//' | sort -u > "$tmp/links"
bad=$(comm -23 "$tmp/links" "$tmp/all.anchors")
if [ -s "$tmp/links" ] && [ -z "$bad" ]; then
	ok "every #anchor link of $README names a heading"
else
	notok "every #anchor link of $README names a heading"
	echo "#   no such heading:" $bad
fi

# The pages: header, NAME, SEE ALSO naming the others, and references.
for p in $PAGES; do
	b=$(basename "$p")
	why=
	for m in Dd Dt Os; do
		grep -q "^\.$m" "$p" || why="$why no .$m;"
	done
	dt=$(sed -n 's/^\.Dt //p' "$p")
	want=$(echo "${b%.*} ${b##*.}" | tr 'a-z' 'A-Z')
	[ "$dt" = "$want" ] || why="$why .Dt is '$dt', not '$want';"
	for sec in NAME 'SEE ALSO'; do
		grep -q -x "\.Sh $sec" "$p" || why="$why no $sec;"
	done
	awk '/^\.Sh / { s = ($0 == ".Sh SEE ALSO"); next } s && /^\.Xr / { print $2 "." $3 }' "$p" |
		sort -u > "$tmp/seealso"
	for q in $PAGES; do
		[ "$q" = "$p" ] && continue
		grep -q -x -F "$(basename "$q")" "$tmp/seealso" || why="$why SEE ALSO lacks $(basename "$q");"
	done
	if [ -z "$why" ]; then
		ok "$p: .Dd, .Dt $dt, .Os, NAME, SEE ALSO with every other page"
	else
		notok "$p: .Dd, .Dt, .Os, NAME, SEE ALSO with every other page"
		echo "#  $why"
	fi
done
# shellcheck disable=SC2086 # the pages are words
awk -v tmp="$tmp" '
FNR == 1 { f = FILENAME; b = f; sub(/.*\//, "", b) }
/^\.S[hs] / { t = $0; sub(/^\.S[hs] /, "", t); sec[b, t] = 1; page[b] = 1; next }
/Sx / {
	t = $0; sub(/.*Sx /, "", t); sub(/ [^A-Za-z].*$/, "", t); sub(/ +$/, "", t)
	sx[++n] = f ":" FNR; sxp[n] = b; sxt[n] = t
}
/Xr cbeval/ {
	t = $0; sub(/.*Xr /, "", t); split(t, w, " ")
	xr[++m] = f ":" FNR; xrp[m] = w[1] "." w[2]
	if (t ~ / No section /) { u = t; sub(/.* No section /, "", u); sub(/ [^A-Za-z].*$/, "", u); sub(/ +$/, "", u); xrs[m] = u }
}
END {
	for (i = 1; i <= n; i++) if (!((sxp[i], sxt[i]) in sec)) print sx[i] ": .Sx " sxt[i] ": no such section here"
	for (i = 1; i <= m; i++) {
		if (!(xrp[i] in page)) print xr[i] ": .Xr " xrp[i] ": no such page in man/"
		else if (xrs[i] != "" && !((xrp[i], xrs[i]) in sec)) print xr[i] ": " xrp[i] " has no section " xrs[i]
	}
}' $PAGES > "$tmp/refs"
if [ ! -s "$tmp/refs" ]; then
	ok "every .Sx and .Xr cbeval* reference of the man pages names an existing page and section"
else
	notok "every .Sx and .Xr cbeval* reference of the man pages names an existing page and section"
	explain "$tmp/refs"
fi

# make install puts every page in place (man1/, man7/, ...), and make
# uninstall takes them away.
stage=$tmp/stage
if make -s install DESTDIR="$stage" PREFIX=/usr > "$tmp/inst" 2>&1; then
	why=
	[ -x "$stage/usr/bin/cbeval" ] || why="$why bin/cbeval;"
	for p in $PAGES; do
		b=$(basename "$p")
		cmp -s "$p" "$stage/usr/share/man/man${b##*.}/$b" || why="$why man${b##*.}/$b;"
	done
	if [ -z "$why" ]; then
		ok "make install installs cbeval and the $(echo $PAGES | wc -w | tr -d ' ') man pages"
	else
		notok "make install installs cbeval and every man page"
		echo "#   missing or different:$why"
	fi
	make -s uninstall DESTDIR="$stage" PREFIX=/usr > "$tmp/inst" 2>&1
	left=$(find "$stage" -type f)
	if [ -z "$left" ]; then
		ok "make uninstall removes them"
	else
		notok "make uninstall removes them"
		echo "#   left:" $left
	fi
else
	notok "make install DESTDIR=... runs"
	explain "$tmp/inst"
fi

# groff: any warning fails.
if command -v groff > /dev/null 2>&1; then
	for p in $PAGES; do
		groff -mandoc -ww -z "$p" > "$tmp/groff" 2>&1
		if [ $? -eq 0 ] && [ ! -s "$tmp/groff" ]; then
			ok "groff -mandoc -ww -z $p: no warning"
		else
			notok "groff -mandoc -ww -z $p: no warning"
			explain "$tmp/groff"
		fi
	done
else
	ok "groff -mandoc -ww -z on the man pages # SKIP groff not installed"
fi

# tests/README.md's Source layout is the tree: every file of src/ (but
# the measures, m_*.c, counted) and every header, and nothing else.
awk '/^## Source layout/ { s = 1 } s && /^```/ { f = !f; next } s && f' tests/README.md > "$tmp/layout"
{
	for f in src/*/*.c; do
		case $f in src/measures/m_*) continue ;; esac
		basename "$f"
	done
	for h in include/*/*.h; do basename "$h"; done
} | sort > "$tmp/tree"
{
	sed -n 's/^  \([a-z_0-9]*\.c\) .*/\1/p' "$tmp/layout"
	sed -n 's/^include\/[a-z]*\/  the headers of [^:]*: //p' "$tmp/layout" | tr ' ' '\n'
} | grep . | sort > "$tmp/named"
nm=$(ls src/measures/m_*.c | wc -l | tr -d ' ')
if cmp -s "$tmp/tree" "$tmp/named" && grep -q "m_\*\.c ($nm files)" "$tmp/layout"; then
	ok "tests/README.md's Source layout names the $(wc -l < "$tmp/tree" | tr -d ' ') files of the tree and the $nm measures"
else
	notok "tests/README.md's Source layout is the tree"
	diff "$tmp/tree" "$tmp/named" | sed -n 's/^\([<>]\)/#   \1/p'
	echo "#   (< in the tree only, > in the layout only; m_*.c: $nm files)"
fi

# mandoc lint: warnings and errors fail; style remarks (such as an Xr to a
# manual not installed here) are shown but allowed.
if command -v mandoc > /dev/null 2>&1; then
	for p in $PAGES; do
		mandoc -Tlint "$p" > "$tmp/lint" 2>&1
		rc=$?
		if [ "$rc" -le 1 ] &&
			! grep -q -E 'WARNING|ERROR|UNSUPP|BADARG' "$tmp/lint"; then
			ok "mandoc -Tlint $p: no warning or error"
			grep -E 'STYLE' "$tmp/lint" | grep -v 'referenced manual not found' | sed 's/^/# /'
		else
			notok "mandoc -Tlint $p: no warning or error (status $rc)"
			explain "$tmp/lint"
		fi
	done
else
	ok "mandoc -Tlint on the man pages # SKIP mandoc not installed"
fi

exit $failed
