/// The terminal's size in cells.
public struct TerminalSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `80x24`.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else { return nil }
        self.init(width: w, height: h)
    }

    /// Smaller than this and no screen can show anything useful.
    public static let minimum = TerminalSize(width: 20, height: 6)

    public var isTooSmall: Bool { width < Self.minimum.width || height < Self.minimum.height }
}
