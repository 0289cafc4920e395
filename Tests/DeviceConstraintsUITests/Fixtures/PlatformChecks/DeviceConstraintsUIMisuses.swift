// App code against DeviceConstraintsUI and the stand-in SwiftUI: every line marked `// error` must fail to compile, so
// the check is not vacuous (a stand-in that accepted anything, a #Preview whose closure went unchecked, would pass
// them).
import DeviceConstraints
import DeviceConstraintsUI
import SwiftUI

@MainActor func takesARecordNotANumber(_ text: Text) -> Text { text.font(size: 17) }  // error
@MainActor func takesARecordNotASize(_ view: Text) -> some View { view.frame(ConstraintRecord(), 4) }  // error
@MainActor func pinsAnEnvironmentNotNil(_ view: Text) -> some View { view.constraintEnvironment(nil) }  // error
@MainActor func pinsAnEnvironment(_ view: Text) -> some View { view.constraintEnvironment(.init(width: 1, height: 1)) }

#Preview("a view that does not type-check") { Text(verbatim: 42) }  // error
