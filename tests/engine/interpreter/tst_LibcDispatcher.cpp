// SPDX-License-Identifier: MIT
// Tests the builtin table: every builtin the lowering can produce (Builtins.def, math.h) has a handler
// of its own, so no call reaches the internal "has no implementation" error.
#include "engine/interpreter/LibcDispatcher.hpp"

#include <QtTest>

using namespace weft::interpreter;
using weft::program::Builtin;

class tst_LibcDispatcher : public QObject {
    Q_OBJECT
private slots:
    void everyBuiltinHasAHandler();
};

void tst_LibcDispatcher::everyBuiltinHasAHandler() {
    const LibcDispatcher &table = LibcDispatcher::instance();
    QStringList missing;
    for (std::size_t b = 0; b < std::size_t(Builtin::Count); ++b)
        if (!table.implements(Builtin(b)))
            missing << QString::fromStdString(std::string(weft::program::builtinSymbol(Builtin(b))));
    QCOMPARE(missing, QStringList{});
    QVERIFY(table.handler(Builtin::Malloc) != table.handler(Builtin::Free));
}

QTEST_GUILESS_MAIN(tst_LibcDispatcher)
#include "tst_LibcDispatcher.moc"
