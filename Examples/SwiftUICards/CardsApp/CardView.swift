// Apple only (SwiftUI, iOS 17). Type-checked on Linux against the stand-in SwiftUI written from the iOS 18.6 SDK's
// interfaces, previews included (DeviceConstraintsUITests), and by hand against the real iOS 18.6
// SDK. A Mac must still confirm what it shows: each class's numbers on each device, and each window of an iPad
// following its size.
import DeviceConstraints
import DeviceConstraintsUI
import SwiftUI

/// One card: every number — the badge's size and margins, the fonts, the card's height — comes from the window's
/// records, and changes when the window changes class (rotation, Split View, a resized iPad window).
struct CardView: View {
    @Environment(\.liveConstraints) private var constraints
    let card: Card

    var body: some View {
        let badge = constraints[viewId: "badge", container: "Cards"]
        let title = constraints[viewId: "title", container: "Cards"]
        let detail = constraints[viewId: "detail", container: "Cards"]
        VStack(alignment: .leading, spacing: 0) {
            Image(systemName: card.symbol)
                .font(size: badge)
                .frame(badge)
                .padding(badge)
            Text(card.title)
                .font(size: title, weight: .semibold)
                .padding(title)
            Text(card.detail)
                .font(size: detail)
                .padding(detail)
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .frame(constraints[viewId: "card", container: "Cards"])
        .background { Color.gray.opacity(0.15) }
    }
}

/// What a card shows.
struct Card: Identifiable {
    let id: Int
    let title: String
    let detail: String
    let symbol: String

    static let samples = [
        Card(id: 1, title: "Steps", detail: "8,240 today", symbol: "figure.walk"),
        Card(id: 2, title: "Sleep", detail: "7 h 12 min", symbol: "bed.double"),
        Card(id: 3, title: "Heart", detail: "62 bpm resting", symbol: "heart"),
        Card(id: 4, title: "Water", detail: "1.4 of 2 litres", symbol: "drop"),
        Card(id: 5, title: "Weight", detail: "71.3 kg", symbol: "scalemass"),
        Card(id: 6, title: "Mood", detail: "Calm", symbol: "face.smiling"),
    ]
}
