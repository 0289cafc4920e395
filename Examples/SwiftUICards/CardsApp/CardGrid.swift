// Apple only (SwiftUI, iOS 17). Type-checked on Linux against the stand-in SwiftUI written from the iOS 18.6 SDK's
// interfaces, previews included (DeviceConstraintsUITests), and by hand against the real iOS 18.6
// SDK. A Mac must still confirm what it shows: each class's numbers on each device, and each window of an iPad
// following its size.
import DeviceConstraints
import DeviceConstraintsUI
import SwiftUI

/// The cards in a grid whose columns follow the window: the `grid` record's column rule gives two columns on a phone,
/// three on an iPad, more as the window widens, and the width of each.
struct CardGrid: View {
    @Environment(\.liveConstraints) private var constraints

    var body: some View {
        let grid =
            constraints[viewId: "grid", container: "Cards"].columnLayout
            ?? ColumnLayout(count: 2, itemWidth: 160, spacing: 12, insets: 16)
        let columns = Array(
            repeating: GridItem(.fixed(CGFloat(grid.itemWidth)), spacing: CGFloat(grid.spacing)), count: grid.count)
        ScrollView {
            LazyVGrid(columns: columns, spacing: CGFloat(grid.spacing)) {
                ForEach(Card.samples) { card in
                    CardView(card: card)
                }
            }
            .padding(.horizontal, CGFloat(grid.insets))
        }
    }
}

/// A preview per device class: each shows that class's numbers, whatever the canvas's size.
let previewInterpreter = ConstraintInterpreter(
    source: BundleSource(.main, subdirectory: "Constraints"), environment: LayoutEnvironment(width: 390, height: 844))

#Preview("iPhone SE (1st generation)") {
    CardGrid()
        .deviceConstraints(previewInterpreter)
        .constraintEnvironment(.init(width: 320, height: 568, idiom: .phone))
}

#Preview("iPhone 16") {
    CardGrid()
        .deviceConstraints(previewInterpreter)
        .constraintEnvironment(.init(width: 393, height: 852, idiom: .phone, displayScale: 3))
}

#Preview("iPad, ⅔ Split View") {
    CardGrid()
        .deviceConstraints(previewInterpreter)
        .constraintEnvironment(.init(width: 694, height: 768, idiom: .pad))
}

#Preview("iPad Pro 12.9-inch") {
    CardGrid()
        .deviceConstraints(previewInterpreter)
        .constraintEnvironment(.init(width: 1024, height: 1366, idiom: .pad))
}
