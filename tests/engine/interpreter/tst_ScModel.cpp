// SPDX-License-Identifier: MIT
// The sc memory model through the whole pipeline (issue 5): C programs compiled, lowered, run by the
// interpreter with shared loads and stores as read/write events, explored; the issue's counts, the
// escape rule, compare-exchange as read or write, mixed-size accesses, the sync programs'
// counts unchanged under sc, and the DPOR papers' benchmarks (tests/programs/dpor_*) against brute force.
#include "engine/explorer/ParallelExplorer.hpp"
#include "tests/engine/interpreter/CProgram.hpp"
#include "tests/model/InterleavingEnumerator.hpp"

#include <QtTest>
#include <nlohmann/json.hpp>

using namespace weft;
using namespace weft::testing;

namespace {

const std::string kPrograms = WEFT_TEST_PROGRAMS;

interpreter::InterpreterOptions sc() {
    interpreter::InterpreterOptions o;
    o.model = interpreter::MemoryModel::Sc;
    return o;
}

ExplorationOptions policy(int k) {
    ExplorationOptions o;
    o.policy = AltPolicy::fromNumber(k);
    return o;
}

program::Program load(const std::string &name, std::vector<std::string> defines = {}) {
    auto p = loadC(kPrograms + "/" + name + "/" + name + ".c", std::move(defines));
    if (!p)
        qFatal("%s", diagnosticsOf(p).c_str());
    return std::move(*p);
}

/// A data row's program: tests/programs/NAME/NAME.c with `defines`.
program::Program load(const QString &name, const QStringList &defines) {
    std::vector<std::string> d;
    for (const QString &define : defines)
        d.push_back(define.toStdString());
    return load(name.toStdString(), std::move(d));
}

const Defect *find(const ExplorationResult &r, DefectKind kind) {
    for (const Defect &d : r.defects)
        if (d.kind == kind)
            return &d;
    return nullptr;
}

} // namespace

class tst_ScModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(m_sources.reset()); }
    void lostUpdate();
    void writerAndReaders();
    void distinctWriters();
    void fig1();
    void mutualExclusion_data();
    void mutualExclusion();
    void escapeRule_data();
    void escapeRule();
    void compareExchangeIsAWrite();
    void mixedSizeAccessIsReported();
    void stdatomicAndFences();
    void misalignedAtomicIsReported();
    void syncProgramsKeepTheirCounts_data();
    void syncProgramsKeepTheirCounts();
    void dporBenchmarksMatchBruteForce_data();
    void dporBenchmarksMatchBruteForce();
    void dporBenchmarksSsbTrend();
    void dporBenchmarksInParallel_data();
    void dporBenchmarksInParallel();

private:
    ScratchSources m_sources;
};

void tst_ScModel::lostUpdate() {
    const program::Program p = load("sc_lost_update");
    for (int k : {0, 1, 2, -1}) {
        const ExplorationResult r = explore(p, policy(k), sc());
        QCOMPARE(r.statistics.maximalConfigurations, 4u);
        if (k == 0)
            QCOMPARE(r.statistics.sleepSetBlocked, 0u);
        const Defect *lost = find(r, DefectKind::AssertionFailure);
        QVERIFY(lost);
        QCOMPARE(lost->occurrences, 2u); // two of the four traces lose an update
        QVERIFY(find(r, DefectKind::DataRace));
    }
    // Under sync the accesses are local: one trace, and only the race tells of the bug.
    const ExplorationResult s = explore(p);
    QCOMPARE(s.statistics.maximalConfigurations, 1u);
    QVERIFY(find(s, DefectKind::DataRace));
}

void tst_ScModel::writerAndReaders() {
    for (int n = 1; n <= 5; ++n) {
        const program::Program p = load("sc_readers", {"N=" + std::to_string(n)});
        const ExplorationResult r = explore(p, policy(0), sc());
        QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t(1) << n);
        QCOMPARE(r.statistics.sleepSetBlocked, 0u);
    }
}

