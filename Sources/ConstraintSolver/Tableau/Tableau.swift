/// The simplex tableau of the solver: rows keyed by their basic symbol, the objective, and the bookkeeping that
/// keeps the incremental operations cheap.
///
/// Symbols are dense integers handed out from a free list, so every per-symbol fact (its kind, the row where it
/// is basic, how many rows hold it) is an array indexed by the symbol: no hashing and no reference counting on
/// the hot paths. Rows live in one array; removing one moves the last row into its place.
///
/// Invariants (checked by ``checkInvariants()`` in debug builds):
/// - `basics[i]` is the basic symbol of `rows[i]`, and `rowIndex[basics[i]] == i`; a nonbasic symbol has
///   `rowIndex == -1`;
/// - a basic symbol appears in no row's cells (nor in the objective's);
/// - `occurrences[s]` is the number of rows in `rows` whose cells hold `s`;
/// - every row is sorted by symbol with no zero coefficient;
/// - unless ``overflowed`` is set, every number is finite; in ``rows``, coefficients are at most
///   ``coefficientBound`` and constants at most ``constantBound`` in magnitude.
struct Tableau {
    enum Kind: UInt8 {
        /// A released symbol, waiting on the free list.
        case unused
        /// A user's variable: unrestricted in sign.
        case external
        /// The slack of an inequality: ≥ 0.
        case slack
        /// The error of an optional constraint: ≥ 0, weighted in the objective.
        case error
        /// The marker of a required equality: always 0, never enters the basis.
        case dummy
    }

    static let none = -1

    private(set) var kinds: [Kind] = []
    private var freeSymbols: [Int] = []
    private(set) var rows: [Row] = []
    private(set) var basics: [Int] = []
    private(set) var rowIndex: [Int] = []
    private(set) var occurrences: [Int32] = []
    /// What the simplex minimizes: the weighted errors of the optional constraints.
    var objective = Row()
    /// The objective of phase one while a row without a subject is added (see ``addWithArtificialVariable(_:)``).
    var artificial: Row?
    /// Basic symbols whose rows may have gone negative after an edit; ``dualOptimize()`` repairs them.
    var infeasible: [Int] = []
    /// The merge buffer of ``Row/add(_:times:to:dropping:scratch:occurrences:counted:)``.
    var scratch: [Cell] = []
    /// While not nil, every pivot is recorded here so that a failed phase one can be undone.
    var pivotLog: [(entering: Int, leaving: Int)]?
    /// Set when a number the tableau computed overflowed to infinity or NaN: the tableau no longer describes the
    /// constraints, and the solver restores or rebuilds it before it is used again.
    var overflowed = false
    /// At least the magnitude of every coefficient, and of every constant, of ``rows`` (they never shrink until
    /// ``removeAll()``): tell a suggestion whether its shift can overflow at all.
    var coefficientBound = 0.0
    var constantBound = 0.0
    /// Whether ``suggest(plus:minus:delta:)`` records the constants it shifts, for ``undoShift()``.
    var isRecordingUndo = false
    /// While recording, the row positions and the constants they had before the shift of
    /// ``suggest(plus:minus:delta:)``: the first ``shiftedCount`` entries (the buffer only grows).
    var shiftedConstants: [(index: Int, constant: Double)] = []
    var shiftedCount = 0
    /// The queue of rows to repair and the bound of constants as they were before the shift.
    var infeasibleBeforeShift: [Int] = []
    var constantBoundBeforeShift = 0.0

    // MARK: - Symbols

    /// A new symbol of `kind`, reusing a released id when there is one.
    mutating func makeSymbol(_ kind: Kind) -> Int {
        if let symbol = freeSymbols.popLast() {
            kinds[symbol] = kind
            return symbol
        }
        kinds.append(kind)
        rowIndex.append(Tableau.none)
        occurrences.append(0)
        return kinds.count - 1
    }

    /// Gives `symbol` back. Theory says it is in no row by now; rounding may have left a trace, which is removed.
    mutating func releaseSymbol(_ symbol: Int) {
        guard symbol != Tableau.none else { return }
        if rowIndex[symbol] != Tableau.none { _ = takeRow(of: symbol) }
        removeColumn(symbol)
        kinds[symbol] = .unused
        freeSymbols.append(symbol)
    }

