extension Typesetter {
    /// Opens the font files big text at `categories` is drawn from, for work
    /// done ahead of the keys on another thread: the ladder's strikes for
    /// every style drawn big there and every fallback font the ladder draws
    /// other scripts from (`GlyphStrike.fallbacks`). Otherwise each is opened
    /// by the first frame that needs it, while a key waits: the first `+` to
    /// a size, the first row in a script not seen yet. Only the files are
    /// opened (into the shared `FontTable`); faces are left to the rows drawn
    /// ahead (`SizesAhead.prepare`) and to the frames that need them.
    public func prepareFonts(for categories: [ContentSizeCategory]) {
        var files: [String] = []
        var drawsBig = false
        for category in categories {
            for style in TextStyle.allCases {
                guard let (_, cap) = drawing(for: style, at: category).mosaicCap else { continue }
                drawsBig = true
                let bold = GlyphLadder.isBold(capHeight: cap) || ramp.metrics(for: style, at: category).isBold
                if font == .automatic, let strike = GlyphStrike.strike(capHeight: cap, bold: bold), !files.contains(strike.file) {
                    files.append(strike.file)
                }
            }
        }
        guard drawsBig else { return }
        for fallback in GlyphStrike.fallbacks where !files.contains(fallback.file) { files.append(fallback.file) }
        FontTable.shared.openAhead(files: files)
    }
}
