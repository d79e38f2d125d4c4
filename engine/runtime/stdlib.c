// SPDX-License-Identifier: MIT
// <stdlib.h> beyond malloc/calloc/realloc/free and exit (native in the interpreter): number conversions, abs/div,
// qsort/bsearch, rand (deterministic), getenv (an empty environment). Part of Weft's runtime
// library: interpreted like the user's code. The "C" locale.
// Also reallocarray, the aligned allocators and atexit.
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static int digitValue(int c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return 36;
}

/// The magnitude of the number at s in base (0: from its prefix), saturated at limit; *negative set
/// from its sign, *end after its last digit (s when there is none), *overflow when it exceeded limit.
static unsigned long long parseUnsigned(const char *s, int base, unsigned long long limit, int *negative,
                                        const char **end, int *overflow) {
    const char *p = s;
    *negative = 0;
    *overflow = 0;
    *end = s;
    if (base < 0 || base == 1 || base > 36) {
        errno = EINVAL;
        return 0;
    }
    while (isspace((unsigned char)*p))
        ++p;
    if (*p == '+' || *p == '-')
        *negative = *p++ == '-';
    if ((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && digitValue(p[2]) < 16) {
        p += 2;
        base = 16;
    } else if (base == 0) {
        base = p[0] == '0' ? 8 : 10;
    }
    unsigned long long value = 0;
    int any = 0;
    for (; digitValue(*p) < base; ++p) {
        const unsigned d = (unsigned)digitValue(*p);
        any = 1;
        if (value > (limit - d) / (unsigned)base)
            *overflow = 1;
        else
            value = value * (unsigned)base + d;
    }
    if (any)
        *end = p;
    return *overflow ? limit : value;
}

static long long toSigned(const char *s, char **end, int base, long long min, long long max) {
    int negative, overflow;
    const char *stop;
    const unsigned long long limit = (unsigned long long)max + 1; // |min|
    unsigned long long v = parseUnsigned(s, base, limit, &negative, &stop, &overflow);
    if (end)
        *end = (char *)stop;
    if (!negative && v > (unsigned long long)max) {
        errno = ERANGE;
        return max;
    }
    if (overflow) {
        errno = ERANGE;
        return negative ? min : max;
    }
    return negative ? (long long)(0 - v) : (long long)v;
}

static unsigned long long toUnsigned(const char *s, char **end, int base, unsigned long long max) {
    int negative, overflow;
    const char *stop;
    unsigned long long v = parseUnsigned(s, base, max, &negative, &stop, &overflow);
    if (end)
        *end = (char *)stop;
    if (overflow) {
        errno = ERANGE;
        return max;
    }
    return negative ? 0 - v : v;
}

long strtol(const char *s, char **end, int base) { return (long)toSigned(s, end, base, LONG_MIN, LONG_MAX); }
long long strtoll(const char *s, char **end, int base) { return toSigned(s, end, base, LLONG_MIN, LLONG_MAX); }
unsigned long strtoul(const char *s, char **end, int base) { return (unsigned long)toUnsigned(s, end, base, ULONG_MAX); }
unsigned long long strtoull(const char *s, char **end, int base) { return toUnsigned(s, end, base, ULLONG_MAX); }
long long strtoq(const char *s, char **end, int base) { return strtoll(s, end, base); }
unsigned long long strtouq(const char *s, char **end, int base) { return strtoull(s, end, base); }
long atol(const char *s) { return strtol(s, 0, 10); }
long long atoll(const char *s) { return strtoll(s, 0, 10); }

static double power10(int e) {
    double result = 1.0, base = 10.0;
    unsigned n = e < 0 ? (unsigned)-e : (unsigned)e;
    for (; n; n >>= 1, base *= base)
        if (n & 1)
            result *= base;
    return e < 0 ? 1.0 / result : result;
}

static int matchWord(const char *p, const char *word) {
    for (; *word; ++p, ++word)
        if (tolower((unsigned char)*p) != *word)
            return 0;
    return 1;
}

/// The exponent after a mantissa ("e-12", "p+3"; `marker` in lower case), advancing *p past it;
/// 0, with *p unmoved, when none follows (an "e" without digits belongs to what comes next).
static int exponentPart(const char **p, char marker) {
    const char *q = *p;
    if ((*q | 0x20) != marker || !(isdigit((unsigned char)q[1]) || ((q[1] == '+' || q[1] == '-') && isdigit((unsigned char)q[2]))))
        return 0;
    int sign = 1, e = 0;
    ++q;
    if (*q == '+' || *q == '-')
        sign = *q++ == '-' ? -1 : 1;
    for (; isdigit((unsigned char)*q); ++q)
        e = e < 100000 ? e * 10 + (*q - '0') : e;
    *p = q;
    return sign * e;
}

double strtod(const char *s, char **end) {
    const char *p = s;
    while (isspace((unsigned char)*p))
        ++p;
    int negative = 0;
    if (*p == '+' || *p == '-')
        negative = *p++ == '-';
    double value = 0.0;
    if (matchWord(p, "inf")) {
        p += matchWord(p, "infinity") ? 8 : 3;
        value = __builtin_inf();
    } else if (matchWord(p, "nan")) {
        p += 3;
        value = __builtin_nan("");
    } else if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && (digitValue(p[2]) < 16 || (p[2] == '.' && digitValue(p[3]) < 16))) {
        p += 2;
        int exponent = 0;
        for (; digitValue(*p) < 16; ++p)
            value = value * 16 + digitValue(*p);
        if (*p == '.')
            for (++p; digitValue(*p) < 16; ++p, exponent -= 4)
                value = value * 16 + digitValue(*p);
        exponent += exponentPart(&p, 'p');
        while (exponent > 0) { value *= 2; --exponent; }
        while (exponent < 0) { value /= 2; ++exponent; }
    } else {
        // Decimal: up to 19 significant digits in an integer, then scaled by a power of ten.
        unsigned long long mantissa = 0;
        int digits = 0, exponent = 0, any = 0;
        for (; isdigit((unsigned char)*p); ++p, any = 1) {
            if (digits < 19) {
                mantissa = mantissa * 10 + (unsigned)(*p - '0');
                digits += mantissa != 0;
            } else {
                ++exponent;
            }
        }
        if (*p == '.')
            for (++p; isdigit((unsigned char)*p); ++p, any = 1)
                if (digits < 19) {
                    mantissa = mantissa * 10 + (unsigned)(*p - '0');
                    digits += mantissa != 0;
                    --exponent;
                }
        if (!any) {
            if (end)
                *end = (char *)s;
            return 0.0;
        }
        exponent += exponentPart(&p, 'e');
        value = (double)mantissa;
        if (value != 0.0) {
            if (exponent < -300) { // avoid underflowing the power of ten before the mantissa scales it
                value *= power10(-300);
                exponent += 300;
            }
            value *= power10(exponent);
            if (value == __builtin_inf() || value == 0.0)
                errno = ERANGE;
        }
    }
    if (end)
        *end = (char *)p;
    return negative ? -value : value;
}

