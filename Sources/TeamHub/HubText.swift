/// Text from the server or libpq made fit for a message: the server's own
/// messages may quote data (an id, a role name) and libpq's are laid out on
/// several lines with tabs, so control characters become spaces, runs of
/// white space one space, and the direction overrides that could reorder
/// what a person reads become U+FFFD. (The screens sanitise again for the
/// terminal; this is only what an error's words must not carry.)
enum HubText {
    static func printable(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || value == 0x7F || scalar == " " {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            let isC1 = (0x80...0x9F).contains(value)
            let reorders = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F
            out.append(isC1 || reorders ? "\u{FFFD}" : scalar)
        }
        return String(out)
    }
}
