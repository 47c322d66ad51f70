import Testing
@testable import Manifest

/// Field names are matched from their bytes: each known name is its key, and
/// any other spelling, of the same length or not, is `other`.
struct ManifestKeyTests {
    private static func match(_ name: String) -> ManifestKey {
        var name = name
        return name.withUTF8 { ManifestKey.match($0) }
    }

    private static let known: [ManifestKey] = [
        .deliveries, .id, .name, .address, .phone, .text, .status, .items, .instructions, .window, .line1, .line2, .quantity,
    ]

    @Test func everyKnownNameIsItsKey() {
        for key in Self.known { #expect(Self.match(key.rawValue) == key, "\(key)") }
    }

    @Test func nearMissesAreOther() {
        for key in Self.known {
            let name = key.rawValue
            // Each byte changed in turn, one byte more, one fewer, upper case.
            for index in name.utf8.indices {
                var bytes = Array(name.utf8)
                bytes[name.utf8.distance(from: name.utf8.startIndex, to: index)] ^= 0x01
                #expect(Self.match(String(decoding: bytes, as: UTF8.self)) == .other, "\(bytes)")
            }
            #expect(Self.match(name + "s") == .other)
            #expect(Self.match(String(name.dropLast())) == .other)
            #expect(Self.match(name.uppercased()) == .other)
        }
        #expect(Self.match("") == .other)
        #expect(Self.match("other") == .other)
    }
}