    /// Removes `symbol` from every row and the objective.
    mutating func removeColumn(_ symbol: Int) {
        var remaining = occurrences[symbol]
        var index = 0
        while remaining > 0 && index < rows.count {
            if rows[index].remove(symbol) != nil { remaining -= 1 }
            index += 1
        }
        occurrences[symbol] = 0
        objective.remove(symbol)
        artificial?.remove(symbol)
    }

    func isRestricted(_ symbol: Int) -> Bool {
        kinds[symbol] != .external
    }

    func isPivotable(_ symbol: Int) -> Bool {
        kinds[symbol] == .slack || kinds[symbol] == .error
    }

    // MARK: - Rows

    /// The row where `symbol` is basic.
    func row(of symbol: Int) -> Row? {
        let index = rowIndex[symbol]
        return index == Tableau.none ? nil : rows[index]
    }

    /// The value of `symbol` in the current basic solution: its row's constant, or 0 when nonbasic.
    func value(of symbol: Int) -> Double {
        let index = rowIndex[symbol]
        return index == Tableau.none ? 0 : rows[index].constant
    }

    /// Adds `row` with `basic` as its basic symbol.
    mutating func insertRow(_ row: Row, basic: Int) {
        assert(rowIndex[basic] == Tableau.none, "symbol \(basic) is basic already")
        for cell in row.cells { occurrences[cell.symbol] += 1 }
        rowIndex[basic] = rows.count
        rows.append(row)
        basics.append(basic)
    }

    /// Removes and returns the row where `basic` is basic.
    mutating func takeRow(of basic: Int) -> Row {
        let index = rowIndex[basic]
        let last = rows.count - 1
        if index != last {
            rows.swapAt(index, last)
            basics.swapAt(index, last)
            rowIndex[basics[index]] = index
        }
        let row = rows.removeLast()
        basics.removeLast()
        rowIndex[basic] = Tableau.none
        for cell in row.cells { occurrences[cell.symbol] -= 1 }
        return row
    }

    /// Adds `coefficient × symbol` to `target`, replacing a basic `symbol` by its row. Used to build the row of a
    /// new constraint and to change the objective.
    ///
    /// - Returns: The largest magnitude it wrote, as ``Row/add(_:times:to:dropping:scratch:occurrences:counted:)``.
    @discardableResult
    mutating func add(_ symbol: Int, times coefficient: Double, to target: inout Row) -> Double {
        let index = rowIndex[symbol]
        if index == Tableau.none {
            target.insert(symbol, coefficient)
            return abs(coefficient)
        }
        return Row.add(
            rows[index], times: coefficient, to: &target, dropping: Tableau.none, scratch: &scratch,
            occurrences: &occurrences, counted: false)
    }

    /// Adds `coefficient × symbol` to the objective, through the symbol's row when it is basic.
    mutating func addToObjective(_ symbol: Int, times coefficient: Double) {
        var objective = self.objective
        self.objective = Row()
        if !add(symbol, times: coefficient, to: &objective).isFinite || !objective.constant.isFinite {
            overflowed = true
        }
        self.objective = objective
    }

    /// Replaces `symbol` by `row` in every row that holds it, in the objective and in the artificial objective.
    /// A restricted row that goes negative is queued for ``dualOptimize()``.
    mutating func substitute(_ symbol: Int, with row: Row) {
        var remaining = occurrences[symbol]
        var index = 0
        while remaining > 0 && index < rows.count {
            let coefficient = rows[index].coefficient(of: symbol)
            if coefficient != 0 {
                remaining -= 1
                noteCoefficient(
                    Row.add(
                        row, times: coefficient, to: &rows[index], dropping: symbol, scratch: &scratch,
                        occurrences: &occurrences, counted: true))
                noteConstant(abs(rows[index].constant))
                let basic = basics[index]
                if isRestricted(basic) && rows[index].constant < 0 { infeasible.append(basic) }
            }
            index += 1
        }
        let objectiveCoefficient = objective.coefficient(of: symbol)
        if objectiveCoefficient != 0,
            !Row.add(
                row, times: objectiveCoefficient, to: &objective, dropping: symbol, scratch: &scratch,
                occurrences: &occurrences, counted: false
            ).isFinite || !objective.constant.isFinite
        {
            overflowed = true
        }
        if let artificialCoefficient = artificial?.coefficient(of: symbol), artificialCoefficient != 0,
            !Row.add(
                row, times: artificialCoefficient, to: &artificial!, dropping: symbol, scratch: &scratch,
                occurrences: &occurrences, counted: false
            ).isFinite
        {
            overflowed = true
        }
    }

