#include <sqlite3.h>
#include "sqlite_settings.h"

int sqs_skip_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
