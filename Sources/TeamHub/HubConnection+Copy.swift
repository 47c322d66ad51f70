import CLibpq

/// COPY through libpq's own COPY calls (`PQputCopyData`, `PQgetCopyData`),
/// in the binary format (`HubCopyFormat`): the statement is this program's
/// whole text, and the rows never pass through SQL.
extension HubConnection {
    /// Runs `COPY … FROM STDIN (FORMAT binary …)` (`sql`), sending the
    /// header, each chunk `next` hands over (rows in the binary format)
    /// until it returns nil, and the trailer. When `next` throws, the COPY
    /// is ended as failed, so the server takes none of it, and that error
    /// is rethrown.
    func copyIn(_ sql: String, chunks next: () throws -> HubCopyBuffer?) throws {
        let pg = try open()
        guard PQsendQuery(pg, sql) == 1 else { throw ended(HubFailure.lost(address, message: String(cString: PQerrorMessage(pg)))) }
        try flush()
        try expectCopy(PGRES_COPY_IN)
        do {
            try put(HubCopyFormat.header)
            while let chunk = try next() {
                try chunk.withBytes { bytes throws(HubError) in try put(bytes) }
            }
            try put(HubCopyFormat.trailer)
        } catch {
            if isOpen {
                _ = PQputCopyEnd(pg, "the import stopped")
                _ = try? flush()
                while (try? nextResult()).flatMap({ $0 }) != nil {}
            }
            throw error
        }
        while true {
            let ended = PQputCopyEnd(pg, nil)
            if ended == 1 { break }
            guard ended == 0 else { throw self.ended(HubFailure.lost(address, message: String(cString: PQerrorMessage(pg)))) }
            try wait(reading: false, writing: true, until: nextDeadline, doing: "sending to")
        }
        try flush()
        try finishStatement()
    }

    /// Runs `COPY … TO STDOUT (FORMAT binary)` (`sql`), handing each row's
    /// fields (nil for NULL, valid only during the call) to `row` as they
    /// arrive. When `row` throws, the connection is closed (a COPY out
    /// cannot be stopped half way otherwise) and the error rethrown.
    func copyOut(_ sql: String, row: ([UnsafeRawBufferPointer?]) throws -> Void) throws {
        let pg = try open()
        guard PQsendQuery(pg, sql) == 1 else { throw ended(HubFailure.lost(address, message: String(cString: PQerrorMessage(pg)))) }
        try flush()
        try expectCopy(PGRES_COPY_OUT)
        var reader = HubCopyFormat.Reader()
        while true {
            var buffer: UnsafeMutablePointer<CChar>?
            let count = PQgetCopyData(pg, &buffer, 1)
            if count > 0, let buffer {
                defer { PQfreemem(buffer) }
                do {
                    try reader.rows(in: UnsafeRawBufferPointer(start: buffer, count: Int(count)), row)
                } catch let error as HubError {
                    throw ended(error)
                } catch {
                    close()
                    throw error
                }
            } else if count == 0 {
                try wait(reading: true, writing: false, until: nextDeadline, doing: "reading from")
                guard PQconsumeInput(pg) == 1 else { throw ended(HubFailure.lost(address, message: String(cString: PQerrorMessage(pg)))) }
            } else if count == -1 {
                break
            } else {
                throw ended(HubFailure.lost(address, message: String(cString: PQerrorMessage(pg))))
            }
        }
        try finishStatement()
    }

    /// Sends one piece of COPY data, waiting (with the deadline) while libpq's buffer is full.
    private func put(_ bytes: UnsafeRawBufferPointer) throws(HubError) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        while true {
            let pg = try open()
            let sent = PQputCopyData(pg, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
            if sent == 1 { break }
            guard sent == 0 else { throw ended(HubFailure.lost(address, message: String(cString: PQerrorMessage(pg)))) }
            try wait(reading: false, writing: true, until: nextDeadline, doing: "sending to")
        }
        try flush()
    }

    private func put(_ bytes: [UInt8]) throws(HubError) {
        var failure: HubError?
        bytes.withUnsafeBytes { raw in
            do throws(HubError) { try put(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// The statement's first result must be `status` (COPY started); a refusal is thrown in words.
    private func expectCopy(_ status: ExecStatusType) throws(HubError) {
        guard let first = try nextResult() else { throw HubError(.refused, "\(address) returned no result for a COPY") }
        guard first.status == status else {
            let failure = HubFailure.statement(first, address: address)
            while try nextResult() != nil {}
            throw failure
        }
    }

    /// Reads the statement's remaining results; throws the first refusal.
    private func finishStatement() throws(HubError) {
        var failure: HubError?
        while let result = try nextResult() {
            if result.status == PGRES_FATAL_ERROR || result.status == PGRES_BAD_RESPONSE {
                failure = failure ?? HubFailure.statement(result, address: address)
            }
        }
        if let failure { throw failure }
    }
}
