// A stand-in `SwiftUI` module, for type-checking SwiftUI code on Linux (PlatformCompileCheckTests): DeviceConstraintsUI,
// its probe, Examples/SwiftUICards and the DocC snippets. Written from the iPhoneOS 18.6 SDK's
// `SwiftUI.swiftmodule/arm64-apple-ios.swiftinterface` and `SwiftUICore.swiftmodule/arm64-apple-ios.swiftinterface`
// (SwiftUI re-exports SwiftUICore, where View, ViewModifier, Environment, GeometryProxy, Font, EdgeInsets and the
// layout modifiers live; the line each was read at is named above it). Each keeps the SDK's shape, `@available` and
// main-actor isolation (`@MainActor @preconcurrency` protocols, `nonisolated` modifiers); only what the package, its
// probes and its docs use is declared. Observation is the toolchain's real module. The `PlatformChecks/SwiftUIApp.swift`
// fixture compiles against this stand-in here and against the real SDK in the real-SDK check, so a shape that differs
// fails one of the two. `#Preview` is declared as the SDK declares it; its implementation, Xcode's PreviewsMacros
// plugin, is stood in for by StandIns/Macros/PreviewsMacros.swift, which expands it to nothing once its arguments
// type-check (loaded with `-load-plugin-library`). Never run: a primitive view's `body` is `Never`, as in the SDK,
// and traps if it were ever called.
@_exported import Foundation
@_exported import Observation

/// What a primitive view's `body` does: the stand-in never runs.
@usableFromInline func standInBody() -> Never {
    fatalError("a stand-in SwiftUI view is never run")
}

