import DeviceConstraints

/// Names indexed so that the names near a given one are found without comparing it with every name.
///
/// Each name is filed under itself and under each string made by deleting one of its characters (compared
/// case-insensitively): two names are filed under a common string when they are one edit apart (a character
/// missing, extra or different) or two neighbouring characters are swapped, and a few names two edits apart
/// are found too. Comparing every view with every other made `lint` quadratic: two files of 4,000 views each
/// took 10 s.
///
/// ```swift
/// let near = NearNames(["title", "subtitle"])
/// near.closest(to: "titel") { _ in true }   // "title"
/// ```
struct NearNames {
    /// Longer names are not indexed: a name of n characters is filed under n + 1 strings of n characters.
    static let maximumLength = 64
    /// How many names filed near a name are compared with it, at most: the nearest of them is suggested.
    static let maximumCandidates = 16

    private let names: [String]
    private var filed: [String: [Int]] = [:]

    /// Indexes `names`, in their order; a name given twice is indexed once.
    init(_ names: some Sequence<String>) {
        var unique: [String] = []
        var seen: Set<String> = []
        for name in names where seen.insert(name).inserted { unique.append(name) }
        self.names = unique
        for (index, name) in unique.enumerated() {
            guard let keys = Self.keys(of: name) else { continue }
            for key in keys { filed[key, default: []].append(index) }
        }
    }

    /// The name nearest to `name` (two edits at most, the first indexed on a tie) among those `accept`s, other
    /// than `name` itself.
    func closest(to name: String, where accept: (String) -> Bool) -> String? {
        guard let keys = Self.keys(of: name) else { return nil }
        var compared: Set<Int> = []
        var best: (index: Int, distance: Int)?
        for key in keys {
            for index in filed[key] ?? [] where compared.count < Self.maximumCandidates {
                guard compared.insert(index).inserted, names[index] != name, accept(names[index]) else { continue }
                let distance = EditDistance.distance(name, names[index], cutoff: 2)
                guard distance <= 2 else { continue }
                if best == nil || distance < best!.distance || (distance == best!.distance && index < best!.index) {
                    best = (index, distance)
                }
            }
        }
        return best.map { names[$0.index] }
    }

    /// The name, lowercased, and each string made by deleting one of its characters; nil for a name too long.
    private static func keys(of name: String) -> [String]? {
        let scalars = Array(name.lowercased().unicodeScalars)
        guard scalars.count <= maximumLength else { return nil }
        var keys = [String(String.UnicodeScalarView(scalars))]
        for skipped in scalars.indices {
            var key = String.UnicodeScalarView()
            key.append(contentsOf: scalars[..<skipped])
            key.append(contentsOf: scalars[(skipped + 1)...])
            keys.append(String(key))
        }
        return keys
    }
}
