import Testing
import Typesetting

@testable import Terminal

@Suite struct RightToLeftDetectionTests {
    @Test func terminalsWithTheirOwnBiDiGetLogicalOrder() {
        #expect(RightToLeftDetection.ordering(environment: ["MLTERM": "3.9.3"], version: nil) == .terminal)
        #expect(RightToLeftDetection.ordering(environment: ["TERM": "mlterm-256color"], version: nil) == .terminal)
        #expect(RightToLeftDetection.ordering(environment: ["VTE_VERSION": "7006"], version: nil) == .terminal)
        #expect(RightToLeftDetection.ordering(environment: [:], version: "mlterm(3.9.3)") == .terminal)
    }

    @Test func everyOtherTerminalGetsVisualOrder() {
        #expect(RightToLeftDetection.ordering(environment: [:], version: nil) == .program)
        #expect(RightToLeftDetection.ordering(environment: ["TERM": "xterm-256color"], version: "XTerm(379)") == .program)
        // VTE before 0.58 had no BiDi.
        #expect(RightToLeftDetection.ordering(environment: ["VTE_VERSION": "5202"], version: nil) == .program)
        // An xterm started from a VTE terminal inherits VTE_VERSION; its own answer wins.
        #expect(RightToLeftDetection.ordering(environment: ["VTE_VERSION": "7006"], version: "XTerm(379)") == .program)
        #expect(RightToLeftDetection.ordering(environment: ["TERM": "xterm-kitty"], version: "kitty(0.26.5)") == .program)
    }
}
