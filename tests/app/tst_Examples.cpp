// SPDX-License-Identifier: MIT
// Tests the bundled examples (resources/examples, File > Examples in the app) end to end through the
// `weft explore` command: each example's verdict (exit code, kinds of defect, occurrences) and its
// number of maximal configurations, every defect's schedule replaying to the same defect, and every
// example being listed here and documented (a header comment that says how to run it).
#include "tests/app/WeftRun.hpp"
#include "engine/base/DefectKind.hpp"

#include <QDir>
#include <QtTest>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

using namespace weft;
using namespace weft::cli;

namespace {

using Run = weft::testing::WeftRun;
using weft::testing::runWeft;
using weft::testing::readText;

const std::string kExamples = WEFT_EXAMPLES_DIR;
const std::string kRace(defectKindName(DefectKind::DataRace));
const std::string kDeadlock(defectKindName(DefectKind::Deadlock));
const std::string kAssertion(defectKindName(DefectKind::AssertionFailure));

/// One expected verdict: `weft explore examples/<file> [-D define...]`.
struct Verdict {
    const char *row;
    const char *file;
    std::vector<std::string> defines;
    int exitCode;
    std::set<std::string> defectKinds; ///< the kinds of the defects reported
    long long configurations;          ///< maximal configurations; -1: not checked
    long long failing;                 ///< sum of the defects' occurrences (the failing configurations
                                       ///< when each shows one defect); -1: not checked
    const char *expectedFailure;       ///< non-null: a known gap (QEXPECT_FAIL), with the reason
};

// Measured with `weft explore --optimal` (the default policy); the counts are exact oracle values.
const std::vector<Verdict> &verdicts() {
    static const std::vector<Verdict> v = {
        // Two reports of the race on x in the one maximal configuration: read/write and write/write.
        {"lost_update", "lost_update.c", {}, kDefectFound, {kRace}, 1, 2, nullptr},
        {"lost_update_split", "lost_update_split.c", {}, kDefectFound, {kAssertion}, 6, 4, nullptr},
        {"lost_update_fixed", "lost_update_fixed.c", {}, kNoDefect, {}, 2, 0, nullptr},
        {"deadlock_abba", "deadlock_abba.c", {}, kDefectFound, {kDeadlock}, 3, 1, nullptr},
        {"dining_philosophers", "dining_philosophers.c", {}, kDefectFound, {kDeadlock}, 7, 1, nullptr},
        {"dining_philosophers N=4", "dining_philosophers.c", {"N=4"}, kDefectFound, {kDeadlock}, 15, 1, nullptr},
        {"dining_philosophers_fixed", "dining_philosophers_fixed.c", {}, kNoDefect, {}, 6, 0, nullptr},
        {"dining_philosophers_fixed N=4", "dining_philosophers_fixed.c", {"N=4"}, kNoDefect, {}, 14, 0, nullptr},
        {"producer_consumer_if", "producer_consumer_if.c", {}, kDefectFound, {kAssertion}, 44, 2, nullptr},
        {"lost_wakeup", "lost_wakeup.c", {}, kDefectFound, {kDeadlock}, 3, 1, nullptr},
        {"qpor_fig1", "qpor_fig1.c", {}, kNoDefect, {}, 6, 0, nullptr},
        {"qpor_fig1 N=5", "qpor_fig1.c", {"N=5"}, kNoDefect, {}, 10, 0, nullptr},
        {"check_then_act", "check_then_act.c", {}, kDefectFound, {kAssertion}, 6, 4, nullptr},
    };
    return v;
}

QStringList exampleFiles() {
    return QDir(QString::fromStdString(kExamples)).entryList({"*.c"}, QDir::Files, QDir::Name);
}

} // namespace

class tst_Examples : public QObject {
    Q_OBJECT
private slots:
    void everyExampleIsTestedAndDocumented();
    void verdict_data();
    void verdict();
    void sdporOnFig1HasRedundantExecutions();
};

