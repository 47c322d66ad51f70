import Model
import Testing
import Store

@Suite struct ImportProgressTests {
    @Test func theFractionDoneStaysWithinZeroAndOne() {
        #expect(ImportProgress(phase: .importing, done: 0, total: 100).fraction == 0)
        #expect(ImportProgress(phase: .importing, done: 250, total: 1000).fraction == 0.25)
        #expect(ImportProgress(phase: .indexing, done: 1200, total: 1000).fraction == 1)
        #expect(ImportProgress(phase: .indexing, done: 5, total: 0).fraction == 1, "nothing to do is all done")
    }
}
