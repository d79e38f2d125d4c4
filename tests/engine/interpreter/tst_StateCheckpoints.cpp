// SPDX-License-Identifier: MIT
// StateCheckpoints: which states are kept as positions are offered in order, how the spacing doubles
// under the count and byte budgets, and which checkpoint a position goes back to.
#include "engine/interpreter/StateCheckpoints.hpp"

#include <QtTest>

using namespace weft::interpreter;

namespace {

InterpreterState stateAt(std::size_t position, std::size_t padding = 0) {
    InterpreterState s;
    s.output = std::to_string(position) + std::string(padding, ' ');
    return s;
}

std::size_t positionOf(const InterpreterState *s) { return std::stoul(s->output); }

} // namespace

class tst_StateCheckpoints : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void keepsEveryIntervalAndThinsAtTheCount();
    void thinsAtTheByteBudget();
    void clearStartsOver();
};

void tst_StateCheckpoints::keepsEveryIntervalAndThinsAtTheCount() {
    StateCheckpoints c({2, 4, std::uint64_t{1} << 40});
    QCOMPARE(c.nearest(5).second, static_cast<const InterpreterState *>(nullptr));
    for (std::size_t p = 0; p <= 20; ++p)
        c.offer(p, stateAt(p));
    // 0 2 4 6 | 8: five > 4, thinned to 0 4 8 (spacing 4) | 12 | 16: thinned to 0 8 16 (spacing 8).
    QCOMPARE(c.interval(), 8u);
    QCOMPARE(c.count(), 3u);
    for (std::size_t p : {0u, 7u}) {
        QCOMPARE(c.nearest(p).first, 0u);
        QCOMPARE(positionOf(c.nearest(p).second), 0u);
    }
    QCOMPARE(positionOf(c.nearest(15).second), 8u);
    QCOMPARE(positionOf(c.nearest(16).second), 16u);
    QCOMPARE(c.nearest(1000).first, 16u);
    QCOMPARE(positionOf(c.nearest(1000).second), 16u);
    c.offer(23, stateAt(23)); // not due: 24 is
    QCOMPARE(c.count(), 3u);
    c.offer(24, stateAt(24));
    QCOMPARE(c.count(), 4u);
    QCOMPARE(positionOf(c.nearest(30).second), 24u);
}

void tst_StateCheckpoints::thinsAtTheByteBudget() {
    const std::uint64_t mib = std::uint64_t{1} << 20;
    StateCheckpoints c({1, 100, 5 * mib / 2});
    for (std::size_t p = 0; p < 10; ++p)
        c.offer(p, stateAt(p, mib));
    // Three states of 1 MiB exceed 2.5 MiB: 0 1 2 -> 0 2, 0 2 4 -> 0 4, 0 4 8 -> 0 8.
    QCOMPARE(c.count(), 2u);
    QCOMPARE(c.interval(), 8u);
    QVERIFY(c.bytes() > 2 * mib && c.bytes() < 5 * mib / 2);
    QCOMPARE(positionOf(c.nearest(7).second), 0u);
    QCOMPARE(positionOf(c.nearest(9).second), 8u);
}

void tst_StateCheckpoints::clearStartsOver() {
    StateCheckpoints c({2, 4, std::uint64_t{1} << 40});
    for (std::size_t p = 0; p <= 20; ++p)
        c.offer(p, stateAt(p));
    c.clear();
    QCOMPARE(c.count(), 0u);
    QCOMPARE(c.bytes(), 0u);
    QCOMPARE(c.interval(), 2u);
    c.offer(0, stateAt(0));
    c.offer(2, stateAt(2));
    QCOMPARE(positionOf(c.nearest(3).second), 2u);
}

QTEST_GUILESS_MAIN(tst_StateCheckpoints)
#include "tst_StateCheckpoints.moc"
