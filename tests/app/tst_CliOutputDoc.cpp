// SPDX-License-Identifier: MIT
// Keeps docs/cli-output.md true: its example `--json` output (the first ```json block) must have the
// structure of what `weft explore --json` really writes, recursively (same keys, same JSON types),
// every key of it must be documented in the page, and the schedule, exit codes and DOT it describes
// must hold for real runs.
#include "tests/app/WeftRun.hpp"
#include "engine/execution/Schedule.hpp"

#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

using namespace weft;
using namespace weft::cli;
using nlohmann::json;

namespace {

using Run = weft::testing::WeftRun;
using weft::testing::runWeft;
using weft::testing::readText;

const std::string kPrograms = WEFT_TEST_PROGRAMS;
const std::string kExamples = WEFT_EXAMPLES_DIR;
const std::string kDoc = WEFT_CLI_OUTPUT_DOC;

/// The text of the first fenced block of `language` in a Markdown page ("" if none).
std::string fencedBlock(const std::string &markdown, const std::string &language) {
    const std::string open = "```" + language + "\n";
    const auto start = markdown.find(open);
    if (start == std::string::npos)
        return {};
    const auto body = start + open.size();
    const auto end = markdown.find("\n```", body);
    return end == std::string::npos ? std::string() : markdown.substr(body, end - body + 1);
}

/// The documented example output.
json docExample() {
    const std::string text = fencedBlock(readText(kDoc), "json");
    return text.empty() ? json() : json::parse(text);
}

/// `weft explore FILE --json - --quiet ARGS...`: the JSON written and the exit code.
std::pair<json, int> exploreJson(const std::string &file, std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"explore", file, "--json", "-", "--quiet"};
    args.insert(args.end(), extra.begin(), extra.end());
    const Run r = runWeft(args);
    return {json::parse(r.out.substr(0, r.out.rfind("weft: "))), r.code};
}

/// Keys the page documents as present only in some objects (a defect without a faulting thread or
/// location, an action without an object).
const std::set<std::string> kOptionalKeys{"thread", "location", "object", "target", "value"};

std::string typeName(const json &j) {
    if (j.is_number_float())
        return "float";
    if (j.is_number())
        return "integer";
    return j.type_name();
}

/// Empty when `real` has the structure of `doc`: the same JSON types; for objects, no key the
/// documented object lacks and every documented key but the optional ones; for arrays, every element
/// of `real` shaped like at least one element of `doc` (when `doc` shows any). Else the mismatch.
std::string structureMismatch(const json &doc, const json &real, const std::string &path) {
    if (typeName(doc) != typeName(real))
        return path + ": documented as " + typeName(doc) + ", is " + typeName(real);
    if (doc.is_object()) {
        for (const auto &[key, value] : real.items()) {
            if (!doc.contains(key))
                return path + "." + key + ": not in the documented example";
            if (auto m = structureMismatch(doc[key], value, path + "." + key); !m.empty())
                return m;
        }
        for (const auto &[key, value] : doc.items())
            if (!real.contains(key) && !kOptionalKeys.count(key))
                return path + "." + key + ": documented but missing";
    } else if (doc.is_array() && !doc.empty()) {
        for (std::size_t i = 0; i < real.size(); ++i) {
            std::string first;
            bool matched = false;
            for (const json &shape : doc) {
                const std::string m = structureMismatch(shape, real[i], path + "[" + std::to_string(i) + "]");
                matched = matched || m.empty();
                if (first.empty())
                    first = m;
            }
            if (!matched)
                return first;
        }
    }
    return {};
}

/// Every key used anywhere in `j`.
void collectKeys(const json &j, std::set<std::string> &keys) {
    if (j.is_object())
        for (const auto &[key, value] : j.items()) {
            keys.insert(key);
            collectKeys(value, keys);
        }
    else if (j.is_array())
        for (const json &e : j)
            collectKeys(e, keys);
}

} // namespace

class tst_CliOutputDoc : public QObject {
    Q_OBJECT
private slots:
    void matcherFindsDrift();
    void exampleIsDocumented();
    void exampleMatchesRealOutput();
    void otherRunsMatchTheDocumentedLayout_data();
    void otherRunsMatchTheDocumentedLayout();
    void schedulesAreAsDocumented();
    void dotIsAsDocumented();
};

