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
    static var labels: [String] {
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
}
