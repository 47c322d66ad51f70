import Foundation

/// A delivery's time window as a manifest may write it, read into the one
/// form the program keeps: `HH:MM-HH:MM` (the store sorts windows as text,
/// and a delivery is late against the window's end).
///
/// Accepted, and normalised:
/// - `09:00-12:00`, the form kept;
/// - hours of one digit and minutes left out: `9-12`, `9:30-12` → `09:00-12:00`, `09:30-12:00`;
/// - spaces around the dash, and an en dash: `09:00 – 12:00`;
/// - `all day` in any case → `All day`: a whole day, never late;
/// - the empty string: no window.
///
/// Anything else (`after lunch`, `12-9`, `25:00-26:00`) is refused, with the reason.
public enum DeliveryWindow {
    /// The form kept for a window that covers the whole day.
    public static let allDay = "All day"

    /// `text` in the form kept, or why it is not a window.
    public static func normalized(_ text: String) -> Result<String, Problem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .success("") }
        if trimmed.lowercased() == allDay.lowercased() { return .success(allDay) }
        let halves = trimmed.split(maxSplits: 1, whereSeparator: { $0 == "-" || $0 == "–" })
        guard halves.count == 2,
              let start = time(halves[0].trimmingCharacters(in: .whitespaces)),
              let end = time(halves[1].trimmingCharacters(in: .whitespaces))
        else { return .failure(.notAWindow) }
        guard start < end else { return .failure(.endsBeforeItStarts) }
        return .success("\(start)-\(end)")
    }

    /// Where the window ends, in any form `normalized` accepts; nil for none
    /// (no window, all day, or text that is not a window).
    public static func end(of text: String) -> TimeOfDay? {
        // The form kept, read at once: every row on screen asks, and `summary` asks for every row.
        let bytes = Array(text.utf8)
        if bytes.count == 11, bytes[5] == UInt8(ascii: "-"), let start = time(bytes[0 ..< 5]), let end = time(bytes[6 ..< 11]) {
            return start < end ? end : nil
        }
        guard case .success(let window) = normalized(text), window.count == 11 else { return nil }
        return TimeOfDay(window.suffix(5))
    }

    /// `HH:MM` as five bytes.
    private static func time(_ bytes: ArraySlice<UInt8>) -> TimeOfDay? {
        let digits = bytes.map { Int($0) - Int(UInt8(ascii: "0")) }
        guard bytes[bytes.startIndex + 2] == UInt8(ascii: ":"),
              [0, 1, 3, 4].allSatisfy({ (0 ... 9).contains(digits[$0]) }) else { return nil }
        return TimeOfDay(hour: digits[0] * 10 + digits[1], minute: digits[3] * 10 + digits[4])
    }

    /// `H`, `HH`, `H:MM` or `HH:MM`, ASCII digits only.
    private static func time(_ text: String) -> TimeOfDay? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 == UInt8(ascii: ":") || (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        if !text.contains(":") {
            guard text.count <= 2, let hour = Int(text) else { return nil }
            return TimeOfDay(hour: hour, minute: 0)
        }
        return TimeOfDay(text)
    }

    /// Why a text is not a window.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        case notAWindow
        case endsBeforeItStarts

        public var description: String {
            switch self {
            case .notAWindow: "is not a time window; expected HH:MM-HH:MM (e.g. 09:00-12:00, or 9-12), or \"All day\""
            case .endsBeforeItStarts: "ends before it starts; a window is within one day, HH:MM-HH:MM with the end later"
            }
        }
    }
}
