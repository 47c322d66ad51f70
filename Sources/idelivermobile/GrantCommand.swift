import ArgumentParser
import Model
import TeamHub

/// `idelivermobile grant ROLE --store URL`: run by the hub's owner, gives a
/// courier's role exactly what a browser needs (`HubConnection.grant(to:)`).
struct GrantCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grant",
        abstract: "Let a database role browse the team's hub and change statuses, and nothing else.",
        discussion: """
            Run by the role that owns the hub (the one that imports). The role may then read the deliveries \
            and submit status changes through the hub's intake, which checks each change and logs it with \
            the role, the client and the time; it cannot change names or addresses, add or delete deliveries, \
            write the log, or touch the schema. Whatever the role could do before on the hub's tables is \
            taken back first. Make the role itself first (CREATE ROLE courier LOGIN).
            Exit codes: 0 ok, 64 usage, 65 a hub newer than this program, 67 no such role, \
            69 the server cannot be reached, 77 not the hub's owner.
            """
    )

    @Argument(help: "The database role to grant to.")
    var role: String

    @Option(help: ArgumentHelp("The team's hub: a postgresql:// URL.", valueName: "url"))
    var store: String

    func validate() throws {
        guard StoreOpener.isDatabaseURL(store) else {
            throw ValidationError("--store must be the hub's postgresql:// URL, not '\(store)'.")
        }
        guard !role.isEmpty else { throw ValidationError("the role's name is empty.") }
    }

    func run() throws {
        do {
            let address = try StoreOpener.address(store)
            let hub = try HubConnection(address, clientID: "grant", timeout: ImportCommand.connectTimeout)
            defer { hub.close() }
            try hub.grant(to: role)
            print("Granted \(role) on \(address): it may read the deliveries and change statuses through the hub's intake; nothing else.")
        } catch let error as HubError {
            Diagnostics.fail(error.message, ExitCode(error.exitCode))
        } catch {
            Diagnostics.fail("\(error)", ExitCode(ImportCommand.exitCode(for: error)))
        }
    }
}
