// Lookups by a typed view id, as the build-tool plugin generates them.

extension ConstraintInterpreter {
    /// The record of the view `id` names, merged along the device's lookup chain: the same lookup as
    /// ``record(viewId:container:)``, at the same cost.
    ///
    /// ```swift
    /// let selected = try interpreter.record(ConstraintIDs.BMTReportCalendarDayButton.selected)
    /// ```
    ///
    /// - Parameter id: the container and view id, usually a constant the plugin generated.
    /// - Throws: ``ConstraintError``, as ``record(viewId:container:)`` does: `.fileNotFound` when no file of
    ///   the container is on the device's chain, `.unknownView` when the files the device reads lack the view
    ///   (the plugin's lint reports that at build time as a missing default), any parse error of the files.
    public func record(_ id: ViewID) throws(ConstraintError) -> ConstraintRecord {
        try record(viewId: id.viewId, container: id.container)
    }

    /// The record of the view `id` names if its container is already loaded; never reads a file. See
    /// ``cachedRecord(viewId:container:)``.
    public func cachedRecord(_ id: ViewID) -> ConstraintRecord? {
        cachedRecord(viewId: id.viewId, container: id.container)
    }
}
