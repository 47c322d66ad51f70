import Foundation
import Model
import Testing
@testable import ManifestGenerator

@Suite struct ManifestWriterTests {
    @Test func theSameSeedGivesTheSameBytes() {
        let first = ManifestWriter(count: 500, seed: 42).bytes()
        let second = ManifestWriter(count: 500, seed: 42).bytes()
        #expect(first == second)
        #expect(first != ManifestWriter(count: 500, seed: 43).bytes())
    }

    @Test func smallChunksGiveTheSameBytesAsOneChunk() {
        let writer = ManifestWriter(count: 300, seed: 9)
        var chunked: [UInt8] = []
        var chunks = 0
        writer.write(chunkSize: 1_000) { chunked.append(contentsOf: $0); chunks += 1 }
        #expect(chunks > 10)
        #expect(chunked == writer.bytes())
    }

    @Test(arguments: [0, 1, 2, 1_000])
    func theOutputDecodesAsAManifestOfTheGeneratedDeliveries(count: Int) throws {
        let writer = ManifestWriter(count: count, seed: 5)
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(writer.bytes()))
        #expect(manifest.deliveries.count == count)
        #expect(manifest.deliveries == (0 ..< count).map { writer.generator.delivery(at: $0) })
    }

    @Test func stringsWithQuotesBackslashesAndControlsRoundTrip() throws {
        let tricky = "a \"quoted\" \\ path\nnew line\ttab \u{1B}[31m 東京 🇯🇵"
        var bytes: [UInt8] = []
        ManifestWriter.appendString(tricky, to: &bytes)
        #expect(!bytes.contains(0x1B), "no raw control byte in the JSON")
        #expect(try JSONDecoder().decode(String.self, from: Data(bytes)) == tricky)
    }
}
