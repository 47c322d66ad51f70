import Foundation
import Canvas
@testable import Screens

extension AppState {
    /// The status bar and the lines a message too long for it wraps onto
    /// above it (drawn in reverse video), read as one text.
    var statusText: String {
        let frame = render()
        let message = (1 ..< max(1, frame.height - 1)).filter { frame[0, $0].style.reverse }
        let lines = frame.plainTextLines
        return (message.map { lines[$0] } + [lines[frame.height - 1]])
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
