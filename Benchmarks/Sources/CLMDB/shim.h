// LMDB's C API (liblmdb-dev), for the benchmark's LMDB engine.
#include <lmdb.h>
