// SPDX-License-Identifier: MIT
// <stdio.h> streams and the standard file descriptors beyond the console output the interpreter
// runs natively (printf, fputc, ...). The program runs with an empty standard input (as `prog <
// /dev/null`): every read from stdin meets the end of the file; stdout and stderr are write-only,
// so reading them fails with EBADF, as glibc does. Output is never buffered (setvbuf and friends
// change nothing). Opening files is an unsupported operation, so no other stream or descriptor
// exists: one is EBADF. The scanf family is native (engine/interpreter/libc/ScanCalls.cpp). Part
// of Weft's runtime library: interpreted like the user's code.
#define _GNU_SOURCE // the _unlocked forms, setlinebuf, dprintf
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

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

// Output.

static int isOutput(FILE *stream) { return stream == stdout || stream == stderr; }

size_t fwrite(const void *from, size_t size, size_t count, FILE *stream) {
    if (!isOutput(stream)) {
        errno = EBADF;
        return 0;
    }
    const unsigned char *bytes = from;
    for (size_t i = 0; i < size * count; ++i)
        fputc(bytes[i], stream);
    return size == 0 ? 0 : count;
}

void perror(const char *prefix) {
    const char *message = strerror(errno);
    if (prefix && *prefix)
        fprintf(stderr, "%s: %s\n", prefix, message);
    else
        fprintf(stderr, "%s\n", message);
}

int setvbuf(FILE *stream, char *buffer, int mode, size_t size) {
    (void)buffer;
    (void)size;
    if (streamIndex(stream) < 0 || (mode != _IONBF && mode != _IOLBF && mode != _IOFBF)) {
        errno = EINVAL;
        return -1;
    }
    return 0;
}
void setbuf(FILE *stream, char *buffer) { setvbuf(stream, buffer, buffer ? _IOFBF : _IONBF, BUFSIZ); }
void setbuffer(FILE *stream, char *buffer, size_t size) { setvbuf(stream, buffer, buffer ? _IOFBF : _IONBF, size); }
void setlinebuf(FILE *stream) { setvbuf(stream, NULL, _IOLBF, 0); }

int fileno(FILE *stream) {
    const int i = streamIndex(stream);
    if (i < 0)
        errno = EBADF;
    return i;
}

// A FILE's lock is a recursive mutex per stream, so that flockfile orders threads as it does natively.
static pthread_mutex_t streamLocks[3] = {PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP,
                                         PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP,
                                         PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP};

void flockfile(FILE *stream) {
    const int i = streamIndex(stream);
    if (i >= 0)
        pthread_mutex_lock(&streamLocks[i]);
}
int ftrylockfile(FILE *stream) {
    const int i = streamIndex(stream);
    return i >= 0 ? pthread_mutex_trylock(&streamLocks[i]) != 0 : 0;
}
void funlockfile(FILE *stream) {
    const int i = streamIndex(stream);
    if (i >= 0)
        pthread_mutex_unlock(&streamLocks[i]);
}

int putc_unlocked(int c, FILE *stream) { return fputc(c, stream); }
int fputc_unlocked(int c, FILE *stream) { return fputc(c, stream); }
int putchar_unlocked(int c) { return putchar(c); }
int fputs_unlocked(const char *s, FILE *stream) { return fputs(s, stream); }
int fflush_unlocked(FILE *stream) { return fflush(stream); }
size_t fwrite_unlocked(const void *from, size_t size, size_t count, FILE *stream) {
    return fwrite(from, size, count, stream);
}
size_t fread_unlocked(void *to, size_t size, size_t count, FILE *stream) { return fread(to, size, count, stream); }
char *fgets_unlocked(char *s, int size, FILE *stream) { return fgets(s, size, stream); }

// The standard descriptors: 0 reads as an empty file, 1 and 2 write to stdout and stderr.

static FILE *outputOf(int fd) { return fd == 1 ? stdout : fd == 2 ? stderr : NULL; }

ssize_t write(int fd, const void *from, size_t size) {
    FILE *out = outputOf(fd);
    if (!out) {
        errno = EBADF; // stdin is open for reading only, and nothing else is open
        return -1;
    }
    fwrite(from, 1, size, out);
    return (ssize_t)size;
}

ssize_t read(int fd, void *to, size_t size) {
    (void)to;
    (void)size;
    if (fd != 0) {
        errno = EBADF;
        return -1;
    }
    return 0;
}

int isatty(int fd) {
    errno = fd >= 0 && fd <= 2 ? ENOTTY : EBADF; // stdin is empty and the output is captured
    return 0;
}

int vdprintf(int fd, const char *format, va_list args) {
    FILE *out = outputOf(fd);
    if (!out) {
        errno = EBADF;
        return -1;
    }
    return vfprintf(out, format, args);
}

int dprintf(int fd, const char *format, ...) {
    va_list args;
    va_start(args, format);
    const int n = vdprintf(fd, format, args);
    va_end(args);
    return n;
}
