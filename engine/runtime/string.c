// SPDX-License-Identifier: MIT
// <string.h> and <strings.h> (with the GNU additions) beyond the functions the interpreter runs natively (memcpy, memmove,
// memset, memcmp, strlen, strcmp, strncmp, strcpy, strncpy, strcat). Part of Weft's runtime
// library: interpreted like the user's code. The "C" locale.
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void *memchr(const void *s, int c, size_t n) {
    const unsigned char *p = (const unsigned char *)s;
    for (; n; --n, ++p)
        if (*p == (unsigned char)c)
            return (void *)p;
    return 0;
}

void *memrchr(const void *s, int c, size_t n) {
    const unsigned char *p = (const unsigned char *)s + n;
    while (n--)
        if (*--p == (unsigned char)c)
            return (void *)p;
    return 0;
}

void *rawmemchr(const void *s, int c) {
    const unsigned char *p = (const unsigned char *)s;
    while (*p != (unsigned char)c)
        ++p;
    return (void *)p;
}

void *memccpy(void *restrict dst, const void *restrict src, int c, size_t n) {
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    for (; n; --n)
        if ((*d++ = *s++) == (unsigned char)c)
            return d;
    return 0;
}

void *mempcpy(void *restrict dst, const void *restrict src, size_t n) { return (char *)memcpy(dst, src, n) + n; }

void *memmem(const void *haystack, size_t n, const void *needle, size_t m) {
    const char *h = (const char *)haystack;
    if (m == 0)
        return (void *)h;
    for (size_t i = 0; i + m <= n; ++i)
        if (memcmp(h + i, needle, m) == 0)
            return (void *)(h + i);
    return 0;
}

char *strchr(const char *s, int c) {
    for (;; ++s) {
        if (*s == (char)c)
            return (char *)s;
        if (!*s)
            return 0;
    }
}

char *strchrnul(const char *s, int c) {
    while (*s && *s != (char)c)
        ++s;
    return (char *)s;
}

char *strrchr(const char *s, int c) {
    const char *last = 0;
    for (;; ++s) {
        if (*s == (char)c)
            last = s;
        if (!*s)
            return (char *)last;
    }
}

char *index(const char *s, int c) { return strchr(s, c); }
char *rindex(const char *s, int c) { return strrchr(s, c); }

size_t strnlen(const char *s, size_t n) {
    size_t i = 0;
    while (i < n && s[i])
        ++i;
    return i;
}

char *strncat(char *restrict dst, const char *restrict src, size_t n) {
    char *d = dst + strlen(dst);
    for (; n && *src; --n)
        *d++ = *src++;
    *d = 0;
    return dst;
}

char *stpcpy(char *restrict dst, const char *restrict src) {
    while ((*dst = *src++))
        ++dst;
    return dst;
}

char *stpncpy(char *restrict dst, const char *restrict src, size_t n) {
    size_t i = 0;
    for (; i < n && src[i]; ++i)
        dst[i] = src[i];
    char *end = dst + i;
    for (; i < n; ++i)
        dst[i] = 0;
    return end;
}

char *strdup(const char *s) {
    const size_t n = strlen(s) + 1;
    char *copy = (char *)malloc(n);
    return copy ? (char *)memcpy(copy, s, n) : 0;
}

char *strndup(const char *s, size_t n) {
    const size_t len = strnlen(s, n);
    char *copy = (char *)malloc(len + 1);
    if (!copy)
        return 0;
    memcpy(copy, s, len);
    copy[len] = 0;
    return copy;
}

size_t strspn(const char *s, const char *accept) {
    size_t i = 0;
    while (s[i] && strchr(accept, s[i]))
        ++i;
    return i;
}

size_t strcspn(const char *s, const char *reject) {
    size_t i = 0;
    while (s[i] && !strchr(reject, s[i]))
        ++i;
    return i;
}

char *strpbrk(const char *s, const char *accept) {
    s += strcspn(s, accept);
    return *s ? (char *)s : 0;
}

char *strstr(const char *haystack, const char *needle) {
    const size_t m = strlen(needle);
    for (; *haystack; ++haystack)
        if (strncmp(haystack, needle, m) == 0)
            return (char *)haystack;
    return m == 0 ? (char *)haystack : 0;
}

