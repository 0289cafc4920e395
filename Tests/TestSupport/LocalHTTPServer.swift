public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// A real HTTP/1.1 server on 127.0.0.1 for the tests, on POSIX sockets alone (a fresh machine has only the Swift
// toolchain): an ephemeral port, one thread per connection, `Connection: close` after each answer. What it answers
// is the test's: a status and a body, or a misbehaving server (a slow drip, a body cut short, an endless body).

/// A request the server received.
public struct HTTPRequest: Sendable {
    public var method: String
    public var path: String
    /// The header fields, by lowercased name.
    public var headers: [String: String]
}

/// What the server does with a request.
public enum HTTPReply: Sendable {
    /// Answers `status` with `headers` and `body` (`Content-Length` added).
    case respond(status: Int, headers: [String: String] = [:], body: Data = Data())
    /// Announces `length` bytes, then sends one byte every `interval` seconds until the client leaves.
    case drip(length: Int, interval: TimeInterval)
    /// Announces `length` bytes, sends `body` (fewer), and closes the connection.
    case cutShort(length: Int, body: Data)
    /// Sends a body with no `Content-Length`, in 16 KiB pieces, until the client leaves (or `limit` bytes).
    case endless(limit: Int)

    public static func ok(_ body: Data, headers: [String: String] = [:]) -> HTTPReply {
        .respond(status: 200, headers: headers, body: body)
    }
}

/// The server. It runs until ``stop()``: call it when the test is done (its threads hold it).
public final class LocalHTTPServer: @unchecked Sendable {
    // @unchecked: the mutable state is behind `lock`.
    /// The port the system gave it.
    public let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (HTTPRequest) -> HTTPReply
    private let lock = NSLock()
    private var received: [HTTPRequest] = []
    private var bytesSent = 0
    private var stopped = false
    private var acceptor: Thread?

    /// Starts a server that answers each request with what `handler` returns for it.
    public init(_ handler: @escaping @Sendable (HTTPRequest) -> HTTPReply) throws {
        self.handler = handler
        #if canImport(Darwin)
            let stream = SOCK_STREAM
        #else
            let stream = Int32(SOCK_STREAM.rawValue)
        #endif
        let listener = socket(AF_INET, stream, 0)
        guard listener >= 0 else { throw ServerError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 64) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else {
            let message = String(cString: strerror(errno))
            close(listener)
            throw ServerError("bind or listen on 127.0.0.1: \(message)")
        }
        self.listener = listener
        self.port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { self.acceptLoop() }
        acceptor = thread
        thread.start()
    }

    /// The URL of `path` on this server.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// The requests received so far, in order.
    public var requests: [HTTPRequest] { lock.withLock { received } }

    /// The bytes of bodies sent so far.
    public var bodyBytesSent: Int { lock.withLock { bytesSent } }

    /// Stops accepting, and ends the drips and endless bodies at their next byte.
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        // The accept loop polls, and closes the listener when it sees `stopped`.
        while lock.withLock({ acceptor != nil }) { usleep(10_000) }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        defer {
            close(listener)
            lock.withLock { acceptor = nil }
        }
        while !isStopped {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            Thread { self.serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        // A client that sends nothing does not hold the thread forever.
        var wait = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        guard let request = readRequest(connection) else { return }
        lock.withLock { received.append(request) }
        switch handler(request) {
        case .respond(let status, let headers, let body):
            var fields = headers
            fields["Content-Length"] = "\(body.count)"
            _ = send(connection, head(status, fields) + body)
        case .drip(let length, let interval):
            guard send(connection, head(200, ["Content-Length": "\(length)"])) else { return }
            for _ in 0..<length where !isStopped {
                guard send(connection, Data("x".utf8)) else { return }
                usleep(useconds_t(interval * 1_000_000))
            }
        case .cutShort(let length, let body):
            _ = send(connection, head(200, ["Content-Length": "\(length)"]) + body)
        case .endless(let limit):
            guard send(connection, head(200, [:])) else { return }
            let piece = Data(repeating: UInt8(ascii: " "), count: 16 << 10)
            var sent = 0
            while sent < limit && !isStopped {
                guard send(connection, piece) else { return }
                sent += piece.count
            }
        }
    }

    private func head(_ status: Int, _ fields: [String: String]) -> Data {
        var text = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nConnection: close\r\n"
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return Data((text + "\r\n").utf8)
    }

    /// Sends all of `data`; false when the client has gone.
    private func send(_ connection: Int32, _ data: Data) -> Bool {
        #if canImport(Darwin)
            let flags: Int32 = 0
        #else
            let flags = Int32(MSG_NOSIGNAL)
        #endif
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { bytes in
                #if canImport(Darwin)
                    Darwin.send(connection, bytes.baseAddress! + offset, data.count - offset, flags)
                #else
                    Glibc.send(connection, bytes.baseAddress! + offset, data.count - offset, flags)
                #endif
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        // Counts what was sent after the head too: tests compare it with the bound.
        lock.withLock { bytesSent += data.count }
        return true
    }

    /// The request line and header fields, up to the blank line (64 KiB at most); nil when the client sent none.
    private func readRequest(_ connection: Int32) -> HTTPRequest? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while bytes.count < 64 << 10 {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            bytes += buffer[0..<count]
            if bytes.count >= 4, (0...(bytes.count - 4)).contains(where: { Array(bytes[$0..<$0 + 4]) == end }) {
                break
            }
        }
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines.first?.split(separator: " ") ?? []
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return HTTPRequest(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers)
    }

    public struct ServerError: Error, CustomStringConvertible, Sendable {
        public let description: String
        public init(_ description: String) { self.description = description }
    }
}
