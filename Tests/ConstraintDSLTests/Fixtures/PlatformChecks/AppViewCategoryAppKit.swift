// App code, against the stand-in AppKit and the package's AppKit adapters: a Mac app with its own NSView category of
// frame shortcuts (`view.left`, `view.width` as CGFloat). The DSL puts nothing on NSView but `dc`, so the app's names
// stay the app's numbers and the anchors are `view.dc.…`.
import AppKit
import ConstraintDSL
import DeviceConstraints

extension NSView {
    var left: CGFloat { 0 }
    var top: CGFloat { 0 }
    var width: CGFloat { 320 }
    var height: CGFloat { 480 }
}

@MainActor
func layOutSidebar(_ sidebar: NSView, in window: NSView, using interpreter: ConstraintInterpreter)
    throws(ConstraintError) -> [NSLayoutConstraint]
{
    let described = "\(sidebar.left), \(sidebar.width)"
    _ = described
    let constraints = sidebar.dc.makeConstraints { make in
        make.left.equalTo(window.dc.left)
        make.top.equalTo(window.dc.top).offset(window.top)
        make.width.equalTo(window.dc.width).multipliedBy(0.25)
        make.height.equalTo(window.height)
    }
    return try constraints.activate(using: interpreter)
}
