import Foundation
import Manifest
import Model
import Testing
@testable import ManifestGenerator

@Suite struct GeneratedManifestTests {
    @Test func theSameSeedGivesTheSameBytes() {
        let first = GeneratedManifest(count: 500, seed: 42).bytes()
        let second = GeneratedManifest(count: 500, seed: 42).bytes()
        #expect(first == second)
        #expect(first != GeneratedManifest(count: 500, seed: 43).bytes())
    }

    @Test func smallChunksGiveTheSameBytesAsOneChunk() {
        let writer = GeneratedManifest(count: 300, seed: 9)
        var chunked: [UInt8] = []
        var chunks = 0
        writer.write(chunkSize: 1_000) { chunked.append(contentsOf: $0); chunks += 1 }
        #expect(chunks > 10)
        #expect(chunked == writer.bytes())
    }

    @Test(arguments: [0, 1, 2, 1_000])
    func theOutputDecodesAsAManifestOfTheGeneratedDeliveries(count: Int) throws {
        let writer = GeneratedManifest(count: count, seed: 5)
        let deliveries = try ManifestReader().read(Data(writer.bytes()), file: "generated.json")
        #expect(deliveries.count == count)
        #expect(deliveries == (0 ..< count).map { writer.deliveries.delivery(at: $0) })
    }
}
