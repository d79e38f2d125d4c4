// SPDX-License-Identifier: MIT
#include "app/gui/RunConfigurationDialog.hpp"

#include "app/cli/CommandLine.hpp"
#include "engine/frontend/CCompiler.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace weft::gui {

RunConfigurationDialog::RunConfigurationDialog(QWidget *parent)
    : QDialog(parent), m_defines(new QLineEdit(this)), m_includes(new QLineEdit(this)), m_standard(new QComboBox(this)),
      m_model(new QComboBox(this)), m_races(new QComboBox(this)), m_nondet(new QLineEdit(this)),
      m_policy(new QComboBox(this)), m_timeout(new QDoubleSpinBox(this)), m_maxExecutions(new QSpinBox(this)),
      m_maxSteps(new QSpinBox(this)), m_maxMemory(new QSpinBox(this)), m_jobs(new QSpinBox(this)),
      m_problem(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setObjectName(QStringLiteral("runConfigurationDialog"));
    setWindowTitle(tr("Run Configuration"));
    m_defines->setPlaceholderText(tr("e.g. N=4 DEBUG"));
    m_defines->setToolTip(tr("Macros defined before compiling, as -D NAME[=VALUE]; separate them with spaces"));
    m_includes->setPlaceholderText(tr("e.g. include ../common"));
    m_includes->setToolTip(tr("Directories searched for #include, as -I DIR; separate them with spaces"));
    m_standard->setEditable(true);
    for (const char *s : {"gnu17", "gnu89", "gnu99", "gnu11", "gnu23", "c89", "c99", "c11", "c17", "c23"})
        m_standard->addItem(QString::fromLatin1(s));
    m_standard->setToolTip(tr("The C dialect (--std)"));
    m_model->addItem(tr("sync: synchronisation operations are events"), QStringLiteral("sync"));
    m_model->addItem(tr("sc: also every shared memory access"), QStringLiteral("sc"));
    m_races->addItem(tr("report and go on"), int(interpreter::RaceMode::Report));
    m_races->addItem(tr("fatal: end the execution"), int(interpreter::RaceMode::Fatal));
    m_races->addItem(tr("ignore"), int(interpreter::RaceMode::Ignore));
    m_nondet->setToolTip(tr("__VERIFIER_nondet_* values: zero, random, random:SEED or explore:LO..HI"));
    for (int n : {0, 1, 2, 3, -1})
        m_policy->addItem(RunConfiguration::policyName(AltPolicy::fromNumber(n)), n);
    m_timeout->setRange(0, 1e7);
    m_timeout->setDecimals(1);
    m_timeout->setSuffix(tr(" s"));
    m_timeout->setSpecialValueText(tr("none"));
    m_maxExecutions->setRange(0, 2'000'000'000);
    m_maxExecutions->setSingleStep(1000);
    m_maxExecutions->setSpecialValueText(tr("no bound"));
    m_maxSteps->setRange(1, 2'000'000'000);
    m_maxSteps->setSingleStep(1000);
    m_maxSteps->setToolTip(tr("Instructions a thread may run between two visible actions before Weft reports it as "
                              "looping (--max-steps)"));
    m_maxMemory->setRange(1, 1 << 20);
    m_maxMemory->setSuffix(tr(" MiB"));
    m_maxMemory->setToolTip(tr("Heap and stack one execution may hold (--max-memory)"));
    m_jobs->setRange(1, 1024);
    m_jobs->setToolTip(tr("Worker threads that explore at once (--jobs; default: the CPUs, at most 8). With more than "
                          "one, the views merge the workers' events; the exploration tree shows executions as they "
                          "arrive, and in one job's order once the exploration ends. A stop at a defect or a bound "
                          "on executions explores with one job."));
    m_problem->setObjectName(QStringLiteral("runConfigurationProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Defines (-D):"), m_defines);
    form->addRow(tr("&Include directories (-I):"), m_includes);
    form->addRow(tr("C &standard:"), m_standard);
    form->addRow(tr("Event &model:"), m_model);
    form->addRow(tr("Data &races:"), m_races);
    form->addRow(tr("&Nondet values:"), m_nondet);
    form->addRow(tr("Exploration &policy:"), m_policy);
    form->addRow(tr("&Timeout:"), m_timeout);
    form->addRow(tr("Maximal &executions:"), m_maxExecutions);
    form->addRow(tr("Steps between &actions:"), m_maxSteps);
    form->addRow(tr("Memor&y per execution:"), m_maxMemory);
    form->addRow(tr("&Jobs (worker threads):"), m_jobs);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_nondet, &QLineEdit::textChanged, this, &RunConfigurationDialog::validate);
    connect(m_standard, &QComboBox::currentTextChanged, this, &RunConfigurationDialog::validate);
    setConfiguration({});
}

void RunConfigurationDialog::setConfiguration(const RunConfiguration &c) {
    m_defines->setText(joinArguments(c.defines));
    m_includes->setText(joinArguments(c.includeDirs));
    m_standard->setCurrentText(QString::fromStdString(c.standard));
    m_model->setCurrentIndex(c.interpreter.model == interpreter::MemoryModel::Sc ? 1 : 0);
    m_races->setCurrentIndex(m_races->findData(int(c.interpreter.races)));
    m_nondet->setText(QString::fromStdString(cli::nondetText(c.interpreter)));
    const int policy = m_policy->findData(c.exploration.policy.number());
    if (policy < 0) // a k-partial policy beyond the listed ones (weft gui -k 5)
        m_policy->addItem(RunConfiguration::policyName(c.exploration.policy), c.exploration.policy.number());
    m_policy->setCurrentIndex(m_policy->findData(c.exploration.policy.number()));
    m_timeout->setValue(c.exploration.timeoutSeconds);
    m_maxExecutions->setValue(int(std::min<std::uint64_t>(c.exploration.maxExecutions, 2'000'000'000)));
    m_maxSteps->setValue(int(std::min<std::uint64_t>(c.interpreter.stepBound, 2'000'000'000)));
    m_maxMemory->setValue(int(std::min<std::uint64_t>(c.interpreter.maxMemory >> 20, 1 << 20)));
    m_jobs->setValue(int(std::clamp(c.exploration.jobs, 1u, 1024u)));
    validate();
}

RunConfiguration RunConfigurationDialog::configuration() const {
    RunConfiguration c;
    c.defines = splitArguments(m_defines->text());
    c.includeDirs = splitArguments(m_includes->text());
    c.standard = m_standard->currentText().trimmed().toStdString();
    c.interpreter.model = m_model->currentData().toString() == QLatin1String("sc") ? interpreter::MemoryModel::Sc
                                                                                   : interpreter::MemoryModel::Sync;
    c.interpreter.races = interpreter::RaceMode(m_races->currentData().toInt());
    (void)cli::parseNondet(m_nondet->text().trimmed().toStdString(), c.interpreter);
    c.exploration.policy = AltPolicy::fromNumber(m_policy->currentData().toInt());
    c.exploration.timeoutSeconds = m_timeout->value();
    c.exploration.maxExecutions = std::uint64_t(m_maxExecutions->value());
    c.interpreter.stepBound = std::uint64_t(m_maxSteps->value());
    c.interpreter.maxMemory = std::uint64_t(m_maxMemory->value()) << 20;
    c.exploration.jobs = unsigned(m_jobs->value());
    return c;
}

QString RunConfigurationDialog::problem() const {
    if (!frontend::isKnownStandard(m_standard->currentText().trimmed().toStdString()))
        return tr("Unknown C standard '%1' (expected c89 … c23 or gnu89 … gnu23).").arg(m_standard->currentText());
    interpreter::InterpreterOptions options;
    if (!cli::parseNondet(m_nondet->text().trimmed().toStdString(), options))
        return tr("Nondet values: zero, random, random:SEED or explore:LO..HI (LO ≤ HI within -32768..32767), "
                  "not '%1'.")
            .arg(m_nondet->text());
    return {};
}

void RunConfigurationDialog::validate() {
    const QString why = problem();
    m_problem->setText(why);
    m_problem->setVisible(!why.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(why.isEmpty());
}

} // namespace weft::gui
