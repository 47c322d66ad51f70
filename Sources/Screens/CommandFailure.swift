/// Why a command failed, in words fit for the status bar.
public struct CommandFailure: Error, Sendable, Hashable {
    public var reason: String

    public init(reason: String) { self.reason = reason }
}
