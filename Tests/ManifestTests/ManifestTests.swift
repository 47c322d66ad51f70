import Foundation
import Model
import Testing
@testable import Manifest

/// The manifest schema through the one JSON path: what `ManifestWriter`
/// writes, `ManifestParser` (through `ManifestReader`) reads back unchanged.
@Suite struct ManifestTests {
    private func read(_ bytes: [UInt8]) throws(ManifestError) -> [Delivery] {
        try ManifestReader().read(Data(bytes), file: "m.json")
    }

    @Test func parsesTheBundledSchema() throws {
        let json = """
        {"deliveries":[{"id":"DLV-0001","name":"Feng Wong","address":{"line1":"1 Infinite Loop","line2":"Cupertino, CA"},
        "phone":"+1 408 555 0100","status":"out_for_delivery","items":[{"name":"iPod Touch","quantity":1}]}]}
        """
        let deliveries = try read(Array(json.utf8))
        #expect(deliveries.count == 1)
        #expect(deliveries[0].status == .outForDelivery)
        #expect(deliveries[0].address.singleLine == "1 Infinite Loop, Cupertino, CA")
        #expect(deliveries[0].items == [Item(name: "iPod Touch", quantity: 1)])
        #expect(deliveries[0].window == nil)
    }

    static let tricky = "a \"quoted\" \\ path/\nnew line\ttab\r\u{8}\u{C} \u{1B}[31m \u{7F} 東京 🇯🇵 \u{0}"

    @Test func whatTheWriterWritesTheParserReadsBack() throws {
        let deliveries = [
            Delivery(id: "A", name: Self.tricky, address: Address(line1: Self.tricky, line2: ""), phone: "", text: Self.tricky,
                     status: .failed, items: [Item(name: Self.tricky, quantity: 0), Item(name: "", quantity: Int.max)],
                     instructions: Self.tricky, window: "09:00-12:00"),
            Delivery(id: "B", name: "", address: Address(line1: "")),
        ]
        #expect(try read(ManifestWriter.bytes(of: deliveries)) == deliveries)
        #expect(try read(ManifestWriter.bytes(of: [])) == [])
    }

    @Test func theWriterPutsOneDeliveryOnEachLine() {
        let deliveries = [Delivery(id: "A", name: "Ann", address: Address(line1: "x")), Delivery(id: "B", name: "Bo", address: Address(line1: "y"))]
        #expect(String(decoding: ManifestWriter.bytes(of: deliveries), as: UTF8.self) == """
            {"deliveries":[
            {"id":"A","name":"Ann","address":{"line1":"x"},"status":"pending","items":[]},
            {"id":"B","name":"Bo","address":{"line1":"y"},"status":"pending","items":[]}
            ]}

            """)
    }

    @Test func stringsWithQuotesBackslashesAndControlsAreEscaped() throws {
        var bytes: [UInt8] = []
        ManifestWriter.appendString(Self.tricky, to: &bytes)
        #expect(!bytes.contains { $0 < 0x20 }, "no raw control byte in the JSON")
        // Foundation's reader as a second opinion on the escapes.
        #expect(try JSONDecoder().decode(String.self, from: Data(bytes)) == Self.tricky)
    }

    @Test func anEscapeIsWrittenWhereverItFallsInALongString() throws {
        // Every place in strings longer than eight bytes, so an escape falls in the eight-byte steps and in the tail.
        for length in [1, 7, 8, 9, 16, 23] {
            for place in 0 ..< length {
                for special in ["\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{7F}"] {
                    var characters = [String](repeating: length % 2 == 0 ? "é" : "a", count: length)
                    characters[place] = special
                    let text = characters.joined()
                    var bytes: [UInt8] = []
                    ManifestWriter.appendString(text, to: &bytes)
                    #expect(try JSONDecoder().decode(String.self, from: Data(bytes)) == text, "\(text.debugDescription)")
                }
            }
        }
    }
}
