// SPDX-License-Identifier: MIT
// The program of Fig. 2 of the QPOR paper (spec/qpor.md §7.1) and the blocked-acquisition programs
// of §7.6, explored under every policy.
#include "tests/model/ModelExploration.hpp"
#include "tests/model/Programs.hpp"

#include <QtTest>

using namespace weft;
using namespace weft::model;

class tst_Fig2 : public QObject {
    Q_OBJECT
private slots:
    void counts_data();
    void counts();
};

void tst_Fig2::counts_data() {
    QTest::addColumn<int>("program");
    QTest::addColumn<int>("policy");
    QTest::addColumn<int>("configs");
    QTest::addColumn<int>("events");
    for (int policy : {-1, 0, 1, 2, 3, 4}) {
        QTest::addRow("fig2 k=%d", policy) << 0 << policy << 3 << 25;
        QTest::addRow("blocked2 k=%d", policy) << 1 << policy << 2 << 10;
        QTest::addRow("blocked3 k=%d", policy) << 2 << policy << 18 << 68;
    }
}

void tst_Fig2::counts() {
    QFETCH(int, program);
    QFETCH(int, policy);
    QFETCH(int, configs);
    QFETCH(int, events);
    auto p = program == 0 ? makeFig2() : program == 1 ? makeBlocked2() : makeBlocked3();
    ExplorationOptions options;
    options.policy = AltPolicy::fromNumber(policy);
    const ExplorationResult r = exploreModel(*p, options);
    QCOMPARE(r.stopReason, StopReason::Completed);
    QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t(configs));
    QCOMPARE(r.statistics.events, std::uint64_t(events));
    if (policy == 0)
        QCOMPARE(r.statistics.sleepSetBlocked, 0u);
}

QTEST_APPLESS_MAIN(tst_Fig2)
#include "tst_Fig2.moc"