void tst_CliOutputDoc::matcherFindsDrift() {
    const json doc = json::parse(R"({"a": 1, "b": [{"x": "s"}, {"x": "s", "target": 2}], "c": 0.5})");
    QCOMPARE(structureMismatch(doc, json::parse(R"({"a": 2, "b": [{"x": "t", "target": 1}, {"x": "u"}], "c": 1.5})"), "$"),
             std::string());
    QCOMPARE(structureMismatch(doc, json::parse(R"({"a": 2, "b": [], "c": 1.5, "d": 0})"), "$"),
             std::string("$.d: not in the documented example"));
    QCOMPARE(structureMismatch(doc, json::parse(R"({"a": "2", "b": [], "c": 1.5})"), "$"),
             std::string("$.a: documented as integer, is string"));
    QCOMPARE(structureMismatch(doc, json::parse(R"({"b": [], "c": 1.5})"), "$"), std::string("$.a: documented but missing"));
    QCOMPARE(structureMismatch(doc, json::parse(R"({"a": 1, "b": [{"y": "s"}], "c": 1.5})"), "$"),
             std::string("$.b[0].y: not in the documented example"));
}

void tst_CliOutputDoc::exampleIsDocumented() {
    const json example = docExample();
    QVERIFY2(example.is_object(), "docs/cli-output.md has no ```json example block");
    const std::string page = readText(kDoc);
    std::set<std::string> keys;
    collectKeys(example, keys);
    for (const std::string &key : keys)
        QVERIFY2(page.find("`" + key + "`") != std::string::npos, ("the field `" + key + "` is not described").c_str());
    for (const std::string &key : kOptionalKeys)
        QVERIFY2(page.find("`" + key + "`") != std::string::npos, ("the optional field `" + key + "` is not described").c_str());
    // Every kind of defect and every action the JSON can hold is listed.
    std::vector<std::string> names;
#define WEFT_DEFECT(name, text) names.push_back(text);
#include "engine/base/DefectKinds.def"
#define WEFT_ACTION(name, text, other, objTree) names.push_back(text);
#include "engine/action/Actions.def"
    for (const std::string &name : names)
        QVERIFY2(page.find("`\"" + name + "\"`") != std::string::npos, ("not documented: \"" + name + "\"").c_str());
    for (const char *code : {"| 0 |", "| 1 |", "| 2 |", "| 3 |"})
        QVERIFY2(page.find(code) != std::string::npos, (std::string("exit code row ") + code + " missing").c_str());
}

void tst_CliOutputDoc::exampleMatchesRealOutput() {
    // The example is `weft explore tests/programs/lost_update/lost_update.c --json -`: the same run
    // now must have the same structure and the same (exact, deterministic) counts and verdict.
    const json example = docExample();
    const auto [real, code] = exploreJson(kPrograms + "/lost_update/lost_update.c");
    QCOMPARE(code, int(kDefectFound));
    const std::string mismatch = structureMismatch(example, real, "$");
    QVERIFY2(mismatch.empty(), mismatch.c_str());
    // ...and the other way round: nothing documented in the example is missing from the real run.
    const std::string reverse = structureMismatch(real, example, "$");
    QVERIFY2(reverse.empty(), ("the example has what the real output lacks: " + reverse).c_str());
    for (const char *key : {"maximalConfigurations", "sleepSetBlocked", "executions", "events", "defects"})
        QCOMPARE(example["statistics"][key].get<long long>(), real["statistics"][key].get<long long>());
    QCOMPARE(example["policy"], real["policy"]);
    QCOMPARE(example["defects"].size(), real["defects"].size());
    for (std::size_t i = 0; i < real["defects"].size(); ++i) {
        for (const char *key : {"kind", "schedule", "occurrences", "execution", "output"})
            QCOMPARE(example["defects"][i][key].dump(), real["defects"][i][key].dump());
        // The message starts with the absolute path of the file, which depends on the checkout.
        auto fromFileName = [](const json &message) {
            const std::string text = message.get<std::string>();
            return text.substr(text.rfind('/') + 1);
        };
        QCOMPARE(fromFileName(example["defects"][i]["message"]), fromFileName(real["defects"][i]["message"]));
        QCOMPARE(example["defects"][i]["steps"].size(), real["defects"][i]["steps"].size());
    }
}

