// Single-threaded computation: arithmetic, loops, arrays, structs, function pointers, recursion, heap,
// strings and printf. expected.out is the exact output of the same file built natively (clang -lm).
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct point { int x, y; };
struct pair { long a, b; };

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static const char *classify(int v)
{
    switch (v) {
    case 0: return "zero";
    case 1:
    case 2: return "small";
    case 100: return "hundred";
    default: return v < 0 ? "negative" : "other";
    }
}
static long many(char a, short b, int c, long d, unsigned char e, double f, float g, long long h)
{
    return a + b + c + d + e + (long)(f * 10) + (long)(g * 100) + h;
}
static int twice(int v) { return 2 * v; }
static int square(int v) { return v * v; }
static struct pair make(long a) { struct pair p = {a, a * 10}; return p; }

int table[5] = {5, 4, 3, 2, 1};
const char *greeting = "hello";
int *second = &table[1];
struct point origin = {3, -4};

int main(void) {
    int (*ops[2])(int) = {twice, square};
    int sum = 0;
    for (int i = 0; i < 5; ++i)
        sum += table[i] * ops[i % 2](i);
    struct point pts[3];
    for (int i = 0; i < 3; ++i) {
        pts[i].x = i;
        pts[i].y = -i * 3;
    }
    struct point copy = pts[2];
    int *heap = malloc(10 * sizeof(int));
    for (int i = 0; i < 10; ++i)
        heap[i] = i * i;
    heap = realloc(heap, 20 * sizeof(int));
    long total = 0;
    for (int i = 0; i < 10; ++i)
        total += heap[i];
    free(heap);
    int *zeros = calloc(4, sizeof(int));
    int zsum = zeros[0] + zeros[3];
    free(zeros);
    char buf[32];
    strcpy(buf, greeting);
    strcat(buf, ", world");
    char other[32];
    memcpy(other, buf, strlen(buf) + 1);
    memset(other, 'x', 2);
    unsigned char u = 250;
    u += 10;
    long long big = 1LL << 40;
    unsigned int ui = 4000000000u;
    double d = 1.5;
    float f = 2.25f;
    int a = 7, b = 2;
    for (int k = 0; k < 3; ++k) {
        int t = a;
        a = b;
        b = t;
    }
    struct pair p = make(4);
    unsigned shifts = (0x80000000u >> 31) | (1u << 4);
    int neg = -100;
    printf("fib=%d sum=%d copy=%d,%d total=%ld zsum=%d origin=%d\n", fib(15), sum, copy.x, copy.y, total, zsum,
           origin.x * origin.y);
    printf("%s len=%zu cmp=%d second=%d other=%s ncmp=%d mcmp=%d\n", buf, strlen(buf), strcmp(buf, "hello") > 0,
           *second, other, strncmp(buf, "help", 3), memcmp(buf, other, 2) < 0);
    printf("u=%u big=%lld ui=%u div=%d rem=%d hex=%x/%08X shifts=%u neg>>2=%d\n", u, big, ui, -17 / 5, -17 % 5,
           255, 0xbeef, shifts, neg >> 2);
    printf("d=%.3f f=%g sqrt=%f pow=%.1f [%5d|%-5d] %c%c %%\n", d * 3, f, sqrt(2.0), pow(2, 10), 42, 42, 'o',
           'k');
    printf("a=%d b=%d p=%ld,%ld abs=%d atoi=%d conv=%d,%u,%.2f\n", a, b, p.a, p.b, abs(-9), atoi("123"),
           (int)-2.75, (unsigned)(double)3e9, (double)(float)1 / 3);
    const char *names[5];
    int idx = 0;
    for (int v = -1; v <= 3; v++)
        names[idx++] = classify(v == 3 ? 100 : v);
    signed char sc = (signed char)200;
    short sh = (short)40000;
    unsigned short us = (unsigned short)-1;
    unsigned long ul = 18446744073709551615ul;
    long long ll = -9000000000ll;
    float fa = 0.1f, fb = 0.2f;
    double tenth = 0.1;
    double nan = 0.0 / 0.0;
    int k = 0;
    do {
        k += 3;
    } while (k < 10);
    ptrdiff_t span = &table[4] - &table[1];
    printf("%s %s %s %s %s many=%ld\n", names[0], names[1], names[2], names[3], names[4],
           many('A', -2, 3, 40000000000l, 255, 0.25, 1.5f, -7));
    printf("sc=%d sh=%hd us=%hu ul=%lu ll=%lli k=%i span=%td p=%p\n", sc, sh, us, ul, ll, k, span, (void *)0);
    printf("flt=%d,%d,%d nan=%d,%d uns=%d mixed=%d %.10f %e\n", fa + fb == 0.3f, fa < fb, (double)fa == tenth,
           nan == nan, nan != nan, -1 < 0u, (unsigned char)-1 > (signed char)-1, 1.0 / 3, 12345.678);
    printf("bits=%x,%x,%x,%d [%-8s|%8s|%.2s] %05d %+d %llu\n", 0xF0F0 & 0x0FF0, 0xF0 | 0x0F, 0xFF ^ 0x0F,
           ~5, "ab", "cd", "efgh", 42, 7, 1ull << 63);
    puts("done");
    putchar('!');
    putchar('\n');
    return 0;
}