// MARK: - Views (SwiftUICore:11976, 4144, 13380, 13430)

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@preconcurrency @MainActor public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Never: View {
    public typealias Body = Never
    public var body: Never { self }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    {
        _ConditionalContent()
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    {
        _ConditionalContent()
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Optional: View where Wrapped: View {
    public var body: Never { standInBody() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct EmptyView: View {
    @inlinable nonisolated public init() {}
    public var body: Never { standInBody() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct TupleView<T>: View {
    nonisolated(unsafe) public var value: T
    @inlinable nonisolated public init(_ value: T) { self.value = value }
    public var body: Never { standInBody() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct _ConditionalContent<TrueContent, FalseContent>: View where TrueContent: View, FalseContent: View {
    nonisolated init() {}
    public var body: Never { standInBody() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@preconcurrency @MainActor public protocol ViewModifier {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
    typealias Content = _ViewModifier_Content<Self>
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _ViewModifier_Content<Modifier>: View where Modifier: ViewModifier {
    public var body: Never { standInBody() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    @inlinable public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { standInBody() }
}

/// What the stand-in's built-in modifiers return (the SDK's are private types behind `some View`).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _StandInModifier: ViewModifier {
    @inlinable nonisolated public init() {}
    public func body(content: Content) -> some View { content }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    @inlinable nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

// MARK: - Text, stacks (SwiftUICore:16210, 1057)

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Text: Equatable, Sendable {
    @usableFromInline let content: String
    @inlinable public init(verbatim content: String) { self.content = content }
    @_disfavoredOverload public init<S>(_ content: S) where S: StringProtocol { self.content = String(content) }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Text: View {
    public var body: Never { standInBody() }
}

// SwiftUICore:11523, 7411
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Text {
    nonisolated public func font(_ font: Font?) -> Text { self }
    public static func + (lhs: Text, rhs: Text) -> Text { lhs }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public enum HorizontalAlignment: Equatable, Sendable {
    case leading, center, trailing
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Alignment: Equatable, Sendable {
    public static let center = Alignment()
    public static let leading = Alignment()
    public static let topLeading = Alignment()
}

// SwiftUICore:9804
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct VerticalAlignment: Equatable {
    public static let center = VerticalAlignment()
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct VStack<Content>: View where Content: View {
    @usableFromInline nonisolated(unsafe) let content: Content
    @inlinable nonisolated public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {
        self.content = content()
    }
    public var body: Never { standInBody() }
}

// SwiftUICore:4866
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct HStack<Content>: View where Content: View {
    @usableFromInline nonisolated(unsafe) let content: Content
    @inlinable nonisolated public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {
        self.content = content()
    }
    public var body: Never { standInBody() }
}

// SwiftUI: NavigationSplitView (iOS 16), its two-column initializer only.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
@MainActor @preconcurrency public struct NavigationSplitView<Sidebar, Content, Detail>: View
where Sidebar: View, Content: View, Detail: View {
    @MainActor @preconcurrency public init(
        @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail
    ) where Content == EmptyView {}
    public var body: Never { standInBody() }
}

// SwiftUI:5610, 5757: List, the initializer without a selection only.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public struct List<SelectionValue, Content>: View
where SelectionValue: Hashable, Content: View {
    public var body: Never { standInBody() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension List where SelectionValue == Never {
    @MainActor @preconcurrency public init(@ViewBuilder content: () -> Content) {}
}

// SwiftUICore:3109, 17947
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @MainActor @preconcurrency public struct Spacer {
    @MainActor @preconcurrency public var minLength: CGFloat?
    @inlinable @MainActor @preconcurrency public init(minLength: CGFloat? = nil) {
        self.minLength = minLength
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Spacer: View {
    public var body: Never { standInBody() }
}

// SwiftUICore:15006, 15018, 15028
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {
    public var data: Data
    public var content: (Data.Element) -> Content
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ForEach: View where Content: View {
    public var body: Never { standInBody() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

// MARK: - Images and colours (SwiftUICore:16544, 7848, 11808, 6721, 6723, 14539)

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Image: Equatable, Sendable {
    @usableFromInline let name: String
    public init(systemName: String) { name = systemName }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Image: View {
    public var body: Never { standInBody() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Color: Hashable, CustomStringConvertible, Sendable {
    public static let gray = Color()
    public static let clear = Color()
    public func opacity(_ opacity: Double) -> Color { self }
    public var description: String { "Color" }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Color: View {
    public var body: Never { standInBody() }
}

// MARK: - Scrolling and grids (SwiftUICore:2264 Axis, 14734; SwiftUI:12606, 12632 ScrollView, 19582, 19604)

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public enum Axis: Int8, CaseIterable {
    case horizontal, vertical
    @frozen public struct Set: OptionSet {
        public typealias Element = Axis.Set
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Axis.Set(rawValue: 1)
        public static let vertical = Axis.Set(rawValue: 2)
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct ScrollView<Content>: View where Content: View {
    @_alwaysEmitIntoClient nonisolated public init(_ axes: Axis.Set = .vertical, @ViewBuilder content: () -> Content) {}
    public var body: Never { standInBody() }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct GridItem: Sendable {
    public enum Size: Sendable {
        case fixed(_: CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public var size: GridItem.Size
    public var spacing: CGFloat?
    public var alignment: Alignment?
    public init(_ size: GridItem.Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct LazyVGrid<Content>: View where Content: View {
    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {}
    public var body: Never { standInBody() }
}

// MARK: - Layout modifiers (SwiftUICore:9470 EdgeInsets, 2327 padding, 11117 frame, 14834 font, 3059 Font)

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct EdgeInsets: Equatable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat
    @inlinable public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    @inlinable public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Font: Hashable, Sendable {
    @usableFromInline let size: CGFloat

    public struct Weight: Hashable, Sendable {
        public static let regular = Weight()
        public static let semibold = Weight()
        public static let bold = Weight()
    }

    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }

    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font {
        Font(size: size)
    }

    @available(iOS, introduced: 13.0, deprecated: 100000.0, message: "Use `system(size:weight:design:)` instead.")
    @available(macOS, introduced: 10.15, deprecated: 100000.0, message: "Use `system(size:weight:design:)` instead.")
    @available(tvOS, introduced: 13.0, deprecated: 100000.0, message: "Use `system(size:weight:design:)` instead.")
    @available(watchOS, introduced: 6.0, deprecated: 100000.0, message: "Use `system(size:weight:design:)` instead.")
    @_disfavoredOverload public static func system(
        size: CGFloat, weight: Font.Weight = .regular, design: Font.Design = .default
    ) -> Font {
        Font(size: size)
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    @inlinable nonisolated public func padding(_ insets: EdgeInsets) -> some View {
        modifier(_StandInModifier())
    }

    @inlinable nonisolated public func frame(
        width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center
    )
        -> some View
    {
        modifier(_StandInModifier())
    }

    @inlinable nonisolated public func font(_ font: Font?) -> some View {
        modifier(_StandInModifier())
    }

    // SwiftUICore:2337
    @inlinable nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        modifier(_StandInModifier())
    }

    // SwiftUICore:11160
    @inlinable nonisolated public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View {
        modifier(_StandInModifier())
    }
}

// SwiftUICore:1124
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public enum Edge: Int8, CaseIterable {
    case top, leading, bottom, trailing
    @frozen public struct Set: OptionSet {
        public typealias Element = Edge.Set
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Edge.Set(rawValue: 10)
        public static let all = Edge.Set(rawValue: 15)
    }
}

// SwiftUICore:16341, 14677
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@frozen public struct SafeAreaRegions: OptionSet {
    public let rawValue: UInt
    @inlinable public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all = SafeAreaRegions(rawValue: 3)
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension View {
    @inlinable nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all)
        -> some View
    {
        modifier(_StandInModifier())
    }
}

// SwiftUICore:13733
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension View {
    @inlinable nonisolated public func background<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> some View where V: View
    {
        modifier(_StandInModifier())
    }
}

// SwiftUICore:11931, 11933
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension View {
    nonisolated public func onChange<V>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View where V: Equatable {
        modifier(_StandInModifier())
    }

    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
        -> some View where V: Equatable
    {
        modifier(_StandInModifier())
    }
}

// MARK: - Geometry (SwiftUICore:6941; SwiftUI:4975, 4982)

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct GeometryProxy {
    public var size: CGSize { .zero }
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
}

extension View {
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    @_alwaysEmitIntoClient @preconcurrency nonisolated public func onGeometryChange<T>(
        for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T,
        action: @escaping (_ newValue: T) -> Void
    ) -> some View where T: Equatable, T: Sendable {
        modifier(_StandInModifier())
    }

    @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 10.0, *)
    @preconcurrency nonisolated public func onGeometryChange<T>(
        for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T,
        action: @escaping (_ oldValue: T, _ newValue: T) -> Void
    ) -> some View where T: Equatable, T: Sendable {
        modifier(_StandInModifier())
    }
}

// MARK: - Environment (SwiftUICore:9929, 10298, 10964, 2768, 12712, 12735)

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol DynamicProperty {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Self.Value { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public enum LayoutDirection: Hashable, CaseIterable, Sendable {
    case leftToRight, rightToLeft
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct EnvironmentValues: CustomStringConvertible {
    private var values: [ObjectIdentifier: Any] = [:]
    public init() {}
    public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
    public var layoutDirection: LayoutDirection {
        get { .leftToRight }
        set {}
    }
    public var description: String { "EnvironmentValues" }
}

// SwiftUICore:14778, 14880, 14896, 14937, 14949
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public enum UserInterfaceSizeClass: Sendable {
    case compact
    case regular
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension EnvironmentValues {
    public var font: Font? {
        get { nil }
        set {}
    }
    public var displayScale: CGFloat {
        get { 1 }
        set {}
    }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    @backDeployed(before: macOS 14.0, tvOS 17.0, watchOS 10.0)
    public var horizontalSizeClass: UserInterfaceSizeClass? {
        get { nil }
        set {}
    }
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
    @backDeployed(before: macOS 14.0, tvOS 17.0, watchOS 10.0)
    public var verticalSizeClass: UserInterfaceSizeClass? {
        get { nil }
        set {}
    }
}

// SwiftUICore:10316, 10350, 10361: not @frozen, so a switch over it needs `@unknown default`.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public enum DynamicTypeSize: Hashable, Comparable, CaseIterable, Sendable {
    case xSmall
    case small
    case medium
    case large
    case xLarge
    case xxLarge
    case xxxLarge
    case accessibility1
    case accessibility2
    case accessibility3
    case accessibility4
    case accessibility5
    public var isAccessibilitySize: Bool { self >= .accessibility1 }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension EnvironmentValues {
    public var dynamicTypeSize: DynamicTypeSize {
        get { .large }
        set {}
    }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension View {
    nonisolated public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View {
        modifier(_StandInModifier())
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper public struct Environment<Value>: DynamicProperty {
    @usableFromInline let read: () -> Value

    @inlinable public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        read = { EnvironmentValues()[keyPath: keyPath] }
    }

    @inlinable public var wrappedValue: Value { read() }
}

extension Environment {
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    public init(_ objectType: Value.Type) where Value: AnyObject, Value: Observation.Observable {
        read = { standInBody() }
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    @inlinable nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
        -> some View
    {
        modifier(_StandInModifier())
    }

    // SwiftUICore:9621
    @inlinable nonisolated public func transformEnvironment<V>(
        _ keyPath: WritableKeyPath<EnvironmentValues, V>, transform: @escaping (inout V) -> Void
    ) -> some View {
        modifier(_StandInModifier())
    }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension View {
    nonisolated public func environment<T>(_ object: T?) -> some View where T: AnyObject, T: Observation.Observable {
        modifier(_StandInModifier())
    }
}

// MARK: - State (SwiftUICore:13821)

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
    @usableFromInline final class Box {
        @usableFromInline var value: Value
        @usableFromInline init(_ value: Value) { self.value = value }
    }
    @usableFromInline let box: Box
    public init(wrappedValue value: Value) { box = Box(value) }
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
}

// MARK: - Apps and scenes (SwiftUI:7287 App, 13745 Scene, 14378 SceneBuilder, 1534 WindowGroup)

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@preconcurrency @MainActor public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
@resultBuilder public struct SceneBuilder {
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: Scene { content }
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene { content }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@preconcurrency @MainActor public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    @MainActor @preconcurrency init()
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension App {
    @MainActor @preconcurrency public static func main() {}
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct WindowGroup<Content>: Scene where Content: View {
    @usableFromInline nonisolated(unsafe) let content: Content

    @available(
        iOS, introduced: 14.0, deprecated: 18.0, renamed: "init(makeContent:)",
        message: "Use the initializer which takes an escaping view builder instead."
    )
    @available(
        macOS, introduced: 11.0, deprecated: 15.0, renamed: "init(makeContent:)",
        message: "Use the initializer which takes an escaping view builder instead."
    )
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    @MainActor @preconcurrency public var body: Never { standInBody() }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Never: Scene {}

// MARK: - Previews (SwiftUI:15969)

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@freestanding(declaration) public macro Preview(
    _ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "PreviewsMacros", type: "SwiftUIView")
