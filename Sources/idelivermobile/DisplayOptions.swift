import ArgumentParser
import RowLayout
import Typesetting

/// Options shared by `browse` and `render`: how text is drawn and rows sized.
struct DisplayOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Text size: xSmall, Small, Medium, Large, xLarge, xxLarge, xxxLarge, AX1 … AX5.", valueName: "name"))
    var textSize: String?

    @Option(name: .long, help: ArgumentHelp("How big text is drawn: automatic, braille, blocks or native.", valueName: "mode"))
    var glyphs: GlyphMode = .automatic

    @Option(name: .long, help: ArgumentHelp("Font for big glyphs: a file path or a fontconfig family (default DejaVu Sans Mono).", valueName: "font"))
    var font: String?

    @Option(name: .long, help: ArgumentHelp("Row-height strategy: fixed, exact or estimated.", valueName: "strategy"))
    var rowHeights: RowHeightStrategy = .estimated

    func validate() throws {
        if let textSize, ContentSizeCategory(name: textSize) == nil {
            let names = ContentSizeCategory.allCases.map(\.name).joined(separator: ", ")
            throw ValidationError("Unknown text size '\(textSize)'. Use one of: \(names).")
        }
    }

    /// The `--text-size` choice, if given.
    var category: ContentSizeCategory? { textSize.flatMap(ContentSizeCategory.init(name:)) }

    var typesetter: Typesetter { Typesetter(glyphs: glyphs, font: font.map(FontChoice.init(argument:)) ?? .automatic) }
}

extension GlyphMode: ExpressibleByArgument {}
extension RowHeightStrategy: ExpressibleByArgument {}
