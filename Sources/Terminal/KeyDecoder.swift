import CNcursesw
import Input

/// Turns ncurses key codes into `Key`s.
enum KeyDecoder {
    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        default: nil
        }
    }

    static func character(_ value: UInt32) -> Key? {
        switch value {
        case 3: return .controlC
        case 8, 127: return .backspace
        case 10, 13: return .enter
        case 27: return .escape
        case 1 ... 26 where value != 9:
            return Unicode.Scalar(value + 96).map { .control(Character($0)) }
        case 0 ..< 32: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }
}
