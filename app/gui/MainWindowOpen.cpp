// SPDX-License-Identifier: MIT
// MainWindow: opening a file (compile, then show it; a file that does not compile replaces nothing).
#include "app/gui/MainWindow.hpp"

#include "app/gui/RecentFilesMenu.hpp"
#include "engine/frontend/CCompiler.hpp"
#include "views/source/SourceEditor.hpp"

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QStatusBar>

#include <algorithm>

namespace weft::gui {

void MainWindow::setCompileFlags(std::vector<std::string> defines, std::vector<std::string> includeDirs) {
    m_defines = std::move(defines);
    m_includeDirs = std::move(includeDirs);
}

bool MainWindow::openFile(const QString &path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        statusBar()->showMessage(tr("Cannot read %1: %2").arg(path, file.errorString()));
        return false;
    }
    const QString text = QString::fromUtf8(file.readAll());
    const QString name = QFileInfo(path).fileName();
    if (!m_session->load(path, m_defines, m_includeDirs)) {
        showLoadFailure(path, text);
        return false;
    }
    m_editor->setSource(path, text);
    setWindowTitle(tr("%1 — Weft").arg(name));
    resetViews();
    m_editor->setDiagnostics(m_session->diagnostics());
    m_recent->add(path);
    statusBar()->showMessage(tr("Loaded %1. Press F5 to explore.").arg(name));
    updateActions();
    return true;
}

void MainWindow::showLoadFailure(const QString &path, const QString &text) {
    const QString name = QFileInfo(path).fileName();
    const auto &d = m_session->diagnostics();
    const auto firstError = std::find_if(d.begin(), d.end(), [](const Diagnostic &x) { return x.severity == Severity::Error; });
    QString why = firstError == d.end() ? QString() : QString::fromStdString(firstError->text);
    if (firstError != d.end() && firstError->line)
        why = tr("line %1: %2").arg(firstError->line).arg(why);
    if (m_session->hasProgram()) {
        // The program on screen and what was explored of it stay: a file that does not compile replaces nothing.
        statusBar()->showMessage(tr("%1 does not compile (%2); %3 stays loaded.")
                                     .arg(name, why, QFileInfo(m_session->fileName()).fileName()));
        return;
    }
    m_editor->setSource(path, text);
    setWindowTitle(tr("%1 — Weft").arg(name));
    resetViews();
    m_editor->setDiagnostics(d);
    if (frontend::isCompilerFailure(d)) {
        statusBar()->showMessage(tr("%1 could not be compiled: %2").arg(name, why));
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
