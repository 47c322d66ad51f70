/// The colours a sixel image of one line uses: levels of its ink over the
/// background for antialiased edges (16, what a VT340 has), then, when a
/// colour glyph (emoji) is in the line and registers remain, a colour cube.
struct SixelPalette {
    let colors: [RGBColor]
    let levels: Int
    /// Steps a channel of the colour cube, 0 when there is none.
    let cubeSteps: Int

    init(ink: RGBColor, paper: RGBColor, registers: Int, hasColor: Bool) {
        let levels = min(16, max(2, registers))
        self.levels = levels
        var colors = (0 ..< levels).map { paper.blended(toward: ink, coverage: $0 * 255 / (levels - 1)) }
        var steps = 0
        if hasColor {
            let room = min(256, registers) - levels
            while (steps + 1) * (steps + 1) * (steps + 1) <= room, steps < 6 { steps += 1 }
            if steps >= 2 {
                for r in 0 ..< steps {
                    for g in 0 ..< steps {
                        for b in 0 ..< steps {
                            func value(_ i: Int) -> UInt8 { UInt8(i * 255 / (steps - 1)) }
                            colors.append(RGBColor(red: value(r), green: value(g), blue: value(b)))
                        }
                    }
                }
            } else {
                steps = 0
            }
        }
        cubeSteps = steps
        self.colors = colors
    }

    /// The register of coverage `value`'s level.
    func level(_ value: UInt8) -> UInt8 { UInt8((Int(value) * (levels - 1) + 127) / 255) }

    /// The register nearest `color`: its cube cell, or the nearest level without a cube.
    func nearest(_ color: RGBColor) -> UInt8 {
        if cubeSteps >= 2 {
            func step(_ v: UInt8) -> Int { (Int(v) * (cubeSteps - 1) + 127) / 255 }
            return UInt8(levels + (step(color.red) * cubeSteps + step(color.green)) * cubeSteps + step(color.blue))
        }
        var best = 0, bestDistance = Int.max
        for (index, candidate) in colors.enumerated() {
            let dr = Int(candidate.red) - Int(color.red), dg = Int(candidate.green) - Int(color.green), db = Int(candidate.blue) - Int(color.blue)
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return UInt8(best)
    }
}
