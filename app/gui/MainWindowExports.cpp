// SPDX-License-Identifier: MIT
// MainWindow's File ▸ Export actions (kept apart from the window's layout and stepping glue).
#include "app/gui/MainWindow.hpp"

#include "app/gui/Exports.hpp"
#include "app/gui/ReplayController.hpp"
#include "engine/debugger/Replay.hpp"
#include "engine/debugger/ResultsJson.hpp"
#include "views/eventstructure/EventStructureScene.hpp"
#include "views/eventstructure/EventStructureView.hpp"
#include "views/explorationtree/ExplorationTreeScene.hpp"
#include "views/explorationtree/ExplorationTreeView.hpp"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QStatusBar>

namespace weft::gui {

void MainWindow::createExportActions() {
    auto make = [&](const QString &text, const QString &tip, QKeySequence key, auto handler) {
        auto *a = new QAction(text, this);
        a->setToolTip(tip);
        a->setShortcut(key);
        connect(a, &QAction::triggered, this, handler);
        m_exports.append(a);
    };
    const QString images = tr("SVG image (*.svg);;PNG image (*.png)");
    make(tr("Event &Structure…"), tr("Save the event structure as SVG or PNG (Ctrl+Shift+E)"),
         QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), [this, images] {
             const QString path = askExportPath(tr("Export Event Structure"), QStringLiteral("event-structure.svg"), images);
             if (!path.isEmpty())
                 exportDiagram(false, path);
         });
    make(tr("Exploration &Tree…"), tr("Save the exploration tree as SVG or PNG (Ctrl+Shift+T)"),
         QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T), [this, images] {
             const QString path = askExportPath(tr("Export Exploration Tree"), QStringLiteral("exploration-tree.svg"), images);
             if (!path.isEmpty())
                 exportDiagram(true, path);
         });
    make(tr("&Results as JSON…"), tr("Save the statistics and defects as weft explore --json does (Ctrl+Shift+J)"),
         QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_J), [this] {
             const QString path = askExportPath(tr("Export Results"), QStringLiteral("results.json"), tr("JSON (*.json)"));
             if (!path.isEmpty())
                 exportResults(path);
         });
    make(tr("Trace as &Text…"), tr("Save the interleaving loaded in the trace as text (Ctrl+Shift+X)"),
         QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X), [this] {
             const QString path = askExportPath(tr("Export Trace"), QStringLiteral("trace.txt"), tr("Text (*.txt)"));
             if (!path.isEmpty())
                 exportTrace(path);
         });
}

QString MainWindow::askExportPath(const QString &title, const QString &suggested, const QString &filter) {
    const QString dir = QFileInfo(m_session->fileName()).path();
    const QString base = QFileInfo(m_session->fileName()).completeBaseName();
    return QFileDialog::getSaveFileName(this, title, dir + QLatin1Char('/') + base + QLatin1Char('-') + suggested, filter);
}

bool MainWindow::exportDiagram(bool tree, const QString &path) {
    QGraphicsScene *scene = tree ? static_cast<QGraphicsScene *>(m_tree->tree())
                                 : static_cast<QGraphicsScene *>(m_eventStructure->structure());
    const bool ok = exportScene(*scene, path);
    statusBar()->showMessage(ok ? tr("Saved %1.").arg(path) : tr("Cannot write %1 (nothing to draw yet?).").arg(path));
    return ok;
}

bool MainWindow::exportResults(const QString &path) {
    const session::SnapshotPtr s = m_session->snapshot();
    const auto program = m_session->program();
    if (!s || !program) {
        statusBar()->showMessage(tr("Nothing to export yet: explore the program first (F5)."));
        return false;
    }
    const RunDescription run = debugger::describeRun(m_session->fileName().toStdString(), m_session->interpreterOptions(),
                                                     m_session->options().policy.name());
    const bool ok =
        writeTextFile(path, debugger::resultsJson(*s, program->program, run, m_session->interpreterOptions()));
    statusBar()->showMessage(ok ? tr("Saved %1.").arg(path) : tr("Cannot write %1.").arg(path));
    return ok;
}

bool MainWindow::exportTrace(const QString &path) {
    if (!m_replay->hasReplay()) {
        statusBar()->showMessage(tr("No trace loaded: click a leaf of the exploration tree or a defect first."));
        return false;
    }
    const bool ok = writeTextFile(path, traceText(*m_replay->replay()));
    statusBar()->showMessage(ok ? tr("Saved %1.").arg(path) : tr("Cannot write %1.").arg(path));
    return ok;
}

} // namespace weft::gui
