import CLibpq

/// `LISTEN`/`NOTIFY` as a "go fetch": a status change and an import each
/// announce themselves on `HubSchema.channel`, and a listener then asks the
/// feed for what changed since its position, so a notification missed (the
/// connection was down) loses nothing.
extension HubConnection {
    /// Starts listening on this connection.
    public func listen() throws(HubError) {
        try execute("LISTEN \(HubSchema.channel)")
    }

    /// Waits up to `timeout` for a notification (or takes those already
    /// arrived); true when one came. A server that closed the connection
    /// throws `unreachable`; `cancel()` ends the wait as `cancelled`.
    public func waitForNudge(timeout: Duration) throws(HubError) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            let pg = try open()
            guard PQconsumeInput(pg) == 1 else { throw ended(HubFailure.lost(address, message: String(cString: PQerrorMessage(pg)))) }
            var nudged = false
            while let notification = PQnotifies(pg) {
                PQfreemem(notification)
                nudged = true
            }
            if nudged { return true }
            guard ContinuousClock.now < deadline else { return false }
            // Quiet is not a failure here: the connection stays.
            guard try poll(reading: true, writing: false, until: deadline, doing: "listening to") != nil else { return false }
        }
    }
}
