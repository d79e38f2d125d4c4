// SPDX-License-Identifier: MIT
// The whole C pipeline against brute force (issue 16, differential testing): each random model
// program (tests/model/RandomProgram) is printed as C (RandomProgramC), compiled by the in-process
// Clang, lowered, run by the interpreter and explored; its maximal configurations and events must
// be the brute-force enumerator's on the model program (with racy shared memory, the
// configurations only). Soak testing: WEFT_CPROGRAMS=N checks N
// seeds per family (default: a CI slice).
#include "tests/engine/interpreter/CProgram.hpp"
#include "tests/LazyVerify.hpp"
#include "tests/model/InterleavingEnumerator.hpp"
#include "tests/model/ModelMachine.hpp"
#include "tests/model/RandomProgramC.hpp"

#include <QtTest>

using namespace weft;
using namespace weft::model;
using weft::testing::ScratchSources;

class tst_CProgramsMatchModels : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(m_sources.reset()); }
    void matchesBruteForce_data();
    void matchesBruteForce();

private:
    ScratchSources m_sources;
};

void tst_CProgramsMatchModels::matchesBruteForce_data() {
    QTest::addColumn<int>("family");
    QTest::addColumn<int>("programs");
    QTest::newRow("mutexes") << 0 << 100;
    QTest::newRow("nested") << 1 << 60;
    QTest::newRow("trylock-sem-cond") << 2 << 100;
    QTest::newRow("assume") << 3 << 60;
    QTest::newRow("shared-sc") << 4 << 80;
    QTest::newRow("spin-sc") << 5 << 80;
    QTest::newRow("nondet-sc") << 6 << 80;
    QTest::newRow("rwlock") << 7 << 80;
    QTest::newRow("fault") << 10 << 80;
}

void tst_CProgramsMatchModels::matchesBruteForce() {
    QFETCH(int, family);
    QFETCH(int, programs);
    const int soak = qEnvironmentVariableIntValue("WEFT_CPROGRAMS");
    const std::uint64_t count = soak > 0 ? std::uint64_t(soak) : std::uint64_t(programs);
    const RandomProgramShape s = randomProgramFamily(family);
    std::uint64_t configurations = 0, events = 0, spins = 0, faults = 0;
    for (std::uint64_t seed = 1; seed <= count; ++seed) {
        auto model = RandomProgram::generate(seed, s);
        ModelMachine machine(*model);
        const EnumerationResult expected =
            InterleavingEnumerator(machine, InterleavingEnumerator::Mode::MergeEquivalentPrefixes).run();
        const std::string source = printAsC(*model);
        const auto context = [&] {
            return QString::fromStdString("seed " + std::to_string(seed) + "\n" + model->listing() + source);
        };
        WEFT_VERIFY(expected.complete && (expected.faults == 0 || s.assertPercent > 0), context());
        spins += expected.livelocks + expected.assumeBlocked;
        const program::Program p = m_sources.load(model->name() + ".c", source);
        interpreter::InterpreterOptions options;
        options.races = interpreter::RaceMode::Ignore; // family 4 races on purpose
        if (s.sharedPercent > 0)
            options.model = interpreter::MemoryModel::Sc;
        if (s.nondetPercent > 0) {
            options.nondet = interpreter::NondetSource::Explore;
            options.nondetLo = 0;
            options.nondetHi = RandomProgram::kNondetHi;
        }
        const ExplorationResult r = testing::explore(p, {}, options);
        WEFT_VERIFY(r.stopReason == StopReason::Completed, context());
        WEFT_VERIFY(r.statistics.maximalConfigurations + r.statistics.assumeBlocked == expected.traces &&
                        r.statistics.assumeBlocked == expected.assumeBlocked,
                    context() + QString("configurations: C %1 (+%2 assume-blocked), brute force %3 (%4)")
                                    .arg(r.statistics.maximalConfigurations)
                                    .arg(r.statistics.assumeBlocked)
                                    .arg(expected.traces)
                                    .arg(expected.assumeBlocked));
        // Under sc the C program's guarded variables v<i> are shared memory, so their accesses are
        // events too, where the model runs them as local code: more events, the same configurations
        // (each v<i> is only accessed holding m<i>, so its accesses never reorder).
        if (s.sharedPercent == 0)
            WEFT_VERIFY(r.statistics.events == expected.events,
                        context() + QString("events: C %1, brute force %2").arg(r.statistics.events).arg(expected.events));
        // A livelock (a spin whose value nobody changes any more) is a defect of its own.
        const bool livelock = std::any_of(r.defects.begin(), r.defects.end(),
                                          [](const Defect &d) { return d.kind == DefectKind::Livelock; });
        WEFT_VERIFY(livelock == (expected.livelocks > 0),
                    context() + QString("livelocks: brute force %1").arg(expected.livelocks));
        const bool failed = std::any_of(r.defects.begin(), r.defects.end(),
                                        [](const Defect &d) { return d.kind == DefectKind::AssertionFailure; });
        WEFT_VERIFY(failed == (expected.faults > 0),
                    context() + QString("failing traces: brute force %1").arg(expected.faults));
        faults += expected.faults;
        configurations += expected.traces;
        events += expected.events;
    }
    if (s.assertPercent > 0)
        QVERIFY2(faults > 0, "the fault family must exercise failing runs");
    qInfo("%llu programs: %llu maximal configurations, %llu events", (unsigned long long)count,
          (unsigned long long)configurations, (unsigned long long)events);
    if (s.spinPercent > 0)
        QVERIFY2(spins > 0, "the spin family must exercise spin loops that end a run");
}

QTEST_GUILESS_MAIN(tst_CProgramsMatchModels)
#include "tst_CProgramsMatchModels.moc"