char *strcasestr(const char *haystack, const char *needle) {
    const size_t m = strlen(needle);
    for (; *haystack; ++haystack)
        if (strncasecmp(haystack, needle, m) == 0)
            return (char *)haystack;
    return m == 0 ? (char *)haystack : 0;
}

char *strtok_r(char *restrict s, const char *restrict delimiters, char **restrict saved) {
    if (!s)
        s = *saved;
    if (!s)
        return 0;
    s += strspn(s, delimiters);
    if (!*s) {
        *saved = s;
        return 0;
    }
    char *end = s + strcspn(s, delimiters);
    if (*end)
        *end++ = 0;
    *saved = end;
    return s;
}

static char *weft_strtok_saved; // shared by all threads, as in C: strtok is not thread-safe

char *strtok(char *restrict s, const char *restrict delimiters) { return strtok_r(s, delimiters, &weft_strtok_saved); }

char *strsep(char **restrict string, const char *restrict delimiters) {
    char *s = *string;
    if (!s)
        return 0;
    char *end = s + strcspn(s, delimiters);
    if (*end) {
        *end = 0;
        *string = end + 1;
    } else {
        *string = 0;
    }
    return s;
}

int strcasecmp(const char *a, const char *b) {
    for (;; ++a, ++b) {
        const int ca = tolower((unsigned char)*a), cb = tolower((unsigned char)*b);
        if (ca != cb || !ca)
            return ca - cb;
    }
}

int strncasecmp(const char *a, const char *b, size_t n) {
    for (; n; --n, ++a, ++b) {
        const int ca = tolower((unsigned char)*a), cb = tolower((unsigned char)*b);
        if (ca != cb || !ca)
            return ca - cb;
    }
    return 0;
}

int strcoll(const char *a, const char *b) { return strcmp(a, b); }

size_t strxfrm(char *restrict dst, const char *restrict src, size_t n) {
    const size_t len = strlen(src);
    if (len < n)
        memcpy(dst, src, len + 1);
    return len;
}

int bcmp(const void *a, const void *b, size_t n) { return memcmp(a, b, n); }
void bcopy(const void *src, void *dst, size_t n) { memmove(dst, src, n); }
void bzero(void *s, size_t n) { memset(s, 0, n); }
void explicit_bzero(void *s, size_t n) { memset(s, 0, n); }

int ffs(int i) { return __builtin_ffs(i); }
int ffsl(long i) { return __builtin_ffsl(i); }
int ffsll(long long i) { return __builtin_ffsll(i); }

