import COpenSSL

/// AES-256-GCM encryption of pages with libcrypto's EVP interface (FORMAT.md, "Encryption").
///
/// Each sealed block is `length` bytes of ciphertext followed by a 40-byte trailer:
///
///     +0  u64 txn     id of the writing transaction (clear, authenticated)
///     +8  12 bytes    nonce, random for every write
///     +20 16 bytes    GCM tag
///     +36 4 bytes     zero (authenticated)
///
/// The additional authenticated data is `le64(page number) ‖ le64(txn) ‖ extra`, so a block
/// moved to another page or relabelled with another transaction fails authentication.
/// Contexts keep the expanded key and are pooled, so a page costs one IV set-up, not a key
/// schedule. Safe to use from any thread.
final class PageCipher: @unchecked Sendable {
    static let trailerSize = 40
    static let nonceSize = 12
    static let tagSize = 16

    let keys: DerivedKeys
    private let lock = Lock()
    private var encryptors: [OpaquePointer] = []
    private var decryptors: [OpaquePointer] = []

    init(keys: DerivedKeys) {
        self.keys = keys
    }

    deinit {
        for context in encryptors + decryptors { EVP_CIPHER_CTX_free(context) }
    }

    /// Encrypts `length` bytes from `plaintext` into `output`, which must have room for
    /// `length + trailerSize` bytes (it may be the same memory as `plaintext`).
    func seal(_ plaintext: UnsafeRawPointer, length: Int, into output: UnsafeMutableRawPointer,
              pageNumber: UInt64, txn: UInt64, extra: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0)) {
        let trailer = output + length
        trailer.setU64(0, txn)
        let drawn = RAND_bytes((trailer + 8).assumingMemoryBound(to: UInt8.self), Int32(PageCipher.nonceSize))
        precondition(drawn == 1, "RAND_bytes failed in libcrypto")
        trailer.setU32(36, 0)
        let ok = crypt(encrypting: true, plaintext, into: output, length: length, trailer: trailer,
                       pageNumber: pageNumber, txn: txn, extra: extra)
        precondition(ok, "AES-256-GCM encryption failed in libcrypto")
    }

    /// Decrypts `length` bytes of `sealed` (followed by its trailer) into `output`. Returns the
    /// transaction id from the trailer, or nil when authentication fails (wrong page, damage,
    /// tampering).
    func open(_ sealed: UnsafeRawPointer, length: Int, into output: UnsafeMutableRawPointer, pageNumber: UInt64,
              extra: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0)) -> UInt64? {
        let trailer = sealed + length
        let txn = trailer.u64(0)
        guard trailer.u32(36) == 0 else { return nil }
        let ok = crypt(encrypting: false, sealed, into: output, length: length, trailer: UnsafeMutableRawPointer(mutating: trailer),
                       pageNumber: pageNumber, txn: txn, extra: extra)
        return ok ? txn : nil
    }

    /// One GCM pass with a pooled context: nonce from the trailer, the additional data, the
    /// bytes; then the tag is written to the trailer (encrypting) or checked against it.
    private func crypt(encrypting: Bool, _ input: UnsafeRawPointer, into output: UnsafeMutableRawPointer, length: Int,
                       trailer: UnsafeMutableRawPointer, pageNumber: UInt64, txn: UInt64, extra: UnsafeRawBufferPointer) -> Bool {
        let context = take(encrypting: encrypting)
        defer { give(context, encrypting: encrypting) }
        var produced: Int32 = 0
        let out = output.assumingMemoryBound(to: UInt8.self)
        var ok = EVP_CipherInit_ex(context, nil, nil, nil, (trailer + 8).assumingMemoryBound(to: UInt8.self), -1) == 1
        ok = ok && addAAD(context, pageNumber: pageNumber, txn: txn, extra: extra)
        ok = ok && EVP_CipherUpdate(context, out, &produced, input.assumingMemoryBound(to: UInt8.self), Int32(length)) == 1
        if !encrypting {
            ok = ok && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, Int32(PageCipher.tagSize), trailer + 20) == 1
        }
        ok = ok && EVP_CipherFinal_ex(context, out + Int(produced), &produced) == 1
        if encrypting {
            ok = ok && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, Int32(PageCipher.tagSize), trailer + 20) == 1
        }
        return ok
    }

    private func addAAD(_ context: OpaquePointer, pageNumber: UInt64, txn: UInt64, extra: UnsafeRawBufferPointer) -> Bool {
        var fixed = (pageNumber.littleEndian, txn.littleEndian)
        var unused: Int32 = 0
        let ok = withUnsafeBytes(of: &fixed) {
            EVP_CipherUpdate(context, nil, &unused, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 16) == 1
        }
        guard ok, extra.count > 0 else { return ok }
        return EVP_CipherUpdate(context, nil, &unused, extra.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(extra.count)) == 1
    }

    private func take(encrypting: Bool) -> OpaquePointer {
        if let context = lock.withLock({ encrypting ? encryptors.popLast() : decryptors.popLast() }) { return context }
        guard let context = EVP_CIPHER_CTX_new() else { preconditionFailure("EVP_CIPHER_CTX_new failed") }
        let ok = keys.pageKey.withUnsafeBytes { key in
            encrypting
                ? EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), nil, key.baseAddress!.assumingMemoryBound(to: UInt8.self), nil)
                : EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, key.baseAddress!.assumingMemoryBound(to: UInt8.self), nil)
        }
        precondition(ok == 1, "AES-256-GCM key set-up failed in libcrypto")
        return context
    }

    private func give(_ context: OpaquePointer, encrypting: Bool) {
        lock.withLock {
            if encrypting { encryptors.append(context) } else { decryptors.append(context) }
        }
    }
}
