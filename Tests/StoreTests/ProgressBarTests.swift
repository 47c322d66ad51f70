import Testing
@testable import Store

@Suite struct ProgressBarTests {
    @Test func theBarFillsWithTheFractionDone() {
        #expect(ProgressBar.line(for: ImportProgress(phase: .checking, done: 0, total: 100), width: 10)
                == "Checking [----------] 0%")
        #expect(ProgressBar.line(for: ImportProgress(phase: .writing, done: 250, total: 1000), width: 10)
                == "Writing  [##--------] 25% 250/1000 deliveries")
        #expect(ProgressBar.line(for: ImportProgress(phase: .indexing, done: 500, total: 1000), width: 10)
                == "Indexing [#####-----] 50%")
        #expect(ProgressBar.line(for: ImportProgress(phase: .finishing, done: 0, total: 1), width: 10)
                == "Saving…")
        #expect(ImportProgress(phase: .writing, done: 5, total: 0).fraction == 1)
    }
}
