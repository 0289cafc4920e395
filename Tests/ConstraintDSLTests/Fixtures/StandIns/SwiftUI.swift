// A stand-in `SwiftUI` module, for type-checking the package's SwiftUI code on Linux (DeviceConstraintsUI, its
// probe, the SwiftUI example and the documentation's SwiftUI code): the declarations they use, each spelled as the
// iOS 18.6 SDK declares it — SwiftUI.framework/Modules/SwiftUI.swiftmodule/arm64-apple-ios.swiftinterface and
// SwiftUICore.framework/…/arm64-apple-ios.swiftinterface (SwiftUI re-exports SwiftUICore, where most of these live
// since iOS 18; one module here) — with the same generic shapes, isolation (`@MainActor @preconcurrency` protocols,
// `nonisolated` modifiers, `@Sendable` and `@MainActor` closures) and `@available`. Linux ignores availability for
// Apple platforms, so the real-SDK check (not in CI) is what proves it; these copies say what a reader should see.
// Never run: bodies are placeholders. Add a declaration only as the SDK spells it.
//
// `#Preview` is a macro whose implementation (the PreviewsMacros plugin) ships only with Xcode. Built and loaded with
// `-load-plugin-library`, StandIns/Macros/PreviewsMacros.swift stands in for it: it expands to nothing, after the
// compiler has type-checked the macro's arguments (a preview's name and view builder) against this declaration.
@_exported import Foundation
@_exported import Observation

