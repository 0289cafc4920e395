/// One entry of a row: a symbol of the tableau and its coefficient.
struct Cell {
    var symbol: Int
    var coefficient: Double
}

/// A row of the tableau, `basic = constant + Σ coefficient × symbol`, or an objective to minimize.
///
/// Cells are kept sorted by symbol, with no symbol twice and no zero coefficient. Sorted small arrays keep a row in
/// one allocation and make adding one row to another a linear merge; the entering and leaving choices of the simplex
/// walk cells in symbol order, which is Bland's rule against cycling.
///
/// Rounding noise is recognised by scale, not by size: a sum that cancels to within ``Row/epsilon`` of its operands
/// (`1 + -0.999999999999`) is noise and its cell is dropped, while a coefficient that is small because the numbers
/// are (`x * 1e-9 == 5`) is kept. Kiwi drops every coefficient below 1e-8 instead, which loses such constraints
/// and keeps the noise of large ones (`x * 1e9 == y`).
struct Row {
    /// How close to cancelling a sum must come, relative to what was added, to be taken for rounding noise.
    static let epsilon = 1.0e-8

    var constant: Double
    var cells: [Cell]

    init(constant: Double = 0, cells: [Cell] = []) {
        self.constant = constant
        self.cells = cells
    }

    /// Whether `sum`, the result of adding something to `operand`, is rounding noise: the two cancelled to within
    /// ``epsilon`` of `operand`'s size. An exact zero always is.
    @inline(__always)
    static func cancels(_ sum: Double, _ operand: Double) -> Bool {
        abs(sum) <= epsilon * abs(operand)
    }

    /// Whether `value` is zero to within ``epsilon`` of `scale` (taken as at least 1): how close a row's constant
    /// must come to zero to count as zero, where `scale` is the size of the numbers it was computed from.
    static func isNearZero(_ value: Double, scale: Double) -> Bool {
        abs(value) <= epsilon * max(1, scale)
    }

    /// The largest magnitude among the coefficients; NaN when one is NaN.
    var largestCoefficient: Double {
        var largest = 0.0
        for cell in cells { Row.raise(&largest, to: abs(cell.coefficient)) }
        return largest
    }

    /// `largest` raised to `magnitude` when that is larger, or made NaN by a NaN (which then stays).
    @inline(__always)
    static func raise(_ largest: inout Double, to magnitude: Double) {
        if magnitude > largest || magnitude.isNaN { largest = magnitude }
    }

