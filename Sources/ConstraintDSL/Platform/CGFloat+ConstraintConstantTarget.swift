// CGFloat as a constant on Apple platforms, where a view's numbers are CGFloats: `offset(-card.top)` compiles as it
// did when `offset` took a Double (to which a CGFloat converts), now that it takes a ConstraintOffsetTarget. Compiled
// where UIKit or AppKit gives CGFloat; checked on Linux by PlatformCompileCheckTests against the stand-ins, with an app
// whose own UIView category has `left` and `top` as CGFloats.

#if canImport(UIKit)
    public import UIKit
#elseif canImport(AppKit)
    public import AppKit
#endif

#if canImport(UIKit) || canImport(AppKit)
    extension CGFloat: ConstraintConstantTarget {
        /// The number, the same on every window.
        public var layoutConstant: LayoutConstant { .fixed(Double(self)) }
    }
#endif
