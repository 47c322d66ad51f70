import ArgumentParser
import Canvas
import Foundation
import RowLayout
import Typesetting

/// Options shared by `browse` and `render`: how text is drawn and rows sized.
struct DisplayOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Text size: xSmall, Small, Medium, Large, xLarge, xxLarge, xxxLarge, AX1 … AX5.", valueName: "name"))
    var textSize: String?

    @Option(name: .long, help: ArgumentHelp(
        "How big text is drawn: automatic (browse asks the terminal), mosaic, braille, blocks, native, doubled (DEC double-size lines), scaled (kitty's OSC 66) or pixels (images: sixel or kitty graphics). Default: $IDELIVERMOBILE_GLYPHS, else automatic.",
        valueName: "mode"
    ))
    var glyphs: GlyphMode?

    @Option(name: .long, help: ArgumentHelp("Font for big glyphs: a file path or a fontconfig family (default DejaVu Sans Mono).", valueName: "font"))
    var font: String?

    @Option(name: .long, help: ArgumentHelp(
        "The terminal's cell in pixels, for --glyphs pixels: browse asks the terminal when it is not given; render takes 9x19 (xterm's DejaVu Sans Mono 11).",
        valueName: "WxH"
    ))
    var cellSize: String?

    @Option(name: .long, help: ArgumentHelp("Row-height strategy: fixed, exact or estimated.", valueName: "strategy"))
    var rowHeights: RowHeightStrategy = .estimated

    func validate() throws {
        _ = try chosenGlyphs(environment: ProcessInfo.processInfo.environment)
        _ = try chosenRightToLeft(environment: ProcessInfo.processInfo.environment)
        if let cellSize, CellPixelSize(parsing: cellSize) == nil {
            throw ValidationError("--cell-size must look like 9x19 (pixels across and down, each 2 to 200), not '\(cellSize)'.")
        }
        if let textSize, ContentSizeCategory(name: textSize) == nil {
            let names = ContentSizeCategory.allCases.map(\.name).joined(separator: ", ")
            throw ValidationError("Unknown text size '\(textSize)'. Use one of: \(names).")
        }
    }

    /// The `--text-size` choice, if given.
    var category: ContentSizeCategory? { textSize.flatMap(ContentSizeCategory.init(name:)) }

    /// The environment variable that chooses the glyph mode like `--glyphs`.
    static let glyphsVariable = "IDELIVERMOBILE_GLYPHS"

    /// `--glyphs`, else `$IDELIVERMOBILE_GLYPHS`, else nil (automatic).
    func chosenGlyphs(environment: [String: String]) throws -> GlyphMode? {
        if let glyphs { return glyphs }
        guard let value = environment[Self.glyphsVariable], !value.isEmpty else { return nil }
        guard let mode = GlyphMode(rawValue: value.lowercased()) else {
            let names = GlyphMode.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("\(Self.glyphsVariable)='\(value)' is not a glyph mode. Use one of: \(names).")
        }
        return mode
    }

    /// The variable that says who orders right-to-left text: `program` or
    /// `terminal` (`RightToLeftOrdering`); browse otherwise asks the terminal.
    static let rightToLeftVariable = "IDELIVERMOBILE_BIDI"

    /// `$IDELIVERMOBILE_BIDI`, else nil (detected; the program's in `render`).
    func chosenRightToLeft(environment: [String: String]) throws -> RightToLeftOrdering? {
        guard let value = environment[Self.rightToLeftVariable], !value.isEmpty else { return nil }
        guard let ordering = RightToLeftOrdering(rawValue: value.lowercased()) else {
            let names = RightToLeftOrdering.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("\(Self.rightToLeftVariable)='\(value)' is not who orders right-to-left text. Use one of: \(names).")
        }
        return ordering
    }

    /// The `--cell-size` given, if any.
    var cellPixels: CellPixelSize? { cellSize.flatMap(CellPixelSize.init(parsing:)) }

    /// The cell `render` draws images for: `--cell-size`, else xterm's with DejaVu Sans Mono 11.
    static let renderedCell = CellPixelSize(width: 9, height: 19)

    /// The typesetter for `glyphs` (the chosen mode, or what detection found).
    func typesetter(glyphs: GlyphMode, cellPixels: CellPixelSize? = nil) -> Typesetter {
        var typesetter = Typesetter(glyphs: glyphs, font: font.map(FontChoice.init(argument:)) ?? .automatic)
        typesetter.cellPixels = cellPixels
        if let ordering = (try? chosenRightToLeft(environment: ProcessInfo.processInfo.environment)).flatMap({ $0 }) {
            typesetter.rightToLeft = ordering
        }
        return typesetter
    }

    /// The typesetter `render` draws with: `--glyphs` or the environment,
    /// mosaics when neither says; images for `--cell-size` (default 9x19).
    var typesetter: Typesetter {
        let glyphs = (try? chosenGlyphs(environment: ProcessInfo.processInfo.environment)).flatMap { $0 } ?? .automatic
        return typesetter(glyphs: glyphs, cellPixels: glyphs == .pixels ? cellPixels ?? Self.renderedCell : nil)
    }
}

extension GlyphMode: ExpressibleByArgument {}
extension RowHeightStrategy: ExpressibleByArgument {}
