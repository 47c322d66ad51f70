/// A postal address in two lines, as the Shipment screen shows it.
public struct Address: Sendable, Hashable {
    public var line1: String
    public var line2: String?

    public init(line1: String, line2: String? = nil) {
        self.line1 = line1
        self.line2 = line2
    }

    /// Both lines joined for the one-paragraph address of a Deliveries row;
    /// a line of nothing but white space is left out, with its comma.
    public var singleLine: String {
        [line1, line2 ?? ""].filter { !$0.allSatisfy(\.isWhitespace) }.joined(separator: ", ")
    }
}
