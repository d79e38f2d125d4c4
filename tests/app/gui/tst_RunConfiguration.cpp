// SPDX-License-Identifier: MIT
// Explore ▸ Run Configuration in a real main window (offscreen): the dialog edits defines, includes, the
// C standard, the event model, races, nondet values, policy and bounds; OK applies them (compiling again
// when the compile options change), they are remembered per file, summarised in the status bar, and the
// command line's values win over the remembered ones. Explorations are compared with `weft explore` run
// with the same options (jobs included).
#include "app/gui/MainWindow.hpp"
#include "app/gui/RunConfigurationDialog.hpp"
#include "engine/explorer/ParallelExplorer.hpp"
#include "tests/app/WeftRun.hpp"
#include "tests/app/gui/GuiTestWindow.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace weft;
using namespace weft::gui;

namespace {

/// Two threads increment a shared counter without a lock, N times each; it needs -D N to compile, and
/// main fails an assertion when compiled with -D LOSE (the lost update found).
const char *kProgram = R"(#include <assert.h>
#include <pthread.h>
int x;
void *inc(void *arg) {
    for (int i = 0; i < N; i++)
        x = x + 1;
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, inc, 0);
    pthread_create(&b, 0, inc, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
#ifdef LOSE
    assert(x == 2 * N);
#endif
    return 0;
}
)";

/// The exploration's maximal configurations and defects after Explore (F5).
struct Explored {
    std::uint64_t executions = 0, defects = 0, events = 0;
};

Explored exploreWithF5(MainWindow &window) {
    QSignalSpy finished(&window.session(), &session::ExplorationSession::finished);
    window.exploreAction()->trigger(); // F5 (the dialog just closed may still hold the focus)
    if (!window.session().isExploring() || !finished.wait(120000))
        return {};
    const auto &st = window.session().snapshot()->statistics;
    return {st.maximalConfigurations, st.defects, st.events};
}

/// The same from `weft explore FILE args --json`.
Explored exploreWithCli(const QString &file, std::vector<std::string> args) {
    QTemporaryDir dir;
    const std::string json = dir.filePath(QStringLiteral("r.json")).toStdString();
    args.insert(args.begin(), {"explore", file.toStdString()});
    args.insert(args.end(), {"--quiet", "--json", json});
    testing::runWeft(args);
    std::ifstream in(json);
    const nlohmann::json r = nlohmann::json::parse(in, nullptr, false);
    if (r.is_discarded())
        return {};
    return {r["statistics"]["maximalConfigurations"].get<std::uint64_t>(),
            r["statistics"]["defects"].get<std::uint64_t>(), r["statistics"]["events"].get<std::uint64_t>()};
}

} // namespace

class tst_RunConfiguration : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void dialogAppliesAndIsRememberedPerFile();
    void invalidValuesDisableOk();
    void commandLineWinsAndIsShown();
    void stepAndMemoryBoundsApply();
    void jobsApplyAndAreRemembered();

private:
    QString writeProgram(const QString &name) {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write(kProgram);
        return path;
    }
    RunConfigurationDialog *openDialog(MainWindow &window) {
        QTest::mouseClick(window.runConfigurationButton(), Qt::LeftButton);
        return window.findChild<RunConfigurationDialog *>();
    }

    QTemporaryDir m_dir;
};

void tst_RunConfiguration::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid()); // fresh paths: nothing is remembered for them yet
}

