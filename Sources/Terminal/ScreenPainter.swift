import Canvas

/// Shows frames on a `TerminalBackend`, writing only the cells that changed
/// since the last frame.
///
/// Cells the terminal draws itself (doubled lines, OSC 66 runs, images)
/// never go through the backend's cell grid: they are written raw after
/// each flush, and where such a row or run goes away its rows are reset
/// (`ESC # 5`) and redrawn whole, so nothing of it remains. An image is
/// sent only when it is new (another line, place or colour) or its rows
/// were redrawn: a key that changes cells around it sends no image again.
public final class ScreenPainter<Backend: TerminalBackend> {
    public let backend: Backend
    public var encoder: AnsiEncoder
    private var previous: Frame?
    /// Whether any frame shown had a doubled line: only then can a row carry
    /// a line attribute to reset. A terminal never sent one is never sent
    /// `ESC # 5` either (kitty 0.26 logs every one as unknown).
    private var hasDoubledLines = false

    public init(backend: Backend, encoder: AnsiEncoder = AnsiEncoder()) {
        self.backend = backend
        self.encoder = encoder
    }

    /// Forgets what is on screen so the next frame is drawn whole.
    public func invalidate() { previous = nil }

    /// Rows something else wrote over after the last frame (hyperlinks): the
    /// next frame draws each of them whole if it changes there, so nothing
    /// of what was written (an underline) stays behind.
    public func drawnOver(rows: [Int]) { overwritten = rows }
    private var overwritten: [Int] = []

    /// What the terminal is told when the program takes it over: a paste comes bracketed.
    public func takeOver() { backend.writeRaw(TerminalEscapes.bracketedPaste(true)) }

    /// What the terminal is told before it is given back: no doubled line
    /// left, and a paste unbracketed again.
    public func giveBack() {
        resetLines()
        backend.writeRaw(TerminalEscapes.bracketedPaste(false))
    }

    /// Resets the lines the last frame doubled, before the terminal is given back.
    public func resetLines() {
        guard let previous else { return }
        var out = encoder.graphics?.graphicsProtocol == .kitty && !shownImages.isEmpty ? KittyGraphicsEncoder.deleteAll : ""
        for y in 0 ..< previous.height where previous.lineAttributes[y] != .normal {
            out += AnsiEncoder.moveTo(x: 0, y: y) + LineAttribute.normal.escapeSequence
        }
        if !out.isEmpty { backend.writeRaw(out) }
    }

    /// Images shown on the terminal now, as sent.
    private var shownImages: Set<ShownImage> = []

    /// An image as sent: the run, and what of its top-left cell's style colours it.
    struct ShownImage: Hashable {
        var run: PixelRun
        var color: ColorRole
        var dim: Bool
        var underline: Bool
        var reverse: Bool

        init(_ run: PixelRun, in frame: Frame) {
            let style = frame[run.x, run.y].style
            self.run = run
            color = style.color
            dim = style.dim
            underline = style.underline
            reverse = style.reverse
        }
    }

    public func draw(_ frame: Frame) {
        let old = previous.flatMap { $0.width == frame.width && $0.height == frame.height ? $0 : nil }
        var redrawn = [Bool](repeating: old == nil, count: frame.height)
        var before = ""
        let images = Set(frame.pixelRuns.map { ShownImage($0, in: frame) })
        hasDoubledLines = hasDoubledLines || frame.lineAttributes.contains { $0 != .normal }
        if old == nil {
            // Images the terminal keeps over its text (kitty) go with the screen.
            if encoder.graphics?.graphicsProtocol == .kitty {
                before += KittyGraphicsEncoder.deleteAll
            }
            backend.clear()
            // Any row may still carry a line attribute from before.
            if hasDoubledLines {
                for y in 0 ..< frame.height { before += AnsiEncoder.moveTo(x: 0, y: y) + LineAttribute.normal.escapeSequence }
            }
        } else if let old {
            for y in 0 ..< frame.height where old.lineAttributes[y] != frame.lineAttributes[y] {
                redrawn[y] = true
                if old.lineAttributes[y] != .normal {
                    before += AnsiEncoder.moveTo(x: 0, y: y) + LineAttribute.normal.escapeSequence
                }
            }
            for y in overwritten where y < frame.height && !Self.sameRow(old, frame, y) { redrawn[y] = true }
            // A half-block glyph drawn or gone: the row is written whole, left
            // to right, so the blank beside it is painted after it (`Frame.written`).
            for y in 0 ..< frame.height where !redrawn[y] && frame.changesHalfBlocks(from: old, y: y) { redrawn[y] = true }
            let kept = Set(frame.scaledRuns)
            for run in old.scaledRuns where !kept.contains(run) {
                for y in run.y ..< min(frame.height, run.y + run.rows) { redrawn[y] = true }
            }
            // An image going away is erased and its rows drawn again.
            for image in shownImages where !images.contains(image) {
                before += encoder.erasing(image.run)
                for y in image.run.y ..< min(frame.height, image.run.y + image.run.rows) { redrawn[y] = true }
            }
        }
        if !before.isEmpty { backend.writeRaw(before) }
        for y in 0 ..< frame.height where redrawn[y] && old != nil { backend.invalidateRows(y ..< y + 1) }

        var touched = redrawn
        let underImage = Self.imageCells(of: frame), wasUnderImage = old.map { Self.imageCells(of: $0) }
        for y in 0 ..< frame.height {
            let imageRow = frame.pixelRuns.contains { (($0.y) ..< $0.y + $0.rows).contains(y) }
            let wasImageRow = old?.pixelRuns.contains { (($0.y) ..< $0.y + $0.rows).contains(y) } ?? false
            for x in 0 ..< frame.width {
                let cell = frame[x, y]
                if cell.isContinuation { continue }
                let index = y * frame.width + x
                if !underImage[index], frame.isCovered(x: x, y: y) { continue }
                let written = written(frame, x: x, y: y, underImage: underImage[index], imageRow: imageRow)
                if !redrawn[y], let old, !(old.isCovered(x: x, y: y) && wasUnderImage?[index] != true),
                   self.written(old, x: x, y: y, underImage: wasUnderImage?[index] == true, imageRow: wasImageRow) == written { continue }
                backend.put(written, x: x, y: y)
                if !underImage[index] { touched[y] = true }
            }
        }
        backend.setCursor(frame.cursor, visible: frame.cursor != nil && !frame.hidesCursor)
        backend.flush()
        var after = scaling(of: frame, old: old, touched: touched)
        // New images, and those on rows drawn again (drawing a cell erases a sixel image's pixels there).
        for run in frame.pixelRuns {
            let image = ShownImage(run, in: frame)
            if old != nil, shownImages.contains(image), !(run.y ..< run.y + run.rows).contains(where: { redrawn[$0] }) { continue }
            after += encoder.pixelRun(run, in: frame)
        }
        if !after.isEmpty { backend.writeRaw(after) }
        shownImages = images
        previous = frame
        overwritten = []
    }

