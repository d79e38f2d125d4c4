// Weft's formatted output into strings: sprintf and snprintf (truncation, the return value, size 0),
// then printed with puts, fputs and fprintf. Deterministic: tst_RuntimePrograms compares its output
// with the same program compiled natively.
#include <stdio.h>
#include <string.h>

int main(void) {
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
    return 0;
}