void tst_RunConfiguration::dialogAppliesAndIsRememberedPerFile() {
    const QString file = writeProgram(QStringLiteral("count.c"));
    const QString other = writeProgram(QStringLiteral("other.c"));
    {
        MainWindow window;
        QVERIFY(test::showAndActivate(window, QSize(1280, 720)));
        QVERIFY(!window.openFile(file)); // N is not defined
        QVERIFY(!window.session().hasProgram());
        QVERIFY(window.runConfigurationButton()->isVisible());
        QCOMPARE(window.runConfigurationButton()->text(), QStringLiteral("sync · optimal"));

        RunConfigurationDialog *dialog = openDialog(window);
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        dialog->definesEdit()->setText(QStringLiteral("N=1 LOSE"));
        dialog->modelBox()->setCurrentIndex(dialog->modelBox()->findData(QStringLiteral("sc")));
        dialog->racesBox()->setCurrentIndex(dialog->racesBox()->findData(int(interpreter::RaceMode::Fatal)));
        dialog->nondetEdit()->setText(QStringLiteral("random:7"));
        dialog->standardBox()->setCurrentText(QStringLiteral("c11"));
        QVERIFY(dialog->buttons()->button(QDialogButtonBox::Ok)->isEnabled());
        QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);

        // OK compiled the file again with the new defines.
        QVERIFY(window.session().hasProgram());
        const RunConfiguration &c = window.runConfiguration();
        QCOMPARE(c.defines, (std::vector<std::string>{"N=1", "LOSE"}));
        QCOMPARE(c.standard, std::string("c11"));
        QCOMPARE(window.session().interpreterOptions().model, interpreter::MemoryModel::Sc);
        QCOMPARE(window.session().interpreterOptions().races, interpreter::RaceMode::Fatal);
        QCOMPARE(window.session().interpreterOptions().nondet, interpreter::NondetSource::Random);
        QCOMPARE(window.session().interpreterOptions().nondetSeed, std::uint64_t(7));
        QCOMPARE(window.runConfiguration().summary(),
                 QStringLiteral("sc · optimal · c11 · -D N=1 -D LOSE · races: fatal · nondet: random:7"));
        QVERIFY(window.runConfigurationButton()->text().startsWith(QStringLiteral("sc · optimal · c11 · -D N=1")));
        QVERIFY(window.runConfigurationButton()->toolTip().contains(window.runConfiguration().summary()));
        QVERIFY(window.runConfigurationButton()->toolTip().contains(
            QStringLiteral("-D N=1 -D LOSE --std c11 --model sc --races fatal --nondet random:7")));

        // F5 explores what `weft explore` explores with the same options.
        const Explored gui = exploreWithF5(window);
        const Explored cli = exploreWithCli(file, {"-D", "N=1", "-D", "LOSE", "--std", "c11", "--model", "sc",
                                                   "--races", "fatal", "--nondet", "random:7"});
        QVERIFY(cli.executions > 1);
        QCOMPARE(gui.executions, cli.executions);
        QCOMPARE(gui.defects, cli.defects);

        // Policy and bounds without compiling again.
        dialog = openDialog(window);
        QVERIFY(dialog);
        QCOMPARE(dialog->definesEdit()->text(), QStringLiteral("N=1 LOSE"));
        dialog->policyBox()->setCurrentIndex(dialog->policyBox()->findData(-1));
        dialog->maxExecutionsBox()->setValue(2);
        dialog->accept();
        QCOMPARE(window.session().options().policy.number(), -1);
        QCOMPARE(window.session().options().maxExecutions, std::uint64_t(2));
        QCOMPARE(exploreWithF5(window).executions, std::uint64_t(2));
    }
    // A new window remembers the file's configuration, and only that file's.
    MainWindow window;
    QVERIFY(window.openFile(file));
    QCOMPARE(window.runConfiguration().defines, (std::vector<std::string>{"N=1", "LOSE"}));
    QCOMPARE(window.runConfiguration().exploration.policy.number(), -1);
    QCOMPARE(window.runConfiguration().exploration.maxExecutions, std::uint64_t(2));
    QCOMPARE(window.session().interpreterOptions().model, interpreter::MemoryModel::Sc);
    QVERIFY(!window.openFile(other));
    QVERIFY(window.runConfiguration().defines.size() == 2); // the loaded program's stays
    MainWindow fresh;
    QVERIFY(!fresh.openFile(other));
    QVERIFY(fresh.runConfiguration().defines.empty());
    QCOMPARE(fresh.runConfiguration().interpreter.model, interpreter::MemoryModel::Sync);
}

