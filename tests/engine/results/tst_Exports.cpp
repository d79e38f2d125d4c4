// SPDX-License-Identifier: MIT
// Tests JsonExport and DotExport on the Fig. 2 program (docs/algorithms.md, "Oracles"): the JSON parses back
// with the right statistics and a replayable deadlock; the DOT has one node per event, one cluster per thread
// and exactly the two immediate conflicts (on m and on m').
#include "engine/results/DotExport.hpp"
#include "engine/results/JsonExport.hpp"
#include "tests/model/ModelExploration.hpp"
#include "tests/model/Programs.hpp"

#include <QtTest>
#include <nlohmann/json.hpp>
#include <regex>

using namespace weft;
using namespace weft::model;

class tst_Exports : public QObject {
    Q_OBJECT
private slots:
    void json();
    void longTraceKeepsItsEnd();
    void dot();
};

static std::size_t count(const std::string &text, const std::string &what) {
    std::size_t n = 0;
    for (auto pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1))
        ++n;
    return n;
}

void tst_Exports::json() {
    auto program = makeFig2();
    const ExplorationResult r = exploreModel(*program, {});
    const auto j = nlohmann::json::parse(toJson(r, {"fig2", "sync", "optimal"}));
    QCOMPARE(j["program"].get<std::string>(), std::string("fig2"));
    QCOMPARE(j["complete"].get<bool>(), true);
    QCOMPARE(j["stopReason"].get<std::string>(), std::string("completed"));
    QCOMPARE(j["statistics"]["maximalConfigurations"].get<int>(), 3);
    QCOMPARE(j["statistics"]["events"].get<int>(), 25);
    QCOMPARE(j["statistics"]["sleepSetBlocked"].get<int>(), 0);
    QCOMPARE(j["defects"].size(), std::size_t(1));
    const auto &d = j["defects"][0];
    QCOMPARE(d["kind"].get<std::string>(), std::string("deadlock"));
    QCOMPARE(d["message"].get<std::string>(), std::string("T3 waits for lock m2"));
    QVERIFY(!d.contains("thread"));
    // The schedule text parses back and matches the trace, action by action.
    auto schedule = Schedule::parse(d["schedule"].get<std::string>());
    QVERIFY(schedule);
    QCOMPARE(schedule->replay.size(), d["trace"].size());
    for (std::size_t i = 0; i < schedule->replay.size(); ++i)
        QCOMPARE(d["trace"][i]["thread"].get<ThreadId>(), schedule->replay[i]);
    QCOMPARE(d["trace"][1]["action"].get<std::string>(), std::string("create"));
    QCOMPARE(d["trace"][1]["target"].get<int>(), 1);
    QVERIFY(!d.contains("traceOmitted"));
}

void tst_Exports::longTraceKeepsItsEnd() {
    // 12,345 actions: the JSON lists the last kMaxActionsInJson and says how many came before.
    ExplorationResult r;
    Defect defect;
    defect.kind = DefectKind::StepBound;
    for (std::size_t k = 0; k < 12345; ++k)
        defect.trace.push_back(Action{ActionKind::MutexLock, static_cast<ThreadId>(k % 7), 1, 0});
    r.defects.push_back(defect);
    const auto j = nlohmann::json::parse(toJson(r, {"long", "sync", "optimal"}));
    const auto &d = j["defects"][0];
    QCOMPARE(d["trace"].size(), kMaxActionsInJson);
    QCOMPARE(d["traceOmitted"].get<std::size_t>(), 12345 - kMaxActionsInJson);
    QCOMPARE(d["trace"][0]["thread"].get<ThreadId>(), ThreadId((12345 - kMaxActionsInJson) % 7));
    QCOMPARE(d["trace"].back()["thread"].get<ThreadId>(), ThreadId(12344 % 7));
}

void tst_Exports::dot() {
    auto program = makeFig2();
    ModelMachine machine(*program);
    ScheduledExecutor executor(machine);
    Explorer explorer(executor, {});
    (void)explorer.run();
    const std::string dot = toDot(explorer.unfolding());
    QVERIFY(dot.rfind("digraph unfolding {", 0) == 0);
    QCOMPARE(count(dot, "subgraph cluster_t"), std::size_t(4));
    const std::regex node(R"(e\d+ \[label=)");
    QCOMPARE(std::size_t(std::distance(std::sregex_iterator(dot.begin(), dot.end(), node), std::sregex_iterator())),
             std::size_t(25));
    QCOMPARE(count(dot, "style=dashed"), std::size_t(2));
    // 21 thread-order edges (25 events, 4 thread roots) and the cross-thread ones in blue.
    QCOMPARE(count(dot, " -> ") - count(dot, "color=blue") - count(dot, "style=dashed"), std::size_t(21));
}

QTEST_APPLESS_MAIN(tst_Exports)
#include "tst_Exports.moc"
