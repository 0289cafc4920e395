/// A deterministic corpus of constraint files, generated at benchmark start and never committed.
///
/// Every container has a file for each of the four original devices and a device-neutral base file, with 20–60
/// view ids each. Records mix the attributes real files use: most standard attributes, a font size on many
/// views, an image name or an extension attribute on some, and numbers that differ per device as the
/// original's four designs did. About one file in eight is pretty-printed in the original's layout, the
/// rest written one view per line. View ids carry their container's name, as the original's did
/// (`bmt_reportCalendarDayButtonId_Selected`), so the original design, which keys its cache by view id
/// alone, finds the right record for every key. The standard corpus is 200 containers: 1000 files, about 4.1 MB.
public struct Corpus: Sendable {
    /// A (container, view id) pair to look up.
    public struct Key: Hashable, Sendable {
        public let container: String
        public let viewId: String

        public init(container: String, viewId: String) {
            self.container = container
            self.viewId = viewId
        }
    }

    /// The four device classes of the original design.
    public static let devices = ["iPhone5", "iPhone6", "iPhone6Plus", "iPad"]
    /// The device every benchmark looks records up for.
    public static let device = "iPhone6"
    /// The seed of the standard corpus.
    public static let standardSeed: UInt64 = 0x0004_5EED_C0DE_0004

    /// The files: file name (`Container_Device.json` or `Container.json`) → JSON text.
    public let files: [String: String]
    /// The container names, in generation order.
    public let containers: [String]
    /// Each container's view ids, in file order.
    public let viewIds: [String: [String]]

    /// The total size of the files in bytes.
    public var byteCount: Int {
        files.values.reduce(0) { $0 + $1.utf8.count }
    }

    /// Generates `containerCount` containers from `seed`.
    public init(containerCount: Int = 200, seed: UInt64 = Corpus.standardSeed) {
        var random = SplitMix64(seed: seed)
        var files: [String: String] = [:]
        var containers: [String] = []
        var viewIds: [String: [String]] = [:]
        var usedNames: Set<String> = []
        while containers.count < containerCount {
            let name = Self.containerName(&random)
            guard usedNames.insert(name).inserted else { continue }
            let views = Self.views(of: name, count: random.int(in: 20...60), &random)
            for device in Self.devices {
                let pretty = random.chance(0.12)
                let records = views.map { ($0.id, $0.attributes(on: device, &random)) }
                files["\(name)_\(device).json"] = Self.render(name, records, pretty: pretty)
            }
            let neutral = views.compactMap { view in view.neutral.isEmpty ? nil : (view.id, view.neutral) }
            files["\(name).json"] = Self.render(name, neutral, pretty: random.chance(0.12))
            containers.append(name)
            viewIds[name] = views.map(\.id)
        }
        self.files = files
        self.containers = containers
        self.viewIds = viewIds
    }

