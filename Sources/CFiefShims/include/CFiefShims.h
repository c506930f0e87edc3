// Small C helpers for FiefStorage: things Swift cannot express directly or fast enough.
#ifndef CFIEF_SHIMS_H
#define CFIEF_SHIMS_H

#include <stddef.h>
#include <stdint.h>

/// CRC-32C (Castagnoli; reflected polynomial 0x82F63B78). `crc` is the running value: start with
/// 0, pass the previous result to continue. Pre- and post-inversion are applied inside, so
/// `fief_crc32c(0, buf, n)` is the standard CRC-32C of `buf`. Uses SSE4.2 or ARMv8 CRC
/// instructions when the CPU has them.
uint32_t fief_crc32c(uint32_t crc, const void *data, size_t length);

/// Atomic helpers for the shared "page verified" bitmap (inline so Swift can inline them).
static inline uint64_t fief_atomic_load_u64(const uint64_t *address) {
    return __atomic_load_n(address, __ATOMIC_ACQUIRE);
}
static inline void fief_atomic_or_u64(uint64_t *address, uint64_t bits) {
    __atomic_fetch_or(address, bits, __ATOMIC_RELEASE);
}
static inline void fief_atomic_and_u64(uint64_t *address, uint64_t bits) {
    __atomic_fetch_and(address, bits, __ATOMIC_RELEASE);
}
static inline void fief_atomic_store_u64(uint64_t *address, uint64_t value) {
    __atomic_store_n(address, value, __ATOMIC_RELEASE);
}

/// Sequentially consistent access to words shared with other processes (the lock file).
static inline uint64_t fief_shared_load_u64(const uint64_t *address) {
    return __atomic_load_n(address, __ATOMIC_SEQ_CST);
}
static inline void fief_shared_store_u64(uint64_t *address, uint64_t value) {
    __atomic_store_n(address, value, __ATOMIC_SEQ_CST);
}
static inline int fief_shared_cas_u64(uint64_t *address, uint64_t expected, uint64_t desired) {
    return __atomic_compare_exchange_n(address, &expected, desired, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}
static inline uint32_t fief_shared_load_u32(const uint32_t *address) {
    return __atomic_load_n(address, __ATOMIC_SEQ_CST);
}
static inline void fief_shared_add_u32(uint32_t *address, uint32_t value) {
    __atomic_fetch_add(address, value, __ATOMIC_SEQ_CST);
}

/// Byte-range locks that belong to an open file description (Linux "OFD" locks; classic
/// process-owned fcntl locks elsewhere): released when the descriptor closes or the process
/// dies, however it dies. mode: 0 unlocks, 1 takes a shared lock, 2 an exclusive one; with
/// wait != 0 the call blocks until the lock is granted. Returns 0, or -1 with errno (EAGAIN or
/// EACCES when another holder conflicts and wait == 0).
int fief_range_lock(int fd, uint64_t start, uint64_t length, int mode, int wait);

/// Whether another open file description holds a lock on the range that conflicts with an
/// exclusive lock: 1 if one does, 0 if none, -1 with errno on failure.
int fief_range_is_locked(int fd, uint64_t start, uint64_t length);

/// Waits while the shared word at `address` equals `expected`, for at most `timeout_ms`
/// milliseconds (a futex shared between processes on Linux; a short sleep elsewhere).
void fief_shared_wait(const uint32_t *address, uint32_t expected, int timeout_ms);

/// Wakes every thread, in any process, waiting on the shared word at `address`.
void fief_shared_wake(uint32_t *address);

/// An anonymous in-memory file (memfd on Linux); -1 with errno on failure.
int fief_memfd_create(const char *name);

/// Flushes file data to stable storage: F_FULLFSYNC on Apple platforms, fdatasync elsewhere.
int fief_full_sync(int fd);

/// Takes an advisory whole-file lock without blocking. exclusive != 0 for a writer lock.
/// Returns 0, or -1 with errno (EWOULDBLOCK when another process holds a conflicting lock).
int fief_try_lock(int fd, int exclusive);

/// The Swift runtime's "retain unless deinitializing" (a `SWIFT_RUNTIME_EXPORT` of libswiftCore,
/// declared there as `HeapObject *swift_tryRetain(HeapObject *object)`): retains `object` and
/// returns it, or returns NULL without retaining when its deinitialization has begun.
/// `UnretainedReference` is its only caller.
void *swift_tryRetain(void *object);

#endif
