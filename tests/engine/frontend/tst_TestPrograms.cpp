// SPDX-License-Identifier: MIT
// Checks the oracle programs of tests/programs/<name>/ (docs/algorithms.md, "Oracles"): each <name>.c
// compiles in-process with no warning under -Wall for its defaults and every instance of its expected.json,
// and expected.json is well-formed. Running them against the oracles is tst_Interpreter's job.
#include "engine/frontend/CCompiler.hpp"

#include <QDir>
#include <QFile>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

using nlohmann::json;
using weft::frontend::compileC;
using weft::frontend::CompileOptions;
using weft::frontend::formatDiagnostics;

namespace {

const QString kPrograms = QStringLiteral(WEFT_TEST_PROGRAMS_DIR);

/// The program directories, sorted by name.
QStringList programNames() {
    return QDir(kPrograms).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
}

QString pathOf(const QString &name, const QString &file) {
    return kPrograms + '/' + name + '/' + file;
}

std::string readText(const QString &path) {
    std::ifstream in(path.toStdString(), std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// expected.json of `name`, or a discarded value when it is missing or not JSON.
json readExpected(const QString &name) {
    const QString path = pathOf(name, "expected.json");
    if (!QFile::exists(path))
        return json(json::value_t::discarded);
    return json::parse(readText(path), nullptr, /*allow_exceptions=*/false);
}

bool isIdentifier(const std::string &s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_'))
        return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_'))
            return false;
    return true;
}

/// An instance's defines as -D arguments ("NAME=VALUE"). Accepted forms: a list of "NAME=VALUE"
/// strings (what tst_Interpreter reads) or an object NAME -> "VALUE". False, saying why, when malformed.
bool definesOf(const json &defines, QStringList &out, QString &why) {
    out.clear();
    if (defines.is_array()) {
        for (const json &d : defines) {
            if (!d.is_string()) {
                why = "a define is not a string";
                return false;
            }
            const std::string text = d.get<std::string>();
            const auto eq = text.find('=');
            if (!isIdentifier(text.substr(0, eq)) || (eq != std::string::npos && eq + 1 == text.size())) {
                why = QString("define \"%1\" is not NAME or NAME=VALUE").arg(QString::fromStdString(text));
                return false;
            }
            out << QString::fromStdString(text);
        }
        return true;
    }
    if (defines.is_object()) {
        for (const auto &[name, value] : defines.items()) {
            if (!isIdentifier(name) || !value.is_string() || value.get<std::string>().empty()) {
                why = QString("define %1 is not NAME: \"VALUE\"").arg(QString::fromStdString(name));
                return false;
            }
            out << QString::fromStdString(name + "=" + value.get<std::string>());
        }
        return true;
    }
    why = "\"defines\" is neither a list nor an object";
    return false;
}

bool isPositive(const json &j, const char *key) {
    return j.contains(key) && j[key].is_number_unsigned() && j[key].get<std::uint64_t>() > 0;
}

bool isCount(const json &j, const char *key) {
    return j.contains(key) && j[key].is_number_unsigned();
}

/// Why `oracle` (the expected.json of `name`) is malformed; empty when it is well-formed.
QString problemsOf(const QString &name, const json &oracle) {
    if (oracle.is_discarded() || !oracle.is_object())
        return "expected.json is not a JSON object";
    if (!oracle.contains("program") || !oracle["program"].is_string())
        return "\"program\" missing";
    const QString program = QString::fromStdString(oracle["program"].get<std::string>());
    if (program != name && program != name + ".c")
        return QString("\"program\" is \"%1\", not \"%2.c\"").arg(program, name);
    if (oracle.contains("mainReturnEndsProgram") && !oracle["mainReturnEndsProgram"].is_boolean())
        return "\"mainReturnEndsProgram\" is not a boolean";
    const bool topModel = oracle.contains("model") && oracle["model"].is_string();
    if (!oracle.contains("instances") || !oracle["instances"].is_array() || oracle["instances"].empty())
        return "\"instances\" missing or empty";
    std::set<QStringList> seen;
    int index = 0;
    for (const json &instance : oracle["instances"]) {
        const QString at = QString("instance %1: ").arg(index++);
        if (!instance.is_object())
            return at + "not an object";
        if (!topModel && !(instance.contains("model") && instance["model"].is_string()))
            return at + "no \"model\" (here or at the top)";
        QStringList defines;
        QString why;
        if (!instance.contains("defines") || !definesOf(instance["defines"], defines, why))
            return at + (why.isEmpty() ? QString("\"defines\" missing") : why);
        defines.sort();
        // One instance per (model, defines): a program may be checked under both models.
        defines.prepend(QString::fromStdString(instance.value("model", oracle.value("model", "sync"))));
        if (!seen.insert(defines).second)
            return at + "the same model and defines as an earlier instance";
        if (!isPositive(instance, "maximalConfigurations") || !isPositive(instance, "events"))
            return at + "\"maximalConfigurations\" and \"events\" must be positive integers";
        if (instance.contains("assumeBlocked") && !isCount(instance, "assumeBlocked"))
            return at + "\"assumeBlocked\" must be a non-negative integer";
        if (!isCount(instance, "defects"))
            return at + "\"defects\" must be a non-negative integer";
        const std::uint64_t defects = instance["defects"].get<std::uint64_t>();
        if (instance.contains("defectKinds")) {
            const json &kinds = instance["defectKinds"];
            if (!kinds.is_array() || kinds.empty() || defects == 0)
                return at + "\"defectKinds\" must list the kinds of a non-zero \"defects\"";
            for (const json &k : kinds)
                if (!k.is_string() || k.get<std::string>().empty())
                    return at + "a defect kind is not a non-empty string";
        }
        if (instance.contains("failingConfigurations")) {
            if (!isPositive(instance, "failingConfigurations") || defects == 0 ||
                instance["failingConfigurations"].get<std::uint64_t>() >
                    instance["maximalConfigurations"].get<std::uint64_t>())
                return at + "\"failingConfigurations\" must be in 1..maximalConfigurations, with defects";
        }
    }
    return {};
}

} // namespace

class tst_TestPrograms : public QObject {
    Q_OBJECT
private slots:
    void layout_data();
    void layout();
    void expectedIsWellFormed_data();
    void expectedIsWellFormed();
    void compilesWithoutWarnings_data();
    void compilesWithoutWarnings();
};

void tst_TestPrograms::layout_data() {
    QTest::addColumn<QString>("name");
    QVERIFY2(!programNames().isEmpty(), qPrintable("no program directory in " + kPrograms));
    for (const QString &name : programNames())
        QTest::newRow(qPrintable(name)) << name;
}

// STYLE.md "Tests mirror sources": <name>/<name>.c beside what it is checked against.
void tst_TestPrograms::layout() {
    QFETCH(QString, name);
    QVERIFY2(QFile::exists(pathOf(name, name + ".c")), qPrintable(name + "/" + name + ".c missing"));
    QVERIFY2(QFile::exists(pathOf(name, "expected.json")) || QFile::exists(pathOf(name, "expected.out")),
             qPrintable(name + ": neither expected.json nor expected.out"));
}

void tst_TestPrograms::expectedIsWellFormed_data() {
    QTest::addColumn<QString>("name");
    for (const QString &name : programNames())
        if (QFile::exists(pathOf(name, "expected.json")))
            QTest::newRow(qPrintable(name)) << name;
}

void tst_TestPrograms::expectedIsWellFormed() {
    QFETCH(QString, name);
    const QString problem = problemsOf(name, readExpected(name));
    QVERIFY2(problem.isEmpty(), qPrintable(name + "/expected.json: " + problem));
}

void tst_TestPrograms::compilesWithoutWarnings_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("defines");
    QTest::addColumn<bool>("warningsAllowed");
    for (const QString &name : programNames()) {
        const QString file = pathOf(name, name + ".c");
        if (!QFile::exists(pathOf(name, "expected.json"))) {
            // An expected.out program (compute) exercises corner cases of C on purpose, some of which
            // Clang warns about (-Wliteral-range): it need only compile.
            QTest::newRow(qPrintable(name + " (defaults)")) << file << QStringList{} << true;
            continue;
        }
        // The defaults: every macro an oracle program reads must have one.
        QTest::newRow(qPrintable(name + " (defaults)")) << file << QStringList{} << false;
        const json oracle = readExpected(name);
        if (!problemsOf(name, oracle).isEmpty())
            continue; // reported by expectedIsWellFormed
        for (const json &instance : oracle["instances"]) {
            QStringList defines;
            QString why;
            definesOf(instance["defines"], defines, why);
            if (!defines.isEmpty())
                QTest::newRow(qPrintable(name + " " + defines.join(' '))) << file << defines << false;
        }
    }
}

void tst_TestPrograms::compilesWithoutWarnings() {
    QFETCH(QString, file);
    QFETCH(QStringList, defines);
    QFETCH(bool, warningsAllowed);
    CompileOptions options;
    options.file = file.toStdString();
    for (const QString &d : defines)
        options.defines.push_back(d.toStdString());
    options.extraArgs = {"-Wall"};
    auto unit = compileC(options);
    QVERIFY2(unit, unit ? "" : formatDiagnostics(unit.error()).c_str());
    QVERIFY(unit->module != nullptr);
    if (!warningsAllowed)
        QVERIFY2(unit->warnings.empty(), formatDiagnostics(unit->warnings).c_str());
}

QTEST_APPLESS_MAIN(tst_TestPrograms)
#include "tst_TestPrograms.moc"
