// App code without a view category, against the stand-in UIKit and the package's UIKit adapters: the DSL adds nothing
// to UIView or UILayoutGuide but `dc` (and LayoutItem's `layoutName` and `layoutSuperitem`), so every line marked
// `// error` must fail to compile: there is no `view.left` for an app's own category to clash with.
import ConstraintDSL
import UIKit

@MainActor
func reachesTheDSLOnlyThroughDC(_ view: UIView, _ guide: UILayoutGuide) {
    _ = view.dc.left
    _ = guide.dc.top
    _ = view.dc.makeConstraints { make in make.edges.equalToSuperview() }
    _ = view.left  // error
    _ = view.width  // error
    _ = view.centerX  // error
    _ = view.leading  // error
    _ = guide.top  // error
    _ = guide.height  // error
    _ = view.makeConstraints { make in make.edges.equalToSuperview() }  // error
}
