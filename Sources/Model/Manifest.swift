import Foundation

/// The bundled JSON schema: `{"deliveries": [Delivery, …]}`.
public struct Manifest: Sendable, Hashable, Codable {
    public var deliveries: [Delivery]

    public init(deliveries: [Delivery]) {
        self.deliveries = deliveries
    }
}