void tst_Examples::everyExampleIsTestedAndDocumented() {
    const QStringList files = exampleFiles();
    QVERIFY(files.size() >= 8);
    for (const QString &file : files) {
        const std::string name = file.toStdString();
        const bool listed = std::any_of(verdicts().begin(), verdicts().end(),
                                        [&](const Verdict &v) { return name == v.file; });
        QVERIFY2(listed, ("no expected verdict for " + name).c_str());
        const std::string text = readText(kExamples + "/" + name);
        QVERIFY2(text.rfind("// ", 0) == 0, ("no header comment in " + name).c_str());
        const std::string header = text.substr(0, text.find("\n#include"));
        QVERIFY2(header.find("weft explore resources/examples/" + name) != std::string::npos,
                 ("the header of " + name + " does not say how to run it").c_str());
        QVERIFY2(header.find("Expected") != std::string::npos, ("the header of " + name + " gives no verdict").c_str());
    }
}

void tst_Examples::verdict_data() {
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < verdicts().size(); ++i)
        QTest::newRow(verdicts()[i].row) << int(i);
}

void tst_Examples::verdict() {
    QFETCH(int, index);
    const Verdict &v = verdicts()[std::size_t(index)];
    const std::string file = kExamples + "/" + v.file;
    std::vector<std::string> args{"explore", file, "--json", "-", "--quiet"};
    for (const std::string &d : v.defines)
        args.insert(args.end(), {"-D", d});
    const Run r = runWeft(args);
    QVERIFY2(r.code != kBadInput && r.code != kInternalError, r.err.c_str());
    const auto j = nlohmann::json::parse(r.out.substr(0, r.out.rfind("weft: ")));
    QVERIFY(j["complete"].get<bool>());
    QCOMPARE(j["statistics"]["sleepSetBlocked"].get<long long>(), 0LL);

    std::set<std::string> kinds;
    long long failing = 0;
    for (const auto &d : j["defects"]) {
        kinds.insert(d["kind"].get<std::string>());
        failing += d["occurrences"].get<long long>();
    }
    if (v.expectedFailure)
        QEXPECT_FAIL("", v.expectedFailure, Abort);
    QCOMPARE(kinds, v.defectKinds);
    QCOMPARE(r.code, v.exitCode);
    if (v.configurations >= 0)
        QCOMPARE(j["statistics"]["maximalConfigurations"].get<long long>(), v.configurations);
    if (v.failing >= 0)
        QCOMPARE(failing, v.failing);

    // Every defect's schedule replays to the same defect.
    for (const auto &d : j["defects"]) {
        std::vector<std::string> replay{"replay", file, "--schedule", d["schedule"].get<std::string>()};
        for (const std::string &define : v.defines)
            replay.insert(replay.end(), {"-D", define});
        const Run again = runWeft(replay);
        QCOMPARE(again.code, int(kDefectFound));
        // "weft: KIND: MESSAGE" for the fault that ended the execution, "weft: KIND after step N:
        // MESSAGE" for a report the execution went on after (a data race).
        const std::string kind = "weft: " + d["kind"].get<std::string>();
        QVERIFY2(again.out.find(kind + ": ") != std::string::npos || again.out.find(kind + " after step ") != std::string::npos,
                 again.out.c_str());
    }
}

void tst_Examples::sdporOnFig1HasRedundantExecutions() {
    // What qpor_fig1.c's header promises: source-DPOR explores redundant (sleep-set blocked)
    // executions on the Fig. 1 program; optimal and k = 2 explore none; all find the same 2N.
    auto statistics = [](std::vector<std::string> policy) {
        std::vector<std::string> args{"explore", kExamples + "/qpor_fig1.c", "-D", "N=8", "--json", "-", "--quiet"};
        args.insert(args.end(), policy.begin(), policy.end());
        const Run r = runWeft(args);
        return nlohmann::json::parse(r.out.substr(0, r.out.rfind("weft: ")))["statistics"];
    };
    const auto sdpor = statistics({"--sdpor"}), optimal = statistics({"--optimal"}), k2 = statistics({"-k", "2"});
    for (const auto *s : {&sdpor, &optimal, &k2})
        QCOMPARE((*s)["maximalConfigurations"].get<int>(), 16);
    QCOMPARE(optimal["sleepSetBlocked"].get<int>(), 0);
    QCOMPARE(k2["sleepSetBlocked"].get<int>(), 0);
    QVERIFY(sdpor["sleepSetBlocked"].get<int>() > 0);
}

QTEST_APPLESS_MAIN(tst_Examples)
#include "tst_Examples.moc"
