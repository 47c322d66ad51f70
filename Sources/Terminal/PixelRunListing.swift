import Canvas
import Foundation

/// A frame's images of text (`Frame.pixelRuns`) as JSON, for tools that
/// look at what a terminal draws: `render --pixel-runs` prints it, and
/// `make pixels` cuts its screenshots by it (each script run of a line read
/// with its own OCR model). Per run: the cell where its shown part starts,
/// that part (`visible`, in the image's own cells), the image's size in
/// cells, the cell and the face's advance in pixels, its text in visual
/// order and each grapheme's span of pixel columns in the image
/// (`PixelLine.graphemeSpans`, the spans the raster draws in).
///
/// JSON escapes control characters, so no byte of a name reaches a
/// terminal raw from here.
public struct PixelRunListing: Encodable, Sendable, Equatable {
    /// Cells of an image: from (`x`, `y`), `width` × `height`.
    public struct Cells: Encodable, Sendable, Equatable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
    }

    /// A terminal cell in pixels.
    public struct CellSize: Encodable, Sendable, Equatable {
        public var width: Int
        public var height: Int
    }

    /// One character of the line (a grapheme) and where the image draws it.
    public struct Glyph: Encodable, Sendable, Equatable {
        public var text: String
        /// Native columns it takes (a wide character two).
        public var columns: Int
        /// Its pixel columns in the image, `left ..< right`.
        public var left: Int
        public var right: Int
    }

    /// One image of text: where it is on the frame and what it holds.
    public struct Run: Encodable, Sendable, Equatable {
        /// The frame cell where the shown part's top-left is drawn.
        public var x: Int
        public var y: Int
        /// The part of the image shown, in the image's cells.
        public var visible: Cells
        /// The whole image in cells.
        public var columns: Int
        public var rows: Int
        /// A cell in pixels.
        public var cell: CellSize
        /// Pixels one native column advances in the image's face.
        public var advance: Double
        /// The line's characters in visual order (right-to-left text reordered).
        public var text: String
        public var graphemes: [Glyph]
    }

    public var runs: [Run]

    public init(_ frame: Frame) {
        runs = frame.pixelRuns.map { run in
            let line = run.line, cell = line.face.cell
            return Run(
                x: run.x, y: run.y,
                visible: Cells(x: run.visible.x, y: run.visible.y, width: run.visible.width, height: run.visible.height),
                columns: line.columns, rows: line.rows, cell: CellSize(width: cell.width, height: cell.height),
                advance: Double(line.face.advance64) / 64, text: line.graphemes.map(\.text).joined(),
                graphemes: line.graphemeSpans.map {
                    Glyph(text: $0.grapheme.text, columns: $0.grapheme.columns, left: $0.pixels.lowerBound, right: $0.pixels.upperBound)
                }
            )
        }
    }

    /// The listing as one line of JSON, keys sorted.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Ints, Doubles and Strings only: encoding cannot fail.
        guard let data = try? encoder.encode(self) else { return "{\"runs\":[]}" }
        return String(decoding: data, as: UTF8.self)
    }
}
