import Canvas

/// Shows frames on a `TerminalBackend`, writing only the cells that changed
/// since the last frame.
///
/// Cells the terminal draws itself (doubled lines, OSC 66 runs) never go
/// through the backend's cell grid: they are written raw after each flush,
/// and where such a row or run goes away its rows are reset (`ESC # 5`) and
/// redrawn whole, so nothing of it remains.
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
        guard let previous, hasDoubledLines else { return }
        var out = ""
        for y in 0 ..< previous.height where previous.lineAttributes[y] != .normal {
            out += AnsiEncoder.moveTo(x: 0, y: y) + LineAttribute.normal.escapeSequence
        }
        if !out.isEmpty { backend.writeRaw(out) }
    }

    public func draw(_ frame: Frame) {
        let old = previous.flatMap { $0.width == frame.width && $0.height == frame.height ? $0 : nil }
        var redrawn = [Bool](repeating: old == nil, count: frame.height)
        var before = ""
        hasDoubledLines = hasDoubledLines || frame.lineAttributes.contains { $0 != .normal }
        if old == nil {
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
        }
        if !before.isEmpty { backend.writeRaw(before) }
        for y in 0 ..< frame.height where redrawn[y] && old != nil { backend.invalidateRows(y ..< y + 1) }

        var touched = redrawn
        for y in 0 ..< frame.height {
            for x in 0 ..< frame.width {
                let cell = frame[x, y]
                if cell.isContinuation || frame.isCovered(x: x, y: y) { continue }
                if !redrawn[y], let old, old[x, y] == cell, !old.isCovered(x: x, y: y) { continue }
                backend.put(frame.written(x: x, y: y), x: x, y: y)
                touched[y] = true
            }
        }
        backend.setCursor(frame.cursor, visible: frame.cursor != nil && !frame.hidesCursor)
        backend.flush()
        let after = scaling(of: frame, old: old, touched: touched)
        if !after.isEmpty { backend.writeRaw(after) }
        previous = frame
        overwritten = []
    }

    /// The doubled lines and runs to (re)write: new or changed ones, and any
    /// on a row the flush may have written to.
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