// glibc's messages and names (strerrorname_np) for errno values 0..133 (0: none, as glibc).
static const char *const weft_errors[] = {
    "Success", "Operation not permitted", "No such file or directory", "No such process", "Interrupted system call",
    "Input/output error", "No such device or address", "Argument list too long", "Exec format error",
    "Bad file descriptor", "No child processes", "Resource temporarily unavailable", "Cannot allocate memory",
    "Permission denied", "Bad address", "Block device required", "Device or resource busy", "File exists",
    "Invalid cross-device link", "No such device", "Not a directory", "Is a directory", "Invalid argument",
    "Too many open files in system", "Too many open files", "Inappropriate ioctl for device", "Text file busy",
    "File too large", "No space left on device", "Illegal seek", "Read-only file system", "Too many links",
    "Broken pipe", "Numerical argument out of domain", "Numerical result out of range", "Resource deadlock avoided",
    "File name too long", "No locks available", "Function not implemented", "Directory not empty",
    "Too many levels of symbolic links", 0, "No message of desired type", "Identifier removed",
    "Channel number out of range", "Level 2 not synchronized", "Level 3 halted", "Level 3 reset",
    "Link number out of range", "Protocol driver not attached", "No CSI structure available", "Level 2 halted",
    "Invalid exchange", "Invalid request descriptor", "Exchange full", "No anode", "Invalid request code",
    "Invalid slot", 0, "Bad font file format", "Device not a stream", "No data available", "Timer expired",
    "Out of streams resources", "Machine is not on the network", "Package not installed", "Object is remote",
    "Link has been severed", "Advertise error", "Srmount error", "Communication error on send", "Protocol error",
    "Multihop attempted", "RFS specific error", "Bad message", "Value too large for defined data type",
    "Name not unique on network", "File descriptor in bad state", "Remote address changed",
    "Can not access a needed shared library", "Accessing a corrupted shared library",
    ".lib section in a.out corrupted", "Attempting to link in too many shared libraries",
    "Cannot exec a shared library directly", "Invalid or incomplete multibyte or wide character",
    "Interrupted system call should be restarted", "Streams pipe error", "Too many users",
    "Socket operation on non-socket", "Destination address required", "Message too long",
    "Protocol wrong type for socket", "Protocol not available", "Protocol not supported",
    "Socket type not supported", "Operation not supported", "Protocol family not supported",
    "Address family not supported by protocol", "Address already in use", "Cannot assign requested address",
    "Network is down", "Network is unreachable", "Network dropped connection on reset",
    "Software caused connection abort", "Connection reset by peer", "No buffer space available",
    "Transport endpoint is already connected", "Transport endpoint is not connected",
    "Cannot send after transport endpoint shutdown", "Too many references: cannot splice", "Connection timed out",
    "Connection refused", "Host is down", "No route to host", "Operation already in progress",
    "Operation now in progress", "Stale file handle", "Structure needs cleaning", "Not a XENIX named type file",
    "No XENIX semaphores available", "Is a named type file", "Remote I/O error", "Disk quota exceeded",
    "No medium found", "Wrong medium type", "Operation canceled", "Required key not available", "Key has expired",
    "Key has been revoked", "Key was rejected by service", "Owner died", "State not recoverable",
    "Operation not possible due to RF-kill", "Memory page has hardware error",
};
static const char *const weft_error_names[] = {
    "0", "EPERM", "ENOENT", "ESRCH", "EINTR", "EIO", "ENXIO", "E2BIG", "ENOEXEC", "EBADF", "ECHILD", "EAGAIN",
    "ENOMEM", "EACCES", "EFAULT", "ENOTBLK", "EBUSY", "EEXIST", "EXDEV", "ENODEV", "ENOTDIR", "EISDIR", "EINVAL",
    "ENFILE", "EMFILE", "ENOTTY", "ETXTBSY", "EFBIG", "ENOSPC", "ESPIPE", "EROFS", "EMLINK", "EPIPE", "EDOM",
    "ERANGE", "EDEADLK", "ENAMETOOLONG", "ENOLCK", "ENOSYS", "ENOTEMPTY", "ELOOP", 0, "ENOMSG", "EIDRM", "ECHRNG",
    "EL2NSYNC", "EL3HLT", "EL3RST", "ELNRNG", "EUNATCH", "ENOCSI", "EL2HLT", "EBADE", "EBADR", "EXFULL", "ENOANO",
    "EBADRQC", "EBADSLT", 0, "EBFONT", "ENOSTR", "ENODATA", "ETIME", "ENOSR", "ENONET", "ENOPKG", "EREMOTE",
    "ENOLINK", "EADV", "ESRMNT", "ECOMM", "EPROTO", "EMULTIHOP", "EDOTDOT", "EBADMSG", "EOVERFLOW", "ENOTUNIQ",
    "EBADFD", "EREMCHG", "ELIBACC", "ELIBBAD", "ELIBSCN", "ELIBMAX", "ELIBEXEC", "EILSEQ", "ERESTART", "ESTRPIPE",
    "EUSERS", "ENOTSOCK", "EDESTADDRREQ", "EMSGSIZE", "EPROTOTYPE", "ENOPROTOOPT", "EPROTONOSUPPORT",
    "ESOCKTNOSUPPORT", "EOPNOTSUPP", "EPFNOSUPPORT", "EAFNOSUPPORT", "EADDRINUSE", "EADDRNOTAVAIL", "ENETDOWN",
    "ENETUNREACH", "ENETRESET", "ECONNABORTED", "ECONNRESET", "ENOBUFS", "EISCONN", "ENOTCONN", "ESHUTDOWN",
    "ETOOMANYREFS", "ETIMEDOUT", "ECONNREFUSED", "EHOSTDOWN", "EHOSTUNREACH", "EALREADY", "EINPROGRESS", "ESTALE",
    "EUCLEAN", "ENOTNAM", "ENAVAIL", "EISNAM", "EREMOTEIO", "EDQUOT", "ENOMEDIUM", "EMEDIUMTYPE", "ECANCELED",
    "ENOKEY", "EKEYEXPIRED", "EKEYREVOKED", "EKEYREJECTED", "EOWNERDEAD", "ENOTRECOVERABLE", "ERFKILL", "EHWPOISON",
};