void tst_ScModel::distinctWriters() {
    for (int n = 1; n <= 6; ++n) {
        const program::Program p = load("sc_writers", {"N=" + std::to_string(n)});
        const ExplorationResult r = explore(p, policy(0), sc());
        QCOMPARE(r.statistics.maximalConfigurations, 1u);
        QCOMPARE(r.defects.size(), 0u);
    }
}

void tst_ScModel::fig1() {
    for (int n = 1; n <= 8; ++n) {
        const program::Program p = load("sc_fig1", {"N=" + std::to_string(n)});
        for (int k : {0, 2}) {
            const ExplorationResult r = explore(p, policy(k), sc());
            QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t(2 * n));
            QCOMPARE(r.statistics.sleepSetBlocked, 0u);
        }
    }
}

void tst_ScModel::mutualExclusion_data() {
    QTest::addColumn<int>("protocol");
    QTest::addColumn<bool>("holds");
    QTest::newRow("Peterson") << 0 << true;
    QTest::newRow("Dekker") << 1 << true;
    QTest::newRow("broken: flags raised after the test") << 2 << false;
}

void tst_ScModel::mutualExclusion() {
    QFETCH(int, protocol);
    QFETCH(bool, holds);
    const program::Program p = load("sc_mutual_exclusion", {"PROTOCOL=" + std::to_string(protocol), "SPINS=2"});
    const ExplorationResult r = explore(p, policy(0), sc());
    QVERIFY(r.isComplete());
    QCOMPARE(r.statistics.sleepSetBlocked, 0u);
    QVERIFY(r.statistics.maximalConfigurations > 2);
    if (holds) {
        for (const Defect &d : r.defects)
            qWarning("%s", d.message.c_str());
        QCOMPARE(r.defects.size(), 0u);
    } else {
        QVERIFY(find(r, DefectKind::AssertionFailure));
    }
}

void tst_ScModel::escapeRule_data() {
    QTest::addColumn<QString>("body");
    QTest::addColumn<bool>("shared"); // whether the accesses of `v` are events
    QTest::newRow("local whose address never leaves") << R"(
void *f(void *a) { int v = 0; int *p = &v; for (int i = 0; i < 3; i++) *(volatile int *)p += i; return 0; }
)" << false;
    QTest::newRow("heap block kept in a register") << R"(
void *f(void *a) { int *v = malloc(4); for (int i = 0; i < 3; i++) *(volatile int *)v += i; free(v); return 0; }
)" << false;
    QTest::newRow("local passed to a thread") << R"(
void *g(void *a) { *(volatile int *)a += 1; return 0; }
void *f(void *a) { int v = 0; pthread_t t; pthread_create(&t, 0, g, &v); pthread_join(t, 0); *(volatile int *)&v += 1; return 0; }
)" << true;
    QTest::newRow("heap pointer stored in a global") << R"(
int *box;
void *f(void *a) { int *v = malloc(4); box = v; for (int i = 0; i < 3; i++) *(volatile int *)v += i; return 0; }
)" << true;
}

void tst_ScModel::escapeRule() {
    QFETCH(QString, body);
    QFETCH(bool, shared);
    const std::string text = "#include <pthread.h>\n#include <stdlib.h>\n" + body.toStdString() +
                             "int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_join(t, 0); return 0; }\n";
    const program::Program p = m_sources.load("escape.c", text);
    const ExplorationResult syncRun = explore(p);
    const ExplorationResult scRun = explore(p, policy(0), sc());
    QCOMPARE(scRun.defects.size(), 0u);
    QCOMPARE(scRun.statistics.maximalConfigurations, 1u);
    // Extra events under sc are exactly the accesses to shared memory (plus the global `box`).
    QCOMPARE(scRun.statistics.events > syncRun.statistics.events, shared);
}

