// Preloads the constraint files at start-up, then moves the interpreter through the windows an app meets and prints
// what its views would get in each: the device class and the files it reads, a card's title and photo, and the
// number of columns of a feed.
import DeviceConstraints

// At start-up: one interpreter for the window, every container loaded before the first layout.
let interpreter = ConstraintInterpreter(
    source: BundleSource(.module, subdirectory: "Constraints"),
    environment: LayoutEnvironment(width: 393, height: 852, idiom: .phone))
try await interpreter.preloadAll()
print("preloaded:", interpreter.loadedContainers.joined(separator: ", "))

// Views are told when the device class changes (also as an AsyncStream and a Notification).
let observation = interpreter.onChange { change in
    if change.deviceChanged { print("  the class changes to \(change.newDevice.name)") }
}

let windows: [(name: String, window: LayoutEnvironment)] = [
    ("iPhone 15, portrait", LayoutEnvironment(width: 393, height: 852, idiom: .phone)),
    ("iPhone 15, landscape", LayoutEnvironment(width: 852, height: 393, idiom: .phone)),
    ("iPhone SE (1st generation)", LayoutEnvironment(width: 320, height: 568, idiom: .phone)),
    ("iPad Air 11-inch, landscape", LayoutEnvironment(width: 1180, height: 820, idiom: .pad)),
    ("the same, ⅔ of the screen in Split View", LayoutEnvironment(width: 778, height: 820, idiom: .pad)),
    ("the same, Slide Over", LayoutEnvironment(width: 320, height: 820, idiom: .pad)),
    ("an iPadOS window resized to 700 points", LayoutEnvironment(width: 700, height: 600, idiom: .pad)),
    ("…and to 720 points", LayoutEnvironment(width: 720, height: 600, idiom: .pad)),
]
for (name, window) in windows {
    print("\(name): \(Int(window.width))×\(Int(window.height)), \(window.horizontalSizeClass) width")
    if try await interpreter.update(to: window) == nil { print("  nothing a lookup returns changed") }
    let title = try interpreter.record(viewId: "title", container: "Card")
    let photo = try interpreter.record(viewId: "photo", container: "Card")
    let columns = try interpreter.record(viewId: "grid", container: "Feed").columnLayout?.count ?? 1
    print(
        "  \(interpreter.lookupChain.map(\.rawValue).joined(separator: " → ")) → base:",
        "title \(title.marginLeft) in, \(title.height) high, \(title.fontSize ?? 17) pt;",
        "photo \(photo.width)×\(photo.height); \(columns) column\(columns == 1 ? "" : "s")")
}
observation.cancel()
