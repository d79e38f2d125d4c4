// SPDX-License-Identifier: MIT
// Reading <stdio.h> streams. The program runs with an empty standard input (as `prog < /dev/null`):
// every read from stdin meets the end of the file; stdout and stderr are write-only, so reading them
// fails with EBADF, as glibc does. The scanf family is native (engine/interpreter/libc/ScanCalls.cpp);
// opening files is an unsupported operation. Part of Weft's runtime library: interpreted like the
// user's code.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

// The end-of-file and error indicators of stdin, stdout and stderr, and a character ungetc pushed
// back (+1; 0 for none). A FILE is shared by threads, so these are atomic (glibc locks the stream).
static int endOfFile[3];
static int readError[3];
static int pushedBack[3];

static int streamIndex(FILE *stream) {
    if (stream == stdin)
        return 0;
    if (stream == stdout)
        return 1;
    return stream == stderr ? 2 : -1;
}

/// The next character of `stream`: one ungetc pushed back, else EOF with the indicator set (the end
/// of stdin, or an error on a write-only stream).
static int nextChar(FILE *stream) {
    const int i = streamIndex(stream);
    if (i >= 0) {
        const int pushed = __atomic_exchange_n(&pushedBack[i], 0, __ATOMIC_SEQ_CST);
        if (pushed)
            return pushed - 1;
    }
    if (i == 0) {
        __atomic_store_n(&endOfFile[0], 1, __ATOMIC_SEQ_CST);
    } else {
        errno = EBADF;
        if (i > 0)
            __atomic_store_n(&readError[i], 1, __ATOMIC_SEQ_CST);
    }
    return EOF;
}

int fgetc(FILE *stream) { return nextChar(stream); }
int getc(FILE *stream) { return nextChar(stream); }
int getchar(void) { return nextChar(stdin); }
int fgetc_unlocked(FILE *stream) { return nextChar(stream); }
int getc_unlocked(FILE *stream) { return nextChar(stream); }
int getchar_unlocked(void) { return nextChar(stdin); }

int ungetc(int c, FILE *stream) {
    const int i = streamIndex(stream);
    if (c == EOF || i < 0)
        return EOF;
    __atomic_store_n(&pushedBack[i], (unsigned char)c + 1, __ATOMIC_SEQ_CST);
    __atomic_store_n(&endOfFile[i], 0, __ATOMIC_SEQ_CST);
    return (unsigned char)c;
}

char *fgets(char *s, int size, FILE *stream) {
    int n = 0;
    while (n < size - 1) {
        const int c = nextChar(stream);
        if (c == EOF)
            break;
        s[n++] = (char)c;
        if (c == '\n')
            break;
    }
    if (n == 0 || size <= 0)
        return NULL;
    s[n] = '\0';
    return s;
}

ssize_t getdelim(char **line, size_t *size, int delimiter, FILE *stream) {
    if (!line || !size) {
        errno = EINVAL;
        return -1;
    }
    size_t n = 0;
    for (int c; (c = nextChar(stream)) != EOF;) {
        if (!*line || n + 2 > *size) {
            const size_t grown = *size < 60 ? 120 : 2 * *size;
            char *bigger = realloc(*line, grown);
            if (!bigger)
                return -1;
            *line = bigger;
            *size = grown;
        }
        (*line)[n++] = (char)c;
        if (c == delimiter)
            break;
    }
    if (n == 0)
        return -1;
    (*line)[n] = '\0';
    return (ssize_t)n;
}

ssize_t getline(char **line, size_t *size, FILE *stream) { return getdelim(line, size, '\n', stream); }

size_t fread(void *to, size_t size, size_t count, FILE *stream) {
    unsigned char *bytes = to;
    size_t n = 0;
    for (; n < size * count; ++n) {
        const int c = nextChar(stream);
        if (c == EOF)
            break;
        bytes[n] = (unsigned char)c;
    }
    return size == 0 ? 0 : n / size;
}

int feof(FILE *stream) {
    const int i = streamIndex(stream);
    return i < 0 ? 0 : __atomic_load_n(&endOfFile[i], __ATOMIC_SEQ_CST);
}

int ferror(FILE *stream) {
    const int i = streamIndex(stream);
    return i < 0 ? 0 : __atomic_load_n(&readError[i], __ATOMIC_SEQ_CST);
}

void clearerr(FILE *stream) {
    const int i = streamIndex(stream);
    if (i >= 0) {
        __atomic_store_n(&endOfFile[i], 0, __ATOMIC_SEQ_CST);
        __atomic_store_n(&readError[i], 0, __ATOMIC_SEQ_CST);
    }
}
