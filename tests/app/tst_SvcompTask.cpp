// SPDX-License-Identifier: MIT
// SV-COMP task definitions (app/cli/SvcompTask.cpp): a well-formed task read field by field, and
// every kind of bad file rejected by `weft svcomp` with exit code 2 and a message with file and line.
#include "app/cli/SvcompTask.hpp"
#include "tests/ScratchFiles.hpp"
#include "tests/app/WeftRun.hpp"

#include <QtTest>

using namespace weft;
using namespace weft::testing;

class tst_SvcompTask : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(m_files.isValid()); }
    void readsTask();
    void propertyNames_data();
    void propertyNames();
    void badTasks_data();
    void badTasks();
    void badCommandLines_data();
    void badCommandLines();

private:
    std::string write(const std::string &name, const std::string &text) { return m_files.write(name, text); }
    ScratchFiles m_files;
};

namespace {

const char *kProgram = "int main(void) { return 0; }\n";

} // namespace

void tst_SvcompTask::readsTask() {
    write("prog.i", kProgram);
    write("unreach-call.prp", "CHECK( init(main()), LTL(G ! call(reach_error())) )\n");
    const std::string task = write("prog.yml", R"(format_version: '2.0'
# a comment
input_files: 'prog.i'
properties:
  - property_file: unreach-call.prp
    expected_verdict: false
  - property_file: ../properties/no-data-race.prp
    expected_verdict: true
  - property_file: termination.prp
options:
  language: C
  data_model: ILP32
)");
    const auto t = cli::readSvcompTask(task);
    QVERIFY2(t, t ? "" : t.error().front().format().c_str());
    QCOMPARE(t->inputFiles.size(), std::size_t(1));
    QVERIFY(t->inputFiles[0].ends_with("/prog.i"));
    QCOMPARE(t->properties.size(), std::size_t(3));
    QCOMPARE(t->properties[0].property, cli::SvcompProperty::UnreachCall); // from the file's formula
    QCOMPARE(t->properties[0].expectedVerdict, std::optional<bool>(false));
    QCOMPARE(t->properties[1].property, cli::SvcompProperty::NoDataRace); // file absent: by its name
    QCOMPARE(t->properties[1].expectedVerdict, std::optional<bool>(true));
    QCOMPARE(t->properties[2].property, cli::SvcompProperty::Termination);
    QCOMPARE(t->properties[2].expectedVerdict, std::nullopt);
    QCOMPARE(t->dataModel, std::string("ILP32"));
    QCOMPARE(t->language, std::string("C"));

    // Run as a task: the first property Weft decides, preferring unreach-call; the task's verdict is shown.
    const WeftRun r = runWeft({"svcomp", task});
    QCOMPARE(r.code, 0);
    QVERIFY2(contains(r.out, "for unreach-call (the task expects false)"), r.out.c_str());
    const WeftRun race = runWeft({"svcomp", task, "--property", "no-data-race"});
    QCOMPARE(race.code, 0);
    QVERIFY2(contains(race.out, "for no-data-race (the task expects true)"), race.out.c_str());
    const WeftRun termination = runWeft({"svcomp", task, "--property", "termination"});
    QCOMPARE(termination.code, 4);
    QVERIFY2(contains(termination.out, "weft: verdict unknown (Weft does not check termination)\n"), termination.out.c_str());
}

void tst_SvcompTask::propertyNames_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("property");
    QTest::addRow("unreach-call") << "CHECK( init(main()), LTL(G ! call(reach_error())) )" << int(cli::SvcompProperty::UnreachCall);
    QTest::addRow("old unreach-call") << "CHECK( init(main()), LTL(G ! call(__VERIFIER_error())) )"
                                      << int(cli::SvcompProperty::UnreachCall);
    QTest::addRow("no-data-race") << "CHECK( init(main()), LTL(G ! data-race) )" << int(cli::SvcompProperty::NoDataRace);
    QTest::addRow("valid-memsafety") << "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )"
                                     << int(cli::SvcompProperty::ValidMemsafety);
    QTest::addRow("memcleanup") << "CHECK( init(main()), LTL(G valid-memcleanup) )" << int(cli::SvcompProperty::ValidMemcleanup);
    QTest::addRow("overflow") << "CHECK( init(main()), LTL(G ! overflow) )" << int(cli::SvcompProperty::NoOverflow);
    QTest::addRow("termination") << "CHECK( init(main()), LTL(F end) )" << int(cli::SvcompProperty::Termination);
}

void tst_SvcompTask::propertyNames() {
    QFETCH(QString, text);
    QFETCH(int, property);
    const auto p = cli::propertyOfSpecification(text.toStdString());
    QVERIFY(p);
    QCOMPARE(int(*p), property);
    QCOMPARE(*cli::parseSvcompProperty(cli::svcompPropertyName(*p)), *p);
}