    /// The position of `symbol` in ``cells``, or where it would be inserted.
    func position(of symbol: Int) -> (index: Int, found: Bool) {
        var low = 0
        var high = cells.count
        while low < high {
            let middle = (low + high) >> 1
            let candidate = cells[middle].symbol
            if candidate == symbol { return (middle, true) }
            if candidate < symbol { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }

    /// The coefficient of `symbol`, zero when the row does not contain it.
    func coefficient(of symbol: Int) -> Double {
        let (index, found) = position(of: symbol)
        return found ? cells[index].coefficient : 0
    }

    /// Adds `coefficient × symbol`, dropping the cell if the sum cancels (``cancels(_:_:)``).
    mutating func insert(_ symbol: Int, _ coefficient: Double) {
        let (index, found) = position(of: symbol)
        if found {
            let old = cells[index].coefficient
            let sum = old + coefficient
            if Row.cancels(sum, old) { cells.remove(at: index) } else { cells[index].coefficient = sum }
        } else if coefficient != 0 {
            cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
        }
    }

    /// Removes `symbol` and returns its coefficient, or nil when the row did not contain it.
    @discardableResult
    mutating func remove(_ symbol: Int) -> Double? {
        let (index, found) = position(of: symbol)
        guard found else { return nil }
        return cells.remove(at: index).coefficient
    }

    /// Negates the constant and every coefficient.
    mutating func reverseSign() {
        constant = -constant
        for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
    }

    /// Rewrites `0 = constant + c × symbol + rest` as `symbol = −(constant + rest) ÷ c` and drops `symbol`.
    /// The row must contain `symbol`. A product that underflows to zero leaves the row.
    ///
    /// - Returns: The largest magnitude of the coefficients it changed: 0 when the coefficient solved for was ±1,
    ///   which keeps every magnitude. NaN or infinite when a number overflowed. (The constant is the caller's to
    ///   check.)
    @discardableResult
    mutating func solve(for symbol: Int) -> Double {
        let removed = remove(symbol)
        assert(removed != nil, "solving a row for a symbol it does not contain")
        let scale = -1.0 / (removed ?? 1)
        constant *= scale
        var largest = 0.0
        let factor = abs(scale)
        if factor == 1 {
            // The usual case (a coefficient of ±1): nothing can overflow or underflow.
            for index in cells.indices { cells[index].coefficient *= scale }
            return largest
        }
        var underflowed = false
        for index in cells.indices {
            let value = cells[index].coefficient * scale
            cells[index].coefficient = value
            Row.raise(&largest, to: abs(value))
            // A finite coefficient shrinks to zero only when |scale| < 1.
            if value == 0 { underflowed = true }
        }
        if underflowed { cells.removeAll { $0.coefficient == 0 } }
        return largest
    }

    /// Rewrites `lhs = constant + c × rhs + rest` as `rhs = …` in terms of `lhs` and the rest.
    ///
    /// - Returns: As ``solve(for:)``.
    @discardableResult
    mutating func solve(for rhs: Int, replacing lhs: Int) -> Double {
        insert(lhs, -1)
        return solve(for: rhs)
    }

    /// `target += scale × source`, leaving out `dropped` (the symbol being substituted) from `target`.
    ///
    /// Merges into `scratch` and copies back into `target`'s own storage, so once both buffers have grown to the
    /// rows' sizes a merge allocates nothing. `occurrences` is kept equal to the number of rows holding each
    /// symbol (when `counted`): +1 for a symbol new to `target`, −1 for one that cancels out or is dropped.
    ///
    /// - Returns: The largest magnitude of the coefficients it computed into `target` (copied ones keep the
    ///   source's). With finite operands, infinite when a number overflowed: the caller restores or rebuilds, the
    ///   tableau is then not usable. (The constant is the caller's to check.)
    @discardableResult
    static func add(
        _ source: Row, times scale: Double, to target: inout Row, dropping dropped: Int,
        scratch: inout [Cell], occurrences: inout [Int32], counted: Bool
    ) -> Double {
        target.constant += scale * source.constant
        if target.cells.isEmpty && !counted && abs(scale) == 1 {
            // A new row taking in the row of a basic variable (x − y: coefficients of ±1): a copy.
            target.cells = source.cells
            if scale == -1 {
                for index in target.cells.indices { target.cells[index].coefficient.negate() }
            }
            return 0
        }
        let capacity = target.cells.count + source.cells.count
        if scratch.count < capacity {
            scratch.append(
                contentsOf: repeatElement(Cell(symbol: 0, coefficient: 0), count: capacity - scratch.count))
        }
        var largest = 0.0
        let merged = scratch.withUnsafeMutableBufferPointer { output in
            target.cells.withUnsafeBufferPointer { old in
                source.cells.withUnsafeBufferPointer { added in
                    var count = 0
                    var i = 0
                    var j = 0
                    while i < old.count || j < added.count {
                        let oldSymbol = i < old.count ? old[i].symbol : Int.max
                        let addedSymbol = j < added.count ? added[j].symbol : Int.max
                        if oldSymbol < addedSymbol {
                            if oldSymbol == dropped {
                                if counted { occurrences[oldSymbol] -= 1 }
                            } else {
                                output[count] = old[i]
                                count += 1
                            }
                            i += 1
                        } else if addedSymbol < oldSymbol {
                            let value = scale * added[j].coefficient
                            let magnitude = abs(value)
                            if magnitude != 0 {
                                // Finite operands: the only non-finite result is an infinity, never NaN.
                                if magnitude > largest { largest = magnitude }
                                output[count] = Cell(symbol: addedSymbol, coefficient: value)
                                count += 1
                                if counted { occurrences[addedSymbol] += 1 }
                            }
                            j += 1
                        } else {
                            let kept = oldSymbol == dropped ? 0 : old[i].coefficient
                            let value = kept + scale * added[j].coefficient
                            let magnitude = abs(value)
                            if magnitude <= epsilon * abs(kept) {
                                // Cancelled to rounding noise (see `cancels`).
                                if counted { occurrences[oldSymbol] -= 1 }
                            } else {
                                if magnitude > largest { largest = magnitude }
                                output[count] = Cell(symbol: oldSymbol, coefficient: value)
                                count += 1
                            }
                            i += 1
                            j += 1
                        }
                    }
                    return count
                }
            }
        }
        target.cells.replaceSubrange(0..<target.cells.count, with: scratch[0..<merged])
        return largest
    }
}
