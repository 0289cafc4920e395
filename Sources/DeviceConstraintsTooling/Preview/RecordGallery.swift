package import ConstraintLayout
package import DeviceConstraints

/// A container's records as one self-contained HTML page, for a designer to open in a browser: every device side by
/// side, a control to pick one device and one to pick a text size, and for every value the file, line and column that
/// set it.
///
/// Every sheet is drawn here, by ``RecordSheet``, one per device and text size (a device's sheets that draw alike
/// are kept once); the page's small script only shows one set and hides the others, so there is no second resolver in
/// JavaScript. The page needs no network: no script, style sheet, font or image is loaded from anywhere.
///
/// ```swift
/// let gallery = try RecordGallery(
///     container: "Card", devices: DeviceCatalog.standard.originalClasses, catalog: .standard,
///     source: DirectorySource(URL(fileURLWithPath: "Constraints")))
/// try gallery.html().write(toFile: "card.html", atomically: true, encoding: .utf8)
/// ```
///
/// The page reads its selection from the URL's fragment and writes it back: `card.html#device=iPhone5&text-size=xLarge`
/// opens on the iPhone 5 at `xLarge`; `&view=title&attribute=marginLeft` also shows where that value came from, as a
/// click on it does. A pointer resting on a view's box, or on a row of the values, shows the same as a tooltip.
package struct RecordGallery: Sendable {
    /// One device at the text sizes that draw it alike.
    package struct Entry: Sendable {
        /// The device.
        package var device: DeviceProfile
        /// The text sizes this sheet is for, in the order of ``RecordGallery/textSizes``.
        package var textSizes: [TextSize]
        /// The sheet, its boxes' tooltips holding where each value came from.
        package var sheet: PreviewSheet
        /// The records and where each came from.
        package var table: RecordTable
    }

    /// The container.
    package let container: String
    /// The devices, in order.
    package let devices: [DeviceProfile]
    /// The text sizes a sheet is drawn at.
    package let textSizes: [TextSize]
    /// The text size the page opens at.
    package let textSize: TextSize
    /// The sheets: per device, in order, one per set of text sizes that draw alike.
    package let entries: [Entry]
    /// The warnings of the files, each once.
    package let warnings: [ConstraintDiagnostic]

    /// Draws the sheets of `container`: one per device and text size.
    ///
    /// - Parameters:
    ///   - textSizes: the text sizes to draw, each once; every size by default.
    ///   - textSize: the size the page opens at.
    /// - Throws: What ``RecordSheet/init(container:devices:catalog:source:textSize:parser:)`` throws.
    package init(
        container: String, devices: [DeviceProfile], catalog: DeviceCatalog, source: any ConstraintSource,
        textSizes: [TextSize] = TextSize.allCases, textSize: TextSize = .large,
        parser: ConstraintFileParser = ConstraintFileParser()
    ) throws(ConstraintError) {
        struct Drawing: Hashable {
            let sheet: PreviewSheet
            let rows: [RecordTable.Row]
        }
        // One sheet of every device per text size (the folder listed once for each), cut into one sheet a device:
        // the same labels on every device, and linear in the number of devices.
        var perDevice: [[Entry]] = Array(repeating: [], count: devices.count)
        var drawings: [[Drawing: Int]] = Array(repeating: [:], count: devices.count)
        var warnings: [ConstraintDiagnostic] = []
        var seen: Set<String> = []
        for size in textSizes {
            let records = try RecordSheet(
                container: container, devices: devices, catalog: catalog, source: source, textSize: size,
                parser: parser)
            for warning in records.warnings where seen.insert(warning.description).inserted {
                warnings.append(warning)
            }
            let whole = records.sheet
            for (index, table) in records.tables.enumerated() where index < whole.panels.count {
                var sheet = whole
                sheet.panels = [whole.panels[index]]
                sheet.title = "\(container) on \(table.device.name.rawValue)"
                let drawing = Drawing(sheet: Self.withProvenance(sheet, tables: [table]), rows: table.rows)
                if let known = drawings[index][drawing] {
                    perDevice[index][known].textSizes.append(size)
                } else {
                    drawings[index][drawing] = perDevice[index].count
                    perDevice[index].append(
                        Entry(device: table.device, textSizes: [size], sheet: drawing.sheet, table: table))
                }
            }
        }
        let entries = perDevice.flatMap { $0 }
        self.container = container
        self.devices = devices
        self.textSizes = textSizes
        self.textSize = textSizes.contains(textSize) ? textSize : textSizes.first ?? .large
        self.entries = entries
        self.warnings = warnings
    }

    // MARK: - Provenance

    /// What a row says of its value: `title.marginLeft = 12.0 ← Card_iPhone5.json:3:18 (scaled 300 at 375 pt)`, or
    /// that no file sets it.
    package static func provenance(of row: RecordTable.Row) -> String {
        let value = "\(row.viewId).\(row.attribute) = \(row.value)"
        guard let place = row.place else { return value + " (no file sets it: the default)" }
        return value + " ← " + place + (row.rule.map { " (\($0))" } ?? "")
    }

    /// `sheet` with each view's box's tooltip (its full id) followed by where each of its values came from, one line
    /// a value: what a pointer resting on the box shows. Leaves the drawing alone.
    static func withProvenance(_ sheet: PreviewSheet, tables: [RecordTable]) -> PreviewSheet {
        var sheet = sheet
        for (panel, table) in zip(sheet.panels.indices, tables) {
            var lines: [String: [String]] = [:]
            for row in table.rows {
                guard let place = row.place else { continue }
                lines[row.viewId, default: []].append("\(row.attribute) \(row.value) ← \(place)")
            }
            for box in sheet.panels[panel].boxes.indices {
                guard let viewId = sheet.panels[panel].boxes[box].title, let values = lines[viewId] else { continue }
                sheet.panels[panel].boxes[box].title = ([viewId] + values).joined(separator: "\n")
            }
        }
        return sheet
    }

    // MARK: - The page

    /// The name of the file whose generation marker a watched page polls, beside the page: `card.html` polls
    /// `card.generation.js`.
    package static func generationFile(forPage page: String) -> String {
        let base = page.lowercased().hasSuffix(".html") ? String(page.dropLast(5)) : page
        return base + ".generation.js"
    }

    /// The generation marker file's contents for a page of `generation` (``generation(of:)``).
    package static func generationScript(_ generation: String) -> String {
        "deviceConstraintsGalleryGeneration(\"\(generation)\");\n"
    }

    /// A short hash of a page's text (64-bit FNV-1a, hexadecimal): the same text, the same generation, so a
    /// rewrite of an unchanged page reloads nothing.
    package static func generation(of text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The page. Every name in it (container, device, view id, file name) is escaped.
    ///
    /// - Parameter generationFile: for `--watch`, the generation marker's file name beside the page
    ///   (``generationFile(forPage:)``): the page then checks it every second, and reloads itself, keeping its
    ///   selection, when the marker names another generation than its own. Nil for a page that never reloads.
    package func html(generationFile: String? = nil) -> String {
        let body = self.body()
        var reload = ""
        if let generationFile {
            reload =
                "<div id=\"generation\" hidden data-generation=\"\(Self.generation(of: body))\" data-file=\""
                + "\(PreviewSheet.escaped(generationFile))\"></div>\n<script>\n\(Self.reloadScript)</script>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><title>\(PreviewSheet.escaped(title))</title>
            <style>
            \(Self.style)</style></head>
            <body>
            \(body)\(reload)</body>
            </html>

            """
    }

    /// The page's generation: a hash of its sections and controls, what the marker of a watched page holds
    /// (``generationScript(_:)``).
    package var generation: String {
        Self.generation(of: body())
    }

    /// The page's heading.
    private var title: String {
        "\(container): records on \(devices.count) device\(devices.count == 1 ? "" : "s")"
    }

    private func body() -> String {
        var html = "<header>\n<h1>\(PreviewSheet.escaped(title))</h1>\n<form id=\"controls\">\n"
        html += "<label>Device <select id=\"device\">\n<option value=\"\">All devices</option>\n"
        for device in devices {
            let name = PreviewSheet.escaped(device.name.rawValue)
            html +=
                "<option value=\"\(name)\">\(name) (\(device.width.compactDescription)×"
                + "\(device.height.compactDescription) \(device.idiom.rawValue))</option>\n"
        }
        html += "</select></label>\n<label>Text size <select id=\"text-size\">\n"
        for size in textSizes {
            html +=
                "<option value=\"\(size.rawValue)\"\(size == textSize ? " selected" : "")>\(size.rawValue)</option>\n"
        }
        html += "</select></label>\n</form>\n"
        html +=
            "<output id=\"provenance\">Click a value to see the file, line and column that set it.</output>\n</header>\n"
        html += "<main id=\"gallery\">\n"
        for entry in entries { html += section(entry) }
        html += "</main>\n<script>\n\(Self.selectionScript)</script>\n"
        return html
    }

    /// One device at some text sizes: its sheet, the files it looked for, and its values with where each came from.
    private func section(_ entry: Entry) -> String {
        let device = PreviewSheet.escaped(entry.device.name.rawValue)
        let sizes = entry.textSizes.map(\.rawValue).joined(separator: " ")
        let hidden = entry.textSizes.contains(textSize) ? "" : " hidden"
        var html = "<section class=\"device\" data-device=\"\(device)\" data-text-sizes=\"\(sizes)\"\(hidden)>\n"
        let at = entry.textSizes.count == textSizes.count ? "every text size" : sizes
        html += "<h2>\(device) <small>at \(at)</small></h2>\n"
        html +=
            "<p class=\"lookup\">looked for \(PreviewSheet.escaped(entry.table.lookup.joined(separator: " → ")))</p>\n"
        html += "<div class=\"sheet\">\n\(Self.inline(entry.sheet.svg()))</div>\n"
        html += "<table class=\"values\">\n<thead><tr><th>view</th><th>attribute</th><th>value</th><th>set at</th></tr>"
        html += "</thead>\n<tbody>\n"
        for row in entry.table.rows {
            let provenance = PreviewSheet.escaped(Self.provenance(of: row))
            let value: String =
                if case .string(let text) = row.value, row.attribute == "columns" {
                    text
                } else {
                    row.value.description
                }
            html +=
                "<tr data-view=\"\(PreviewSheet.escaped(row.viewId))\" data-attribute=\""
                + "\(PreviewSheet.escaped(row.attribute))\" data-provenance=\"\(provenance)\" title=\"\(provenance)\""
                + "\(row.place == nil ? " class=\"default\"" : "")><td>\(PreviewSheet.escaped(row.viewId))</td><td>"
                + "\(PreviewSheet.escaped(row.attribute))</td><td>\(PreviewSheet.escaped(value))</td><td>"
                + "\(PreviewSheet.escaped(row.place ?? "default (0)"))</td></tr>\n"
        }
        html += "</tbody>\n</table>\n</section>\n"
        return html
    }

    /// An SVG document as an element of the page: without its XML declaration.
    private static func inline(_ svg: String) -> String {
        // The declaration's `?>` is the document's first `>`.
        guard svg.hasPrefix("<?xml"), let end = svg.firstIndex(of: ">") else { return svg }
        return String(svg[svg.index(after: end)...].drop { $0 == "\n" })
    }

    private static let style = """
        body { margin: 0; font: 13px -apple-system, system-ui, sans-serif; background: #eaeef2; color: #1b1f24; }
        header { position: sticky; top: 0; z-index: 1; padding: 8px 16px; background: #fff;
          border-bottom: 1px solid #c8d0d8; }
        h1 { font-size: 16px; margin: 0 0 6px; }
        #controls label { margin-right: 16px; }
        #provenance { display: block; margin-top: 6px; min-height: 1.3em; font-family: ui-monospace, monospace; }
        #gallery { display: flex; flex-wrap: wrap; gap: 16px; padding: 16px; align-items: flex-start; }
        section.device { background: #fff; border: 1px solid #c8d0d8; padding: 8px; max-width: 100%; overflow: auto; }
        section.device[hidden] { display: none; }
        h2 { font-size: 14px; margin: 0 0 4px; }
        h2 small { font-weight: normal; color: #57606a; }
        .lookup { margin: 0 0 6px; color: #57606a; font-size: 12px; }
        table.values { border-collapse: collapse; font-size: 12px; margin-top: 8px; }
        table.values th, table.values td { text-align: left; padding: 1px 8px 1px 0; }
        table.values tr[data-provenance] { cursor: pointer; }
        table.values tr.default { color: #8c959f; }
        table.values tr.chosen { background: #fff1b8; }

        """

    /// Shows the sections of the chosen device and text size, keeps the choice in the URL's fragment, and shows
    /// where a clicked (or named) value came from. It writes text only (`textContent`), never markup.
    private static let selectionScript = """
        (function () {
          var device = document.getElementById("device");
          var size = document.getElementById("text-size");
          var output = document.getElementById("provenance");
          function fragment() {
            var values = {};
            location.hash.replace(/^#/, "").split("&").forEach(function (pair) {
              var i = pair.indexOf("=");
              if (i > 0) {
                try { values[decodeURIComponent(pair.slice(0, i))] = decodeURIComponent(pair.slice(i + 1)); }
                catch (e) {}
              }
            });
            return values;
          }
          function choose(select, value) {
            for (var i = 0; i < select.options.length; i++) {
              if (select.options[i].value === value) { select.selectedIndex = i; return; }
            }
          }
          function tell(row) {
            document.querySelectorAll("tr.chosen").forEach(function (r) { r.classList.remove("chosen"); });
            row.classList.add("chosen");
            output.textContent = row.getAttribute("data-provenance");
          }
          function show() {
            document.querySelectorAll("section.device").forEach(function (section) {
              var sizes = section.getAttribute("data-text-sizes").split(" ");
              var deviceMatches = device.value === "" || section.getAttribute("data-device") === device.value;
              section.hidden = !(deviceMatches && sizes.indexOf(size.value) >= 0);
            });
          }
          function apply() {
            var values = fragment();
            if (values.device !== undefined) { choose(device, values.device); }
            if (values["text-size"] !== undefined) { choose(size, values["text-size"]); }
            show();
            if (values.view === undefined || values.attribute === undefined) { return; }
            var rows = document.querySelectorAll("section.device:not([hidden]) tr[data-provenance]");
            for (var i = 0; i < rows.length; i++) {
              if (rows[i].getAttribute("data-view") === values.view &&
                  rows[i].getAttribute("data-attribute") === values.attribute) { tell(rows[i]); return; }
            }
            output.textContent = "No value " + values.view + "." + values.attribute + " on this device.";
          }
          function remember() {
            location.hash = "device=" + encodeURIComponent(device.value) + "&text-size=" +
              encodeURIComponent(size.value);
          }
          device.addEventListener("change", remember);
          size.addEventListener("change", remember);
          window.addEventListener("hashchange", apply);
          document.getElementById("gallery").addEventListener("click", function (event) {
            var row = event.target.closest("tr[data-provenance]");
            if (row) { tell(row); }
          });
          apply();
        })();

        """

    /// For `--watch`: loads the generation marker beside the page every second (a script element, which a page
    /// opened from a file may load) and reloads the page, fragment and all, when the marker names another generation.
    private static let reloadScript = """
        (function () {
          var marker = document.getElementById("generation");
          var current = marker.getAttribute("data-generation");
          window.deviceConstraintsGalleryGeneration = function (generation) {
            if (generation !== current) { location.reload(); }
          };
          setInterval(function () {
            var script = document.createElement("script");
            script.src = encodeURIComponent(marker.getAttribute("data-file")) + "?" + Date.now();
            script.onload = script.onerror = function () { script.remove(); };
            document.head.appendChild(script);
          }, 1000);
        })();

        """
}
