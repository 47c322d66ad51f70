import Canvas

extension AppState {
    /// The whole screen for this state: the live terminal and
    /// `idelivermobile render` both print exactly this. It changes nothing;
    /// what it reads besides the state's values is the rows on screen
    /// through `source`, for a store a synchronous read of a page of the
    /// local file when the page is not kept (docs/update-and-render.md).
    public func render() -> Frame {
        var frame = Frame(size: size)
        if TooSmallNotice.isNeeded(at: size) {
            TooSmallNotice().draw(into: &frame)
            return frame
        }
        switch route {
        case .deliveries:
            DeliveriesScreen(state: self).draw(into: &frame)
        case .shipment(let delivery, let scroll):
            ShipmentScreen(delivery: delivery, scroll: scroll, state: self).draw(into: &frame)
        }
        if isShowingHelp {
            HelpOverlay(state: self).draw(into: &frame)
        }
        if typesetter.rightToLeft == .terminal { frame.markRowsLeftToRight() }
        return frame
    }
}