    /// Whether the tableau's numbers, or `magnitude` about to enter it, are large enough (beyond 1e100) that a
    /// few products could overflow: where a failure must be undone from a snapshot rather than by a rebuild. No
    /// layout comes near.
    func isNearOverflow(with magnitude: Double) -> Bool {
        !(max(coefficientBound, constantBound, magnitude) <= 1e100)
    }

    /// Raises ``coefficientBound`` to `magnitude`, or sets ``overflowed`` when it is not finite.
    @inline(__always)
    mutating func noteCoefficient(_ magnitude: Double) {
        // One comparison in the usual case; NaN fails it too.
        if !(magnitude <= coefficientBound) { raiseCoefficientBound(to: magnitude) }
    }

    /// Raises ``constantBound`` to `magnitude`, or sets ``overflowed`` when it is not finite.
    @inline(__always)
    mutating func noteConstant(_ magnitude: Double) {
        if !(magnitude <= constantBound) { raiseConstantBound(to: magnitude) }
    }

    @inline(never)
    private mutating func raiseCoefficientBound(to magnitude: Double) {
        if magnitude.isFinite { coefficientBound = magnitude } else { overflowed = true }
    }

    @inline(never)
    private mutating func raiseConstantBound(to magnitude: Double) {
        if magnitude.isFinite { constantBound = magnitude } else { overflowed = true }
    }

    /// Makes `entering` basic in place of `leaving`, which must be basic with `entering` in its row.
    mutating func pivot(entering: Int, leaving: Int) {
        var row = takeRow(of: leaving)
        noteCoefficient(row.solve(for: entering, replacing: leaving))
        noteConstant(abs(row.constant))
        substitute(entering, with: row)
        insertRow(row, basic: entering)
        pivotLog?.append((entering, leaving))
    }

    /// Adds `delta` to the constant of the row at `index`, queueing it if it goes negative.
    ///
    /// - Returns: The new constant's magnitude (a finite constant and a finite `delta` never make NaN).
    @inline(__always)
    mutating func shiftConstant(ofRowAt index: Int, by delta: Double) -> Double {
        let constant = rows[index].constant + delta
        rows[index].constant = constant
        if constant < 0 && isRestricted(basics[index]) { infeasible.append(basics[index]) }
        return abs(constant)
    }

    // MARK: - Undoing a shift
    //
    // A suggestion shifts the constants of some rows (no row moves, no coefficient changes), then pivots. The shift
    // is where a suggestion's numbers overflow (`suggestValue(w, 1e308)` where `x == 2 * w`), and undoing it only
    // needs the old constants: recorded in a buffer that keeps its storage, a store per shifted row. Pivots change
    // rows wholesale; keeping their old rows would double the cost of every suggestion that pivots, so a failure
    // while pivoting rebuilds the tableau instead (Solver.suggestValue).

    /// Before a shift by `delta` times the coefficients of some rows: starts recording the constants
    /// ``suggest(plus:minus:delta:)`` shifts, so that ``undoShift()`` can put them back, unless the shift cannot
    /// overflow — a shifted constant is at most ``constantBound`` + |`delta`| × ``coefficientBound`` — which is the
    /// case of every layout.
    mutating func beginRecordingShift(delta: Double) {
        shiftedCount = 0
        constantBoundBeforeShift = constantBound
        isRecordingUndo = !(constantBound + abs(delta) * coefficientBound < .greatestFiniteMagnitude)
        if isRecordingUndo { infeasibleBeforeShift = infeasible }
    }

    /// Stops recording.
    mutating func endRecordingShift() {
        isRecordingUndo = false
        shiftedCount = 0
    }

