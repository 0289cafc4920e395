public import DeviceConstraints

/// A number that lives in a constraint record: a view of a container and one of its attributes, looked up
/// through a ``/DeviceConstraints/ConstraintInterpreter`` each time constraints are resolved, so it follows the
/// interpreter's current window instead of freezing the number of the device it was first read for.
///
/// ```swift
/// let id = ConstraintIDs.BMTReportMeasureView.topView          // or ViewID(container:viewId:)
/// make.left.equalToSuperview().offset(.record(id, .marginLeft))
/// RecordValue(id, .marginLeft).resolved(using: interpreter)      // the number for interpreter.environment
/// ```
public struct RecordValue: Hashable, Sendable, CustomStringConvertible {
    /// The container and view whose record holds the number.
    public let view: ViewID
    /// The attribute's name: a standard one (`marginLeft`) or an extension.
    public let attribute: String

    /// The standard or special attribute `attribute` of the view `view`.
    ///
    /// - Parameters:
    ///   - view: The container and view id, usually a constant the build-tool plugin generated.
    ///   - attribute: A numeric attribute: a margin, `width`, `height`, `fontSize` or a remark parameter.
    public init(_ view: ViewID, _ attribute: ConstraintAttribute) {
        self.view = view
        self.attribute = attribute.rawValue
    }

    /// The attribute named `attribute` (standard or extension) of the view `view`.
    ///
    /// - Parameters:
    ///   - view: The container and view id.
    ///   - attribute: The attribute's name, such as `"gutter"`; it must hold a number.
    public init(_ view: ViewID, attribute: String) {
        self.view = view
        self.attribute = attribute
    }

    /// The attribute `attribute` of `viewId` in `container`.
    ///
    /// ```swift
    /// RecordValue(container: "BMTReportMeasureView", viewId: "bmt_reportMeasureViewId_TopView", .height)
    /// ```
    public init(container: String, viewId: String, _ attribute: ConstraintAttribute) {
        self.init(ViewID(container: container, viewId: viewId), attribute)
    }

    /// The number for the interpreter's current environment.
    ///
    /// - Parameter interpreter: The interpreter whose window (``/DeviceConstraints/ConstraintInterpreter/environment``)
    ///   the number is for.
    /// - Returns: The attribute's number; a standard attribute no file set reads as 0.
    /// - Throws: ``/DeviceConstraints/ConstraintError``: what ``/DeviceConstraints/ConstraintInterpreter/record(_:)``
    ///   throws (`.unknownView`, `.fileNotFound`, parse errors), ``DeviceConstraints/ConstraintError/Code/missingAttribute``
    ///   when no file sets a special or extension attribute, ``DeviceConstraints/ConstraintError/Code/invalidValue``
    ///   when it is not a number.
    public func resolved(using interpreter: ConstraintInterpreter) throws(ConstraintError) -> Double {
        let record = try interpreter.record(view)
        guard let value = record[attribute: attribute] else {
            throw ConstraintError(
                code: .missingAttribute,
                message: "\(view) has no attribute \"\(attribute)\" on \(interpreter.device.name)")
        }
        guard let number = value.numberValue else {
            throw ConstraintError(
                code: .invalidValue, message: "\(self) is \(value), not a number, on \(interpreter.device.name)")
        }
        return number
    }

    /// `BMTReportMeasureView.bmt_reportMeasureViewId_TopView.marginLeft`.
    public var description: String { "\(view).\(attribute)" }
}
