import Testing
import Terminal

@Suite struct ProgressBarTests {
    @Test func theBarFillsWithTheFractionDone() {
        #expect(ProgressBar.line("Checking", fraction: 0, width: 10) == "Checking [----------] 0%")
        #expect(ProgressBar.line("Writing ", fraction: 0.25, detail: "250/1000 deliveries", width: 10)
                == "Writing  [##--------] 25% 250/1000 deliveries")
        #expect(ProgressBar.line("Indexing", fraction: 0.5, width: 10) == "Indexing [#####-----] 50%")
        #expect(ProgressBar.line("Indexing", fraction: 1.7, width: 10) == "Indexing [##########] 100%", "never past full")
        #expect(ProgressBar.line("Checking", fraction: 0.999) == "Checking [#############################-] 99%")
    }
}
