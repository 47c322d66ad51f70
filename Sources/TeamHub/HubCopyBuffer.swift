/// A chunk of COPY data (rows in the binary format) being written by one
/// thread and then handed to the connection's: rows are written straight
/// into its free bytes (`HubCopyFormat.RowWriter`), since an import writes a
/// million of them and a field at a time through an array costs seconds.
///
/// `@unchecked Sendable`: it is handed over, never shared; the thread that
/// made it stops touching it once it is queued.
final class HubCopyBuffer: @unchecked Sendable {
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        storage = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 8)
    }

    deinit {
        storage.deallocate()
    }

    /// Room for at least `bytes` more, and the first free byte.
    func free(atLeast bytes: Int) -> UnsafeMutablePointer<UInt8> {
        if count + bytes > capacity {
            let grown = max(capacity * 2, count + bytes)
            let larger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 8)
            larger.copyMemory(from: storage, byteCount: count)
            storage.deallocate()
            storage = larger
            capacity = grown
        }
        return (storage + count).assumingMemoryBound(to: UInt8.self)
    }

    /// Counts `bytes` written into the free bytes `free(atLeast:)` gave.
    func advance(by bytes: Int) {
        count += bytes
    }

    func withBytes<Result, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: storage, count: count))
    }
}
