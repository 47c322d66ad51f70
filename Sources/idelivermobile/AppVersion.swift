/// The program's version, printed by `idelivermobile --version` and the man page.
/// Semantic versioning: bump it in the commit that changes what a user sees.
enum AppVersion {
    static let string = "0.12.0"
}
