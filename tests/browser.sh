#!/bin/sh
# tests/browser.sh - render SVG files in headless Chromium (used by
# tests/t_svg.sh when chromium is installed).  For each FILE:
#  - chromium --screenshot renders it to PNG: the check fails on a
#    non-zero exit or when no PNG file (its 8-byte signature) is written;
#  - an HTML page loads it as an <img> from a data: URL, draws it on a
#    canvas and writes the image size and the number of pixels that are
#    not white into the page, read back with --dump-dom: the check fails
#    when the image does not load (malformed SVG) or has fewer than 500
#    such pixels (a blank figure);
#  - the same page parses the SVG (DOMParser) and, for every <rect
#    class="box"> (the boxes of boxplots and the bars of the figures),
#    looks at the canvas inside it: a box of at least 3 x 3 pixels is
#    painted when a pixel of its inner area, on its vertical or its
#    horizontal centre line, has its fill colour (within 6 per channel);
#    a thinner one when the pixel at its centre is not white; a box
#    whose fill is not a #rrggbb colour is not (a negative size is taken
#    as the area it means, which browsers leave unpainted).
#    The check fails when a box is not painted, or when the page did not
#    find as many boxes as the file has class="box" attributes.
# First, a blank SVG (a white rect) is checked to give 0 ink, and an SVG
# of three boxes (one filled, one with fill="none", one of negative
# height) to give 3 boxes of which 2 are not painted, so that the checks
# can fail.  Prints "ok - ..." / "not ok - ..."; exits 1 if any check
# failed.
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
# The page's script: draw the image, count the ink, check the boxes.
cat > "$T/check.js" <<'JS'
function near(d, i, c) {
	return Math.abs(d[i] - c[0]) <= 6 && Math.abs(d[i + 1] - c[1]) <= 6 &&
		Math.abs(d[i + 2] - c[2]) <= 6 && d[i + 3] > 250;
}
function white(d, i) {
	return d[i + 3] == 0 || (d[i] >= 250 && d[i + 1] >= 250 && d[i + 2] >= 250);
}
function painted(r, d, W, H) {
	var x = +r.getAttribute("x"), y = +r.getAttribute("y"),
	    w = +r.getAttribute("width"), h = +r.getAttribute("height"),
	    m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(r.getAttribute("fill") || "");
	if (w < 0) { x += w; w = -w; }   /* as the SVG means it: drawn or not */
	if (h < 0) { y += h; h = -h; }
	if (!(w >= 0 && h >= 0) || !m)
		return false;
	var c = [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)];
	var at = function (px, py) {
		px = Math.floor(px); py = Math.floor(py);
		return px >= 0 && py >= 0 && px < W && py < H ? 4 * (py * W + px) : -1;
	};
	if (w < 3 || h < 3) {
		var i = at(x + w / 2, y + h / 2);
		return i >= 0 && !white(d, i);
	}
	for (var k = 1; k <= 9; k++) {
		var f = k / 10,
		    a = at(x + w / 2, y + 1.5 + f * (h - 3)),
		    b = at(x + 1.5 + f * (w - 3), y + h / 2);
		if ((a >= 0 && near(d, a, c)) || (b >= 0 && near(d, b, c)))
			return true;
	}
	return false;
}
var img = new Image();
img.onload = function () {
	var c = document.createElement("canvas"), W = img.naturalWidth, H = img.naturalHeight;
	c.width = W; c.height = H;
	var g = c.getContext("2d"); g.drawImage(img, 0, 0);
	var d = g.getImageData(0, 0, W, H).data, n = 0;
	for (var i = 0; i < d.length; i += 4) if (!white(d, i)) n++;
	var bytes = Uint8Array.from(atob(SVG), function (ch) { return ch.charCodeAt(0); });
	var doc = new DOMParser().parseFromString(new TextDecoder().decode(bytes), "image/svg+xml");
	var rects = doc.getElementsByTagName("rect"), boxes = 0, bad = 0, first = "";
	for (var j = 0; j < rects.length; j++) {
		if (rects[j].getAttribute("class") != "box") continue;
		boxes++;
		if (!painted(rects[j], d, W, H)) {
			if (!bad) first = " first " + rects[j].getAttribute("x") + "," + rects[j].getAttribute("y");
			bad++;
		}
	}
	document.getElementById("out").textContent = "size " + W + "x" + H +
		" ink " + n + " boxes " + boxes + " unpainted " + bad + first;
};
img.onerror = function () { document.getElementById("out").textContent = "error"; };
img.src = "data:image/svg+xml;base64," + SVG;
JS
# ink FILE: prints "size WxH ink N boxes K unpainted U [first X,Y]", or
# "error".
ink() {
	{
		printf '<!DOCTYPE html><html><body><pre id="out">pending</pre><script>\n'
		printf 'var SVG = "%s";\n' "$(base64 < "$1" | tr -d '\n')"
		cat "$T/check.js"
		printf '</script></body></html>\n'
	} > "$T/page.html"
	chrome --virtual-time-budget=10000 --dump-dom "$T/page.html" |
		sed -n 's/.*<pre id="out">\([^<]*\)<.*/\1/p'
}
printf '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="300" height="200" viewBox="0 0 300 200"><rect x="0" y="0" width="300" height="200" fill="#ffffff"/></svg>\n' > "$T/blank.svg"
r=$(ink "$T/blank.svg")
case $r in
*" ink 0 boxes 0 unpainted 0") echo "ok - chromium: a blank SVG has no ink ($r)" ;;
*) echo "not ok - chromium: a blank SVG has no ink ($r)"; fail=1 ;;
esac
{
	printf '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="300" height="200" viewBox="0 0 300 200"><rect x="0" y="0" width="300" height="200" fill="#ffffff"/>\n'
	printf '<rect class="box" x="20" y="20" width="40" height="60" fill="#c6dbef" stroke="#000000"/>\n'
	printf '<rect class="box" x="100" y="20" width="40" height="60" fill="none" stroke="#000000"/>\n'
	printf '<rect class="box" x="180" y="120" width="40" height="-60" fill="#c6dbef" stroke="#000000"/>\n'
	printf '</svg>\n'
} > "$T/boxes.svg"
r=$(ink "$T/boxes.svg")
case $r in
*" boxes 3 unpainted 2 first 100,20") echo "ok - chromium: of 3 boxes, the one with no fill and the one of negative height are not painted ($r)" ;;
*) echo "not ok - chromium: of 3 boxes, the one with no fill and the one of negative height are not painted ($r)"; fail=1 ;;
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
	k=${r#* ink }
	k=${k%% *}
	case $r in
	size*) if [ "$k" -ge 500 ]; then echo "ok - chromium: $n loads as an image, not blank ($r)"
	       else echo "not ok - chromium: $n is blank ($r)"; fail=1; fi ;;
	*) echo "not ok - chromium: $n does not load as an image (${r:-no answer})"; fail=1
	   continue ;;
	esac
	nb=$(grep -o 'class="box"' "$f" | wc -l)
	case $r in
	*" boxes $nb unpainted 0") echo "ok - chromium: $n: each of its $nb boxes painted inside" ;;
	*) echo "not ok - chromium: $n: each of its $nb boxes painted inside ($r)"; fail=1 ;;
	esac
done
exit $fail
