/// How many deliveries of a list have each status: the title bar's overview
/// and `idelivermobile summary`.
public struct StatusCounts: Sendable, Hashable {
    public var pending = 0
    public var outForDelivery = 0
    public var delivered = 0
    public var failed = 0

    public init() {}

    public init(_ counts: [DeliveryStatus: Int]) {
        for (status, count) in counts { self[status] = count }
    }

    /// Counts `deliveries` one by one: for a list in memory. A store counts with SQL instead.
    public init(counting deliveries: some Sequence<Delivery>) {
        for delivery in deliveries { self[delivery.status] += 1 }
    }

    public subscript(status: DeliveryStatus) -> Int {
        get {
            switch status {
            case .pending: pending
            case .outForDelivery: outForDelivery
            case .delivered: delivered
            case .failed: failed
            }
        }
        set {
            switch status {
            case .pending: pending = newValue
            case .outForDelivery: outForDelivery = newValue
            case .delivered: delivered = newValue
            case .failed: failed = newValue
            }
        }
    }

    public var total: Int { pending + outForDelivery + delivered + failed }

    /// The short word for a status in an overview ("out" for out for delivery).
    public static func word(for status: DeliveryStatus) -> String {
        switch status {
        case .pending: "pending"
        case .outForDelivery: "out"
        case .delivered: "delivered"
        case .failed: "failed"
        }
    }

    /// "pending 12 · out 5 · delivered 30 · failed 2" (large counts grouped: `GroupedDigits`).
    public var overview: String {
        DeliveryStatus.allCases.map { "\(Self.word(for: $0)) \(GroupedDigits.text(self[$0]))" }.joined(separator: " · ")
    }
}
