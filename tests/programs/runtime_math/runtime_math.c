// Weft's math.h for float and double. Deterministic: tst_RuntimePrograms compares its output with
// the same program compiled natively (the interpreter calls the same libm, so results agree to the bit).
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
    return 0;
}
