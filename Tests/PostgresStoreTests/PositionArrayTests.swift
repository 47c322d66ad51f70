import Foundation
import NIOCore
@testable import PostgresStore
import PostgresNIO
import TestSupport
import Testing

/// Positions bound and read as one `integer[]` in its binary form
/// (`PositionArray`): the same bytes postgres-nio makes of an `[Int32]`, and
/// what the server makes of them and answers with.
struct PositionArrayTests {
    static let samples: [[Int32]] = [[], [7], [1, -1, Int32.max, Int32.min, 0, 300_000], Array(1 ... 5000).reversed()]

    private static func encoded(_ array: PositionArray) -> ByteBuffer {
        var buffer = ByteBuffer()
        array.encode(into: &buffer, context: .default)
        return buffer
    }

    @Test func itEncodesAsPostgresNIOEncodesTheArray() {
        for positions in Self.samples {
            var generic = ByteBuffer()
            positions.encode(into: &generic, context: .default)
            #expect(Self.encoded(PositionArray(positions)) == generic, "\(positions.prefix(8))")
        }
    }

    @Test func whatItEncodesItReadsBack() throws {
        for positions in Self.samples {
            var buffer = Self.encoded(PositionArray(positions))
            let read = try PositionArray(from: &buffer, type: .int4Array, format: .binary, context: .default)
            #expect(read.positions == positions)
        }
    }

    @Test func anArrayWithANullOrOfTwoDimensionsOrOfAnotherTypeIsRefused() {
        // {1,NULL}: a NULL element's length is -1, with no bytes.
        var withNull = ByteBuffer()
        withNull.writeMultipleIntegers(Int32(1), Int32(1), PostgresDataType.int4.rawValue, Int32(2), Int32(1), Int32(4), Int32(1), Int32(-1))
        #expect(throws: PositionArray.Malformed.self) {
            try PositionArray(from: &withNull, type: .int4Array, format: .binary, context: .default)
        }
        var twoDimensions = ByteBuffer()
        twoDimensions.writeMultipleIntegers(Int32(2), Int32(0), PostgresDataType.int4.rawValue, Int32(1), Int32(1), Int32(1), Int32(1))
        twoDimensions.writeMultipleIntegers(Int32(4), Int32(9))
        #expect(throws: PositionArray.Malformed.self) {
            try PositionArray(from: &twoDimensions, type: .int4Array, format: .binary, context: .default)
        }
        var bigints = ByteBuffer()
        [Int64(1)].encode(into: &bigints, context: .default)
        #expect(throws: PositionArray.Malformed.self) {
            try PositionArray(from: &bigints, type: .int8Array, format: .binary, context: .default)
        }
    }
}

/// The same against a real server.
@Suite(.enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PositionArrayServerTests {
    @Test func theServerReadsWhatIsBoundAndAnswersWhatIsRead() throws {
        let store = try PostgresFixture().open()
        defer { store.close() }
        for positions in PositionArrayTests.samples + [Array(1 ... 200_000).map { $0 * 3 - 100_000 }] {
            let rows = try store.link.rows("""
                SELECT \(PositionArray(positions)) = \(positions), cardinality(\(PositionArray(positions))), \(PositionArray(positions))
                """)
            let row = try #require(rows.first)
            let (equal, count, read) = try row.decode((Bool, Int, PositionArray).self)
            #expect(equal && count == positions.count, "\(positions.prefix(8))")
            #expect(read.positions == positions)
        }
        // An answer that is not an array of positions.
        let null = try #require(try store.link.rows("SELECT ARRAY[1, NULL]::integer[]").first)
        #expect(throws: PositionArray.Malformed.self) { try null.decode(PositionArray.self) }
    }
}
