import Manifest
import Model

/// A generated manifest as JSON in the bundled schema (`{"deliveries":[…]}`,
/// one delivery a line, written by `ManifestWriter`), streamed out in chunks
/// so that a million rows never sit in memory as one string.
///
/// ```swift
/// try GeneratedManifest(count: 1_000_000, seed: 7).write { chunk in try file.write(contentsOf: chunk) }
/// ```
public struct GeneratedManifest: Sendable {
    /// The deliveries it holds, made on demand.
    public let deliveries: GeneratedDeliveries

    public init(count: Int, seed: UInt64) {
        deliveries = GeneratedDeliveries(count: count, seed: seed)
    }

    /// Hands the manifest to `sink` in chunks of about `chunkSize` bytes.
    public func write(chunkSize: Int = 1 << 20, to sink: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        var writer = ManifestWriter()
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunkSize + 4096)
        writer.begin(&buffer)
        for index in 0 ..< deliveries.count {
            writer.append(deliveries.delivery(at: index), to: &buffer)
            if buffer.count >= chunkSize {
                try buffer.withUnsafeBytes(sink)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        writer.end(&buffer)
        try buffer.withUnsafeBytes(sink)
    }

    /// The whole manifest as bytes (for small counts and tests).
    public func bytes() -> [UInt8] {
        var all: [UInt8] = []
        write { all.append(contentsOf: $0) }
        return all
    }
}
