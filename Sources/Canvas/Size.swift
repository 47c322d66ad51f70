/// A size in terminal cells, columns across and rows down: a terminal's, a
/// frame's, a badge's.
public struct Size: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The largest size a parsed one may be: beyond any terminal (a screen
    /// of a million cells), and small enough to draw: a frame is some tens of
    /// bytes a cell, so `99999x99999` would ask for hundreds of gigabytes.
    public static let largestParsed = Size(width: 2000, height: 1000)

    /// Parses `80x24` (columns x rows, both above 0 and at most `largestParsed`'s).
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1 ... Self.largestParsed.width).contains(w), (1 ... Self.largestParsed.height).contains(h) else { return nil }
        self.init(width: w, height: h)
    }
}
