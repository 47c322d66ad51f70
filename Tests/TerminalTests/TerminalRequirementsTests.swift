import Testing
@testable import Terminal

@Suite struct TerminalRequirementsTests {
    @Test func termMustBeSetKnownAndAbleToMoveTheCursor() {
        #expect(TerminalRequirements.check(environment: [:])?.description.contains("TERM is not set") == true)
        #expect(TerminalRequirements.check(environment: ["TERM": "no-such-terminal"])?.description.contains("not a terminal type") == true)
        #expect(TerminalRequirements.check(environment: ["TERM": "dumb"])?.description.contains("cannot move the cursor") == true)
        #expect(TerminalRequirements.check(environment: ["TERM": "xterm-256color"]) == nil)
    }

    @Test func noColorFollowsNoColorOrg() {
        #expect(TerminalRequirements.wantsColor(environment: [:]))
        #expect(TerminalRequirements.wantsColor(environment: ["NO_COLOR": ""]), "an empty NO_COLOR is ignored")
        #expect(!TerminalRequirements.wantsColor(environment: ["NO_COLOR": "1"]))
    }
}
