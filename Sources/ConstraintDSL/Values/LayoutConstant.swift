public import DeviceConstraints

/// A constraint's constant that may depend on the window: a plain number, a number scaled with the window's
/// width, or a number read from a constraint record when the constraints are resolved.
///
/// ```swift
/// make.left.equalToSuperview().offset(.scaled(20, designWidth: 375))          // 20 at 375 points, 27.0 at 507
/// make.top.equalToSuperview().offset(.record(ConstraintIDs.Feed.grid, .marginTop))   // follows the interpreter
/// make.horizontalEdges.equalToSuperview().inset(.scaled(16, designWidth: 375, max: 40))
/// ```
///
/// A scaled constant is ``/DeviceConstraints/ScaledValue`` in code: the number times the window's width ÷ the
/// design width (the resolved device's ``/DeviceConstraints/DeviceProfile/designWidth`` when none is given),
/// clamped, rounded to the device pixel. A record-fed constant is resolved through an interpreter
/// (``ConstraintGroup/resolved(using:)``); resolving it without one is an error at the constraint's line.
public struct LayoutConstant: Hashable, Sendable, CustomStringConvertible {
    /// Where the number comes from.
    enum Source: Hashable, Sendable {
        case number(Double)
        case scaled(ScaledValue, designWidth: Double?)
        case record(RecordValue)
    }

    let source: Source
    /// What the number is multiplied by after it is evaluated: −1, −2 or 0 for insets of some attributes.
    let factor: Double

    init(_ source: Source, factor: Double = 1) {
        if case .number(let value) = source {
            self.source = .number(value * factor)
            self.factor = 1
        } else {
            self.source = source
            self.factor = factor
        }
    }

    /// Whether the constant is a plain number.
    public var isFixed: Bool {
        if case .number = source { return true }
        return false
    }

    /// The number for a plain constant; the value at the design width for a scaled one; nil for a record-fed one.
    var nominalValue: Double? {
        switch source {
        case .number(let value): value
        case .scaled(let scaled, _): scaled.value * factor
        case .record: nil
        }
    }

    /// This constant multiplied by `factor`.
    func times(_ factor: Double) -> LayoutConstant {
        LayoutConstant(source, factor: self.factor * factor)
    }

    /// This constant as an inset of `attribute`: a plain number as ``LayoutInsets`` gives it, another multiplied by
    /// the sign the attribute takes.
    func inset(for attribute: LayoutAttribute) -> LayoutConstant {
        if case .number(let value) = source { return .fixed(LayoutInsets(all: value).constant(for: attribute)) }
        return times(LayoutInsets(all: 1).constant(for: attribute))
    }

    /// The number for `environment`, whose device is `device`.
    ///
    /// ```swift
    /// let window = LayoutEnvironment(width: 507, height: 768, idiom: .pad)
    /// try LayoutConstant.scaled(20, designWidth: 375).resolved(for: window)   // 27.0
    /// ```
    ///
    /// - Parameters:
    ///   - environment: The window.
    ///   - catalog: The catalog the device (and its design width) is resolved from.
    ///   - records: The interpreter a record-fed constant is read through; nil for none.
    /// - Returns: The number.
    /// - Throws: ``/DeviceConstraints/ConstraintError`` for a record-fed constant: without an interpreter, or what
    ///   ``RecordValue/resolved(using:)`` throws.
    public func resolved(
        for environment: LayoutEnvironment, in catalog: DeviceCatalog = .standard,
        records: ConstraintInterpreter? = nil
    ) throws(ConstraintError) -> Double {
        try resolved(
            in: ConstantContext(environment: environment, device: catalog.resolve(environment), records: records))
    }

    /// The number in `context`.
    func resolved(in context: ConstantContext) throws(ConstraintError) -> Double {
        switch source {
        case .number(let value):
            return value
        case .scaled(let scaled, let designWidth):
            let environment = context.environment
            let value = scaled.resolved(
                width: environment.width, designWidth: designWidth ?? context.device.designWidth,
                displayScale: environment.displayScale)
            return value * factor
        case .record(let record):
            guard let interpreter = context.records else {
                throw ConstraintError(
                    code: .invalidValue,
                    message: "the record-fed constant \(record) needs an interpreter: resolve with resolved(using:)")
            }
            return try record.resolved(using: interpreter) * factor
        }
    }

    /// `20.0`, `scaled 20 at 375`, `scaled 16 (max 40) × -2.0`, `Feed.grid.marginTop`.
    public var description: String {
        let base =
            switch source {
            case .number(let value): "\(value)"
            case .scaled(let scaled, let designWidth):
                "\(scaled)" + (designWidth.map { " at \(($0).compactDescription)" } ?? "")
            case .record(let record): "\(record)"
            }
        return factor == 1 ? base : "\(base) × \(factor)"
    }
}

