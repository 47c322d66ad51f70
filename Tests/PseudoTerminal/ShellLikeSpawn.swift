#if canImport(Glibc)
import Glibc
#endif

/// Spawn attributes that start a child as a shell would: no signal blocked,
/// every signal at its default. A test runs on a Dispatch worker thread,
/// which blocks every signal, and a child inherits the mask: tmux, its shell
/// and the program under test would never see SIGWINCH.
public enum ShellLikeSpawn {
    /// The attributes, with `extraFlags` (e.g. setsid) added. The caller destroys them.
    public static func attributes(extraFlags: Int32 = 0) -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | extraFlags))
        return attributes
    }
}
