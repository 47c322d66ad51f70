/// A postal address in two lines, as the Shipment screen shows it.
public struct Address: Sendable, Hashable, Codable {
    public var line1: String
    public var line2: String?

    public init(line1: String, line2: String? = nil) {
        self.line1 = line1
        self.line2 = line2
    }

    /// Both lines joined for the one-paragraph address of a Deliveries row.
    public var singleLine: String {
        guard let line2, !line2.isEmpty else { return line1 }
        return line1 + ", " + line2
    }
}
