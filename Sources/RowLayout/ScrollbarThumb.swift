/// Where a scrollbar's thumb sits on its track: its size is the viewport's
/// share of the content and its place the share scrolled past, each rounded
/// to the nearest cell (both the list and the Shipment screen use this one,
/// so they never disagree by a row).
public struct ScrollbarThumb: Sendable, Hashable {
    /// The thumb's first cell on the track.
    public var start: Int
    /// Its length in cells: the whole track when everything fits.
    public var length: Int

    /// For content `total` lines tall, seen through `viewport` lines from
    /// line `offset`, on a track of `track` cells.
    public init(track: Int, viewport: Int, total: Int, offset: Int) {
        guard track > 0 else {
            (start, length) = (0, 0)
            return
        }
        guard total > viewport else {
            (start, length) = (0, track)
            return
        }
        length = min(track, max(1, Int((Double(track) * Double(viewport) / Double(total)).rounded())))
        let room = track - length
        let scrollable = total - viewport
        let clampedOffset = min(max(0, offset), scrollable)
        start = min(max(0, Int((Double(room) * Double(clampedOffset) / Double(scrollable)).rounded())), room)
    }
}