void tst_SvcompTask::badTasks_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    const QString good = "format_version: '2.0'\ninput_files: 'prog.c'\nproperties:\n  - property_file: unreach-call.prp\n";
    QTest::addRow("malformed YAML") << "format_version: '2.0'\ninput_files: [prog.c\n"
                                    << "bad.yml:3: error: malformed YAML: did not find expected ',' or ']'";
    QTest::addRow("not a mapping") << "- a\n- b\n" << "bad.yml:1: error: not an SV-COMP task definition (expected a mapping)";
    QTest::addRow("no format_version") << "input_files: 'prog.c'\n" << "bad.yml:1: error: missing 'format_version'";
    QTest::addRow("format 3") << "format_version: '3.0'\n" << "bad.yml:1: error: unsupported format_version '3.0'";
    QTest::addRow("no input") << "format_version: '2.0'\nproperties: []\n" << "bad.yml:1: error: missing 'input_files'";
    QTest::addRow("missing input") << "format_version: '2.0'\ninput_files: 'gone.c'\n"
                                   << "bad.yml:2: error: input file '" + m_files.dir() + "/gone.c' does not exist";
    QTest::addRow("input not a value") << "format_version: '2.0'\ninput_files:\n  - {a: b}\n"
                                       << "bad.yml:3: error: each of input_files must be a single value";
    QTest::addRow("no properties") << "format_version: '2.0'\ninput_files: 'prog.c'\n"
                                   << "bad.yml:1: error: missing 'properties' (a list)";
    QTest::addRow("no property file") << "format_version: '2.0'\ninput_files: 'prog.c'\nproperties:\n  - expected_verdict: true\n"
                                      << "bad.yml:4: error: a property without 'property_file'";
    QTest::addRow("unknown property file") << "format_version: '2.0'\ninput_files: 'prog.c'\nproperties:\n  - property_file: x.prp\n"
                                           << "bad.yml:4: error: cannot read property file";
    QTest::addRow("property Weft does not know")
        << "format_version: '2.0'\ninput_files: 'prog.c'\nproperties:\n  - property_file: odd.prp\n"
        << "bad.yml:4: error: property file '" + m_files.dir() + "/odd.prp' states no property Weft knows";
    QTest::addRow("bad verdict") << good + "    expected_verdict: maybe\n"
                                 << "bad.yml:5: error: expected_verdict must be true or false, not 'maybe'";
    QTest::addRow("bad data model") << good + "options:\n  data_model: ILP16\n"
                                    << "bad.yml:6: error: data_model must be ILP32 or LP64, not 'ILP16'";
}

void tst_SvcompTask::badTasks() {
    QFETCH(QString, text);
    QFETCH(QString, message);
    write("prog.c", kProgram);
    write("unreach-call.prp", "CHECK( init(main()), LTL(G ! call(reach_error())) )\n");
    write("odd.prp", "CHECK( init(main()), LTL(G something-else) )\n");
    const std::string task = write("bad.yml", text.toStdString());
    const WeftRun r = runWeft({"svcomp", task});
    QCOMPARE(r.code, 2);
    QVERIFY2(contains(r.err, m_files.dir().toStdString() + "/" + message.toStdString()), r.err.c_str());
    QVERIFY2(!contains(r.out, "verdict"), r.out.c_str()); // no verdict for a task that cannot be read
}

void tst_SvcompTask::badCommandLines_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::addRow("unknown property") << QStringList{"--property", "liveness"}
                                      << "weft: error: unknown property 'liveness' (expected unreach-call, no-data-race, "
                                         "valid-memsafety or a FILE.prp)";
    QTest::addRow("property not in the task") << QStringList{"--property", "valid-memsafety"}
                                              << "error: the task does not list the property valid-memsafety";
    QTest::addRow("missing .prp") << QStringList{"--property", "nowhere/odd-name.prp"}
                                  << "weft: error: cannot read property file 'nowhere/odd-name.prp'";
}

void tst_SvcompTask::badCommandLines() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    write("prog.c", kProgram);
    const std::string task = write("ok.yml", "format_version: '2.0'\ninput_files: 'prog.c'\nproperties:\n"
                                             "  - property_file: ../properties/unreach-call.prp\n");
    std::vector<std::string> all{"svcomp", task};
    for (const QString &a : args)
        all.push_back(a.toStdString());
    const WeftRun r = runWeft(all);
    QCOMPARE(r.code, 2);
    QVERIFY2(contains(r.err, message.toStdString()), r.err.c_str());
}

QTEST_GUILESS_MAIN(tst_SvcompTask)
#include "tst_SvcompTask.moc"
