/// Links for a delivery's contact details: a `tel:` URL for a phone number
/// and a map search for an address. Only ASCII letters and digits pass
/// through unencoded, so no input can put a control character or a quote
/// into a URL that reaches the terminal.
public enum ContactLinks {
    /// `tel:+14155550134` for "+1 (415) 555-0134": digits, and a leading plus. Nil without digits.
    public static func telephone(_ phone: String) -> String? {
        let trimmed = phone.drop { $0 == " " }
        let digits = trimmed.filter { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        return "tel:" + (trimmed.first == "+" ? "+" : "") + digits
    }

    /// An OpenStreetMap search for the address (any browser opens it).
    public static func map(_ address: Address) -> String {
        "https://www.openstreetmap.org/search?query=" + percentEncoded(address.line1 + (address.line2.map { ", " + $0 } ?? ""))
    }

    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return out
    }
}
