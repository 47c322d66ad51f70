import Manifest
import Model
import NIOCore
@testable import PostgresStore
import Store
import Testing

/// A delivery's COPY row, read back by the binary format's rules, gives
/// every field as it was (no server needed; the store's tests send such rows to one).
struct CopyRowTests {
    @Test func everyFieldReadsBackAsItWas() {
        var deliveries = PostgresFixture.deliveries(count: 400)
        // Bytes the text format had to escape, and an empty text, go as they are.
        deliveries[3] = Delivery(id: "X\\N", name: "\r\n", address: Address(line1: "\\", line2: ""), phone: nil, text: "\t",
                                 status: .failed, items: [], instructions: nil, window: "\\\\t")
        var buffer = ByteBuffer()
        var items: [UInt8] = [9, 9, 9]
        for (index, delivery) in deliveries.enumerated() {
            let searchText = CopyRow.searchText(of: delivery)
            CopyRow.append(delivery, sequence: Int32(index + 1), searchText: searchText, items: &items, to: &buffer)
        }
        let rows = BinaryCopyRows.rows(in: [buffer])
        #expect(rows.count == deliveries.count, "a row a delivery")
        for (index, delivery) in deliveries.enumerated() where index < rows.count {
            let row = rows[index]
            let lengths = TextLengths(of: delivery)
            #expect(row.count == CopyRow.columns(first: "position").count)
            guard row.count == 16 else { continue }
            let integers = [0, 11, 12, 13].map { BinaryCopyRows.integer(row[$0]) }
            #expect(integers == [Int64(index + 1), Int64(lengths.name), Int64(lengths.address), Int64(lengths.window)])
            #expect([0, 11, 12, 13].allSatisfy { row[$0]?.count == 4 }, "integers are 4 bytes")
            let texts = row.indices.filter { ![0, 11, 12, 13].contains($0) }.map { BinaryCopyRows.text(row[$0]) }
            let expected: [String?] = [
                delivery.id, delivery.name, delivery.address.line1, delivery.address.line2, delivery.phone,
                delivery.text, delivery.status.rawValue, ItemsColumn.encode(delivery.items), delivery.instructions, delivery.window,
                CopyRow.searchText(of: delivery), delivery.status.rawValue,
            ]
            #expect(texts == expected, "delivery \(index)")
        }
    }

    @Test func theStreamBeginsWithTheSignatureAndEndsWithTheTrailer() {
        // PostgreSQL's `PGCOPY\n\377\r\n\0`, no flags, no header extension; a field count of -1.
        #expect(BinaryCopy.header == [0x50, 0x47, 0x43, 0x4F, 0x50, 0x59, 0x0A, 0xFF, 0x0D, 0x0A, 0x00, 0, 0, 0, 0, 0, 0, 0, 0])
        #expect(BinaryCopy.trailer == [0xFF, 0xFF])
    }

    @Test func aRowWritesEachKindOfFieldInTheRoomItAskedFor() {
        let word = Array("東京\\\t".utf8)
        let room = BinaryCopy.rowBytes(fields: 5, payload: 4 + 8 + word.count + 3)
        var buffer = ByteBuffer()
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: room) { free in
            guard let base = free.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
            var row = BinaryCopy.RowWriter(base: base, fields: 5)
            row.int32(-2)
            row.int64(Int64(Int32.max) + 5)
            word.withUnsafeBytes { row.bytes($0) }
            row.text(nil)
            row.text("abc")
            return row.count
        }
        #expect(buffer.readableBytes == room)
        let rows = BinaryCopyRows.rows(in: [buffer])
        #expect(rows.count == 1)
        let row = rows.first ?? []
        #expect(row.count == 5)
        guard row.count == 5 else { return }
        #expect(BinaryCopyRows.integer(row[0]) == -2 && row[0]?.count == 4)
        #expect(BinaryCopyRows.integer(row[1]) == Int64(Int32.max) + 5 && row[1]?.count == 8)
        #expect(row[2] == word)
        #expect(row[3] == nil)
        #expect(BinaryCopyRows.text(row[4]) == "abc")
    }
}
