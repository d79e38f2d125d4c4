// SPDX-License-Identifier: MIT
#include "app/gui/RunConfiguration.hpp"

#include "app/cli/CommandLine.hpp"
#include "engine/explorer/ParallelExplorer.hpp"

#include <QCoreApplication>

#include <QProcess>
#include <QSettings>
#include <QStringList>
#include <algorithm>

namespace weft::gui {

namespace {

/// QSettings group of `file`'s configuration (a path may hold characters a key cannot).
QString groupOf(const QString &file) {
    return QStringLiteral("runConfigurations/") +
           QString::fromLatin1(file.toUtf8().toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

QStringList toList(const std::vector<std::string> &v) {
    QStringList out;
    for (const std::string &s : v)
        out << QString::fromStdString(s);
    return out;
}

std::vector<std::string> fromList(const QStringList &l) {
    std::vector<std::string> out;
    for (const QString &s : l)
        out.push_back(s.toStdString());
    return out;
}

const char *raceText(interpreter::RaceMode mode) {
    switch (mode) {
    case interpreter::RaceMode::Report: return "report";
    case interpreter::RaceMode::Fatal: return "fatal";
    case interpreter::RaceMode::Ignore: return "ignore";
    }
    return "report";
}

} // namespace

QString RunConfiguration::policyName(const AltPolicy &policy) {
    const int n = policy.number();
    if (n == 0)
        return tr("optimal");
    if (n < 0)
        return tr("source-DPOR");
    return tr("%1-partial").arg(n);
}

std::optional<RunConfiguration> RunConfiguration::saved(const QString &file) {
    QSettings settings;
    settings.beginGroup(groupOf(file));
    if (!settings.contains(QStringLiteral("model")))
        return std::nullopt;
    RunConfiguration c;
    c.defines = fromList(settings.value(QStringLiteral("defines")).toStringList());
    c.includeDirs = fromList(settings.value(QStringLiteral("includeDirs")).toStringList());
    c.standard = settings.value(QStringLiteral("standard"), QStringLiteral("gnu17")).toString().toStdString();
    c.interpreter.model = settings.value(QStringLiteral("model")).toString() == QLatin1String("sc")
                              ? interpreter::MemoryModel::Sc
                              : interpreter::MemoryModel::Sync;
    const QString races = settings.value(QStringLiteral("races")).toString();
    c.interpreter.races = races == QLatin1String("fatal")    ? interpreter::RaceMode::Fatal
                          : races == QLatin1String("ignore") ? interpreter::RaceMode::Ignore
                                                             : interpreter::RaceMode::Report;
    if (!cli::parseNondet(settings.value(QStringLiteral("nondet")).toString().toStdString(), c.interpreter))
        cli::parseNondet("zero", c.interpreter);
    c.exploration.policy = AltPolicy::fromNumber(settings.value(QStringLiteral("policy"), 0).toInt());
    c.exploration.timeoutSeconds = settings.value(QStringLiteral("timeoutSeconds"), 0.0).toDouble();
    c.exploration.maxExecutions = settings.value(QStringLiteral("maxExecutions"), 0).toULongLong();
    c.exploration.jobs = std::clamp(settings.value(QStringLiteral("jobs"), defaultJobs()).toUInt(), 1u,
                                    1024u); // ExplorationOptions::validate
    const interpreter::InterpreterOptions defaults;
    c.interpreter.stepBound = std::max<qulonglong>(
        1, settings.value(QStringLiteral("maxSteps"), qulonglong(defaults.stepBound)).toULongLong());
    c.interpreter.maxMemory =
        std::max<qulonglong>(
            1, settings.value(QStringLiteral("maxMemoryMiB"), qulonglong(defaults.maxMemory >> 20)).toULongLong())
        << 20;
    return c;
}

void RunConfiguration::save(const QString &file) const {
    QSettings settings;
    settings.beginGroup(groupOf(file));
    settings.setValue(QStringLiteral("defines"), toList(defines));
    settings.setValue(QStringLiteral("includeDirs"), toList(includeDirs));
    settings.setValue(QStringLiteral("standard"), QString::fromStdString(standard));
    settings.setValue(QStringLiteral("model"), interpreter.model == interpreter::MemoryModel::Sc
                                                   ? QStringLiteral("sc")
                                                   : QStringLiteral("sync"));
    settings.setValue(QStringLiteral("races"), QLatin1String(raceText(interpreter.races)));
    settings.setValue(QStringLiteral("nondet"), QString::fromStdString(cli::nondetText(interpreter)));
    settings.setValue(QStringLiteral("policy"), exploration.policy.number());
    settings.setValue(QStringLiteral("timeoutSeconds"), exploration.timeoutSeconds);
    settings.setValue(QStringLiteral("maxExecutions"), qulonglong(exploration.maxExecutions));
    settings.setValue(QStringLiteral("jobs"), exploration.jobs);
    settings.setValue(QStringLiteral("maxSteps"), qulonglong(interpreter.stepBound));
    settings.setValue(QStringLiteral("maxMemoryMiB"), qulonglong(interpreter.maxMemory >> 20));
}

QString RunConfiguration::summary() const {
    QStringList parts;
    parts << (interpreter.model == interpreter::MemoryModel::Sc ? QStringLiteral("sc") : QStringLiteral("sync"));
    parts << policyName(exploration.policy);
    if (standard != "gnu17")
        parts << QString::fromStdString(standard);
    QStringList flags;
    for (const std::string &d : defines)
        flags << QStringLiteral("-D ") + QString::fromStdString(d);
    for (const std::string &i : includeDirs)
        flags << QStringLiteral("-I ") + QString::fromStdString(i);
    if (!flags.isEmpty())
        parts << flags.join(QLatin1Char(' '));
    if (interpreter.races != interpreter::RaceMode::Report)
        parts << tr("races: %1").arg(interpreter.races == interpreter::RaceMode::Fatal ? tr("fatal") : tr("ignored"));
    if (interpreter.nondet != interpreter::NondetSource::Zero)
        parts << tr("nondet: %1").arg(QString::fromStdString(cli::nondetText(interpreter)));
    if (exploration.timeoutSeconds > 0)
        parts << tr("timeout %1 s").arg(exploration.timeoutSeconds);
    if (exploration.maxExecutions > 0)
        parts << tr("at most %n execution(s)", nullptr,
                    int(std::min<std::uint64_t>(exploration.maxExecutions, INT32_MAX)));
    if (exploration.jobs != defaultJobs())
        parts << (exploration.jobs == 1 ? tr("one job") : tr("%1 jobs").arg(exploration.jobs));
    const interpreter::InterpreterOptions defaults;
    if (interpreter.stepBound != defaults.stepBound)
        parts << tr("%1 steps between actions").arg(interpreter.stepBound);
    if (interpreter.maxMemory != defaults.maxMemory)
        parts << tr("%1 MiB per execution").arg(interpreter.maxMemory >> 20);
    return parts.join(QStringLiteral(" · "));
}

QString RunConfiguration::commandLine() const {
    QStringList args;
    for (const std::string &d : defines)
        args << QStringLiteral("-D") << joinArguments({d});
    for (const std::string &i : includeDirs)
        args << QStringLiteral("-I") << joinArguments({i});
    if (standard != "gnu17")
        args << QStringLiteral("--std") << QString::fromStdString(standard);
    if (interpreter.model == interpreter::MemoryModel::Sc)
        args << QStringLiteral("--model sc");
    if (exploration.policy.number() != 0)
        args << QStringLiteral("-k %1").arg(exploration.policy.number());
    if (exploration.timeoutSeconds > 0)
        args << QStringLiteral("--timeout %1").arg(exploration.timeoutSeconds);
    if (exploration.maxExecutions > 0)
        args << QStringLiteral("--max-executions %1").arg(exploration.maxExecutions);
    if (exploration.jobs != defaultJobs())
        args << QStringLiteral("--jobs %1").arg(exploration.jobs);
    if (interpreter.races != interpreter::RaceMode::Report)
        args << QStringLiteral("--races %1").arg(QLatin1String(raceText(interpreter.races)));
    if (interpreter.nondet != interpreter::NondetSource::Zero)
        args << QStringLiteral("--nondet %1").arg(QString::fromStdString(cli::nondetText(interpreter)));
    const interpreter::InterpreterOptions defaults;
    if (interpreter.stepBound != defaults.stepBound)
        args << QStringLiteral("--max-steps %1").arg(interpreter.stepBound);
    if (interpreter.maxMemory != defaults.maxMemory)
        args << QStringLiteral("--max-memory %1").arg(interpreter.maxMemory >> 20);
    return args.join(QLatin1Char(' '));
}

bool RunConfiguration::operator==(const RunConfiguration &o) const {
    return compilesLike(o) && interpreter.model == o.interpreter.model && interpreter.races == o.interpreter.races &&
           cli::nondetText(interpreter) == cli::nondetText(o.interpreter) &&
           exploration.policy.number() == o.exploration.policy.number() &&
           exploration.timeoutSeconds == o.exploration.timeoutSeconds &&
           exploration.maxExecutions == o.exploration.maxExecutions && exploration.jobs == o.exploration.jobs &&
           interpreter.stepBound == o.interpreter.stepBound && interpreter.maxMemory == o.interpreter.maxMemory;
}

ExplorationOptions RunConfiguration::defaultExploration() {
    ExplorationOptions options;
    options.jobs = defaultJobs();
    return options;
}

std::vector<std::string> splitArguments(const QString &text) { return fromList(QProcess::splitCommand(text)); }

QString joinArguments(const std::vector<std::string> &arguments) {
    QStringList out;
    for (const std::string &a : arguments) {
        QString s = QString::fromStdString(a);
        if (s.isEmpty() || s.contains(QLatin1Char(' ')) || s.contains(QLatin1Char('"')) ||
            s.contains(QLatin1Char('\''))) {
            s.replace(QLatin1Char('"'), QStringLiteral("\"\"\""));
            s = QLatin1Char('"') + s + QLatin1Char('"');
        }
        out << s;
    }
    return out.join(QLatin1Char(' '));
}

} // namespace weft::gui
