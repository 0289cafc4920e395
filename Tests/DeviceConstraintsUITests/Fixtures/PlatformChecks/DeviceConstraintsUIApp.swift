// Compiled as an app's file against the stand-in SwiftUI and DeviceConstraintsUI (DeviceConstraintsUITests): fails if
// a public API of the SwiftUI layer is missing or changed, or was left out by its `#if`.
import DeviceConstraints
import DeviceConstraintsUI
import SwiftUI

struct ProbeApp: App {
    let interpreter = ConstraintInterpreter(
        source: InMemorySource([:]), environment: LayoutEnvironment(width: 390, height: 844, idiom: .phone))

    var body: some Scene {
        WindowGroup { ProbeView().deviceConstraints(interpreter) }
    }
}

struct ProbeView: View {
    @Environment(LiveConstraints.self) private var constraints

    var body: some View {
        let record = constraints[viewId: "title", container: "Probe"]
        VStack {
            Text("plain").font(size: record)
            Text("styled").font(size: record, weight: .semibold, design: .rounded) + Text(verbatim: "joined")
        }
        .padding(record)
        .frame(record)
        .frame(record, alignment: .center)
        .font(size: record)
        .font(size: record, weight: .bold)
        .padding(EdgeInsets(record))
    }
}

let probeInterpreter = ConstraintInterpreter(
    source: InMemorySource([:]), environment: LayoutEnvironment(width: 390, height: 844, idiom: .phone))

/// Reads the records the safe way, and follows SwiftUI's text size.
struct SafeProbeView: View {
    @Environment(\.liveConstraints) private var constraints
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize

    var body: some View {
        let record = constraints[viewId: "title", container: "Probe"]
        let textSize: TextSize = TextSize(dynamicTypeSize)
        Text(verbatim: "\(textSize)").font(size: record)
            .deviceConstraints(constraints.interpreter)
            .dynamicTypeSize(.accessibility2)
    }
}

#Preview("iPhone SE") {
    ProbeView()
        .deviceConstraints(probeInterpreter)
        .constraintEnvironment(.init(width: 320, height: 568, idiom: .phone))
}
