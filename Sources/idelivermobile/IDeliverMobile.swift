import ArgumentParser

@main
struct IDeliverMobile: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "idelivermobile",
        abstract: "Browse deliveries in the terminal, with Dynamic Type text sizes."
    )
}