void tst_CliOutputDoc::otherRunsMatchTheDocumentedLayout_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    const QString programs = QString::fromStdString(kPrograms), examples = QString::fromStdString(kExamples);
    QTest::newRow("deadlock") << programs + "/fig2/fig2.c" << QStringList{} << int(kDefectFound);
    QTest::newRow("no defect, k=2") << programs + "/dispatcher/dispatcher.c" << QStringList{"-D", "PARAM1=5", "-D", "PARAM2=2", "-k", "2"}
                                    << int(kNoDefect);
    QTest::newRow("condition variables") << examples + "/producer_consumer_if.c" << QStringList{} << int(kDefectFound);
    QTest::newRow("data races") << examples + "/lost_update.c" << QStringList{} << int(kDefectFound);
    QTest::newRow("lost wake-up") << examples + "/lost_wakeup.c" << QStringList{} << int(kDefectFound);
    QTest::newRow("semaphores and barriers") << programs + "/sync_barrier_serial/sync_barrier_serial.c" << QStringList{}
                                             << int(kNoDefect);
    QTest::newRow("stopped early") << programs + "/dispatcher/dispatcher.c" << QStringList{"--max-executions", "3"}
                                   << int(kNoDefect);
}

void tst_CliOutputDoc::otherRunsMatchTheDocumentedLayout() {
    QFETCH(QString, file);
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    std::vector<std::string> extra;
    for (const QString &a : args)
        extra.push_back(a.toStdString());
    const auto [real, code] = exploreJson(file.toStdString(), extra);
    QCOMPARE(code, exitCode);
    const std::string mismatch = structureMismatch(docExample(), real, "$");
    QVERIFY2(mismatch.empty(), mismatch.c_str());
}

void tst_CliOutputDoc::schedulesAreAsDocumented() {
    // The page's schedule example parses to what it says: 0*4,1,0*2 = 0 0 0 0 1 0 0.
    const auto parsed = Schedule::parse("0*4,1,0*2");
    QVERIFY(parsed);
    QCOMPARE(parsed->replay, (std::vector<ThreadId>{0, 0, 0, 0, 1, 0, 0}));
    QCOMPARE(parsed->toString(), std::string("0*4,1,0*2"));
    QVERIFY(readText(kDoc).find("0*4,1,0*2") != std::string::npos);
    // A defect's schedule has one entry per step of its trace (the replayed visible actions).
    const auto [real, code] = exploreJson(kPrograms + "/lost_update/lost_update.c");
    for (const json &d : real["defects"]) {
        const auto s = Schedule::parse(d["schedule"].get<std::string>());
        QVERIFY(s);
        QCOMPARE(s->replay.size(), d["trace"].size());
        for (std::size_t i = 0; i < s->replay.size(); ++i)
            QCOMPARE(s->replay[i], d["trace"][i]["thread"].get<ThreadId>());
    }
}

void tst_CliOutputDoc::dotIsAsDocumented() {
    QTemporaryDir dir;
    const std::string dot = dir.filePath("u.dot").toStdString();
    const Run r = runWeft({"explore", kPrograms + "/lost_update/lost_update.c", "--dot", dot, "--quiet"});
    QCOMPARE(r.code, int(kDefectFound));
    const std::string text = readText(dot);
    const std::string page = readText(kDoc);
    for (const char *part : {"digraph unfolding {", "subgraph cluster_t0 {", "label=\"T0\";", "[color=blue]",
                             "[dir=none, style=dashed, color=red, constraint=false]", "fillcolor=salmon"}) {
        QVERIFY2(text.find(part) != std::string::npos, part);
        QVERIFY2(page.find(part) != std::string::npos, (std::string("not documented: ") + part).c_str());
    }
}

QTEST_APPLESS_MAIN(tst_CliOutputDoc)
#include "tst_CliOutputDoc.moc"
