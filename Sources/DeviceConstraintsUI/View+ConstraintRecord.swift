// Apple platforms only (SwiftUI). Checked on Linux by DeviceConstraintsUITests, which type-checks
// this module against a stand-in SwiftUI written from the iOS 18.6 SDK's SwiftUI and SwiftUICore interfaces, and by
// hand against the real SDK. A Mac must still confirm what no stand-in can: that the padding mirrors in a right-to-left
// layout and that a record without a font size leaves an inherited font as it was.
#if canImport(SwiftUI)
    public import DeviceConstraints
    public import SwiftUI

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension View {
        /// Pads the view by the record's margins: `marginTop`, `marginLeft` (the leading edge), `marginBottom` and
        /// `marginRight` (the trailing edge). In a right-to-left layout SwiftUI mirrors them, as it mirrors every
        /// padding, and as the constraint DSL reads `marginLeft` for a leading edge.
        ///
        /// ```swift
        /// @Environment(\.liveConstraints) private var constraints
        ///
        /// var body: some View {
        ///     Text("June").padding(constraints[ConstraintIDs.Calendar.title])
        /// }
        /// ```
        ///
        /// - Parameter record: the view's record, usually read from `LiveConstraints`.
        /// - Returns: the view, padded.
        public func padding(_ record: ConstraintRecord) -> some View {
            padding(EdgeInsets(record))
        }

        /// Gives the view the record's `width` and `height`. A size that is 0 — which is what a record that does
        /// not set it reads — is not set, as the constraint DSL reads it: the view keeps its own size on that axis
        /// (as do a negative size and one that is not a finite number, which SwiftUI would reject).
        ///
        /// ```swift
        /// let selected = constraints[
        ///     viewId: "bmt_reportCalendarDayButtonId_Selected", container: "BMTReportCalendarDayButton"]
        /// Image(systemName: "calendar").frame(selected)   // 55 × 55 on an iPhone 6
        /// ```
        ///
        /// - Parameters:
        ///   - record: the view's record, usually read from `LiveConstraints`.
        ///   - alignment: where the view sits in a frame larger than it, as in `frame(width:height:alignment:)`.
        /// - Returns: the view, in a frame of the record's size.
        public func frame(_ record: ConstraintRecord, alignment: Alignment = .center) -> some View {
            frame(width: frameLength(record.width), height: frameLength(record.height), alignment: alignment)
        }

        /// Sets the system font at the record's `fontSize` for the text in this view. When the record has no font
        /// size, the font the view inherits stays as it was.
        ///
        /// The record's `fontSize` is already resolved for the user's text size (`dynamicTypeSize`, which
        /// `.deviceConstraints(_:)` reads): a plain `"fontSize": 17` is 17 at `.large` and 28 at `.accessibility1`.
        /// This applies it as `Font.system(size:)`, a font SwiftUI does not scale again, so the text is scaled once.
        ///
        /// ```swift
        /// VStack {
        ///     Text("June")
        ///     Text("2026")
        /// }
        /// .font(size: constraints[viewId: "title", container: "Calendar"], weight: .semibold)
        /// ```
        ///
        /// - Parameters:
        ///   - record: the view's record, usually read from `LiveConstraints`.
        ///   - weight: the font's weight; the system font's own when nil.
        ///   - design: the font's design; the system font's own when nil.
        /// - Returns: the view, with the font in its environment.
        public func font(size record: ConstraintRecord, weight: Font.Weight? = nil, design: Font.Design? = nil)
            -> some View
        {
            transformEnvironment(\.font) { font in
                if let size = record.fontSize { font = .system(size: CGFloat(size), weight: weight, design: design) }
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension Text {
        /// This text in the system font at the record's `fontSize`; the text as it was when the record has no font
        /// size. A `Text` stays a `Text`, so it can still be joined to others with `+`. The size is the record's,
        /// already resolved for the user's text size, and
        /// is not scaled again.
        ///
        /// ```swift
        /// Text("June").font(size: constraints[viewId: "title", container: "Calendar"]) + Text(" 2026")
        /// ```
        ///
        /// - Parameters:
        ///   - record: the record, usually read from `LiveConstraints`.
        ///   - weight: the font's weight; the system font's own when nil.
        ///   - design: the font's design; the system font's own when nil.
        /// - Returns: the text, in the record's font size.
        public func font(size record: ConstraintRecord, weight: Font.Weight? = nil, design: Font.Design? = nil)
            -> Text
        {
            guard let size = record.fontSize else { return self }
            return font(.system(size: CGFloat(size), weight: weight, design: design))
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension EdgeInsets {
        /// The record's margins as edge insets: `marginTop`, `marginLeft` as the leading inset, `marginBottom`,
        /// `marginRight` as the trailing inset.
        ///
        /// ```swift
        /// ScrollView { … }.safeAreaPadding(EdgeInsets(record))
        /// ```
        ///
        /// - Parameter record: the record.
        public init(_ record: ConstraintRecord) {
            self.init(
                top: CGFloat(record.marginTop), leading: CGFloat(record.marginLeft),
                bottom: CGFloat(record.marginBottom), trailing: CGFloat(record.marginRight))
        }
    }

    /// A record's width or height for a frame: nil (not set) unless it is a finite number above 0.
    private func frameLength(_ length: Double) -> CGFloat? {
        length.isFinite && length > 0 ? CGFloat(length) : nil
    }
#endif