// The constants are made where every target (`offset(_:)`, `inset(_:)`, `equalTo(_:)`, …) finds them, so that they
// are written without the type's name there (`offset(.scaled(20, designWidth: 375))`), and on `LayoutConstant` itself.
extension ConstraintInsetTarget where Self == LayoutConstant {
    /// A plain number, the same on every window.
    ///
    /// - Parameter value: The constant.
    /// - Returns: The constant.
    public static func fixed(_ value: Double) -> LayoutConstant {
        LayoutConstant(.number(value))
    }

    /// `value` at a window `designWidth` points wide, scaled in proportion to the window's width.
    ///
    /// ```swift
    /// make.height.equalTo(.scaled(60, designWidth: 375, min: 44))
    /// ```
    ///
    /// - Parameters:
    ///   - value: The constant at the design width.
    ///   - designWidth: The width the design was drawn at; nil for the resolved device's design width.
    ///   - min: The smallest result, if any.
    ///   - max: The largest result, if any.
    /// - Returns: The constant.
    public static func scaled(_ value: Double, designWidth: Double? = nil, min: Double? = nil, max: Double? = nil)
        -> LayoutConstant
    {
        LayoutConstant(.scaled(ScaledValue(value, minimum: min, maximum: max), designWidth: designWidth))
    }

    /// The number a record holds, read through the interpreter each time the constraints are resolved.
    ///
    /// - Parameter value: The view and attribute.
    /// - Returns: The constant.
    public static func record(_ value: RecordValue) -> LayoutConstant {
        LayoutConstant(.record(value))
    }

    /// The attribute `attribute` of the view `id`, read through the interpreter when resolved.
    ///
    /// ```swift
    /// make.left.equalTo(previousDay.right).offset(.record(ConstraintIDs.BMTReportCalendarDayButton.selected, .marginLeft))
    /// ```
    ///
    /// - Parameters:
    ///   - id: The container and view id.
    ///   - attribute: A numeric attribute.
    /// - Returns: The constant.
    public static func record(_ id: ViewID, _ attribute: ConstraintAttribute) -> LayoutConstant {
        record(RecordValue(id, attribute))
    }

    /// The attribute named `attribute` (standard or extension) of the view `id`.
    public static func record(_ id: ViewID, attribute: String) -> LayoutConstant {
        record(RecordValue(id, attribute: attribute))
    }

    /// The attribute `attribute` of `viewId` in `container`.
    public static func record(container: String, viewId: String, _ attribute: ConstraintAttribute) -> LayoutConstant {
        record(RecordValue(container: container, viewId: viewId, attribute))
    }
}

/// What a constant is resolved against: the window, its device, and the interpreter records come from. Package
/// API, so that ConstraintLayout can resolve with its items for a window too.
package struct ConstantContext {
    package var environment: LayoutEnvironment
    package var device: DeviceProfile
    package var records: ConstraintInterpreter?

    /// A context for a device alone: its portrait window, for the old device-only resolution.
    package init(device: DeviceProfile) {
        self.environment = LayoutEnvironment(width: device.width, height: device.height, idiom: device.idiom)
        self.device = device
        self.records = nil
    }

    package init(environment: LayoutEnvironment, device: DeviceProfile, records: ConstraintInterpreter?) {
        self.environment = environment
        self.device = device
        self.records = records
    }
}

extension PerDevice where Value == Double {
    /// Every value of this one as a scaled constant: each device's number at `designWidth`, scaled with the
    /// window.
    ///
    /// ```swift
    /// let gutter = PerDevice(20.0).overriding(12, on: .iPhone5).scaled(designWidth: 375)
    /// make.left.equalToSuperview().offset(gutter)
    /// ```
    ///
    /// - Parameters:
    ///   - designWidth: The width the numbers were drawn at; nil for each resolved device's design width.
    ///   - min: The smallest result, if any.
    ///   - max: The largest result, if any.
    /// - Returns: The scaled constants.
    public func scaled(designWidth: Double? = nil, min: Double? = nil, max: Double? = nil)
        -> PerDevice<LayoutConstant>
    {
        map { .scaled($0, designWidth: designWidth, min: min, max: max) }
    }
}

extension PerDevice {
    /// The value for the device `catalog` resolves `environment` to.
    ///
    /// ```swift
    /// let margin = PerDevice(20.0).overriding(15, on: .iPhone6)
    /// margin.resolved(for: LayoutEnvironment(width: 393, height: 852))   // 15.0 (iPhone14Pro → iPhone6)
    /// ```
    ///
    /// - Parameters:
    ///   - environment: The window.
    ///   - catalog: The catalog that resolves the device and names its fallbacks.
    /// - Returns: The value on that device.
    public func resolved(for environment: LayoutEnvironment, in catalog: DeviceCatalog = .standard) -> Value {
        resolved(for: catalog.resolve(environment), in: catalog)
    }
}
