import Foundation
import Testing

@testable import DeviceConstraints

/// One interpreter per window, sharing one interpreter's files: the core of the UIKit and AppKit helpers
/// (`SceneInterpreters`, `WindowInterpreters`), run here with plain objects standing for windows.
struct InterpretersByWindowTests {
    /// A window: only its identity matters.
    final class Window {}

    private func firstWindow() -> (CountingSource, ConstraintInterpreter) {
        let source = CountingSource(DirectorySource(Fixtures.bundledConstraints))
        return (source, ConstraintInterpreter(source: source, environment: SharedFilesTests.iPhone6))
    }

    @Test func aWindowGetsOneInterpreterForItsEnvironmentThatReadsNoFileTheSharedOneHas() async throws {
        let (source, shared) = firstWindow()
        try await shared.preloadAll()
        let reads = source.totalReads
        let windows = InterpretersByWindow<Window>(sharingFilesWith: shared)
        let window = Window()

        var asked = 0
        let interpreter = windows.interpreter(for: window) {
            asked += 1
            return SharedFilesTests.iPhone6Landscape
        }
        #expect(interpreter !== shared)
        #expect(interpreter.environment == SharedFilesTests.iPhone6Landscape)
        #expect(windows.interpreter(for: window) { SharedFilesTests.pad } === interpreter)
        #expect(asked == 1, "the environment is read only to make the interpreter")
        #expect(
            try interpreter.record(viewId: SharedFilesTests.topView, container: SharedFilesTests.measureView).height
                == 105)
        #expect(source.totalReads == reads)
    }

    @Test func twoWindowsHaveTwoInterpretersEachForItsOwnWindow() {
        let (_, shared) = firstWindow()
        let windows = InterpretersByWindow<Window>(sharingFilesWith: shared)
        let (left, right) = (Window(), Window())
        let first = windows.interpreter(for: left) { SharedFilesTests.pad }
        let second = windows.interpreter(for: right) { SharedFilesTests.slideOver }
        #expect(first !== second)
        #expect((first.device.name, second.device.name, windows.count) == (.iPadPro12Inch, .iPhone5, 2))
        #expect(windows.existingInterpreter(for: left) === first)
        #expect(windows.shared === shared)
    }

    @Test func aRemovedWindowGivesUpItsInterpreterAndGetsANewOneWhenAskedAgain() {
        let (_, shared) = firstWindow()
        let windows = InterpretersByWindow<Window>(sharingFilesWith: shared)
        let window = Window()
        let first = windows.interpreter(for: window) { SharedFilesTests.iPhone6 }
        windows.remove(window)
        #expect(windows.count == 0 && windows.existingInterpreter(for: window) == nil)
        #expect(windows.interpreter(for: window) { SharedFilesTests.iPhone6 } !== first)
    }

    @Test func aWindowThatIsGoneIsNotCountedAndItsInterpreterIsReleased() {
        let (_, shared) = firstWindow()
        let windows = InterpretersByWindow<Window>(sharingFilesWith: shared)
        weak var released: ConstraintInterpreter?
        do {
            let window = Window()
            released = windows.interpreter(for: window) { SharedFilesTests.iPhone6 }
            #expect(windows.count == 1)
        }
        #expect(windows.count == 0)
        // The next new window drops the gone window's entry, and with it the interpreter.
        let other = Window()
        _ = windows.interpreter(for: other) { SharedFilesTests.iPhone6 }
        #expect(released == nil && windows.count == 1)
    }

    /// Gone windows are dropped once as many new windows have opened as the entries kept at the last drop, not at
    /// every new window: still, by the time as many new windows have opened as there are entries, every gone
    /// window's interpreter is released, also when the new windows take the addresses of gone ones (which adds no
    /// entry: counting entries instead kept one here).
    @Test func theInterpretersOfManyGoneWindowsAreReleasedAsNewWindowsOpen() {
        let (_, shared) = firstWindow()
        let windows = InterpretersByWindow<Window>(sharingFilesWith: shared)
        final class Released {
            weak var interpreter: ConstraintInterpreter?
        }
        var released: [Released] = []
        do {
            let gone = (0..<50).map { _ in Window() }
            for window in gone {
                let box = Released()
                box.interpreter = windows.interpreter(for: window) { SharedFilesTests.iPhone6 }
                released.append(box)
            }
            #expect(windows.count == 50)
        }
        let open = (0..<50).map { _ in Window() }
        for window in open { _ = windows.interpreter(for: window) { SharedFilesTests.pad } }
        #expect(released.filter { $0.interpreter != nil }.count == 0)
        #expect(windows.count == 50 && open.allSatisfy { windows.existingInterpreter(for: $0) != nil })
    }

    /// Break: each new window rebuilt the table of entries to drop those of gone windows, so opening n windows that
    /// all stay took time in n squared (16,000: 54.7 s in a release build).
    @Test(.longTier, .timeLimit(.minutes(10)))
    func manyLiveWindowsGetTheirInterpretersInLinearTime() async throws {
        let (_, shared) = firstWindow()
        let count = try await LinearTime.expectLinear(
            from: 1_000, "n windows, all kept, each asking for its interpreter",
            prepare: { count in (shared, (0..<count).map { _ in Window() }) },
            { shared, open in
                let windows = InterpretersByWindow<Window>(sharingFilesWith: shared)
                for window in open { _ = windows.interpreter(for: window) { SharedFilesTests.pad } }
                return windows.count
            })
        #expect(count == 4_000)
    }
}
