// SPDX-License-Identifier: MIT
// errno, one per thread (glibc's errno is *__errno_location()). Part of Weft's runtime library:
// interpreted like the user's code. Thread ids are below 4096 (Weft's thread limit).
#include <errno.h>
#include <pthread.h>

static int weft_errno[4096];

int *__errno_location(void) { return &weft_errno[pthread_self() & 4095]; }
