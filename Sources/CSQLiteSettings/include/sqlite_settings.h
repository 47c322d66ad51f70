#ifndef IDELIVERMOBILE_SQLITE_SETTINGS_H
#define IDELIVERMOBILE_SQLITE_SETTINGS_H

/// Turns off SQLite's memory statistics (`SQLITE_CONFIG_MEMSTATUS`) for the
/// whole process. Must come before SQLite is first used: returns 0 (SQLITE_OK)
/// when done, or SQLite's error code (SQLITE_MISUSE once it is in use).
///
/// The header has no SQLite types, so that it does not clash with the module
/// GRDB makes of sqlite3.h. `sqlite3_config` is variadic, which Swift cannot call.
int sqs_skip_memory_statistics(void);

#endif
