/// The field names the manifest schema knows; anything else is `other` and skipped.
///
/// The scanner matches a name's bytes against these directly, so reading a
/// field name costs no String and no hashing: a million deliveries have
/// about ten million of them.
enum ManifestKey: String {
    case deliveries, id, name, address, phone, text, status, items, instructions, window, line1, line2, quantity
    case other

    /// The key spelled by these bytes (a name without escapes): compared
    /// with each name of that length in place (an array of candidates and
    /// generic comparison would cost every field of every delivery).
    static func match(_ bytes: UnsafeBufferPointer<UInt8>) -> ManifestKey {
        func spells(_ name: StaticString) -> Bool {
            guard name.utf8CodeUnitCount == bytes.count else { return false }
            for index in 0 ..< bytes.count where name.utf8Start[index] != bytes[index] { return false }
            return true
        }
        switch bytes.count {
        case 2: return spells("id") ? .id : .other
        case 4: return spells("name") ? .name : spells("text") ? .text : .other
        case 5: return spells("line1") ? .line1 : spells("line2") ? .line2 : spells("phone") ? .phone : spells("items") ? .items : .other
        case 6: return spells("status") ? .status : spells("window") ? .window : .other
        case 7: return spells("address") ? .address : .other
        case 8: return spells("quantity") ? .quantity : .other
        case 10: return spells("deliveries") ? .deliveries : .other
        case 12: return spells("instructions") ? .instructions : .other
        default: return .other
        }
    }

    /// The key for a name read as a string (one with escapes).
    static func named(_ name: String) -> ManifestKey {
        ManifestKey(rawValue: name) ?? .other
    }
}
