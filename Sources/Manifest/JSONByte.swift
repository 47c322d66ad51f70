/// The ASCII bytes the scanner looks for.
enum JSONByte {
    static let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C, slash: UInt8 = 0x2F
    static let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D
    static let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D
    static let comma: UInt8 = 0x2C, colon: UInt8 = 0x3A, dot: UInt8 = 0x2E
    static let minus: UInt8 = 0x2D, plus: UInt8 = 0x2B
    static let zero: UInt8 = 0x30, nine: UInt8 = 0x39
    static let space: UInt8 = 0x20, tab: UInt8 = 0x09, newline: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D
    static let b: UInt8 = 0x62, f: UInt8 = 0x66, n: UInt8 = 0x6E, r: UInt8 = 0x72, t: UInt8 = 0x74, u: UInt8 = 0x75
    static let e: UInt8 = 0x65, capitalE: UInt8 = 0x45
}
