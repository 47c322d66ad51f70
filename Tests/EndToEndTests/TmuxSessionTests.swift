import Testing

@Suite struct TmuxSessionTests {
    @Test func placeholderUntilTheBinaryExists() {
        #expect(Bool(true))
    }
}
