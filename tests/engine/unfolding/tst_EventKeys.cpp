// SPDX-License-Identifier: MIT
// Canonical event keys: every policy builds the same unfolding in a different order, so the event ids
// differ but the sets of keys must be equal, and within one unfolding no two events share a key.
#include "engine/unfolding/EventKeys.hpp"
#include "tests/model/ExploredModel.hpp"
#include "tests/model/Programs.hpp"
#include "tests/model/RandomProgram.hpp"

#include <QtTest>

#include <algorithm>
#include <functional>

using namespace weft;
using namespace weft::model;

class tst_EventKeys : public QObject {
    Q_OBJECT

private slots:
    void fixedPrograms_data();
    void fixedPrograms();
    void randomPrograms_data();
    void randomPrograms();
    void extendingMatchesRecomputing();

private:
    using ProgramMaker = std::function<std::unique_ptr<ModelProgram>()>;
    /// Explores the program under each policy and compares the key sets with the optimal one's.
    void compareAcrossPolicies(const ProgramMaker &make, const QString &label);
};

namespace {

std::vector<EventKey> sortedKeys(const Unfolding &unfolding) {
    std::vector<EventKey> keys = eventKeys(unfolding);
    std::sort(keys.begin(), keys.end());
    return keys;
}

} // namespace

void tst_EventKeys::compareAcrossPolicies(const ProgramMaker &make, const QString &label) {
    std::vector<EventKey> reference;
    for (int policy : {0, -1, 1, 2, 3}) {
        ExplorationOptions options;
        options.policy = AltPolicy::fromNumber(policy);
        ExploredModel explored(make(), options);
        QVERIFY2(explored.result().isComplete(), qPrintable(label));
        std::vector<EventKey> keys = sortedKeys(explored.unfolding());
        QCOMPARE(keys.size(), explored.unfolding().size());
        QVERIFY2(std::adjacent_find(keys.begin(), keys.end()) == keys.end(),
                 qPrintable(label + QStringLiteral(": two events share a key")));
        if (policy == 0) {
            reference = std::move(keys);
            continue;
        }
        QVERIFY2(keys == reference, qPrintable(label + QStringLiteral(": the keys under %1 differ from optimal's")
                                                           .arg(QString::fromStdString(options.policy.name()))));
    }
}

void tst_EventKeys::fixedPrograms_data() {
    QTest::addColumn<int>("program");
    const char *names[] = {"fig2", "blocked3", "mpat(3)", "dispatcher(2,2)", "lost update", "fig1(3)", "peterson"};
    for (int i = 0; i < int(std::size(names)); ++i)
        QTest::newRow(names[i]) << i;
}

void tst_EventKeys::fixedPrograms() {
    QFETCH(int, program);
    const ProgramMaker makers[] = {
        [] { return makeFig2(); },           [] { return makeBlocked3(); },   [] { return makeMpat(3); },
        [] { return makeDispatcher(2, 2); }, [] { return makeLostUpdate(); }, [] { return makeFig1(3); },
        [] { return makePeterson(2); },
    };
    compareAcrossPolicies(makers[program], QString::fromUtf8(QTest::currentDataTag()));
}

void tst_EventKeys::randomPrograms_data() {
    QTest::addColumn<int>("sharedPercent");
    QTest::addColumn<int>("syncPercent");
    QTest::newRow("mutexes") << 0 << 0;
    QTest::newRow("all synchronisation objects") << 0 << 40;
    QTest::newRow("shared memory (sc)") << 60 << 0;
}

void tst_EventKeys::randomPrograms() {
    QFETCH(int, sharedPercent);
    QFETCH(int, syncPercent);
    RandomProgramShape shape;
    shape.sharedPercent = sharedPercent;
    shape.syncPercent = syncPercent;
    if (sharedPercent > 0) {
        shape.maxWorkers = 3;
        shape.maxActions = 20;
    }
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        const std::string listing = RandomProgram::generate(seed, shape)->listing();
        compareAcrossPolicies([&] { return RandomProgram::generate(seed, shape); },
                              QStringLiteral("seed %1:\n%2").arg(seed).arg(QString::fromStdString(listing)));
        if (QTest::currentTestFailed())
            return;
    }
}

void tst_EventKeys::extendingMatchesRecomputing() {
    // Keys computed while the unfolding grows (as a parallel worker would) equal keys computed at the
    // end: a key depends only on events created before it.
    ExplorationOptions options;
    std::unique_ptr<ModelProgram> program = makeDispatcher(2, 2);
    ModelMachine machine(*program);
    ScheduledExecutor executor(machine);
    Explorer explorer(executor, options);
    std::vector<EventKey> incremental;
    int calls = 0;
    struct Growth : ExplorationObserver {
        std::function<void()> onExecution_;
        void onExecution(const ExecutionSummary &) override { onExecution_(); }
    } growth;
    growth.onExecution_ = [&] {
        extendEventKeys(explorer.unfolding(), incremental);
        ++calls;
    };
    explorer.setObserver(&growth);
    QVERIFY(explorer.run().isComplete());
    extendEventKeys(explorer.unfolding(), incremental);
    QVERIFY(calls > 1);
    QCOMPARE(incremental.size(), explorer.unfolding().size());
    QVERIFY(incremental == eventKeys(explorer.unfolding()));
}

QTEST_GUILESS_MAIN(tst_EventKeys)
#include "tst_EventKeys.moc"
