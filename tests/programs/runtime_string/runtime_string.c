// Weft's runtime library, <string.h>, <strings.h>, <ctype.h> and errno (one per thread).
// Deterministic: tst_RuntimePrograms compares its output with the same program compiled natively.
#define _GNU_SOURCE // strerrorname_np, strsignal, memfrob, the GNU basename
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void show(const char *label, const char *s) { printf("%s: %s\n", label, s ? s : "(null)"); }

static void searching(void) {
    const char *text = "the quick brown fox jumps over the lazy dog";
    show("strchr", strchr(text, 'q'));
    show("strrchr", strrchr(text, 'o'));
    show("strchr NUL", strchr(text, 0) == text + strlen(text) ? "end" : "wrong");
    show("strstr", strstr(text, "fox"));
    show("strstr empty", strstr(text, ""));
    show("strstr absent", strstr(text, "cat"));
    show("strpbrk", strpbrk(text, "xyz"));
    const char shortText[8] = "ab";
    printf("strspn %zu strcspn %zu strnlen %zu %zu\n", strspn(text, "the "), strcspn(text, "aeiou"),
           strnlen(text, 5), strnlen(shortText, 5));
    const char bytes[] = {'a', 0, 'b', 'c', 'b', 'd'};
    const char *b = memchr(bytes, 'b', sizeof bytes);
    printf("memchr at %d, absent %d\n", (int)(b - bytes), memchr(bytes, 'z', sizeof bytes) == 0);
}

static void copying(void) {
    char buffer[64] = "abc";
    strncat(buffer, "defghij", 3);
    show("strncat", buffer);
    char *end = stpcpy(buffer, "hello");
    printf("stpcpy %s length %d\n", buffer, (int)(end - buffer));
    char *copy = strdup("duplicate");
    char *prefix = strndup("duplicate", 3);
    show("strdup", copy);
    show("strndup", prefix);
    free(copy);
    free(prefix);
    char sentence[] = "  alpha, beta;;gamma  delta,";
    for (char *token = strtok(sentence, " ,;"); token; token = strtok(0, " ,;"))
        printf("[%s]", token);
    printf("\n");
    char line[] = "k1=v1&k2=v2&k3";
    char *outer;
    for (char *pair = strtok_r(line, "&", &outer); pair; pair = strtok_r(0, "&", &outer)) {
        char *inner;
        char *key = strtok_r(pair, "=", &inner);
        char *value = strtok_r(0, "=", &inner);
        printf("{%s:%s}", key, value ? value : "-");
    }
    printf("\n");
}

static int sign(int v) { return (v > 0) - (v < 0); }

static void comparing(void) {
    printf("strcasecmp %d %d %d strncasecmp %d %d\n", sign(strcasecmp("Hello", "hELLO")), sign(strcasecmp("abc", "ABD")),
           sign(strcasecmp("b", "A")), sign(strncasecmp("HELLOx", "helloy", 5)), sign(strncasecmp("a", "B", 1)));
    printf("strerror: %s | %s | %s | %s\n", strerror(0), strerror(EINVAL), strerror(ENOMEM), strerror(ERANGE));
}

static void classes(void) {
    const char *sample = "aZ09 \t\n!~_\x7f";
    for (const char *p = sample; *p; ++p) {
        const int c = (unsigned char)*p;
        printf("%3d: %d%d%d%d%d%d%d%d%d%d%d%d %c%c\n", c, !!isalnum(c), !!isalpha(c), !!isblank(c), !!iscntrl(c),
               !!isdigit(c), !!isgraph(c), !!islower(c), !!isprint(c), !!ispunct(c), !!isspace(c), !!isupper(c),
               !!isxdigit(c), isprint(toupper(c)) ? toupper(c) : '.', isprint(tolower(c)) ? tolower(c) : '.');
    }
    printf("EOF: %d %d\n", !!isalpha(EOF), tolower(EOF));
}

// errno is per thread: each thread sets its own and sees it after the other set theirs.
static pthread_barrier_t both;
static int seen[2];

static void *setsErrno(void *arg) {
    const int index = *(int *)arg;
    errno = index == 0 ? EINVAL : ERANGE;
    pthread_barrier_wait(&both);
    seen[index] = errno;
    return 0;
}

static void perThreadErrno(void) {
    pthread_t threads[2];
    int indices[2] = {0, 1};
    pthread_barrier_init(&both, 0, 2);
    errno = ENOMEM;
    for (int i = 0; i < 2; ++i)
        pthread_create(&threads[i], 0, setsErrno, &indices[i]);
    for (int i = 0; i < 2; ++i)
        pthread_join(threads[i], 0);
    printf("errno per thread: %s, %s, main %s\n", strerror(seen[0]), strerror(seen[1]), strerror(errno));
}

/// Every ctype function on every argument it accepts (EOF and 0..255): one line per function, the
/// characters it holds for as ranges, and where tolower/toupper change them.
static void everyCharacter(void) {
    int (*const classes[])(int) = {isalnum, isalpha, isblank, iscntrl, isdigit, isgraph,
                                   islower, isprint, ispunct, isspace, isupper, isxdigit};
    const char *const names[] = {"alnum", "alpha", "blank", "cntrl", "digit", "graph",
                                 "lower", "print", "punct", "space", "upper", "xdigit"};
    for (unsigned k = 0; k < sizeof classes / sizeof *classes; ++k) {
        printf("%s:", names[k]);
        for (int c = -1; c < 256; ++c)
            if (classes[k](c) && (c == -1 || !classes[k](c - 1)))
                printf(" %d", c);
            else if (classes[k](c) && (c == 255 || !classes[k](c + 1)))
                printf("-%d", c);
        printf("\n");
    }
    long lower = 0, upper = 0, ascii = 0;
    for (int c = -1; c < 256; ++c) {
        lower += (tolower(c) != c) * c;
        upper += (toupper(c) != c) * c;
        ascii += isascii(c) != 0;
    }
    printf("tolower moves %ld, toupper %ld, isascii %ld, toascii(200) %d, _tolower('Q') %c, _toupper('q') %c\n",
           lower, upper, ascii, toascii(200), _tolower('Q'), _toupper('q'));
}

/// strerror and strerrorname_np over every errno, strsignal, and the GNU additions.
static void gnuAdditions(void) {
    for (int e = 0; e < 136; ++e) {
        const char *name = strerrorname_np(e);
        printf("%d %s %s%s\n", e, name ? name : "-", strerror(e), strerrordesc_np(e) ? "" : " (no description)");
    }
    printf("strerror(-3) %s\n", strerror(-3));
    for (int sig = 0; sig < 66; sig += 3)
        printf("signal %d: %s\n", sig, strsignal(sig));
    char secret[] = "weft";
    memfrob(secret, 4);
    printf("memfrob %d %d", secret[0], secret[3]);
    memfrob(secret, 4);
    printf(" back %s, basename '%s' '%s' '%s'\n", secret, basename("/usr/lib/libc.so"), basename("dir/"),
           basename("plain"));
}

int main(void) {
    searching();
    copying();
    comparing();
    classes();
    perThreadErrno();
    everyCharacter();
    gnuAdditions();
    return 0;
}
