/// Makes untrusted text safe to draw: no control character or bidi override
/// ever reaches the terminal raw.
public enum Sanitizer {
    /// C0 controls become their Control Pictures (ESC → ␛), DEL → ␡, C1 controls
    /// and bidi overrides/isolates become U+FFFD; tabs and newlines become spaces.
    public static func sanitize(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0B, 0x0C: out.append(" ")
            case 0x00 ... 0x1F: out.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: out.append("\u{2421}")
            case 0x80 ... 0x9F: out.append("\u{FFFD}")
            case 0x202A ... 0x202E, 0x2066 ... 0x2069, 0x200E, 0x200F, 0x061C: out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
