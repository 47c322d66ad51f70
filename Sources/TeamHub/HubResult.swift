import CLibpq

/// One result of a statement, owned: cleared when the value goes.
/// Text results read as strings; binary ones (`HubConnection.execute(…, binary: true)`)
/// as the same field encodings COPY's binary format uses (`HubFieldReader`).
final class HubResult {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        PQclear(pointer)
    }

    var status: ExecStatusType { PQresultStatus(pointer) }
    var rows: Int { Int(PQntuples(pointer)) }
    var columns: Int { Int(PQnfields(pointer)) }

    func isNull(_ row: Int, _ column: Int) -> Bool {
        PQgetisnull(pointer, Int32(row), Int32(column)) == 1
    }

    /// A text result's value; nil for NULL.
    func text(_ row: Int, _ column: Int) -> String? {
        guard !isNull(row, column), let value = PQgetvalue(pointer, Int32(row), Int32(column)) else { return nil }
        return String(cString: value)
    }

    /// A field's bytes, valid while the result lives; nil for NULL.
    func bytes(_ row: Int, _ column: Int) -> UnsafeRawBufferPointer? {
        guard !isNull(row, column), let value = PQgetvalue(pointer, Int32(row), Int32(column)) else { return nil }
        return UnsafeRawBufferPointer(start: value, count: Int(PQgetlength(pointer, Int32(row), Int32(column))))
    }

    /// One of the server's fields of an error (`PG_DIAG_…`, a letter).
    func errorField(_ code: Character) -> String? {
        guard let ascii = code.asciiValue, let value = PQresultErrorField(pointer, Int32(ascii)) else { return nil }
        return String(cString: value)
    }
}
