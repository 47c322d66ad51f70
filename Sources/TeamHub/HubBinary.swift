import Foundation

/// Values in PostgreSQL's binary format, as COPY's binary rows and binary
/// results carry them: integers big-endian, text as its UTF-8, `timestamptz`
/// as microseconds since 2000-01-01 UTC. A field of the wrong length reads as
/// zero rather than past its end (the columns are this program's own).
enum HubBinary {
    /// 2000-01-01 00:00:00 UTC, PostgreSQL's epoch.
    static let epoch = Date(timeIntervalSince1970: 946_684_800)

    static func int64(_ bytes: UnsafeRawBufferPointer) -> Int64 {
        guard bytes.count == 8 else { return 0 }
        return Int64(bigEndian: bytes.loadUnaligned(as: Int64.self))
    }

    static func int32(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard bytes.count == 4 else { return 0 }
        return Int32(bigEndian: bytes.loadUnaligned(as: Int32.self))
    }

    static func text(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    static func date(_ bytes: UnsafeRawBufferPointer) -> Date {
        epoch.addingTimeInterval(Double(int64(bytes)) / 1_000_000)
    }

    /// `date` as `timestamptz`'s text form (ISO 8601 in UTC), for a text parameter.
    static func timestampText(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let micros = Int(((seconds - whole) * 1_000_000).rounded())
        var time = time_t(whole)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d.%06d+00", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), min(micros, 999_999))
    }
}
