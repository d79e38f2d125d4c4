// SPDX-License-Identifier: MIT
// `mpirun -np K weft explore FILE.c --distributed` end to end (engine/explorer/README.md, "Distributed, as
// built"): with 2 ranks and with 4 (oversubscribed on a small machine) the maximal configurations, events,
// SSBs and defects equal tests/programs/*/expected.json and a one-process run's; --max-executions is exact
// over the ranks; --stop-on-first-defect stops every rank with the results so far; a rank that fails, ranks
// given different files, and --distributed without mpirun are clear errors. Registered only when MPI and
// mpirun were found.
#include <QProcess>
#include <QtTest>

#include <fstream>
#include <nlohmann/json.hpp>

namespace {

const QString kWeft = WEFT_BINARY;
const QString kMpirun = WEFT_MPIRUN;
const std::string kPrograms = WEFT_TEST_PROGRAMS;

struct Run {
    int code = -1;
    QString out, err;
    nlohmann::json json; ///< --json - (stdout), when it parsed
};

QProcessEnvironment environment(const QStringList &extra = {}) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // CI runs as root; Open MPI refuses that without both variables.
    env.insert("OMPI_ALLOW_RUN_AS_ROOT", "1");
    env.insert("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    for (const QString &kv : extra)
        env.insert(kv.section('=', 0, 0), kv.section('=', 1));
    return env;
}

Run run(const QString &program, const QStringList &args, const QStringList &env = {}) {
    QProcess p;
    p.setProcessEnvironment(environment(env));
    p.start(program, args);
    Run r;
    if (!p.waitForFinished(300'000)) {
        p.kill();
        p.waitForFinished();
        r.err = "timed out";
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    const std::string text = r.out.toStdString();
    if (const auto end = text.rfind('}'); text.starts_with('{') && end != std::string::npos)
        r.json = nlohmann::json::parse(text.substr(0, end + 1), nullptr, false);
    return r;
}

QStringList exploreArgs(const std::string &file, const QStringList &defines) {
    QStringList args{"explore", QString::fromStdString(file), "--quiet", "--json", "-"};
    for (const QString &d : defines)
        args << "-D" + d;
    return args;
}

Run distributed(int ranks, const std::string &file, const QStringList &defines, const QStringList &more = {},
                const QStringList &env = {}) {
    QStringList args{"-np", QString::number(ranks), "--oversubscribe", kWeft};
    args << exploreArgs(file, defines) << "--distributed" << more;
    return run(kMpirun, args, env);
}

/// (kind, message, occurrences) of each defect, sorted: what must not depend on how the work was split.
std::vector<std::string> defectSet(const nlohmann::json &json) {
    std::vector<std::string> out;
    for (const auto &d : json.at("defects"))
        out.push_back(d.at("kind").get<std::string>() + "|" + d.at("message").get<std::string>() + "|" +
                      std::to_string(d.at("occurrences").get<std::uint64_t>()));
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class tst_Distributed : public QObject {
    Q_OBJECT
private slots:
    void oracles_data() {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QStringList>("defines");
        QTest::addColumn<int>("ranks");
        // Small instances (CI has 2 cores): several programs, deadlocks and assertion failures among them.
        const std::vector<std::pair<QString, QStringList>> instances{
            {"mpat", {"K=3"}},
            {"mpat", {"K=4"}},
            {"dispatcher", {"PARAM1=5", "PARAM2=2"}},
            {"multiprodcon", {"PARAM1=2", "PARAM2=5"}},
            {"lost_update", {}},
            {"blocked3", {}},
            {"sync_rwlock", {"WRITE_UNDER_READ"}},
            // --model sc (the programs' expected.json says so): memory accesses are events the ranks exchange.
            {"sc_lost_update", {}},
            {"dpor_lastzero", {"N=6"}},
            {"dpor_wakeup_stress", {"N=4"}},
            {"dpor_read_chain", {}},
        };
        for (const int ranks : {2, 4})
            for (const auto &[program, defines] : instances)
                QTest::addRow("%s %s np=%d", qPrintable(program), qPrintable(defines.join(' ')), ranks)
                    << program << defines << ranks;
    }

    void oracles() {
        QFETCH(QString, program);
        QFETCH(QStringList, defines);
        QFETCH(int, ranks);
        const std::string dir = kPrograms + "/" + program.toStdString();
        std::ifstream in(dir + "/expected.json");
        const nlohmann::json expected = nlohmann::json::parse(in);
        const std::string file = dir + "/" + expected.at("program").get<std::string>();
        nlohmann::json instance;
        for (const auto &i : expected.at("instances")) {
            QStringList d;
            for (const auto &x : i.at("defines"))
                d << QString::fromStdString(x.get<std::string>());
            if (d == defines)
                instance = i;
        }
        QVERIFY2(!instance.is_null(), "no such instance in expected.json");
        const QString model =
            QString::fromStdString(instance.value("model", expected.value("model", std::string("sync"))));

        const Run one = run(kWeft, exploreArgs(file, defines) << "--model" << model << "--jobs" << "1");
        const Run many = distributed(ranks, file, defines, {"--model", model});
        QVERIFY2(many.json.is_object(), qPrintable(many.err));
        const auto &s = many.json.at("statistics");
        QCOMPARE(many.json.at("stopReason").get<std::string>(), one.json.at("stopReason").get<std::string>());
        QCOMPARE(s.at("maximalConfigurations").get<std::uint64_t>(),
                 instance.at("maximalConfigurations").get<std::uint64_t>());
        QCOMPARE(s.at("events").get<std::uint64_t>(), instance.at("events").get<std::uint64_t>());
        QCOMPARE(s.at("defects").get<std::uint64_t>(), instance.at("defects").get<std::uint64_t>());
        QCOMPARE(s.at("sleepSetBlocked").get<std::uint64_t>(), 0ull); // the optimal policy
        QCOMPARE(s.at("executions").get<std::uint64_t>(),
                 one.json.at("statistics").at("executions").get<std::uint64_t>());
        QCOMPARE(defectSet(many.json), defectSet(one.json));
        // Each shown as one job shows it: its DFS-earliest execution, numbered as one job numbers it, in one job's
        // order (README.md, --jobs).
        QCOMPARE(many.json.at("defects").dump(1), one.json.at("defects").dump(1));
        // Like one process: 1 when a defect was found (mpirun passes rank 0's status on), else 0.
        QCOMPARE(many.code, one.code);
    }

    /// Other policies: maximal configurations and events are policy-independent, so exact too (the SSB count
    /// may differ from one process's: a rank may find another valid alternative first).
    void otherPoliciesKeepConfigurationsAndEvents_data() {
        QTest::addColumn<QString>("policy");
        for (const char *k : {"1", "2", "-1"})
            QTest::addRow("k=%s", k) << QString(k);
    }
    void otherPoliciesKeepConfigurationsAndEvents() {
        QFETCH(QString, policy);
        const Run r = distributed(2, kPrograms + "/dispatcher/dispatcher.c", {"PARAM1=5", "PARAM2=2"}, {"-k", policy});
        QVERIFY2(r.json.is_object(), qPrintable(r.err));
        QCOMPARE(r.json.at("statistics").at("maximalConfigurations").get<std::uint64_t>(), 137ull);
        QCOMPARE(r.json.at("statistics").at("events").get<std::uint64_t>(), 1603ull); // expected.json
    }

    void executionBoundIsExactOverTheRanks() {
        const Run r = distributed(2, kPrograms + "/mpat/mpat.c", {"K=4"}, {"--max-executions", "25"});
        QVERIFY2(r.json.is_object(), qPrintable(r.err));
        QCOMPARE(r.json.at("statistics").at("executions").get<std::uint64_t>(), 25ull);
        QCOMPARE(r.json.at("stopReason").get<std::string>(), std::string("execution limit reached"));
    }

    void firstDefectStopsEveryRankAndKeepsWhatWasFound() {
        const Run r = distributed(2, kPrograms + "/blocked3/blocked3.c", {}, {"--stop-on-first-defect"});
        QVERIFY2(r.json.is_object(), qPrintable(r.err));
        QCOMPARE(r.json.at("stopReason").get<std::string>(), std::string("stopped at the first defect"));
        const auto &s = r.json.at("statistics");
        QVERIFY(s.at("defects").get<std::uint64_t>() >= 1);
        QVERIFY(!r.json.at("defects").empty());
        QVERIFY(s.at("maximalConfigurations").get<std::uint64_t>() >= 1);
        QVERIFY(s.at("maximalConfigurations").get<std::uint64_t>() <= 18); // blocked3's total
        QCOMPARE(r.code, 1);
    }

    void aRankThatFailsEndsTheJob() {
        // A test hook makes rank 1 fail as an internal error would: it names itself and aborts the job.
        const Run r = distributed(2, kPrograms + "/mpat/mpat.c", {"K=3"}, {}, {"WEFT_TEST_FAIL_RANK=1"});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains("weft: rank 1: internal error: failure injected by WEFT_TEST_FAIL_RANK"),
                 qPrintable(r.err));
        QVERIFY(!r.json.is_object()); // no partial result is printed as if complete
    }

    void ranksGivenDifferentFilesAreRefused() {
        const Run r =
            run(kMpirun, QStringList{"-np", "1", kWeft} + exploreArgs(kPrograms + "/mpat/mpat.c", {"K=3"}) +
                             QStringList{"--distributed", ":", "-np", "1", kWeft} +
                             exploreArgs(kPrograms + "/lost_update/lost_update.c", {}) + QStringList{"--distributed"});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains("the ranks were given different files or options"), qPrintable(r.err));
    }

    void withoutMpirunIsAnError() {
        const Run r = run(kWeft, exploreArgs(kPrograms + "/mpat/mpat.c", {"K=3"}) << "--distributed");
        QCOMPARE(r.code, 2);
        QVERIFY2(
            r.err.contains("weft: error: --distributed needs mpirun: mpirun -np K weft explore FILE.c --distributed"),
            qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(tst_Distributed)
#include "tst_Distributed.moc"
