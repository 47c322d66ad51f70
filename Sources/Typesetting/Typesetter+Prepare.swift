extension Typesetter {
    /// Opens what big text at `categories` is drawn from, for work done ahead
    /// of the keys on another thread: the ladder's strikes for every style
    /// drawn big there, every fallback font the ladder draws other scripts
    /// from (misc-fixed's Kanji, Hangul, Hebrew, Arabic and Thai strikes,
    /// Unifont), and the faces resolved. Otherwise each is opened by the first
    /// frame that needs it, while a key waits: the first `+` to a size, the
    /// first row in a script not seen yet.
    public func prepareFonts(for categories: [ContentSizeCategory]) {
        var files: [String] = []
        var faces: [(TextStyle, ContentSizeCategory)] = []
        for category in categories {
            for style in TextStyle.allCases {
                guard let (_, cap) = drawing(for: style, at: category).mosaicCap else { continue }
                faces.append((style, category))
                let bold = GlyphLadder.isBold(capHeight: cap) || ramp.metrics(for: style, at: category).isBold
                if font == .automatic, let strike = GlyphStrike.strike(capHeight: cap, bold: bold), !files.contains(strike.file) {
                    files.append(strike.file)
                }
            }
        }
        guard !faces.isEmpty else { return }
        for fallback in GlyphStrike.fallbacks where !files.contains(fallback.file) { files.append(fallback.file) }
        GlyphCache.shared.openAhead(files: files)
        for (style, category) in faces { _ = bigFace(for: style, at: category) }
    }
}
