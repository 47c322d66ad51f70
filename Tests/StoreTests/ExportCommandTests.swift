import Foundation
import Model
import Testing
@testable import Store

/// `export`, `summary`, `generate` and `import` conventions as processes.
/// Runs under `make test`, which builds the binary and names it in IDELIVERMOBILE_BIN.
@Suite(.enabled(if: BuiltBinary.path != nil))
struct ExportCommandTests {
    private func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String, errors: String) {
        try BuiltBinary.run(arguments, in: folder,
                              environment: ["XDG_DATA_HOME": folder.path, "XDG_CONFIG_HOME": folder.path, "LANG": "C.UTF-8"])
    }

    private func rows(_ store: DeliveryStore) throws -> [Delivery] {
        let all = try store.deliveries()
        return (0 ..< all.count).map(all.delivery(at:))
    }

    @Test func aJSONExportReimportsToTheSameStore() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let manifest = try SampleManifest.write(SampleManifest.deliveries(count: 300), to: folder)
        #expect(try run(["import", manifest.path, "--store", "a.sqlite"], in: folder).status == 0)
        let original = try DeliveryStore(url: folder.appendingPathComponent("a.sqlite"))
        try original.setStatus(.delivered, forDeliveryID: "DLV-00002")

        let export = try run(["export", "--format", "json", "a.sqlite"], in: folder)
        #expect(export.status == 0, "\(export.errors)")
        try Data(export.output.utf8).write(to: folder.appendingPathComponent("export.json"))
        #expect(try run(["import", "export.json", "--store", "b.sqlite"], in: folder).status == 0)
        let copy = try DeliveryStore(url: folder.appendingPathComponent("b.sqlite"))
        #expect(try rows(copy) == rows(original))
        // Back into the store it came from: nothing changes.
        #expect(try run(["import", "export.json", "--store", "a.sqlite"], in: folder).status == 0)
        #expect(try rows(original) == rows(copy))
    }

    @Test func csvIsRFC4180AndFiltersLikeTheKeys() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        var deliveries = SampleManifest.deliveries(count: 60)
        // A field of each kind RFC 4180 quotes: a comma, a quote, a line end.
        let first = try #require(deliveries.firstIndex { $0.status == .pending })
        deliveries[first].name = "Smith, \"Jo\""
        deliveries[first].address.line2 = "Floor 2\r\nBack door"
        deliveries[first].items = [Item(name: "Kettle, 2 l", quantity: 3), Item(name: "Lid", quantity: 1)]
        let manifest = try SampleManifest.write(deliveries, to: folder)
        #expect(try run(["import", manifest.path, "--store", "a.sqlite"], in: folder).status == 0)
        let csv = try run(["export", "--status", "pending", "a.sqlite"], in: folder)
        #expect(csv.output.contains("\(deliveries[first].id),\"Smith, \"\"Jo\"\"\","))
        #expect(csv.status == 0)
        let records = Self.parseCSV(csv.output)
        #expect(records.first == ["id", "name", "line1", "line2", "phone", "text", "status", "window", "instructions", "items"])
        let pending = deliveries.filter { $0.status == .pending }
        #expect(records.dropFirst().map { $0[0] } == pending.map(\.id))
        #expect(records.dropFirst().map { $0[1] } == pending.map(\.name))
        #expect(records.dropFirst().map { $0[8] } == pending.map { $0.instructions ?? "" }, "quotes and newlines survive")
        // Every column, commas in addresses and the items' × included.
        let expected = pending.map { delivery in
            [delivery.id, delivery.name, delivery.address.line1, delivery.address.line2 ?? "", delivery.phone ?? "",
             delivery.text ?? "", delivery.status.rawValue, delivery.window ?? "", delivery.instructions ?? "",
             delivery.items.map { "\($0.quantity)×\($0.name)" }.joined(separator: "; ")]
        }
        #expect(Array(records.dropFirst()) == expected)
        #expect(csv.output.hasSuffix("\r\n"))
        let searched = Self.parseCSV(try run(["export", "--search", "Paris", "a.sqlite"], in: folder).output)
        #expect(searched.count > 1)
        #expect(searched.dropFirst().allSatisfy { $0[3].contains("Paris") || $0[2].contains("Paris") })
    }

    @Test func summaryCountsStatusesAndLateDeliveriesAtAGivenTime() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let deliveries = SampleManifest.deliveries(count: 40)
        let manifest = try SampleManifest.write(deliveries, to: folder)
        #expect(try run(["import", manifest.path, "--store", "a.sqlite"], in: folder).status == 0)
        let summary = try run(["summary", "--now", "2026-11-23T12:30", "a.sqlite"], in: folder)
        #expect(summary.status == 0)
        let lines = summary.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("40 deliveries in ") == true)
        #expect(lines.contains("  pending           10"))
        let late = deliveries.filter { $0.isLate(at: TimeOfDay(hour: 12, minute: 30)!) }
        #expect(lines.contains("\(late.count) late at 12:30"))
        #expect(lines.filter { $0.contains("  09:00-12:00  ") }.count == late.count)
        let json = try run(["summary", "--now", "08:00", "--format", "json", "a.sqlite"], in: folder)
        #expect(json.output.contains(#""late":[]"#))
        #expect(json.output.contains(#""counts":{"delivered":10,"failed":10,"out_for_delivery":10,"pending":10}"#))
    }

    @Test func summaryAlignsTheLateColumnsAndAFailedDeliveryIsNotLate() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let deliveries = [
            Delivery(id: "A", name: "Short", address: Address(line1: "1"), status: .pending, window: "9-12"),
            Delivery(id: "DLV-LONGER-ID", name: "佐藤 花子", address: Address(line1: "2"), status: .outForDelivery, window: "07:30-10:00"),
            Delivery(id: "F", name: "Tried", address: Address(line1: "3"), status: .failed, window: "08:00-09:00"),
            Delivery(id: "D", name: "Done", address: Address(line1: "4"), status: .delivered, window: "08:00-09:00"),
        ]
        let manifest = try SampleManifest.write(deliveries, to: folder)
        #expect(try run(["import", manifest.path, "--store", "a.sqlite"], in: folder).status == 0)
        let summary = try run(["summary", "--now", "12:30", "a.sqlite"], in: folder)
        let lines = summary.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("2 late at 12:30"), "\(lines)")
        let late = lines.drop { $0 != "2 late at 12:30" }.dropFirst()
        #expect(late == ["  A              09:00-12:00  pending           Short",
                         "  DLV-LONGER-ID  07:30-10:00  out_for_delivery  佐藤 花子"], "the window as normalised on import, aligned")
    }

    @Test func aManifestWhateverItsNameIsExportedAndSummedUpAsTheStoreImportMakesOfIt() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        var deliveries = SampleManifest.deliveries(count: 40)
        // What import normalises or keeps exactly must come out the same from memory.
        deliveries[0].window = "9-12"
        deliveries[1].name = "Esc \u{1B}[31mred, \"quoted\""
        deliveries[2].instructions = "Ring twice\r\nthen wait"
        try SampleManifest.write(deliveries, to: folder, name: "today")
        #expect(try run(["import", "today", "--store", "a.sqlite"], in: folder).status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        for (fromStore, fromManifest) in [
            (["summary", "--now", "12:30", "a.sqlite"], ["summary", "--now", "12:30", "today"]),
            (["summary", "--now", "12:30", "--format", "json", "--store", "a.sqlite"], ["summary", "--now", "12:30", "--format", "json", "--store", "today"]),
        ] {
            let store = try run(fromStore, in: folder), manifest = try run(fromManifest, in: folder)
            #expect(store.status == 0 && manifest.status == 0, "\(manifest.errors)")
            // Named by their paths; everything else is the same.
            let named = store.output.replacingOccurrences(of: folder.appendingPathComponent("a.sqlite").path,
                                                          with: folder.appendingPathComponent("today").path)
            #expect(manifest.output == named, "\(fromManifest)")
        }
        #expect(try run(["summary", "--now", "12:30", "today"], in: folder).output.contains("  DLV-00001  09:00-12:00  pending"))
        for format in ["csv", "json"] {
            let store = try run(["export", "--format", format, "a.sqlite"], in: folder)
            let manifest = try run(["export", "--format", format, "today"], in: folder)
            #expect(manifest.status == 0 && !manifest.output.isEmpty, "\(manifest.errors)")
            #expect(manifest.output == store.output, "export --format \(format)")
            #expect(try run(["export", "--format", format, "--store", "today"], in: folder).output == store.output)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before, "nothing created beside the manifest")
    }

    @Test func aManifestHasNoSearchAndABrokenOneIsNamedAtItsLineAndColumn() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        try SampleManifest.write(SampleManifest.deliveries(count: 8), to: folder, name: "today")
        for filter in [["--search", "Paris"], ["--status", "pending"]] {
            for arguments in [["export", "today"], ["export", "--format", "json", "--store", "today"]] {
                let refused = try run(arguments + filter, in: folder)
                #expect(refused.status == 64 && refused.errors.contains("--search and --status read a store"), "\(refused.errors)")
                #expect(refused.output.isEmpty)
            }
        }
        try Data("{\"deliveries\": [\n  {\"id\": \"A\", \"name\": 7}\n]}\n".utf8).write(to: folder.appendingPathComponent("broken"))
        let imported = try run(["import", "broken", "--store", "b.sqlite"], in: folder)
        #expect(imported.status == 65)
        for arguments in [["export", "broken"], ["export", "--store", "broken"], ["summary", "broken"], ["summary", "--format", "json", "broken"]] {
            let broken = try run(arguments, in: folder)
            #expect(broken.status == 65 && broken.errors.contains("broken:2:"), "\(arguments): \(broken.errors)")
            #expect(broken.errors == imported.errors, "the manifest reader's message, as import gives it")
            #expect(broken.output.isEmpty)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["broken", "today"])
    }

    @Test func aMistypedCommandIsNamedNotBrowsed() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        for (typed, meant) in [(["summry"], "summary"), (["exprot", "--format", "csv"], "export"), (["imprt", "x"], "import")] {
            let result = try run(typed, in: folder)
            #expect(result.status == 64, "\(typed)")
            #expect(result.errors.contains("'\(typed[0])' is not a command, nor a file here. Did you mean '\(meant)'?"), "\(result.errors)")
        }
        // A file of that name is browsed as it always was (here: no terminal).
        try Data().write(to: folder.appendingPathComponent("summry"))
        #expect(!(try run(["summry"], in: folder).errors.contains("Did you mean")))
    }

    @Test func generateSaysWhatItWrote() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let result = try run(["generate", "--count", "3", "--seed", "2", "--out", "g.json"], in: folder)
        #expect(result.status == 0)
        let size = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("g.json").path)[.size] as? Int
        #expect(result.output == "Wrote 3 deliveries (seed 2, \(size ?? -1) bytes) to g.json\n")
        // On standard output the manifest alone, nothing else.
        let piped = try run(["generate", "--count", "1"], in: folder)
        #expect(piped.output.hasPrefix("{\"deliveries\""))
        #expect(piped.errors.isEmpty)
    }

    @Test func importRefusesAWindowThatIsNotOneWhereItStands() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let text = "{\"deliveries\": [\n{\"id\": \"A\", \"name\": \"n\", \"address\": {\"line1\": \"a\"}, \"status\": \"pending\", \"window\": \"after lunch\"}]}"
        try Data(text.utf8).write(to: folder.appendingPathComponent("w.json"))
        let result = try run(["import", "w.json", "--store", "a.sqlite"], in: folder)
        #expect(result.status == 65)
        #expect(result.errors.hasPrefix("idelivermobile: w.json:2:84: delivery 0 (id \"A\"), field deliveries[0].window: \"after lunch\" is not a time window"),
                "\(result.errors)")
        let store = folder.appendingPathComponent("a.sqlite")
        let stored = FileManager.default.fileExists(atPath: store.path) ? try DeliveryStore(url: store).count() : 0
        #expect(stored == 0, "nothing was imported")
    }

    @Test func errorsAreSysexits() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let missing = try run(["export", "nope.sqlite"], in: folder)
        #expect(missing.status == 66)
        #expect(missing.errors.contains("nope.sqlite: no such store"))
        #expect(try run(["summary", "nope.sqlite"], in: folder).status == 66)
        #expect(try run(["export", "--format", "xml"], in: folder).status == 64)
        #expect(try run(["summary", "--now", "25:00"], in: folder).status == 64)
        let negative = try run(["generate", "--count", "-5"], in: folder)
        #expect(negative.status == 64)
        #expect(negative.errors.contains("--count must be 0 or more, not -5."))
    }

    @Test func reimportingAnUnchangedManifestSaysUnchanged() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let manifest = try SampleManifest.write(SampleManifest.deliveries(count: 5), to: folder)
        #expect(try run(["import", manifest.path, "--store", "a.sqlite"], in: folder).output.contains("(5 new, 0 updated, 0 unchanged)"))
        let again = try run(["import", manifest.path, "--store", "a.sqlite"], in: folder)
        #expect(again.status == 0)
        #expect(again.output.contains("is unchanged"))
        #expect(!again.output.contains("updated"))
    }

    @Test func versionIsPrinted() throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let version = try run(["--version"], in: folder)
        #expect(version.status == 0)
        #expect(version.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionsComeFromTheArgumentParser(shell: String) throws {
        let folder = try SampleManifest.temporaryFolder()
        defer { SampleManifest.remove(folder) }
        let script = try run(["--generate-completion-script", shell], in: folder)
        #expect(script.status == 0)
        for word in ["export", "summary", "now", "format"] {
            #expect(script.output.contains(word), "\(shell): \(word)")
        }
    }

    /// A small RFC 4180 reader, independent of the writer.
    static func parseCSV(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text)[...]
        while let c = characters.popFirst() {
            if quoted {
                if c == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    field.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                record.append(field); field = ""
            } else if c == "\r\n" || c == "\n" {
                record.append(field); field = ""
                records.append(record); record = []
            } else {
                field.append(c)
            }
        }
        return records
    }
}
