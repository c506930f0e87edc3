import Foundation
import Hummingbird
import Logging

/// An account webhook on 127.0.0.1 (`fief-server --account-webhook`): keeps the JSON bodies
/// POSTed to `/hook` (string fields, and `args` as JSON text), and answers `status` and `body`
/// (200 and nothing unless set otherwise).
public final class WebhookReceiver: @unchecked Sendable {
    /// The port it listens on.
    public private(set) var port = 0
    /// The URL to give `--account-webhook`.
    public var url: String { "http://127.0.0.1:\(port)/hook" }
    private let task: Task<Void, Error>
    private let lock = NSLock()
    private var received: [[String: String]] = []
    private var answerStatus: HTTPResponse.Status = .ok
    private var answerBody = ""

    /// What arrived so far, oldest first.
    public var events: [[String: String]] { lock.lock(); defer { lock.unlock() }; return received }

    /// The status the webhook answers from now on.
    public var status: HTTPResponse.Status {
        get { lock.lock(); defer { lock.unlock() }; return answerStatus }
        set { lock.lock(); answerStatus = newValue; lock.unlock() }
    }

    /// The body the webhook answers from now on (JSON, for `resetPasswordFunction` events).
    public var body: String {
        get { lock.lock(); defer { lock.unlock() }; return answerBody }
        set { lock.lock(); answerBody = newValue; lock.unlock() }
    }

    private var answer: (HTTPResponse.Status, String) { lock.lock(); defer { lock.unlock() }; return (answerStatus, answerBody) }

    /// Starts listening.
    public init() async throws {
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let router = Router()
        let box = Box()
        router.post("hook") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 1 << 16)
            let json = (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) as? [String: Any] ?? [:]
            var event = json.compactMapValues { $0 as? String }
            if let args = json["args"], let data = try? JSONSerialization.data(withJSONObject: args) {
                event["args"] = String(decoding: data, as: UTF8.self)
            }
            box.receiver?.add(event)
            let (status, reply) = box.receiver?.answer ?? (.ok, "")
            return Response(status: status, body: .init(byteBuffer: ByteBuffer(string: reply)))
        }
        var logger = Logging.Logger(label: "webhook-receiver")
        logger.logLevel = .critical
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in portSink.yield(channel.localAddress?.port ?? 0); portSink.finish() },
                              logger: logger)
        task = Task { try await app.runService() }
        for await port in ports { self.port = port }
        box.receiver = self
    }

    private func add(_ event: [String: String]) {
        lock.lock(); received.append(event); lock.unlock()
    }

    /// The newest event of `kind` for `username`, waiting up to 10 s for it.
    public func latest(_ kind: String, for username: String) async throws -> (token: String, tokenId: String) {
        for _ in 0..<500 {
            if let event = events.last(where: { $0["kind"] == kind && $0["username"] == username }),
               let token = event["token"], let id = event["tokenId"] {
                return (token, id)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw POSIXError(.ETIMEDOUT)
    }

    /// Stops listening.
    public func stop() { task.cancel() }

    /// Lets the route reach the receiver once it exists.
    private final class Box: @unchecked Sendable {
        weak var receiver: WebhookReceiver?
    }
}
