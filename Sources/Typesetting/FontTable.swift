import CFontRaster
import Synchronization

/// The font files the typesetter draws from, each opened once for the
/// process, and fontconfig's answers to which file has a family or a
/// character: one table for the mosaic ladder (`GlyphCache`) and the
/// `pixels` mode (`PixelRaster`), so a font both draw from is one open font.
///
/// Files are opened and fontconfig is asked outside the table's lock, which
/// is held only to read and write the table: opening a CJK font is slow, and
/// a frame that needs an open font must not wait for one a worker opens
/// ahead. Two threads wanting the same new file may then both open it; the
/// table keeps the first and the other copy is closed.
final class FontTable: Sendable {
    static let shared = FontTable()

    private struct Lookup: Hashable {
        var pattern: String
        var scalar: UInt32
    }

    private struct State {
        /// Open fonts; a nil value remembers a file that would not open.
        var fonts: [FontLocation: OpenFont?] = [:]
        /// fontconfig's answers; nil remembers that none was found.
        var lookups: [Lookup: FontLocation?] = [:]
        var opened = 0
    }

    private let state = Mutex(State())

    /// How many times FreeType has been asked to open a file (for tests):
    /// once a file, but for the rare race above.
    var openedCount: Int { state.withLock { $0.opened } }

    /// The font at `location`, opened the first time it is asked for; nil if it will not open.
    func font(at location: FontLocation) -> OpenFont? {
        if let known = state.withLock({ $0.fonts[location] }) { return known }
        let opened = OpenFont(location)
        return state.withLock { state in
            state.opened += 1
            if let known = state.fonts[location] { return known }
            state.fonts[location] = opened
            return opened
        }
    }

    /// The font file `file` in the font folders (`GlyphStrike.path(of:)`), opened.
    func font(named file: String) -> OpenFont? {
        GlyphStrike.path(of: file).flatMap { font(at: FontLocation(path: $0)) }
    }

    /// Opens the font files named that are not open yet, for work done ahead
    /// of the keys on another thread (`Typesetter.prepareFonts`).
    func openAhead(files: [String]) {
        for file in files { _ = font(named: file) }
    }

    /// The font fontconfig gives for `pattern` (a family, optionally with
    /// ":bold"), one that has `scalar` unless it is 0; asked once a pattern and scalar.
    func find(pattern: String, scalar: UInt32 = 0) -> FontLocation? {
        let key = Lookup(pattern: pattern, scalar: scalar)
        if let known = state.withLock({ $0.lookups[key] }) { return known }
        let found = Self.match(pattern: pattern, scalar: scalar)
        state.withLock { $0.lookups[key] = found }
        return found
    }

    private static func match(pattern: String, scalar: UInt32) -> FontLocation? {
        var buffer = [CChar](repeating: 0, count: 4096)
        var index: Int32 = 0
        let found = buffer.withUnsafeMutableBufferPointer { out in
            fr_find_font(pattern, scalar, out.baseAddress, Int32(out.count), &index)
        }
        guard found == 1 else { return nil }
        let path = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return FontLocation(path: path, index: index)
    }
}