void tst_ScModel::compareExchangeIsAWrite() {
    // Two threads each try once to take a CAS lock: whoever comes first takes it, the other's CAS
    // fails. A compare-exchange is a write event either way (see Stepper): exactly two traces.
    const program::Program p = m_sources.load("cas.c", R"(#include <pthread.h>
#include <assert.h>
int lock, owners;
void *f(void *a) { if (__sync_bool_compare_and_swap(&lock, 0, 1)) __atomic_fetch_add(&owners, 1, __ATOMIC_SEQ_CST); return 0; }
int main(void) { pthread_t t[2]; for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, f, 0);
  for (int i = 0; i < 2; i++) pthread_join(t[i], 0); assert(owners == 1); return 0; }
)");
    const ExplorationResult r = explore(p, policy(0), sc());
    QCOMPARE(r.defects.size(), 0u);
    QCOMPARE(r.statistics.maximalConfigurations, 2u);
    QCOMPARE(r.statistics.sleepSetBlocked, 0u);
}

void tst_ScModel::mixedSizeAccessIsReported() {
    const program::Program p = m_sources.load("mixed.c", R"(#include <pthread.h>
int word;
void *f(void *a) { word = 0x01020304; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); char low = *(volatile char *)&word; pthread_join(t, 0); return low == 5; }
)");
    const ExplorationResult r = explore(p, policy(0), sc());
    const Defect *d = find(r, DefectKind::ModelViolation);
    QVERIFY(d);
    QVERIFY2(d->message.find("mixed-size access to shared memory") != std::string::npos, d->message.c_str());
}

void tst_ScModel::stdatomicAndFences() {
    // C11 atomics: two atomic increments commute in value but are dependent writes (2 traces), the
    // result is always 2, no race; a fence is a no-op under SC.
    const program::Program p = m_sources.load("c11.c", R"(#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
atomic_int counter;
int plain;
void *f(void *a) { atomic_fetch_add(&counter, 1); atomic_thread_fence(memory_order_seq_cst); return 0; }
int main(void) { pthread_t t[2]; for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, f, 0);
  for (int i = 0; i < 2; i++) pthread_join(t[i], 0); assert(atomic_load(&counter) == 2); return 0; }
)");
    const ExplorationResult r = explore(p, policy(0), sc());
    for (const Defect &d : r.defects)
        qWarning("%s", d.message.c_str());
    QCOMPARE(r.defects.size(), 0u);
    QCOMPARE(r.statistics.maximalConfigurations, 2u);
}

void tst_ScModel::misalignedAtomicIsReported() {
    const program::Program p = m_sources.load("misaligned.c", R"(#include <pthread.h>
char buffer[16];
void *f(void *a) { __atomic_fetch_add((int *)(buffer + 1), 1, __ATOMIC_SEQ_CST); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); pthread_join(t, 0); return 0; }
)");
    const ExplorationResult r = explore(p, policy(0), sc());
    const Defect *d = find(r, DefectKind::UndefinedBehaviour);
    QVERIFY(d);
    QVERIFY2(d->message.find("misaligned") != std::string::npos, d->message.c_str());
}

void tst_ScModel::syncProgramsKeepTheirCounts_data() {
    // Every data-race-free sync program of tests/programs: the same maximal
    // configurations under sc, optimal mode, no SSB (the sc model may have more events).
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("defines");
    QTest::addColumn<qulonglong>("configs");
    for (const OracleInstance &o : oracleInstances(kPrograms)) {
        const auto configs = o.instance["maximalConfigurations"].get<std::uint64_t>();
        if (o.instance.value("model", o.oracle.value("model", "sync")) != "sync")
            continue;
        const nlohmann::json kinds = o.instance.value("defectKinds", nlohmann::json::array());
        if (std::find(kinds.begin(), kinds.end(), "data race") != kinds.end())
            continue; // a race explored under sc is more interleavings, by design
#ifndef __OPTIMIZE__
        if (configs > 200)
            continue;
#endif
        QStringList defines;
        for (const std::string &d : o.defines)
            defines << QString::fromStdString(d);
        QTest::newRow(qPrintable(o.name)) << QString::fromStdString(o.file) << defines << qulonglong(configs);
    }
}

