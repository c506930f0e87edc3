// SQLite's C API (libsqlite3-dev), for the benchmark's SQLite engine.
#include <sqlite3.h>
