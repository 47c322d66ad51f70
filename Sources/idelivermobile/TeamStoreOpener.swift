import ArgumentParser
import Foundation
import Model
import Store
import TeamHub
import TeamSync
import Terminal

/// A team database (`postgresql://…`) as the commands use it: its local
/// replica (`ReplicaSetup`), never the server directly. Browse copies the
/// hub on its first start (a progress bar on standard error) and leaves the
/// catching up to its sync engine; `export`, `summary` and `render` catch
/// the replica up first when the hub answers, and say so when it does not.
enum TeamStoreOpener {
    struct Opened {
        let store: DeliveryStore
        let address: HubAddress
        /// Why the hub did not answer, when it did not: the replica shows the last synced state.
        let offline: String?
    }

    /// The address in `text`, read as libpq reads it; a usage error (64) naming the problem otherwise.
    private static func address(_ text: String) -> HubAddress {
        do throws(StoreError) {
            return try StoreOpener.address(text)
        } catch {
            Diagnostics.fail(error.reason, ExitCode(error.exitCode))
        }
    }

    /// The replica of `text` for a browser whose changes are `clientID`'s.
    static func openForBrowsing(_ text: String, replica: String?, clientID: String) -> Opened {
        let address = address(text)
        let bar = ProgressBar.standardError()
        defer { bar?.finish() }
        return open(address, replica: replica, clientID: clientID, catchUp: false, bar: bar)
    }

    /// The replica of `text`, caught up first when the hub answers, for a
    /// command that reads it; when the hub does not answer, a line on
    /// standard error says that what follows is the last synced state.
    static func openForReading(_ text: String, replica: String?) -> DeliveryStore {
        let address = address(text)
        // A first copy of a big hub takes a while: the same bar as browse's, on standard error when it is a terminal.
        let bar = ProgressBar.standardError()
        let opened = open(address, replica: replica, clientID: ChangeAuthor.commandLine.clientID, catchUp: true, bar: bar)
        bar?.finish()
        if let offline = opened.offline {
            Diagnostics.warn("\(address.redacted) does not answer (\(offline)): showing the replica's last synced state")
        }
        return opened.store
    }

    private static func open(_ address: HubAddress, replica: String?, clientID: String, catchUp: Bool, bar: ProgressBar?) -> Opened {
        let url = ReplicaLocation.url(for: address, explicit: replica)
        do {
            let opened = try ReplicaSetup.open(
                address, replica: url, clientID: clientID, timeout: SyncEngine.callTimeout, catchUp: catchUp,
                progress: { step in bar.map { show(step, on: $0) } })
            return Opened(store: opened.store, address: address, offline: opened.offline)
        } catch let error as HubError {
            Diagnostics.fail(error.message, ExitCode(error.exitCode))
        } catch let error as StoreError {
            Diagnostics.fail(error.description, ExitCode(error.exitCode))
        } catch {
            Diagnostics.fail("\(url.path): \(error)", ExitCode(ExitStatus.ioError.rawValue))
        }
    }

    /// `Copying [#####------] 45% 450000 deliveries`, then `Indexing`, then `Copied.`
    private static func show(_ step: SnapshotProgress, on bar: ProgressBar) {
        switch step {
        case .fetching(let done, let total):
            bar.show(ProgressBar.line("Copying", fraction: total > 0 ? Double(done) / Double(total) : 1, detail: "\(done) deliveries"),
                     promptly: done == 0 || done >= total)
        case .importing(let fraction):
            bar.show(ProgressBar.line("Indexing", fraction: fraction), promptly: fraction >= 1)
        case .finished:
            bar.show("Copied.", promptly: true)
        }
    }
}
