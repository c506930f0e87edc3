/// Client to server: names the client's file and where sync starts from.
///
/// After this message the server sends the server changesets after ``downloadCursor`` and
/// expects uploads after ``uploadCursor``.
public struct IdentMessage: Equatable, Sendable {
    /// The session the message belongs to.
    public var session: UInt32
    /// The file's identity, as assigned by ``IdentAssignedMessage``.
    public var fileIdent: UInt64
    /// The salt that came with the identity.
    public var salt: UInt64
    /// How far the client has integrated the server's history.
    public var downloadCursor: DownloadCursor
    /// How far the client's own changesets have been uploaded.
    public var uploadCursor: UploadCursor

    /// Creates an ident message.
    public init(session: UInt32, fileIdent: UInt64, salt: UInt64, downloadCursor: DownloadCursor, uploadCursor: UploadCursor) {
        self.session = session
        self.fileIdent = fileIdent
        self.salt = salt
        self.downloadCursor = downloadCursor
        self.uploadCursor = uploadCursor
    }
}
