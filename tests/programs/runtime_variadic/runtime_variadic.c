// SPDX-License-Identifier: MIT
// Variadic functions the program defines (va_start, va_arg, va_copy, va_end) and the v*printf forms;
// the same output as natively. TOO_FEW: a call passes fewer arguments than va_arg takes (a defect
// at the va_arg). NOT_STARTED: vprintf of a va_list va_start never set up (a defect at the call).
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static long sum(int count, ...) {
    va_list ap;
    va_start(ap, count);
    long total = 0;
    for (int i = 0; i < count; ++i)
        total += va_arg(ap, int);
    va_end(ap);
    return total;
}

static double mean(int count, ...) {
    va_list ap, again;
    va_start(ap, count);
    va_copy(again, ap);
    double total = 0;
    for (int i = 0; i < count; ++i)
        total += va_arg(ap, double);
    double first = va_arg(again, double); // the copy starts where ap was when copied
    va_end(again);
    va_end(ap);
    return count ? total / count + first - first : 0;
}

static const char *describe(const char *name, ...) {
    va_list ap;
    va_start(ap, name);
    const char *kind = va_arg(ap, const char *);
    long long size = va_arg(ap, long long);
    va_end(ap);
    static char text[64];
    snprintf(text, sizeof text, "%s is a %s of %lld bytes", name, kind, size);
    return text;
}

static void report(const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    vprintf(format, ap);
    va_end(ap);
}

static int render(char *out, size_t n, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    int written = vsnprintf(out, n, format, ap);
    va_end(ap);
    return written;
}

static void renderAll(char *out, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    vsprintf(out, format, ap);
    va_end(ap);
}

static void toStdout(const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    vfprintf(stdout, format, ap);
    va_end(ap);
}

int main(void) {
    printf("sum = %ld\n", sum(4, 1, 2, 3, 4));
    printf("empty sum = %ld\n", sum(0));
    printf("mean = %.3f\n", mean(3, 1.5, 2.5, 4.0));
    puts(describe("buffer", "char array", 4096LL));
    report("%s has %d items and %c\n", "report", 3, 'x');
    char small[8];
    const int needed = render(small, sizeof small, "%d-%d-%d", 123, 456, 789);
    printf("render: '%s' (needed %d)\n", small, needed);
    char big[64];
    renderAll(big, "%05.1f|%-4s|%x", 3.14159, "ab", 255u);
    printf("renderAll: '%s'\n", big);
    toStdout("vfprintf: %u %s\n", 7u, "done");
#ifdef TOO_FEW
    printf("short sum = %ld\n", sum(3, 1, 2));
#endif
#ifdef NOT_STARTED
    va_list never;
    memset(&never, 0, sizeof never);
    vprintf("%d\n", never);
#endif
    return 0;
}
