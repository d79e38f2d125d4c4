// SPDX-License-Identifier: MIT
// <time.h> and <sys/time.h> clocks on the thread's virtual clock (native: __weft_clock_ns advances
// it by 1 us per reading, sleeping by the time slept), so every replay reads the same times. The
// wall clock starts at 2024-01-01 00:00:00 UTC; the monotonic and CPU clocks at 0. Nothing sleeps.
// Part of Weft's runtime library: interpreted like the user's code.
#include <errno.h>
#include <sys/time.h>
#include <time.h>

unsigned long long __weft_clock_ns(void);
void __weft_sleep_ns(unsigned long long ns);

#define WEFT_EPOCH 1704067200ull // 2024-01-01T00:00:00Z
#define NS 1000000000ull

static int isWallClock(clockid_t id) { return id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE || id == CLOCK_TAI; }

time_t time(time_t *out) {
    const time_t now = (time_t)(WEFT_EPOCH + __weft_clock_ns() / NS);
    if (out)
        *out = now;
    return now;
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz) {
    (void)tz;
    const unsigned long long ns = __weft_clock_ns();
    if (tv) {
        tv->tv_sec = (time_t)(WEFT_EPOCH + ns / NS);
        tv->tv_usec = (suseconds_t)(ns % NS / 1000);
    }
    return 0;
}

int clock_gettime(clockid_t id, struct timespec *ts) {
    if (id < 0 || id > CLOCK_TAI) {
        errno = EINVAL;
        return -1;
    }
    const unsigned long long ns = __weft_clock_ns();
    ts->tv_sec = (time_t)((isWallClock(id) ? WEFT_EPOCH : 0) + ns / NS);
    ts->tv_nsec = (long)(ns % NS);
    return 0;
}

int clock_getres(clockid_t id, struct timespec *res) {
    if (id < 0 || id > CLOCK_TAI) {
        errno = EINVAL;
        return -1;
    }
    if (res) {
        res->tv_sec = 0;
        res->tv_nsec = 1;
    }
    return 0;
}

clock_t clock(void) { return (clock_t)(__weft_clock_ns() / 1000); } // CLOCKS_PER_SEC is 1000000

double difftime(time_t end, time_t start) { return (double)end - (double)start; }

static int sleepFor(const struct timespec *req, struct timespec *rem) {
    if (!req || req->tv_nsec < 0 || req->tv_nsec >= (long)NS || req->tv_sec < 0) {
        errno = EINVAL;
        return -1;
    }
    __weft_sleep_ns((unsigned long long)req->tv_sec * NS + (unsigned long long)req->tv_nsec);
    if (rem) {
        rem->tv_sec = 0;
        rem->tv_nsec = 0;
    }
    return 0;
}

int nanosleep(const struct timespec *req, struct timespec *rem) { return sleepFor(req, rem); }

int clock_nanosleep(clockid_t id, int flags, const struct timespec *req, struct timespec *rem) {
    if (!(flags & TIMER_ABSTIME))
        return sleepFor(req, rem) == 0 ? 0 : EINVAL;
    if (!req || req->tv_nsec < 0 || req->tv_nsec >= (long)NS)
        return EINVAL;
    const unsigned long long base = isWallClock(id) ? WEFT_EPOCH * NS : 0;
    const unsigned long long target = (unsigned long long)req->tv_sec * NS + (unsigned long long)req->tv_nsec;
    const unsigned long long now = base + __weft_clock_ns();
    if (target > now)
        __weft_sleep_ns(target - now);
    return 0;
}