    /// Puts back the constants of the recorded shift and the queue of rows to repair; the tableau is then exactly
    /// as it was at ``beginRecordingShift()``, provided nothing but the shift changed it since.
    mutating func undoShift() {
        for (index, constant) in shiftedConstants.prefix(shiftedCount) { rows[index].constant = constant }
        infeasible = infeasibleBeforeShift
        constantBound = constantBoundBeforeShift
        overflowed = false
        endRecordingShift()
    }

    /// Everything back to an empty tableau; the buffers keep their storage.
    mutating func removeAll() {
        self = Tableau()
    }

    /// Checks the invariants listed on the type; does nothing in release builds.
    func checkInvariants() {
        #if DEBUG
            var counted = [Int32](repeating: 0, count: kinds.count)
            for (index, row) in rows.enumerated() {
                assert(rowIndex[basics[index]] == index, "row index out of step")
                assert(overflowed || abs(row.constant) <= constantBound, "constant above its bound")
                for (position, cell) in row.cells.enumerated() {
                    assert(position == 0 || row.cells[position - 1].symbol < cell.symbol, "row not sorted")
                    assert(cell.coefficient != 0, "zero coefficient kept")
                    assert(overflowed || abs(cell.coefficient) <= coefficientBound, "coefficient above its bound")
                    assert(rowIndex[cell.symbol] == Tableau.none, "basic symbol \(cell.symbol) in a row")
                    counted[cell.symbol] += 1
                }
            }
            assert(counted == occurrences, "occurrence counts out of step")
            for cell in objective.cells {
                assert(rowIndex[cell.symbol] == Tableau.none, "basic symbol \(cell.symbol) in the objective")
            }
        #endif
    }
}

extension Tableau {
    /// Applies a change of `delta` in the suggested value of an edit constraint whose error symbols are `plus`
    /// and `minus` (paper §4.4): through the row of whichever is basic, else through every row that holds `plus`.
    ///
    /// While recording (``beginRecordingShift(delta:)``), the old constants go to ``shiftedConstants``, a buffer
    /// sized beforehand: appending one by one costs as much as the shift itself.
    mutating func suggest(plus: Int, minus: Int, delta: Double) {
        let plusRow = rowIndex[plus]
        let single = plusRow != Tableau.none ? plusRow : rowIndex[minus]
        if single != Tableau.none {
            if isRecordingUndo {
                if shiftedConstants.isEmpty { shiftedConstants.append((0, 0)) }
                shiftedConstants[0] = (single, rows[single].constant)
                shiftedCount = 1
            }
            noteConstant(shiftConstant(ofRowAt: single, by: single == plusRow ? -delta : delta))
        } else if isRecordingUndo {
            suggestRecording(plus: plus, delta: delta)
        } else {
            // No constant can overflow (``beginRecordingShift(delta:)`` checked): the bound of constants grows by
            // the most a shift can add, instead of by each row's new magnitude, which would cost more than the shift.
            var remaining = occurrences[plus]
            var index = 0
            while remaining > 0 && index < rows.count {
                let coefficient = rows[index].coefficient(of: plus)
                if coefficient != 0 {
                    remaining -= 1
                    _ = shiftConstant(ofRowAt: index, by: delta * coefficient)
                }
                index += 1
            }
            constantBound += abs(delta) * coefficientBound
        }
    }

    /// ``suggest(plus:minus:delta:)`` through every row that holds `plus`, recording the old constants.
    @inline(never)
    private mutating func suggestRecording(plus: Int, delta: Double) {
        var remaining = occurrences[plus]
        var saved = shiftedConstants
        shiftedConstants = []
        if saved.count < Int(remaining) {
            saved.append(contentsOf: repeatElement((index: 0, constant: 0.0), count: Int(remaining) - saved.count))
        }
        var written = 0
        var largest = 0.0
        saved.withUnsafeMutableBufferPointer { buffer in
            var index = 0
            while remaining > 0 && index < rows.count {
                let coefficient = rows[index].coefficient(of: plus)
                if coefficient != 0 {
                    remaining -= 1
                    buffer[written] = (index, rows[index].constant)
                    written += 1
                    largest = max(largest, shiftConstant(ofRowAt: index, by: delta * coefficient))
                }
                index += 1
            }
        }
        shiftedConstants = saved
        shiftedCount = written
        noteConstant(largest)
    }

}
