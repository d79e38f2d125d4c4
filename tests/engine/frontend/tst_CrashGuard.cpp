// SPDX-License-Identifier: MIT
// Tests CrashGuard: work on the guarded thread runs to completion with the stack it asked for; a stack
// overflow, an abort and an LLVM fatal error there come back as descriptions, and the process goes on.
#include "engine/frontend/CrashGuard.hpp"

#ifndef Q_MOC_RUN
#include <llvm/Support/ErrorHandling.h>
#endif

#include <QtTest>

#include <cstdlib>

using weft::frontend::runGuarded;

namespace {

/// Recurses `depth` times with 1 KiB frames and returns `depth`; the volatile frame keeps the recursion.
int recurse(int depth) {
    volatile char frame[1024];
    frame[0] = char(depth);
    return depth == 0 ? 0 : 1 + recurse(depth - 1) + (frame[0] == char(depth) ? 0 : 1'000'000);
}

} // namespace

class tst_CrashGuard : public QObject {
    Q_OBJECT
private slots:
    void workRunsWithTheStackItAskedFor();
    void stackOverflowIsReported();
    void abortIsReported();
    void fatalErrorIsReported();
};

void tst_CrashGuard::workRunsWithTheStackItAskedFor() {
    int result = -1;
    // 50,000 frames of 1 KiB: far beyond a default 8 MiB thread stack, within 256 MiB even with the
    // redzones of a sanitizer build.
    QVERIFY(!runGuarded([&] { result = recurse(50'000); }, std::size_t(256) << 20));
    QCOMPARE(result, 50'000);
}

void tst_CrashGuard::stackOverflowIsReported() {
    for (int attempt = 0; attempt < 2; ++attempt) { // recovery can be repeated
        const std::optional<std::string> crash = runGuarded([] { recurse(1'000'000); }, std::size_t(1) << 20);
        QVERIFY(crash);
        QVERIFY2(crash->find("signal 11") != std::string::npos, crash->c_str());
        QVERIFY2(crash->find("out of stack") != std::string::npos, crash->c_str());
    }
}

void tst_CrashGuard::abortIsReported() {
    const std::optional<std::string> crash = runGuarded([] { std::abort(); });
    QVERIFY(crash);
    QVERIFY2(crash->find("signal 6") != std::string::npos, crash->c_str());
}

void tst_CrashGuard::fatalErrorIsReported() {
    // Without a crash diagnostic, LLVM's fatal errors end the process with exit(1), not a signal.
    const std::optional<std::string> crash =
        runGuarded([] { llvm::report_fatal_error("test: a fatal error", /*gen_crash_diag=*/false); });
    QVERIFY(crash);
    QCOMPARE(*crash, std::string("it stopped with a fatal error: test: a fatal error"));
}

QTEST_APPLESS_MAIN(tst_CrashGuard)
#include "tst_CrashGuard.moc"
