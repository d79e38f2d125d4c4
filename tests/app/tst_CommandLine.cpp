// SPDX-License-Identifier: MIT
// Tests the `weft` command-line parser: every option, the policy spellings, and the usage errors
// (each a diagnostic naming the problem).
#include "app/cli/CommandLine.hpp"
#include "engine/explorer/ParallelExplorer.hpp"

#include <QtTest>

using namespace weft;
using namespace weft::cli;

class tst_CommandLine : public QObject {
    Q_OBJECT
private slots:
    void exploreWithEveryOption();
    void policies();
    void defaultJobs();
    void racesAndNondet();
    void replayAndGui();
    void errors_data();
    void errors();
};

void tst_CommandLine::exploreWithEveryOption() {
    auto cl = parseCommandLine({"explore", "prog.c", "-D", "N=3", "-DM", "-I", "inc", "-Iinc2", "--model", "sync",
                                "-k", "2", "--timeout", "1.5", "--max-executions", "100", "--json", "out.json",
                                "--dot", "out.dot", "--stop-on-first-defect", "--quiet", "--std", "gnu99"});
    QVERIFY(cl);
    QCOMPARE(cl->command, CommandLine::Command::Explore);
    QCOMPARE(cl->file, std::string("prog.c"));
    QCOMPARE(cl->defines, (std::vector<std::string>{"N=3", "M"}));
    QCOMPARE(cl->includeDirs, (std::vector<std::string>{"inc", "inc2"}));
    QCOMPARE(cl->exploration.policy.number(), 2);
    QCOMPARE(cl->exploration.timeoutSeconds, 1.5);
    QCOMPARE(cl->exploration.maxExecutions, 100u);
    QCOMPARE(cl->jsonPath, std::string("out.json"));
    QCOMPARE(cl->dotPath, std::string("out.dot"));
    QVERIFY(cl->exploration.stopOnFirstDefect);
    QVERIFY(cl->quiet);
    QCOMPARE(cl->standard, std::string("gnu99"));
    QCOMPARE(parseCommandLine({"explore", "prog.c"})->standard, std::string("gnu17"));
}

void tst_CommandLine::policies() {
    QCOMPARE(parseCommandLine({"explore", "a.c"})->exploration.policy.number(), 0);
    QCOMPARE(parseCommandLine({"explore", "a.c", "--optimal"})->exploration.policy.number(), 0);
    QCOMPARE(parseCommandLine({"explore", "a.c", "--sdpor"})->exploration.policy.number(), -1);
    QCOMPARE(parseCommandLine({"explore", "a.c", "-k", "-1"})->exploration.policy.number(), -1);
    QCOMPARE(parseCommandLine({"explore", "a.c", "-k", "1"})->exploration.policy.name(), std::string("k=1"));
    auto bounded = parseCommandLine({"explore", "a.c", "--context-switch-bound", "2"});
    QCOMPARE(*bounded->exploration.contextSwitchBound, 2u);
}

void tst_CommandLine::defaultJobs() {
    // README.md, --jobs: the CPUs (at most 8) when the report does not depend on which worker ran what, else one.
    auto jobs = [](std::vector<std::string> args) {
        args.insert(args.begin(), {"explore", "a.c"});
        return parseCommandLine(args)->exploration.jobs;
    };
    QCOMPARE(jobs({}), std::min(availableCpus(), kDefaultJobsCap));
    QCOMPARE(jobs({"--jobs", "1"}), 1u);
    QCOMPARE(jobs({"--jobs", "12"}), 12u);
    QCOMPARE(jobs({"--dot", "out.dot"}), 1u);
    QCOMPARE(jobs({"--stop-on-first-defect"}), 1u);
    QCOMPARE(jobs({"--max-executions", "10"}), 1u);
    QCOMPARE(jobs({"--max-executions", "10", "--jobs", "2"}), 2u);
    QCOMPARE(jobs({"--distributed"}), 1u);
    QCOMPARE(parseCommandLine({"explore", "a.c"})->exploration.splitAfterSeconds, 0.05);
    // The desktop app's default is the same (it runs one job where explore would: LiveExploration::jobsFor).
    QCOMPARE(parseCommandLine({"gui", "a.c"})->exploration.jobs, std::min(availableCpus(), kDefaultJobsCap));
    QCOMPARE(parseCommandLine({"gui", "a.c", "--jobs", "3"})->exploration.jobs, 3u);
    QVERIFY(!parseCommandLine({"gui", "a.c", "--jobs", "0"}));
}

