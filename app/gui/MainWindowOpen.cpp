// SPDX-License-Identifier: MIT
// MainWindow: opening a file (compile, then show it; a file that does not compile replaces nothing), the
// banner for errors without a line, saving the edited text and reloading it when the file changes on disk.
#include "app/gui/MainWindow.hpp"

#include "app/gui/RecentFilesMenu.hpp"
#include "engine/frontend/CCompiler.hpp"
#include "views/messages/MessageText.hpp"
#include "views/source/SourceEditor.hpp"

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QLabel>
#include <QMessageBox>
#include <QSaveFile>
#include <QScrollBar>
#include <QStatusBar>

#include <algorithm>

namespace weft::gui {

void MainWindow::setCompileFlags(std::vector<std::string> defines, std::vector<std::string> includeDirs) {
    RunConfiguration c = m_commandLine.value_or(m_run);
    c.defines = std::move(defines);
    c.includeDirs = std::move(includeDirs);
    setCommandLineConfiguration(c);
}

bool MainWindow::openFile(const QString &path) { return settleUnsavedEdits() && loadFile(path); }

bool MainWindow::loadFile(const QString &path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        statusBar()->showMessage(tr("Cannot read %1: %2").arg(path, file.errorString()));
        return false;
    }
    const QString text = QString::fromUtf8(file.readAll());
    const QString name = QFileInfo(path).fileName();
    const RunConfiguration configuration = configurationFor(path);
    if (!m_session->load(path, configuration.defines, configuration.includeDirs, configuration.standard)) {
        if (!m_session->hasProgram()) { // the editor shows this file: its configuration is the one to fix
            m_run = configuration;
            m_configurationFile = QFileInfo(path).absoluteFilePath();
            useRunConfiguration();
        }
        showLoadFailure(path, text);
        return false;
    }
    m_run = configuration;
    m_configurationFile = QFileInfo(path).absoluteFilePath();
    useRunConfiguration();
    m_editor->setSource(path, text);
    setWindowTitle(tr("%1[*] — Weft").arg(name));
    setWindowModified(false);
    resetViews();
    m_editor->setDiagnostics(m_session->diagnostics());
    showErrorBanner(name, {});
    watch(path);
    m_recent->add(path);
    statusBar()->showMessage(tr("Loaded %1. Press F5 to explore.").arg(name));
    updateActions();
    return true;
}

void MainWindow::showLoadFailure(const QString &path, const QString &text) {
    const QString name = QFileInfo(path).fileName();
    const auto &d = m_session->diagnostics();
    const auto firstError = std::find_if(d.begin(), d.end(), [](const Diagnostic &x) { return x.severity == Severity::Error; });
    QString why = firstError == d.end() ? QString() : views::MessageText::format(firstError->text);
    if (firstError != d.end() && firstError->line)
        why = tr("line %1: %2").arg(firstError->line).arg(why);
    if (m_session->hasProgram()) {
        // The program on screen and what was explored of it stay: a file that does not compile replaces nothing.
        statusBar()->showMessage(tr("%1 does not compile (%2); %3 stays loaded.")
                                     .arg(name, why, QFileInfo(m_session->fileName()).fileName()));
        return;
    }
    m_editor->setSource(path, text);
    setWindowTitle(tr("%1[*] — Weft").arg(name));
    setWindowModified(false);
    resetViews();
    m_editor->setDiagnostics(d);
    watch(path); // fixed in another editor, it loads by itself
    const bool anyLine =
        std::any_of(d.begin(), d.end(), [](const Diagnostic &x) { return x.severity == Severity::Error && x.line; });
    showErrorBanner(name, d);
    if (frontend::isCompilerFailure(d)) {
        statusBar()->showMessage(tr("%1 could not be compiled: %2").arg(name, why));
    } else if (!anyLine) {
        statusBar()->showMessage(tr("%1 cannot be explored: %2").arg(name, why));
    } else {
        const auto errors = std::count_if(d.begin(), d.end(), [](const Diagnostic &x) { return x.severity == Severity::Error; });
        statusBar()->showMessage(tr("%1 does not compile (%n error(s)); hover the underlined code.", nullptr, int(errors))
                                     .arg(name));
    }
    updateActions();
}

void MainWindow::showOpenDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open C File"), QFileInfo(m_session->fileName()).path(),
                                                      tr("C files (*.c);;LLVM IR (*.ll *.bc);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

} // namespace weft::gui