void tst_RunConfiguration::invalidValuesDisableOk() {
    RunConfigurationDialog dialog;
    QPushButton *ok = dialog.buttons()->button(QDialogButtonBox::Ok);
    auto *problem = dialog.findChild<QLabel *>(QStringLiteral("runConfigurationProblem"));
    QVERIFY(problem);
    QVERIFY(ok->isEnabled());
    dialog.nondetEdit()->setText(QStringLiteral("explore:5..1"));
    QVERIFY(!ok->isEnabled());
    QVERIFY(problem->text().contains(QStringLiteral("explore:5..1")));
    dialog.nondetEdit()->setText(QStringLiteral("explore:-3..3"));
    QVERIFY(ok->isEnabled());
    QCOMPARE(dialog.configuration().interpreter.nondetLo, std::int64_t(-3));
    dialog.standardBox()->setCurrentText(QStringLiteral("c42"));
    QVERIFY(!ok->isEnabled());
    QVERIFY(problem->text().contains(QStringLiteral("c42")));
    dialog.standardBox()->setCurrentText(QStringLiteral("gnu99"));
    QVERIFY(ok->isEnabled());
    // Quoted values keep their spaces.
    dialog.definesEdit()->setText(QStringLiteral("MSG=\"a b\" N=2"));
    QCOMPARE(dialog.configuration().defines, (std::vector<std::string>{"MSG=a b", "N=2"}));
    dialog.setConfiguration(dialog.configuration());
    QCOMPARE(dialog.configuration().defines, (std::vector<std::string>{"MSG=a b", "N=2"}));
}

void tst_RunConfiguration::commandLineWinsAndIsShown() {
    const QString file = writeProgram(QStringLiteral("cli.c"));
    RunConfiguration remembered;
    remembered.defines = {"N=1"};
    remembered.save(file);

    MainWindow window;
    QVERIFY(test::showAndActivate(window, QSize(1280, 720)));
    RunConfiguration given;
    given.defines = {"N=1", "LOSE"}; // as `weft gui cli.c -D N=1 -D LOSE --model sc`
    given.interpreter.model = interpreter::MemoryModel::Sc;
    window.setCommandLineConfiguration(given);
    QVERIFY(window.openFile(file));
    QCOMPARE(window.runConfiguration().defines, given.defines);
    QVERIFY(window.runConfigurationButton()->text().endsWith(QStringLiteral("(command line)")));
    const Explored gui = exploreWithF5(window);
    const Explored cli = exploreWithCli(file, {"-D", "N=1", "-D", "LOSE", "--model", "sc"});
    QVERIFY(cli.defects > 0); // the lost update, seen only under sc with LOSE defined
    QCOMPARE(gui.executions, cli.executions);
    QCOMPARE(gui.defects, cli.defects);

    // Accepting the dialog ends the command line's say: the file's configuration is what OK gave.
    RunConfigurationDialog *dialog = openDialog(window);
    QVERIFY(dialog);
    QCOMPARE(dialog->definesEdit()->text(), QStringLiteral("N=1 LOSE"));
    dialog->definesEdit()->setText(QStringLiteral("N=1"));
    dialog->accept();
    QVERIFY(!window.runConfigurationButton()->text().contains(QStringLiteral("command line")));
    QCOMPARE(RunConfiguration::saved(QFileInfo(file).absoluteFilePath())->defines, std::vector<std::string>{"N=1"});
    const Explored without = exploreWithCli(file, {"-D", "N=1", "--model", "sc"});
    QVERIFY(without.defects < cli.defects); // the define matters: no assertion without LOSE
    QCOMPARE(exploreWithF5(window).defects, without.defects);
}

