import Foundation

/// The kitty graphics protocol: an image sent as base64 RGB in chunks of at
/// most 4096 bytes (`m=1` while more follow), transmitted and put at the
/// cursor at once (`a=T`), the cursor left where it was (`C=1`), no replies
/// (`q=2`). Each image has an id (its screen position, so an image sent
/// where another was replaces it) and can be deleted when its line goes
/// away: kitty keeps images over the text until told otherwise.
enum KittyGraphicsEncoder {
    static let chunkSize = 4096

    /// `rgb` (3 bytes a pixel, row-major) as image `id`, placement `placement`.
    static func transmitAndPlace(rgb: [UInt8], width: Int, height: Int, id: UInt32, placement: UInt32) -> [UInt8] {
        let payload = Array(Data(rgb).base64EncodedString().utf8)
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + payload.count / chunkSize * 16 + 96)
        var offset = 0
        repeat {
            let end = min(payload.count, offset + chunkSize)
            let more = end < payload.count ? 1 : 0
            let keys = offset == 0
                ? "a=T,f=24,s=\(width),v=\(height),i=\(id),p=\(placement),q=2,C=1,m=\(more)"
                : "m=\(more)"
            out += Array("\u{1B}_G\(keys);".utf8)
            out += payload[offset ..< end]
            out += [0x1B, UInt8(ascii: "\\")]
            offset = end
        } while offset < payload.count
        return out
    }

    /// Deletes one placement of image `id` and frees the image once nothing shows it.
    static func delete(id: UInt32, placement: UInt32) -> String {
        "\u{1B}_Ga=d,d=I,i=\(id),p=\(placement),q=2\u{1B}\\"
    }

    /// Deletes every placement on the screen (a cleared screen, the program leaving).
    static let deleteAll = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"

    /// The query the probe sends: a 1×1 image kitty answers `OK` for.
    static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
}
