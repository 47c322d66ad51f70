import Canvas
import Foundation
import Input
import Manifest
import Model
import Runtime
import Screens
import Store
import Synchronization
import Terminal
import TestSupport
import Typesetting

/// A browse loop on a headless terminal and a store in a temporary folder,
/// filled from the bundled deliveries (or the ones given): what a courier's
/// keys make of it is seen in the frames and escapes written, the store,
/// the text size saved and the URLs opened.
final class RuntimeFixture {
    let folder: URL
    let store: DeliveryStore

    init(deliveries: [Delivery]? = nil) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("idelivermobile-runtime-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sample = BundledSample.deliveries
        let manifest = folder.appendingPathComponent("manifest.json")
        try Data(ManifestWriter.bytes(of: deliveries ?? (0 ..< sample.count).map(sample.delivery(at:)))).write(to: manifest)
        store = try DeliveryStore(url: folder.appendingPathComponent("deliveries.sqlite"))
        try store.importManifest(at: manifest)
    }

    deinit {
        store.close()
        try? FileManager.default.removeItem(at: folder)
    }

    /// What one run of the loop left behind.
    struct Run {
        let ending: BrowseRuntime.Ending
        let terminal: HeadlessTerminal
        let state: AppState
        let savedSizes: [ContentSizeCategory]
        let opened: [String]

        var lastFrame: String { terminal.frames.last?.plainText ?? "" }
    }

    /// Runs the loop over `script` until it ends, at 12:30 (late marks do not follow the day the test runs).
    func run(_ script: [HeadlessTerminal.Step], size: Size = Size(width: 80, height: 24),
             category: ContentSizeCategory = .large) throws -> Run {
        DisplayWidth.prepareLocale()
        // As browse does: the rows change only when the screens hear that the store did.
        store.keepViewForScreens()
        let terminal = HeadlessTerminal(size: size, script: script)
        let wakeUp = terminal.wakeUp
        let writer = StatusWriter(store: store, author: .commandLine, whenDone: { wakeUp.wake() })
        let saved = Mutex<[ContentSizeCategory]>([])
        let textSize = LatestValueWriter<ContentSizeCategory>(label: "runtime-tests.text-size", whenWritten: { wakeUp.wake() }) { category in
            saved.withLock { $0.append(category) }
        }
        let opened = Mutex<[String]>([])
        let source = try BrowseRuntime.rows(for: SearchRequest(query: "", status: .all), in: store)
        terminal.start()
        let state = AppState(source: source, size: terminal.size, category: category, typesetter: Typesetter())
        var runtime = BrowseRuntime(
            state: state, terminal: terminal, store: store, writer: writer, textSize: textSize,
            clock: BrowseClock(fixed: TimeOfDay(parsingClock: "12:30")),
            opener: { url in
                opened.withLock { $0.append(url) }
                return true
            }
        )
        let ending = runtime.run()
        terminal.stop()
        writer.waitUntilIdle()
        textSize.waitUntilIdle()
        return Run(ending: ending, terminal: terminal, state: runtime.state,
                   savedSizes: saved.withLock { $0 }, opened: opened.withLock { $0 })
    }
}

extension HeadlessTerminal.Step {
    static func key(_ key: Key) -> Self { .event(.key(key)) }

    static func character(_ character: Character) -> Self { .event(.key(.character(character))) }

    /// Waits for a frame that shows `text`.
    static func shows(_ text: String) -> Self {
        .until("a frame showing \(text.debugDescription)") { $0.plainText.contains(text) }
    }

    /// Waits for a frame that no longer shows `text`.
    static func hides(_ text: String) -> Self {
        .until("a frame without \(text.debugDescription)") { !$0.plainText.contains(text) }
    }
}
