// Weft's math.h for float and double. Deterministic: tst_RuntimePrograms compares its output with
// the same program compiled natively (the interpreter calls the same libm, so results agree to the bit).
// Inputs are volatile so that GCC does not compute calls at compile time (its folding is correctly
// rounded where glibc's functions are not), and one call per statement where the order of a call's
// arguments would matter.
#define _GNU_SOURCE // exp10, sincos, the Bessel functions, gamma, drem, significand
#include <float.h>
#include <math.h>
#include <stdio.h>

static volatile double inputs[] = {0.0, -0.0, 0.5, -1.25, 2.0, 3.75, 100.0, 1e-300, -7.5e10};

#define UNARY(fn)                                                                                                       \
    do {                                                                                                               \
        printf("%-9s", #fn);                                                                                            \
        for (unsigned i = 0; i < sizeof inputs / sizeof *inputs; ++i)                                                  \
            printf(" %.17g/%.9g", fn(inputs[i]), (double)fn##f((float)inputs[i]));                                       \
        printf("\n");                                                                                                  \
    } while (0)

#define BINARY(fn)                                                                                                      \
    do {                                                                                                               \
        printf("%-9s", #fn);                                                                                            \
        for (unsigned i = 1; i < sizeof inputs / sizeof *inputs; ++i)                                                  \
            printf(" %.17g/%.9g", fn(inputs[i - 1], inputs[i]), (double)fn##f((float)inputs[i - 1], (float)inputs[i])); \
        printf("\n");                                                                                                  \
    } while (0)

/// fma rounds once (a*b + c written in C twice, as GCC computes it on x86-64), and the functions
/// beyond the common ones.
static void lessCommon(void) {
    volatile double a = 0.1, b = 10, c = -1, x = 1.5, negative = -2.5;
    volatile float af = 0.1f, bf = 10, cf = -1, xf = 1.5f;
    printf("fma %.17g %.9g, a*b+c %.17g %.9g\n", fma(a, b, c), (double)fmaf(af, bf, cf), a * b + c,
           (double)(af * bf + cf));
    printf("scalbln %.17g %.9g exp10 %.17g %.9g\n", scalbln(x, 40), (double)scalblnf(xf, -3), exp10(x),
           (double)exp10f(xf));
    double s, co;
    float sf, cof;
    sincos(x, &s, &co);
    sincosf(xf, &sf, &cof);
    printf("sincos %.17g %.17g %.9g %.9g\n", s, co, (double)sf, (double)cof);
    printf("bessel %.17g %.17g %.17g %.17g %.17g %.17g\n", j0(x), j1(x), jn(3, x), y0(x), y1(x), yn(3, x));
    printf("besself %.9g %.9g %.9g %.9g %.9g %.9g\n", (double)j0f(xf), (double)j1f(xf), (double)jnf(2, xf),
           (double)y0f(xf), (double)y1f(xf), (double)ynf(2, xf));
    int sign = 0, signf = 0;
    const double lg = lgamma_r(negative, &sign);
    const float lgf = lgammaf_r((float)negative, &signf);
    printf("lgamma_r %.17g %d %.9g %d gamma %.17g %.9g\n", lg, sign, (double)lgf, signf, gamma(x), (double)gammaf(xf));
    printf("drem %.17g %.9g significand %.17g %.9g\n", drem(negative, x), (double)dremf(xf, 0.4f),
           significand(negative), (double)significandf(xf));
    printf("nextafter %.17g %.9g copysign %g %g\n", nextafter(x, 0), (double)nextafterf(xf, 2), copysign(x, -0.0),
           (double)copysignf(xf, -1));
}

/// The classification macros on every class, float and double.
static void classification(void) {
    volatile double zero = 0.0;
    volatile float zerof = 0.0f;
    const double values[] = {0.0, -0.0, 1.5, -2.25, DBL_MAX, DBL_MIN / 4, 1 / zero, -1 / zero, zero / zero};
    const float valuesf[] = {0.0f, -1.5f, FLT_MAX, FLT_MIN / 4, 1 / zerof, zerof / zerof};
    for (unsigned i = 0; i < sizeof values / sizeof *values; ++i) {
        const double v = values[i];
        printf("%g: nan %d inf %d finite %d normal %d signbit %d class %d", v, isnan(v) != 0, isinf(v),
               isfinite(v) != 0, isnormal(v) != 0, signbit(v) != 0, fpclassify(v));
        printf(" > %d < %d unordered %d <> %d >= %d <= %d\n", isgreater(v, 1.5), isless(v, 1.5), isunordered(v, 1.5),
               islessgreater(v, 1.5), isgreaterequal(v, 1.5), islessequal(v, 1.5));
    }
    for (unsigned i = 0; i < sizeof valuesf / sizeof *valuesf; ++i) {
        const float v = valuesf[i];
        printf("%g: nan %d inf %d finite %d normal %d signbit %d class %d\n", (double)v, isnan(v) != 0, isinf(v),
               isfinite(v) != 0, isnormal(v) != 0, signbit(v) != 0, fpclassify(v));
    }
}

int main(void) {
    UNARY(acos); UNARY(asin); UNARY(atan); UNARY(cos); UNARY(sin); UNARY(tan);
    UNARY(acosh); UNARY(asinh); UNARY(atanh); UNARY(cosh); UNARY(sinh); UNARY(tanh);
    UNARY(exp); UNARY(exp2); UNARY(expm1); UNARY(log); UNARY(log10); UNARY(log1p); UNARY(log2); UNARY(logb);
    UNARY(cbrt); UNARY(sqrt); UNARY(fabs); UNARY(ceil); UNARY(floor); UNARY(round); UNARY(trunc); UNARY(rint);
    UNARY(nearbyint); UNARY(erf); UNARY(erfc); UNARY(tgamma); UNARY(lgamma);
    BINARY(atan2); BINARY(pow); BINARY(hypot); BINARY(fmod); BINARY(remainder); BINARY(fmin); BINARY(fmax);
    BINARY(fdim); BINARY(copysign); BINARY(nextafter);
    volatile double x = 10.75, y = 3.0;
    int e = 0, q = 0;
    double whole = 0;
    float wholef = 0;
    const double m = frexp(x, &e);
    printf("frexp %.17g %d\n", m, e);
    const float mf = frexpf((float)x, &e);
    printf("frexpf %.9g %d\n", (double)mf, e);
    const double frac = modf(x, &whole);
    const float fracf = modff((float)-x, &wholef);
    printf("modf %.17g %.17g modff %.9g %.9g\n", frac, whole, (double)fracf, (double)wholef);
    const double r = remquo(x, y, &q);
    printf("remquo %.17g %d\n", r, q);
    printf("fma %.17g %.9g ldexp %.17g scalbn %.17g ilogb %d\n", fma(x, y, 0.1), (double)fmaf(1.5f, 2.5f, 0.25f),
           ldexp(x, 5), scalbn(x, -3), ilogb(x));
    printf("lround %ld llround %lld lrint %ld llrint %lld\n", lround(-2.5), llround(2.5), lrint(2.5), llrint(3.5));
    printf("nan %d %d inf %d finite %d signbit %d\n", isnan(nan("")), isnan(nanf("1")), isinf(1.0 / inputs[0]),
           isfinite(x), signbit(inputs[1]) != 0);
    printf("fpclassify %d %d %d %d\n", fpclassify(x), fpclassify(inputs[0]), fpclassify(inputs[7] * 1e-20),
           fpclassify(INFINITY));
    lessCommon();
    classification();
    return 0;
}
