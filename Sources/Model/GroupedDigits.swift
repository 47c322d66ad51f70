/// Counts as people read them on screen: digits in threes from the right,
/// parted by a narrow no-break space (`120 354`), as ISO 80000 and SI write
/// them, the same whatever the locale (a comma or a dot would mean a decimal
/// point to half the readers). Numbers of four digits stay whole (`1234`),
/// as SI allows, so positions like `1234/52 000` read at a glance.
///
/// For the screens only: what scripts read (`summary`, `export`) keeps plain digits.
public enum GroupedDigits {
    /// The separator: U+202F NARROW NO-BREAK SPACE, one terminal column, never a line break.
    public static let separator: Character = "\u{202F}"

    public static func text(_ value: Int) -> String {
        let digits = String(value.magnitude)
        guard digits.count > 4 else { return value < 0 ? "-" + digits : digits }
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(separator) }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }
}
