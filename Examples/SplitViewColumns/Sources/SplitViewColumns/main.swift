// The eleven window widths an iPad app meets in Split View and Slide Over, each resolved to one of three column
// themes (catalog.json), and what the feed's records give at each: the grid's columns, the banner's width (scaled
// from the 1366-point design) and the card title's font.
import DeviceConstraints
import Foundation

guard let catalogFile = Bundle.module.url(forResource: "catalog", withExtension: "json") else {
    print("error: catalog.json is not among the target's resources; check resources: in Package.swift")
    exit(1)
}
let catalog = try DeviceCatalog(json: Data(contentsOf: catalogFile), fileName: "catalog.json")
let interpreter = ConstraintInterpreter(
    source: BundleSource(.module, subdirectory: "Constraints"),
    environment: LayoutEnvironment(width: 1366, height: 1024, idiom: .pad), catalog: catalog)
try await interpreter.preload(containers: ["Feed"])

/// `text` padded with spaces to `width` characters.
func column(_ text: Any, _ width: Int) -> String {
    let text = "\(text)"
    return text + String(repeating: " ", count: max(1, width - text.count))
}

print(column("window", 11) + column("class", 13) + column("columns", 20) + column("banner", 8) + "title font")
let windows: [(width: Double, height: Double)] = [
    (1366, 1024), (1024, 1366), (981, 1024), (768, 1024), (694, 768), (678, 1024), (639, 1366), (507, 768),
    (438, 1024), (375, 1024), (320, 768),
]
for window in windows {
    try await interpreter.update(to: LayoutEnvironment(width: window.width, height: window.height, idiom: .pad))
    let grid = try interpreter.record(viewId: "grid", container: "Feed")
    let banner = try interpreter.record(viewId: "banner", container: "Feed")
    let title = try interpreter.record(viewId: "cardTitle", container: "Feed")
    let columns = grid.columnLayout.map { "\($0.count) × \($0.itemWidth)" } ?? "none"
    print(
        column("\(Int(window.width))×\(Int(window.height))", 11) + column(interpreter.device.name, 13)
            + column(columns, 20) + column(banner.width, 8) + "\(title.fontSize ?? 0)")
}
