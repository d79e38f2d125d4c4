// SPDX-License-Identifier: MIT
// MainWindow: the run configuration (how the file in the editor is compiled and explored): the command
// line's, or the one remembered for the file, edited in Explore ▸ Run Configuration and summarised in the
// status bar.
#include "app/gui/MainWindow.hpp"

#include "app/gui/ReplayController.hpp"
#include "app/gui/RunConfigurationDialog.hpp"
#include "app/gui/SettingsMenu.hpp"

#include <QFileInfo>
#include <QFontMetrics>
#include <QStatusBar>
#include <QToolButton>

namespace weft::gui {

void MainWindow::setInterpreterOptions(const interpreter::InterpreterOptions &options) {
    RunConfiguration c = m_commandLine.value_or(m_run);
    c.interpreter = options;
    setCommandLineConfiguration(c);
}

void MainWindow::setCommandLineConfiguration(const RunConfiguration &configuration) {
    m_commandLine = configuration;
    // Options that need no compile apply to the program already loaded too.
    const bool recompile = m_session->hasProgram() && !configuration.compilesLike(m_run);
    if (!recompile) {
        const std::vector<std::string> defines = m_run.defines, includes = m_run.includeDirs;
        const std::string standard = m_run.standard;
        m_run = configuration;
        if (m_session->hasProgram()) { // what the loaded program was compiled with stays true
            m_run.defines = defines;
            m_run.includeDirs = includes;
            m_run.standard = standard;
        }
    }
    useRunConfiguration();
}

RunConfiguration MainWindow::configurationFor(const QString &file) const {
    if (m_commandLine)
        return *m_commandLine;
    if (std::optional<RunConfiguration> saved = RunConfiguration::saved(QFileInfo(file).absoluteFilePath()))
        return *saved;
    RunConfiguration defaults;
    defaults.exploration = m_settings->apply(defaults.exploration);
    return defaults;
}

void MainWindow::useRunConfiguration() {
    m_session->setInterpreterOptions(m_run.interpreter);
    m_replay->setInterpreterOptions(m_run.interpreter);
    ExplorationOptions options = m_session->options();
    options.policy = m_run.exploration.policy;
    options.timeoutSeconds = m_run.exploration.timeoutSeconds;
    options.maxExecutions = m_run.exploration.maxExecutions;
    options.jobs = m_run.exploration.jobs;
    // As `weft explore`: a run over within its first 50 ms costs what one job costs (README.md, --jobs).
    options.splitAfterSeconds = 0.05;
    if (!options.policy.isOptimal())
        options.contextSwitchBound.reset();
    m_session->setOptions(options);
    {
        const QSignalBlocker block(m_settings);
        m_settings->setPolicyNumber(m_run.exploration.policy.number());
    }

    QString text = m_run.summary();
    if (m_commandLine)
        text = tr("%1 (command line)").arg(text);
    const QString command = m_run.commandLine();
    m_runSummary->setToolTip(tr("Run configuration: %1\nAs a command: weft explore FILE %2\nClick to change it "
                                "(Explore ▸ Run Configuration).")
                                 .arg(text, command));
    // Long -D lists are elided: the counters beside it must stay visible at 1280 pixels.
    m_runSummary->setText(m_runSummary->fontMetrics().elidedText(text, Qt::ElideRight, 360));
}

bool MainWindow::applyRunConfiguration(const RunConfiguration &configuration) {
    m_commandLine.reset();
    if (!m_configurationFile.isEmpty()) {
        configuration.save(m_configurationFile);
        // A file that did not compile (perhaps for want of a -D) is tried again with any change.
        if (!m_session->hasProgram() || !configuration.compilesLike(m_run))
            return openFile(m_configurationFile);
    }
    m_run = configuration;
    useRunConfiguration();
    statusBar()->showMessage(tr("Run configuration changed: press F5 to explore with it."));
    return true;
}

RunConfigurationDialog *MainWindow::showRunConfiguration() {
    auto *dialog = new RunConfigurationDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setConfiguration(m_run);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { applyRunConfiguration(dialog->configuration()); });
    dialog->open();
    return dialog;
}

} // namespace weft::gui
