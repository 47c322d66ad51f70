extension Sanitizer {
    /// Text of several lines for a person (a message, a report): each line
    /// as `sanitize` shows it, the line breaks kept.
    public static func sanitizeLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { sanitize(String($0)) }.joined(separator: "\n")
    }

    /// Text for a copy (the clipboard): what the screens would show as a
    /// control picture or U+FFFD (C0 and C1 controls, ESC, DEL, bidi
    /// overrides, isolates and marks) is removed rather than shown, line
    /// breaks and tabs become spaces; everything else is kept as it is.
    public static func forCopy(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x2028, 0x2029: out.append(" ")
            case 0x00 ... 0x1F, 0x7F ... 0x9F, 0x202A ... 0x202E, 0x2066 ... 0x2069, 0x200E, 0x200F, 0x061C: break
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// A URL for a terminal's hyperlink (OSC 8): every byte outside
    /// printable ASCII percent-encoded, so none can end the sequence early.
    public static func linkTarget(_ url: String) -> String {
        var out = ""
        for byte in url.utf8 {
            if byte > 0x20 && byte < 0x7F {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
