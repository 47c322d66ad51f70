import BenchTerminal
import Canvas
import BenchCommandLine
import Foundation
import Manifest
import Model
import PseudoTerminal
import Screens
import Terminal
import Typesetting
#if canImport(Glibc)
import Glibc
#endif

// `make bench`'s part for `--glyphs pixels` (issue 36's budget: at 100×30
// with a 9×19 cell, a full screen of big text at AX3 encoded in ≤ 10 ms and
// ≤ 200 KB; a key that only moves the selection sends no image).
//
// 1. In process: the AX3 frame of the bundled deliveries, its images
//    rasterised and encoded as sixel from empty caches (the cold cost a
//    `+` pays), and again from warm ones.
// 2. The release binary on a pseudo-terminal that answers like
//    `xterm -ti vt340` (sixel in its device attributes, the cell size in the
//    tty's pixel fields): bytes and images of the first frame, of `j` (the
//    selection, down and back up) and of `+`, each timed from the key to the frame's last byte.
//
//   PixelLatency --binary PATH --data Data/deliveries.json [--runs 20]

let options = BenchOptions(usage: "PixelLatency --binary PATH --data FILE [--runs 20]")
guard let binary = options["binary"], let data = options["data"] else {
    FileHandle.standardError.write(Data("PixelLatency: --binary and --data are needed\n".utf8))
    exit(64)
}
let runs = Int(options["runs"] ?? "20") ?? 20
let cell = CellPixelSize(width: 9, height: 19)

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func sixelCount(_ bytes: [UInt8]) -> Int {
    var count = 0
    for index in bytes.indices.dropLast() where bytes[index] == 0x1B && bytes[index + 1] == UInt8(ascii: "P") { count += 1 }
    return count
}

// MARK: - 1. In process

DisplayWidth.prepareLocale()
guard let manifest = try? ManifestReader().read(contentsOf: URL(fileURLWithPath: data)) else {
    FileHandle.standardError.write(Data("PixelLatency: cannot read \(data)\n".utf8))
    exit(66)
}
let deliveries = InMemoryDeliveries(manifest)
var typesetter = Typesetter(glyphs: .pixels)
typesetter.cellPixels = cell
let state = AppState(source: deliveries, size: Size(width: 100, height: 30), category: .accessibility3, typesetter: typesetter)
let frame = state.render()
let encoder = AnsiEncoder(graphics: PixelGraphics(cell: cell, colorRegisters: 1024, maximumWidth: 900))
var cold: [Double] = [], warm: [Double] = []
var bytes = 0
for _ in 0 ..< runs {
    AnsiEncoder.forgetEncodedImages()
    let start = TimedTerminal.now()
    let out = encoder.scaling(frame)
    cold.append(Double(TimedTerminal.now() - start) / 1e6)
    bytes = out.utf8.count
    let again = TimedTerminal.now()
    _ = encoder.scaling(frame)
    warm.append(Double(TimedTerminal.now() - again) / 1e6)
}
print("In process, 100×30, cell 9×19, AX3, \(frame.pixelRuns.count) images, median of \(runs):")
print("")
print("| | ms | bytes |")
print("|---|---|---|")
print(String(format: "| rasterise + encode, cold caches | %.2f | %d |", median(cold), bytes))
print(String(format: "| encode, warm caches | %.3f | %d |", median(warm), bytes))

// MARK: - 2. Through a pseudo-terminal

/// The time of the last byte after `start` (until `quiet` ns of silence), and the bytes written.
func burst(_ terminal: TimedTerminal, after start: UInt64, quiet: UInt64 = 150_000_000) throws -> (UInt64, [UInt8]) {
    let first = terminal.output.count
    let time = try terminal.burst(after: start, quiet: quiet, patience: 10_000_000_000) ?? 0
    return (time, Array(terminal.output[first...]))
}

let home = NSTemporaryDirectory() + "idelivermobile-pixel-bench"
try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
let environment = ["PATH=/usr/bin:/bin", "TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(home)",
                   "XDG_CONFIG_HOME=\(home)/config", "XDG_DATA_HOME=\(home)/data"]
var first: [(Double, Int, Int)] = [], select: [(Double, Int, Int)] = [], bigger: [(Double, Int, Int)] = []
for _ in 0 ..< max(1, runs / 4) {
    do {
        let peer = try TimedTerminal(
            arguments: [binary, "browse", data, "--text-size", "AX3", "--now", "12:30"], environment: environment,
            width: 100, height: 30, pixels: (900, 570), replies: TerminalReplies.xtermVT340
        )
        peer.recording = true
        let (startup, frameBytes) = try burst(peer, after: peer.started, quiet: 500_000_000)
        first.append((Double(startup) / 1e6, frameBytes.count, sixelCount(frameBytes)))
        // Down and back up: at AX3 the second delivery is on screen, so these move only the selection.
        for key in ["j", "k", "j", "k"] {
            let at = peer.send(Array(key.utf8))
            let (time, out) = try burst(peer, after: at)
            select.append((Double(time) / 1e6, out.count, sixelCount(out)))
        }
        let at = peer.send(Array("+".utf8))
        let (time, out) = try burst(peer, after: at)
        bigger.append((Double(time) / 1e6, out.count, sixelCount(out)))
        try peer.quit()
    } catch {
        FileHandle.standardError.write(Data("PixelLatency: \(error)\n".utf8))
        exit(1)
    }
}
print("")
print("The release binary on a 100×30 pseudo-terminal answering as xterm -ti vt340 (cell 9×19), AX3, medians:")
print("")
print("| | ms (to the last byte) | bytes | sixel images |")
print("|---|---|---|---|")
for (label, samples) in [("first frame (probe included)", first), ("`j`/`k` (selection only)", select), ("`+` (AX3 to AX4)", bigger)] {
    let time = String(format: "%.1f", median(samples.map(\.0)))
    print("| \(label) | \(time) | \(Int(median(samples.map { Double($0.1) }))) | \(Int(median(samples.map { Double($0.2) }))) |")
}