float strtof(const char *s, char **end) { return (float)strtod(s, end); }
double atof(const char *s) { return strtod(s, 0); }

div_t div(int n, int d) { div_t r = {n / d, n % d}; return r; }
ldiv_t ldiv(long n, long d) { ldiv_t r = {n / d, n % d}; return r; }
lldiv_t lldiv(long long n, long long d) { lldiv_t r = {n / d, n % d}; return r; }

static void swapBytes(char *a, char *b, size_t size) {
    for (size_t i = 0; i < size; ++i) {
        char t = a[i];
        a[i] = b[i];
        b[i] = t;
    }
}

/// Insertion sort below 8 elements, else median-of-three quicksort on the smaller side first.
static void sortRange(char *base, size_t n, size_t size, int (*compare)(const void *, const void *)) {
    while (n > 7) {
        char *mid = base + (n / 2) * size, *last = base + (n - 1) * size;
        if (compare(mid, base) < 0) swapBytes(mid, base, size);
        if (compare(last, mid) < 0) {
            swapBytes(last, mid, size);
            if (compare(mid, base) < 0) swapBytes(mid, base, size);
        }
        swapBytes(mid, base, size); // the pivot at base
        size_t i = 1, j = n - 1;
        for (;;) {
            while (i <= j && compare(base + i * size, base) < 0) ++i;
            while (j >= i && compare(base + j * size, base) > 0) --j;
            if (i >= j) break;
            swapBytes(base + i * size, base + j * size, size);
            ++i;
            --j;
        }
        swapBytes(base, base + j * size, size);
        const size_t left = j, right = n - j - 1;
        if (left < right) {
            sortRange(base, left, size, compare);
            base += (j + 1) * size;
            n = right;
        } else {
            sortRange(base + (j + 1) * size, right, size, compare);
            n = left;
        }
    }
    for (size_t i = 1; i < n; ++i)
        for (size_t k = i; k > 0 && compare(base + (k - 1) * size, base + k * size) > 0; --k)
            swapBytes(base + (k - 1) * size, base + k * size, size);
}

void qsort(void *base, size_t n, size_t size, int (*compare)(const void *, const void *)) {
    if (n > 1 && size > 0)
        sortRange((char *)base, n, size, compare);
}

void *bsearch(const void *key, const void *base, size_t n, size_t size, int (*compare)(const void *, const void *)) {
    const char *lo = (const char *)base;
    while (n > 0) {
        const char *mid = lo + (n / 2) * size;
        const int c = compare(key, mid);
        if (c == 0)
            return (void *)mid;
        if (c > 0) {
            lo = mid + size;
            n -= n / 2 + 1;
        } else {
            n /= 2;
        }
    }
    return 0;
}

// rand(): glibc's default generator (TYPE_3: additive feedback, r[i] = r[i-3] + r[i-31]), so
// programs print the same numbers as natively; seed 1 unless srand says otherwise. POSIX does not
// make rand() thread-safe; glibc locks it. Here every state access is atomic (no data race reported).
static int weft_rand_ring[34];
static unsigned weft_rand_index; // the next r[i] to compute, i >= 344 once seeded
static int weft_rand_seeded;

