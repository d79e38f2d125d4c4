// Weft's sscanf on strings: %d %i %u %x %o %f %lf %e %g %s %c %[..] %n, widths, suppression and
// length modifiers, matching and input failures; vsscanf; and reading stdin, which is empty under
// Weft (scanf, fscanf, vscanf, vfscanf, getchar, fgets, getline, fread, ungetc, feof). Deterministic:
// tst_RuntimePrograms compares its output with the same program compiled natively, run with its
// standard input from /dev/null.
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void integers(void) {
    int d = -1, i = -1, n = -1;
    unsigned u = 0, x = 0, o = 0;
    int got = sscanf("  -42 0x1f 3000000000 ff 755", "%d %i %u %x %o%n", &d, &i, &u, &x, &o, &n);
    printf("integers: %d -> %d %d %u %u %u n=%d\n", got, d, i, u, x, o, n);
    long l = 0;
    long long ll = 0;
    short h = 0;
    signed char hh = 0;
    unsigned long long ull = 0;
    got = sscanf("123456789012 -9000000000000 70000 300 18446744073709551615", "%ld %lld %hd %hhd %llu", &l, &ll,
                 &h, &hh, &ull);
    printf("lengths: %d -> %ld %lld %hd %hhd %llu\n", got, l, ll, h, hh, ull);
    int a = 0, b = 0, c = 0;
    got = sscanf("12345678", "%3d%2d%d", &a, &b, &c);
    printf("widths: %d -> %d %d %d\n", got, a, b, c);
    got = sscanf("010 0x10 10", "%i %i %i", &a, &b, &c);
    printf("%%i bases: %d -> %d %d %d\n", got, a, b, c);
    got = sscanf("7 skip 9", "%d %*s %d", &a, &b);
    printf("suppressed: %d -> %d %d\n", got, a, b);
}

static void reals(void) {
    float f = 0;
    double lf = 0, e = 0, g = 0;
    int got = sscanf("3.25 -1.5e3 2e-2 .5x", "%f %lf %le %lg", &f, &lf, &e, &g);
    printf("reals: %d -> %.3f %.3f %.4f %.3f\n", got, (double)f, lf, e, g);
    got = sscanf("1.23456789", "%4lf", &lf);
    printf("real width: %d -> %.6f\n", got, lf);
    // A long double is stored exactly (computing with one is unsupported under Weft): its 10 bytes.
    long double ld = 0;
    unsigned char bytes[10];
    got = sscanf("-2.75e10", "%Lf", &ld);
    memcpy(bytes, &ld, sizeof bytes);
    printf("long double: %d ->", got);
    for (int i = 0; i < 10; ++i)
        printf(" %02x", bytes[i]);
    printf("\n");
}

static void strings(void) {
    char word[16] = "", rest[32] = "", letters[8] = "", chars[4] = {0};
    char c = 0;
    int n = 0;
    int got = sscanf("hello world, again", "%s %[^,], %n%s", word, rest, &n, letters);
    printf("strings: %d -> '%s' '%s' n=%d '%s'\n", got, word, rest, n, letters);
    got = sscanf("abcdefgh", "%3c%c%3s", chars, &c, word);
    printf("chars: %d -> '%.3s' '%c' '%s'\n", got, chars, c, word);
    got = sscanf("key=value;", "%[a-z]=%[^;]", word, rest);
    printf("sets: %d -> '%s' '%s'\n", got, word, rest);
    got = sscanf("  x", "%c", &c);
    printf("%%c keeps spaces: %d -> '%c'\n", got, c);
    got = sscanf("  x", " %c", &c);
    printf("' %%c' skips them: %d -> '%c'\n", got, c);
}

static void failures(void) {
    int a = -1, b = -1, got;
    got = sscanf("", "%d", &a);
    printf("empty input: %d\n", got);
    got = sscanf("   ", "%d", &a);
    printf("only spaces: %d\n", got);
    got = sscanf("abc", "%d", &a);
    printf("matching failure: %d (a=%d)\n", got, a);
    got = sscanf("5 x", "%d %d", &a, &b);
    printf("partial: %d (a=%d b=%d)\n", got, a, b);
    got = sscanf("5-6", "%d+%d", &a, &b);
    printf("literal: %d\n", got);
    got = sscanf("50% 7", "%d%% %d", &a, &b);
    printf("percent: %d (a=%d b=%d)\n", got, a, b);
    got = sscanf("5", "%d,%d", &a, &b);
    printf("end after literal: %d\n", got);
}

static int scanList(const char *input, const char *format, ...) {
    va_list args;
    va_start(args, format);
    const int got = vsscanf(input, format, args);
    va_end(args);
    return got;
}

static int scanStdin(int fromStream, const char *format, ...) {
    va_list args;
    va_start(args, format);
    const int got = fromStream ? vfscanf(stdin, format, args) : vscanf(format, args);
    va_end(args);
    return got;
}

static void lists(void) {
    int a = 0, n = 0;
    char word[8] = "";
    double d = 0;
    const int got = scanList("17 seven 2.5", "%d %7s %lf%n", &a, word, &d, &n);
    printf("vsscanf: %d -> %d '%s' %.2f n=%d\n", got, a, word, d, n);
    printf("vsscanf failure: %d\n", scanList("x", "%d", &a));
}

// One call per statement: the order in which C evaluates a call's arguments is unspecified (GCC and
// Clang differ).
static void emptyStdin(void) {
    int a = -1, n = -1;
    const int viaScanf = scanf("%d", &a);
    const int viaFscanf = fscanf(stdin, " %d", &a);
    const int viaVscanf = scanStdin(0, "%d", &a);
    const int viaVfscanf = scanStdin(1, "%d", &a);
    printf("scanf: %d, fscanf: %d, vscanf: %d, vfscanf: %d (a=%d)\n", viaScanf, viaFscanf, viaVscanf, viaVfscanf, a);
    const int literal = scanf("abc");
    const int count = scanf("%n", &n);
    printf("literal format: %d, %%n: %d (n=%d)\n", literal, count, n);
    const int c = getchar();
    printf("getchar: %d, feof: %d\n", c, feof(stdin) != 0);
    clearerr(stdin);
    printf("after clearerr: feof %d\n", feof(stdin) != 0);
    char line[8] = "unset";
    const char *got = fgets(line, sizeof line, stdin);
    printf("fgets: %s, line '%s'\n", got ? "a line" : "NULL", line);
    char *text = NULL;
    size_t size = 0;
    printf("getline: %ld\n", (long)getline(&text, &size, stdin));
    free(text);
    printf("fread: %zu\n", fread(line, 1, sizeof line, stdin));
    const int pushed = ungetc('q', stdin);
    const int first = getc(stdin);
    const int second = fgetc(stdin);
    printf("ungetc: %d, then getc: %c, fgetc: %d\n", pushed, first, second);
    ungetc('z', stdin);
    printf("fgets after ungetc: %s\n", fgets(line, sizeof line, stdin));
    printf("ferror(stdin): %d\n", ferror(stdin));
}

int main(void) {
    integers();
    reals();
    strings();
    failures();
    lists();
    emptyStdin();
    return 0;
}
