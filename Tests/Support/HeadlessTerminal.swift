import Canvas
import Input
import Terminal

/// A terminal without a screen, for tests of the loop (`TerminalIO`): it
/// replays a script of events and records what was written to it: every
/// frame drawn, as cells, and every escape in order (links, clipboard,
/// doubled lines, scaled runs, bracketed paste), through the same
/// `ScreenPainter` as the real terminal, onto a `TestBackend`.
///
/// A script waits where the program works off the loop (a search read by a
/// worker): `.until` holds the next events back, letting the loop tick,
/// until the last frame drawn shows what it waits for. When the script has
/// run out the terminal hangs up, so a loop the script did not end still does.
public final class HeadlessTerminal: TerminalIO {
    public enum Step {
        case event(TerminalEvent)
        /// Waits until the last frame drawn satisfies the condition (named for the failure report).
        case until(String, (Frame) -> Bool)
    }

    /// How long an `.until` waits before it is given up as unmet: a bound on
    /// a broken test, never a measure of speed.
    static let patience: Duration = .seconds(20)

    private var script: [Step]
    private let painter: ScreenPainter<TestBackend>
    private let replies: ProbeReplies?
    private let hyperlinks: Bool
    /// When the `.until` at the head of the script began to wait.
    private var waitingSince: ContinuousClock.Instant?

    public let wakeUp = WakeUpPipe()
    /// Every frame drawn, in order.
    public private(set) var frames: [Frame] = []
    /// The `.until` conditions not met within the patience, by name.
    public private(set) var unmet: [String] = []
    public private(set) var isActive = false
    public private(set) var suspensions = 0
    public private(set) var hasHungUp = false

    public init(size: Size, script: [Step], probeReplies: ProbeReplies? = nil, hyperlinks: Bool = true) {
        self.script = script
        painter = ScreenPainter(backend: TestBackend(size: size))
        replies = probeReplies
        self.hyperlinks = hyperlinks
    }

    /// Keys as events, one after another.
    public static func keys(_ keys: Key...) -> [Step] { keys.map { .event(.key($0)) } }

    /// Text typed a character at a time.
    public static func typing(_ text: String) -> [Step] { text.map { .event(.key(.character($0))) } }

    /// The screen as the backend holds it: the cells written, escapes not applied.
    public var screen: Frame { painter.backend.screen }
    /// Every escape written, in order.
    public var escapes: [String] { painter.backend.raw }
    public var size: Size { painter.backend.size }

    public func probe() -> ProbeReplies? { isActive ? nil : replies }

    public func start() {
        isActive = true
        painter.takeOver()
    }

    public func stop() {
        guard isActive else { return }
        isActive = false
        painter.giveBack()
    }

    public func nextEvent(timeoutMilliseconds: Int32) -> TerminalEvent? {
        while let step = script.first {
            switch step {
            case .event(let event):
                script.removeFirst()
                if case .resized(let size) = event {
                    painter.backend.resize(to: size)
                    painter.invalidate()
                }
                if case .hungUp = event { hasHungUp = true }
                return event
            case .until(let name, let condition):
                let since = waitingSince ?? .now
                waitingSince = since
                let met = frames.last.map(condition) ?? false
                if met || ContinuousClock.now - since > Self.patience {
                    if !met { unmet.append(name) }
                    script.removeFirst()
                    waitingSince = nil
                    continue
                }
                // Nothing to hand over yet: the loop's wait, ended early by a worker's news.
                _ = wakeUp.wait(milliseconds: max(1, timeoutMilliseconds))
                return nil
            }
        }
        hasHungUp = true
        return .hungUp
    }

    public func hasPendingInput() -> Bool {
        if case .event = script.first { return true }
        return script.isEmpty
    }

    public func draw(_ frame: Frame) {
        frames.append(frame)
        painter.draw(frame, hyperlinks: hyperlinks)
    }

    public func invalidate() { painter.invalidate() }

    /// The cell size a scripted resize brings (the font zoomed), handed over once.
    public var changedCellPixels: CellPixelSize?

    public func takeChangedCellPixels() -> CellPixelSize? {
        defer { changedCellPixels = nil }
        return changedCellPixels
    }

    public func suspend() {
        suspensions += 1
        invalidate()
    }

    public func copyToClipboard(_ text: String) {
        painter.backend.writeRaw(TerminalEscapes.clipboard(text))
    }
}
