import Foundation
import Testing
@testable import Manifest
import Model
import SeededRandom

@Suite struct ManifestReaderTests {
    private let reader = ManifestReader()

    private func read(_ text: String, file: String = "m.json") throws(ManifestError) -> [Delivery] {
        try reader.read(Data(text.utf8), file: file)
    }

    private func failure(_ text: String) -> ManifestError? {
        failure(Data(text.utf8))
    }

    private func failure(_ data: Data, reader: ManifestReader = ManifestReader()) -> ManifestError? {
        do {
            _ = try reader.read(data, file: "m.json")
            return nil
        } catch {
            return error
        }
    }

    private static let good = """
        {"deliveries": [
          {"id": "A", "name": "Feng Wong", "address": {"line1": "1 Infinite Loop", "line2": "Cupertino"},
           "phone": "+1 408", "text": null, "status": "out_for_delivery",
           "items": [{"name": "iPod Touch", "quantity": 2}], "instructions": "Ring twice", "window": "09:00-12:00"},
          {"id": "B", "name": "Zo\\u00EB \\"Z\\" \\uD83D\\uDE9A", "address": {"line1": "東京都"}, "status": "pending", "items": []}
        ], "version": {"ignored": [1, 2.5e3, true, false, null]}}
        """

    @Test func readsEveryFieldOfTheSchema() throws {
        #expect(try read(Self.good) == [
            Delivery(
                id: "A", name: "Feng Wong", address: Address(line1: "1 Infinite Loop", line2: "Cupertino"),
                phone: "+1 408", text: nil, status: .outForDelivery, items: [Item(name: "iPod Touch", quantity: 2)],
                instructions: "Ring twice", window: "09:00-12:00"),
            Delivery(id: "B", name: "Zoë \"Z\" 🚚", address: Address(line1: "東京都"), status: .pending, items: []),
        ])
    }

    @Test func fieldNamesWithEscapesOrOtherScriptsAreMatchedOrSkipped() throws {
        let deliveries = try read("""
            {"deliveries": [{"\\u0069d": "A", "n\\u0061me": "Ann", "address": {"line1": "x"}, "status": "pending",
              "имя": "skipped", "a very long unknown field name": [{"id": "not this one"}], "other": 1}]}
            """)
        #expect(deliveries == [Delivery(id: "A", name: "Ann", address: Address(line1: "x"))])
    }

    @Test func syntaxErrorsNameTheLineAndColumn() {
        let text = "{\"deliveries\": [\n  {\"id\": \"A\",\n   \"name\" \"Feng\"}\n]}"
        let error = failure(text)
        #expect(error?.kind == .syntax)
        #expect(error?.line == 3)
        #expect(error?.column == 11)
        #expect(error?.exitCode == 65)
        #expect(error?.description == "m.json:3:11: expected ':' after the field name, found '\"'")
    }

    @Test func columnsCountCharactersNotBytes() {
        let error = failure("{\"deliveries\": [{\"name\": \"Фенг\" x")
        #expect(error?.line == 1)
        #expect(error?.column == 33)
    }

    @Test(arguments: [
        ("{\"deliveries\": [", "expected a delivery, found the end of the file"),
        ("{\"deliveries\": [{\"id\": \"A\",}]}", "found '}' (trailing comma)"),
        ("{\"deliveries\": [{\"id\": \"A\tB\"}]}", "control character U+0009 in a string must be escaped"),
        ("{\"deliveries\": [{\"id\": tru}]}", "invalid literal; expected true"),
        ("{\"deliveries\": [{\"id\": 01}]}", "expected ',' or '}' after a field, found '1'"),
        ("{\"deliveries\": []} []", "after the manifest's closing '}'"),
        ("{\"deliveries\": [{\"id\": \"\\q\"}]}", "invalid escape '\\q' in a string"),
    ])
    func malformedJSONIsASyntaxError(text: String, message: String) {
        let error = failure(text)
        #expect(error?.kind == .syntax)
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func wrongTypesNameTheDeliveryIdAndField() {
        let error = failure("""
            {"deliveries": [
              {"id": "A", "name": "Ann", "address": {"line1": "x"}, "status": "pending", "items": []},
              {"name": 42, "id": "B", "address": {"line1": "x"}, "status": "pending", "items": []}
            ]}
            """)
        #expect(error?.kind == .schema)
        #expect(error?.deliveryIndex == 1)
        #expect(error?.deliveryID == "B")
        #expect(error?.field == "deliveries[1].name")
        #expect(error?.description == "m.json:3:12: delivery 1 (id \"B\"), field deliveries[1].name: must be a string, found a number")
    }

    @Test(arguments: [
        ("\"address\": \"1 Main St\"", "deliveries[0].address", "must be an object"),
        ("\"address\": {\"line2\": \"x\"}", "deliveries[0].address.line1", "missing"),
        ("\"address\": {\"line1\": \"x\"}, \"items\": [{\"name\": \"Tea\", \"quantity\": 1.5}]",
         "deliveries[0].items[0].quantity", "must be a whole number, found 1.5"),
        ("\"address\": {\"line1\": \"x\"}, \"items\": [{\"name\": \"Tea\", \"quantity\": -1}]",
         "deliveries[0].items[0].quantity", "must not be negative"),
        ("\"address\": {\"line1\": \"x\"}, \"items\": {\"name\": \"Tea\"}", "deliveries[0].items", "must be an array"),
        ("\"address\": {\"line1\": \"x\"}, \"phone\": 5551234", "deliveries[0].phone", "must be a string, found a number"),
    ])
    func schemaErrorsNameTheField(fields: String, field: String, reason: String) {
        let error = failure("{\"deliveries\": [{\"id\": \"A\", \"name\": \"Ann\", \"status\": \"pending\", \(fields)}]}")
        #expect(error?.kind == .schema)
        #expect(error?.field == field)
        #expect(error?.deliveryID == "A")
        #expect(error?.reason.contains(reason) == true, "\(String(describing: error))")
    }

    @Test func windowsAreReadIntoOneFormOrRefusedWhereTheyStand() throws {
        func manifest(_ window: String) -> String {
            "{\"deliveries\": [\n  {\"id\": \"W\", \"name\": \"n\", \"address\": {\"line1\": \"a\"}, \"status\": \"pending\", \"window\": \"\(window)\"}]}"
        }
        for (written, kept) in [("09:00-12:00", "09:00-12:00"), ("9-12", "09:00-12:00"), ("9:30 – 12", "09:30-12:00"),
                                ("all day", "All day"), ("", "")] {
            #expect(try read(manifest(written)).first?.window == kept, "\(written)")
        }
        for bad in ["after lunch", "12-9", "25:00-26:00", "9:5-10", "09:00"] {
            let error = failure(manifest(bad))
            #expect(error?.kind == .schema, "\(bad)")
            #expect(error?.description.hasPrefix("m.json:2:86: delivery 0 (id \"W\"), field deliveries[0].window: \"\(bad)\"") == true,
                    "\(error?.description ?? "accepted: \(bad)")")
        }
        #expect(failure(manifest("12-9"))?.description.contains("ends before it starts") == true)
    }

    @Test func missingIdOrNameIsReported() {
        let noID = failure("{\"deliveries\": [{\"name\": \"Ann\", \"address\": {\"line1\": \"x\"}, \"status\": \"pending\"}]}")
        #expect(noID?.field == "deliveries[0].id")
        #expect(noID?.reason == "missing")
        #expect(noID?.deliveryIndex == 0)
        let noName = failure("{\"deliveries\": [{\"id\": \"Z\", \"address\": {\"line1\": \"x\"}, \"status\": \"pending\"}]}")
        #expect(noName?.description == "m.json:1:17: delivery 0 (id \"Z\"), field deliveries[0].name: missing")
        let emptyID = failure("{\"deliveries\": [{\"id\": \"\", \"name\": \"A\", \"address\": {\"line1\": \"x\"}, \"status\": \"pending\"}]}")
        #expect(emptyID?.reason == "is empty")
    }

    @Test func unknownStatusListsTheKnownOnes() {
        let error = failure("{\"deliveries\": [{\"id\": \"A\", \"name\": \"Ann\", \"address\": {\"line1\": \"x\"}, \"status\": \"shipped\"}]}")
        #expect(error?.field == "deliveries[0].status")
        #expect(error?.reason == "unknown status \"shipped\"; expected one of pending, out_for_delivery, delivered, failed")
    }

    @Test func duplicateIdsNameBothDeliveries() {
        let delivery = "{\"id\": \"DLV-1\", \"name\": \"A\", \"address\": {\"line1\": \"x\"}, \"status\": \"pending\"}"
        let other = "{\"id\": \"DLV-2\", \"name\": \"A\", \"address\": {\"line1\": \"x\"}, \"status\": \"pending\"}"
        let error = failure("{\"deliveries\": [\(delivery),\n\(other),\n\(delivery)]}")
        #expect(error?.kind == .duplicateID)
        #expect(error?.deliveryIndex == 2)
        #expect(error?.deliveryID == "DLV-1")
        #expect(error?.line == 3)
        #expect(error?.description.contains("duplicate id; delivery 0 has the same id") == true)
    }

    @Test func invalidUTF8IsReportedWhereItIs() {
        var bytes = Array("{\"deliveries\": [{\"id\": \"A\", \"name\": \"Fe".utf8)
        bytes += [0xFF]
        bytes += Array("ng\", \"address\": {\"line1\": \"x\"}, \"status\": \"pending\"}]}".utf8)
        let error = failure(Data(bytes))
        #expect(error?.kind == .invalidUTF8)
        #expect(error?.field == "deliveries[0].name")
        #expect(error?.deliveryID == "A")
        #expect(error?.column == 40)
        #expect(error?.reason == "invalid UTF-8 byte 0xFF in a string")
    }

    @Test(arguments: [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] as [[UInt8]])
    func overlongSurrogateAndTruncatedSequencesAreInvalid(sequence: [UInt8]) {
        var bytes = Array("{\"deliveries\": [{\"id\": \"A\", \"name\": \"".utf8)
        bytes += sequence
        bytes += Array("\", \"address\": {\"line1\": \"x\"}, \"status\": \"pending\"}]}".utf8)
        #expect(failure(Data(bytes))?.kind == .invalidUTF8)
    }

    @Test func anUnpairedSurrogateEscapeIsInvalid() {
        let error = failure("{\"deliveries\": [{\"id\": \"A\", \"name\": \"\\uD83D!\", \"address\": {\"line1\": \"x\"}, \"status\": \"pending\"}]}")
        #expect(error?.kind == .invalidUTF8)
        #expect(error?.reason == "\\uD83D is an unpaired surrogate")
    }

    @Test func aNULIsKeptUnlessTheReaderRefusesItWhereItStands() throws {
        let text = """
            {"deliveries": [{"id": "A", "name": "Ann", "address": {"line1": "x"}, "status": "pending"},
            {"id": "B", "name": "Bo", "address": {"line1": "1 Main\\u0000St"}, "status": "pending",
             "items": [{"name": "a\\u0000b"}]}]}
            """
        let kept = try ManifestReader().read(Data(text.utf8), file: "m.json")
        #expect(kept[1].address.line1 == "1 Main\u{0}St" && kept[1].items.first?.name == "a\u{0}b")

        // The first NUL is the one named, by its line and column, the delivery and the field.
        let refused = failure(Data(text.utf8), reader: ManifestReader(refusesNUL: true))
        #expect(refused?.kind == .unstorable)
        #expect(refused?.line == 2 && refused?.column == 55)
        #expect(refused?.deliveryIndex == 1 && refused?.deliveryID == "B")
        #expect(refused?.field == "deliveries[1].address.line1")
        #expect(refused?.exitCode == 65)
        #expect(refused?.description.contains("\\u0000 (NUL)") == true)
        // Checking alone (the pass that names a failed import's problem) finds the same.
        do {
            _ = try ManifestReader(refusesNUL: true).validate(Data(text.utf8), file: "m.json")
            Issue.record("a NUL passed the check")
        } catch {
            #expect(error == refused)
        }
        // An item's name is kept as JSON, where a NUL is an escape like any other.
        let inItems = #"{"deliveries": [{"id": "A", "name": "Ann", "address": {"line1": "x"}, "status": "pending", "items": [{"name": "a\u0000b"}]}]}"#
        #expect(try ManifestReader(refusesNUL: true).read(Data(inItems.utf8), file: "m.json")[0].items[0].name == "a\u{0}b")
        // An id may not hold one in any store: two ids alike up to a NUL would be one delivery.
        let ids = #"{"deliveries": [{"id": "H\u00002", "name": "Two", "address": {"line1": "x"}, "status": "pending"}]}"#
        let inID = failure(Data(ids.utf8))
        #expect(inID?.kind == .unstorable && inID?.field == "deliveries[0].id" && inID?.column == 26)
        #expect(inID?.reason.contains("cannot be part of an id") == true)
        // Other escapes, and a NUL's neighbours, stay as they are.
        let near = #"{"deliveries": [{"id": "A", "name": "\u0001\u00A0\t", "address": {"line1": "x"}, "status": "pending"}]}"#
        #expect(try ManifestReader(refusesNUL: true).read(Data(near.utf8), file: "m.json")[0].name == "\u{1}\u{A0}\t")
    }

    @Test func anIdInAMessageShowsItsControlsAndBidiControlsAsEscapes() {
        // A message goes to a terminal: an id's ESC or right-to-left override must not act on it.
        let text = #"{"deliveries": [{"id": "A\u001b[2J\u202Eevil", "name": "Ann", "address": {"line1": "x"}, "status": "lost"}]}"#
        let error = failure(text)
        #expect(error?.deliveryID == "A\u{1B}[2J\u{202E}evil")
        #expect(error?.description.contains(#"(id "A\u{1b}[2J\u{202e}evil")"#) == true, "\(String(describing: error))")
        #expect(error?.description.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E } == false)
    }

    @Test func aFieldOverOneMegabyteIsRefused() {
        func manifest(textBytes: Int) -> Data {
            Data(("{\"deliveries\": [{\"id\": \"A\", \"name\": \"Ann\", \"address\": {\"line1\": \"x\"}, \"status\": \"pending\", \"text\": \""
                  + String(repeating: "a", count: textBytes) + "\"}]}").utf8)
        }
        let limit = ManifestReader.defaultMaximumFieldBytes
        #expect(limit == 1_048_576)
        let error = failure(manifest(textBytes: limit + 1))
        #expect(error?.kind == .fieldTooLarge)
        #expect(error?.field == "deliveries[0].text")
        #expect(error?.deliveryID == "A")
        #expect(error?.reason == "the string is 1048577 bytes long; the limit is 1048576 bytes (1 MB)")
        #expect(failure(manifest(textBytes: limit)) == nil)
    }

    @Test(arguments: ["", "  \n\t "])
    func anEmptyFileIsRefused(text: String) {
        let error = failure(text)
        #expect(error?.kind == .empty)
        #expect(error?.description == "m.json: the file is empty; expected {\"deliveries\": [...]}")
        #expect(error?.exitCode == 65)
    }

    @Test func theTopLevelMustBeAnObjectWithDeliveries() {
        #expect(failure("[]")?.description == "m.json:1:1: the manifest must be an object {\"deliveries\": [...]}, found an array")
        #expect(failure("{\"orders\": []}")?.description == "m.json: field deliveries: missing; expected {\"deliveries\": [...]}")
        #expect(failure("{\"deliveries\": {}}")?.reason == "must be an array of deliveries, found an object")
    }

    @Test func aMissingFileExitsWith66() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).json")
        do {
            _ = try ManifestReader().read(contentsOf: url)
            Issue.record("read a missing file")
        } catch {
            #expect(error.kind == .fileNotFound)
            #expect(error.exitCode == 66)
            #expect(error.description == url.path + ": no such file")
        }
    }

    @Test func forEachDeliveryVisitsInOrderAndStopsOnTheBodysError() throws {
        struct Stop: Error {}
        var seen: [String] = []
        #expect(throws: Stop.self) {
            try reader.forEachDelivery(in: Data(Self.good.utf8), file: "m.json") { index, delivery in
                seen.append("\(index):\(delivery.id)")
                if index == 0 { throw Stop() }
            }
        }
        #expect(seen == ["0:A"])
        #expect(try reader.validate(Data(Self.good.utf8), file: "m.json") == 2)
    }

    /// Each delivery's end offset, as the parser from the start finds them.
    private func ends(_ data: Data) throws -> [Int] {
        var ends: [Int] = []
        try reader.forEachDelivery(in: data, file: "m.json", from: nil) { _, _, offset in ends.append(offset) }
        return ends
    }

    /// Reads `data` in two parts cut at `checkpoint`, as an import's two threads do, checking that the first ends there.
    private func readInTwo(_ data: Data, at checkpoint: ManifestCheckpoint) throws -> [Delivery] {
        struct Stop: Error {}
        var read: [Delivery] = []
        do {
            try reader.forEachDelivery(in: data, file: "m.json", from: nil) { index, delivery, offset in
                read.append(delivery)
                if index == checkpoint.index - 1 {
                    #expect(offset == checkpoint.offset)
                    throw Stop()
                }
            }
        } catch is Stop {}
        let count = try reader.forEachDelivery(in: data, file: "m.json", from: checkpoint) { index, delivery, _ in
            #expect(index == read.count)
            read.append(delivery)
        }
        #expect(count == read.count - checkpoint.index)
        return read
    }

    /// Commas, white space, brackets, braces, colons and escaped quotes
    /// inside strings as well as between deliveries, and fields around the
    /// deliveries whose values hold brackets and a nested "deliveries".
    private static let tricky: String = {
        let deliveries = (0..<7).map { index in
            #"{"id": "D\#(index)", "name": "a, b ] } \"\#(index)\" \\", "address": {"line1": "東京都 \#(index) {[:"}, "#
                + #""status": "pending", "x": [{"deliveries": [1, {"a": "]"}]}]}"#
        }
        return "\u{FEFF}{\"notes\": [\"deliveries\", {\"deliveries\": []}], \"v\": \"deliveries\" ,\"deliveries\" : [ \n"
            + deliveries.joined(separator: " ,\n\t") + "\n] , \"after\": [\"]\"] }\n"
    }()

    @Test func theCutFallsJustPastTheFirstDeliveryEndingAtOrAfterTheOffsetAsked() throws {
        let data = Data(Self.tricky.utf8)
        let ends = try ends(data)
        let whole = try reader.read(data, file: "m.json")
        #expect(ends.count == 7)
        for target in 0 ... data.count {
            let checkpoint = reader.checkpoint(in: data, atOrAfter: target)
            // The first delivery ending at or after the target; none past the array's end.
            let index = ends.firstIndex { $0 >= target }
            #expect(checkpoint == index.map { ManifestCheckpoint(index: $0 + 1, offset: ends[$0]) }, "target \(target)")
            if let checkpoint { #expect(try readInTwo(data, at: checkpoint) == whole) }
        }
    }

    @Test(arguments: 0 ..< 6 as Range<UInt64>)
    func randomManifestsCutAnywhereReadAsTheWhole(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let pieces = ["a", " ", ",", ":", "[", "]", "{", "}", "\\\"", "\\\\", "\\n", "\\u0022", "é", "東", "👩‍👩‍👧", "deliveries", "\\/"]
        func text() -> String {
            (0 ..< Int.random(in: 0 ... 8, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
        }
        func space() -> String { ["", " ", "\n", "\t ", "\r\n"].randomElement(using: &random) ?? "" }
        let deliveries = (0 ..< Int.random(in: 1 ... 40, using: &random)).map { index in
            "{\(space())\"id\":\(space())\"\(index)-\(text())\",\"name\": \"n\(text())\", \"address\": {\"line1\": \"l\(text())\"}"
                + ", \"status\": \"pending\", \"other\": [\"\(text())\", {\"k\": \"\(text())\"}]\(space())}"
        }
        let manifest = "{\(space())\"before\": {\"deliveries\": \"\(text())\"},\(space())\"deliveries\":\(space())[\(space())"
            + deliveries.joined(separator: space() + "," + space()) + "],\"after\": \"\(text())\"}\(space())"
        let data = Data(manifest.utf8)
        let whole = try reader.read(data, file: "m.json")
        let ends = try ends(data)
        for _ in 0 ..< 20 {
            let target = Int.random(in: 0 ... data.count, using: &random)
            let index = ends.firstIndex { $0 >= target }
            let checkpoint = reader.checkpoint(in: data, atOrAfter: target)
            #expect(checkpoint == index.map { ManifestCheckpoint(index: $0 + 1, offset: ends[$0]) }, "seed \(seed), target \(target)")
            if let checkpoint { #expect(try readInTwo(data, at: checkpoint) == whole, "seed \(seed), target \(target)") }
        }
    }

    @Test func noCutIsOfferedWhereTheScanCannotTellTheDeliveriesApart() {
        // A top-level name with escapes might spell "deliveries"; not an object; deliveries not an array; an empty array.
        for text in [#"{"deliv\u0065ries": [{"id": "A"}, {"id": "B"}]}"#, #"[{"id": "A"}, {"id": "B"}]"#,
                     #"{"deliveries": {"id": "A"}, "x": [{"id": "B"}]}"#, #"{"deliveries": [], "x": [{"a": 1}, {"b": 2}]}"#] {
            #expect(reader.checkpoint(in: Data(text.utf8), atOrAfter: 0) == nil, "\(text)")
        }
    }

    @Test func theRestIsCheckedToTheEndOfTheManifest() throws {
        let deliveries = #"{"deliveries": [{"id": "A", "name": "N", "address": {"line1": "L"}, "status": "pending"}, "#
            + #"{"id": "B", "name": "N", "address": {"line1": "L"}, "status": "pending"}]"#
        let checkpoint = try #require(reader.checkpoint(in: Data((deliveries + "}").utf8), atOrAfter: 0))
        #expect(checkpoint.index == 1)
        #expect(try reader.forEachDelivery(in: Data((deliveries + #", "x": [1]}"#).utf8), file: "m.json", from: checkpoint) { _, _, _ in } == 1)
        for (tail, problem) in [(#", "deliveries": []}"#, "appears twice"), ("} x", "after the manifest's closing"),
                                ("", "unexpected end of file"), (#", "x": [1}"#, "expected ',' or ']'")] {
            do {
                try reader.forEachDelivery(in: Data((deliveries + tail).utf8), file: "m.json", from: checkpoint) { _, _, _ in }
                Issue.record("accepted \(tail)")
            } catch let error as ManifestError {
                #expect(error.description.contains(problem), "\(tail): \(error)")
            }
        }
    }
}