// MARK: - Views and modifiers

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@preconcurrency @MainActor public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@preconcurrency @MainActor public protocol ViewModifier {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
    typealias Content = _ViewModifier_Content<Self>
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _ViewModifier_Content<Modifier>: View where Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct EmptyModifier: ViewModifier {
    public typealias Body = Never
    // `nonisolated` here: the stand-in's own modifiers make one outside the main actor.
    @inlinable nonisolated public init() {}
    @MainActor @preconcurrency public func body(content: EmptyModifier.Content) -> EmptyModifier.Body { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct ModifiedContent<Content, Modifier> {
    public typealias Body = Never
    public var content: Content
    public var modifier: Modifier
    @inlinable nonisolated public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    @inlinable nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        return .init(content: self, modifier: modifier)
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct EmptyView: View {
    @inlinable nonisolated public init() {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct TupleView<T>: View {
    @inlinable nonisolated public init(_ value: T) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct _ConditionalContent<TrueContent, FalseContent>: View
where TrueContent: View, FalseContent: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View {
        content
    }
    public static func buildBlock() -> EmptyView {
        EmptyView()
    }
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View {
        content
    }
    @_disfavoredOverload public static func buildBlock<each Content>(_ content: repeat each Content)
        -> TupleView<(repeat each Content)> where repeat each Content: View
    {
        TupleView((repeat each content))
    }
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View {
        content
    }
    public static func buildEither<TrueContent, FalseContent>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View
    {
        fatalError()
    }
    public static func buildEither<TrueContent, FalseContent>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View
    {
        fatalError()
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// MARK: - State and the environment

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol DynamicProperty {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
    @usableFromInline internal var _value: Value
    public init(wrappedValue value: Value) { _value = value }
    @_alwaysEmitIntoClient public init(initialValue value: Value) { _value = value }
    public var wrappedValue: Value {
        get { _value }
        nonmutating set {}
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension State: Sendable where Value: Sendable {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Self.Value { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct EnvironmentValues: CustomStringConvertible {
    public init() {}
    public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey {
        get { K.defaultValue }
        set {}
    }
    public var description: String { "" }
}

@available(*, unavailable)
extension EnvironmentValues: Sendable {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension EnvironmentValues {
    public var layoutDirection: LayoutDirection {
        get { .leftToRight }
        set {}
    }
    public var displayScale: CGFloat {
        get { 1 }
        set {}
    }
    public var font: Font? {
        get { nil }
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

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper public struct Environment<Value>: DynamicProperty {
    @usableFromInline internal let keyPath: KeyPath<EnvironmentValues, Value>?
    @inlinable public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    @inlinable public var wrappedValue: Value {
        fatalError()
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Environment {
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    public init(_ objectType: Value.Type) where Value: AnyObject, Value: Observation.Observable { keyPath = nil }
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    public init<T>(_ objectType: T.Type) where Value == T?, T: AnyObject, T: Observation.Observable {
        keyPath = nil
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    @inlinable nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
        -> some View
    {
        return modifier(EmptyModifier())
    }
    @inlinable nonisolated public func transformEnvironment<V>(
        _ keyPath: WritableKeyPath<EnvironmentValues, V>, transform: @escaping (inout V) -> Void
    ) -> some View {
        return modifier(EmptyModifier())
    }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension View {
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    nonisolated public func environment<T>(_ object: T?) -> some View where T: AnyObject, T: Observation.Observable {
        return modifier(EmptyModifier())
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public enum UserInterfaceSizeClass: Sendable {
    case compact
    case regular
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public enum LayoutDirection: Hashable, CaseIterable, Sendable {
    case leftToRight
    case rightToLeft
}

// MARK: - Geometry and layout

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct GeometryProxy {
    public var size: CGSize { .zero }
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
}

@available(*, unavailable)
extension GeometryProxy: Sendable {}

extension View {
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    @_alwaysEmitIntoClient @preconcurrency nonisolated public func onGeometryChange<T>(
        for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T,
        action: @escaping (_ newValue: T) -> Void
    ) -> some View where T: Equatable, T: Sendable {
        modifier(EmptyModifier())
    }
}

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
    @inlinable public init() {
        self.init(top: 0, leading: 0, bottom: 0, trailing: 0)
    }
}

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

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@frozen public struct SafeAreaRegions: OptionSet {
    public let rawValue: UInt
    @inlinable public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all = SafeAreaRegions(rawValue: 3)
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Alignment: Equatable {
    public static let center = Alignment()
    public static let leading = Alignment()
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct HorizontalAlignment: Equatable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    @inlinable nonisolated public func padding(_ insets: EdgeInsets) -> some View {
        return modifier(EmptyModifier())
    }
    @inlinable nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        return modifier(EmptyModifier())
    }
    @inlinable nonisolated public func frame(
        width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View {
        return modifier(EmptyModifier())
    }
    @inlinable nonisolated public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View {
        return modifier(EmptyModifier())
    }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension View {
    @inlinable nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all)
        -> some View
    {
        return modifier(EmptyModifier())
    }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension View {
    @inlinable nonisolated public func background<V>(
        alignment: Alignment = .center, @ViewBuilder content: () -> V
    ) -> some View where V: View {
        modifier(EmptyModifier())
    }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension View {
    nonisolated public func onChange<V>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View where V: Equatable {
        modifier(EmptyModifier())
    }
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
        -> some View where V: Equatable
    {
        modifier(EmptyModifier())
    }
}

// MARK: - Text, fonts, colours, stacks

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Font: Hashable, Sendable {
    public static let body = Font()
    public static let headline = Font()
    public enum Weight: Hashable, Sendable {
        case regular, medium, semibold, bold
    }
    public enum Design: Hashable, Sendable {
        case `default`, rounded
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Font {
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font {
        Font()
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    @inlinable nonisolated public func font(_ font: Font?) -> some View {
        return modifier(EmptyModifier())
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Text: Equatable, Sendable {
    @inlinable public init(verbatim content: String) {}
    @_disfavoredOverload public init<S>(_ content: S) where S: StringProtocol {}
    nonisolated public func font(_ font: Font?) -> Text { self }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Text: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Text {
    public static func + (lhs: Text, rhs: Text) -> Text { lhs }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Color: Hashable, CustomStringConvertible, Sendable {
    public static let clear = Color()
    public static let gray = Color()
    public func opacity(_ opacity: Double) -> Color { self }
    public var description: String { "" }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Color: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Image: Equatable, Sendable {
    public init(systemName: String) {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Image: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @MainActor @preconcurrency public struct Spacer: View {
    @MainActor @preconcurrency public var minLength: CGFloat?
    @inlinable @MainActor @preconcurrency public init(minLength: CGFloat? = nil) {
        self.minLength = minLength
    }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {
    public var data: Data
    public var content: (Data.Element) -> Content
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ForEach: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

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
    @_alwaysEmitIntoClient nonisolated public init(
        _ axes: Axis.Set = .vertical, @ViewBuilder content: () -> Content
    ) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
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
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct VStack<Content>: View where Content: View {
    @inlinable public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct HStack<Content>: View where Content: View {
    @inlinable public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct VerticalAlignment: Equatable {
    public static let center = VerticalAlignment()
}

// MARK: - Apps and scenes

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
@preconcurrency @MainActor public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@resultBuilder public struct SceneBuilder {
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: Scene {
        content
    }
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene {
        content
    }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct WindowGroup<Content>: Scene where Content: View {
    @available(
        iOS, introduced: 14.0, deprecated: 18.0, renamed: "init(makeContent:)",
        message: "Use the initializer which takes an escaping view builder instead."
    )
    public init(@ViewBuilder content: () -> Content) {}
    // The SDK's is `some Scene`: what it is, no app can use.
    @MainActor @preconcurrency public var body: Never { fatalError() }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Never: Scene {}

// MARK: - Previews

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@freestanding(declaration) public macro Preview(
    _ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "PreviewsMacros", type: "SwiftUIView")
