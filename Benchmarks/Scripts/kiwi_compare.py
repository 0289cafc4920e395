#!/usr/bin/env python3
"""Runs kiwisolver (kiwi's C++ core behind Python) on the workloads of Benchmarks/Solver, for a side-by-side
comparison with `swift package benchmark --target Solver`.

Every number is the median of 7 runs (with the spread, min..max), in the same units as the Swift benchmark.

Binding overhead: in kiwisolver every Variable, every `+`, `*` and `==` and every `addConstraint` is a call from
Python into C++. So for each workload two things are timed and reported:
  * "total": the workload as the Swift benchmark runs it (make variables and constraints, add, read values);
  * "solver": only the solver calls (constraints made beforehand), minus an empty loop that makes the same number of
    Python-to-C++ calls to a method that does next to nothing (`solver.hasConstraint`), measured in the same run.
"solver" is the fairer figure for kiwi's C++ core; "total" is what a Python user sees.
"""
import statistics
import sys
import time

import kiwisolver as kiwi

RUNS = 7


def timed(function, repeat=1):
    """Median and spread of RUNS timings of `function`, per call, in seconds; `function` runs `repeat` times a run."""
    samples = []
    for _ in range(RUNS):
        start = time.perf_counter()
        for _ in range(repeat):
            function()
        samples.append((time.perf_counter() - start) / repeat)
    return statistics.median(samples), min(samples), max(samples)


def chain_constraints(count):
    variables = [kiwi.Variable(f"x{i}") for i in range(count)]
    constraints = [variables[0] == 0] + [variables[i] == variables[i - 1] + 10 for i in range(1, count)]
    return variables, constraints


def chain_total(count):
    variables, constraints = chain_constraints(count)
    solver = kiwi.Solver()
    for constraint in constraints:
        solver.addConstraint(constraint)
    solver.updateVariables()
    assert variables[-1].value() == (count - 1) * 10


def rows_constraints(count, window):
    constraints = []
    previous = None
    widths = []
    for _ in range(count):
        x, y, w, h = kiwi.Variable("x"), kiwi.Variable("y"), kiwi.Variable("w"), kiwi.Variable("h")
        constraints += [x == 16, x + w == window - 16, h == 44]
        constraints.append(y == previous[0] + previous[1] + 8 if previous else y == 8)
        previous = (y, h)
        widths.append(w)
    return constraints, widths


def rows_build(count, constraints=None, bounded=False):
    window = kiwi.Variable("W")
    if constraints is None:
        constraints, widths = rows_constraints(count, window)
        if bounded:
            for w in widths:
                constraints += [w >= 150, (w == 200) | "weak"]
    solver = kiwi.Solver()
    solver.addEditVariable(window, "strong")
    solver.suggestValue(window, 320)
    for constraint in constraints:
        solver.addConstraint(constraint)
    solver.updateVariables()
    return solver, window


def empty_calls(calls):
    """`calls` Python-to-C++ calls that do next to nothing: the binding overhead to subtract."""
    solver = kiwi.Solver()
    probe = kiwi.Variable("probe") == 0
    has = solver.hasConstraint
    def run():
        for _ in range(calls):
            has(probe)
    return run


def report(name, unit, scale, total, solver_only=None, overhead=None):
    def fmt(sample):
        median, low, high = (value * scale for value in sample)
        return f"{median:10.2f} {unit} ({low:.2f}..{high:.2f})"
    line = f"{name:38} total {fmt(total)}"
    if solver_only is not None:
        net = tuple(max(0.0, a - overhead[0]) for a in solver_only)
        line += f" | solver calls {fmt(solver_only)} - overhead {overhead[0] * scale:.2f} {unit} = {net[0] * scale:.2f} {unit}"
    print(line)


def main():
    print(f"kiwisolver {kiwi.__version__}, Python {sys.version.split()[0]}, median of {RUNS} runs (min..max)")
    for count in (601, 1501):
        total = timed(lambda: chain_total(count))
        def solver_only():
            variables, constraints = chain_constraints(count)
            solver = kiwi.Solver()
            start = time.perf_counter()
            for constraint in constraints:
                solver.addConstraint(constraint)
            solver.updateVariables()
            return time.perf_counter() - start
        samples = [solver_only() for _ in range(RUNS)]
        only = (statistics.median(samples), min(samples), max(samples))
        overhead = timed(empty_calls(count + 1))
        report(f"chain {count}: add and solve", "ms", 1e3, total, only, overhead)

    total = timed(lambda: rows_build(100), repeat=10)
    def rows_solver_only():
        window = kiwi.Variable("W")
        constraints, _ = rows_constraints(100, window)
        start = time.perf_counter()
        solver = kiwi.Solver()
        solver.addEditVariable(window, "strong")
        solver.suggestValue(window, 320)
        for constraint in constraints:
            solver.addConstraint(constraint)
        solver.updateVariables()
        return time.perf_counter() - start
    samples = [rows_solver_only() for _ in range(RUNS)]
    only = (statistics.median(samples), min(samples), max(samples))
    overhead = timed(empty_calls(400 + 4), repeat=10)
    report("100 rows: build and solve", "us", 1e6, total, only, overhead)

    solver, window = rows_build(100)
    widths = [320.0, 375, 414, 694, 768, 1024]
    def resize_many():
        for width in widths * 200:
            solver.suggestValue(window, width)
            solver.updateVariables()
    total = timed(resize_many)
    total = tuple(value / 1200 for value in total)
    overhead = timed(empty_calls(2 * 1200))
    overhead = tuple(value / 1200 for value in overhead)
    report("100 rows: resize", "us", 1e6, total, total, overhead)

    # Rows that also have w >= 150 and a weak w == 200, resized across those bounds: the dual simplex pivots.
    solver, window = rows_build(100, bounded=True)
    widths = [120.0, 320, 200, 694, 150, 1024]
    def resize_pivoting():
        for width in widths * 20:
            solver.suggestValue(window, width)
            solver.updateVariables()
    total = timed(resize_pivoting)
    total = tuple(value / 120 for value in total)
    overhead = timed(empty_calls(2 * 120))
    overhead = tuple(value / 120 for value in overhead)
    report("100 rows: resize with pivots", "us", 1e6, total, total, overhead)


if __name__ == "__main__":
    main()
