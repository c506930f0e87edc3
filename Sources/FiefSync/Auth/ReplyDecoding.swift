import Foundation

/// Decodes the body of a successful answer, or says precisely what is wrong with it.
enum ReplyDecoding {
    /// `T` from `reply.body`, or a description of why the body is not a `T`.
    static func decode<T: Decodable>(_ type: T.Type, _ reply: ServerExchange.Reply, endpoint: String,
                                     decoder: JSONDecoder = JSONDecoder()) -> Result<T, BodyProblem> {
        guard !reply.body.isEmpty else { return .failure(BodyProblem("\(endpoint) answered HTTP \(reply.status) with an empty body")) }
        guard (try? JSONSerialization.jsonObject(with: reply.body, options: [.fragmentsAllowed])) != nil else {
            return .failure(BodyProblem("\(endpoint) answered HTTP \(reply.status) with a body that is not JSON: \(snippet(reply.body))"))
        }
        do {
            return .success(try decoder.decode(T.self, from: reply.body))
        } catch let DecodingError.keyNotFound(key, _) {
            return .failure(BodyProblem("\(endpoint) answered JSON without the field \"\(key.stringValue)\": \(snippet(reply.body))"))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return .failure(BodyProblem("\(endpoint) answered JSON whose field \"\(path)\" has the wrong type: \(snippet(reply.body))"))
        } catch let DecodingError.dataCorrupted(context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return .failure(BodyProblem("\(endpoint) answered JSON with an invalid value at \"\(path)\": \(context.debugDescription)"))
        } catch {
            return .failure(BodyProblem("\(endpoint) answered JSON that does not decode: \(error)"))
        }
    }

    /// The server's error body, if the answer has one.
    static func errorBody(_ reply: ServerExchange.Reply) -> ServerErrorBody? {
        try? JSONDecoder().decode(ServerErrorBody.self, from: reply.body)
    }

    /// The start of a body, printable, for error messages.
    static func snippet(_ body: Data) -> String {
        let text = String(decoding: body.prefix(120), as: UTF8.self)
            .map { $0.isNewline ? " " : String($0) }.joined()
        return body.count > 120 ? "\(text)…" : text
    }
}

/// What is wrong with a body.
struct BodyProblem: Error, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}
