import Foundation
import Hummingbird

/// Reading request bodies and writing JSON responses.
enum JSONBody {
    /// The largest JSON body accepted.
    static let maximumSize = 64 * 1024

    /// Decodes the request's body as `T`; ``AuthError/invalidRequest(_:)`` when it is not.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        let buffer: ByteBuffer
        do { buffer = try await request.body.collect(upTo: maximumSize) } catch {
            throw AuthError.invalidRequest("the body is larger than \(maximumSize) bytes")
        }
        do { return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView)) } catch {
            throw AuthError.invalidRequest("the body is not the JSON this endpoint takes (\(error))")
        }
    }

    /// A `200` response with `value` as JSON.
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(value)
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
