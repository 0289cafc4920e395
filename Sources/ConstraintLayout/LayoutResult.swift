public import ConstraintDSL
public import DeviceConstraints

/// The frames of a solved layout, for one environment.
///
/// ```swift
/// let layout = try LayoutEngine(root: window, constraints: [header], environment: environment).solve()
/// layout.frame(of: title)          // in its superitem's coordinates
/// layout.frameInRoot(of: title)    // in the root's
/// layout.diagnostics               // broken constraints, if any
/// ```
///
/// Frames are rounded to the device's pixels (1 ÷ `displayScale`) the way UIKit places views: each edge to the
/// nearest pixel, so the width is the distance between the rounded edges.
public struct LayoutResult: Sendable {
    /// The environment the layout was solved for.
    public let environment: LayoutEnvironment
    /// What a reviewer must know: the required constraints that were broken and the items whose frames the
    /// constraints leave free (see ``LayoutDiagnostic/Kind``).
    public let diagnostics: [LayoutDiagnostic]
    let index: [ObjectIdentifier: (position: Int, superitem: Int)]
    let frames: [LayoutFrame]

    /// The frame of `item` in its superitem's coordinates; the root's frame is the window's bounds. Nil for an
    /// item no constraint of the layout mentions.
    public func frame(of item: any LayoutItem) -> LayoutFrame? {
        guard let entry = index[ObjectIdentifier(item)] else { return nil }
        var frame = frames[entry.position]
        if entry.superitem >= 0 {
            frame.x -= frames[entry.superitem].x
            frame.y -= frames[entry.superitem].y
        }
        return frame
    }

    /// Whether every edge is within ``LayoutEngine/coordinateLimit`` of the origin (after an incremental resize it
    /// may not be: the engine then builds the layout again, which breaks what pushed it there).
    var isWithinCoordinateLimit: Bool {
        let limit = LayoutEngine.coordinateLimit
        // NaN fails the comparisons too.
        return frames.allSatisfy { frame in
            abs(frame.x) <= limit && abs(frame.y) <= limit && abs(frame.x + frame.width) <= limit
                && abs(frame.y + frame.height) <= limit
        }
    }

    /// The frame of `item` in the root's coordinates. Nil for an item no constraint of the layout mentions.
    public func frameInRoot(of item: any LayoutItem) -> LayoutFrame? {
        index[ObjectIdentifier(item)].map { frames[$0.position] }
    }
}