    /// The doubled lines and OSC 66 runs to (re)write: new or changed ones,
    /// and any on a row the flush may have written to.
    private func scaling(of frame: Frame, old: Frame?, touched: [Bool]) -> String {
        var out = ""
        for y in 0 ..< frame.height where frame.lineAttributes[y] != .normal {
            if let old, !touched[y], old.lineAttributes[y] == frame.lineAttributes[y], Self.sameRow(old, frame, y) { continue }
            out += encoder.doubledLine(frame, y: y)
        }
        let shown = Set(old?.scaledRuns ?? [])
        for run in frame.scaledRuns {
            let rows = run.y ..< run.y + run.rows
            if let old, shown.contains(run), !rows.contains(where: { touched[$0] }),
               old[run.x, run.y].style == frame[run.x, run.y].style { continue }
            out += encoder.scaledRun(run, in: frame)
        }
        return out
    }

    /// A cell as ncurses gets it. On a row with an image, ncurses must never
    /// see a blank it could clear across the image to change a cell beside
    /// it (EL, EL1: seen erasing sixel images in xterm), so blanks there are
    /// no-break spaces, which look the same; under the image it keeps the
    /// line's plain text (`keptUnderImage`), written once before the image
    /// is sent and then left alone while the image stays.
    private func written(_ frame: Frame, x: Int, y: Int, underImage: Bool, imageRow: Bool) -> Cell {
        var written = underImage ? Cell(Self.keptUnderImage(frame, x: x, y: y), style: .plain) : frame.written(x: x, y: y)
        if imageRow, written.grapheme == " ", !written.style.reverse, !written.style.underline { written.grapheme = "\u{00A0}" }
        if keepsInkInBorder, written.grapheme == "▌" {
            written.grapheme = "▐"
            written.style.reverse.toggle()
        }
        return written
    }

    /// The terminal draws the part of a glyph outside its cell into the
    /// window's border and never paints the border again (`BorderInk`):
    /// the selection bar ▌ (DejaVu Sans Mono's reaches a pixel left of its
    /// cell) is then written as a reversed ▐, the cell's left half painted
    /// by the terminal's background, which stays inside the cell. Not
    /// everywhere: xterm draws DejaVu Sans Mono's ▐ from a pixel below the
    /// cell's top, which in reverse shows a tick at every row of the bar.
    public var keepsInkInBorder = false

    /// The character a cell under an image keeps: its own, but a no-break
    /// space for a narrow one outside ASCII, whose glyph may come from a
    /// fallback font and reach out of its cell, past the image's edge
    /// (xterm draws Arabic letters a pixel or two left of their cell: a
    /// stray mark left of the line's image). Wide characters stay, as the
    /// cell after them belongs to them.
    private static func keptUnderImage(_ frame: Frame, x: Int, y: Int) -> String {
        let grapheme = frame[x, y].grapheme
        let isWide = x + 1 < frame.width && frame[x + 1, y].isContinuation
        return isWide || grapheme.unicodeScalars.allSatisfy(\.isASCII) ? grapheme : "\u{00A0}"
    }

    /// Which cells of `frame` an image covers, row by row.
    private static func imageCells(of frame: Frame) -> [Bool] {
        var cells = [Bool](repeating: false, count: frame.width * frame.height)
        for run in frame.pixelRuns {
            for y in max(0, run.y) ..< min(frame.height, run.y + run.rows) {
                for x in max(0, run.x) ..< min(frame.width, run.x + run.columns) { cells[y * frame.width + x] = true }
            }
        }
        return cells
    }

    /// Shows a frame, then, with `hyperlinks`, its links (OSC 8) over their
    /// cells, which the backend's cell grid cannot carry.
    public func draw(_ frame: Frame, hyperlinks: Bool) {
        draw(frame)
        guard hyperlinks else { return }
        let overlay = TerminalEscapes.linkOverlay(for: frame, encoder: encoder)
        if !overlay.isEmpty { backend.writeRaw(overlay) }
        // What the overlay wrote is not in the backend's idea of the screen:
        // a row it covered is drawn whole again when it changes.
        drawnOver(rows: TerminalEscapes.linkedRows(of: frame))
    }

    private static func sameRow(_ a: Frame, _ b: Frame, _ y: Int) -> Bool {
        for x in 0 ..< a.width where a[x, y] != b[x, y] { return false }
        return true
    }
}
