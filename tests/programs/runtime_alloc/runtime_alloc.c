// Weft's runtime library, allocation beyond malloc: reallocarray (overflow checked), aligned_alloc,
// posix_memalign, memalign. Deterministic: tst_RuntimePrograms compares its output with the same
// program compiled natively.
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int *a = reallocarray(0, 4, sizeof(int));
    for (int i = 0; i < 4; ++i)
        a[i] = i * i;
    a = reallocarray(a, 8, sizeof(int));
    for (int i = 4; i < 8; ++i)
        a[i] = i * i;
    int sum = 0;
    for (int i = 0; i < 8; ++i)
        sum += a[i];
    printf("reallocarray: sum %d\n", sum);
    errno = 0;
    void *huge = reallocarray(a, SIZE_MAX / 2, 4);
    printf("reallocarray overflow: %s, errno ENOMEM %d, old block kept %d\n", huge ? "block" : "NULL",
           errno == ENOMEM, a[7]);
    free(a);

    for (size_t alignment = 8; alignment <= 4096; alignment *= 8) {
        char *p = aligned_alloc(alignment, 3 * alignment);
        p[3 * alignment - 1] = 'x';
        printf("aligned_alloc(%zu): aligned %d\n", alignment, (uintptr_t)p % alignment == 0);
        free(p);
    }

    void *q = 0;
    printf("posix_memalign(64): %d", posix_memalign(&q, 64, 100));
    printf(", aligned %d\n", (uintptr_t)q % 64 == 0);
    free(q);
    printf("posix_memalign(3): EINVAL %d\n", posix_memalign(&q, 3, 100) == EINVAL);
    printf("posix_memalign(4): EINVAL %d\n", posix_memalign(&q, 4, 100) == EINVAL);

    double *d = memalign(32, 4 * sizeof(double));
    d[3] = 2.5;
    printf("memalign(32): aligned %d, d[3] %.1f\n", (uintptr_t)d % 32 == 0, d[3]);
    free(d);
    return 0;
}
