// App code, against the stand-in UIKit and the package's UIKit adapters: an app with its own UIView category of frame
// shortcuts (`view.left`, `view.width` as CGFloat), as many Objective-C-era apps have, BMT's included. The DSL puts
// nothing on UIView but `dc`, so each line below reads one way only: the app's names are the app's numbers and the
// anchors are `view.dc.…`. When the anchors sat on UIView itself, `"\(card.left)"` and
// `make.left.equalTo(container.left)` were ambiguous (a CGFloat converts to the Double a constant takes).
import ConstraintDSL
import DeviceConstraints
import UIKit

extension UIView {
    var left: CGFloat {
        get { frame.origin.x }
        set { frame.origin.x = newValue }
    }
    var right: CGFloat { frame.origin.x + frame.size.width }
    var top: CGFloat {
        get { frame.origin.y }
        set { frame.origin.y = newValue }
    }
    var bottom: CGFloat { frame.origin.y + frame.size.height }
    var width: CGFloat {
        get { frame.size.width }
        set { frame.size.width = newValue }
    }
    var height: CGFloat {
        get { frame.size.height }
        set { frame.size.height = newValue }
    }
    var centerX: CGFloat { frame.midX }
    var centerY: CGFloat { frame.midY }
    var leading: CGFloat { left }
    var trailing: CGFloat { right }
}

@MainActor
func layOutCard(_ card: UIView, in container: UIView, using interpreter: ConstraintInterpreter) throws(ConstraintError)
    -> [NSLayoutConstraint]
{
    // The app's own numbers, as before the DSL was imported.
    card.left = container.left + 16
    card.width = container.width / 2
    let described = "\(card.left), \(card.top), \(card.right - card.centerX)"
    _ = described
    // The DSL's anchors, through `dc`.
    let constraints = card.dc.makeConstraints { make in
        make.left.equalTo(container.dc.left).offset(16)
        make.top.equalTo(container.dc.top).offset(container.bottom - container.height)
        make.width.equalTo(container.dc.width).multipliedBy(0.5)
        make.height.equalTo(container.dc.height).offset(-card.top)
        // The app's CGFloat, unambiguously a constant: card.left == container.left + container.left's number.
        make.right.equalTo(container.left)
    }
    return try constraints.activate(using: interpreter)
}
