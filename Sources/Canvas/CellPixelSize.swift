/// How many pixels wide and tall one terminal cell is, as the terminal
/// reports it (the tty's `TIOCGWINSZ` pixel fields divided by its cells,
/// or `ESC [ 16 t`): what text drawn as an image is measured against.
public struct CellPixelSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `9x19` (width x height, each 2…200 pixels).
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              Self.plausible.contains(w), Self.plausible.contains(h) else { return nil }
        self.init(width: w, height: h)
    }

    /// The cell of a window `pixels` big holding `cells`: the pixels each
    /// cell gets, rounded down (xterm counts its border in the pixels), or
    /// nil when the terminal reports no pixels or an implausible size.
    public init?(windowPixels pixels: (width: Int, height: Int), cells: Size) {
        guard cells.width > 0, cells.height > 0 else { return nil }
        let w = pixels.width / cells.width, h = pixels.height / cells.height
        guard Self.plausible.contains(w), Self.plausible.contains(h) else { return nil }
        self.init(width: w, height: h)
    }

    /// Cell sizes a real font gives: a 2-pixel cell or a 200-pixel one is a misreport.
    static let plausible = 2 ... 200
}
