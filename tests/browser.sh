#!/bin/sh
# tests/browser.sh - render SVG files in headless Chromium (used by
# tests/t_svg.sh when chromium is installed).  For each FILE:
#  - chromium --screenshot renders it to PNG: the check fails on a
#    non-zero exit or when no PNG file (its 8-byte signature) is written;
#  - an HTML page loads it as an <img> from a data: URL, draws it on a
#    canvas and writes the image size and the number of pixels that are
#    not white into the page, read back with --dump-dom: the check fails
#    when the image does not load (malformed SVG) or has fewer than 500
#    such pixels (a blank figure).  First, a blank SVG (a white rect) is
#    checked to give 0, so that the ink count can tell blank from drawn.
# Prints "ok - ..." / "not ok - ..."; exits 1 if any check failed.
#
# Usage: sh tests/browser.sh FILE...
set -u
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
fail=0
chrome() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
		--user-data-dir="$T/profile" "$@" 2> "$T/chrome.err"
}
# ink FILE: prints "size WxH ink N", or "error".
ink() {
	{
		printf '<!DOCTYPE html><html><body><pre id="out">pending</pre><script>\n'
		printf 'var img = new Image();\n'
		printf 'img.onload = function () {\n'
		printf ' var c = document.createElement("canvas"); c.width = img.naturalWidth; c.height = img.naturalHeight;\n'
		printf ' var g = c.getContext("2d"); g.drawImage(img, 0, 0);\n'
		printf ' var d = g.getImageData(0, 0, c.width, c.height).data, n = 0;\n'
		printf ' for (var i = 0; i < d.length; i += 4) if (d[i + 3] > 0 && (d[i] < 250 || d[i + 1] < 250 || d[i + 2] < 250)) n++;\n'
		printf ' document.getElementById("out").textContent = "size " + c.width + "x" + c.height + " ink " + n; };\n'
		printf 'img.onerror = function () { document.getElementById("out").textContent = "error"; };\n'
		printf 'img.src = "data:image/svg+xml;base64,%s";\n' "$(base64 < "$1" | tr -d '\n')"
		printf '</script></body></html>\n'
	} > "$T/page.html"
	chrome --virtual-time-budget=10000 --dump-dom "$T/page.html" |
		sed -n 's/.*<pre id="out">\([^<]*\)<.*/\1/p'
}
printf '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="300" height="200" viewBox="0 0 300 200"><rect x="0" y="0" width="300" height="200" fill="#ffffff"/></svg>\n' > "$T/blank.svg"
r=$(ink "$T/blank.svg")
case $r in
*" ink 0") echo "ok - chromium: a blank SVG has no ink ($r)" ;;
*) echo "not ok - chromium: a blank SVG has no ink ($r)"; fail=1 ;;
esac
for f in "$@"; do
	n=$(basename "$f")
	w=$(sed -n 's/.*<svg [^>]*width="\([0-9]*\)" height="\([0-9]*\)".*/\1,\2/p' "$f")
	rm -f "$T/out.png"
	if chrome --screenshot="$T/out.png" --window-size="${w:-800,600}" "$f" > /dev/null &&
	   [ "$(head -c 4 "$T/out.png" 2> /dev/null | tail -c 3)" = PNG ]; then
		echo "ok - chromium: $n renders to PNG"
	else
		echo "not ok - chromium: $n renders to PNG"
		sed 's/^/#   /' "$T/chrome.err" | tail -5
		fail=1
	fi
	r=$(ink "$f")
	k=${r##* ink }
	case $r in
	size*) if [ "$k" -ge 500 ]; then echo "ok - chromium: $n loads as an image, not blank ($r)"
	       else echo "not ok - chromium: $n is blank ($r)"; fail=1; fi ;;
	*) echo "not ok - chromium: $n does not load as an image (${r:-no answer})"; fail=1 ;;
	esac
done
exit $fail
