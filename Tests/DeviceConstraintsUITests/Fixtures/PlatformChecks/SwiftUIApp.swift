// A complete SwiftUI app against the stand-in SwiftUI (DeviceConstraintsUITests), and against the real iPhoneOS 18.6
// SDK (the real-SDK check): every SwiftUI declaration the coming DeviceConstraintsUI and its docs lean on, used as an
// app uses it. If the stand-in and the SDK disagree on a shape, one of the two checks fails. `#Preview` is left out:
// its macro does not expand on Linux.
import Observation
import SwiftUI

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable final class WindowModel {
    var width: CGFloat = 0
    var fontSize: CGFloat = 17
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct MeasuredWindow: ViewModifier {
    let model: WindowModel

    func body(content: Content) -> some View {
        content
            .onGeometryChange(for: CGSize.self, of: { proxy in proxy.size }) { size in
                model.width = size.width
            }
            .environment(model)
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct CardView: View {
    @Environment(WindowModel.self) private var model
    @Environment(\.layoutDirection) private var direction

    var body: some View {
        VStack {
            Text("Card")
                .font(.system(size: model.fontSize))
                .padding(EdgeInsets(top: 6, leading: 12, bottom: 6, trailing: 12))
                .frame(width: model.width > 0 ? model.width / 2 : nil, height: 40)
        }
        .modifier(MeasuredWindow(model: model))
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct CardApp: App {
    @State private var model = WindowModel()

    var body: some Scene {
        WindowGroup {
            CardView()
                .environment(model)
        }
    }
}
