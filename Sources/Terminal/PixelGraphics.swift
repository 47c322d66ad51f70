import Canvas

/// How a terminal shows images, as the probe found it: the protocol, the
/// cell size in pixels, its default colours (images are painted in them,
/// as the cells around are) and, for sixel, its colour registers and
/// largest image.
public struct PixelGraphics: Sendable, Hashable {
    public var graphicsProtocol: GraphicsProtocol
    public var cell: CellPixelSize
    public var foreground: RGBColor
    public var background: RGBColor
    /// Sixel colour registers an image may use (a VT340 has 16).
    public var colorRegisters: Int
    /// The widest sixel image the terminal draws whole, in pixels (wider lines go as several).
    public var maximumWidth: Int

    public init(
        graphicsProtocol: GraphicsProtocol = .sixel, cell: CellPixelSize, foreground: RGBColor = .black, background: RGBColor = .white,
        colorRegisters: Int = 256, maximumWidth: Int = 1000
    ) {
        self.graphicsProtocol = graphicsProtocol
        self.cell = cell
        self.foreground = foreground
        self.background = background
        self.colorRegisters = max(2, colorRegisters)
        self.maximumWidth = max(cell.width, maximumWidth)
    }

    /// The 16 basic colours as xterm draws them by default, for a role that
    /// maps to one of them (the 8-colour palette).
    static let basicColors: [RGBColor] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ].map { RGBColor(red: $0.0, green: $0.1, blue: $0.2) }

    /// The ink colour of text in `style` on a terminal of `colorCount`
    /// colours: its role's palette colour, or the default foreground;
    /// dim text halfway to the background.
    func ink(for style: CellStyle, colorCount: Int) -> RGBColor {
        let index = colorCount >= 8 ? Int(ColorPalette(colorCount: colorCount).foreground(style.color)) : -1
        var ink = foreground
        if index >= 16, let rgb = ColorPalette.rgb(ofExtended: index) {
            ink = RGBColor(red: UInt8(rgb.red), green: UInt8(rgb.green), blue: UInt8(rgb.blue))
        } else if index >= 0, index < 16 {
            ink = Self.basicColors[index]
        }
        return style.dim ? background.blended(toward: ink, coverage: 128) : ink
    }
}