static int ringGet(unsigned i) { return __atomic_load_n(&weft_rand_ring[i % 34], __ATOMIC_RELAXED); }
static void ringSet(unsigned i, int v) { __atomic_store_n(&weft_rand_ring[i % 34], v, __ATOMIC_RELAXED); }

static int nextRandom(void) {
    const unsigned i = __atomic_fetch_add(&weft_rand_index, 1, __ATOMIC_RELAXED);
    const int v = (int)((unsigned)ringGet(i - 31) + (unsigned)ringGet(i - 3));
    ringSet(i, v);
    return v;
}

void srand(unsigned int seed) {
    int r = seed == 0 ? 1 : (int)seed;
    ringSet(0, r);
    for (unsigned i = 1; i < 31; ++i) {
        const long hi = r / 127773, lo = r % 127773;
        long word = 16807 * lo - 2836 * hi;
        if (word < 0)
            word += 2147483647;
        r = (int)word;
        ringSet(i, r);
    }
    for (unsigned i = 31; i < 34; ++i)
        ringSet(i, ringGet(i - 31));
    __atomic_store_n(&weft_rand_index, 34u, __ATOMIC_RELAXED);
    for (unsigned i = 34; i < 344; ++i)
        nextRandom();
    __atomic_store_n(&weft_rand_seeded, 1, __ATOMIC_RELAXED);
}

int rand(void) {
    if (!__atomic_load_n(&weft_rand_seeded, __ATOMIC_RELAXED))
        srand(1);
    return (int)((unsigned)nextRandom() >> 1);
}
long random(void) { return rand(); }
void srandom(unsigned int seed) { srand(seed); }

int rand_r(unsigned int *seed) {
    unsigned int next = *seed;
    int result;
    next = next * 1103515245u + 12345u;
    result = (int)((next / 65536u) % 2048u);
    next = next * 1103515245u + 12345u;
    result = (int)(((unsigned)result << 10) ^ ((next / 65536u) % 1024u));
    next = next * 1103515245u + 12345u;
    result = (int)(((unsigned)result << 10) ^ ((next / 65536u) % 1024u));
    *seed = next;
    return result;
}

// The program runs with an empty environment.
char *getenv(const char *name) {
    (void)name;
    return 0;
}
char *secure_getenv(const char *name) { return getenv(name); }

// Allocation beyond malloc/calloc/realloc/free (native). Every block the interpreter allocates starts
// at offset 0 of an object of its own, and pointers keep the offset in their low bits, so any block
// is aligned for every power of two up to 2^27: the aligned allocators only check their arguments.
void *reallocarray(void *p, size_t n, size_t size) {
    size_t bytes;
    if (__builtin_mul_overflow(n, size, &bytes)) {
        errno = ENOMEM;
        return 0;
    }
    return realloc(p, bytes);
}

static int isAlignment(size_t alignment) { return alignment != 0 && (alignment & (alignment - 1)) == 0 && alignment <= (1u << 27); }

void *aligned_alloc(size_t alignment, size_t size) {
    if (!isAlignment(alignment)) {
        errno = EINVAL;
        return 0;
    }
    return malloc(size);
}

void *memalign(size_t alignment, size_t size) { return aligned_alloc(alignment, size); }

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (!isAlignment(alignment) || alignment < sizeof(void *))
        return EINVAL;
    void *p = malloc(size);
    if (!p && size != 0)
        return ENOMEM;
    *out = p;
    return 0;
}

// atexit handlers, run in reverse order of registration when the program exits: exit() from any
// thread or main returning (the interpreter runs __weft_exit_handlers once, then exits); _Exit and
// _exit skip them. Registration is atomic: threads may register while others exit.
#define WEFT_ATEXIT 32
static void (*weft_atexit_handlers[WEFT_ATEXIT])(void);
static unsigned weft_atexit_count;
void __weft_exit_handlers(void);
static void (*weft_exit_handlers)(void); // makes the linker keep __weft_exit_handlers

int atexit(void (*handler)(void)) {
    __atomic_store_n(&weft_exit_handlers, __weft_exit_handlers, __ATOMIC_SEQ_CST);
    unsigned n = __atomic_load_n(&weft_atexit_count, __ATOMIC_SEQ_CST);
    do {
        if (n >= WEFT_ATEXIT)
            return -1;
    } while (!__atomic_compare_exchange_n(&weft_atexit_count, &n, n + 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
    __atomic_store_n(&weft_atexit_handlers[n], handler, __ATOMIC_SEQ_CST);
    return 0;
}

void __weft_exit_handlers(void) {
    // A handler may register another: it runs next, as POSIX asks.
    for (unsigned n = __atomic_load_n(&weft_atexit_count, __ATOMIC_SEQ_CST); n > 0;
         n = __atomic_load_n(&weft_atexit_count, __ATOMIC_SEQ_CST)) {
        if (!__atomic_compare_exchange_n(&weft_atexit_count, &n, n - 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
            continue;
        void (*handler)(void) = __atomic_load_n(&weft_atexit_handlers[n - 1], __ATOMIC_SEQ_CST);
        if (handler)
            handler();
    }
}
