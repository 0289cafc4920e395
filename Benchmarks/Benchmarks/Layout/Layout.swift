import Benchmark
import ConstraintDSL
import ConstraintLayout
import DeviceConstraints

// 7. LayoutEngine on a 100-view screen: per view `left == root.left + 16`, `right == root.right - 16`,
// `height == 44`, `top == previous.bottom + 8`. Built and solved once per iteration; and a resize (the window's
// width changes within one device class, the frames are read back) per iteration, the issue's ≤ 20 µs.

/// The root and its views, with their constraints.
private final class Screen {
    let root = LayoutNode("root")
    let views: [LayoutNode]
    let constraints: [ConstraintGroup]

    init(count: Int) {
        let root = self.root
        views = (0..<count).map { LayoutNode("view\($0)", in: root) }
        var groups: [ConstraintGroup] = []
        for (index, view) in views.enumerated() {
            let previous = index == 0 ? nil : views[index - 1]
            groups.append(
                view.makeConstraints { make in
                    make.left.equalTo(root.left).offset(16)
                    make.right.equalTo(root.right).offset(-16)
                    make.height.equalTo(44)
                    if let previous {
                        make.top.equalTo(previous.bottom).offset(8)
                    } else {
                        make.top.equalTo(root.top).offset(8)
                    }
                })
        }
        constraints = groups
    }
}

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(3),
        maxIterations: 2000
    )

    Benchmark("Layout 100 views: build and solve", configuration: configuration) { benchmark in
        let screen = Screen(count: 100)
        let environment = LayoutEnvironment(width: 768, height: 1024, idiom: .pad)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(
                try LayoutEngine(root: screen.root, constraints: screen.constraints, environment: environment).solve())
        }
        benchmark.stopMeasurement()
    }

    Benchmark("Layout 100 views: resize", configuration: configuration) { benchmark in
        let screen = Screen(count: 100)
        let sizes = [768.0, 780, 800, 790].map { LayoutEnvironment(width: $0, height: 1024, idiom: .pad) }
        let engine = try LayoutEngine(root: screen.root, constraints: screen.constraints, environment: sizes[0])
        var next = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            next = next == sizes.count - 1 ? 0 : next + 1
            blackHole(try engine.update(to: sizes[next]).frame(of: screen.views[99]))
        }
        benchmark.stopMeasurement()
    }
}