void tst_CommandLine::racesAndNondet() {
    using interpreter::NondetSource;
    using interpreter::RaceMode;
    QCOMPARE(parseCommandLine({"explore", "a.c"})->interpreter.races, RaceMode::Report);
    QCOMPARE(parseCommandLine({"explore", "a.c", "--races=fatal"})->interpreter.races, RaceMode::Fatal);
    QCOMPARE(parseCommandLine({"replay", "a.c", "--schedule", "0", "--races", "ignore"})->interpreter.races,
             RaceMode::Ignore);
    QCOMPARE(parseCommandLine({"explore", "a.c"})->interpreter.nondet, NondetSource::Zero);
    auto random = parseCommandLine({"explore", "a.c", "--nondet", "random:42"});
    QCOMPARE(random->interpreter.nondet, NondetSource::Random);
    QCOMPARE(random->interpreter.nondetSeed, 42u);
    QCOMPARE(random->nondet, std::string("random:42"));
    QCOMPARE(parseCommandLine({"explore", "a.c", "--nondet=random"})->interpreter.nondetSeed, 1u);
    auto explored = parseCommandLine({"replay", "a.c", "--schedule", "0,0=2", "--nondet", "explore:-2..3"});
    QCOMPARE(explored->interpreter.nondet, NondetSource::Explore);
    QCOMPARE(explored->interpreter.nondetLo, std::int64_t{-2});
    QCOMPARE(explored->interpreter.nondetHi, std::int64_t{3});
    QCOMPARE(explored->nondet, std::string("explore:-2..3"));
    QCOMPARE(parseCommandLine({"gui", "a.c", "--nondet", "explore:0..1"})->interpreter.nondet, NondetSource::Explore);
}

void tst_CommandLine::replayAndGui() {
    auto replay = parseCommandLine({"replay", "a.c", "--schedule", "0*4,1"});
    QCOMPARE(replay->command, CommandLine::Command::Replay);
    QCOMPARE(replay->schedule, std::string("0*4,1"));
    auto gui = parseCommandLine({"gui", "--lang", "fr"});
    QCOMPARE(gui->command, CommandLine::Command::Gui);
    QVERIFY(gui->file.empty());
    QCOMPARE(gui->language, std::string("fr"));
    QCOMPARE(parseCommandLine({"gui", "a.c", "--model", "sc"})->interpreter.model, interpreter::MemoryModel::Sc);
    // The desktop app takes every run option of its Run Configuration dialog (issue 19).
    auto run =
        parseCommandLine({"gui", "a.c", "-D", "N=2", "-Iinc", "--std", "c11", "--races", "fatal", "-k", "2",
                          "--timeout", "5", "--max-executions", "9", "--max-steps", "50", "--max-memory", "512"});
    QVERIFY(run);
    QCOMPARE(run->defines, std::vector<std::string>{"N=2"});
    QCOMPARE(run->includeDirs, std::vector<std::string>{"inc"});
    QCOMPARE(run->standard, std::string("c11"));
    QCOMPARE(run->interpreter.races, interpreter::RaceMode::Fatal);
    QCOMPARE(run->exploration.policy.number(), 2);
    QCOMPARE(run->exploration.timeoutSeconds, 5.0);
    QCOMPARE(run->exploration.maxExecutions, 9u);
    QCOMPARE(run->interpreter.stepBound, 50u);
    QCOMPARE(run->interpreter.maxMemory, std::uint64_t{512} << 20);
    QVERIFY(usageText().find("weft gui     [FILE.c] [-D NAME[=VALUE]] [-I DIR] [--std STD]") != std::string::npos);
    interpreter::InterpreterOptions options;
    QCOMPARE(*parseNondet("explore:-2..3", options), std::string("explore:-2..3"));
    QCOMPARE(nondetText(options), std::string("explore:-2..3"));
    QVERIFY(!parseNondet("explore:3..2", options));
    QCOMPARE(*parseNondet("random", options), std::string("random:1"));
    auto dap = parseCommandLine({"dap", "--log", "/tmp/dap.log"});
    QCOMPARE(dap->command, CommandLine::Command::Dap);
    QCOMPARE(dap->logPath, std::string("/tmp/dap.log"));
    QVERIFY(parseCommandLine({"dap"})->logPath.empty());
    QCOMPARE(parseCommandLine({"--help"})->command, CommandLine::Command::Help);
    QCOMPARE(parseCommandLine({"--version"})->command, CommandLine::Command::Version);
    QVERIFY(usageText().find("weft explore FILE.c") != std::string::npos);
}

