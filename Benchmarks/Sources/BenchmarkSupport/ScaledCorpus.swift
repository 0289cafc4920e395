extension Corpus {
    /// The corpus's files, with the numbers of `attributes` in `device`'s file of the first `count` containers
    /// written as scaled values (`"width": 187.5` becomes `"width": {"scaled": 187.5}`), so those containers
    /// depend on the window's width and the others do not.
    ///
    /// - Returns: the files and the names of the containers that hold scaled values.
    public func files(
        scalingContainers count: Int, on device: String = Corpus.device,
        attributes: [String] = ["width", "marginLeft"]
    ) -> (files: [String: String], scaled: [String]) {
        let scaled = Array(containers.prefix(count))
        var files = self.files
        for container in scaled {
            let name = "\(container)_\(device).json"
            guard let text = files[name] else { continue }
            files[name] = Self.scalingNumbers(of: attributes, in: text)
        }
        return (files, scaled)
    }

    /// `text` with the number after each `"attribute":` (spaces allowed around the colon) wrapped in
    /// `{"scaled": …}`. Linear in the text.
    static func scalingNumbers(of attributes: [String], in text: String) -> String {
        let keys = attributes.map { Array("\"\($0)\"".utf8) }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\""),
                let key = keys.first(where: { bytes[index...].starts(with: $0) })
            else {
                output.append(bytes[index])
                index += 1
                continue
            }
            var cursor = index + key.count
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") else {
                output.append(contentsOf: bytes[index..<cursor])
                index = cursor
                continue
            }
            cursor += 1
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
            let numberStart = cursor
            while cursor < bytes.count, "-+.0123456789eE".utf8.contains(bytes[cursor]) { cursor += 1 }
            output.append(contentsOf: bytes[index..<numberStart])
            if cursor > numberStart {
                output.append(contentsOf: "{\"scaled\": ".utf8)
                output.append(contentsOf: bytes[numberStart..<cursor])
                output.append(UInt8(ascii: "}"))
            }
            index = cursor
        }
        return String(decoding: output, as: UTF8.self)
    }
}
