import Foundation
import Manifest
import Model

/// Deterministic test deliveries with mixed scripts, accents and optional fields,
/// written as a manifest file in a fresh temporary folder.
struct SampleManifest {
    static let names = ["Feng Wong", "Zoë Müller", "José García", "Дмитрий Соколов", "Ελένη Παππά",
                        "佐藤 花子", "Amara Okafor", "Chloé Dubois", "Liam Smith", "Priya Patel"]
    static let streets = ["Infinite Loop", "Market Street", "Rue de Rivoli", "Невский проспект",
                          "銀座通り", "Baker Street", "Elm Street", "銀座4丁目"]
    static let itemNames = ["iPod Touch", "Tea \"Earl Grey\"", "Back\\slash/and\ttab", "Line\nbreak\u{1}", "Café 🚚", ""]
    static let cities = ["Cupertino, CA", "Paris", "Санкт-Петербург", "東京都中央区", "London", "北京市朝阳区"]

    /// `count` deliveries; `idPrefix` keeps two samples' ids apart.
    static func deliveries(count: Int, idPrefix: String = "DLV") -> [Delivery] {
        (0..<count).map { index in
            Delivery(
                id: "\(idPrefix)-\(String(format: "%05d", index + 1))",
                name: names[index % names.count] + (index % 3 == 0 ? "" : " \(index % 97)"),
                address: Address(line1: "\(index % 500 + 1) \(streets[index % streets.count])",
                                 line2: index % 4 == 0 ? nil : cities[index % cities.count]),
                phone: index % 2 == 0 ? "+1 408 555 \(1000 + index % 9000)" : nil,
                text: index % 5 == 0 ? "+1 408 555 0100" : nil,
                status: DeliveryStatus.allCases[index % DeliveryStatus.allCases.count],
                items: (0..<(index % 3)).map { Item(name: itemNames[(index + $0) % itemNames.count], quantity: $0 + index % 4) },
                instructions: index % 7 == 0 ? "Leave at the door \"quietly\"\nthanks" : nil,
                window: index % 2 == 1 ? "09:00-12:00" : nil
            )
        }
    }

    /// `count` deliveries, every one pending, so that any other status is a change.
    static func pendingDeliveries(count: Int) -> [Delivery] {
        deliveries(count: count).map { delivery in
            var pending = delivery
            pending.status = .pending
            return pending
        }
    }

    /// Writes `deliveries` as `{"deliveries": [...]}` to `name` in `folder`.
    @discardableResult
    static func write(_ deliveries: [Delivery], to folder: URL, name: String = "manifest.json") throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(ManifestWriter.bytes(of: deliveries)).write(to: url)
        return url
    }

    /// A fresh, empty temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("idelivermobile-store-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Deletes a folder made by `temporaryFolder()`.
    static func remove(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
    }
}
