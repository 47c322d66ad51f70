import Testing
@testable import Model

@Suite struct BlankAddressTests {
    @Test func blankLinesAreLeftOutWithTheirComma() {
        #expect(Address(line1: "   ", line2: "  ").singleLine == "")
        #expect(Address(line1: "1 Main St", line2: " ").singleLine == "1 Main St")
        #expect(Address(line1: "\t", line2: "Town").singleLine == "Town")
        #expect(Address(line1: "1 Main St", line2: "Town").singleLine == "1 Main St, Town")
    }
}
