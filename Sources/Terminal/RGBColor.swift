/// A colour as a terminal reports it (OSC 10/11) and images are painted in:
/// red, green and blue, 0…255.
public struct RGBColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let black = RGBColor(red: 0, green: 0, blue: 0)
    public static let white = RGBColor(red: 255, green: 255, blue: 255)

    /// Parses an X11 colour as terminals answer OSC 10/11 with:
    /// `rgb:RRRR/GGGG/BBBB` (1 to 4 hex digits a channel) or `#RRGGBB`.
    public init?(x11 text: String) {
        if text.hasPrefix("#"), text.count == 7, let value = UInt32(text.dropFirst(), radix: 16) {
            self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
            return
        }
        guard text.hasPrefix("rgb:") else { return nil }
        let channels = text.dropFirst(4).split(separator: "/")
        guard channels.count == 3 else { return nil }
        var bytes: [UInt8] = []
        for channel in channels {
            guard (1 ... 4).contains(channel.count), let value = UInt32(channel, radix: 16) else { return nil }
            let maximum = (UInt32(1) << (4 * UInt32(channel.count))) - 1
            bytes.append(UInt8((value * 255 + maximum / 2) / maximum))
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2])
    }

    /// The colour `coverage`/255 of the way from `self` to `ink`.
    func blended(toward ink: RGBColor, coverage: Int) -> RGBColor {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(a) * (255 - coverage) + Int(b) * coverage + 127) / 255) }
        return RGBColor(red: mix(red, ink.red), green: mix(green, ink.green), blue: mix(blue, ink.blue))
    }
}
