import Foundation
import Testing
@testable import Model

@Suite struct ManifestTests {
    @Test func decodesTheBundledSchema() throws {
        let json = """
        {"deliveries":[{"id":"DLV-0001","name":"Feng Wong","address":{"line1":"1 Infinite Loop","line2":"Cupertino, CA"},
        "phone":"+1 408 555 0100","status":"out_for_delivery","items":[{"name":"iPod Touch","quantity":1}]}]}
        """
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(json.utf8))
        #expect(manifest.deliveries.count == 1)
        #expect(manifest.deliveries[0].status == .outForDelivery)
        #expect(manifest.deliveries[0].address.singleLine == "1 Infinite Loop, Cupertino, CA")
        #expect(manifest.deliveries[0].window == nil)
    }
}

@Suite struct BlankAddressTests {
    @Test func blankLinesAreLeftOutWithTheirComma() {
        #expect(Address(line1: "   ", line2: "  ").singleLine == "")
        #expect(Address(line1: "1 Main St", line2: " ").singleLine == "1 Main St")
        #expect(Address(line1: "\t", line2: "Town").singleLine == "Town")
        #expect(Address(line1: "1 Main St", line2: "Town").singleLine == "1 Main St, Town")
    }
}
