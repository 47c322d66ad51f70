import Canvas
import Foundation
import Manifest
import Model
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
//    selection) and of `+`, each timed from the key to the frame's last byte.
//
//   PixelLatency --binary PATH --data Data/deliveries.json [--runs 20]

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let name = arguments.popFirst() {
    guard name.hasPrefix("--"), let value = arguments.popFirst() else {
        FileHandle.standardError.write(Data("usage: PixelLatency --binary PATH --data FILE [--runs 20]\n".utf8))
        exit(64)
    }
    options[String(name.dropFirst(2))] = value
}
guard let binary = options["binary"], let data = options["data"] else {
    FileHandle.standardError.write(Data("PixelLatency: --binary and --data are needed\n".utf8))
    exit(64)
}
let runs = Int(options["runs"] ?? "20") ?? 20
let cell = CellPixelSize(width: 9, height: 19)

func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

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
    let start = now()
    let out = encoder.scaling(frame)
    cold.append(Double(now() - start) / 1e6)
    bytes = out.utf8.count
    let again = now()
    _ = encoder.scaling(frame)
    warm.append(Double(now() - again) / 1e6)
}
print("In process, 100×30, cell 9×19, AX3, \(frame.pixelRuns.count) images, median of \(runs):")
print("")
print("| | ms | bytes |")
print("|---|---|---|")
print(String(format: "| rasterise + encode, cold caches | %.2f | %d |", median(cold), bytes))
print(String(format: "| encode, warm caches | %.3f | %d |", median(warm), bytes))

// MARK: - 2. Through a pseudo-terminal

final class VT340Peer {
    let master: Int32
    let pid: pid_t
    var output: [UInt8] = []
    private var answered = 0

    init(arguments: [String], environment: [String]) throws {
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw NSError(domain: "pty", code: Int(errno))
        }
        var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 900, ws_ypixel: 570)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/pts/\(number)", O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | 0x80))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        guard posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp) == 0 else { throw NSError(domain: "spawn", code: 1) }
        pid = child
    }

    func send(_ text: String) -> UInt64 {
        let at = now()
        _ = Array(text.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        return at
    }

    /// Reads until `quiet` ns of silence; the time of the last byte after `start`, and the bytes read.
    func burst(after start: UInt64, quiet: UInt64 = 150_000_000) -> (UInt64, [UInt8]) {
        let first = output.count
        var last: UInt64?
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let deadline = last.map { $0 + quiet } ?? start + 10_000_000_000
            let current = now()
            if current >= deadline { break }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32((deadline - current) / 1_000_000 + 1)) > 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            output += buffer[0 ..< count]
            answer()
            last = now()
        }
        return ((last ?? start) - start, Array(output[first...]))
    }

    /// Answers the probe as Debian's xterm 379 run as `xterm -ti vt340`.
    private func answer() {
        let replies: [(String, String)] = [
            ("\u{1B}[6n", "\u{1B}[1;1R"), ("\u{1B}[5n", "\u{1B}[0n"), ("\u{1B}[>0q", "\u{1B}P>|XTerm(379)\u{1B}\\"),
            ("\u{1B}[c", "\u{1B}[?63;1;2;4;6;9;15;16;22;28c"), ("\u{1B}[?1;1;0S", "\u{1B}[?1;0;1024S"),
            ("\u{1B}[?2;1;0S", "\u{1B}[?2;0;900;570S"), ("\u{1B}]10;?\u{1B}\\", "\u{1B}]10;rgb:0000/0000/0000\u{1B}\\"),
            ("\u{1B}]11;?\u{1B}\\", "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\"),
        ]
        while answered < output.count {
            let rest = output[answered...]
            if let (query, reply) = replies.first(where: { rest.starts(with: Array($0.0.utf8)) }) {
                _ = send(reply)
                answered += query.utf8.count
            } else {
                answered += 1
            }
        }
    }

    func quit() {
        _ = send("q")
        var status: Int32 = 0
        for _ in 0 ..< 200 where waitpid(pid, &status, WNOHANG) != pid { usleep(50_000); _ = burst(after: now(), quiet: 1_000_000) }
    }
}

let home = NSTemporaryDirectory() + "idelivermobile-pixel-bench"
try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
let environment = ["PATH=/usr/bin:/bin", "TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(home)",
                   "XDG_CONFIG_HOME=\(home)/config", "XDG_DATA_HOME=\(home)/data"]
var first: [(Double, Int, Int)] = [], select: [(Double, Int, Int)] = [], bigger: [(Double, Int, Int)] = []
for _ in 0 ..< max(1, runs / 4) {
    do {
        let peer = try VT340Peer(arguments: [binary, "browse", data, "--text-size", "AX3", "--now", "12:30"], environment: environment)
        let (startup, frameBytes) = peer.burst(after: now(), quiet: 500_000_000)
        first.append((Double(startup) / 1e6, frameBytes.count, sixelCount(frameBytes)))
        for _ in 0 ..< 3 {
            let at = peer.send("j")
            let (time, out) = peer.burst(after: at)
            select.append((Double(time) / 1e6, out.count, sixelCount(out)))
        }
        let at = peer.send("+")
        let (time, out) = peer.burst(after: at)
        bigger.append((Double(time) / 1e6, out.count, sixelCount(out)))
        peer.quit()
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
for (label, samples) in [("first frame (probe included)", first), ("`j` (selection only)", select), ("`+` (AX3 to AX4)", bigger)] {
    let time = String(format: "%.1f", median(samples.map(\.0)))
    print("| \(label) | \(time) | \(Int(median(samples.map { Double($0.1) }))) | \(Int(median(samples.map { Double($0.2) }))) |")
}