    /// `count` keys drawn uniformly from every container's view ids, in a fixed order.
    public func sampleKeys(count: Int, seed: UInt64) -> [Key] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let container = random.pick(containers)
            return Key(container: container, viewId: random.pick(viewIds[container]!))
        }
    }

    /// One generated container file.
    public struct File: Sendable {
        public let container: String
        public let fileName: String
        public let text: String
        public let viewIds: [String]
    }

    /// The 20 KB file of the cold-lookup and parser benchmarks (about 115 views).
    public static let smallFile = singleFile(container: "BMTColdLookupView", minimumBytes: 20_000, seed: 20)
    /// The 1 MB file of the parser benchmarks (about 5800 views).
    public static let largeFile = singleFile(container: "BMTLargeListView", minimumBytes: 1_000_000, seed: 1000)

    /// One container file for `device` of at least `minimumBytes` bytes, pretty-printed in the original's
    /// layout.
    public static func singleFile(
        container: String, device: String = Corpus.device, minimumBytes: Int, seed: UInt64
    ) -> File {
        var random = SplitMix64(seed: seed)
        var chunks: [String] = []
        var ids: [String] = []
        var size = header(container, pretty: true).utf8.count + footer(pretty: true).utf8.count
        while size < minimumBytes {
            let view = View(id: viewId(container, role: "\(random.pick(roles))\(chunks.count)", &random), &random)
            let chunk = render(view.id, view.attributes(on: device, &random), pretty: true)
            size += chunk.utf8.count + (chunks.isEmpty ? 0 : separator.utf8.count)
            chunks.append(chunk)
            ids.append(view.id)
        }
        return File(
            container: container, fileName: "\(container)_\(device).json",
            text: render(container, chunks, pretty: true), viewIds: ids)
    }

    // MARK: - Names

    private static let areas = [
        "Report", "Measure", "Calendar", "Profile", "Settings", "Home", "Chart", "Record", "Reminder", "Login",
        "Device", "Sync", "Shop", "Message", "Community", "Temperature", "Cycle", "Weight", "Sleep", "Insight",
    ]
    private static let parts = [
        "Day", "Week", "Month", "Top", "Bottom", "Header", "Summary", "Detail", "List", "Entry", "Footer", "Empty",
        "Trend", "History", "Goal", "Tip",
    ]
    private static let kinds = ["View", "Cell", "Button", "Card", "Bar", "Panel", "Controller", "Section"]
    private static let roles = [
        "Title", "Subtitle", "Icon", "Avatar", "Badge", "Separator", "Background", "Value", "Unit", "Hint",
        "Action", "Close", "More", "Arrow", "Indicator", "Progress", "Legend", "Label", "Image", "Switch", "Input",
        "Count", "Date", "Time", "Dot", "Line", "Axis", "Tab", "Page", "Cover",
    ]
    private static let states = ["", "", "", "_Normal", "_Selected", "_Highlighted", "_Disabled"]

    private static func containerName(_ random: inout SplitMix64) -> String {
        "BMT" + random.pick(areas) + random.pick(parts) + random.pick(kinds)
    }

    private static func viewId(_ container: String, role: String, _ random: inout SplitMix64) -> String {
        let stem = container.dropFirst(3)
        return "bmt_" + stem.prefix(1).lowercased() + stem.dropFirst() + "Id_" + role + random.pick(states)
    }

    private static func views(of container: String, count: Int, _ random: inout SplitMix64) -> [View] {
        var used: Set<String> = []
        var views: [View] = []
        while views.count < count {
            var id = viewId(container, role: random.pick(roles), &random)
            if !used.insert(id).inserted {
                id += "\(views.count)"
                used.insert(id)
            }
            views.append(View(id: id, &random))
        }
        return views
    }

    // MARK: - Records

    private static let scales = ["iPhone5": 0.85, "iPhone6": 1.0, "iPhone6Plus": 1.1, "iPad": 1.6]
    private static let standard = ["marginLeft", "marginRight", "marginTop", "marginBottom", "width", "height"]

    /// One view's design: which attributes it has and their values on the reference device (iPhone6).
    private struct View {
        let id: String
        /// Standard and special numeric attributes, scaled per device.
        var numbers: [(String, Double)] = []
        /// Attributes the base file gives, the same on every device.
        var neutral: [(String, String)] = []

        init(id: String, _ random: inout SplitMix64) {
            self.id = id
            for name in Corpus.standard where random.chance(0.55) {
                let value: Double =
                    name.hasPrefix("margin")
                    ? Double(random.int(in: -12...80)) / 2 : Double(random.int(in: 8...720)) / 2
                numbers.append((name, value))
            }
            if random.chance(0.45) { numbers.append(("fontSize", Double(random.int(in: 20...68)) / 2)) }
            if random.chance(0.1) { numbers.append(("remarkParameterOne", Double(random.int(in: 0...200)) / 2)) }
            if random.chance(0.05) { numbers.append(("remarkParameterTwo", Double(random.int(in: 0...200)) / 2)) }
            if random.chance(0.2) { neutral.append(("imageName", "\"ic_\(id.suffix(12).lowercased())\"")) }
            if random.chance(0.12) { neutral.append(("cornerRadius", "\(Double(random.int(in: 0...24)) / 2)")) }
            if random.chance(0.08) {
                neutral.append(("textColor", "\"#\(String(random.next() & 0xFF_FFFF, radix: 16))\""))
            }
            if random.chance(0.05) { neutral.append(("isHidden", random.chance(0.5) ? "true" : "false")) }
            if neutral.isEmpty && random.chance(0.3) { neutral.append(("marginTop", "0.0")) }
        }

        /// The attributes a device file gives: the numbers scaled to the device, now and then one left to the
        /// base file, and on iPad sometimes an image of its own.
        func attributes(on device: String, _ random: inout SplitMix64) -> [(String, String)] {
            let scale = Corpus.scales[device] ?? 1
            var result: [(String, String)] = []
            for (name, value) in numbers where !random.chance(0.05) {
                result.append((name, "\((value * scale * 2).rounded() / 2)"))
            }
            if device == "iPad", let image = neutral.first(where: { $0.0 == "imageName" }), random.chance(0.3) {
                result.append(("imageName", String(image.1.dropLast()) + "_pad\""))
            }
            return result
        }
    }

    // MARK: - Rendering

    private static let separator = ",\n"

    private static func header(_ container: String, pretty: Bool) -> String {
        pretty ? "{\n \"\(container)\" :\n [\n" : "{\"\(container)\": [\n"
    }

    private static func footer(pretty: Bool) -> String {
        pretty ? "\n ]\n}\n" : "\n]}\n"
    }

    /// One element of the container's array: `{"viewId": {attributes}}`.
    private static func render(_ id: String, _ attributes: [(String, String)], pretty: Bool) -> String {
        if pretty {
            // The original's layout (the BMT calendar module's files).
            let lines = attributes.map { "        \"\($0.0)\" : \($0.1)" }
            return "   {\n      \"\(id)\" :\n      {\n" + lines.joined(separator: ",\n") + "\n      }\n   }"
        }
        return "  {\"\(id)\": {" + attributes.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}}"
    }

    /// The JSON text of one file: the container's array of one-key objects, view id → record.
    private static func render(_ container: String, _ records: [(String, [(String, String)])], pretty: Bool) -> String {
        render(container, records.map { render($0.0, $0.1, pretty: pretty) }, pretty: pretty)
    }

    private static func render(_ container: String, _ chunks: [String], pretty: Bool) -> String {
        header(container, pretty: pretty) + chunks.joined(separator: separator) + footer(pretty: pretty)
    }
}
