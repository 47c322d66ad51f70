import Canvas
import Model
import Screens
import TestSupport
import Testing
import Typesetting

@testable import Terminal

/// `--glyphs pixels` through the terminal seam: sixel bytes that decode to
/// the text at Apple's ratios, images sent only when their line changes,
/// erased when it goes, and what the probe must find to choose them.
@Suite struct PixelOutputTests {
    static let cell = CellPixelSize(width: 9, height: 19)
    static let graphics = PixelGraphics(cell: cell, colorRegisters: 1024, maximumWidth: 1000)
    static let deliveries = BundledSample.deliveries

    static func state(category: ContentSizeCategory, size: Size = Size(width: 100, height: 30)) -> AppState {
        DisplayWidth.prepareLocale()
        var typesetter = Typesetter(glyphs: .pixels)
        typesetter.cellPixels = cell
        return AppState(source: deliveries, size: size, category: category, typesetter: typesetter)
    }

    static func bytes(_ frame: Frame) -> [UInt8] {
        Array(AnsiEncoder(graphics: graphics).frame(frame).utf8)
    }

    @Test func theSixelEncoderRoundTrips() throws {
        let palette = (0 ..< 16).map { RGBColor(red: UInt8($0 * 17), green: UInt8(255 - $0 * 17), blue: 40) }
        let width = 37, height = 23
        let indices = (0 ..< width * height).map { UInt8(($0 * 7 / 5 + $0 / width) % 16) }
        let bytes = SixelEncoder.encode(indices: indices, width: width, height: height, palette: palette)
        let image = try #require(SixelImage.all(in: bytes).first)
        #expect(image.width == width && image.height == height)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let expected = palette[Int(indices[y * width + x])]
                let got = try #require(image[x, y])
                // Colours go through percent: within one percent.
                #expect(abs(Int(got[0]) - Int(expected.red)) <= 3 && abs(Int(got[1]) - Int(expected.green)) <= 3)
            }
        }
    }

    /// The name's image at the top of the list, decoded from `render --ansi`'s bytes.
    static func nameImage(at category: ContentSizeCategory) -> SixelImage? {
        let frame = state(category: category).render()
        let run = frame.pixelRuns.first { $0.y == 1 && $0.line.graphemes.map(\.text).joined() == "Feng Wong" }
        return run.flatMap { run in SixelImage.all(in: bytes(frame)).first { $0.row == run.y && $0.column == run.x } }
    }

    @Test func theNamesCapHeightDecodedFromTheFrameFollowsApplesRatios() throws {
        let native = try #require(PixelRaster.shared.nativeCapHeight(font: .automatic, cell: Self.cell))
        var previous = 0.0
        for category in ContentSizeCategory.allCases {
            let apple = Double(ApplePointSizes.points(of: .headline, at: category)) / 17
            guard category != .large else {
                #expect(Self.nameImage(at: category) == nil, "Large's name is native text")
                previous = 1
                continue
            }
            let image = try #require(Self.nameImage(at: category), "\(category.name)")
            let ratio = image.firstGlyphInkHeight() / native
            #expect(abs(ratio - apple) / apple <= 0.05, "\(category.name): \(image.firstGlyphInkHeight()) px, \(ratio) vs \(apple)")
            #expect(ratio > previous, "\(category.name) is bigger than the size below")
            previous = ratio
        }
    }

    /// The first row's badge symbol as an image, and the name's run beside it.
    static func badgeAndName(at category: ContentSizeCategory) -> (badge: PixelRun?, name: PixelRun?, frame: Frame) {
        let frame = state(category: category).render()
        let symbols = Set(["○", "▸", "✓", "✗"])
        let badge = frame.pixelRuns.first { $0.y >= 1 && $0.line.graphemes.count == 1 && symbols.contains($0.line.graphemes[0].text) }
        let name = frame.pixelRuns.first { $0.y == 1 && $0.line.graphemes.map(\.text).joined() == "Feng Wong" }
        return (badge, name, frame)
    }

    @Test func theBadgesSymbolIsDrawnAtTheNamesSize() throws {
        // Large: the name is native text, and so is the one-cell symbol.
        #expect(Self.badgeAndName(at: .large).badge == nil)
        for category in [ContentSizeCategory.xSmall, .medium, .xxLarge, .accessibility3, .accessibility5] {
            let (badge, name, frame) = Self.badgeAndName(at: category)
            let symbol = try #require(badge, "\(category.name): a badge image")
            let text = try #require(name, "\(category.name): the name's image")
            #expect(symbol.line.face == text.line.face, "\(category.name): Headline's face, as the name")
            #expect(symbol.x < text.x, "\(category.name): left of the name")
            let style = frame[symbol.x, symbol.y].style
            let image = try #require(SixelImage.all(in: Self.bytes(frame)).first { $0.column == symbol.x && $0.row == symbol.y })
            let corner = try #require(image[0, 0])
            if category == .xSmall {
                // A one-row badge: the symbol in its colour on the background, like text.
                #expect(!style.reverse && corner == [255, 255, 255], "\(category.name): \(corner)")
            } else {
                // Cut out of its tile: the image's paper is the tile's colour, its ink the background.
                #expect(style.reverse && corner != [255, 255, 255], "\(category.name): \(corner)")
                let ink = (0 ..< image.height).flatMap { y in (0 ..< image.width).compactMap { image[$0, y] } }
                #expect(ink.contains([255, 255, 255]), "\(category.name): the symbol in the background colour")
            }
        }
    }

    @Test func underAnImageNoNarrowCharacterOutsideASCIIIsWritten() {
        DisplayWidth.prepareLocale()
        var typesetter = Typesetter(glyphs: .pixels)
        typesetter.cellPixels = Self.cell
        let source = InMemoryDeliveries([
            Delivery(id: "A1", name: "فاطمة الزهراء", address: Address(line1: "شارع الملك فيصل 45"), status: .pending),
            Delivery(id: "J1", name: "佐藤 花子", address: Address(line1: "Feng Wong"), status: .pending),
        ])
        let state = AppState(source: source, size: Size(width: 60, height: 16), category: .accessibility1, typesetter: typesetter)
        let frame = state.render()
        let (_, backend) = Self.painted(state)
        let under = backend.written.filter { cell in frame.pixelRuns.contains { $0.covers(x: cell.x, y: cell.y) } }
        #expect(!under.isEmpty)
        // Arabic letters, which xterm draws reaching out of their cells, become no-break spaces.
        #expect(!under.contains { $0.cell.grapheme.unicodeScalars.contains { $0.properties.generalCategory == .otherLetter && $0.value >= 0x600 && $0.value < 0x700 } })
        #expect(under.contains { $0.cell.grapheme == "佐" }, "a wide character stays")
        #expect(under.contains { $0.cell.grapheme == "F" }, "ASCII stays")
    }

    @Test func aFullScreenAtAX3FitsTheByteBudget() {
        let frame = Self.state(category: .accessibility3).render()
        #expect(!frame.pixelRuns.isEmpty)
        let out = AnsiEncoder(graphics: Self.graphics).scaling(frame)
        #expect(out.utf8.count <= 200_000, "\(out.utf8.count) bytes")
    }

    static func painted(_ state: AppState) -> (ScreenPainter<TestBackend>, TestBackend) {
        let backend = TestBackend(size: state.size)
        let painter = ScreenPainter(backend: backend, encoder: AnsiEncoder(graphics: graphics))
        painter.draw(state.render())
        return (painter, backend)
    }

    static func sentImages(_ backend: TestBackend) -> [SixelImage] {
        SixelImage.all(in: Array(backend.raw.joined().utf8))
    }

    @Test func movingTheSelectionSendsNoImageAgain() {
        var state = Self.state(category: .accessibility1)
        // Late deliveries too: their mark is drawn beside the window, in the selection's style.
        _ = state.update(.clock(TimeOfDay(hour: 12, minute: 30)))
        let (painter, backend) = Self.painted(state)
        let shown = state.render()
        #expect(!Self.sentImages(backend).isEmpty)
        backend.resetLog()
        _ = state.update(.key(.down))
        let next = state.render()
        painter.draw(next)
        #expect(Self.sentImages(backend).isEmpty, "the selection is cells around the images")
        #expect(!backend.raw.joined().contains("X"), "nothing erased: \(backend.raw.joined().debugDescription)")
        #expect(next.pixelRuns == shown.pixelRuns)
        #expect(!backend.written.isEmpty)
    }

    @Test func anImageThatGoesAwayIsErasedAndItsRowsDrawnAgain() throws {
        var state = Self.state(category: .accessibility1)
        let (painter, backend) = Self.painted(state)
        let before = state.render()
        backend.resetLog()
        _ = state.update(.key(.character("?")))
        let help = state.render()
        painter.draw(help)
        let gone = before.pixelRuns.filter { run in !help.pixelRuns.contains(run) }
        #expect(!gone.isEmpty)
        let raw = backend.raw.joined()
        for run in gone {
            #expect(raw.contains(AnsiEncoder.moveTo(x: run.x, y: run.y) + "\u{1B}[\(run.columns)X"), "erased at \(run.x),\(run.y)")
            #expect(backend.invalidated.contains { $0.contains(run.y) })
        }
        // Closing the help sends them again.
        backend.resetLog()
        _ = state.update(.key(.escape))
        painter.draw(state.render())
        #expect(Self.sentImages(backend).count >= gone.count)
    }

    @Test func scrollingSendsOnlyTheLinesThatMoved() {
        var state = Self.state(category: .accessibility3)
        let (painter, backend) = Self.painted(state)
        let first = state.render()
        backend.resetLog()
        _ = state.update(.key(.pageDown))
        let next = state.render()
        painter.draw(next)
        let new = next.pixelRuns.filter { !first.pixelRuns.contains($0) }
        #expect(Self.sentImages(backend).count == new.map { ($0.columns * 9 + 999) / 1000 }.reduce(0, +))
    }

    @Test func theProbeFindsSixelOnlyWithACellSize() {
        let esc = "\u{1B}"
        let vt340 = ProbeReplies(parsing: Array(
            "\(esc)[24;1R\(esc)[24;1R\(esc)[24;1R\(esc)P>|XTerm(379)\(esc)\\\(esc)[?63;1;2;4;6;9;15;16;22;28c\(esc)[?1;0;1024S\(esc)[?2;0;900;570S\(esc)]10;rgb:0000/0000/0000\(esc)\\\(esc)]11;rgb:ffff/ffff/ffff\(esc)\\\(esc)[0n".utf8))
        #expect(vt340.drawsSixel && vt340.isComplete)
        #expect(vt340.colorRegisters == 1024 && vt340.sixelGeometry == Size(width: 900, height: 570))
        #expect(vt340.background == .white && vt340.foreground == .black)
        #expect(GlyphDetection.choose(environment: [:], replies: vt340, windowCell: Self.cell) == .pixels)
        #expect(GlyphDetection.choose(environment: [:], replies: vt340, windowCell: nil) == .doubled, "no cell size, no pixels")
        #expect(GlyphDetection.choose(environment: ["TMUX": "x"], replies: vt340, windowCell: Self.cell) == .automatic)
        let graphics = GlyphDetection.graphics(replies: vt340, windowCell: Self.cell)
        #expect(graphics?.graphicsProtocol == .sixel && graphics?.maximumWidth == 900 && graphics?.colorRegisters == 1024)
        // Plain xterm: no 4 in its attributes.
        let plain = ProbeReplies(parsing: Array("\(esc)P>|XTerm(379)\(esc)\\\(esc)[?64;1;2;6;9;15;16;17;18;21;22;28c\(esc)[0n".utf8))
        #expect(GlyphDetection.choose(environment: [:], replies: plain, windowCell: Self.cell) == .doubled)
        // A cell size from ESC [ 16 t, or from the window's pixels.
        let answered = ProbeReplies(parsing: Array("\(esc)[?62;4c\(esc)[6;20;10t\(esc)[0n".utf8))
        #expect(answered.cellPixels == CellPixelSize(width: 10, height: 20))
        #expect(GlyphDetection.choose(environment: [:], replies: answered) == .pixels)
        let window = ProbeReplies(parsing: Array("\(esc)[?62;4c\(esc)[4;570;900t\(esc)[0n".utf8))
        #expect(GlyphDetection.graphics(replies: window, windowCell: nil, cells: Size(width: 100, height: 30))?.cell == Self.cell)
    }

    /// The ladder's order: OSC 66 (real text) before images, images before
    /// doubled lines; the status bar names how images are sent.
    @Test func scaledTextComesBeforeImagesAndTheLabelNamesTheProtocol() {
        let esc = "\u{1B}"
        let both = ProbeReplies(parsing: Array("\(esc)[24;1R\(esc)[24;3R\(esc)[24;5R\(esc)_Gi=31;OK\(esc)\\\(esc)[?62;4c\(esc)[0n".utf8))
        #expect(GlyphDetection.choose(environment: [:], replies: both, windowCell: Self.cell) == .scaled)
        let vt340 = ProbeReplies(parsing: Array("\(esc)P>|XTerm(379)\(esc)\\\(esc)[?63;1;2;4;6;9c\(esc)[0n".utf8))
        #expect(GlyphDetection.label(for: .pixels, environment: [:], replies: vt340, graphics: .sixel) == "pixels (sixel, xterm)")
        #expect(GlyphDetection.label(for: .doubled, environment: [:], replies: vt340, graphics: .sixel) == "doubled (xterm)")
        #expect(GlyphDetection.label(for: .pixels, environment: [:], replies: nil, graphics: .kitty) == "pixels (kitty)")
    }

    /// A link shown as an image (Shipment's address and phone) is not written
    /// again over it: the overlay's text would show across the image.
    @Test func noLinkIsWrittenOverAnImage() throws {
        var state = Self.state(category: .accessibility1)
        _ = state.update(.key(.enter))
        let frame = state.render()
        let linked = (0 ..< frame.height).flatMap { y in (0 ..< frame.width).map { (x: $0, y: y) } }
            .filter { frame[$0.x, $0.y].style.link != nil }
        try #require(!linked.isEmpty, "Shipment has links")
        #expect(linked.contains { cell in frame.pixelRuns.contains { $0.covers(x: cell.x, y: cell.y) } }, "some shown as images")
        let overlay = TerminalEscapes.linkOverlay(for: frame)
        for run in frame.pixelRuns {
            for y in run.y ..< run.y + run.rows {
                #expect(!overlay.contains("\u{1B}[\(y + 1);\(run.x + 1)H"), "no link written at an image (row \(y))")
            }
        }
        // The image underlines the link itself: more ink than the same line unlinked.
        let address = try #require(frame.pixelRuns.first { frame[$0.x, $0.y].style.link != nil })
        var unlinked = frame
        unlinked.restyle(x: address.x, y: address.y, width: address.columns, height: 1) { $0.link = nil }
        let ink = { (frame: Frame) -> Int in
            let image = SixelImage.all(in: Array(AnsiEncoder(graphics: Self.graphics).pixelRun(address, in: frame).utf8)).first
            return image.map { image in (0 ..< image.height).reduce(0) { sum, y in sum + (0 ..< image.width).reduce(0) { $0 + image.darkness(x: $1, y: y) } } } ?? 0
        }
        #expect(ink(frame) > ink(unlinked))
    }

    @Test func kittysGraphicsReplyMeansKittyImages() {
        let esc = "\u{1B}"
        let kitty = ProbeReplies(parsing: Array("\(esc)[24;1R\(esc)[24;1R\(esc)[24;1R\(esc)_Gi=31;OK\(esc)\\\(esc)[?62;c\(esc)[0n".utf8))
        #expect(kitty.kittyGraphics)
        let graphics = GlyphDetection.graphics(replies: kitty, windowCell: Self.cell)
        #expect(graphics?.graphicsProtocol == .kitty)
        let frame = Self.state(category: .accessibility2).render()
        let out = AnsiEncoder(graphics: graphics).scaling(frame)
        #expect(out.contains("\u{1B}_Ga=T,f=24,"))
        #expect(!out.contains("\u{1B}P"))
        for run in frame.pixelRuns {
            let erase = AnsiEncoder(graphics: graphics).erasing(run)
            #expect(erase == "\u{1B}_Ga=d,d=I,i=\(PixelRunEncoder.placement(of: run)),p=1,q=2\u{1B}\\")
        }
    }
}