void tst_RunConfiguration::stepAndMemoryBoundsApply() {
    // The bounds within one execution: the steps a thread may run between two visible actions
    // (--max-steps) and its memory (--max-memory). 1000 unsynchronised increments under --model sync
    // are local code: with 50 steps each thread is stopped at its loop, as `weft explore` stops it.
    const QString file = writeProgram(QStringLiteral("bounds.c"));
    {
        MainWindow window;
        QVERIFY(test::showAndActivate(window, QSize(1280, 720)));
        QVERIFY(!window.openFile(file)); // N is not defined
        RunConfigurationDialog *dialog = openDialog(window);
        QVERIFY(dialog);
        QCOMPARE(dialog->maxStepsBox()->value(), 10'000'000);
        QCOMPARE(dialog->maxMemoryBox()->value(), 1024);
        dialog->definesEdit()->setText(QStringLiteral("N=1000"));
        dialog->maxStepsBox()->setValue(50);
        dialog->maxMemoryBox()->setValue(512);
        QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
        QVERIFY(window.session().hasProgram());
        QCOMPARE(window.session().interpreterOptions().stepBound, std::uint64_t(50));
        QCOMPARE(window.session().interpreterOptions().maxMemory, std::uint64_t(512) << 20);
        QCOMPARE(window.runConfiguration().summary(),
                 QStringLiteral("sync · optimal · -D N=1000 · 50 steps between actions · 512 MiB per execution"));
        QVERIFY(window.runConfigurationButton()->toolTip().contains(
            QStringLiteral("-D N=1000 --max-steps 50 --max-memory 512")));
        const Explored gui = exploreWithF5(window);
        const Explored cli = exploreWithCli(file, {"-D", "N=1000", "--max-steps", "50", "--max-memory", "512"});
        QVERIFY(cli.defects > 0);
        QCOMPARE(gui.executions, cli.executions);
        QCOMPARE(gui.defects, cli.defects);
        bool stopped = false;
        for (const DefectRecord &d : *window.session().snapshot()->defects)
            stopped = stopped || d.message.find("ran more than 50 instructions") != std::string::npos;
        QVERIFY(stopped);
    }
    // Remembered for the file.
    const std::optional<RunConfiguration> saved = RunConfiguration::saved(QFileInfo(file).absoluteFilePath());
    QVERIFY(saved);
    QCOMPARE(saved->interpreter.stepBound, std::uint64_t(50));
    QCOMPARE(saved->interpreter.maxMemory, std::uint64_t(512) << 20);
    MainWindow window;
    QVERIFY(window.openFile(file));
    QCOMPARE(window.session().interpreterOptions().stepBound, std::uint64_t(50));
}

void tst_RunConfiguration::jobsApplyAndAreRemembered() {
    // Jobs: `weft explore`'s default (the CPUs, at most 8) for a file never configured; another value applies
    // to the session, shows in the summary and the command line, and is remembered. The counts equal
    // `weft explore --jobs N`'s, events included.
    const QString file = writeProgram(QStringLiteral("jobs.c"));
    const unsigned jobs = defaultJobs() + 1;
    {
        MainWindow window;
        QVERIFY(test::showAndActivate(window, QSize(1280, 720)));
        QVERIFY(!window.openFile(file)); // N is not defined
        RunConfigurationDialog *dialog = openDialog(window);
        QVERIFY(dialog);
        QCOMPARE(dialog->jobsBox()->value(), int(defaultJobs()));
        dialog->definesEdit()->setText(QStringLiteral("N=2 LOSE"));
        dialog->modelBox()->setCurrentIndex(1); // sc: the increments are events
        dialog->jobsBox()->setValue(int(jobs));
        QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
        QVERIFY(window.session().hasProgram());
        QCOMPARE(window.session().options().jobs, jobs);
        QCOMPARE(window.runConfiguration().summary(),
                 QStringLiteral("sc · optimal · -D N=2 -D LOSE · %1 jobs").arg(jobs));
        QVERIFY(window.runConfigurationButton()->toolTip().contains(QStringLiteral("--jobs %1").arg(jobs)));
        const Explored gui = exploreWithF5(window);
        const Explored cli =
            exploreWithCli(file, {"-D", "N=2", "-D", "LOSE", "--model", "sc", "--jobs", std::to_string(jobs)});
        QVERIFY(cli.defects > 0);
        QCOMPARE(gui.executions, cli.executions);
        QCOMPARE(gui.defects, cli.defects);
        QCOMPARE(gui.events, cli.events);
    }
    const std::optional<RunConfiguration> saved = RunConfiguration::saved(QFileInfo(file).absoluteFilePath());
    QVERIFY(saved);
    QCOMPARE(saved->exploration.jobs, jobs);
}

QTEST_MAIN(tst_RunConfiguration)
#include "tst_RunConfiguration.moc"
