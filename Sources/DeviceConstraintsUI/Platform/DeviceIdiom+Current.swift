// Apple platforms only. Checked on Linux by DeviceConstraintsUITests, which type-checks it
// against the stand-in UIKit (Tests/ConstraintDSLTests/Fixtures/StandIns/UIKit.swift, written from the iOS 18.6 SDK's
// UIKit headers) and, in the same run, its branch for platforms without UIKit; by hand against the real iOS 18.6 SDK. A
// Mac must still confirm the idiom an iPad app running on a Mac (Designed for iPad) reports.
#if canImport(SwiftUI)
    import DeviceConstraints

    #if canImport(UIKit) && !os(watchOS)
        import UIKit

        extension DeviceIdiom {
            /// The idiom of the device the app runs on; nil for one the catalog has no classes of (TV, CarPlay,
            /// Vision, Mac), whose windows are classed by their size.
            @MainActor static var current: DeviceIdiom? {
                switch UIDevice.current.userInterfaceIdiom {
                case .phone: .phone
                case .pad: .pad
                default: nil
                }
            }
        }
    #else
        extension DeviceIdiom {
            /// No idiom on the Mac and the watch: windows are classed by their size.
            @MainActor static var current: DeviceIdiom? { nil }
        }
    #endif
#endif