// glibc's descriptions of signals 1..31 (strsignal).
static const char *const weft_signals[] = {
    "Hangup", "Interrupt", "Quit", "Illegal instruction", "Trace/breakpoint trap", "Aborted", "Bus error",
    "Floating point exception", "Killed", "User defined signal 1", "Segmentation fault", "User defined signal 2",
    "Broken pipe", "Alarm clock", "Terminated", "Stack fault", "Child exited", "Continued", "Stopped (signal)",
    "Stopped", "Stopped (tty input)", "Stopped (tty output)", "Urgent I/O condition", "CPU time limit exceeded",
    "File size limit exceeded", "Virtual timer expired", "Profiling timer expired", "Window changed",
    "I/O possible", "Power failure", "Bad system call",
};

static char weft_unknown_error[32];

static const char *knownError(int e) {
    return e >= 0 && e < (int)(sizeof weft_errors / sizeof *weft_errors) ? weft_errors[e] : 0;
}

const char *strerrordesc_np(int e) { return knownError(e); }

const char *strerrorname_np(int e) {
    return e >= 0 && e < (int)(sizeof weft_error_names / sizeof *weft_error_names) ? weft_error_names[e] : 0;
}

/// `prefix` and the decimal `e` into buf.
static char *withNumber(const char *prefix, int e, char *buf) {
    char digits[12];
    int n = 0;
    unsigned v = e < 0 ? 0u - (unsigned)e : (unsigned)e;
    do
        digits[n++] = (char)('0' + v % 10);
    while (v /= 10);
    char *p = stpcpy(buf, prefix);
    if (e < 0)
        *p++ = '-';
    while (n)
        *p++ = digits[--n];
    *p = 0;
    return buf;
}

/// "Unknown error N" into buf (at least 32 bytes).
static char *unknownError(int e, char *buf) { return withNumber("Unknown error ", e, buf); }

char *strerror(int e) {
    const char *known = knownError(e);
    return known ? (char *)known : unknownError(e, weft_unknown_error);
}

char *strerror_r(int e, char *buf, size_t n) { // the GNU variant: returns the message
    const char *known = knownError(e);
    if (known)
        return (char *)known;
    char text[32];
    unknownError(e, text);
    if (n) {
        strncpy(buf, text, n - 1);
        buf[n - 1] = 0;
    }
    return buf;
}

int __xpg_strerror_r(int e, char *buf, size_t n) { // the POSIX variant
    const char *known = knownError(e);
    char text[32];
    const char *message = known ? known : unknownError(e, text);
    if (!n)
        return 34; // ERANGE
    strncpy(buf, message, n - 1);
    buf[n - 1] = 0;
    return strlen(message) >= n ? 34 : known ? 0 : 22; // ERANGE, EINVAL
}

static char weft_signal_text[32];

char *strsignal(int sig) {
    if (sig >= 1 && sig <= 31)
        return (char *)weft_signals[sig - 1];
    if (sig >= 34 && sig <= 64) // glibc numbers them from its SIGRTMIN, 34 (SIGRTMIN calls into libc)
        return withNumber("Real-time signal ", sig - 34, weft_signal_text);
    return withNumber("Unknown signal ", sig, weft_signal_text);
}

// The "C" locale is the only one: the _l forms are the plain ones.
int strcasecmp_l(const char *a, const char *b, locale_t locale) {
    (void)locale;
    return strcasecmp(a, b);
}
int strncasecmp_l(const char *a, const char *b, size_t n, locale_t locale) {
    (void)locale;
    return strncasecmp(a, b, n);
}
int strcoll_l(const char *a, const char *b, locale_t locale) {
    (void)locale;
    return strcoll(a, b);
}
size_t strxfrm_l(char *restrict dst, const char *restrict src, size_t n, locale_t locale) {
    (void)locale;
    return strxfrm(dst, src, n);
}
char *strerror_l(int e, locale_t locale) {
    (void)locale;
    return strerror(e);
}

void *memfrob(void *s, size_t n) {
    unsigned char *p = s;
    for (size_t i = 0; i < n; ++i)
        p[i] ^= 42;
    return s;
}

/// The GNU basename of <string.h>: what follows the last '/', "" after a trailing one.
char *basename(const char *path) {
    const char *slash = strrchr(path, '/');
    return (char *)(slash ? slash + 1 : path);
}
