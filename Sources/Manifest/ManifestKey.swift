/// The field names the manifest schema knows; anything else is `other` and skipped.
///
/// The scanner matches a name's bytes against these directly, so reading a
/// field name costs no String and no hashing: a million deliveries have
/// about ten million of them.
enum ManifestKey: String {
    case deliveries, id, name, address, phone, text, status, items, instructions, window, line1, line2, quantity
    case other

    /// The key spelled by these bytes (a name without escapes).
    static func match(_ bytes: UnsafeBufferPointer<UInt8>) -> ManifestKey {
        let candidates: [ManifestKey]
        switch bytes.count {
        case 2: candidates = [.id]
        case 4: candidates = [.name, .text]
        case 5: candidates = [.phone, .items, .line1, .line2]
        case 6: candidates = [.status, .window]
        case 7: candidates = [.address]
        case 8: candidates = [.quantity]
        case 10: candidates = [.deliveries]
        case 12: candidates = [.instructions]
        default: return .other
        }
        for key in candidates where key.rawValue.utf8.elementsEqual(bytes) { return key }
        return .other
    }

    /// The key for a name read as a string (one with escapes).
    static func named(_ name: String) -> ManifestKey {
        ManifestKey(rawValue: name) ?? .other
    }
}
