import ArgumentParser
import Foundation
import Model

/// Loads deliveries for `render` (and `browse` without a store) from a
/// manifest, reporting bad input the sysexits way.
enum DeliveryInput {
    static func loadManifest(at url: URL) throws -> InMemoryDeliveries {
        guard FileManager.default.fileExists(atPath: url.path) else {
            Diagnostics.fail("\(url.path): no such file", ExitStatus.noInput)
        }
        do {
            let data = try Data(contentsOf: url)
            let manifest = try JSONDecoder().decode(Manifest.self, from: data)
            return InMemoryDeliveries(manifest.deliveries)
        } catch {
            Diagnostics.fail("\(url.path): \(error)", ExitStatus.dataError)
        }
    }
}
