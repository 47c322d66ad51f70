import Foundation

/// Who made a status change on the hub, and when the hub took it.
public struct HubAuthor: Sendable, Hashable {
    /// The database role it came through (`session_user`): a person or a team's role.
    public let role: String
    /// The client that sent it (a replica's identity); `import` for an import's.
    public let clientID: String
    /// When the hub applied it.
    public let at: Date

    public init(role: String, clientID: String, at: Date) {
        self.role = role
        self.clientID = clientID
        self.at = at
    }
}
