extension Array where Element == UInt8 {
    /// Appends the UTF-8 of `text`, copied at once where the String keeps it
    /// contiguous (a native String always does) rather than a byte at a time
    /// through its UTF-8 view: an import builds its rows' bytes so.
    public mutating func appendUTF8(of text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) == nil { append(contentsOf: text.utf8) }
    }
}