void tst_ScModel::syncProgramsKeepTheirCounts() {
    QFETCH(QString, file);
    QFETCH(QStringList, defines);
    QFETCH(qulonglong, configs);
    std::vector<std::string> d;
    for (const QString &define : defines)
        d.push_back(define.toStdString());
    auto p = loadC(file.toStdString(), d);
    QVERIFY2(p, diagnosticsOf(p).c_str());
    const ExplorationResult r = explore(*p, policy(0), sc());
    QVERIFY(r.isComplete());
    QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t(configs));
    QCOMPARE(r.statistics.sleepSetBlocked, 0u);
    QVERIFY(!find(r, DefectKind::DataRace));
}

void tst_ScModel::dporBenchmarksMatchBruteForce_data() {
    // The small instances of the DPOR papers' benchmarks (their closed-form trace counts are in each
    // expected.json, which tst_ThreadCalls checks under every policy): the events too must be brute force's.
    QTest::addColumn<QString>("name");
    QTest::addColumn<QStringList>("defines");
    for (int n = 2; n <= 5; ++n)
        QTest::addRow("lastzero(%d)", n) << "dpor_lastzero" << QStringList{QString("N=%1").arg(n)};
    for (int g = 1; g <= 2; ++g) {
        QTest::addRow("control flow(%d)", g) << "dpor_control_flow" << QStringList{QString("GROUPS=%1").arg(g)};
        QTest::addRow("control flow(%d) as printed", g)
            << "dpor_control_flow" << QStringList{QString("GROUPS=%1").arg(g), "AS_PRINTED"};
    }
    for (int n = 1; n <= 3; ++n)
        QTest::addRow("wakeup stress(%d)", n) << "dpor_wakeup_stress" << QStringList{QString("N=%1").arg(n)};
    QTest::addRow("length-param(2, 5)") << "dpor_length_param" << QStringList{"T=2", "N=5"};
    QTest::addRow("length-param(3, 2)") << "dpor_length_param" << QStringList{"T=3", "N=2"};
    QTest::addRow("length-param(4, 1)") << "dpor_length_param" << QStringList{"T=4", "N=1"};
    QTest::addRow("read chain") << "dpor_read_chain" << QStringList{};
}

void tst_ScModel::dporBenchmarksMatchBruteForce() {
    QFETCH(QString, name);
    QFETCH(QStringList, defines);
    const program::Program p = load(name, defines);
    interpreter::Interpreter machine(p, sc());
    const model::EnumerationResult truth =
        model::InterleavingEnumerator(machine, model::InterleavingEnumerator::Mode::MergeEquivalentPrefixes).run();
    QVERIFY(truth.complete);
    for (int k : {0, 1, -1, 2}) {
        const ExplorationResult r = explore(p, policy(k), sc());
        QVERIFY(r.isComplete());
        QCOMPARE(r.statistics.maximalConfigurations, truth.traces);
        QCOMPARE(r.statistics.events, truth.events);
        if (k == 0)
            QCOMPARE(r.statistics.sleepSetBlocked, 0u);
    }
}

