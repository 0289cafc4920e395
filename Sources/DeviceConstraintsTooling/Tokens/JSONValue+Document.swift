import DeviceConstraints

extension JSONValue {
    /// The value at `index` of `document`, members in the document's order; every number a `Double`, so that `8` and
    /// `8.0` are one value wherever they were read (a token's `$value`, a Figma variable, a constraint file).
    ///
    /// Iterative, so that a deep document cannot exhaust the stack (the document's own depth limit bounds it anyway).
    init(_ document: JSONDocument, at index: Int) {
        // Containers are built bottom-up: each frame collects its children, then is folded into its parent.
        enum Frame {
            case object(keys: [String], values: [JSONValue], pending: [(key: Int, value: Int)])
            case array(values: [JSONValue], pending: [Int])
        }
        func scalar(_ i: Int) -> JSONValue? {
            switch document.kind(i) {
            case .string: return .string(document.string(i))
            case .number: return .number(document.number(i))
            case .true: return .bool(true)
            case .false: return .bool(false)
            case .null: return .null
            case .object, .array: return nil
            }
        }
        func frame(_ i: Int) -> Frame {
            document.kind(i) == .object
                ? .object(keys: [], values: [], pending: Array(document.members(i)).reversed())
                : .array(values: [], pending: Array(document.elements(i)).reversed())
        }
        if let value = scalar(index) {
            self = value
            return
        }
        var stack: [Frame] = [frame(index)]
        var finished: JSONValue?
        while !stack.isEmpty {
            if let value = finished {
                finished = nil
                switch stack[stack.count - 1] {
                case .object(let keys, var values, let pending):
                    values.append(value)
                    stack[stack.count - 1] = .object(keys: keys, values: values, pending: pending)
                case .array(var values, let pending):
                    values.append(value)
                    stack[stack.count - 1] = .array(values: values, pending: pending)
                }
            }
            switch stack[stack.count - 1] {
            case .object(var keys, let values, var pending):
                guard let next = pending.popLast() else {
                    stack.removeLast()
                    finished = .object(Array(zip(keys, values).map { (key: $0.0, value: $0.1) }))
                    continue
                }
                keys.append(document.string(next.key))
                stack[stack.count - 1] = .object(keys: keys, values: values, pending: pending)
                if let value = scalar(next.value) { finished = value } else { stack.append(frame(next.value)) }
            case .array(let values, var pending):
                guard let next = pending.popLast() else {
                    stack.removeLast()
                    finished = .array(values)
                    continue
                }
                stack[stack.count - 1] = .array(values: values, pending: pending)
                if let value = scalar(next) { finished = value } else { stack.append(frame(next)) }
            }
        }
        self = finished ?? .null
    }

    /// The member `key` of an object, or nil.
    subscript(member key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The number this value is, whole or not.
    var numberValue: Double? {
        switch self {
        case .number(let number): number
        case .integer(let integer): Double(integer)
        default: nil
        }
    }
}
