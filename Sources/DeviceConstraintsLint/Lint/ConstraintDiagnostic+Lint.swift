package import DeviceConstraints

extension ConstraintDiagnostic.Code {
    /// A view id that some device gets but another device of the catalog cannot reach through its lookup
    /// chain: on that device `record(viewId:container:)` throws. Android's lint calls it
    /// MissingDefaultResource.
    package static let missingDefault = Self(rawValue: "missingDefault")
    /// A file for a device the catalog does not know: no device's lookup chain ever reads it.
    package static let deadFile = Self(rawValue: "deadFile")
    /// Two files of one container for the same class (`Card_iPhone15.json` and `Card_iPhone16.json`, both models of
    /// `iPhone14Pro`), or for the same place of a lookup chain otherwise: a window reads both, in an order only the
    /// catalog knows.
    package static let sameClassFiles = Self(rawValue: "sameClassFiles")
    /// A width qualifier no window of the catalog can meet (`Card_w1400.json`): no window reads the file.
    package static let unreachableQualifier = Self(rawValue: "unreachableQualifier")
    /// A file name whose device part looks like a qualifier and is not one (`w0`, `w-3`, `w600dp`): no window reads
    /// the file; the message suggests the name that was probably meant.
    package static let malformedQualifier = Self(rawValue: "malformedQualifier")
    /// A catalog device falls back to a wider one, whose plain numbers can overflow its windows.
    package static let widerFallback = Self(rawValue: "widerFallback")
    /// A folder with no constraint files at all.
    package static let noConstraintFiles = Self(rawValue: "noConstraintFiles")
    /// A file whose name ends in `.json` in another case (`Card.JSON`): only `.json` names are read.
    package static let misnamedExtension = Self(rawValue: "misnamedExtension")
    /// A `.json` file that holds something else (a `description.json` among the resources): the interpreter
    /// skips it, so lint only warns, in case it was meant to be a constraint file.
    package static let notConstraintFile = Self(rawValue: "notConstraintFile")
    /// Scaled values (`{"scaled": n}`) that resolve to the same number at the width of every device that reads
    /// them: they cannot scale (a base file that states no `"designWidth"`).
    package static let constantScaledValue = Self(rawValue: "constantScaledValue")
    /// A note at a file that could not be read or parsed: the checks across files that it would take part in were not
    /// run for the devices that read it.
    package static let checksNotRun = Self(rawValue: "checksNotRun")
}

extension ConstraintDiagnostic {
    /// `error` as an error diagnostic, with the same code, location and message, placed at `path`.
    package init(_ error: ConstraintError, at path: String) {
        self.init(
            severity: .error, code: Code(rawValue: error.code.rawValue), message: error.message, file: path,
            line: error.line, column: error.column, keyPath: error.keyPath)
    }

    /// The order lint prints diagnostics in: by file, then line and column (a diagnostic of the whole
    /// file first), errors before warnings, then message.
    package static func lintOrder(_ lhs: ConstraintDiagnostic, _ rhs: ConstraintDiagnostic) -> Bool {
        let left = (lhs.file ?? "", lhs.line ?? 0, lhs.column ?? 0)
        let right = (rhs.file ?? "", rhs.line ?? 0, rhs.column ?? 0)
        if left != right { return left < right }
        if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
        return lhs.message < rhs.message
    }
}
