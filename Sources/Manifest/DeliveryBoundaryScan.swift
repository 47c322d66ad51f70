import Model

/// Finds where a manifest can be cut for two readers: just past the first
/// delivery that ends at or after a byte offset, by following only JSON's
/// strings and brackets from the start.
///
/// It checks nothing else, which makes it many times cheaper than a checking
/// pass (`ManifestReader.validate`): an import reads the two sides of the cut
/// at once, each checking what it reads, and the reader from the start
/// confirms that it ends exactly at the cut. For text that is JSON up to the
/// cut the scan and the parser agree, since both follow JSON's rules for
/// strings; anything else the parser from the start throws on first.
enum DeliveryBoundaryScan {
    /// The checkpoint just past the first delivery of the `deliveries` array
    /// that ends at or after `target`, or nil when the array ends first, when
    /// there is none, or when the manifest's top-level field names use
    /// escapes (telling them apart would need the parser).
    /// `progress`, if given, is called now and then with the offset scanned.
    static func checkpoint(
        in bytes: UnsafeBufferPointer<UInt8>, atOrAfter target: Int, progress: ((Int) -> Void)? = nil
    ) -> ManifestCheckpoint? {
        guard let base = bytes.baseAddress else { return nil }
        let end = bytes.count
        var offset = end >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
        /// How many brackets and braces are open, and whether the outermost is the manifest's object.
        var depth = 0
        var inObject = false
        /// Where the search for the array stands: 1 after a top-level name
        /// `deliveries`, 2 after its colon; 3 inside the array.
        var found = 0
        var index = 0
        var reported = offset
        while offset < end {
            let byte = base[offset]
            switch byte {
            case JSONByte.quote:
                let start = offset + 1
                var close = start
                var escaped = false
                // To the closing quote, jumping to each quote or backslash eight bytes at a time.
                while true {
                    close = ByteWord.skip(base, from: close, to: end) {
                        ByteWord.marks(JSONByte.quote, in: $0) | ByteWord.marks(JSONByte.backslash, in: $0)
                    }
                    while close < end, base[close] != JSONByte.quote, base[close] != JSONByte.backslash { close += 1 }
                    guard close < end else { return nil }
                    if base[close] == JSONByte.quote { break }
                    // A backslash and the byte it escapes.
                    escaped = true
                    close += 2
                }
                if depth == 1, found < 3 {
                    // A top-level string: a field's name or value; a name is what can say `deliveries`.
                    if escaped { return nil }
                    found = spellsDeliveries(base + start, count: close - start) ? 1 : 0
                }
                offset = close + 1
                continue
            case JSONByte.colon:
                if depth == 1, found == 1 { found = 2 }
            case JSONByte.openBrace, JSONByte.openBracket:
                if depth == 0 { inObject = byte == JSONByte.openBrace }
                if depth == 1, found == 2 {
                    guard inObject, byte == JSONByte.openBracket else { return nil }
                    found = 3
                } else if depth == 1 {
                    found = 0
                }
                depth += 1
            case JSONByte.closeBrace, JSONByte.closeBracket:
                if found == 3, depth == 2 { return nil }
                depth -= 1
                if found == 3, depth == 2, byte == JSONByte.closeBrace {
                    index += 1
                    if offset + 1 >= target { return ManifestCheckpoint(index: index, offset: offset + 1) }
                }
            case JSONByte.space, JSONByte.newline, JSONByte.carriageReturn, JSONByte.tab:
                break
            default:
                if depth == 1, found < 3 { found = 0 }
            }
            offset += 1
            if let progress, offset - reported >= 1 << 22 {
                reported = offset
                progress(offset)
            }
        }
        return nil
    }

    private static func spellsDeliveries(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
        let name: StaticString = "deliveries"
        guard count == name.utf8CodeUnitCount else { return false }
        for index in 0 ..< count where name.utf8Start[index] != start[index] { return false }
        return true
    }
}
