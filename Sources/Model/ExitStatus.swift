/// The sysexits(3) codes the program exits with, so scripts can tell a usage
/// error from bad data: the one table the manifest's and the store's errors
/// and the commands take their codes from.
public enum ExitStatus: Int32, Sendable {
    /// The command was used wrongly (EX_USAGE).
    case usage = 64
    /// The input's data is wrong (EX_DATAERR).
    case dataError = 65
    /// An input file is missing or unreadable as such (EX_NOINPUT).
    case noInput = 66
    /// A named user (a database role) does not exist (EX_NOUSER).
    case noUser = 67
    /// A service (the database server) is unavailable (EX_UNAVAILABLE).
    case unavailable = 69
    /// An internal error (EX_SOFTWARE).
    case software = 70
    /// An output file cannot be created (EX_CANTCREAT).
    case cannotCreate = 73
    /// Reading or writing failed (EX_IOERR).
    case ioError = 74
    /// A temporary failure: trying again later may work (EX_TEMPFAIL).
    case temporaryFailure = 75
    /// Not allowed: the database role lacks the right (EX_NOPERM).
    case noPermission = 77
    /// The environment is unfit (EX_CONFIG): no terminal type, no terminfo entry.
    case configuration = 78
}
