/// One entry of a row: a symbol of the tableau and its coefficient.
struct Cell {
    var symbol: Int
    var coefficient: Double
}

/// A row of the tableau, `basic = constant + Σ coefficient × symbol`, or an objective to minimize.
///
/// Cells are kept sorted by symbol, with no symbol twice and no coefficient within ``Row/epsilon`` of zero. Sorted
/// small arrays keep a row in one allocation and make adding one row to another a linear merge; the entering and
/// leaving choices of the simplex walk cells in symbol order, which is Bland's rule against cycling.
struct Row {
    /// Coefficients closer to zero than this are rounding noise and are dropped, as kiwi does.
    static let epsilon = 1.0e-8

    var constant: Double
    var cells: [Cell]

    init(constant: Double = 0, cells: [Cell] = []) {
        self.constant = constant
        self.cells = cells
    }

    static func isNearZero(_ value: Double) -> Bool {
        abs(value) < epsilon
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

    /// Adds `coefficient × symbol`, dropping the cell if the sum is near zero.
    mutating func insert(_ symbol: Int, _ coefficient: Double) {
        let (index, found) = position(of: symbol)
        if found {
            let sum = cells[index].coefficient + coefficient
            if Row.isNearZero(sum) { cells.remove(at: index) } else { cells[index].coefficient = sum }
        } else if !Row.isNearZero(coefficient) {
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
    /// The row must contain `symbol`.
    mutating func solve(for symbol: Int) {
        let removed = remove(symbol)
        assert(removed != nil, "solving a row for a symbol it does not contain")
        let scale = -1.0 / (removed ?? 1)
        constant *= scale
        for index in cells.indices { cells[index].coefficient *= scale }
    }

    /// Rewrites `lhs = constant + c × rhs + rest` as `rhs = …` in terms of `lhs` and the rest.
    mutating func solve(for rhs: Int, replacing lhs: Int) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// `target += scale × source`, leaving out `dropped` (the symbol being substituted) from `target`.
    ///
    /// Merges into `scratch` and copies back into `target`'s own storage, so once both buffers have grown to the
    /// rows' sizes a merge allocates nothing. `occurrences` is kept equal to the number of rows holding each
    /// symbol (when `counted`): +1 for a symbol new to `target`, −1 for one that cancels out or is dropped.
    static func add(
        _ source: Row, times scale: Double, to target: inout Row, dropping dropped: Int,
        scratch: inout [Cell], occurrences: inout [Int32], counted: Bool
    ) {
        target.constant += scale * source.constant
        if target.cells.isEmpty && !counted && abs(scale) == 1 {
            // A new row taking in the row of a basic variable (x − y: coefficients of ±1): a copy.
            target.cells = source.cells
            if scale == -1 {
                for index in target.cells.indices { target.cells[index].coefficient.negate() }
            }
            return
        }
        let capacity = target.cells.count + source.cells.count
        if scratch.count < capacity {
            scratch.append(
                contentsOf: repeatElement(Cell(symbol: 0, coefficient: 0), count: capacity - scratch.count))
        }
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
                            if !isNearZero(value) {
                                output[count] = Cell(symbol: addedSymbol, coefficient: value)
                                count += 1
                                if counted { occurrences[addedSymbol] += 1 }
                            }
                            j += 1
                        } else {
                            let kept = oldSymbol == dropped ? 0 : old[i].coefficient
                            let value = kept + scale * added[j].coefficient
                            if isNearZero(value) {
                                if counted { occurrences[oldSymbol] -= 1 }
                            } else {
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
    }
}
