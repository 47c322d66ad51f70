import Foundation

/// Medians by key and row count, printed as the Markdown table of
/// docs/benchmarks.md with the targets checked: every key within 16 ms and
/// within 2× its figure at the smallest count, the first frame within 100 ms;
/// with `maximum`, also every key's slowest sample within it.
struct LatencyTable {
    var counts: [Int]
    /// The rows, in order.
    var labels = KeyScript.labels(of: KeyScript.steps)
    /// A bound on every sample of a key, not only its median.
    var maximum: Double?
    /// Samples in ms: [count: [label: samples]].
    var samples: [Int: [String: [Double]]] = [:]

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func countName(_ count: Int) -> String {
        var exponent = 0, rest = count
        while rest >= 10, rest % 10 == 0 { rest /= 10; exponent += 1 }
        return rest == 1 ? "10^\(exponent)" : "\(count)"
    }

    func markdown() -> String {
        guard let smallest = counts.first else { return "" }
        var header = "| Key (median ms, [min–max]) |"
        var rule = "|---|"
        for count in counts {
            header += " N = \(Self.countName(count)) |"
            rule += "---|"
        }
        for count in counts.dropFirst() {
            header += " \(Self.countName(count)) ÷ \(Self.countName(smallest)) |"
            rule += "---|"
        }
        header += " Met? |"
        rule += "---|"
        var lines = [header, rule]
        for label in labels {
            var line = "| \(label) |"
            let budget = label == "first frame" ? 100.0 : 16.0
            var met = true
            var notes: [String] = []
            for count in counts {
                let values = samples[count]?[label] ?? []
                guard let median = Self.median(values), let low = values.min(), let high = values.max() else {
                    line += " – |"
                    continue
                }
                line += String(format: " %.1f [%.1f–%.1f] |", median, low, high)
                if median > budget {
                    met = false
                    notes.append("> \(Int(budget)) ms at \(Self.countName(count))")
                }
                if let maximum, label != "first frame", high > maximum {
                    met = false
                    notes.append("max > \(Int(maximum)) ms at \(Self.countName(count))")
                }
            }
            let base = Self.median(samples[smallest]?[label] ?? [])
            for count in counts.dropFirst() {
                guard let base, let median = Self.median(samples[count]?[label] ?? []) else {
                    line += " – |"
                    continue
                }
                let ratio = median / base
                line += String(format: " %.2f× |", ratio)
                if ratio > 2 && label != "first frame" {
                    met = false
                    notes.append("> 2× at \(Self.countName(count))")
                }
            }
            line += met ? " yes |" : " no: \(notes.joined(separator: ", ")) |"
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