namespace weft::gui {

void MainWindow::showErrorBanner(const QString &name, const std::vector<Diagnostic> &diagnostics) {
    // Errors with a line are underlined in the editor; the others (an unsupported file, no main, the
    // compiler's failure) would otherwise only pass through the status bar.
    QStringList lines;
    for (const Diagnostic &d : diagnostics)
        if (d.severity == Severity::Error && d.line == 0)
            lines << views::MessageText::format(d.text).toHtmlEscaped();
    m_banner->setVisible(!lines.isEmpty());
    if (!lines.isEmpty())
        m_banner->setText(
            tr("<b>%1 cannot be explored:</b> %2").arg(name.toHtmlEscaped(), lines.join(QStringLiteral("<br>"))));
}

void MainWindow::watch(const QString &path) {
    if (!m_watcher->files().isEmpty())
        m_watcher->removePaths(m_watcher->files());
    m_watcher->addPath(path);
}

bool MainWindow::save() { return writeEditedText() && reloadFile(); }

bool MainWindow::writeEditedText() {
    const QString path = m_editor->fileName();
    if (path.isEmpty())
        return false;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text) || file.write(m_editor->toPlainText().toUtf8()) < 0 ||
        !file.commit()) {
        statusBar()->showMessage(tr("Cannot save %1: %2").arg(path, file.errorString()));
        return false;
    }
    m_editor->document()->setModified(false);
    return true;
}

bool MainWindow::settleUnsavedEdits() {
    if (!m_editor->document()->isModified() || m_editor->fileName().isEmpty())
        return true;
    // As editors ask: Save is the default, Escape cancels what was going to drop the edits.
    QMessageBox box(
        QMessageBox::Warning, tr("Unsaved Changes"),
        tr("%1 has unsaved changes. Save them before closing it?").arg(QFileInfo(m_editor->fileName()).fileName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setDefaultButton(QMessageBox::Save);
    box.setEscapeButton(QMessageBox::Cancel);
    switch (box.exec()) {
    case QMessageBox::Save: return writeEditedText();
    case QMessageBox::Discard: return true;
    default: return false;
    }
}

bool MainWindow::reloadFile() {
    const QString path = m_editor->fileName();
    if (path.isEmpty())
        return false;
    // Where the user was stays where it was.
    const int cursor = m_editor->textCursor().position();
    const int scroll = m_editor->verticalScrollBar()->value();
    bool loaded = loadFile(path); // Reload drops the edits: nothing to ask
    if (!loaded && m_session->hasProgram()) {
        // The previous version's program and results stay, but the editor shows the file as it is now,
        // with its errors.
        QFile file(path);
        if (file.open(QIODevice::ReadOnly | QIODevice::Text)) {
            const std::vector<Diagnostic> diagnostics = m_session->diagnostics();
            m_editor->setSource(path, QString::fromUtf8(file.readAll()));
            m_editor->setDiagnostics(diagnostics);
            showErrorBanner(QFileInfo(path).fileName(), diagnostics);
            setWindowModified(false);
        }
    }
    QTextCursor c = m_editor->textCursor();
    c.setPosition(std::min(cursor, m_editor->document()->characterCount() - 1));
    m_editor->setTextCursor(c);
    m_editor->verticalScrollBar()->setValue(scroll);
    return loaded;
}

void MainWindow::fileChangedOnDisk(const QString &path) {
    // Editors often save by replacing the file, which ends the watch: watch the new file.
    if (!m_watcher->files().contains(path) && QFileInfo::exists(path))
        m_watcher->addPath(path);
    if (QFileInfo(path).absoluteFilePath() != QFileInfo(m_editor->fileName()).absoluteFilePath())
        return;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return; // removed, or being replaced: the next change says
    if (QString::fromUtf8(file.readAll()) == m_editor->toPlainText())
        return; // our own save, or no change
    const QString name = QFileInfo(path).fileName();
    if (m_editor->document()->isModified()) {
        statusBar()->showMessage(tr("%1 changed on disk; your edits are kept (File ▸ Reload takes the file's "
                                    "version, File ▸ Save replaces it).")
                                     .arg(name));
        return;
    }
    if (reloadFile())
        statusBar()->showMessage(tr("%1 changed on disk and was reloaded: press F5 to explore it.").arg(name));
}

} // namespace weft::gui
