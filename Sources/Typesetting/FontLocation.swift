/// Where a font is: its file and the face's index in it (a collection such
/// as a `.ttc` holds several).
struct FontLocation: Sendable, Hashable {
    var path: String
    var index: Int32 = 0
}
