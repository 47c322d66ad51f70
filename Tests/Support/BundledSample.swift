import Foundation
import Manifest
import Model

/// The repository the tests run from, and its bundled deliveries
/// (`Data/deliveries.json`), read as `make run` reads them.
public enum BundledSample {
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let deliveries: InMemoryDeliveries = {
        let url = repositoryRoot.appendingPathComponent("Data/deliveries.json")
        do {
            return InMemoryDeliveries(try ManifestReader().read(contentsOf: url))
        } catch {
            fatalError("the bundled data must load: \(error)")
        }
    }()
}
