import Foundation
import Testing
@testable import Manifest

/// `ManifestFile`: pages handed back are read again, never lost.
@Suite struct ManifestFileTests {
    private func temporaryFile(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-file-\(UUID().uuidString).json")
        try Data(bytes).write(to: url)
        return url
    }

    @Test func pagesHandedBackAreReadAgainUnchanged() throws {
        // Several pages of bytes that differ from page to page.
        let bytes = (0 ..< 5 * 4096 + 123).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) }
        let url = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try ManifestFile(url)
        #expect(file.data.count == bytes.count)
        // Two passes, as an import makes them: part of the way, then all of it, then again from the start.
        file.release(before: 2 * 4096 + 10)
        #expect(Array(file.data) == bytes)
        file.releaseAll()
        #expect(Array(file.data) == bytes)
        file.release(before: 4096)
        file.release(before: 3 * 4096)
        #expect(Array(file.data) == bytes)
        // Parts read at once, each handing back its own range, partial pages and all.
        file.release(4096 + 7 ..< 3 * 4096 + 5)
        file.release(0 ..< bytes.count)
        file.release(bytes.count - 10 ..< bytes.count + 4096)
        #expect(Array(file.data) == bytes)
    }

    @Test func anEmptyFileIsReadAndAMissingOneIsNamed() throws {
        let url = try temporaryFile([])
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try ManifestFile(url)
        #expect(file.data.isEmpty)
        file.releaseAll()
        do {
            _ = try ManifestFile(url.appendingPathExtension("missing"))
            Issue.record("mapped a file that is not there")
        } catch {
            #expect(error.kind == .fileNotFound)
        }
    }
}
