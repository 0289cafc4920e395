#!/usr/bin/env bash
# Renders both kinds of preview sheet in a real browser (headless Chromium, Debian's `chromium` package) and
# checks each picture: its size is the sheet's, it is not blank, and it has one panel strip per panel. Then it loads
# each record sheet (the bundled Constraints/, a dense fixture with many views and long ids, and the SplitViewColumns
# example's Feed) with Scripts/sheet-text-check.js injected, which measures every text element with getBBox: no two
# labels may overlap, none may run past its panel, none may be cut ("…"). Any that do are named and the script fails.
# Then it opens the gallery (`preview --html`), picks a device through the page's URL fragment, which its script
# reads into the device control, and checks the DOM: only that device's sheet is shown, and the provenance shown for
# a value is the file, line and column that set it; a screenshot of it joins the pictures checked.
#
#   bash Scripts/preview-check.sh [<output folder>]     (default: .build/preview-check)
#
# The LayoutPreview sheets come from PreviewTests (which writes them when DEVICE_CONSTRAINTS_PREVIEW_OUT is set:
# the tool cannot run app code), the record sheets from `device-constraints preview`. The PNGs stay in the
# output folder for a person to look at.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/preview-check}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
rm -f "$out"/*.svg "$out"/*.html "$out"/*.png "$out"/*.txt "$out"/*.dom

if ! command -v chromium >/dev/null 2>&1; then
    echo "installing chromium (apt-get)"
    apt-get update
    apt-get install -y chromium
fi

DEVICE_CONSTRAINTS_PREVIEW_OUT="$out" swift test --filter 'PreviewTests/writesTheSheetsForThePreviewCheck'
swift build --product device-constraints
tool="$(swift build --show-bin-path)/device-constraints"
"$tool" preview BMTReportMeasureView Constraints --output "$out/records-measure-view.html"
"$tool" preview BMTReportCalendarDayButton Constraints --devices iPhone5,iPhone6,iPhone6Plus,iPad,iPhone16Pro \
    --output "$out/records-day-button.html"
"$tool" preview BMTReportCalendarDayButton Constraints --output "$out/records-day-button-default.html"
"$tool" preview DenseDashboardCard Tests/DeviceConstraintsToolingTests/Fixtures/DenseSheet \
    --output "$out/records-dense.html"
split=Examples/SplitViewColumns/Sources/SplitViewColumns
"$tool" preview Feed "$split/Constraints" --catalog "$split/catalog.json" --output "$out/records-feed.html"

"$tool" preview BMTReportMeasureView Constraints --html "$out/gallery.html"

# The gallery, iPhone5 picked, and the provenance of a value the page is asked to show (as a click shows it).
view=bmt_reportMeasureViewId_TopView
gallery="file://$out/gallery.html#device=iPhone5&view=$view&attribute=marginLeft"
timeout 120 chromium --headless --no-sandbox --disable-gpu --dump-dom "$gallery" >"$out/gallery.dom" \
    2>"$out/gallery.chromium.log" || true
expected="<output id=\"provenance\">$view.marginLeft = 12.0 ← BMTReportMeasureView_iPhone5.json:3:42</output>"
grep -qF "$expected" "$out/gallery.dom" || {
    echo "error: the gallery does not show the provenance of $view.marginLeft on iPhone5; expected $expected" >&2
    grep -o '<output id="provenance">[^<]*</output>' "$out/gallery.dom" >&2 || cat "$out/gallery.chromium.log" >&2
    exit 1
}
shown="$(grep -o '<section class="device" data-device="[^"]*" data-text-sizes="[^"]*">' "$out/gallery.dom" |
    sed -E 's/.*data-device="([^"]*)".*/\1/' | sort -u | tr '\n' ' ')"
[ "$shown" = "iPhone5 " ] || { echo "error: the gallery shows '$shown' with iPhone5 picked" >&2; exit 1; }
echo "gallery: iPhone5 picked, $view.marginLeft set at BMTReportMeasureView_iPhone5.json:3:42"

# name and expected panel count
sheets=(layout-measure-view:6 layout-highlights:1 records-measure-view:2 records-day-button:5
    records-day-button-default:4 records-dense:2 records-feed:3)
