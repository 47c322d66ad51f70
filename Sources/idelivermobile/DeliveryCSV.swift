import Model

/// Deliveries as RFC 4180 CSV: a header line, then one record per delivery;
/// records end in CRLF; a field holding a comma, a double quote, CR or LF is
/// put in double quotes, with its quotes doubled.
///
/// Columns: id, name, line1, line2, phone, text, status, window,
/// instructions, items. Absent values are empty; `status` is the manifest's
/// spelling (`out_for_delivery`); `items` is `QUANTITY×NAME` joined by `; `.
enum DeliveryCSV {
    static let header = ["id", "name", "line1", "line2", "phone", "text", "status", "window", "instructions", "items"]

    static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    static func record(for delivery: Delivery) -> String {
        record([
            delivery.id, delivery.name, delivery.address.line1, delivery.address.line2 ?? "",
            delivery.phone ?? "", delivery.text ?? "", delivery.status.rawValue, delivery.window ?? "",
            delivery.instructions ?? "", delivery.items.map { "\($0.quantity)×\($0.name)" }.joined(separator: "; "),
        ])
    }

    static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