void tst_ScModel::dporBenchmarksSsbTrend() {
    // "Source Sets" (JACM 2017) shows source-DPOR's sleep-set-blocked runs growing with the chain of groups of
    // the control-flow program (Fig. 10) and with lastzero's writers, where an optimal exploration has none.
    // Weft's source-DPOR policy (-1) shows the growth (5, 14, 27, 44, 65 for 1..5 groups; 1, 7, 33, 131 for
    // lastzero(3..6), the counts of a first-enabled scheduler), k = 2 (control flow) and k = 3 (lastzero) none.
    auto ssb = [](const std::string &name, const std::string &define, int k) {
        const ExplorationResult r = explore(load(name, {define}), policy(k), sc());
        if (!r.isComplete())
            qFatal("%s %s did not complete", name.c_str(), define.c_str());
        return r.statistics.sleepSetBlocked;
    };
    std::uint64_t before = 0;
    for (int g = 1; g <= 5; ++g) {
        const std::string groups = "GROUPS=" + std::to_string(g);
        const std::uint64_t source = ssb("dpor_control_flow", groups, -1);
        qInfo("control flow(%d): SSB %llu with source-DPOR", g, (unsigned long long)source);
        QVERIFY(source > before);
        before = source;
        QCOMPARE(ssb("dpor_control_flow", groups, 2), 0u);
        QCOMPARE(ssb("dpor_control_flow", groups, 0), 0u);
    }
    before = 0;
    for (int n = 3; n <= 6; ++n) {
        const std::string writers = "N=" + std::to_string(n);
        const std::uint64_t source = ssb("dpor_lastzero", writers, -1);
        qInfo("lastzero(%d): SSB %llu with source-DPOR", n, (unsigned long long)source);
        QVERIFY(source > before);
        before = source;
        QCOMPARE(ssb("dpor_lastzero", writers, 3), 0u);
        QCOMPARE(ssb("dpor_lastzero", writers, 0), 0u);
    }
}

void tst_ScModel::dporBenchmarksInParallel_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QStringList>("defines");
    QTest::addRow("lastzero(8)") << "dpor_lastzero" << QStringList{"N=8"};
    QTest::addRow("control flow(4)") << "dpor_control_flow" << QStringList{"GROUPS=4"};
    QTest::addRow("control flow(4) as printed") << "dpor_control_flow" << QStringList{"GROUPS=4", "AS_PRINTED"};
    QTest::addRow("wakeup stress(5)") << "dpor_wakeup_stress" << QStringList{"N=5"};
    QTest::addRow("indexer(14)") << "dpor_indexer" << QStringList{"N=14"};
    QTest::addRow("length-param(4, 2)") << "dpor_length_param" << QStringList{"T=4", "N=2"};
    QTest::addRow("read chain") << "dpor_read_chain" << QStringList{};
}

void tst_ScModel::dporBenchmarksInParallel() {
    // Parallel exploration (engine/explorer/README.md, "Design of --jobs N") of sc programs, whose memory
    // accesses are events: one job's counts and defects, no SSB, with the work split from the first execution.
    QFETCH(QString, name);
    QFETCH(QStringList, defines);
    const program::Program p = load(name, defines);
    const ExplorationResult one = explore(p, policy(0), sc());
    QVERIFY(one.isComplete());
    for (unsigned jobs : {2u, 3u})
        for (unsigned split : {1u, 8u}) {
            std::vector<std::unique_ptr<interpreter::Interpreter>> machines;
            std::vector<std::unique_ptr<ScheduledExecutor>> executors;
            ExplorationOptions options = policy(0);
            options.jobs = jobs;
            options.splitDepth = split;
            ParallelExplorer explorer(
                [&](unsigned) {
                    machines.push_back(std::make_unique<interpreter::Interpreter>(p, sc()));
                    executors.push_back(std::make_unique<ScheduledExecutor>(*machines.back()));
                    return ParallelExplorer::Worker{executors.back().get(), nullptr};
                },
                options);
            const ExplorationResult r = explorer.run();
            const QByteArray at = QString("%1 jobs, split %2").arg(jobs).arg(split).toUtf8();
            QVERIFY2(r.isComplete(), at);
            // How many subtrees were shared depends on timing (a tiny run may end before a second worker asks).
            qInfo("%s: %llu items", at.constData(), (unsigned long long)explorer.figures().items);
            QVERIFY2(r.statistics.maximalConfigurations == one.statistics.maximalConfigurations, at);
            QVERIFY2(r.statistics.events == one.statistics.events, at);
            QVERIFY2(r.statistics.sleepSetBlocked == 0, at);
            QVERIFY2(r.defects.size() == one.defects.size(), at);
            for (std::size_t i = 0; i < r.defects.size(); ++i)
                QVERIFY2(r.defects[i].message == one.defects[i].message, at);
        }
}

QTEST_GUILESS_MAIN(tst_ScModel)
#include "tst_ScModel.moc"