for entry in "${sheets[@]}"; do
    name="${entry%%:*}"
    size="$(grep -o '<svg [^>]*' "$out/$name.html" | sed -E 's/.* width="([0-9.]+)" height="([0-9.]+)".*/\1 \2/')"
    read -r width height <<<"$size"
    width="$(printf '%.0f' "$(echo "$width" | awk '{ print int($1 + 0.999) }')")"
    height="$(printf '%.0f' "$(echo "$height" | awk '{ print int($1 + 0.999) }')")"
    rm -f "$out/$name.png"
    # Chromium writes its own chatter to standard error; a missing picture is the failure that counts.
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
        --screenshot="$out/$name.png" --window-size="$width,$height" "file://$out/$name.html" \
        >"$out/$name.chromium.log" 2>&1 || true
    [ -s "$out/$name.png" ] || { echo "error: chromium did not render $name" >&2; cat "$out/$name.chromium.log" >&2; exit 1; }
    echo "$name.png ${width}x${height} ${entry##*:}"
done >"$out/expected.txt"
# The gallery as a person sees it with iPhone5 picked: one panel.
timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --screenshot="$out/gallery-iphone5.png" --window-size=1200,900 "$gallery" >"$out/gallery.chromium.log" 2>&1 || true
[ -s "$out/gallery-iphone5.png" ] || { echo "error: chromium did not render the gallery" >&2; exit 1; }
echo "gallery-iphone5.png 1200x900 1" >>"$out/expected.txt"

status=0
python3 - "$out" <<'PY' || status=1
import struct, sys, zlib

STRIP = (0x0B, 0x5C, 0xAD)   # the panel strip colour of PreviewSheet; nothing else is drawn in it
BACKGROUND = (0xEA, 0xEE, 0xF2)

def decode(path):
    """RGB rows of an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    assert depth == 8 and color in (2, 6) and interlace == 0, f"{path}: unexpected PNG format {header}"
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, pos = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + left) & 0xFF
            elif kind == 2: line[i] = (line[i] + up) & 0xFF
            elif kind == 3: line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append([tuple(line[i:i + 3]) for i in range(0, stride, channels)])
        previous = line
    return width, height, rows

def near(pixel, color, tolerance=8):
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, color))

folder, failures = sys.argv[1], []
for line in open(f"{folder}/expected.txt"):
    name, size, panels = line.split()
    want_width, want_height = map(int, size.split("x"))
    width, height, rows = decode(f"{folder}/{name}")
    problems = []
    if (width, height) != (want_width, want_height):
        problems.append(f"size {width}x{height}, expected {want_width}x{want_height}")
    drawn = sum(1 for row in rows for pixel in row if not near(pixel, BACKGROUND, 2))
    fraction = drawn / (width * height)
    if fraction < 0.05:
        problems.append(f"blank: only {fraction:.1%} of the pixels differ from the background")
    # Panel strips: bands of rows holding the strip colour; in the middle row of each band, count the runs. A strip
    # is 6 pixels high and a panel wide: bands under 3 rows and runs under 50 pixels are antialiasing, where a
    # blue stroke crosses another colour.
    strips, in_band, band = 0, False, []
    for y, row in enumerate(rows + [[]]):
        has = any(near(pixel, STRIP) for pixel in row)
        if has:
            band.append(y)
        elif band:
            middle = rows[band[len(band) // 2]]
            runs, length = 0, 0
            for pixel in middle + [None]:
                if pixel is not None and near(pixel, STRIP):
                    length += 1
                    continue
                runs += length >= 50
                length = 0
            strips += runs if len(band) >= 3 else 0
            band = []
    if strips != int(panels):
        problems.append(f"{strips} panel strips, expected {panels}")
    status = "ok" if not problems else "FAILED: " + "; ".join(problems)
    print(f"{name}: {width}x{height}, {fraction:.0%} drawn, {strips} panels: {status}")
    failures += problems
sys.exit(1 if failures else 0)
PY

# Every text of every record sheet, measured in the browser: the counts are written into the page, read back from
# --dump-dom.
for name in records-measure-view records-day-button records-day-button-default records-dense records-feed; do
    python3 - "$out/$name.html" "$out/$name.check.html" Scripts/sheet-text-check.js <<'PY'
import sys
page, script = open(sys.argv[1]).read(), open(sys.argv[3]).read()
open(sys.argv[2], "w").write(page.replace("</body>", "<script>\n" + script + "</script>\n</body>"))
PY
    timeout 120 chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=3000 --dump-dom \
        "file://$out/$name.check.html" 2>"$out/$name.check.log" \
        | sed -n '/<pre id="text-check">/,/<\/pre>/p' | sed -e 's/.*<pre id="text-check">//' -e 's#</pre>.*##' \
        >"$out/$name.text-check.txt" || true
    result="$(head -1 "$out/$name.text-check.txt")"
    if [[ "$result" != *" overlaps=0 overflows=0" ]]; then
        echo "error: $name: ${result:-no result from chromium}" >&2
        tail -n +2 "$out/$name.text-check.txt" | head -50 >&2
        status=1
    else
        echo "$name: $result"
    fi
done
exit $status
