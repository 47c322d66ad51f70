import Foundation
import TestSupport

/// What `idelivermobile render` prints, as tmux's `capture-pane` will show
/// the live screen: trailing blanks dropped, and each solid block (█) as the
/// space the terminal is sent for it (solid cells are written as
/// reverse-video spaces, `Cell.asWritten`, so no font leaves seams; the
/// capture keeps the character, not the colour). Everything else must match
/// cell for cell.
enum RenderedScreen {
    static func lines(_ arguments: [String]) throws -> [String] {
        guard let binary = TmuxSession.binary else { throw ChildProcess.Failure(command: ["idelivermobile"], status: 127) }
        let text = try ChildProcess.run([binary, "render"] + arguments)
        return trimmed(text.replacingOccurrences(of: "█", with: " ").components(separatedBy: "\n"))
    }

    /// Lines as tmux's capture-pane gives them: trailing blanks and blank last lines dropped.
    static func trimmed(_ lines: [String]) -> [String] {
        var out = lines.map { line in String(line.reversed().drop(while: { $0 == " " }).reversed()) }
        while out.last?.isEmpty == true { out.removeLast() }
        return out
    }
}
