// Weft's formatted output into strings: sprintf and snprintf (truncation, the return value, size 0),
// then printed with puts, fputs and fprintf; the other ways to the standard streams (fwrite, perror,
// the _unlocked forms, flockfile, dprintf, write on descriptors 1 and 2) and what a program asks of
// them (setvbuf, fileno, isatty). Deterministic: tst_RuntimePrograms compares its output (stdout and
// stderr, merged) with the same program compiled natively.
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void standardStreams(void) {
    fwrite("fwrite |\n", 1, 9, stdout);
    const size_t whole = fwrite("ab", 2, 1, stdout), none = fwrite("ab", 0, 1, stdout);
    printf(" fwrite returns %zu, size 0: %zu\n", whole, none);
    errno = ERANGE;
    perror("perror");
    errno = EINVAL;
    perror(NULL);
    flockfile(stdout);
    putc_unlocked('u', stdout);
    fputc_unlocked('v', stdout);
    putchar_unlocked('w');
    fputs_unlocked(" unlocked\n", stdout);
    funlockfile(stdout);
    dprintf(1, "dprintf %d\n", 1);
    const ssize_t written = write(1, "write 1\n", 8);
    write(2, "write 2\n", 8);
    errno = 0;
    const ssize_t toStdin = write(0, "x", 1);
    printf("write returns %zd, on 0: %zd %s\n", written, toStdin, strerror(errno));
    char byte;
    errno = 0;
    printf("read 0: %zd\n", read(0, &byte, 1));
    const ssize_t fromStdout = read(1, &byte, 1);
    printf("read on 1: %zd %s\n", fromStdout, strerror(errno));
    const int tty = isatty(1);
    const int why = errno;
    printf("fileno %d %d %d, isatty(1) %d %s\n", fileno(stdin), fileno(stdout), fileno(stderr), tty, strerror(why));
}

int main(void) {
    setvbuf(stdout, NULL, _IONBF, 0); // natively, the merged stdout and stderr keep their order
    char buffer[64];
    int n = sprintf(buffer, "%d-%s-%5.2f|%x|%c", 42, "abc", 3.14159, 255, 'z');
    printf("sprintf %d '%s'\n", n, buffer);
    char small[8];
    n = snprintf(small, sizeof small, "%s", "truncated text");
    printf("snprintf %d '%s' %zu\n", n, small, strlen(small));
    n = snprintf(NULL, 0, "%d items", 12345);
    printf("snprintf size 0: %d\n", n);
    volatile size_t one = 1;
    n = snprintf(small, one, "x");
    printf("snprintf size 1: %d '%s'\n", n, small);
    char line[32];
    snprintf(line, sizeof line, "%-6s|%6s|%06d", "ab", "cd", -42);
    puts(line);
    fputs(line, stdout);
    fputc('\n', stdout);
    fprintf(stdout, "%s %lu %lld %%\n", "done", 7ul, -8ll);
    standardStreams();
    return 0;
}
