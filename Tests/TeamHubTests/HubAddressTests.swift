import Testing
@testable import TeamHub

/// Addresses read as libpq reads them; what it refuses is a usage error naming the problem.
@Suite struct HubAddressTests {
    @Test func aBrokenPercentEscapeIsAUsageError() {
        #expect {
            try HubAddress(parsing: "postgresql://pgt@/te%ZZam?host=/tmp")
        } throws: { error in
            let error = error as? HubError
            return error?.kind == .badAddress && error?.exitCode == 64 && error?.message.contains("percent") == true
        }
    }
}
