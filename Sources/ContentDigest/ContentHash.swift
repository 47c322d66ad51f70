import CLibcrypto
import Foundation

/// SHA-256 of a manifest's bytes, in hex: what decides that a manifest is
/// unchanged and need not be imported again, in the SQLite store and in the
/// team's hub alike. Path, size and modification time cannot: `touch -r` or
/// an edit within the same second keep them, and `touch` alone changes them
/// for the same bytes.
///
/// Through OpenSSL's libcrypto, which libpq links anyway, so the hash adds no
/// library to the build; it uses the CPU's SHA instructions where it has them,
/// where a hash written out in Swift is several times slower on a manifest of
/// hundreds of megabytes.
public enum ContentHash {
    /// `progress`, if given, is called after each megabyte with the bytes hashed so far.
    public static func sha256(_ data: Data, progress: ((Int) -> Void)? = nil) -> String {
        sha256(data, progress: progress, unless: { false }) ?? "unhashed-\(UUID().uuidString)"
    }

    /// `sha256(_:progress:)`, asking `stopped` after each megabyte whether
    /// the hash is still wanted: nil when it was not (an import that failed
    /// meanwhile waits for its hashing thread, and should not wait long).
    public static func sha256(_ data: Data, progress: ((Int) -> Void)? = nil, unless stopped: () -> Bool) -> String? {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        // Only a failed allocation stops these; what is returned then equals
        // no recorded hash, so the manifest is imported rather than skipped.
        guard let context = EVP_MD_CTX_new() else { return "unhashed-\(UUID().uuidString)" }
        defer { EVP_MD_CTX_free(context) }
        var hashed = EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1
        var wanted = true
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var done = 0
            while hashed, wanted, done < bytes.count, let base = bytes.baseAddress {
                let end = min(bytes.count, done + (1 << 20))
                hashed = EVP_DigestUpdate(context, base + done, end - done) == 1
                done = end
                progress?(done)
                wanted = done == bytes.count || !stopped()
            }
        }
        guard wanted else { return nil }
        guard hashed, EVP_DigestFinal_ex(context, &digest, &length) == 1 else { return "unhashed-\(UUID().uuidString)" }
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        for byte in digest.prefix(Int(length)) { hex += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] }
        return String(decoding: hex, as: UTF8.self)
    }
}
