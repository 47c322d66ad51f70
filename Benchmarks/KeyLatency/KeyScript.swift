/// What a session does after the first frame: each step a key, what the
/// table calls it, and the pause before it (drawn from a seeded generator,
/// so idle work such as row-height refinement is under way when keys come,
/// as it is for a person).
struct KeyScript {
    struct Step {
        var label: String
        var bytes: [UInt8]
    }

    /// The keys as ncurses' keypad mode asks an xterm to send them.
    static let down: [UInt8] = [0x1B] + Array("OB".utf8)
    static let up: [UInt8] = [0x1B] + Array("OA".utf8)
    static let pageDown: [UInt8] = [0x1B] + Array("[6~".utf8)
    static let pageUp: [UInt8] = [0x1B] + Array("[5~".utf8)
    static let end: [UInt8] = [0x1B] + Array("OF".utf8)
    static let home: [UInt8] = [0x1B] + Array("OH".utf8)
    static let enter: [UInt8] = [0x0D]
    static let escape: [UInt8] = [0x1B]
    static let backspace: [UInt8] = [0x7F]

    static func character(_ c: Character) -> [UInt8] { Array(String(c).utf8) }

    /// Rows of the table, in order: the first frame, then each step's label once.
    static func labels(of steps: [Step]) -> [String] {
        steps.reduce(into: ["first frame"]) { labels, step in
            if !labels.contains(step.label) { labels.append(step.label) }
        }
    }

    /// Starting at Large: `+` twice to sizes not yet laid out, `-` twice
    /// back to sizes seen, `-` once to a new one, then moving, opening and
    /// searching.
    static let steps: [Step] = [
        Step(label: "+ (first)", bytes: character("+")),
        Step(label: "+ (second)", bytes: character("+")),
        Step(label: "- (to a size seen before)", bytes: character("-")),
        Step(label: "- (to a size seen before)", bytes: character("-")),
        Step(label: "- (new size)", bytes: character("-")),
        Step(label: "+ (back)", bytes: character("+")),
        Step(label: "↓", bytes: down), Step(label: "↓", bytes: down), Step(label: "↓", bytes: down),
        Step(label: "↑", bytes: up), Step(label: "↑", bytes: up),
        Step(label: "PgDn", bytes: pageDown), Step(label: "PgDn", bytes: pageDown), Step(label: "PgDn", bytes: pageDown),
        Step(label: "PgUp", bytes: pageUp), Step(label: "PgUp", bytes: pageUp),
        Step(label: "End", bytes: end), Step(label: "Home", bytes: home),
        Step(label: "End", bytes: end), Step(label: "Home", bytes: home),
        Step(label: "Enter (open Shipment)", bytes: enter), Step(label: "Esc (back to the list)", bytes: escape),
        Step(label: "Enter (open Shipment)", bytes: enter), Step(label: "Esc (back to the list)", bytes: escape),
        Step(label: "/ (open search)", bytes: character("/")),
        Step(label: "search keystroke (1st letter)", bytes: character("m")),
        Step(label: "search keystroke (2nd letter)", bytes: character("a")),
        Step(label: "search keystroke (3rd letter)", bytes: character("r")),
        Step(label: "search Backspace", bytes: backspace),
        Step(label: "Esc (clear search)", bytes: escape),
    ]

    /// Keys sent back to back, each as soon as the frame of the one before
    /// has settled (the silence that ends a frame is shorter than the
    /// browser's idle tick, so idle work gets no turn between keys): what
    /// start-up must have prepared off the key path. `+` twice to sizes not
    /// yet drawn, End into rows and scripts not yet seen, then `s` through
    /// every sort order, each followed at once by End and Home: End waits
    /// for the sorted rows (`s` draws its notice at once, a worker reads the
    /// rows), as a person's End would.
    static let noPauseSteps: [Step] = [
        Step(label: "+ (first)", bytes: character("+")),
        Step(label: "+ (second)", bytes: character("+")),
        Step(label: "End (rows and scripts not yet seen)", bytes: end),
        Step(label: "Home", bytes: home),
        Step(label: "- (back)", bytes: character("-")),
        Step(label: "- (back)", bytes: character("-")),
        Step(label: "↓", bytes: down), Step(label: "↓", bytes: down),
        Step(label: "PgDn", bytes: pageDown),
    ] + sortSteps(["time window", "name", "status"]) + [
        Step(label: "s (back to manifest order)", bytes: character("s")),
        Step(label: "End (manifest order again)", bytes: end),
        Step(label: "+ (after the sorts)", bytes: character("+")),
    ]

    /// `s` to each order in turn (the cycle of `DeliveryOrder.next` after
    /// manifest order), then End and Home.
    static func sortSteps(_ orders: [String]) -> [Step] {
        orders.flatMap { order in
            [
                Step(label: "s (sort by \(order))", bytes: character("s")),
                Step(label: "End (first after the sort by \(order))", bytes: end),
                Step(label: "Home (first after the sort by \(order))", bytes: home),
            ]
        }
    }
}
