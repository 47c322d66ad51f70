import Model

/// The `/` search field of the Deliveries screen and the status filter beside it.
public struct SearchField: Sendable, Hashable {
    public var query: String = ""
    /// True while keys type into the field.
    public var isEditing: Bool = false
    public var status: StatusFilter = .all

    public init() {}
}
