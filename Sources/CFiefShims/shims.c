#define _GNU_SOURCE
#include "CFiefShims.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <unistd.h>
#include <time.h>
#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#endif

// MARK: CRC-32C

static uint32_t crc32c_table[8][256];
static int crc32c_table_ready = 0;

static void crc32c_init_table(void) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : (c >> 1);
        crc32c_table[0][n] = c;
    }
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = crc32c_table[0][n];
        for (int t = 1; t < 8; t++) {
            c = crc32c_table[0][c & 0xFF] ^ (c >> 8);
            crc32c_table[t][n] = c;
        }
    }
    __atomic_store_n(&crc32c_table_ready, 1, __ATOMIC_RELEASE);
}

static uint32_t crc32c_software(uint32_t crc, const uint8_t *p, size_t n) {
    if (!__atomic_load_n(&crc32c_table_ready, __ATOMIC_ACQUIRE)) crc32c_init_table();
    while (n && ((uintptr_t)p & 7)) { crc = crc32c_table[0][(crc ^ *p++) & 0xFF] ^ (crc >> 8); n--; }
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        w ^= crc;
        crc = crc32c_table[7][w & 0xFF] ^ crc32c_table[6][(w >> 8) & 0xFF] ^
              crc32c_table[5][(w >> 16) & 0xFF] ^ crc32c_table[4][(w >> 24) & 0xFF] ^
              crc32c_table[3][(w >> 32) & 0xFF] ^ crc32c_table[2][(w >> 40) & 0xFF] ^
              crc32c_table[1][(w >> 48) & 0xFF] ^ crc32c_table[0][w >> 56];
        p += 8; n -= 8;
    }
    while (n--) crc = crc32c_table[0][(crc ^ *p++) & 0xFF] ^ (crc >> 8);
    return crc;
}

#if defined(__x86_64__)
#include <nmmintrin.h>
__attribute__((target("sse4.2")))
static uint32_t crc32c_hardware(uint32_t crc, const uint8_t *p, size_t n) {
    uint64_t c = crc;
    while (n && ((uintptr_t)p & 7)) { c = _mm_crc32_u8((uint32_t)c, *p++); n--; }
    while (n >= 8) { uint64_t w; memcpy(&w, p, 8); c = _mm_crc32_u64(c, w); p += 8; n -= 8; }
    while (n--) c = _mm_crc32_u8((uint32_t)c, *p++);
    return (uint32_t)c;
}
static int crc32c_has_hardware(void) { return __builtin_cpu_supports("sse4.2"); }
#elif defined(__aarch64__) && defined(__ARM_FEATURE_CRC32)
#include <arm_acle.h>
static uint32_t crc32c_hardware(uint32_t crc, const uint8_t *p, size_t n) {
    while (n && ((uintptr_t)p & 7)) { crc = __crc32cb(crc, *p++); n--; }
    while (n >= 8) { uint64_t w; memcpy(&w, p, 8); crc = __crc32cd(crc, w); p += 8; n -= 8; }
    while (n--) crc = __crc32cb(crc, *p++);
    return crc;
}
static int crc32c_has_hardware(void) { return 1; }
#else
static uint32_t crc32c_hardware(uint32_t crc, const uint8_t *p, size_t n) { return crc32c_software(crc, p, n); }
static int crc32c_has_hardware(void) { return 0; }
#endif

uint32_t fief_crc32c(uint32_t crc, const void *data, size_t length) {
    static int mode = -1; // -1 unknown, 0 software, 1 hardware
    int m = __atomic_load_n(&mode, __ATOMIC_RELAXED);
    if (m < 0) { m = crc32c_has_hardware() ? 1 : 0; __atomic_store_n(&mode, m, __ATOMIC_RELAXED); }
    uint32_t c = ~crc;
    c = m ? crc32c_hardware(c, (const uint8_t *)data, length)
          : crc32c_software(c, (const uint8_t *)data, length);
    return ~c;
}

// MARK: Files

int fief_memfd_create(const char *name) {
#if defined(__linux__)
    return memfd_create(name, MFD_CLOEXEC);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int fief_full_sync(int fd) {
#if defined(__APPLE__)
    if (fcntl(fd, F_FULLFSYNC) == 0) return 0;
    return fsync(fd);
#else
    return fdatasync(fd);
#endif
}

int fief_try_lock(int fd, int exclusive) {
    return flock(fd, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB);
}

// MARK: Sharing a store between processes

#if defined(__linux__)
#define FIEF_SETLK F_OFD_SETLK
#define FIEF_SETLKW F_OFD_SETLKW
#define FIEF_GETLK F_OFD_GETLK
#else
#define FIEF_SETLK F_SETLK
#define FIEF_SETLKW F_SETLKW
#define FIEF_GETLK F_GETLK
#endif

int fief_range_lock(int fd, uint64_t start, uint64_t length, int mode, int wait) {
    struct flock lock;
    memset(&lock, 0, sizeof lock);
    lock.l_type = mode == 0 ? F_UNLCK : (mode == 1 ? F_RDLCK : F_WRLCK);
    lock.l_whence = SEEK_SET;
    lock.l_start = (off_t)start;
    lock.l_len = (off_t)length;
    int result;
    do {
        result = fcntl(fd, wait ? FIEF_SETLKW : FIEF_SETLK, &lock);
    } while (result != 0 && errno == EINTR);
    return result;
}

int fief_range_is_locked(int fd, uint64_t start, uint64_t length) {
    struct flock lock;
    memset(&lock, 0, sizeof lock);
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET;
    lock.l_start = (off_t)start;
    lock.l_len = (off_t)length;
    if (fcntl(fd, FIEF_GETLK, &lock) != 0) return -1;
    return lock.l_type == F_UNLCK ? 0 : 1;
}

void fief_shared_wait(const uint32_t *address, uint32_t expected, int timeout_ms) {
#if defined(__linux__)
    struct timespec timeout = { timeout_ms / 1000, (long)(timeout_ms % 1000) * 1000000L };
    syscall(SYS_futex, address, FUTEX_WAIT, expected, &timeout, NULL, 0);
#else
    if (__atomic_load_n(address, __ATOMIC_SEQ_CST) != expected) return;
    struct timespec pause = { 0, 5 * 1000000L };
    nanosleep(&pause, NULL);
    (void)timeout_ms;
#endif
}

void fief_shared_wake(uint32_t *address) {
#if defined(__linux__)
    syscall(SYS_futex, address, FUTEX_WAKE, 0x7fffffff, NULL, NULL, 0);
#else
    (void)address;
#endif
}
