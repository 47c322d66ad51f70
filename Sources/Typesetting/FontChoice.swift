/// Which font big glyphs are rasterised from.
///
/// Any font works, but a monospace one keeps every character the same width,
/// which is what lets wrapping measure big text from advances alone.
public enum FontChoice: Sendable, Hashable {
    /// DejaVu Sans Mono (Bold for bold styles), or fontconfig's nearest monospace.
    case automatic
    /// A fontconfig family name, e.g. "Liberation Mono"; bold styles ask for its bold face.
    case family(String)
    /// A font file, used for every weight.
    case path(String)

    /// Parses a `--font` argument: a path if it contains a slash, else a family.
    public init(argument: String) {
        if argument.isEmpty || argument.lowercased() == "automatic" {
            self = .automatic
        } else if argument.contains("/") {
            self = .path(argument)
        } else {
            self = .family(argument)
        }
    }

    /// The fontconfig pattern to ask for, or nil for a path.
    func pattern(bold: Bool) -> String? {
        switch self {
        case .automatic: bold ? "DejaVu Sans Mono,monospace:bold" : "DejaVu Sans Mono,monospace"
        case let .family(name): bold ? "\(name):bold" : name
        case .path: nil
        }
    }
}
