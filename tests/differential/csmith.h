/* SPDX-License-Identifier: MIT */
/* Weft's stand-in for csmith's runtime headers (csmith.h, safe_math.h, platform_generic.h), which
 * Debian does not package. Written for differential testing: a csmith program is compiled natively
 * and run under Weft with this header, and both must print the same checksum. Every helper is free
 * of undefined behaviour (an operation that would overflow, divide by zero or shift out of range
 * returns its first operand), so a difference is Weft's, never the program's. */
#ifndef WEFT_CSMITH_H
#define WEFT_CSMITH_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* --- CRC-32 (reflected, polynomial 0xEDB88320) over every global's value --- */

static uint32_t crc32_tab[256];
static uint32_t crc32_context = 0xFFFFFFFFUL;

static void crc32_gentab(void) {
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? (c >> 1) ^ 0xEDB88320UL : c >> 1;
        crc32_tab[i] = c;
    }
}

static void crc32_byte(uint8_t b) {
    crc32_context = ((crc32_context >> 8) & 0x00FFFFFFUL) ^ crc32_tab[(crc32_context ^ b) & 0xFF];
}

/* Hashes the eight bytes of `value`, least significant first (independent of the host's byte order). */
static void transparent_crc(uint64_t value, const char *name, int print) {
    for (int i = 0; i < 8; i++)
        crc32_byte((uint8_t)(value >> (8 * i)));
    if (print)
        printf("...checksum after hashing %s : %lX\n", name, (unsigned long)(crc32_context ^ 0xFFFFFFFFUL));
}

static void transparent_crc_bytes(const char *bytes, int n, const char *name, int print) {
    for (int i = 0; i < n; i++)
        crc32_byte((uint8_t)bytes[i]);
    if (print)
        printf("...checksum after hashing %s : %lX\n", name, (unsigned long)(crc32_context ^ 0xFFFFFFFFUL));
}

static void platform_main_begin(void) {}

static void platform_main_end(uint32_t crc, int flag) {
    (void)flag;
    printf("checksum = %X\n", (unsigned)crc);
}

/* --- Safe arithmetic: csmith calls safe_<op>_func_<type>_<signedness...>(...) --- */

/* Shifts are checked against the width of the promoted left operand. */
#define WEFT_CSMITH_WIDTH(T) (sizeof(T) < sizeof(int) ? 32 : (int)(8 * sizeof(T)))

#define WEFT_CSMITH_SIGNED(T, MIN, MAX)                                                            \
    static T safe_unary_minus_func_##T##_s(T a) { return a == (MIN) ? a : (T)-a; }                 \
    static T safe_add_func_##T##_s_s(T a, T b) {                                                   \
        return ((b > 0 && a > (MAX) - b) || (b < 0 && a < (MIN) - b)) ? a : (T)(a + b);            \
    }                                                                                              \
    static T safe_sub_func_##T##_s_s(T a, T b) {                                                   \
        return ((b > 0 && a < (MIN) + b) || (b < 0 && a > (MAX) + b)) ? a : (T)(a - b);            \
    }                                                                                              \
    static T safe_mul_func_##T##_s_s(T a, T b) {                                                   \
        if ((a > 0 && b > 0 && a > (MAX) / b) || (a > 0 && b <= 0 && b < (MIN) / a) ||             \
            (a <= 0 && b > 0 && a < (MIN) / b) || (a < 0 && b < 0 && b < (MAX) / a))               \
            return a;                                                                              \
        return (T)(a * b);                                                                         \
    }                                                                                              \
    static T safe_div_func_##T##_s_s(T a, T b) {                                                   \
        return (b == 0 || (a == (MIN) && b == -1)) ? a : (T)(a / b);                               \
    }                                                                                              \
    static T safe_mod_func_##T##_s_s(T a, T b) {                                                   \
        return (b == 0 || (a == (MIN) && b == -1)) ? a : (T)(a % b);                               \
    }                                                                                              \
    static T safe_lshift_func_##T##_s_s(T a, int b) {                                              \
        return (a < 0 || b < 0 || b >= WEFT_CSMITH_WIDTH(T) || a > ((MAX) >> b)) ? a : (T)(a << b); \
    }                                                                                              \
    static T safe_lshift_func_##T##_s_u(T a, unsigned b) {                                         \
        return (a < 0 || b >= (unsigned)WEFT_CSMITH_WIDTH(T) || a > ((MAX) >> b)) ? a : (T)(a << b); \
    }                                                                                              \
    static T safe_rshift_func_##T##_s_s(T a, int b) {                                              \
        return (a < 0 || b < 0 || b >= WEFT_CSMITH_WIDTH(T)) ? a : (T)(a >> b);                    \
    }                                                                                              \
    static T safe_rshift_func_##T##_s_u(T a, unsigned b) {                                         \
        return (a < 0 || b >= (unsigned)WEFT_CSMITH_WIDTH(T)) ? a : (T)(a >> b);                   \
    }

/* Unsigned arithmetic wraps; it is done in uint64_t so that small types never promote to int and
 * overflow there (65535 * 65535 as int is undefined). */
#define WEFT_CSMITH_UNSIGNED(T)                                                                    \
    static T safe_unary_minus_func_##T##_u(T a) { return (T)(0 - (uint64_t)a); }                   \
    static T safe_add_func_##T##_u_u(T a, T b) { return (T)((uint64_t)a + (uint64_t)b); }         \
    static T safe_sub_func_##T##_u_u(T a, T b) { return (T)((uint64_t)a - (uint64_t)b); }         \
    static T safe_mul_func_##T##_u_u(T a, T b) { return (T)((uint64_t)a * (uint64_t)b); }         \
    static T safe_div_func_##T##_u_u(T a, T b) { return b == 0 ? a : (T)(a / b); }                \
    static T safe_mod_func_##T##_u_u(T a, T b) { return b == 0 ? a : (T)(a % b); }                \
    static T safe_lshift_func_##T##_u_s(T a, int b) {                                              \
        return (b < 0 || b >= WEFT_CSMITH_WIDTH(T)) ? a : (T)((uint64_t)a << b);                   \
    }                                                                                              \
    static T safe_lshift_func_##T##_u_u(T a, unsigned b) {                                         \
        return b >= (unsigned)WEFT_CSMITH_WIDTH(T) ? a : (T)((uint64_t)a << b);                    \
    }                                                                                              \
    static T safe_rshift_func_##T##_u_s(T a, int b) {                                              \
        return (b < 0 || b >= WEFT_CSMITH_WIDTH(T)) ? a : (T)(a >> b);                             \
    }                                                                                              \
    static T safe_rshift_func_##T##_u_u(T a, unsigned b) {                                         \
        return b >= (unsigned)WEFT_CSMITH_WIDTH(T) ? a : (T)(a >> b);                              \
    }

WEFT_CSMITH_SIGNED(int8_t, INT8_MIN, INT8_MAX)
WEFT_CSMITH_SIGNED(int16_t, INT16_MIN, INT16_MAX)
WEFT_CSMITH_SIGNED(int32_t, INT32_MIN, INT32_MAX)
WEFT_CSMITH_SIGNED(int64_t, INT64_MIN, INT64_MAX)
WEFT_CSMITH_UNSIGNED(uint8_t)
WEFT_CSMITH_UNSIGNED(uint16_t)
WEFT_CSMITH_UNSIGNED(uint32_t)
WEFT_CSMITH_UNSIGNED(uint64_t)

#endif
