// Weft's runtime library, <stdlib.h>: number conversions, abs/div, qsort/bsearch, rand, getenv.
// Deterministic: tst_RuntimePrograms compares its output with the same program compiled natively.
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct point {
    int x, y;
};

static int byInt(const void *a, const void *b) {
    const int l = *(const int *)a, r = *(const int *)b;
    return (l > r) - (l < r);
}

static int byName(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

static int byXThenY(const void *a, const void *b) {
    const struct point *p = a, *q = b;
    return p->x != q->x ? p->x - q->x : p->y - q->y;
}

static void conversions(void) {
    static const char *const integers[] = {"42", "  -17xyz", "0x1F", "0755", "+9", "", "abc", "-0",
                                           "9223372036854775807", "9223372036854775808", "-9223372036854775809",
                                           "18446744073709551615", "18446744073709551616", "  0x", "1e3"};
    for (unsigned i = 0; i < sizeof integers / sizeof *integers; ++i) {
        const char *s = integers[i];
        char *end;
        errno = 0;
        long l = strtol(s, &end, 0);
        int lerr = errno;
        errno = 0;
        unsigned long long u = strtoull(s, 0, 10);
        int uerr = errno;
        printf("'%s': strtol %ld rest '%s' errno %d, strtoull %llu errno %d, atoi %d, atol %ld, atoll %lld\n", s, l,
               end, lerr, u, uerr, atoi(s), atol(s), atoll(s));
    }
    printf("bases: %ld %ld %lu %lld %llu\n", strtol("zz", 0, 36), strtol("-101", 0, 2), strtoul("ff", 0, 16),
           strtoll("777", 0, 8), strtoull("-1", 0, 10));
    static const char *const reals[] = {"3.25", "-0.5e-3", "1e10", "  +12.5abc", ".75", "6.", "0x1.8p1",
                                        "inf", "-Infinity", "1e400", "123456789012345678901234", "x"};
    for (unsigned i = 0; i < sizeof reals / sizeof *reals; ++i) {
        char *end;
        errno = 0;
        double d = strtod(reals[i], &end);
        printf("'%s': strtod %.10g rest '%s' erange %d, strtof %.6g, atof %.10g\n", reals[i], d, end, errno == ERANGE,
               (double)strtof(reals[i], 0), atof(reals[i]));
    }
}

static void arithmetic(void) {
    div_t d = div(-7, 2);
    ldiv_t ld = ldiv(7L, -2L);
    lldiv_t lld = lldiv(-9LL, -4LL);
    printf("abs %d %ld %lld, div %d %d, ldiv %ld %ld, lldiv %lld %lld\n", abs(-5), labs(-6L), llabs(-7LL), d.quot, d.rem,
           ld.quot, ld.rem, lld.quot, lld.rem);
}

static void sorting(void) {
    int numbers[] = {5, -3, 9, 1, 7, 2, 8, 6, 4, 0, 11, 10, 3, 3, -8, 100, 42, 17, 1, 0};
    const int n = sizeof numbers / sizeof *numbers;
    qsort(numbers, n, sizeof *numbers, byInt);
    for (int i = 0; i < n; ++i)
        printf("%d ", numbers[i]);
    printf("\n");
    for (int key = -9; key <= 12; key += 3) {
        const int *found = bsearch(&key, numbers, n, sizeof *numbers, byInt);
        printf("bsearch %d: %s\n", key, found ? "found" : "absent");
    }
    const char *names[] = {"pear", "apple", "fig", "banana", "cherry", "date"};
    qsort(names, 6, sizeof *names, byName);
    for (int i = 0; i < 6; ++i)
        printf("%s ", names[i]);
    printf("\n");
    struct point points[] = {{3, 1}, {1, 2}, {3, 0}, {2, 2}, {1, 1}, {2, 0}, {0, 9}, {3, 3}, {1, 0}};
    qsort(points, 9, sizeof *points, byXThenY);
    for (int i = 0; i < 9; ++i)
        printf("(%d,%d) ", points[i].x, points[i].y);
    printf("\n");
}

static int drawn[2][3];

static void *drawer(void *arg) {
    const int index = *(int *)arg;
    unsigned seed = 100u + (unsigned)index;
    for (int i = 0; i < 3; ++i)
        drawn[index][i] = rand_r(&seed);
    return 0;
}

static void randomness(void) {
    printf("rand:");
    for (int i = 0; i < 4; ++i)
        printf(" %d", rand());
    srand(2024);
    printf("\nsrand(2024):");
    for (int i = 0; i < 4; ++i)
        printf(" %d", rand());
    srand(1);
    printf("\nsrand(1) again: %d\n", rand());
    // rand_r in two threads, each with its own seed: the same numbers whatever the interleaving.
    pthread_t threads[2];
    int indices[2] = {0, 1};
    for (int i = 0; i < 2; ++i)
        pthread_create(&threads[i], 0, drawer, &indices[i]);
    for (int i = 0; i < 2; ++i)
        pthread_join(threads[i], 0);
    for (int i = 0; i < 2; ++i)
        printf("rand_r seed %d: %d %d %d\n", 100 + i, drawn[i][0], drawn[i][1], drawn[i][2]);
}

int main(void) {
    conversions();
    arithmetic();
    sorting();
    randomness();
    const char *unset = getenv("WEFT_SURELY_UNSET_VARIABLE");
    printf("getenv: %s\n", unset ? unset : "(null)");
    return 0;
}
