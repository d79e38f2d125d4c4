// SPDX-License-Identifier: MIT
// WEFT_VERIFY: QVERIFY2 whose message is only built on failure (QVERIFY2 evaluates it every time),
// for the suites that check thousands of generated cases.
#pragma once

#include <QtTest>

#define WEFT_VERIFY(condition, message)                                                            \
    do {                                                                                           \
        if (!(condition))                                                                          \
            QFAIL(qPrintable(QStringLiteral(#condition "\n") + (message)));                        \
    } while (false)