void tst_CommandLine::errors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("nothing") << QStringList{} << "missing command";
    QTest::newRow("unknown command") << QStringList{"run", "a.c"} << "unknown command 'run'";
    QTest::newRow("no file") << QStringList{"explore"} << "'explore' needs a FILE.c";
    QTest::newRow("dap with a file") << QStringList{"dap", "a.c"}
                                     << "'dap' takes no file (the client's launch request names it), only --log FILE; not 'a.c'";
    QTest::newRow("two files") << QStringList{"explore", "a.c", "b.c"} << "more than one input file ('a.c' and 'b.c')";
    QTest::newRow("bad k") << QStringList{"explore", "a.c", "-k", "x"} << "-k takes an integer >= -1, not 'x'";
    QTest::newRow("k too small") << QStringList{"explore", "a.c", "-k", "-2"} << "-k takes an integer >= -1, not '-2'";
    QTest::newRow("two policies") << QStringList{"explore", "a.c", "-k", "2", "--optimal"}
                                  << "give only one of -k, --optimal, --sdpor";
    QTest::newRow("bad timeout") << QStringList{"explore", "a.c", "--timeout", "-1"}
                                 << "--timeout takes seconds (a non-negative number), not '-1'";
    QTest::newRow("zero executions") << QStringList{"explore", "a.c", "--max-executions", "0"}
                                     << "--max-executions takes a positive integer, not '0'";
    for (const char *jobs : {"0", "-1", "x", "5000"})
        QTest::addRow("jobs %s", jobs) << QStringList{"explore", "a.c", "--jobs", jobs}
                                       << QString("--jobs must be between 1 and 1024, not '%1'").arg(jobs);
    QTest::newRow("dot with jobs") << QStringList{"explore", "a.c", "--jobs", "2", "--dot", "out.dot"}
                                   << "--dot needs --jobs 1 (each parallel worker has its own event structure)";
    QTest::newRow("distributed with jobs")
        << QStringList{"explore", "a.c", "--distributed", "--jobs", "2"}
        << "--distributed runs one worker per MPI rank: use mpirun -np K instead of --jobs";
    QTest::newRow("distributed with dot") << QStringList{"explore", "a.c", "--distributed", "--dot", "out.dot"}
                                          << "--dot needs one process (each MPI rank has its own event structure)";
    QTest::newRow("distributed replay") << QStringList{"replay", "a.c", "--schedule", "0", "--distributed"}
                                        << "option '--distributed' is unknown here or needs a value";
    QTest::newRow("bound without optimal") << QStringList{"explore", "a.c", "-k", "2", "--context-switch-bound", "1"}
                                           << "a context-switch bound needs the optimal policy";
    QTest::newRow("model") << QStringList{"explore", "a.c", "--model", "tso"}
                           << "unknown or unsupported model 'tso' (supported: sync, sc)";
    QTest::newRow("standard") << QStringList{"explore", "a.c", "--std", "c++17"}
                              << "unknown C standard 'c++17' (expected c89 ... c23 or gnu89 ... gnu23)";
    QTest::newRow("unknown option") << QStringList{"explore", "a.c", "--fast", "x"} << "unknown option '--fast' for 'explore'";
    QTest::newRow("missing value") << QStringList{"explore", "a.c", "--json"}
                                   << "option '--json' is unknown here or needs a value";
    QTest::newRow("races") << QStringList{"explore", "a.c", "--races", "warn"}
                           << "--races takes report, fatal or ignore, not 'warn'";
    QTest::newRow("nondet")
        << QStringList{"explore", "a.c", "--nondet=random:x"}
        << "--nondet takes zero, random, random:SEED (an unsigned integer) or explore:LO..HI, not 'random:x'";
    for (const char *range : {"3..1", "0..40000", "0-3", "x..2"})
        QTest::addRow("nondet range %s", range)
            << QStringList{"explore", "a.c", QStringLiteral("--nondet=explore:") + range}
            << QStringLiteral(
                   "--nondet explore takes a range LO..HI of integers within -32768..32767 with LO <= HI, not '") +
                   range + "'";
    QTest::newRow("svcomp inputs not explored")
        << QStringList{"svcomp", "a.c", "--nondet", "zero"}
        << "svcomp explores every input: --nondet takes explore:LO..HI there, not 'zero'";
    QTest::newRow("replay without schedule") << QStringList{"replay", "a.c"} << "'replay' needs --schedule S";
    QTest::newRow("explore option on replay") << QStringList{"replay", "a.c", "--schedule", "0", "--dot", "x"}
                                              << "unknown option '--dot' for 'replay'";
}

void tst_CommandLine::errors() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    std::vector<std::string> argv;
    for (const QString &a : args)
        argv.push_back(a.toStdString());
    auto cl = parseCommandLine(argv);
    QVERIFY(!cl);
    QCOMPARE(cl.error().size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(cl.error()[0].text), message + " (see weft --help)");
    QCOMPARE(cl.error()[0].file, std::string("weft"));
}

QTEST_APPLESS_MAIN(tst_CommandLine)
#include "tst_CommandLine.moc"
