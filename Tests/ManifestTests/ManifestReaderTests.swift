import Foundation
import Testing
@testable import Manifest
import Model

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

    @Test func partsReadFromCheckpointsMakeUpTheWhole() throws {
        // Commas, white space and brackets inside strings as well as between deliveries.
        let deliveries = (0..<7).map { index in
            #"{"id": "D\#(index)", "name": "a, b ] } \"\#(index)\"", "address": {"line1": "東京都 \#(index)"}, "status": "pending"}"#
        }
        let text = "{\"deliveries\" : [ \n" + deliveries.joined(separator: " ,\n\t") + "\n] }"
        let data = Data(text.utf8)
        let whole = try reader.read(data, file: "m.json")
        let (count, checkpoints) = try reader.validate(data, file: "m.json", checkpointEvery: 2)
        #expect(count == 7)
        #expect(checkpoints.map(\.index) == [2, 4, 6])
        var read: [Delivery] = []
        var indexes: [Int] = []
        for start in [nil] + checkpoints {
            // The last part asks for more than is left: it ends with the array.
            try reader.forEachDelivery(in: data, file: "m.json", from: start, count: start?.index == 6 ? 5 : 2) { index, delivery in
                indexes.append(index)
                read.append(delivery)
            }
        }
        #expect(indexes == Array(0..<7))
        #expect(read == whole)
    }
}
