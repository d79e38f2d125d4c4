// SPDX-License-Identifier: MIT
#include "app/gui/ScreenshotRecorder.hpp"

#include "app/gui/MainWindow.hpp"
#include "app/gui/ReplayController.hpp"
#include "engine/debugger/Replay.hpp"
#include "views/eventstructure/EventStructureScene.hpp"
#include "views/eventstructure/EventStructureView.hpp"
#include "views/explorationtree/ExplorationTreeScene.hpp"
#include "views/explorationtree/ExplorationTreeView.hpp"
#include "views/source/SourceEditor.hpp"

#include <QApplication>
#include <QEventLoop>
#include <QPixmap>
#include <QTimer>

namespace weft::gui {

/// Runs the event loop for `ms` milliseconds.
static void settle(int ms) {
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

bool ScreenshotRecorder::exploreAndSave(const QString &path) {
    m_window.show();
    settle(50);
    session::ExplorationSession &session = m_window.session();
    if (session.hasProgram()) {
        QEventLoop loop;
        QObject::connect(&session, &session::ExplorationSession::finished, &loop, &QEventLoop::quit);
        m_window.explore();
        if (session.isExploring())
            loop.exec();
        auto *structure = m_window.eventStructureView()->structure();
        auto *tree = m_window.explorationTreeView()->tree();
        while (!structure->isUpToDate() || !tree->isUpToDate())
            QApplication::processEvents(QEventLoop::AllEvents, 50);
        // Show a counterexample: the first execution that ended in a defect.
        if (const session::SnapshotPtr s = session.snapshot()) {
            for (std::size_t n = 0; n < s->tree.size(); ++n)
                if (s->tree[n].isLeaf && s->tree[n].leaf == LeafKind::Defect) {
                    m_window.selectExecution(s->tree[n].execution);
                    break;
                }
        }
        // Step its trace to the last lock and one line further, so the trace, the thread markers,
        // the threads and the variables panes show a stepped interleaving.
        if (debugger::Replay *replay = m_window.replay()->replay()) {
            const auto &steps = replay->trace().steps;
            int last = -1;
            for (std::size_t i = 0; i < steps.size(); ++i)
                if (steps[i].action.kind == ActionKind::MutexLock)
                    last = int(i);
            if (last >= 0) {
                m_window.replay()->runTo(last);
                m_window.replay()->stepLine();
            }
        }
    }
    m_window.eventStructureView()->fitAll();
    m_window.explorationTreeView()->fitAll();
    settle(100);
    return m_window.grab().save(path, "PNG");
}

} // namespace weft::gui
