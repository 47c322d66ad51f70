import Testing
@testable import Model

@Suite struct DeliveryWindowTests {
    @Test func theLenientFormsAreNormalised() {
        let cases: [(String, String)] = [
            ("09:00-12:00", "09:00-12:00"), ("9-12", "09:00-12:00"), ("9:30-12", "09:30-12:00"), (" 08:00 - 10:30 ", "08:00-10:30"),
            ("7–9", "07:00-09:00"), ("ALL DAY", "All day"), ("", ""), ("0-23:59", "00:00-23:59"),
        ]
        for (text, kept) in cases {
            #expect(DeliveryWindow.normalized(text) == .success(kept), "\(text)")
        }
    }

    @Test func anythingElseIsRefusedWithItsReason() {
        for text in ["after lunch", "9", "9-", "-12", "9-12-15", "24-25", "9:60-10", "１２-１３", "9.30-12", "12:00-09:00", "10-10"] {
            #expect(throws: DeliveryWindow.Problem.self, "\(text)") { try DeliveryWindow.normalized(text).get() }
        }
        #expect(DeliveryWindow.normalized("12-9") == .failure(.endsBeforeItStarts))
        #expect(DeliveryWindow.normalized("noon") == .failure(.notAWindow))
    }

    @Test func theEndIsReadInEveryFormAccepted() {
        #expect(DeliveryWindow.end(of: "09:00-12:00") == TimeOfDay(hour: 12, minute: 0))
        #expect(DeliveryWindow.end(of: "9-12:30") == TimeOfDay(hour: 12, minute: 30))
        #expect(DeliveryWindow.end(of: "All day") == nil)
        #expect(DeliveryWindow.end(of: "12:00-09:00") == nil)
        #expect(DeliveryWindow.end(of: "12:00x09:00") == nil)
    }

    @Test func largeNumbersAreGroupedInThrees() {
        let thin = "\u{202F}"
        #expect(GroupedDigits.text(0) == "0")
        #expect(GroupedDigits.text(9999) == "9999")
        #expect(GroupedDigits.text(12345) == "12\(thin)345")
        #expect(GroupedDigits.text(120354) == "120\(thin)354")
        #expect(GroupedDigits.text(1_000_000) == "1\(thin)000\(thin)000")
        #expect(GroupedDigits.text(-12345) == "-12\(thin)345")
    }
}
