// SPDX-License-Identifier: MIT
// Tests RuntimeLibrary and RuntimeCache: the runtime is built once and cached by content hash; a
// missing, truncated, corrupted or hostile cache file is rebuilt, never a crash; an unwritable cache
// leaves the runtime in memory; a function the user defines wins over the runtime's, also for the
// runtime's own calls; a user declaration with another prototype still links.
#include "engine/frontend/CCompiler.hpp"
#include "engine/frontend/RuntimeLibrary.hpp"
#include "tests/engine/interpreter/CProgram.hpp"

#ifndef Q_MOC_RUN
#include <llvm/Support/xxhash.h>
#endif

#include <QFile>
#include <QtTest>

using namespace weft;
using weft::testing::diagnosticsOf;
using weft::testing::loadC;
using weft::testing::runOnce;

namespace {

const char *const kUsesRuntime = "#include <stdio.h>\n#include <stdlib.h>\n"
                                 "int main(void) {\n  printf(\"%ld\\n\", strtol(\"0x2a\", 0, 16));\n  return 0;\n}\n";

QByteArray readAll(const std::string &path) {
    QFile f(QString::fromStdString(path));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const std::string &path, const QByteArray &bytes) {
    QFile f(QString::fromStdString(path));
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

QByteArray le64(std::uint64_t v) {
    QByteArray out;
    for (int i = 0; i < 8; ++i)
        out.append(char((v >> (8 * i)) & 0xFF));
    return out;
}

} // namespace

class tst_RuntimeLibrary : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void buildsOnceAndCaches();
    void badCacheIsRebuilt_data();
    void badCacheIsRebuilt();
    void unwritableCacheStillRuns();
    void userDefinitionWins();
    void userPrototypeDiffers();

private:
    std::string runs(const char *source);
    QTemporaryDir m_cache;
    weft::testing::ScratchSources m_sources;
};

void tst_RuntimeLibrary::initTestCase() {
    QVERIFY(m_cache.isValid());
    qputenv("WEFT_CACHE_DIR", m_cache.path().toUtf8());
}

void tst_RuntimeLibrary::init() {
    QVERIFY(m_sources.reset());
    frontend::forgetLoadedRuntime();
}

/// What `source` prints, or the diagnostics / defect that stopped it.
std::string tst_RuntimeLibrary::runs(const char *source) {
    const auto p = loadC(m_sources.write("prog.c", source));
    if (!p)
        return "load failed: " + diagnosticsOf(p);
    const auto run = runOnce(*p);
    return run.execution.fault ? "defect: " + run.execution.fault->message : run.output;
}

void tst_RuntimeLibrary::buildsOnceAndCaches() {
    const std::string path = frontend::runtimeCachePath();
    QVERIFY(QString::fromStdString(path).startsWith(m_cache.path()));
    QFile::remove(QString::fromStdString(path));
    QCOMPARE(runs(kUsesRuntime), std::string("42\n"));
    const QByteArray cached = readAll(path);
    QVERIFY(cached.startsWith("WEFTRT01"));
    QVERIFY(frontend::runtimeSources().size() >= 4);
    // A second process (forgetting the runtime in memory) reads the cache and leaves it as it is.
    frontend::forgetLoadedRuntime();
    QCOMPARE(runs(kUsesRuntime), std::string("42\n"));
    QCOMPARE(readAll(path), cached);
}

void tst_RuntimeLibrary::badCacheIsRebuilt_data() {
    QTest::addColumn<QString>("damage");
    for (const char *d : {"empty", "garbage", "truncated", "other hash", "flipped byte", "hostile payload", "directory"})
        QTest::newRow(d) << QString(d);
}

void tst_RuntimeLibrary::badCacheIsRebuilt() {
    QFETCH(QString, damage);
    const std::string path = frontend::runtimeCachePath();
    QCOMPARE(runs(kUsesRuntime), std::string("42\n")); // a good cache to damage
    const QByteArray good = readAll(path);
    QVERIFY(good.size() > 24);
    QByteArray bad;
    if (damage == "garbage") {
        bad = QByteArray(4096, '\xAB');
    } else if (damage == "truncated") {
        bad = good.left(good.size() / 2);
    } else if (damage == "other hash") {
        bad = good;
        bad[8] = char(bad[8] ^ 1);
    } else if (damage == "flipped byte") {
        bad = good;
        bad[bad.size() / 2] = char(bad[bad.size() / 2] ^ 0x10);
    } else if (damage == "hostile payload") {
        // Header, hash and checksum all right, but the payload is not bitcode.
        const QByteArray payload = "BC\xC0\xDE this is not LLVM bitcode at all";
        bad = good.left(16) +
              le64(llvm::xxh3_64bits(llvm::ArrayRef<std::uint8_t>(
                  reinterpret_cast<const std::uint8_t *>(payload.constData()), std::size_t(payload.size())))) +
              payload;
    }
    QFile::remove(QString::fromStdString(path));
    if (damage == "directory")
        QVERIFY(QDir().mkpath(QString::fromStdString(path)));
    else
        writeAll(path, bad);
    frontend::forgetLoadedRuntime();
    QCOMPARE(runs(kUsesRuntime), std::string("42\n"));
    if (damage == "directory") {
        QVERIFY(QDir(QString::fromStdString(path)).removeRecursively());
    } else {
        QCOMPARE(readAll(path), good); // rebuilt and cached again
    }
}

void tst_RuntimeLibrary::unwritableCacheStillRuns() {
    QTemporaryDir blocked;
    const QString file = blocked.filePath("not-a-directory");
    writeAll(file.toStdString(), "x");
    qputenv("WEFT_CACHE_DIR", (file + "/cache").toUtf8()); // its parent is a file: nothing can be written
    frontend::forgetLoadedRuntime();
    const std::string output = runs(kUsesRuntime);
    qputenv("WEFT_CACHE_DIR", m_cache.path().toUtf8());
    QCOMPARE(output, std::string("42\n"));
}

void tst_RuntimeLibrary::userDefinitionWins() {
    // atol (runtime) calls strtol: the user's strtol is the one every caller gets, as with a static libc.
    QCOMPARE(runs("#include <stdio.h>\n#include <stdlib.h>\n"
                  "long strtol(const char *s, char **end, int base) {\n  (void)s; (void)end; (void)base;\n  return 7;\n}\n"
                  "int main(void) {\n  printf(\"%ld %ld\\n\", strtol(\"5\", 0, 10), atol(\"5\"));\n  return 0;\n}\n"),
             std::string("7 7\n"));
    // A static function of the same name is the program's own business.
    QCOMPARE(runs("#include <stdio.h>\nstatic int isdigit(int c) { return c == 'x'; }\n"
                  "int main(void) {\n  printf(\"%d %d\\n\", isdigit('x'), isdigit('1'));\n  return 0;\n}\n"),
             std::string("1 0\n"));
}

void tst_RuntimeLibrary::userPrototypeDiffers() {
    // Old C: strtol used without <stdlib.h> (an implicit declaration returning int), and a K&R-style
    // declaration of strchr. Both link with the runtime's definitions.
    QCOMPARE(runs("int printf(const char *, ...);\nchar *strchr();\n"
                  "int main(void) {\n  printf(\"%d %s\\n\", (int)strtol(\"12\", 0, 10), strchr(\"abc\", 'b'));\n  return 0;\n}\n"),
             std::string("12 bc\n"));
}

QTEST_GUILESS_MAIN(tst_RuntimeLibrary)
#include "tst_RuntimeLibrary.moc"
