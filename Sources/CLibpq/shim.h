// libpq, PostgreSQL's own client library (Debian: libpq-dev), for TeamHub only.
#include <libpq-fe.h>
